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

// call is one export called with args and the JSON it must return.
type call struct {
	name string
	fn   string
	args []any
	want any
}

// runCalls opens page and checks every call of mod against it.
func runCalls(t *testing.T, page string, mod *jstest.Module, calls []call) {
	t.Helper()
	s := jstest.Open(t, modulePages+page)
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			got := reflect.New(reflect.TypeOf(c.want)).Interface()
			mod.Call(t, s, c.fn, c.args, got)
			if g := reflect.ValueOf(got).Elem().Interface(); !reflect.DeepEqual(g, c.want) {
				t.Errorf("%s(%v) = %#v, want %#v", c.fn, c.args, g, c.want)
			}
		})
	}
}

func el(css string) map[string]string { return map[string]string{"$": css} }

func TestTextModule(t *testing.T) {
	mod := jstest.Load(t, "../internal/js/text.js")
	all := map[string]any{}
	runCalls(t, "text.html", mod, []call{
		{"clean collapses white space", "clean", []any{"  Buy \n milk\t "}, "Buy milk"},
		{"clean of nothing", "clean", []any{""}, ""},
		{"cut leaves a short string", "cut", []any{"abc", 5}, "abc"},
		{"cut marks the cut", "cut", []any{"abcdef", 4}, "abc…"},
		{"cut never splits a surrogate pair", "cut", []any{"ab😀cd", 4}, "ab…"},
		{"gather joins inline words", "gather", []any{el("#words"), all, 1000}, "Buy milk and eggs"},
		{"gather separates blocks", "gather", []any{el("#blocks"), all, 1000}, "64 Projects"},
		{"gather separates CSS blocks", "gather", []any{el("#flexed"), all, 1000}, "12 Open issues"},
		{"gather skips hidden elements", "gather", []any{el("#hidden"), all, 1000}, "Shown text"},
		{"gather reads hidden ones when told", "gather", []any{el("#hidden"), map[string]any{"hidden": true}, 1000}, "Shown secret gone text"},
		{"gather reads alt text and svg titles", "gather", []any{el("#graphics"), all, 1000}, "Logo Acme gear end"},
		{"gather skips field contents", "gather", []any{el("#fields"), all, 1000}, "Name done"},
		{"gather skips aria-hidden", "gather", []any{el("#ariahidden"), all, 1000}, "Visible text"},
		{"gather skips contenteditable", "gather", []any{el("#editable"), all, 1000}, "Note after"},
		{"gather stops at its limit", "gather", []any{el("#words"), all, 3}, "Buy"},
		{"idrefText reads the named elements, hidden too", "idrefText", []any{el("#labelled"), "aria-labelledby", 100}, "First Second"},
		{"idrefText of no attribute", "idrefText", []any{el("#words"), "aria-labelledby", 100}, ""},
		{"dropInitials keeps text without initials", "dropInitials", []any{map[string]any{}, "Sarah Kowalski wrote"}, "Sarah Kowalski wrote"},
		{"dropInitials drops an avatar's initials", "dropInitials", []any{map[string]any{"initials": true, "avatar": "SK"}, "SK Sarah Kowalski wrote"}, "Sarah Kowalski wrote"},
		{"abbreviates: initials of a name", "abbreviates", []any{"SK", "Sarah Kowalski"}, true},
		{"abbreviates: other letters", "abbreviates", []any{"XY", "Sarah Kowalski"}, false},
	})
}

func TestVisibilityModule(t *testing.T) {
	mod := jstest.Load(t, "../internal/js/visibility.js")
	var calls []call
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
			call{c.id + " vis", "vis", []any{el("#" + c.id)}, c.vis},
			call{c.id + " shown", "shown", []any{el("#" + c.id)}, c.shown})
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
	runCalls(t, "controls.html", mod, []call{
		{"button", "controlOf", []any{el("#save")}, controlFacts{"click", "button", "Save changes"}},
		{"link", "controlOf", []any{el("#home")}, controlFacts{"link", "link", "Home"}},
		{"labelled field", "controlOf", []any{el("#email")}, controlFacts{"type", "textbox", "Email address"}},
		{"checkbox by aria-label", "controlOf", []any{el("#agree")}, controlFacts{"check", "checkbox", "I agree"}},
		{"role=button", "controlOf", []any{el("#fake")}, controlFacts{"click", "button", "Fake button"}},
		{"select", "controlOf", []any{el("#size")}, controlFacts{"select", "combobox", "Size"}},
		{"textarea by placeholder", "controlOf", []any{el("#notes")}, controlFacts{"type", "textbox", "Your notes"}},
		{"symbol button: its text names it, its title describes it", "controlOf", []any{el("#titled")}, controlFacts{"click", "button", "×"}},
		{"text is no control", "controlOf", []any{el("#text")}, controlFacts{}},
	})
}

func TestIconsModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "icons.html", mod, []call{
		{"font awesome", "icon", []any{el("#fa")}, "trash"},
		{"bootstrap icons, a shape suffix dropped", "icon", []any{el("#bi")}, "pencil"},
		{"material ligature", "icon", []any{el("#material")}, "delete"},
		{"svg title", "icon", []any{el("#svgtitle")}, "Settings"},
		{"svg class", "icon", []any{el("#svgclass")}, "star"},
		{"no icon", "icon", []any{el("#noicon")}, ""},
	})
}

func TestHittestModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "hittest.html", mod, []call{
		{"under a full-page overlay", "covered", []any{el("#under")}, true},
		{"the overlay covers all", "covered", []any{el("#free")}, true},
	})
}

func TestRecordsModule(t *testing.T) {
	mod := jstest.Load(t, modulePages+"harness.js")
	runCalls(t, "records.html", mod, []call{
		{"list item", "recordKindOf", []any{el("#t1")}, "list"},
		{"table row", "recordKindOf", []any{el("#r1")}, "table"},
		{"paragraph", "recordKindOf", []any{el("#para")}, ""},
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
