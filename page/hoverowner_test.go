package page_test

import (
	"slices"
	"testing"

	"github.com/pling-dev/pling/page"
)

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
