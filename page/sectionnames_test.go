package page_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// TestPagerAndSectionNames: issue 18 point 4. A pager link whose text is
// only a glyph is named by what it means (rel=next/prev first, then its
// title or alt, then the glyph's conventional meaning: < ‹ previous, > ›
// next, « << first, » >> last), never by its class token: the same
// ajax_navig class is next on one page and first on the next. A wiki's
// per-section Edit link or button names its section (the link's title
// "Edit section: Holidays", the button's title, or the heading it belongs
// to). Acting on each name reaches its own element: the URL it lands on
// is checked in the page.
func TestPagerAndSectionNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path   string
		want   map[string]string // action name -> the page's path and query after acting on it
		absent []string
	}{
		{path: "/pager/1.html", want: map[string]string{
			"next":                "/pager/2.html",
			"last":                "/pager/3.html",
			"next_2":              "/pager/2.html", // rel=next wins over its glyph
			"go_to_the_last_page": "/pager/3.html", // its title
			"following":           "/pager/2.html", // its image's alt
		}, absent: []string{"ajax_navig", "ajax_navig_2", "link"}},
		{path: "/pager/2.html", want: map[string]string{
			"first":      "/pager/1.html",
			"previous":   "/pager/1.html",
			"next":       "/pager/3.html",
			"last":       "/pager/3.html",
			"previous_2": "/pager/1.html", // rel=prev wins over "<<"
		}, absent: []string{"ajax_navig", "ajax_navig_2", "first_2"}},
		{path: "/pager/3.html", want: map[string]string{
			"first":    "/pager/1.html",
			"previous": "/pager/2.html",
		}, absent: []string{"ajax_navig", "ajax_navig_2"}},
		{path: "/mediawiki.html", want: map[string]string{
			"edit_trains":        "/mediawiki.html?title=Travel&action=edit&section=1",
			"edit_holidays":      "/mediawiki.html?title=Travel&action=edit&section=2",
			"edit_winter":        "/mediawiki.html?title=Travel&veaction=edit&section=3",
			"edit_source_winter": "/mediawiki.html?title=Travel&action=edit&section=3",
			"edit_hotels":        "/mediawiki.html?title=Travel&action=edit&section=4", // by its heading
			"edit":               "/mediawiki.html?title=Travel&action=edit",           // the page's own Edit
		}, absent: []string{"edit_2", "edit_section_holidays"}},
		{path: "/dokuwiki.html", want: map[string]string{
			"edit_travel":   "summary=%5BTravel%5D",
			"edit_holidays": "summary=%5BHolidays%5D",
			"edit_trains":   "summary=%5BTrains%5D",
			"edit_hotels":   "summary=%5BHotels%5D", // by the heading of its section
		}, absent: []string{"edit", "edit_2", "btn_secedit"}},
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	base := testbrowser.Serve(t, mux)
	for _, tc := range tests {
		t.Run(strings.TrimPrefix(tc.path, "/"), func(t *testing.T) {
			t.Parallel()
			rt, tab := openURL(t, base+tc.path)
			ctx := t.Context()
			o, err := rt.Observe(ctx, page.ObserveRequest{})
			if err != nil {
				t.Fatal(err)
			}
			compact := page.RenderCompact(o, page.DefaultBudgets(), false)
			// a name is an action's, or a member's of a folded link list
			// (open_main(link): its listed label's slug)
			names := map[string]page.ActRequest{}
			for _, a := range o.Actions {
				names[a.Name] = page.ActRequest{Action: a.Name}
				if p, ok := a.Params["link"]; ok && a.Folded > 0 {
					for _, l := range p.Enum {
						if _, dup := names[slugOf(l)]; !dup {
							names[slugOf(l)] = page.ActRequest{Action: a.Name, Args: map[string]any{"link": l}}
						}
					}
				}
			}
			for _, n := range tc.absent {
				if _, ok := names[n]; ok {
					t.Errorf("action %s is there:\n%s", n, compact)
				}
			}
			for name, where := range tc.want {
				req, ok := names[name]
				if !ok {
					t.Errorf("no action %s in\n%s", name, compact)
					continue
				}
				if _, err := rt.Navigate(ctx, base+tc.path); err != nil {
					t.Fatalf("navigate back: %v", err)
				}
				if _, err := rt.Act(ctx, req); err != nil {
					t.Errorf("act %s: %v", name, err)
					continue
				}
				got := waitLocation(t, tab, where)
				if !strings.Contains(got, where) {
					t.Errorf("%s reached %q, want %q", name, got, where)
				}
			}
		})
	}
}

// waitLocation is the tab's path and query once it holds want (or after
// a few seconds, what it holds then).
func waitLocation(t *testing.T, tab interface {
	Evaluate(context.Context, string, any) error
}, want string) string {
	t.Helper()
	var got string
	for end := time.Now().Add(5 * time.Second); ; {
		if err := tab.Evaluate(t.Context(), `location.pathname + location.search`, &got); err == nil && strings.Contains(got, want) {
			return got
		}
		if time.Now().After(end) {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// slugOf is a listed label as a name: lowercase words joined by "_"
// ("Next (2)" is next_2).
func slugOf(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9')
	}), "_")
}
