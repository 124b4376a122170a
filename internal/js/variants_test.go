package js_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// run applies each case in a page opened from testdata/variants.html (a
// fresh one per case when fresh, for the registry's state).
func run(t *testing.T, cases []jstest.Case, fresh bool) {
	t.Helper()
	m := jstest.Load(t, "testdata/probe.js")
	s := jstest.Open(t, "testdata/variants.html")
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if fresh {
				s = jstest.Open(t, "testdata/variants.html")
			}
			m.Check(t, s, c)
		})
	}
}

type visAnswer struct {
	Vis         bool `json:"vis"`
	Shown       bool `json:"shown"`
	Readable    bool `json:"readable"`
	Rendered    bool `json:"rendered"`
	RenderedBox bool `json:"renderedBox"`
	AriaHidden  bool `json:"ariaHidden"`
}

// Each visibility variant differs from the collector's vis where its doc
// comment says: readable hides opacity 0 (read.js), rendered makes no
// display:contents exception (extract.js), ariaHidden climbs to an
// aria-hidden ancestor that vis does not look at.
func TestVisibilityVariants(t *testing.T) {
	run(t, []jstest.Case{
		{Name: "plain", Fn: "visibility", Args: []any{jstest.El("#plain")}, Want: visAnswer{true, true, true, true, true, false}},
		{Name: "opacity 0: only readable hides it", Fn: "visibility", Args: []any{jstest.El("#ghost")}, Want: visAnswer{true, true, false, true, true, false}},
		{Name: "visibility hidden: a box, not seen", Fn: "visibility", Args: []any{jstest.El("#vh")}, Want: visAnswer{false, true, false, false, true, false}},
		{Name: "display none", Fn: "visibility", Args: []any{jstest.El("#gone")}, Want: visAnswer{false, false, false, false, false, false}},
		{Name: "display contents: rendered makes no exception", Fn: "visibility", Args: []any{jstest.El("#contents")}, Want: visAnswer{true, false, true, false, false, false}},
		{Name: "under aria-hidden: only ariaHidden climbs", Fn: "visibility", Args: []any{jstest.El("#underhidden")}, Want: visAnswer{true, true, true, true, true, true}},
	}, false)
}

type noTextAnswer struct {
	NoProse   bool `json:"noProse"`
	ProseTag  bool `json:"proseTag"`
	GatherTag bool `json:"gatherTag"`
}

// read.js's noProse leaves out more than gather: buttons, inert subtrees
// and text-entry roles, and (unless lazy) what readable hides; extract's
// HTML white space keeps a no-break space that clean's \s removes.
func TestTextVariants(t *testing.T) {
	run(t, []jstest.Case{
		{Name: "plain text is prose", Fn: "noText", Args: []any{jstest.El("#plain"), false}, Want: noTextAnswer{false, false, false}},
		{Name: "a button is no prose, but gather reads it", Fn: "noText", Args: []any{jstest.El("#btn"), false}, Want: noTextAnswer{true, true, false}},
		{Name: "inert", Fn: "noText", Args: []any{jstest.El("#inert"), false}, Want: noTextAnswer{true, false, false}},
		{Name: "contenteditable", Fn: "noText", Args: []any{jstest.El("#ce"), false}, Want: noTextAnswer{true, false, false}},
		{Name: "text-entry role", Fn: "noText", Args: []any{jstest.El("#tb"), false}, Want: noTextAnswer{true, false, false}},
		{Name: "opacity 0", Fn: "noText", Args: []any{jstest.El("#ghost"), false}, Want: noTextAnswer{true, false, false}},
		{Name: "opacity 0, lazy: the caller checks", Fn: "noText", Args: []any{jstest.El("#ghost"), true}, Want: noTextAnswer{false, false, false}},
		{Name: "gather reads the button and inert text, skips contenteditable and hidden", Fn: "gathered", Args: []any{jstest.El("#wrap")}, Want: "plain ghost inside inert text Buy entered a"},
		{Name: "an icon's alt that the caption beside it repeats is said once", Fn: "gathered", Args: []any{jstest.El("#echo")}, Want: "Copy Delete Edit Star Favourite"},
		{Name: "HTML white space keeps a no-break space", Fn: "trims", Args: []any{"\u00a0a \n b\u00a0"}, Want: map[string]string{"html": "\u00a0a b\u00a0", "clean": "a b"}},
		{Name: "fnv1a of empty", Fn: "hash", Args: []any{""}, Want: 0x811c9dc5},
		{Name: "fnv1a of a", Fn: "hash", Args: []any{"a"}, Want: 0xe40c292c},
	}, false)
}

// One registry setup: extract's documentId and the collector's registry
// adopt the same window.__pling; read.js's existing never creates one
// and ignores a planted prototype property, fillform's existingLoose
// does not; a frozen registry makes adopt throw and documentId answer an empty id.
func TestRegistryVariants(t *testing.T) {
	run(t, []jstest.Case{
		{Name: "no registry until one is set up", Fn: "fresh", Args: nil, Want: map[string]bool{"existing": true, "loose": true}},
		{Name: "documentId: one hidden id, the document stamped, no keys", Fn: "idTwice", Args: nil, Want: map[string]bool{"same": true, "hex": true, "doc": true, "enumerable": false, "keys": true}},
		{Name: "the collector adopts extract's registry", Fn: "collectorAdopts", Args: nil, Want: map[string]bool{"same": true, "adopted": true, "el": true}},
		{Name: "keys map back to elements", Fn: "keyed", Args: []any{jstest.El("#plain")}, Want: map[string]bool{"key": true, "again": true, "back": true, "noRegistry": true, "gone": true, "existing": true}},
		{Name: "a planted prototype registry: only existingLoose takes it", Fn: "planted", Args: nil, Want: map[string]any{"existing": true, "loose": "planted"}},
		{Name: "a frozen registry", Fn: "frozen", Args: nil, Want: map[string]any{"id": "", "adoptThrows": true}},
	}, true)
}
