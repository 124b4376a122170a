package page_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// openMCP is open with the runtime options of an MCP session: slices
// that bring only what earlier slices did not.
func openMCP(t *testing.T, path string, b page.Budgets) *page.Runtime {
	t.Helper()
	s := testbrowser.New(t)
	rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: b, SettleTimeout: 2 * time.Second, IncrementalSlices: true})
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	if _, err := rt.Navigate(ctx, testbrowser.FixturesURL(t)+path); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return rt
}

// Issue 19: every continuation slice of a 100-row table is new (no record,
// no action entry, no region twice), brings records as many as fit (not
// one), leaves out the page header, regions, state and actions the first
// view already gave, and the union of the slices is every row.
func TestContinuationPagesA100RowTable(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := openMCP(t, "/customers", b)
	o := rt.Last()
	if o.Records.Total != 100 {
		t.Fatalf("%d records, want 100", o.Records.Total)
	}
	seen := map[string]int{}
	calls := 1
	for {
		for _, r := range o.Records.Shown {
			seen[r.ID]++
			if len(r.Order) < 4 {
				t.Errorf("record %s without its fields: %v", r.ID, r.Fields)
			}
		}
		if o.Slice != nil {
			if len(o.Records.Shown) < b.MaxRecords && len(seen) < 100 {
				t.Errorf("slice %d brought %d records, want %d", calls, len(o.Records.Shown), b.MaxRecords)
			}
			if len(o.Actions)+len(o.Regions)+len(o.State)+len(o.Records.IDs) > 0 {
				t.Errorf("slice %d repeats the first view: %d actions, %d regions, %d state, %d ids", calls, len(o.Actions), len(o.Regions), len(o.State), len(o.Records.IDs))
			}
			text := page.RenderCompact(o, b, false)
			for _, h := range []string{"## Page:", "## Regions", "## Actions", "ids:"} {
				if strings.Contains(text, h) {
					t.Errorf("slice %d repeats %q:\n%s", calls, h, text)
				}
			}
		}
		if o.Continuation == "" {
			break
		}
		if calls > 10 {
			t.Fatalf("still a continuation after %d calls", calls)
		}
		var err error
		if o, err = rt.Observe(t.Context(), page.ObserveRequest{Continuation: o.Continuation}); err != nil {
			t.Fatal(err)
		}
		calls++
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("record %s in %d slices", id, n)
		}
	}
	if len(seen) != 100 || calls != 5 {
		t.Errorf("%d records in %d calls, want 100 in 5", len(seen), calls)
	}
}

// A page of 200 distinct buttons: every slice brings the next action
// entries (never the same ones again: the stall of issue 19 showed
// `actions from 17` over and over), and the union is all 200.
func TestContinuationPagesA200ActionPage(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := openMCP(t, "/toolbox", b)
	o := rt.Last()
	if o.Counts.Entries != 200 {
		t.Fatalf("%d entries, want 200", o.Counts.Entries)
	}
	seen := map[string]int{}
	calls, last := 1, -1
	for {
		for _, a := range o.Actions {
			seen[a.Name]++
		}
		if o.Slice != nil {
			if o.Slice.ActionOffset <= last {
				t.Errorf("slice %d does not advance: actions from %d after %d", calls, o.Slice.ActionOffset, last)
			}
			last = o.Slice.ActionOffset
			if len(o.Actions) == 0 && o.Continuation != "" {
				t.Errorf("slice %d brings no actions", calls)
			}
			if text := page.RenderCompact(o, b, false); strings.Contains(text, "## Page:") {
				t.Errorf("slice %d repeats the page header:\n%s", calls, text)
			}
		}
		if o.Continuation == "" {
			break
		}
		if calls > 20 {
			t.Fatalf("still a continuation after %d calls", calls)
		}
		var err error
		if o, err = rt.Observe(t.Context(), page.ObserveRequest{Continuation: o.Continuation}); err != nil {
			t.Fatal(err)
		}
		calls++
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("action %s in %d slices", name, n)
		}
	}
	if want := (200 + b.MaxActions - 1) / b.MaxActions; len(seen) != 200 || calls != want {
		t.Errorf("%d actions in %d calls, want 200 in %d", len(seen), calls, want)
	}
}

// Records before breadth of actions: under a tool-result budget too small
// for the whole first view, Fit cuts action entries (down to three) before
// any record, and the records keep their key fields.
func TestFitKeepsRecordsBeforeActions(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := openMCP(t, "/admin-posts", b)
	o := rt.Last()
	render := func(o *page.Observation) string { return page.RenderCompact(o, b, true) }
	f := rt.Fit(o, 3000, 200, render)
	if len(f.Records.Shown) != len(o.Records.Shown) || len(o.Records.Shown) < 10 {
		t.Errorf("Fit kept %d of %d records (actions %d of %d):\n%s", len(f.Records.Shown), len(o.Records.Shown), len(f.Actions), len(o.Actions), render(f))
	}
	if len(f.Actions) >= len(o.Actions) && len(render(o))+200 > 3000 {
		t.Errorf("Fit cut no action: %d", len(f.Actions))
	}
	for _, r := range f.Records.Shown {
		if r.Fields["Author"] == "" || r.Fields["Date"] == "" {
			t.Errorf("record %s lost its key fields: %v", r.ID, r.Fields)
		}
	}
	if !strings.Contains(render(f), "observe {find: {text}}") {
		t.Errorf("the records line does not say find exists:\n%s", render(f))
	}
}

// observe {find}: the records whose text holds the words, with their
// fields and ids, beyond the first view's rows; nothing else of the page
// and nothing changed on it (same revision, the latest observation kept).
func TestFindRecords(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := openMCP(t, "/customers", b)
	first := rt.Last()
	f, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "  c-1087 "})
	if err != nil {
		t.Fatal(err)
	}
	if f.Find == nil || f.Find.Found != 1 || len(f.Records.Shown) != 1 || f.Records.Shown[0].ID != "c87" {
		t.Fatalf("find C-1087: %+v %+v", f.Find, f.Records.Shown)
	}
	if f.Revision != first.Revision || rt.Last() != first {
		t.Error("find changed the revision or the latest observation")
	}
	if len(f.Actions)+len(f.Regions)+len(f.State) > 0 {
		t.Errorf("find repeats the page: %d actions, %d regions", len(f.Actions), len(f.Regions))
	}
	text := page.RenderCompact(f, b, false)
	if !strings.Contains(text, "c87") || strings.Contains(text, "## Actions") {
		t.Errorf("find rendering:\n%s", text)
	}
	// Many matches: bounded like an observation, the rest counted.
	f, err = rt.Observe(t.Context(), page.ObserveRequest{Find: "open"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Find.Found != 100 || len(f.Records.Shown) != b.MaxRecords || f.Omitted.Records != 100-b.MaxRecords {
		t.Errorf("find open: %d found, %d shown, %d omitted", f.Find.Found, len(f.Records.Shown), f.Omitted.Records)
	}
	f, err = rt.Observe(t.Context(), page.ObserveRequest{Find: "no such words"})
	if err != nil || f.Find.Found != 0 || len(f.Records.Shown) != 0 {
		t.Fatalf("find nothing: %v %+v", err, f)
	}
	if text := page.RenderCompact(f, b, false); !strings.Contains(text, "no record") {
		t.Errorf("an empty find does not say so:\n%s", text)
	}
	if _, err := rt.Observe(t.Context(), page.ObserveRequest{Find: " \t"}); page.ErrorCode(err) != page.CodeInvalidArgument {
		t.Errorf("find of blanks: %v", err)
	}
	// A row found beyond the first view is acted on by its id.
	f, _ = rt.Observe(t.Context(), page.ObserveRequest{Find: "C-1099"})
	if len(f.Records.Shown) != 1 {
		t.Fatalf("find C-1099: %+v", f.Records.Shown)
	}
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "open", Record: f.Records.Shown[0].ID})
	if err != nil {
		t.Fatalf("act on a found row: %v", err)
	}
	if res.Receipt.Action.ID != fmt.Sprintf("open@%s", f.Records.Shown[0].ID) {
		t.Errorf("receipt: %+v", res.Receipt.Action)
	}
}

// Without IncrementalSlices (the agent's loop, whose system message shows
// a slice as its whole page section) a slice keeps the header, the
// actions and the state, and its records move on.
func TestWholeSlicesForTheAgent(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := open(t, "/customers", b)
	o := rt.Last()
	next, err := rt.Observe(t.Context(), page.ObserveRequest{Continuation: o.Continuation})
	if err != nil {
		t.Fatal(err)
	}
	text := page.Render(next, b)
	if len(next.Actions) == 0 || !strings.Contains(text, "## Current location") || next.Records.Shown[0].ID != "c21" {
		t.Errorf("a whole slice lost its page section: %d actions, first record %s:\n%s", len(next.Actions), next.Records.Shown[0].ID, text)
	}
}

// A find on a table larger than the id index lists only the rows it gives
// fields, and counts every hit, those beyond the index too.
func TestFindBeyondTheIDIndex(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	rt := openMCP(t, "/generated/table?rows=1200", b)
	f, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "customer 95"})
	if err != nil {
		t.Fatal(err)
	}
	// Each word anywhere in the row's text (fixtures.writeTable's cells).
	want := 0
	for i := 1; i <= 1200; i++ {
		text := fmt.Sprintf("%d Customer %d %d.%02d %t Open", i, i%97, i*3%1000, i%100, i%3 == 0)
		if strings.Contains(text, "95") {
			want++
		}
	}
	if f.Find.Found != want || len(f.Records.Shown) != b.MaxRecords || len(f.Snapshot().Records) > 1000+b.MaxRecords {
		t.Errorf("find: %d found (want %d), %d shown, %d listed", f.Find.Found, want, len(f.Records.Shown), len(f.Snapshot().Records))
	}
	f, err = rt.Observe(t.Context(), page.ObserveRequest{Find: "1150"})
	if err != nil || len(f.Records.Shown) != 1 || f.Records.Shown[0].ID != "o1150" {
		t.Fatalf("find a row beyond the id index: %v %+v", err, f.Records.Shown)
	}
}
