package page_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pling-dev/pling/page"
)

// Issue 18 (WordPress's Timezone, a column type's or a collation's list):
// a select longer than the observation lists says how many options it
// has beyond those listed, its schema bounds nothing, and an option it
// does not list is chosen by its text or value, matched in the page (the
// same text but for case, else the one option holding it); a value that
// names none is INVALID_ARGUMENT with the options that come closest. A
// short select takes its listed options, the same text but for case
// too. Before, only the first 25 options could be chosen at all.
func TestLongSelectTakesAnyOption(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/long-select.html")
	ctx := t.Context()
	o := rt.Last()
	tz, week := findAction(o, "timezone"), findAction(o, "week_starts_on")
	if tz == nil || week == nil {
		t.Fatalf("no timezone or week_starts_on select:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	if p := tz.Params["value"]; len(p.Enum) != 25 || p.More != 54 {
		t.Errorf("timezone lists %d options and %d more, want 25 and 54 (79 in all)", len(p.Enum), p.More)
	}
	text := page.RenderCompact(o, page.DefaultBudgets(), false)
	if !strings.Contains(text, "Abidjan / Accra / Addis Ababa / Algiers / Cairo / Casablanca / Dakar / Johannesburg / Lagos / Nairobi / Tunis / … (+67 more: pass one by its text)") {
		t.Errorf("the observation does not say the list goes on:\n%s", text)
	}
	if s := string(page.ParamsSchema(*tz)); strings.Contains(s, `"enum"`) || !strings.Contains(s, "one of 79") {
		t.Errorf("a long select's schema: %s", s)
	}
	if s := string(page.ParamsSchema(*week)); !strings.Contains(s, `"enum":["Sunday","Monday","Tuesday"]`) {
		t.Errorf("a short select's schema: %s", s)
	}
	for _, tc := range []struct{ value, want string }{
		{"Berlin", "Europe/Berlin"},       // a listed option's text, beyond the first 25
		{"Europe/Oslo", "Europe/Oslo"},    // its value
		{"utc+2", "UTC+2"},                // its text but for case
		{"Mexico", "America/Mexico_City"}, // the one option holding it
	} {
		if _, err := rt.Act(ctx, page.ActRequest{Action: tz.Name, Args: map[string]any{"value": tc.value}}); err != nil {
			t.Errorf("choose %q: %v", tc.value, err)
			continue
		}
		if got := evalString(t, tab, `document.getElementById("timezone_string").value`); got != tc.want {
			t.Errorf("choose %q: the select holds %q, want %q", tc.value, got, tc.want)
		}
	}
	_, err := rt.Act(ctx, page.ActRequest{Action: tz.Name, Args: map[string]any{"value": "Lisbon Portugal"}})
	if page.ErrorCode(err) != page.CodeInvalidArgument || !strings.Contains(err.Error(), `options like it: "Lisbon"`) {
		t.Errorf("an option that is not there: %v", err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: week.Name, Args: map[string]any{"value": "sunday"}}); err != nil {
		t.Errorf("a short select's option but for case: %v", err)
	} else if got := evalString(t, tab, `document.getElementById("start_of_week").value`); got != "0" {
		t.Errorf("week starts on %q, want 0 (Sunday)", got)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: week.Name, Args: map[string]any{"value": "Friday"}}); page.ErrorCode(err) != page.CodeInvalidArgument {
		t.Errorf("a short select's missing option: %v", err)
	}
	// fill_form reads the value the same way: "tokyo" took (Asia/Tokyo)
	zone, day := "tokyo", "Tuesday"
	res, err := rt.FillForm(ctx, page.FillFormRequest{Fields: []page.FormField{{Action: tz.Name, Value: &zone}, {Action: week.Name, Value: &day}}, Submit: "save_changes"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Receipt.Fields {
		if f.Took == nil || !*f.Took {
			t.Errorf("fill_form: %s did not take its option: %+v", f.Action, f)
		}
	}
	if got := evalString(t, tab, `document.getElementById("saved").textContent`); got != "Saved: Asia/Tokyo" {
		t.Errorf("after fill_form the page says %q", got)
	}
}

// findAction is o's action named name, nil when there is none.
func findAction(o *page.Observation, name string) *page.Action {
	for i := range o.Actions {
		if o.Actions[i].Name == name {
			return &o.Actions[i]
		}
	}
	return nil
}

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

// Issue 18 (WordPress's Profile): "Display name publicly as" offers the
// names typed above it, added when First Name, Last Name or Nickname
// loses the focus. With the caret still in Last Name the select lists
// "admin / Ada"; a person's click on it moves the focus first, and "Ada
// Lovelace" is there. Choosing gives the select the focus before the
// option is matched, as that click does; an option that is not there
// even then is INVALID_ARGUMENT naming the options (a short list: all).
func TestSelectOptionsTheFieldBeforeAdds(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/select-options-on-blur.html")
	ctx := t.Context()
	for _, f := range []struct{ action, text string }{{"first_name", "Ada"}, {"last_name", "Lovelace"}} {
		if _, err := rt.Act(ctx, page.ActRequest{Action: f.action, Args: map[string]any{"text": f.text}}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "display_name_publicly_as", Args: map[string]any{"value": "Ada Lovelace"}})
	if err != nil {
		t.Fatalf("choose the name the page offers once the focus leaves Last Name: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("display_name").value`); got != "Ada Lovelace" {
		t.Errorf("display name %q, want Ada Lovelace", got)
	}
	if f := res.Receipt.Changed.Fields; len(f) != 1 || res.Receipt.Warning != "" {
		t.Errorf("receipt fields %v, warning %q", f, res.Receipt.Warning)
	}
	_, err = rt.Act(ctx, page.ActRequest{Action: "display_name_publicly_as", Args: map[string]any{"value": "Grace Hopper"}})
	if page.ErrorCode(err) != page.CodeInvalidArgument || !strings.Contains(err.Error(), `its options: "admin", "Ada", "Lovelace", "Ada Lovelace", "Lovelace Ada"`) {
		t.Errorf("an option the page never offers: %v", err)
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

// Issue 18 (Prometheus's console): a result row's cell of 225
// characters, the series' labels, is cut with its count (…(+N)), and
// observe {find} shows the window around the word it found past the
// cut: the version label, the answer, was beyond reach (a bare "…", and
// find returned the same cut cell).
func TestLongCellCountedAndFound(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/long-cell.html")
	o := rt.Last()
	b := page.DefaultBudgets()
	text := page.RenderCompact(o, b, false)
	if len(o.Records.Shown) != 2 || !regexp.MustCompile(`prometheus_build_info\{branch="debian/sid",[^\n]*…\(\+\d+\)`).MatchString(text) {
		t.Fatalf("the long cells are not cut with their count:\n%s", text)
	}
	found, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "prometheus_build_info version"})
	if err != nil {
		t.Fatal(err)
	}
	ft := page.RenderCompact(found, b, false)
	if len(found.Records.Shown) != 2 || !strings.Contains(ft, `version="2.42.0+ds"}`) || strings.Contains(ft, `r1 "prometheus`) {
		t.Errorf("find does not show the part of the cell it found:\n%s", ft)
	}
}

// Issue 18 (Adminer's Alter table, Create table, Alter indexes): a grid
// whose cells are fields has rows that say what their fields hold, the
// first box's value their label, so the row of the column "price" is
// found by its name (its records read "NULL | Default value" and find
// found nothing).
func TestRowsOfFieldsShowTheirValues(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/input-grid.html")
	o := rt.Last()
	var labels []string
	for _, r := range o.Records.Shown {
		labels = append(labels, r.Label)
	}
	if strings.Join(labels, ",") != "id,name,price,stock" {
		t.Fatalf("records %q, want the columns' names:\n%s", labels, page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	found, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "price"})
	if err != nil {
		t.Fatal(err)
	}
	if len(found.Records.Shown) != 1 || found.Records.Shown[0].Label != "price" || !strings.Contains(page.RenderCompact(found, page.DefaultBudgets(), false), "decimal") {
		t.Errorf("find price:\n%s", page.RenderCompact(found, page.DefaultBudgets(), false))
	}
}

// Issue 18 pt 1 (Adminer's Select data): each column header holds a ↓
// link titled "descending" in a part its mouseover handler shows
// (display: none till then). It is listed, shown on hover, named by its
// title and its column ("descending price", among the page's links),
// and acting on it hovers the header first, as a person's pointer does,
// then clicks it: the table is sorted by price, most expensive first.
func TestActRevealedByAHoverHandler(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/hover-header.html")
	o := rt.Last()
	var list string
	for _, a := range o.Actions {
		if slices.Contains(a.Params["link"].Enum, "descending price") {
			list = a.Name
		}
	}
	if list == "" {
		t.Fatalf("no link \"descending price\":\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: list, Args: map[string]any{"link": "descending price"}}); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, tab, `document.getElementById("order").textContent`); got != "ORDER BY price DESC" {
		t.Errorf("the page says %q", got)
	}
}
