package page_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pling-dev/pling/page"
)

// Issue 18 (WordPress's colour scheme, Discussion settings and "Change
// role to…"; a search row's operator in phpMyAdmin and Adminer):
// ticking a checkbox, choosing a radio or an option changes the
// control's own state only. The receipt names the field as changed
// (compared in the page by a salted digest of its value and checked
// state), with no "no visible change" warning, which invited a second
// click that unticked the box; a click that changes nothing still warns.
func TestReceiptNamesAControlsOwnState(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/control-state.html")
	ctx := t.Context()
	o := rt.Last()
	var operator, record string
	for _, a := range o.Actions {
		if a.RecordParam && a.Kind == "select" {
			operator = a.Name
		}
	}
	if len(o.Records.IDs) > 0 {
		record = o.Records.IDs[len(o.Records.IDs)-1]
	}
	if operator == "" || record == "" {
		t.Fatalf("no row select:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	for _, tc := range []page.ActRequest{
		{Action: "ocean"},
		{Action: "automatically_close_comments_on_posts"},
		{Action: "change_role_to", Args: map[string]any{"value": "Editor"}},
		{Action: operator, Record: record, Args: map[string]any{"value": "<"}},
		{Action: "automatically_close_comments_on_posts"}, // unticked again: a change too
	} {
		res, err := rt.Act(ctx, tc)
		if err != nil {
			t.Errorf("%s: %v", tc.Action, err)
			continue
		}
		if r := res.Receipt; r.Warning != "" || !r.Changed.Observed || len(r.Changed.Fields) != 1 || r.Changed.Fields[0] != tc.Action {
			t.Errorf("%s: warning %q, observed %v, fields %v; want the field named, no warning", tc.Action, r.Warning, r.Changed.Observed, r.Changed.Fields)
		}
	}
	// choosing the radio already chosen changes nothing, and says so
	res, err := rt.Act(ctx, page.ActRequest{Action: "ocean"})
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Receipt; len(r.Changed.Fields) != 0 || !strings.Contains(r.Warning, "no visible change") {
		t.Errorf("the chosen radio again: fields %v, warning %q", r.Changed.Fields, r.Warning)
	}
}

// Issue 18 (Jupyter's menus): a menu that opens shows its entries as
// more links of a folded link list whose name stays: the receipt names
// them as the list's entries (name:link, as act takes them) instead of
// answering "no visible change".
func TestReceiptNamesLinksAMenuShows(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/menu-links.html")
	o := rt.Last()
	var list string
	for _, a := range o.Actions {
		if len(a.Params["link"].Enum) > 0 {
			list = a.Name
		}
	}
	if list == "" {
		t.Fatalf("no folded link list:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	res, err := rt.Act(t.Context(), page.ActRequest{Action: list, Args: map[string]any{"link": "File"}})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Receipt
	if r.Warning != "" || !slices.Contains(r.Changed.Actions.Appeared, list+":Save and Checkpoint") {
		t.Errorf("opening File: appeared %v, warning %q; want %s:Save and Checkpoint among them", r.Changed.Actions.Appeared, r.Warning, list)
	}
}
