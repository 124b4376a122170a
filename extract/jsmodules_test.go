package extract_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

const modulePage = "testdata/jsmodules/page.html"

// roles.js names what an element is by its explicit role first, its HTML
// tag when it has none.
func TestRolesModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "js/roles.js")
	m.Run(t, s, []jstest.Case{
		{Name: "a table", Fn: "collectionRole", Args: []any{jstest.El("#t2")}, Want: "table"},
		{Name: "a grid", Fn: "collectionRole", Args: []any{jstest.El("#g1")}, Want: "grid"},
		{Name: "a list", Fn: "collectionRole", Args: []any{jstest.El("#l1")}, Want: "list"},
		{Name: "a form", Fn: "collectionRole", Args: []any{jstest.El("#f1")}, Want: "form"},
		{Name: "no collection", Fn: "collectionRole", Args: []any{jstest.El("#long")}, Want: ""},
		{Name: "a grid is a table kind", Fn: "kindOf", Args: []any{"grid"}, Want: "table"},
		{Name: "a native row", Fn: "isRow", Args: []any{jstest.El("#r1")}, Want: true},
		{Name: "an ARIA row", Fn: "isRow", Args: []any{jstest.El("#gr")}, Want: true},
		{Name: "a header cell", Fn: "isHeaderCell", Args: []any{jstest.El("#head th")}, Want: true},
		{Name: "a data cell is a cell", Fn: "isCell", Args: []any{jstest.El("#r1 td")}, Want: true},
		{Name: "an item", Fn: "isItem", Args: []any{jstest.El("#l1 li")}, Want: true},
		{Name: "an input is a control", Fn: "isControl", Args: []any{jstest.El("#name")}, Want: true},
		{Name: "a paragraph is not", Fn: "isControl", Args: []any{jstest.El("#long")}, Want: false},
		{Name: "a text input with a list is a combobox", Fn: "controlRole", Args: []any{jstest.El("#ph")}, Want: "combobox"},
		{Name: "a sized select is a listbox", Fn: "controlRole", Args: []any{jstest.El("#sel")}, Want: "listbox"},
		{Name: "a submit input is a button", Fn: "controlRole", Args: []any{jstest.El("#sub")}, Want: "button"},
		{Name: "an explicit role wins", Fn: "controlRole", Args: []any{jstest.El("#sw")}, Want: "switch"},
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
	m.Run(t, s, []jstest.Case{
		{Name: "white space collapsed, no-break space kept", Fn: "text", Args: []any{jstest.El("#r1 td"), 256, 256}, Want: sum{"Apple\u00a0pie", false}},
		{Name: "no hidden text, no field value", Fn: "text", Args: []any{jstest.El("#r4 td"), 256, 256}, Want: sum{"Pear tart", false}},
		{Name: "cut by length", Fn: "text", Args: []any{jstest.El("#long"), 5, 256}, Want: sum{"abcde", true}},
		{Name: "cut by nodes", Fn: "text", Args: []any{jstest.El("#cap2"), 256, 2}, Want: sum{"Orders", true}},
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
	m.Run(t, s, []jstest.Case{
		{Name: "a for= label, not the value", Fn: "name", Args: []any{jstest.El("#name")}, Want: sum{"Your name", false}},
		{Name: "a wrapping label", Fn: "name", Args: []any{jstest.El("#agree")}, Want: sum{"I agree", false}},
		{Name: "a submit input's default caption", Fn: "name", Args: []any{jstest.El("#sub")}, Want: sum{"Submit", false}},
		{Name: "a button's content", Fn: "name", Args: []any{jstest.El("#btn")}, Want: sum{"Send now", false}},
		{Name: "aria-label", Fn: "name", Args: []any{jstest.El("#sw")}, Want: sum{"Dark mode", false}},
		{Name: "placeholder last", Fn: "name", Args: []any{jstest.El("#ph")}, Want: sum{"Search here", false}},
		{Name: "aria-labelledby", Fn: "labelled", Args: []any{jstest.El("#t2")}, Want: sum{"Orders today", false}},
	})
}

// cells.js gives a form control's facts (label, role, disabled, checked,
// required) and a cell's visible text.
func TestCellsModule(t *testing.T) {
	s := jstest.Open(t, modulePage)
	m := jstest.Load(t, "js/cells.js")
	L := map[string]any{"cellNodes": 256, "units": 256, "textSlice": 4096, "labels": 8, "idChars": 1024}
	cell := func(t string, p bool) map[string]any { return map[string]any{"t": t, "x": false, "p": p} }
	m.Run(t, s, []jstest.Case{
		{Name: "label", Fn: "formCell", Args: []any{jstest.El("#name"), 0, L}, Want: cell("Your name", true)},
		{Name: "role", Fn: "formCell", Args: []any{jstest.El("#agree"), 1, L}, Want: cell("checkbox", true)},
		{Name: "disabled", Fn: "formCell", Args: []any{jstest.El("#btn"), 2, L}, Want: cell("true", true)},
		{Name: "checked", Fn: "formCell", Args: []any{jstest.El("#agree"), 3, L}, Want: cell("true", true)},
		{Name: "aria-checked mixed", Fn: "formCell", Args: []any{jstest.El("#sw"), 3, L}, Want: cell("mixed", true)},
		{Name: "a button has no checked column", Fn: "formCell", Args: []any{jstest.El("#btn"), 3, L}, Want: cell("", false)},
		{Name: "required", Fn: "formCell", Args: []any{jstest.El("#name"), 4, L}, Want: cell("true", true)},
		{Name: "a submit input has no required column", Fn: "formCell", Args: []any{jstest.El("#sub"), 4, L}, Want: cell("", false)},
		{Name: "no such column", Fn: "formCell", Args: []any{jstest.El("#name"), 7, L}, Want: cell("", false)},
		{Name: "a text cell", Fn: "textCell", Args: []any{jstest.El("#r4 td"), L}, Want: cell("Pear tart", true)},
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
	m.Run(t, s, []jstest.Case{
		{Name: "the first visible table", Fn: "scan", Args: []any{"table", 0, 8192}, Want: found{"t2", "table", 1, 10, false}},
		{Name: "a grid is the second table", Fn: "scan", Args: []any{"table", 1, 8192}, Want: found{"g1", "grid", 2, 35, false}},
		{Name: "no third table", Fn: "scan", Args: []any{"table", 2, 8192}, Want: found{nil, "", 2, 56, false}},
		{Name: "a form", Fn: "scan", Args: []any{"form", 0, 8192}, Want: found{"f1", "form", 1, 43, false}},
		{Name: "the budget runs out", Fn: "scan", Args: []any{"list", 0, 5}, Want: found{nil, "", 0, 5, true}},
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
	m.Run(t, s, []jstest.Case{
		{Name: "a table: header first, footer last, a hidden row counted, a spanning row marked", Fn: "rows", Args: []any{jstest.El("#t2"), "table", 4096},
			Want: rows{[]string{"head", "r1", "r2", "r3", "r4", "foot"}, false, read{5, 1, []row{
				two(true, "Name", "Qty"), two(false, "Apple\u00a0pie", "3"), {false, true, []cell{}}, two(false, "Pear tart", "6"), two(false, "total", "9")}}}},
		{Name: "a list without its nested list", Fn: "rows", Args: []any{jstest.El("#l1"), "list", 4096},
			Want: rows{[]string{"li", "li"}, false, read{2, 0, []row{one("one"), one("two nested")}}}},
		{Name: "a form's controls", Fn: "rows", Args: []any{jstest.El("#f1"), "form", 4096},
			Want: rows{[]string{"name", "agree", "sub", "btn", "sw", "ph", "sel"}, false, read{7, 0, []row{
				two(false, "Your name", "textbox"), two(false, "I agree", "checkbox"), two(false, "Submit", "button"), two(false, "Send now", "button"),
				two(false, "Dark mode", "switch"), two(false, "Search here", "combobox"), two(false, "", "listbox")}}}},
		{Name: "the budget runs out", Fn: "rows", Args: []any{jstest.El("#t2"), "table", 3}, Want: rows{[]string{}, true, read{0, 0, []row{}}}},
	})
}
