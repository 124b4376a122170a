package page

import "context"

// Navigate loads url after the policy check and observes the new page.
// Codes: NAVIGATION_BLOCKED, TIMEOUT.
func (r *Runtime) Navigate(ctx context.Context, url string) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.opts.CheckURL != nil {
		if err := r.opts.CheckURL(url); err != nil {
			return nil, &Error{Code: CodeNavigationBlocked, Reason: err.Error()}
		}
	}
	before := r.last
	tr := TraceFrom(ctx)
	end := tr.Start(SpanPhase, "navigate: load")
	err := r.d.Navigate(ctx, url)
	end()
	if err != nil {
		return nil, wrapDriver("navigate", err)
	}
	end = tr.Start(SpanPhase, "navigate: settle and observe")
	after, err := r.observe(ctx, observeHow{settle: true, afterLoad: true})
	end()
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "navigate", Description: "Open " + clean(url, 200)}}
	if before != nil {
		rec.Changed = Diff(before, after)
	} else {
		rec.Changed = Changes{Observed: true, Navigated: true,
			Records: RecordChanges{Added: []string{}, Removed: []string{}, Changed: []string{}},
			Actions: ActionChanges{Appeared: []string{}, Disappeared: []string{}}, State: []string{}, Feedback: []string{}}
	}
	return &ActResult{Receipt: rec, Observation: after}, nil
}
