package page_test

import (
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
