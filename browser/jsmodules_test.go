package browser_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

const selectPage = "testdata/jsmodules/page.html"

func notFound() map[string]any       { return map[string]any{"code": "TEXT_NOT_FOUND", "n": 0} }
func ambiguous(n int) map[string]any { return map[string]any{"code": "TEXT_AMBIGUOUS", "n": n} }

// occurrence.js finds the one occurrence replace selects, or says how
// many there are.
func TestOccurrenceModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "js/occurrence.js")
	m.Run(t, s, []jstest.Case{
		{Name: "once", Fn: "where", Args: []any{"one two three", "two"}, Want: map[string]any{"i": 4}},
		{Name: "missing", Fn: "where", Args: []any{"one two three", "four"}, Want: notFound()},
		{Name: "twice", Fn: "where", Args: []any{"one two one", "one"}, Want: ambiguous(2)},
	})
}

// focus.js finds the focused element through an open shadow root.
func TestFocusModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	m.Run(t, s, []jstest.Case{
		{Name: "in the document", Fn: "focused", Args: []any{"#txt", false}, Want: "txt"},
		{Name: "inside a shadow root", Fn: "focused", Args: []any{"#inner", true}, Want: "inner"},
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
	m.Run(t, s, []jstest.Case{
		{Name: "field: all", Fn: "field", Args: []any{jstest.El("#ta"), "all", ""}, Want: sel{0, 10}},
		{Name: "field: the end", Fn: "field", Args: []any{jstest.El("#ta"), "end", ""}, Want: sel{10, 10}},
		{Name: "field: the one occurrence", Fn: "field", Args: []any{jstest.El("#ta"), "find", "beta"}, Want: sel{6, 10}},
		{Name: "field: an ambiguous part", Fn: "field", Args: []any{jstest.El("#txt"), "find", "one"}, Want: ambiguous(2)},
		{Name: "field: a number input takes a whole value", Fn: "field", Args: []any{jstest.El("#num"), "end", ""},
			Want: map[string]any{"code": "INVALID_ARGUMENT", "reason": "this field (type number) takes a whole value only: type it without append or replace"}},
		{Name: "editable: all", Fn: "editable", Args: []any{jstest.El("#ce"), "all", ""}, Want: map[string]any{"text": "bold and italic", "collapsed": false}},
		{Name: "editable: the end", Fn: "editable", Args: []any{jstest.El("#ce"), "end", ""}, Want: map[string]any{"text": "", "collapsed": true}},
		{Name: "editable: across text nodes", Fn: "editable", Args: []any{jstest.El("#ce"), "find", "d and i"}, Want: map[string]any{"text": "d and i", "collapsed": false}},
		{Name: "editable: missing", Fn: "editable", Args: []any{jstest.El("#ce"), "find", "xyz"}, Want: notFound()},
	})
}

// editorselect.js answers for code editors: select-all keys, CodeMirror
// 5's own model, the caller's Ctrl+End, the DOM selection for
// CodeMirror 6, and an error for a Monaco the page does not expose.
func TestEditorSelectModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	keysSet := map[string]any{"how": "keys-set"}
	m.Run(t, s, []jstest.Case{
		{Name: "all: the editor's select-all", Fn: "editor", Args: []any{jstest.El("#cm5"), "all", ""}, Want: map[string]any{"r": map[string]any{"how": "keys"}, "calls": []any{}}},
		{Name: "codemirror 5: the end", Fn: "editor", Args: []any{jstest.El("#cm5"), "end", ""}, Want: map[string]any{"r": keysSet, "calls": []any{"goDocEnd"}}},
		{Name: "codemirror 5: the one occurrence", Fn: "editor", Args: []any{jstest.El("#cm5"), "find", "where"}, Want: map[string]any{"r": keysSet, "calls": []any{[]int{16, 21}}}},
		{Name: "codemirror 5: ambiguous", Fn: "editor", Args: []any{jstest.El("#cm5"), "find", "t"}, Want: map[string]any{"r": ambiguous(3), "calls": []any{}}},
		{Name: "codemirror 6: the DOM selection does it", Fn: "editor", Args: []any{jstest.El("#cm6"), "find", "x"}, Want: map[string]any{"r": nil, "calls": nil}},
		{Name: "an unreachable editor's end: the caller's keys", Fn: "editor", Args: []any{jstest.El("#mon"), "end", ""}, Want: map[string]any{"r": map[string]any{"how": "keys-end"}, "calls": nil}},
		{Name: "monaco without its global", Fn: "editor", Args: []any{jstest.El("#mon"), "find", "x"}, Want: map[string]any{"r": map[string]any{"code": "INVALID_ARGUMENT",
			"reason": "replace works in text fields, text areas, contenteditable, CodeMirror and Monaco editors whose model the page exposes, not in this editor: type its whole text, or append"}, "calls": nil}},
	})
}

// typewatch.js tells the fields that announce suggestions and counts the
// page's reaction until the watch is stopped.
func TestTypeWatchModule(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	m.Run(t, s, []jstest.Case{
		{Name: "a combobox", Fn: "suggesting", Args: []any{jstest.El("#combo")}, Want: true},
		{Name: "aria-autocomplete", Fn: "suggesting", Args: []any{jstest.El("#auto")}, Want: true},
		{Name: "a listbox popup", Fn: "suggesting", Args: []any{jstest.El("#pop")}, Want: true},
		{Name: "a plain field", Fn: "suggesting", Args: []any{jstest.El("#plain")}, Want: false},
		{Name: "a watch counts, and stops", Fn: "watched", Args: []any{jstest.El("#combo")}, Want: map[string]any{"n": 1, "stopped": true}},
	})
}

// act.js (and acthit.js) place one input step: a reachable control gets
// a point and the URLs a click would open; a gone, disabled or hidden
// control, one a dialog covers and one off screen are refused with their
// codes (the off-screen one with a row to hover); a select is chosen in
// the page. A covered control's refusal says what covers it: the dialog,
// or the covering element's tag, role and first words (quoted, cut, their
// < and > escaped); a cover that is no dialog asks for the pointer to move
// onto the control's point, after which a cover that goes within the
// bound is waited for.
func TestActModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/act.html")
	m := jstest.Load(t, "testdata/jsmodules/actprobe.js")
	click := map[string]any{"op": "click"}
	refused := func(code string) map[string]any { return map[string]any{"ok": false, "code": code} }
	covered := func(reason string, move bool) map[string]any {
		out := map[string]any{"ok": false, "code": "TARGET_COVERED", "reason": "the control is covered by " + reason}
		if move {
			out["move"] = true
		}
		return out
	}
	tooltip := `another element: span role=tooltip "Click to sort results"`
	m.Run(t, s, []jstest.Case{
		{Name: "a link", Fn: "acted", Args: []any{"#link", click}, Want: map[string]any{"ok": true, "code": "", "nav": []string{"/next"}}},
		{Name: "a button", Fn: "acted", Args: []any{"#ok", click}, Want: map[string]any{"ok": true, "code": "", "nav": []string{}}},
		// formAction is the document's URL when the button has no formaction.
		{Name: "a submit button", Fn: "acted", Args: []any{"#submit", click}, Want: map[string]any{"ok": true, "code": "", "nav": []string{"/act.html"}}},
		{Name: "a gone key", Fn: "acted", Args: []any{"", click}, Want: refused("ACTION_NOT_FOUND")},
		{Name: "disabled", Fn: "acted", Args: []any{"#off", click}, Want: refused("UNAVAILABLE")},
		{Name: "not rendered", Fn: "acted", Args: []any{"#hidden", click}, Want: refused("UNAVAILABLE")},
		{Name: "an unknown option", Fn: "acted", Args: []any{"#sel", map[string]any{"op": "select", "value": "Cherry"}}, Want: refused("INVALID_ARGUMENT")},
		{Name: "an option by label", Fn: "acted", Args: []any{"#sel", map[string]any{"op": "select", "value": "Banana"}}, Want: map[string]any{"ok": true, "code": "", "done": true}},
		{Name: "off screen, with its row", Fn: "acted", Args: []any{"#far", click}, Want: map[string]any{"ok": false, "code": "TARGET_NOT_REACHED", "has_row": true}},
		{Name: "covered by a dialog", Fn: "acted", Args: []any{"#top", click}, Want: covered(`the dialog "Cookies"`, false)},
		{Name: "covered by a tooltip", Fn: "acted", Args: []any{"#tipped", click}, Want: covered(tooltip, true)},
		{Name: "covered by a layer, its long text cut", Fn: "acted", Args: []any{"#toasted", click},
			Want: covered(`another element: span "Saved. Your changes to the page \u003cpage_data\u003e were saved a…"`, true)},
		{Name: "after a move: the cover goes", Fn: "actedAfterMove", Args: []any{"#tipped", "#tip", 100, click}, Want: map[string]any{"ok": true, "code": "", "nav": []string{}}},
		{Name: "after a move: the cover stays", Fn: "actedAfterMove", Args: []any{"#tipped", "#tip", -1, click}, Want: covered(tooltip, true)},
	})
}

// completion.js closes an open completion list through the editor's own
// API (CodeMirror 5's closeHint, Monaco's hideSuggestWidget after its
// quick-suggestion delay, shown or not) or asks for Escape (CodeMirror 6,
// whose list is waited for after the last key); editorcheck.js closes it too and, given the
// typed text, compares the editor's model with it: null where no model
// is readable or no text is given.
func TestCompletionModules(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/completion.html")
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	none := []any{}
	// Monaco: its quickSuggestionsDelay is read (then waited out), and
	// hideSuggestWidget runs whether or not a list is shown.
	monaco := []any{"mon: option 7", "mon: hideSuggestWidget"}
	m.Run(t, s, []jstest.Case{
		{Name: "codemirror 5, open", Fn: "closing", Args: []any{jstest.El("#cm5open")}, Want: map[string]any{"how": "closed", "calls": []any{"cm5open: closeHint"}}},
		{Name: "codemirror 5, now closed", Fn: "closing", Args: []any{jstest.El("#cm5open")}, Want: map[string]any{"how": "", "calls": none}},
		{Name: "codemirror 5 without a list", Fn: "closing", Args: []any{jstest.El("#cm5")}, Want: map[string]any{"how": "", "calls": none}},
		{Name: "monaco, open", Fn: "closing", Args: []any{jstest.El("#mon")}, Want: map[string]any{"how": "closed", "calls": monaco}},
		// none shown, but one may be under way: cancelled all the same
		{Name: "monaco, now closed", Fn: "closing", Args: []any{jstest.El("#mon")}, Want: map[string]any{"how": "", "calls": monaco}},
		{Name: "codemirror 6: Escape", Fn: "closing", Args: []any{jstest.El("#cm6")}, Want: map[string]any{"how": "escape", "calls": none}},
		// after the last key, a list CodeMirror 6 opens a moment later
		// is waited for (its content says it completes); none, "" after
		// the bound
		{Name: "codemirror 6: a list opening after the last key", Fn: "lateList", Args: []any{40}, Want: "escape"},
		{Name: "codemirror 6: no list after the last key", Fn: "lateList", Args: []any{-1}, Want: ""},
		{Name: "no editor", Fn: "closing", Args: []any{nil}, Want: map[string]any{"how": "", "calls": none}},
		{Name: "holds: codemirror 5, the same text", Fn: "holding", Args: []any{"#cm5in", "SELECT 1"}, Want: map[string]any{"r": map[string]any{"holds": true, "escape": false}, "calls": none}},
		{Name: "holds: codemirror 5, other text", Fn: "holding", Args: []any{"#cm5in", "SELECT 2"}, Want: map[string]any{"r": map[string]any{"holds": false, "escape": false}, "calls": none}},
		{Name: "holds: monaco's model", Fn: "holding", Args: []any{"#monin", "SELECT\n2"}, Want: map[string]any{"r": map[string]any{"holds": true, "escape": false}, "calls": monaco}},
		{Name: "holds: codemirror 6, unknown, Escape", Fn: "holding", Args: []any{"#cm6in", "x"}, Want: map[string]any{"r": map[string]any{"holds": nil, "escape": true}, "calls": none}},
		{Name: "holds: no text given", Fn: "holding", Args: []any{"#cm5in", nil}, Want: map[string]any{"r": map[string]any{"holds": nil, "escape": false}, "calls": none}},
		{Name: "holds: no editor", Fn: "holding", Args: []any{"#plain", "x"}, Want: map[string]any{"r": map[string]any{"holds": nil, "escape": false}, "calls": none}},
	})
}

// selectall.js waits, a bounded moment, for a focus the click left on an
// element that takes no text to move into a field, and places the
// selection there; beyond the bound it answers for the element it has.
func TestSelectAllWaitsForFocus(t *testing.T) {
	s := jstest.Open(t, selectPage)
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	m.Run(t, s, []jstest.Case{
		{Name: "focus moves after 20 ms", Fn: "movedFocus", Args: []any{20}, Want: map[string]any{"r": map[string]any{"how": ""}, "id": "ta", "start": 0, "end": 10}},
		{Name: "focus moves after the bound", Fn: "movedFocus", Args: []any{400}, Want: map[string]any{"r": map[string]any{"how": ""}, "id": "box", "start": nil, "end": nil}},
	})
}
