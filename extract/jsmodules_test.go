package extract_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/jstest"
)

// jsCall is one export of an in-page module applied in a page, and the
// JSON it must answer.
type jsCall struct {
	name string
	fn   string
	args []any
	want any
}

func jsEl(css string) map[string]any { return map[string]any{"$": css} }

// runJSCalls applies each call of module m in session s.
func runJSCalls(t *testing.T, s *browser.Session, m *jstest.Module, calls []jsCall) {
	t.Helper()
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			var got any
			m.Call(t, s, c.fn, c.args, &got)
			b, _ := json.Marshal(c.want)
			var want any
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				t.Errorf("%s(%v) = %s, want %s", c.fn, c.args, g, b)
			}
		})
	}
}

const modulePage = "testdata/jsmodules/page.html"

// roles.js names what an element is by its explicit role first, its HTML
// tag when it has none.
func TestRolesModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "js/roles.js")
	runJSCalls(t, s, m, []jsCall{
		{"a table", "collectionRole", []any{jsEl("#t2")}, "table"},
		{"a grid", "collectionRole", []any{jsEl("#g1")}, "grid"},
		{"a list", "collectionRole", []any{jsEl("#l1")}, "list"},
		{"a form", "collectionRole", []any{jsEl("#f1")}, "form"},
		{"no collection", "collectionRole", []any{jsEl("#long")}, ""},
		{"a grid is a table kind", "kindOf", []any{"grid"}, "table"},
		{"a native row", "isRow", []any{jsEl("#r1")}, true},
		{"an ARIA row", "isRow", []any{jsEl("#gr")}, true},
		{"a header cell", "isHeaderCell", []any{jsEl("#head th")}, true},
		{"a data cell is a cell", "isCell", []any{jsEl("#r1 td")}, true},
		{"an item", "isItem", []any{jsEl("#l1 li")}, true},
		{"an input is a control", "isControl", []any{jsEl("#name")}, true},
		{"a paragraph is not", "isControl", []any{jsEl("#long")}, false},
		{"a text input with a list is a combobox", "controlRole", []any{jsEl("#ph")}, "combobox"},
		{"a sized select is a listbox", "controlRole", []any{jsEl("#sel")}, "listbox"},
		{"a submit input is a button", "controlRole", []any{jsEl("#sub")}, "button"},
		{"an explicit role wins", "controlRole", []any{jsEl("#sw")}, "switch"},
	})
}

// summary.js's walkText collapses HTML white space (a no-break space is
// text), gives no hidden text and no field value, and marks a summary cut
// by its length (never splitting a word's surrogate pair) or its node
// budget.
func TestSummaryModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	type sum struct {
		T string `json:"t"`
		X bool   `json:"x"`
	}
	runJSCalls(t, s, m, []jsCall{
		{"white space collapsed, no-break space kept", "text", []any{jsEl("#r1 td"), 256, 256}, sum{"Apple\u00a0pie", false}},
		{"no hidden text, no field value", "text", []any{jsEl("#r4 td"), 256, 256}, sum{"Pear tart", false}},
		{"cut by length", "text", []any{jsEl("#long"), 5, 256}, sum{"abcde", true}},
		{"cut by nodes", "text", []any{jsEl("#cap2"), 256, 2}, sum{"Orders", true}},
	})
}

// labels.js reads a control's label column and aria-labelledby targets:
// never a value.
func TestLabelsModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	type sum struct {
		T string `json:"t"`
		X bool   `json:"x"`
	}
	runJSCalls(t, s, m, []jsCall{
		{"a for= label, not the value", "name", []any{jsEl("#name")}, sum{"Your name", false}},
		{"a wrapping label", "name", []any{jsEl("#agree")}, sum{"I agree", false}},
		{"a submit input's default caption", "name", []any{jsEl("#sub")}, sum{"Submit", false}},
		{"a button's content", "name", []any{jsEl("#btn")}, sum{"Send now", false}},
		{"aria-label", "name", []any{jsEl("#sw")}, sum{"Dark mode", false}},
		{"placeholder last", "name", []any{jsEl("#ph")}, sum{"Search here", false}},
		{"aria-labelledby", "labelled", []any{jsEl("#t2")}, sum{"Orders today", false}},
	})
}

// cells.js gives a form control's facts (label, role, disabled, checked,
// required) and a cell's visible text.
func TestCellsModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "js/cells.js")
	L := map[string]any{"cellNodes": 256, "units": 256, "textSlice": 4096, "labels": 8, "idChars": 1024}
	cell := func(t string, p bool) map[string]any { return map[string]any{"t": t, "x": false, "p": p} }
	runJSCalls(t, s, m, []jsCall{
		{"label", "formCell", []any{jsEl("#name"), 0, L}, cell("Your name", true)},
		{"role", "formCell", []any{jsEl("#agree"), 1, L}, cell("checkbox", true)},
		{"disabled", "formCell", []any{jsEl("#btn"), 2, L}, cell("true", true)},
		{"checked", "formCell", []any{jsEl("#agree"), 3, L}, cell("true", true)},
		{"aria-checked mixed", "formCell", []any{jsEl("#sw"), 3, L}, cell("mixed", true)},
		{"a button has no checked column", "formCell", []any{jsEl("#btn"), 3, L}, cell("", false)},
		{"required", "formCell", []any{jsEl("#name"), 4, L}, cell("true", true)},
		{"a submit input has no required column", "formCell", []any{jsEl("#sub"), 4, L}, cell("", false)},
		{"no such column", "formCell", []any{jsEl("#name"), 7, L}, cell("", false)},
		{"a text cell", "textCell", []any{jsEl("#r4 td"), L}, cell("Pear tart", true)},
	})
}

// scan.js finds the index-th visible collection of a kind (a hidden one
// is not counted, a grid is a table) within its node budget.
func TestScanModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	type found struct {
		Target any    `json:"target"`
		Role   string `json:"role"`
		Seen   int    `json:"seen"`
		Nodes  int    `json:"nodes"`
		Hit    bool   `json:"hit"`
	}
	runJSCalls(t, s, m, []jsCall{
		{"the first visible table", "scan", []any{"table", 0, 8192}, found{"t2", "table", 1, 10, false}},
		{"a grid is the second table", "scan", []any{"table", 1, 8192}, found{"g1", "grid", 2, 35, false}},
		{"no third table", "scan", []any{"table", 2, 8192}, found{nil, "", 2, 56, false}},
		{"a form", "scan", []any{"form", 0, 8192}, found{"f1", "form", 1, 43, false}},
		{"the budget runs out", "scan", []any{"list", 0, 5}, found{nil, "", 0, 5, true}},
	})
}

// rows.js lists a collection's rows in visual order (header first,
// footer last), leaves nested collections out, counts hidden rows and
// marks a spanning row instead of reading it.
func TestRowsModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	type cell struct {
		T string `json:"t"`
		X bool   `json:"x"`
		P bool   `json:"p"`
	}
	type row struct {
		H bool   `json:"h"`
		U bool   `json:"u"`
		C []cell `json:"c"`
	}
	type read struct {
		Seen   int   `json:"rows_seen"`
		Hidden int   `json:"rows_hidden"`
		Rows   []row `json:"rows"`
	}
	type rows struct {
		IDs    []string `json:"ids"`
		Hit    bool     `json:"hit"`
		Result read     `json:"result"`
	}
	two := func(h bool, a, b string) row { return row{h, false, []cell{{a, false, true}, {b, false, true}}} }
	one := func(a string) row { return row{false, false, []cell{{a, false, true}, {"", false, false}}} }
	runJSCalls(t, s, m, []jsCall{
		{"a table: header first, footer last, a hidden row counted, a spanning row marked", "rows", []any{jsEl("#t2"), "table", 4096},
			rows{[]string{"head", "r1", "r2", "r3", "r4", "foot"}, false, read{5, 1, []row{
				two(true, "Name", "Qty"), two(false, "Apple\u00a0pie", "3"), {false, true, []cell{}}, two(false, "Pear tart", "6"), two(false, "total", "9")}}}},
		{"a list without its nested list", "rows", []any{jsEl("#l1"), "list", 4096},
			rows{[]string{"li", "li"}, false, read{2, 0, []row{one("one"), one("two nested")}}}},
		{"a form's controls", "rows", []any{jsEl("#f1"), "form", 4096},
			rows{[]string{"name", "agree", "sub", "btn", "sw", "ph", "sel"}, false, read{7, 0, []row{
				two(false, "Your name", "textbox"), two(false, "I agree", "checkbox"), two(false, "Submit", "button"), two(false, "Send now", "button"),
				two(false, "Dark mode", "switch"), two(false, "Search here", "combobox"), two(false, "", "listbox")}}}},
		{"the budget runs out", "rows", []any{jsEl("#t2"), "table", 3}, rows{[]string{}, true, read{0, 0, []row{}}}},
	})
}
