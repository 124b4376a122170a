package page_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// The round trips each operation costs, counted with page.Trace on the
// real browser: they pin the mechanism (issue 10 pt 11), not wall time.
// A click act resolves against the latest observation (no snapshot
// before it): the prepare evaluation, bring-to-front, three mouse events
// and the after-observation. A type act adds select-all and two key
// events (down with its text, up) per character typed (issue 18 pt 6);
// its field digests ride in the prepare and after evaluations. A navigate
// is the navigation and one evaluation (settle and collector together).
func TestRoundTrips(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		op          func(ctx context.Context, rt *page.Runtime) (*page.ActResult, error)
		evals, trip int
		changed     string // what the receipt must name
	}{
		{"click act", func(ctx context.Context, rt *page.Runtime) (*page.ActResult, error) {
			return rt.Act(ctx, page.ActRequest{Action: "toggle", Record: "t1"})
		}, 2, 6, "t1"},
		{"type act", func(ctx context.Context, rt *page.Runtime) (*page.ActResult, error) {
			return rt.Act(ctx, page.ActRequest{Action: "add_todo", Args: map[string]any{"text": "Water the plants"}})
		}, 3, 7 + 2*len("Water the plants"), "add_todo"},
		{"navigate", func(ctx context.Context, rt *page.Runtime) (*page.ActResult, error) {
			return rt.Navigate(ctx, testbrowser.FixturesURL(t)+"/todos")
		}, 1, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rt := open(t, "/todos", page.DefaultBudgets())
			tr := &page.Trace{}
			ctx, cancel := context.WithTimeout(page.WithTrace(t.Context(), tr), 60*time.Second)
			defer cancel()
			res, err := tc.op(ctx, rt)
			if err != nil {
				t.Fatal(err)
			}
			if got := tr.Count(page.SpanEval); got != tc.evals {
				t.Errorf("%d in-page evaluations, want %d: %v", got, tc.evals, spanNames(tr))
			}
			if got := tr.Count(""); got != tc.trip {
				t.Errorf("%d CDP round trips, want %d: %v", got, tc.trip, spanNames(tr))
			}
			if tc.changed != "" && !strings.Contains(strings.Join(append(res.Receipt.Changed.Records.Changed, res.Receipt.Changed.Fields...), " "), tc.changed) {
				t.Errorf("receipt %+v does not name %s", res.Receipt.Changed, tc.changed)
			}
		})
	}
}

// An act after the page changed by itself since the latest observation
// resolves against a fresh snapshot, never against the stale one: the
// prepare evaluation refuses (nothing is clicked), a snapshot follows, and
// the action runs on what the page shows now.
func TestActAfterThePageChanged(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change string // run in the page after the observation
		record string
		code   page.Code // "" for success
		done   string    // the record that must be done afterwards
	}{
		// A new task at the top: the rows moved, t2 must still be t2.
		{"rows moved", `(() => { tasks.unshift({id: "t99", title: "A new first task", done: false}); render(); })()`, "t2", "", "t2"},
		// t1 is gone: not found, and no other row toggled.
		{"row removed", `(() => { tasks.splice(0, 1); render(); })()`, "t1", page.CodeActionNotFound, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rt, s := openTab(t, "/todos", page.DefaultBudgets())
			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
			defer cancel()
			if err := s.Evaluate(ctx, tc.change, nil); err != nil {
				t.Fatal(err)
			}
			tr := &page.Trace{}
			res, err := rt.Act(page.WithTrace(ctx, tr), page.ActRequest{Action: "toggle", Record: tc.record})
			if tc.code != "" {
				if page.ErrorCode(err) != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				obs, err := rt.Observe(ctx, page.ObserveRequest{})
				if err != nil {
					t.Fatal(err)
				}
				if text := page.Render(obs, page.DefaultBudgets()); strings.Contains(text, "done true") {
					t.Errorf("a row was toggled though the action was not found:\n%s", text)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			before := 0
			for _, sp := range tr.Spans() {
				if sp.Name == "act: before-snapshot" {
					before++
				}
			}
			if before != 1 {
				t.Errorf("%d fresh snapshots before the act, want 1 (the page changed): %v", before, spanNames(tr))
			}
			text := page.Render(res.Observation, page.DefaultBudgets())
			done := 0
			for _, line := range strings.Split(text, "\n") {
				if !strings.Contains(line, "done true") {
					continue
				}
				done++
				if !strings.Contains(line, " "+tc.done+" (") {
					t.Errorf("another row was toggled: %s", line)
				}
			}
			if done != 1 {
				t.Errorf("%d rows done after the act, want 1 (%s):\n%s", done, tc.done, text)
			}
		})
	}
}

func spanNames(tr *page.Trace) []string {
	var out []string
	for _, s := range tr.Spans() {
		out = append(out, s.Kind+":"+s.Name)
	}
	return out
}
