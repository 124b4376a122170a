package page_test

import (
	"strings"
	"testing"

	"github.com/pling-dev/pling/page"
)

// Issue 18 (WordPress's comment Reply): a Reply opens an inline form
// below its row and puts the caret in its text area. The form's text area
// and what follows it (its Reply, Cancel) come first in the next
// observation, then its formatting buttons before the text area, then the
// rest of the page in its usual order, so a budget cut leaves the page
// out, not the form the person works in (it cut the form's Reply, and a
// scripted agent typed the reply into the page's search box); the
// receipt lists what appeared in the same order. Names do not move with
// the focus.
func TestFocusedFieldAndItsFormComeFirst(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/inline-reply.html")
	ctx := t.Context()
	before := rt.Last()
	names := map[string]bool{}
	for _, a := range before.Actions {
		names[a.Name] = true
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "reply_to_this_comment", Record: "comment-2"})
	if err != nil {
		t.Fatal(err)
	}
	o := res.Observation
	var got []string
	for _, a := range o.Actions {
		got = append(got, a.Name)
	}
	want := []string{"comment", "reply", "cancel", "bold", "italic", "insert_link"}
	if len(got) < len(want) || strings.Join(got[:len(want)], " ") != strings.Join(want, " ") {
		t.Fatalf("actions in order %v, want them to start %v:\n%s", got, want, page.Render(o, page.DefaultBudgets()))
	}
	// the receipt names what appeared in that order too (its text names
	// the first eight)
	if ap := res.Receipt.Changed.Actions.Appeared; len(ap) < 3 || strings.Join(ap[:3], " ") != "comment reply cancel" {
		t.Errorf("appeared %v, want comment, reply, cancel first", ap)
	}
	// the rest keep their order and their names: row actions, then the
	// page's fields and buttons
	for _, n := range []string{"reply_to_this_comment", "search_comments", "apply"} {
		if !names[n] || !strings.Contains(" "+strings.Join(got, " ")+" ", " "+n+" ") {
			t.Errorf("%s: named before the reply %v, after %v", n, names[n], got)
		}
	}
	// cut to a third of its size, the result keeps the form's Reply
	render := func(o *page.Observation) string { return page.RenderCompact(o, page.DefaultBudgets(), false) }
	full := render(o)
	f := rt.Fit(o, len(full)/3, 0, render)
	if cut := render(f); len(f.Actions) >= len(o.Actions) || !strings.Contains(cut, "\n- reply\n") {
		t.Errorf("cut to %d of %d bytes, %d of %d actions, the form's Reply not among them:\n%s", len(cut), len(full), len(f.Actions), len(o.Actions), cut)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "comment", Args: map[string]any{"text": "See you there."}}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "reply"}); err != nil {
		t.Fatal(err)
	}
	if s := evalString(t, tab, `document.getElementById("sent").textContent`); s != "replied to comment-2: See you there." {
		t.Errorf("the page says %q", s)
	}
	// the focus gone (the form closed), the page's order is back
	if o := rt.Last(); len(o.Actions) > 0 && o.Actions[0].Name == "comment" {
		t.Errorf("the closed form's text area still first: %v", o.Actions[0])
	}
}
