package page_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/page"
)

// On an admin page with a 60-link side menu and 300 rows with row buttons,
// the page's operations (row actions, the form, the main region's buttons)
// are listed before navigation, the menu folds into one entry whose link
// parameter takes the link names, and the menu labelled "Main" does not get
// the id of the <main> landmark.
func TestOperationsRankBeforeNavigation(t *testing.T) {
	t.Parallel()
	rt := open(t, "/generated/admin?links=60&rows=300", page.DefaultBudgets())
	o := rt.Last()
	byName := map[string]page.Action{}
	for _, a := range o.Actions {
		byName[a.Name] = a
	}
	for _, want := range []string{"edit", "delete"} {
		if a, ok := byName[want]; !ok || !a.RecordParam || a.Folded != 300 {
			t.Errorf("row action %s: %+v (listed: %v)", want, a, names(o.Actions))
		}
	}
	for _, want := range []string{"new_order", "send", "next", "message"} {
		if _, ok := byName[want]; !ok {
			t.Errorf("operation %s not listed: %v", want, names(o.Actions))
		}
	}
	menu, ok := byName["open_main_nav"]
	if !ok || menu.Region != "main-nav" || menu.Folded != 60 || len(menu.Params["link"].Enum) != 60 {
		t.Fatalf("the menu is not one folded entry: %+v (listed: %v)", menu, names(o.Actions))
	}
	links := 0
	for _, a := range o.Actions {
		if a.Kind == "link" {
			links++
		}
	}
	if links != 1 || o.Actions[len(o.Actions)-1].Name != "open_main_nav" {
		t.Errorf("navigation is not last and folded: %v", names(o.Actions))
	}
	enum := strings.Join(menu.Params["link"].Enum, "|")
	if !strings.Contains(enum, "Billing|") || !strings.Contains(enum, "Billing (2)") {
		t.Errorf("link names: one suffix scheme for repeated labels expected: %s", enum)
	}
	for _, r := range o.Regions {
		if r.Role == "navigation" && r.ID == "main" {
			t.Errorf("navigation labelled Main has the id main")
		}
	}
	text := page.RenderCompact(o, page.DefaultBudgets(), false)
	if !strings.Contains(text, "- open_main_nav(link) @main-nav") || !strings.Contains(text, "+52 more") {
		t.Errorf("compact rendering of the menu:\n%s", text)
	}
	// A folded link runs by its list name.
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	res, err := rt.Act(ctx, page.ActRequest{Action: "open_main_nav", Args: map[string]any{"link": "Billing (2)"}})
	if err != nil {
		t.Fatalf("act open_main_nav Billing (2): %v", err)
	}
	if res.Receipt.Action.ID != "open_main_nav:Billing (2)" || !strings.HasSuffix(res.Observation.Snapshot().URL, "/generated/admin") {
		t.Errorf("receipt %+v", res.Receipt)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "open_main_nav", Args: map[string]any{"link": "Nowhere"}}); page.ErrorCode(err) != page.CodeInvalidArgument {
		t.Errorf("unknown link: %v", err)
	}
}

// Every action resolves by the name the observation gave it, even when a
// budget cut it from the first view: "send" listed only in the second
// continuation slice runs with the first view's revision.
func TestCutActionsResolve(t *testing.T) {
	t.Parallel()
	b := page.DefaultBudgets()
	b.MaxActions = 3
	rt := open(t, "/generated/admin?links=60&rows=300", b)
	first := rt.Last()
	if has(first.Actions, "send") {
		t.Fatalf("send is in the first view; the test needs it cut: %v", names(first.Actions))
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	tok, found := first.Continuation, false
	for i := 0; i < 5 && tok != "" && !found; i++ {
		next, err := rt.Observe(ctx, page.ObserveRequest{Continuation: tok})
		if err != nil {
			t.Fatal(err)
		}
		if next.Revision != first.Revision {
			t.Fatalf("slice revision %s, first %s", next.Revision, first.Revision)
		}
		found, tok = has(next.Actions, "send"), next.Continuation
	}
	if !found {
		t.Fatal("send is in no continuation slice")
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "send", ExpectedRevision: first.Revision})
	if err != nil {
		t.Fatalf("act send from a later slice: %v", err)
	}
	if res.Receipt.Action.ID != "send" {
		t.Errorf("receipt %+v", res.Receipt)
	}
}

func names(as []page.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}

func has(as []page.Action, name string) bool {
	for _, a := range as {
		if a.Name == name {
			return true
		}
	}
	return false
}
