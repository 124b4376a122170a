package page_test

import (
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/page"
)

// recordIDByLabel is the id of the shown record whose label is label, or "".
func recordIDByLabel(o *page.Observation, label string) string {
	for _, r := range o.Records.Shown {
		if r.Label == label {
			return r.ID
		}
	}
	return ""
}

// Issue 18 pt 13: a calendar's days are one folded action, choose_day,
// whose day argument is the date (2016-06-29), never seven per-weekday
// slots named by their classes; its month navigation is two actions,
// previous_month and next_month; its weeks are no records. Each date is
// checked in the widget's own state: flatpickr's selectedDates and the
// input value it sets, jQuery UI's getDate, the hand-written grid's pick.
func TestCalendarDaysAndMonthNavigation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file  string
		nav   []string // month steps before choosing
		day   string
		state string // expression: the chosen date as YYYY-MM-DD
	}{
		{file: "flatpickr.html", nav: []string{"previous_month", "previous_month"}, day: "2016-06-29",
			state: `window.fp.selectedDates.map((d) => window.fp.formatDate(d, "Y-m-d")).join(",") + "|" + document.getElementById("when").value`},
		{file: "jqueryui.html", nav: []string{"next_month"}, day: "2016-07-04",
			state: `$.datepicker.formatDate("yy-mm-dd", $("#departure").datepicker("getDate")) + "|" + document.getElementById("departure-date").value`},
		{file: "calendar.html", nav: []string{"previous_month"}, day: "2016-06-29",
			state: `window.picked + "|" + window.picked`},
	}
	base := serveWidgets(t, nil)
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			rt, tab := openURL(t, base+"/"+tc.file)
			o := rt.Last()
			if os.Getenv("PLING_DEBUG_RENDER") != "" {
				t.Log(page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			for _, a := range o.Actions {
				if strings.Contains(a.Name, "ui_state") || strings.Contains(a.Name, "flatpickr_day") || (a.RecordParam && a.Folded >= 4 && a.Folded <= 6) {
					t.Errorf("a day slot is its own action: %s (%s)", a.Name, a.Description)
				}
			}
			for _, r := range o.Records.Shown {
				if strings.Contains(r.Label, " 1 2 3") || strings.Contains(r.Label, "10 11 12") {
					t.Errorf("a calendar week is a record: %+v", r)
				}
			}
			for _, name := range tc.nav {
				if a := find(o, name); a == nil || a.Kind != "click" {
					t.Fatalf("no month navigation action %s:\n%s", name, page.RenderCompact(o, page.DefaultBudgets(), false))
				}
				o = mustAct(t, rt, page.ActRequest{Action: name}).Observation
			}
			choose := find(o, "choose_day")
			if choose == nil {
				t.Fatalf("no choose_day action:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			if p, ok := choose.Params["day"]; !ok || !slices.Contains(p.Enum, tc.day) {
				t.Fatalf("choose_day's day does not list %s: %+v", tc.day, choose.Params)
			}
			mustAct(t, rt, page.ActRequest{Action: "choose_day", Args: map[string]any{"day": tc.day}})
			if got := evalString(t, tab, tc.state); got != tc.day+"|"+tc.day {
				t.Errorf("the widget holds %q, want %s", got, tc.day)
			}
			// a date the calendar does not show is an error that lists what it does
			if _, err := rt.Act(t.Context(), page.ActRequest{Action: "choose_day", Args: map[string]any{"day": "1999-01-01"}}); page.ErrorCode(err) != page.CodeInvalidArgument {
				t.Errorf("choose_day 1999-01-01: %v, want %s", err, page.CodeInvalidArgument)
			}
		})
	}
}

// Issue 18 pt 13: an input whose only text nearby is a sentence of
// instructions elsewhere on the page (flatpickr's demo task: "Select
// 06/29/2016 as the date and hit submit.") takes no name from it.
func TestInstructionSentenceNamesNoInput(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveWidgets(t, nil)+"/flatpickr.html")
	o := rt.Last()
	for _, a := range o.Actions {
		if strings.Contains(a.Name, "select_06") || strings.Contains(a.Name, "hit_su") || strings.Contains(a.Description, "Select 06/29") {
			t.Errorf("an action is named by the instructions: %s (%s)", a.Name, a.Description)
		}
	}
	for _, u := range o.Unavailable {
		if strings.Contains(u.Name, "select_06") {
			t.Errorf("an entry is named by the instructions: %s", u.Name)
		}
	}
	if find(o, "submit") == nil {
		t.Errorf("no submit action:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
}

// Issue 18 pt 12: jQuery UI's spinner arrows (aria-hidden links with a
// triangle icon) are actions named up and down; pressing them steps the
// spinner's own value.
func TestSpinnerArrows(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/jqueryui.html")
	o := rt.Last()
	for _, name := range []string{"up", "down"} {
		if a := find(o, name); a == nil || !strings.Contains(a.Description, "Guests") {
			t.Fatalf("no %s action for the Guests spinner:\n%s", name, page.RenderCompact(o, page.DefaultBudgets(), false))
		}
	}
	value := func() string { return evalString(t, tab, `String($("#guests").spinner("value"))`) }
	mustAct(t, rt, page.ActRequest{Action: "up"})
	mustAct(t, rt, page.ActRequest{Action: "up"})
	if got := value(); got != "4" {
		t.Fatalf("value %s after up twice from 2, want 4", got)
	}
	mustAct(t, rt, page.ActRequest{Action: "down"})
	if got := value(); got != "3" {
		t.Errorf("value %s after down, want 3", got)
	}
}

// Issue 18 pt 13: a tree's nodes are records that expand, collapse and
// select as row actions (expand(record), collapse(record),
// select(record)), in jsTree (from npm) and in a hand-written ARIA tree.
// Each step is checked in the tree's own state: jsTree's is_open and
// get_selected, the ARIA tree's aria-expanded and its page's selection.
func TestTreeNodesExpandCollapseSelect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file                        string
		parent, child, other        string // labels: a closed node, its child, an open node
		isOpen, selected, otherOpen string // expressions
		wantSelected                string
	}{
		{file: "jstree.html", parent: "Documents", child: "Reports 2016", other: "Pictures",
			isOpen:       `String($("#tree").jstree(true).is_open("documents"))`,
			otherOpen:    `String($("#tree").jstree(true).is_open("pictures"))`,
			selected:     `$("#tree").jstree(true).get_selected().join(",")`,
			wantSelected: "reports"},
		// a node's text may hold the words of its actions ("Expand plans")
		{file: "tree.html", parent: "Expand plans", child: "Alpha docs", other: "Beta",
			isOpen:       `document.getElementById("alpha").getAttribute("aria-expanded")`,
			otherOpen:    `document.getElementById("beta").getAttribute("aria-expanded")`,
			selected:     `window.selected`,
			wantSelected: "alpha-docs"},
	}
	base := serveWidgets(t, map[string]http.HandlerFunc{"/picked": func(http.ResponseWriter, *http.Request) {}})
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			rt, tab := openURL(t, base+"/"+tc.file)
			o := rt.Last()
			if os.Getenv("PLING_DEBUG_RENDER") != "" {
				t.Log(page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			if tc.file == "jstree.html" {
				// jsTree renders its nodes after its data loads (an async step
				// no settle sees): wait for them, then observe
				for i := 0; evalString(t, tab, `String(document.querySelectorAll("#tree [role=treeitem]").length)`) != "3"; i++ {
					if i > 100 {
						t.Fatal("jsTree did not render its nodes")
					}
					time.Sleep(50 * time.Millisecond)
				}
				var err error
				if o, err = rt.Observe(t.Context(), page.ObserveRequest{}); err != nil {
					t.Fatal(err)
				}
				if os.Getenv("PLING_DEBUG_RENDER") != "" {
					t.Log(page.RenderCompact(o, page.DefaultBudgets(), false))
				}
				// open one node first, to have an open one to close
				o = mustAct(t, rt, page.ActRequest{Action: "expand", Record: recordIDByLabel(o, tc.other)}).Observation
				if got := evalString(t, tab, tc.otherOpen); got != "true" {
					t.Fatalf("%s not open: %s", tc.other, got)
				}
			}
			for _, name := range []string{"expand", "collapse", "select"} {
				if a := find(o, name); a == nil || !a.RecordParam {
					t.Fatalf("no row action %s:\n%s", name, page.RenderCompact(o, page.DefaultBudgets(), false))
				}
			}
			// every node shown selects, whatever its text
			if a := find(o, "select"); a.Folded != 4 {
				t.Errorf("select folds %d nodes, want the 4 shown:\n%s", a.Folded, page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			parent := recordIDByLabel(o, tc.parent)
			if parent == "" {
				t.Fatalf("no record %q:\n%s", tc.parent, page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			o = mustAct(t, rt, page.ActRequest{Action: "expand", Record: parent}).Observation
			if got := evalString(t, tab, tc.isOpen); got != "true" {
				t.Fatalf("%s open = %s after expand", tc.parent, got)
			}
			child := recordIDByLabel(o, tc.child)
			if child == "" {
				t.Fatalf("the child %q is no record after expand:\n%s", tc.child, page.RenderCompact(o, page.DefaultBudgets(), false))
			}
			mustAct(t, rt, page.ActRequest{Action: "select", Record: child})
			if got := evalString(t, tab, tc.selected); got != tc.wantSelected {
				t.Errorf("selected %q, want %q", got, tc.wantSelected)
			}
			mustAct(t, rt, page.ActRequest{Action: "collapse", Record: recordIDByLabel(rt.Last(), tc.other)})
			if got := evalString(t, tab, tc.otherOpen); got != "false" {
				t.Errorf("%s open = %s after collapse", tc.other, got)
			}
		})
	}
}

// Issue 18 pt 13, the usual way: flatpickr and jQuery UI's datepicker as
// popups. Typing into (focusing) the input opens the calendar, the receipt
// says choose_day and the month arrows appeared, and choosing a day sets
// the widget's date.
func TestCalendarPopupsOpenFromTheirInput(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/datepopups.html")
	if find(rt.Last(), "choose_day") != nil {
		t.Fatalf("a closed popup's days are listed:\n%s", page.RenderCompact(rt.Last(), page.DefaultBudgets(), false))
	}
	for _, tc := range []struct{ input, day, state string }{
		{"arrival", "2016-06-29", `window.fp.selectedDates.map((d) => window.fp.formatDate(d, "Y-m-d")).join(",")`},
		{"return", "2016-06-15", `$.datepicker.formatDate("yy-mm-dd", $("#b").datepicker("getDate"))`},
	} {
		res := mustAct(t, rt, page.ActRequest{Action: tc.input, Args: map[string]any{"text": ""}})
		if a := appeared(res); !slices.Contains(a, "choose_day") || !slices.Contains(a, "previous_month") || !slices.Contains(a, "next_month") {
			t.Fatalf("%s: the calendar did not appear in the receipt: %v\n%s", tc.input, a, page.RenderCompact(res.Observation, page.DefaultBudgets(), false))
		}
		mustAct(t, rt, page.ActRequest{Action: "choose_day", Args: map[string]any{"day": tc.day}})
		if got := evalString(t, tab, tc.state); got != tc.day {
			t.Errorf("%s: the widget holds %q, want %s", tc.input, got, tc.day)
		}
	}
}
