package page

import (
	"context"
	"math"
)

// Scroll scrolls the page (or a region) by pages viewport heights and
// observes again: a discovery step.
func (r *Runtime) Scroll(ctx context.Context, region, direction string, pages float64) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if direction != "up" && direction != "down" {
		return nil, &Error{Code: CodeInvalidArgument, Reason: `direction must be "up" or "down"`}
	}
	if pages == 0 {
		pages = 1
	}
	if pages < 0 || pages > 20 || math.IsNaN(pages) {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "pages must be between 0 and 20"}
	}
	before, err := r.observe(ctx, observeHow{prose: true})
	if err != nil {
		return nil, err
	}
	step := Step{Op: "scroll", Dy: pages}
	if direction == "up" {
		step.Dy = -pages
	}
	if region != "" {
		rg := findRegion(before, region)
		if rg == nil {
			return nil, regionNotFound(before, region, "to scroll the page")
		}
		step.Key = rg.Key
	}
	if err := r.d.Perform(ctx, step); err != nil {
		return nil, wrapDriver("scroll", err)
	}
	after, err := r.observe(ctx, observeHow{settle: true, fresh: true})
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "scroll", Description: "Scroll " + direction}, Changed: Diff(before, after)}
	rec.Changed.Observed = rec.Changed.Observed || len(rec.Changed.Revealed) > 0 || before.snap.Viewport.ScrollY != after.snap.Viewport.ScrollY
	if !rec.Changed.Observed {
		rec.Warning = "EXPECTATION_FAILED: scrolling revealed nothing new (the end of the page or region may be reached)"
	}
	return &ActResult{Receipt: rec, Observation: after}, nil
}
