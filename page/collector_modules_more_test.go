package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// More of the collector's modules, each over its own small page in
// testdata/collector-modules/, through harness-more.js (which prepares a
// run's walk object before it calls one module's export).

const moreHarness = modulePages + "harness-more.js"

// runModule opens page and applies cases of harness-more.js to it.
func runModule(t *testing.T, page string, cases []jstest.Case) {
	t.Helper()
	m := jstest.Load(t, moreHarness)
	s := jstest.Open(t, modulePages+page)
	m.Run(t, s, cases)
}

type bounds struct {
	MaxText     int      `json:"maxText"`
	MaxNodes    int      `json:"maxNodes"`
	MaxIDs      int      `json:"maxIDs"`
	MaxControls int      `json:"maxControls"`
	MaxRegions  int      `json:"maxRegions"`
	RecOffset   int      `json:"recOffset"`
	RecFields   int      `json:"recFields"`
	FindRec     string   `json:"findRec"`
	FindWords   []string `json:"findWords"`
}

func TestParamsModule(t *testing.T) {
	defaults := bounds{MaxText: 160, MaxNodes: 50000, MaxIDs: 1000, MaxControls: 400, MaxRegions: 100, RecFields: 20, FindWords: []string{}}
	with := func(f func(*bounds)) bounds {
		b := defaults
		b.FindWords = []string{}
		f(&b)
		return b
	}
	runModule(t, "params.html", []jstest.Case{
		{Name: "defaults", Fn: "bounds", Args: []any{map[string]any{}}, Want: defaults},
		{Name: "given bounds, floored", Fn: "bounds", Args: []any{map[string]any{"max_text": 40.7, "max_nodes": 10, "max_record_ids": 5, "max_controls": 7, "max_regions": 3}},
			Want: with(func(b *bounds) { b.MaxText, b.MaxNodes, b.MaxIDs, b.MaxControls, b.MaxRegions = 40, 10, 5, 7, 3 })},
		{Name: "zero and negative bounds are the defaults", Fn: "bounds", Args: []any{map[string]any{"max_text": 0, "max_nodes": -5, "max_controls": "9"}}, Want: defaults},
		{Name: "record window", Fn: "bounds", Args: []any{map[string]any{"record_offset": 40.2, "record_fields": 0}},
			Want: with(func(b *bounds) { b.RecOffset, b.RecFields = 40, 0 })},
		{Name: "negative record window is the default", Fn: "bounds", Args: []any{map[string]any{"record_offset": -3, "record_fields": -1}}, Want: defaults},
		{Name: "find text: lower-case words", Fn: "bounds", Args: []any{map[string]any{"find_text": "  Invoice   PAID ", "find_record": "r12"}},
			Want: with(func(b *bounds) { b.FindWords, b.FindRec = []string{"invoice", "paid"}, "r12" })},
		{Name: "find matches every word in any case", Fn: "found", Args: []any{jstest.El("#row"), "paid invoice"}, Want: true},
		{Name: "find needs every word", Fn: "found", Args: []any{jstest.El("#row"), "invoice refunded"}, Want: false},
		{Name: "find never joins two cells' words", Fn: "found", Args: []any{jstest.El("#row"), "95.10"}, Want: false},
		{Name: "find within one cell", Fn: "found", Args: []any{jstest.El("#row"), "5.10"}, Want: true},
		{Name: "window at an offset", Fn: "recWindow", Args: []any{map[string]any{"record_offset": 2, "record_fields": 3}, 10}, Want: []int{2, 3, 4}},
		{Name: "no window while finding", Fn: "recWindow", Args: []any{map[string]any{"find_text": "x"}, 5}, Want: []int{}},
	})
}

func TestGeometryModule(t *testing.T) {
	type vis struct {
		Meets  bool `json:"meets"`
		Mostly bool `json:"mostly"`
	}
	runModule(t, "geometry.html", []jstest.Case{
		{Name: "in view", Fn: "onScreen", Args: []any{jstest.El("#top")}, Want: vis{true, true}},
		{Name: "offscreen below", Fn: "onScreen", Args: []any{jstest.El("#below")}, Want: vis{false, false}},
		{Name: "offscreen left", Fn: "onScreen", Args: []any{jstest.El("#left")}, Want: vis{false, false}},
		{Name: "a fifth in view meets, not mostly", Fn: "onScreen", Args: []any{jstest.El("#edge")}, Want: vis{true, false}},
		{Name: "over half in view is mostly", Fn: "onScreen", Args: []any{jstest.El("#halfin")}, Want: vis{true, true}},
		{Name: "an empty box meets nothing", Fn: "onScreen", Args: []any{jstest.El("#empty")}, Want: vis{false, false}},
	})
}

type declKinds struct {
	Regions bool `json:"regions"`
	Actions bool `json:"actions"`
	Records bool `json:"records"`
	State   bool `json:"state"`
}

type declMode struct {
	Scan declKinds `json:"scan"`
	declKinds
}

func TestDeclarationsModule(t *testing.T) {
	m := jstest.Load(t, moreHarness)
	for _, c := range []struct {
		page string
		want declKinds
	}{
		{"declarations.html", declKinds{Regions: true, State: true}}, // declared regions and state, inferred actions and records
		{"plain.html", declKinds{}},                                  // nothing declared: all inferred
	} {
		t.Run(c.page, func(t *testing.T) {
			s := jstest.Open(t, modulePages+c.page)
			m.Check(t, s, jstest.Case{Name: c.page, Fn: "declMode", Want: declMode{Scan: c.want, declKinds: c.want}})
		})
	}
}

func TestModalModule(t *testing.T) {
	runModule(t, "modal.html", []jstest.Case{
		// the open modal <dialog>, named by its heading; Bootstrap's
		// backdrop shows (the walk makes the .modal beside it a dialog)
		{Name: "open dialog and backdrop", Fn: "modalNow", Want: map[string]any{"modal": map[string]string{"label": "Delete project?"}, "backdrop": true}},
		{Name: "close them", Fn: "closeAll", Want: true},
		{Name: "none open", Fn: "modalNow", Want: map[string]any{"modal": nil, "backdrop": false}},
	})
}

func TestFeedbackModule(t *testing.T) {
	runModule(t, "feedback.html", []jstest.Case{
		{Name: "WordPress success notice", Fn: "notice", Args: []any{jstest.El("#wpok")}, Want: "success"},
		{Name: "Bootstrap info alert", Fn: "notice", Args: []any{jstest.El("#bsinfo")}, Want: "info"},
		{Name: "warning", Fn: "notice", Args: []any{jstest.El("#bswarn")}, Want: "warning"},
		{Name: "danger is an error", Fn: "notice", Args: []any{jstest.El("#danger")}, Want: "error"},
		{Name: "flash error on a paragraph", Fn: "notice", Args: []any{jstest.El("#flash")}, Want: "error"},
		{Name: "legacy updated around a paragraph is a success", Fn: "notice", Args: []any{jstest.El("#updated")}, Want: "success"},
		{Name: "updated without a paragraph is nothing", Fn: "notice", Args: []any{jstest.El("#updatedbare")}, Want: ""},
		{Name: "a microformat's time.updated is a date", Fn: "notice", Args: []any{jstest.El("#time")}, Want: ""},
		{Name: "a bare inline element is no notice", Fn: "notice", Args: []any{jstest.El("#span")}, Want: ""},
		{Name: "an inline status with a role is", Fn: "notice", Args: []any{jstest.El("#rolespan")}, Want: "success"},
		{Name: "no notice class", Fn: "notice", Args: []any{jstest.El("#plain")}, Want: ""},
		{Name: "error names the field before it", Fn: "errorField", Args: []any{jstest.El("#emailerr")}, Want: "Email"},
		{Name: "error names a field in the sibling before", Fn: "errorField", Args: []any{jstest.El("#ziperr")}, Want: "Postcode"},
		{Name: "a field anywhere before counts, in the parent's siblings too", Fn: "errorField", Args: []any{jstest.El("#aftererr")}, Want: "Email"},
		{Name: "error with no field before", Fn: "errorField", Args: []any{jstest.El("#loneerr")}, Want: ""},
	})
}

func TestHoverModule(t *testing.T) {
	runModule(t, "hover.html", []jstest.Case{
		{Name: "shown by a row's :hover rule", Fn: "hoverOnly", Args: []any{jstest.El("#actions")}, Want: true},
		{Name: "shown by :focus-within on a parent", Fn: "hoverOnly", Args: []any{jstest.El("#tools")}, Want: true},
		{Name: "an inline display:none is never shown", Fn: "hoverOnly", Args: []any{jstest.El("#inline")}, Want: false},
		{Name: "a hover rule that keeps it transparent", Fn: "hoverOnly", Args: []any{jstest.El("#fade")}, Want: false},
		{Name: "the pseudo on the element itself", Fn: "hoverOnly", Args: []any{jstest.El("#tip")}, Want: false},
		{Name: "no class", Fn: "hoverOnly", Args: []any{jstest.El("#plain")}, Want: false},
	})
}

func TestRegionsModule(t *testing.T) {
	type region struct {
		Base  string `json:"base"`
		Label string `json:"label"`
		Role  string `json:"role"`
	}
	reg := func(css string, want *region) jstest.Case {
		return jstest.Case{Name: css, Fn: "region", Args: []any{jstest.El(css), false}, Want: want}
	}
	runModule(t, "regions.html", []jstest.Case{
		reg("#main", &region{"main", "Main", "main"}),
		reg("#banner", &region{"header", "Header", "banner"}),
		reg("#mainnav", &region{"main-nav", "Main", "navigation"}), // a label that is another landmark's id is qualified
		reg("#crumbs", &region{"breadcrumbs", "Breadcrumbs", "navigation"}),
		reg("#anon", nil), // a section is a region only when named
		reg("#named", &region{"billing", "Billing", "region"}),
		reg("#searchform", &region{"search-form", "search-form", "form"}),
		reg("#anonform", nil),
		reg("#tbl", &region{"invoices", "Invoices", "table"}),
		reg("#post", &region{"release-notes", "Release notes", "article"}), // a lone article, named by its heading
		reg("#dlg", &region{"upload-files", "Upload files", "dialog"}),
		reg("#side", &region{"aside", "Sidebar", "complementary"}),
		reg("#foot", &region{"footer", "Footer", "contentinfo"}),
		reg("#plain", nil),
		{Name: "a section's header is no banner", Fn: "region", Args: []any{jstest.El("#secthead"), true}, Want: nil},
		{Name: "ids unique in a run", Fn: "regionIds", Args: []any{[]string{"main", "nav", "main", "main"}}, Want: []string{"main", "nav", "main-2", "main-3"}},
	})
}

func TestOutputModule(t *testing.T) {
	type item struct {
		Name  string `json:"name"`
		Value string `json:"value"`
		Group string `json:"group,omitempty"`
	}
	runModule(t, "output.html", []jstest.Case{
		{Name: "terms and descriptions, buttons left out", Fn: "dl", Args: []any{jstest.El("#flat"), "order"},
			Want: []item{{"Status", "Shipped", "order details"}, {"Carrier", "DHL", "order details"}}},
		{Name: "wrapped in divs, a hidden description left out", Fn: "dl", Args: []any{jstest.El("#wrapped"), ""},
			Want: []item{{"Owner", "Ana", "details"}}},
		{Name: "a description without a term", Fn: "dl", Args: []any{jstest.El("#noterm"), ""}, Want: []item{}},
	})
}
