package page

import (
	"fmt"
	"strings"
	"testing"
)

// TestFitCutOrder pins fitCuts' order without a browser: an observation
// with entries in every list Fit cuts, a rendering one byte per entry, and
// a budget one byte smaller per step, so each step makes exactly one cut.
func TestFitCutOrder(t *testing.T) {
	o := &Observation{
		Actions:     make([]Action, 5),
		Unavailable: make([]UnavailableView, 1),
		Regions:     make([]RegionView, 2),
		Hidden:      make([]HiddenContent, 1),
		Feedback:    make([]Feedback, 3),
		State:       map[string]any{"a": 1, "b": 2},
	}
	o.Records.Shown = make([]RecordView, 2)
	o.Records.IDs = []string{"r1", "r2", "r3", "r4", "r5"}
	lens := func(o *Observation) string {
		return fmt.Sprintf("ids=%d hidden=%d unavailable=%d actions=%d state=%d feedback=%d regions=%d records=%d",
			len(o.Records.IDs), len(o.Hidden), len(o.Unavailable), len(o.Actions), len(o.State), len(o.Feedback), len(o.Regions), len(o.Records.Shown))
	}
	render := func(o *Observation) string {
		n := len(o.Records.IDs) + len(o.Hidden) + len(o.Unavailable) + len(o.Actions) + len(o.State) + len(o.Feedback) + len(o.Regions) + len(o.Records.Shown)
		return strings.Repeat("x", n)
	}
	// Each step: the fitCuts entry that makes the cut, and the lists after it.
	want := []struct{ step, lens string }{
		{"record ids beyond three", "ids=4 hidden=1 unavailable=1 actions=5 state=2 feedback=3 regions=2 records=2"},
		{"record ids beyond three", "ids=3 hidden=1 unavailable=1 actions=5 state=2 feedback=3 regions=2 records=2"},
		{"hidden content", "ids=3 hidden=0 unavailable=1 actions=5 state=2 feedback=3 regions=2 records=2"},
		{"unavailable actions", "ids=3 hidden=0 unavailable=0 actions=5 state=2 feedback=3 regions=2 records=2"},
		{"actions beyond three", "ids=3 hidden=0 unavailable=0 actions=4 state=2 feedback=3 regions=2 records=2"},
		{"actions beyond three", "ids=3 hidden=0 unavailable=0 actions=3 state=2 feedback=3 regions=2 records=2"},
		{"state groups", "ids=3 hidden=0 unavailable=0 actions=3 state=1 feedback=3 regions=2 records=2"},
		{"state groups", "ids=3 hidden=0 unavailable=0 actions=3 state=0 feedback=3 regions=2 records=2"},
		{"feedback beyond two", "ids=3 hidden=0 unavailable=0 actions=3 state=0 feedback=2 regions=2 records=2"},
		{"regions beyond one", "ids=3 hidden=0 unavailable=0 actions=3 state=0 feedback=2 regions=1 records=2"},
		{"records beyond one", "ids=3 hidden=0 unavailable=0 actions=3 state=0 feedback=2 regions=1 records=1"},
		{"the last record", "ids=3 hidden=0 unavailable=0 actions=3 state=0 feedback=2 regions=1 records=0"},
		{"actions beyond one", "ids=3 hidden=0 unavailable=0 actions=2 state=0 feedback=2 regions=1 records=0"},
		{"actions beyond one", "ids=3 hidden=0 unavailable=0 actions=1 state=0 feedback=2 regions=1 records=0"},
		{"the last feedback", "ids=3 hidden=0 unavailable=0 actions=1 state=0 feedback=1 regions=1 records=0"},
		{"the last feedback", "ids=3 hidden=0 unavailable=0 actions=1 state=0 feedback=0 regions=1 records=0"},
	}
	r := NewRuntime(nil, RuntimeOptions{})
	full := len(render(o))
	before := lens(o)
	var steps []string
	for i, w := range want {
		if len(steps) == 0 || steps[len(steps)-1] != w.step {
			steps = append(steps, w.step)
		}
		got := r.Fit(o, full-1-i, 0, render)
		if s := lens(got); s != w.lens {
			t.Errorf("cut %d (%s): got %s, want %s", i+1, w.step, s, w.lens)
		}
		if got.capBytes != 0 {
			t.Errorf("cut %d: byte cap %d before the cuts ran out", i+1, got.capBytes)
		}
		omitted := got.Records.IDsOmitted + got.Omitted.Hidden + got.Omitted.Actions + got.Omitted.StateGroups + got.Omitted.Feedback + got.Omitted.Regions + got.Omitted.Records
		if omitted != i+1 {
			t.Errorf("cut %d: %d cuts counted", i+1, omitted)
		}
	}
	var table []string
	for _, c := range fitCuts {
		table = append(table, c.name)
	}
	if strings.Join(table, ", ") != strings.Join(steps, ", ") {
		t.Errorf("fitCuts is\n%s\nthe cuts made were\n%s", strings.Join(table, ", "), strings.Join(steps, ", "))
	}
	if got := r.Fit(o, full-1-len(want), 0, render); got.capBytes == 0 {
		t.Error("no byte cap once every cut was made")
	}
	if lens(o) != before {
		t.Errorf("Fit changed its input: %s, was %s", lens(o), before)
	}
}
