package page_test

import (
	"reflect"
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// The collector's modules, each over its own small page in
// testdata/collector-modules/ (chromedp's TestText shape): the shared
// internal/js modules are called directly, the collector's own through
// harness.js, which prepares a run's walk object first.

const modulePages = "testdata/collector-modules/"

// runCalls opens page and applies every case of mod to it.
func runCalls(t *testing.T, page string, mod *jstest.Module, cases []jstest.Case) {
	t.Helper()
	mod.Run(t, jstest.Open(t, modulePages+page), cases)
}

func el(css string) map[string]any { return jstest.El(css) }

func TestTextModule(t *testing.T) {
	mod := jstest.Load(t, "../internal/js/text.js")
	all := map[string]any{}
	runCalls(t, "text.html", mod, []jstest.Case{
		{Name: "clean collapses white space", Fn: "clean", Args: []any{"  Buy \n milk\t "}, Want: "Buy milk"},
		{Name: "clean of nothing", Fn: "clean", Args: []any{""}, Want: ""},
		{Name: "cut leaves a short string", Fn: "cut", Args: []any{"abc", 5}, Want: "abc"},
		{Name: "cut marks the cut", Fn: "cut", Args: []any{"abcdef", 4}, Want: "abc…"},
		{Name: "cut never splits a surrogate pair", Fn: "cut", Args: []any{"ab😀cd", 4}, Want: "ab…"},
		{Name: "gather joins inline words", Fn: "gather", Args: []any{el("#words"), all, 1000}, Want: "Buy milk and eggs"},
		{Name: "gather separates blocks", Fn: "gather", Args: []any{el("#blocks"), all, 1000}, Want: "64 Projects"},
		{Name: "gather separates CSS blocks", Fn: "gather", Args: []any{el("#flexed"), all, 1000}, Want: "12 Open issues"},
		{Name: "gather skips hidden elements", Fn: "gather", Args: []any{el("#hidden"), all, 1000}, Want: "Shown text"},
		{Name: "gather reads hidden ones when told", Fn: "gather", Args: []any{el("#hidden"), map[string]any{"hidden": true}, 1000}, Want: "Shown secret gone text"},
		{Name: "gather reads alt text and svg titles", Fn: "gather", Args: []any{el("#graphics"), all, 1000}, Want: "Logo Acme gear end"},
		{Name: "gather skips field contents", Fn: "gather", Args: []any{el("#fields"), all, 1000}, Want: "Name done"},
		{Name: "gather skips aria-hidden", Fn: "gather", Args: []any{el("#ariahidden"), all, 1000}, Want: "Visible text"},
		{Name: "gather skips contenteditable", Fn: "gather", Args: []any{el("#editable"), all, 1000}, Want: "Note after"},
		{Name: "gather stops at its limit", Fn: "gather", Args: []any{el("#words"), all, 3}, Want: "Buy"},
		{Name: "idrefText reads the named elements, hidden too", Fn: "idrefText", Args: []any{el("#labelled"), "aria-labelledby", 100}, Want: "First Second"},
		{Name: "idrefText of no attribute", Fn: "idrefText", Args: []any{el("#words"), "aria-labelledby", 100}, Want: ""},
		{Name: "dropInitials keeps text without initials", Fn: "dropInitials", Args: []any{map[string]any{}, "Sarah Kowalski wrote"}, Want: "Sarah Kowalski wrote"},
		{Name: "dropInitials drops an avatar's initials", Fn: "dropInitials", Args: []any{map[string]any{"initials": true, "avatar": "SK"}, "SK Sarah Kowalski wrote"}, Want: "Sarah Kowalski wrote"},
		{Name: "abbreviates: initials of a name", Fn: "abbreviates", Args: []any{"SK", "Sarah Kowalski"}, Want: true},
		{Name: "abbreviates: other letters", Fn: "abbreviates", Args: []any{"XY", "Sarah Kowalski"}, Want: false},
	})
}

func TestVisibilityModule(t *testing.T) {
	mod := jstest.Load(t, "../internal/js/visibility.js")
	var calls []jstest.Case
	for _, c := range []struct {
		id         string
		vis, shown bool
	}{
		{"plain", true, true},
		{"none", false, false},
		{"hiddenvis", false, true},  // rendered, but visibility:hidden
		{"transparent", true, true}, // opacity does not count
		{"contents", true, false},   // display:contents: its children render
		{"innone", false, false},    // inside display:none
		{"closed", false, false},    // in a closed <details>
	} {
		calls = append(calls,
			jstest.Case{Name: c.id + " vis", Fn: "vis", Args: []any{el("#" + c.id)}, Want: c.vis},
			jstest.Case{Name: c.id + " shown", Fn: "shown", Args: []any{el("#" + c.id)}, Want: c.shown})
	}
	runCalls(t, "visibility.html", mod, calls)
}

func TestRegistryModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	s := jstest.Open(t, modulePages+"registry.html")
	var a1, a2, b, doc1, doc2 string
	mod.Call(t, s, "keyFor", []any{el("#a")}, &a1)
	mod.Call(t, s, "keyFor", []any{el("#b")}, &b)
	mod.Call(t, s, "keyFor", []any{el("#a")}, &a2) // a later script run: the registry is kept
	mod.Call(t, s, "docId", nil, &doc1)
	mod.Call(t, s, "docId", nil, &doc2)
	if a1 == "" || a1 != a2 || a1 == b {
		t.Errorf("keys: a %q then %q, b %q: want one stable key per element", a1, a2, b)
	}
	if len(doc1) != 32 || doc1 != doc2 {
		t.Errorf("docId %q then %q: want one 32-hex id for the document", doc1, doc2)
	}
	for key, want := range map[string]string{a1: "a", b: "b", "r" + a1[1:]: "a", "e999999": "", "": ""} {
		var got string
		mod.Call(t, s, "elFor", []any{key}, &got)
		if got != want {
			t.Errorf("el(%q) is #%s, want #%s", key, got, want)
		}
	}
}

type controlFacts struct {
	Kind string `json:"kind"`
	Role string `json:"role"`
	Name string `json:"name"`
}

func TestControlsModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "controls.html", mod, []jstest.Case{
		{Name: "button", Fn: "controlOf", Args: []any{el("#save")}, Want: controlFacts{"click", "button", "Save changes"}},
		{Name: "link", Fn: "controlOf", Args: []any{el("#home")}, Want: controlFacts{"link", "link", "Home"}},
		{Name: "labelled field", Fn: "controlOf", Args: []any{el("#email")}, Want: controlFacts{"type", "textbox", "Email address"}},
		{Name: "checkbox by aria-label", Fn: "controlOf", Args: []any{el("#agree")}, Want: controlFacts{"check", "checkbox", "I agree"}},
		{Name: "role=button", Fn: "controlOf", Args: []any{el("#fake")}, Want: controlFacts{"click", "button", "Fake button"}},
		{Name: "select", Fn: "controlOf", Args: []any{el("#size")}, Want: controlFacts{"select", "combobox", "Size"}},
		{Name: "textarea by placeholder", Fn: "controlOf", Args: []any{el("#notes")}, Want: controlFacts{"type", "textbox", "Your notes"}},
		{Name: "symbol button: its text names it, its title describes it", Fn: "controlOf", Args: []any{el("#titled")}, Want: controlFacts{"click", "button", "×"}},
		{Name: "text is no control", Fn: "controlOf", Args: []any{el("#text")}, Want: controlFacts{}},
		{Name: "an image input's alt symbol, its title", Fn: "symbolTitle", Args: []any{el("#imgplus")}, Want: "Add next"},
		{Name: "one letter is a symbol too", Fn: "symbolTitle", Args: []any{el("#imgx")}, Want: "Remove"},
		{Name: "a count is data, not a symbol", Fn: "symbolTitle", Args: []any{el("#count3")}, Want: ""},
		{Name: "a word is no symbol", Fn: "symbolTitle", Args: []any{el("#save")}, Want: ""},
		{Name: "a radio's text after it", Fn: "after", Args: []any{el("#ai")}, Want: "AI"},
		{Name: "a label element after it is the label's business", Fn: "after", Args: []any{el("#nobox")}, Want: ""},
		{Name: "an access key's hint alone is no name", Fn: "controlOf", Args: []any{el("#hinted")}, Want: controlFacts{"type", "textbox", "Search"}},
		{Name: "an access key's hint after a name is cut", Fn: "controlOf", Args: []any{el("#boldhint")}, Want: controlFacts{"click", "button", "Bold Text"}},
		{Name: "brackets without an access key stay", Fn: "controlOf", Args: []any{el("#nokey")}, Want: controlFacts{"click", "button", "Export [CSV]"}},
		{Name: "an icon's alt beside the same text is said once", Fn: "controlOf", Args: []any{el("#doubled")}, Want: controlFacts{"link", "link", "Copy"}},
		{Name: "two labels of one text are said once", Fn: "controlOf", Args: []any{el("#rows")}, Want: controlFacts{"select", "combobox", "Number of rows:"}},
		{Name: "a phrase that repeats a word in another case stays", Fn: "controlOf", Args: []any{el("#twice")}, Want: controlFacts{"link", "link", "Bye bye"}},
		{Name: "text for screen readers only after shown words is no part of the name", Fn: "controlOf", Args: []any{el("#srtail")}, Want: controlFacts{"click", "button", "New"}},
		{Name: "a control showing no words is named by its title before its hidden text", Fn: "controlOf", Args: []any{el("#srtitled")}, Want: controlFacts{"click", "button", "Select all files"}},
		{Name: "hidden text is the name when nothing else names the control", Fn: "controlOf", Args: []any{el("#sronly")}, Want: controlFacts{"click", "button", "Shut down"}},
	})
}

func TestIconsModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "icons.html", mod, []jstest.Case{
		{Name: "font awesome", Fn: "icon", Args: []any{el("#fa")}, Want: "trash"},
		{Name: "bootstrap icons, a shape suffix dropped", Fn: "icon", Args: []any{el("#bi")}, Want: "pencil"},
		{Name: "material ligature", Fn: "icon", Args: []any{el("#material")}, Want: "delete"},
		{Name: "svg title", Fn: "icon", Args: []any{el("#svgtitle")}, Want: "Settings"},
		{Name: "svg class", Fn: "icon", Args: []any{el("#svgclass")}, Want: "star"},
		{Name: "no icon", Fn: "icon", Args: []any{el("#noicon")}, Want: ""},
	})
}

func TestHittestModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "hittest.html", mod, []jstest.Case{
		{Name: "under a full-page overlay", Fn: "covered", Args: []any{el("#under")}, Want: true},
		{Name: "the overlay covers all", Fn: "covered", Args: []any{el("#free")}, Want: true},
	})
}

func TestRecordsModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "records.html", mod, []jstest.Case{
		{Name: "list item", Fn: "recordKindOf", Args: []any{el("#t1")}, Want: "list"},
		{Name: "table row", Fn: "recordKindOf", Args: []any{el("#r1")}, Want: "table"},
		{Name: "paragraph", Fn: "recordKindOf", Args: []any{el("#para")}, Want: ""},
		{Name: "a row under the filters", Fn: "recordKindOf", Args: []any{el("#u1")}, Want: "table"},
		{Name: "a spanning row of only controls is the table's toolbar", Fn: "recordKindOf", Args: []any{el("#toolbar")}, Want: ""},
		{Name: "a spanning row with text of its own is a record", Fn: "recordKindOf", Args: []any{el("#note")}, Want: "table"},
		{Name: "the one row of a table of controls without headers is layout", Fn: "recordKindOf", Args: []any{el("#layout")}, Want: ""},
		{Name: "the one row of a table of data is a record", Fn: "recordKindOf", Args: []any{el("#onedata")}, Want: "table"},
		{Name: "a header row of fields is a filter row", Fn: "filterRowOf", Args: []any{el("#filters")}, Want: true},
		{Name: "a data row is no filter row", Fn: "filterRowOf", Args: []any{el("#u1")}, Want: false},
		{Name: "a filter field is named by its column", Fn: "filterLabelOf", Args: []any{el("#filters input[name=usermail]")}, Want: "Email filter"},
		{Name: "a row's headers skip the filter row", Fn: "headersOfRow", Args: []any{el("#u1")}, Want: []string{"User", "Email"}},
	})
}

type foldResult struct {
	Shapes []struct {
		Shape string `json:"shape"`
		Label string `json:"label"`
		Kind  string `json:"kind"`
		Count int    `json:"count"`
	} `json:"shapes"`
	Records [][]string `json:"records"`
}

func TestFoldingModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	s := jstest.Open(t, modulePages+"folding.html")
	var got foldResult
	mod.Call(t, s, "rowActions", []any{"li", "button"}, &got)
	type shape struct {
		label string
		count int
	}
	var shapes []shape
	for _, sh := range got.Shapes {
		shapes = append(shapes, shape{sh.Label, sh.Count})
	}
	want := []shape{
		{"Delete", 3},        // the same name on every row: one shape
		{"Edit", 3},          // the row's text removed from the name
		{"Star / Unstar", 3}, // one slot, a few names
		{"Archive it", 2},    // declared: one shape per declared name, its first label
	}
	if !reflect.DeepEqual(shapes, want) {
		t.Errorf("shapes = %+v, want %+v", shapes, want)
	}
	if n := len(got.Records); n != 5 || len(got.Records[0]) != 3 || len(got.Records[4]) != 1 {
		t.Errorf("records' actions = %v, want three for each inferred row, one for each declared", got.Records)
	}
}
