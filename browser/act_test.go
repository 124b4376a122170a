package browser_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// openAct opens the page file of testdata/act in a fresh session under a
// page runtime, as the act tool drives it.
func openAct(t *testing.T, file string) (*page.Runtime, *browser.Session) {
	t.Helper()
	s := testbrowser.New(t)
	base := testbrowser.Serve(t, http.FileServer(http.Dir("testdata/act")))
	rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: page.DefaultBudgets(), SettleTimeout: 2 * time.Second})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := rt.Navigate(ctx, base+"/"+file); err != nil {
		t.Fatalf("navigate %s: %v", file, err)
	}
	return rt, s
}

func evalString(t *testing.T, s *browser.Session, expr string) string {
	t.Helper()
	var got string
	if err := s.Evaluate(t.Context(), expr, &got); err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return got
}

// phpMyAdmin's Browse grid (hover_tooltip_covers.html): clicking the
// price header's sort link leaves the pointer resting on it, and its
// tooltip (role=tooltip, appended to body) open over the first rows after
// the grid is drawn anew. Pressing the first row's Edit price then moves
// the pointer onto the button first, as a person's does on its way there:
// it leaves the header, the tooltip goes and the press lands. When the
// grid moved down under the tooltip (the status line above it appeared),
// the tooltip covers its own link and no move can dismiss it: the refusal
// says what covers the button.
func TestActMovesThePointerOffACover(t *testing.T) {
	for _, tc := range []struct {
		name string
		// setup runs in the page before the steps.
		setup string
		// want is what the page says after Edit price; code the error.
		want, code, reason string
	}{
		{
			name:  "the pointer rests on the new header",
			setup: `document.getElementById("order").textContent = "Showing rows 0 - 2"`,
			want:  "editing Gadget",
		},
		{
			name:   "the tooltip covers its own link",
			code:   "TARGET_COVERED",
			reason: `the control is covered by another element: div role=tooltip "- Click to sort results by this column. - Shift+Click to…"`,
			want:   "ORDER BY price DESC",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rt, s := openAct(t, "hover_tooltip_covers.html")
			if tc.setup != "" {
				evalString(t, s, "("+tc.setup+", '')")
			}
			res, err := rt.Act(t.Context(), page.ActRequest{Action: "price"})
			if err != nil {
				t.Fatalf("sort by price: %v", err)
			}
			if got := evalString(t, s, `String(document.querySelectorAll("[role=tooltip]").length)`); got != "1" {
				t.Fatalf("%s tooltips after the sort, want the one the resting pointer keeps open", got)
			}
			first := res.Observation.Records.Shown[0].ID
			_, err = rt.Act(t.Context(), page.ActRequest{Action: "edit_price", Record: first})
			var pe *page.Error
			switch {
			case tc.code == "" && err != nil:
				t.Fatalf("edit price: %v", err)
			case tc.code != "" && !errors.As(err, &pe):
				t.Fatalf("edit price: %v, want %s", err, tc.code)
			case pe != nil && (string(pe.Code) != tc.code || pe.Reason != tc.reason):
				t.Errorf("edit price: %s %q, want %s %q", pe.Code, pe.Reason, tc.code, tc.reason)
			}
			if got := evalString(t, s, `document.getElementById("order").textContent`); got != tc.want {
				t.Errorf("the page says %q, want %q", got, tc.want)
			}
		})
	}
}
