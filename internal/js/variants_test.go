package js_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// call is one export of testdata/probe.js applied in the page, and the
// JSON it must answer.
type call struct {
	name string
	fn   string
	args []any
	want any
}

func el(css string) map[string]any { return map[string]any{"$": css} }

// run applies each call in a page opened from testdata/variants.html (a
// fresh one per call when fresh, for the registry's state).
func run(t *testing.T, calls []call, fresh bool) {
	t.Helper()
	m := jstest.Load(t, "testdata/probe.js")
	var s = jstest.Open(t, "testdata/variants.html")
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			if fresh {
				s = jstest.Open(t, "testdata/variants.html")
			}
			var got any
			m.Call(t, s, c.fn, c.args, &got)
			b, _ := json.Marshal(c.want)
			var want any
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s(%v) = %v, want %v", c.fn, c.args, got, want)
			}
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
	run(t, []call{
		{"plain", "visibility", []any{el("#plain")}, visAnswer{true, true, true, true, true, false}},
		{"opacity 0: only readable hides it", "visibility", []any{el("#ghost")}, visAnswer{true, true, false, true, true, false}},
		{"visibility hidden: a box, not seen", "visibility", []any{el("#vh")}, visAnswer{false, true, false, false, true, false}},
		{"display none", "visibility", []any{el("#gone")}, visAnswer{false, false, false, false, false, false}},
		{"display contents: rendered makes no exception", "visibility", []any{el("#contents")}, visAnswer{true, false, true, false, false, false}},
		{"under aria-hidden: only ariaHidden climbs", "visibility", []any{el("#underhidden")}, visAnswer{true, true, true, true, true, true}},
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
	run(t, []call{
		{"plain text is prose", "noText", []any{el("#plain"), false}, noTextAnswer{false, false, false}},
		{"a button is no prose, but gather reads it", "noText", []any{el("#btn"), false}, noTextAnswer{true, true, false}},
		{"inert", "noText", []any{el("#inert"), false}, noTextAnswer{true, false, false}},
		{"contenteditable", "noText", []any{el("#ce"), false}, noTextAnswer{true, false, false}},
		{"text-entry role", "noText", []any{el("#tb"), false}, noTextAnswer{true, false, false}},
		{"opacity 0", "noText", []any{el("#ghost"), false}, noTextAnswer{true, false, false}},
		{"opacity 0, lazy: the caller checks", "noText", []any{el("#ghost"), true}, noTextAnswer{false, false, false}},
		{"gather reads the button and inert text, skips contenteditable and hidden", "gathered", []any{el("#wrap")}, "plain ghost inside inert text Buy entered a"},
		{"HTML white space keeps a no-break space", "trims", []any{"\u00a0a \n b\u00a0"}, map[string]string{"html": "\u00a0a b\u00a0", "clean": "a b"}},
		{"fnv1a of empty", "hash", []any{""}, 0x811c9dc5},
		{"fnv1a of a", "hash", []any{"a"}, 0xe40c292c},
	}, false)
}

// One registry setup: extract's documentId and the collector's registry
// adopt the same window.__pling; read.js's existing never creates one
// and ignores a planted prototype property, fillform's existingLoose
// does not; a frozen registry makes adopt throw and documentId answer an empty id.
func TestRegistryVariants(t *testing.T) {
	run(t, []call{
		{"no registry until one is set up", "fresh", nil, map[string]bool{"existing": true, "loose": true}},
		{"documentId: one hidden id, the document stamped, no keys", "idTwice", nil, map[string]bool{"same": true, "hex": true, "doc": true, "enumerable": false, "keys": true}},
		{"the collector adopts extract's registry", "collectorAdopts", nil, map[string]bool{"same": true, "adopted": true, "el": true}},
		{"keys map back to elements", "keyed", []any{el("#plain")}, map[string]bool{"key": true, "again": true, "back": true, "noRegistry": true, "gone": true, "existing": true}},
		{"a planted prototype registry: only existingLoose takes it", "planted", nil, map[string]any{"existing": true, "loose": "planted"}},
		{"a frozen registry", "frozen", nil, map[string]any{"id": "", "adoptThrows": true}},
	}, true)
}
