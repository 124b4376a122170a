package browser_test

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

const selectPage = "testdata/jsmodules/page.html"

func notFound() map[string]any       { return map[string]any{"code": "TEXT_NOT_FOUND", "n": 0} }
func ambiguous(n int) map[string]any { return map[string]any{"code": "TEXT_AMBIGUOUS", "n": n} }

// occurrence.js finds the one occurrence replace selects, or says how
// many there are.
func TestOccurrenceModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "js/occurrence.js")
	runJSCalls(t, s, m, []jsCall{
		{"once", "where", []any{"one two three", "two"}, map[string]any{"i": 4}},
		{"missing", "where", []any{"one two three", "four"}, notFound()},
		{"twice", "where", []any{"one two one", "one"}, ambiguous(2)},
	})
}

// focus.js finds the focused element through an open shadow root.
func TestFocusModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	runJSCalls(t, s, m, []jsCall{
		{"in the document", "focused", []any{"#txt", false}, "txt"},
		{"inside a shadow root", "focused", []any{"#inner", true}, "inner"},
	})
}

type sel struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// textselect.js selects in a text field or a contenteditable as a
// person's click and drag would: all, the end, or the one occurrence.
func TestTextSelectModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	runJSCalls(t, s, m, []jsCall{
		{"field: all", "field", []any{jsEl("#ta"), "all", ""}, sel{0, 10}},
		{"field: the end", "field", []any{jsEl("#ta"), "end", ""}, sel{10, 10}},
		{"field: the one occurrence", "field", []any{jsEl("#ta"), "find", "beta"}, sel{6, 10}},
		{"field: an ambiguous part", "field", []any{jsEl("#txt"), "find", "one"}, ambiguous(2)},
		{"field: a number input takes a whole value", "field", []any{jsEl("#num"), "end", ""},
			map[string]any{"code": "INVALID_ARGUMENT", "reason": "this field (type number) takes a whole value only: type it without append or replace"}},
		{"editable: all", "editable", []any{jsEl("#ce"), "all", ""}, map[string]any{"text": "bold and italic", "collapsed": false}},
		{"editable: the end", "editable", []any{jsEl("#ce"), "end", ""}, map[string]any{"text": "", "collapsed": true}},
		{"editable: across text nodes", "editable", []any{jsEl("#ce"), "find", "d and i"}, map[string]any{"text": "d and i", "collapsed": false}},
		{"editable: missing", "editable", []any{jsEl("#ce"), "find", "xyz"}, notFound()},
	})
}

// editorselect.js answers for code editors: select-all keys, CodeMirror
// 5's own model, the caller's Ctrl+End, the DOM selection for
// CodeMirror 6, and an error for a Monaco the page does not expose.
func TestEditorSelectModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	keysSet := map[string]any{"how": "keys-set"}
	runJSCalls(t, s, m, []jsCall{
		{"all: the editor's select-all", "editor", []any{jsEl("#cm5"), "all", ""}, map[string]any{"r": map[string]any{"how": "keys"}, "calls": []any{}}},
		{"codemirror 5: the end", "editor", []any{jsEl("#cm5"), "end", ""}, map[string]any{"r": keysSet, "calls": []any{"goDocEnd"}}},
		{"codemirror 5: the one occurrence", "editor", []any{jsEl("#cm5"), "find", "where"}, map[string]any{"r": keysSet, "calls": []any{[]int{16, 21}}}},
		{"codemirror 5: ambiguous", "editor", []any{jsEl("#cm5"), "find", "t"}, map[string]any{"r": ambiguous(3), "calls": []any{}}},
		{"codemirror 6: the DOM selection does it", "editor", []any{jsEl("#cm6"), "find", "x"}, map[string]any{"r": nil, "calls": nil}},
		{"an unreachable editor's end: the caller's keys", "editor", []any{jsEl("#mon"), "end", ""}, map[string]any{"r": map[string]any{"how": "keys-end"}, "calls": nil}},
		{"monaco without its global", "editor", []any{jsEl("#mon"), "find", "x"}, map[string]any{"r": map[string]any{"code": "INVALID_ARGUMENT",
			"reason": "replace works in text fields, text areas, contenteditable, CodeMirror and Monaco editors whose model the page exposes, not in this editor: type its whole text, or append"}, "calls": nil}},
	})
}

// typewatch.js tells the fields that announce suggestions and counts the
// page's reaction until the watch is stopped.
func TestTypeWatchModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	runJSCalls(t, s, m, []jsCall{
		{"a combobox", "suggesting", []any{jsEl("#combo")}, true},
		{"aria-autocomplete", "suggesting", []any{jsEl("#auto")}, true},
		{"a listbox popup", "suggesting", []any{jsEl("#pop")}, true},
		{"a plain field", "suggesting", []any{jsEl("#plain")}, false},
		{"a watch counts, and stops", "watched", []any{jsEl("#combo")}, map[string]any{"n": 1, "stopped": true}},
	})
}

// act.js (and acthit.js) place one input step: a reachable control gets
// a point and the URLs a click would open; a gone, disabled or hidden
// control, one a dialog covers and one off screen are refused with their
// codes (the off-screen one with a row to hover); a select is chosen in
// the page.
func TestActModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/act.html")
	m := jstest.Load(t, "testdata/jsmodules/actprobe.js")
	click := map[string]any{"op": "click"}
	refused := func(code string) map[string]any { return map[string]any{"ok": false, "code": code} }
	runJSCalls(t, s, m, []jsCall{
		{"a link", "acted", []any{"#link", click}, map[string]any{"ok": true, "code": "", "nav": []string{"/next"}}},
		{"a button", "acted", []any{"#ok", click}, map[string]any{"ok": true, "code": "", "nav": []string{}}},
		// formAction is the document's URL when the button has no formaction.
		{"a submit button", "acted", []any{"#submit", click}, map[string]any{"ok": true, "code": "", "nav": []string{"/act.html"}}},
		{"a gone key", "acted", []any{"", click}, refused("ACTION_NOT_FOUND")},
		{"disabled", "acted", []any{"#off", click}, refused("UNAVAILABLE")},
		{"not rendered", "acted", []any{"#hidden", click}, refused("UNAVAILABLE")},
		{"an unknown option", "acted", []any{"#sel", map[string]any{"op": "select", "value": "Cherry"}}, refused("INVALID_ARGUMENT")},
		{"an option by label", "acted", []any{"#sel", map[string]any{"op": "select", "value": "Banana"}}, map[string]any{"ok": true, "code": "", "done": true}},
		{"off screen, with its row", "acted", []any{"#far", click}, map[string]any{"ok": false, "code": "TARGET_NOT_REACHED", "has_row": true}},
		{"covered by a dialog", "acted", []any{"#top", click}, refused("TARGET_COVERED")},
	})
}
