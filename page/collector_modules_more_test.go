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
