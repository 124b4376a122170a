package page_test

import (
	"regexp"
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

type proseText struct {
	Text     string `json:"text"`
	CutNodes bool   `json:"cutNodes"`
	CutChars bool   `json:"cutChars"`
}

// prose.js reads a subtree as lines: one per block, "- " before an item,
// " | " between cells, an image's alt; no hidden text, no button caption,
// no field value, no contenteditable; and it says which bound cut it.
func TestProseModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/read.html")
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	all := "Title\nFirst bold para.\n- one\n- two\na | b\nimg cat end\nnext"
	m.Run(t, s, []jstest.Case{
		{Name: "blocks, items, cells, alt text", Fn: "text", Args: []any{jstest.El("#main"), 1000, 100000}, Want: proseText{all, false, false}},
		{Name: "node bound", Fn: "text", Args: []any{jstest.El("#main"), 3, 100000}, Want: proseText{"Title\nFirst bold para.", true, false}},
		{Name: "character bound", Fn: "text", Args: []any{jstest.El("#main"), 1000, 10}, Want: proseText{"Title\nFirs", false, true}},
	})
}

// prosecount.js counts the prose an observation does not show: links,
// status regions and hidden text are not prose, and a listed region's
// text counts for it, not outside.
func TestProseCountModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/read.html")
	m := jstest.Load(t, "testdata/jsmodules/probe.js")
	// Each text run counts its collapsed length plus one. Outside: Title
	// 6, "First bold para." as three runs (6+5+6), one 4, two 4, "img " 4,
	// " end" 4, next 5, hello 6 (the table, the link, the status and the
	// hidden paragraph are not prose); the region: "world wide" 11.
	m.Run(t, s, []jstest.Case{
		{Name: "outside every region", Fn: "counted", Args: []any{"", 1000}, Want: map[string]any{"regions": map[string]any{}, "outside": 61, "cut": false, "timed": true}},
		{Name: "inside a listed region", Fn: "counted", Args: []any{"#region", 1000}, Want: map[string]any{"regions": map[string]any{"r1": 11}, "outside": 50, "cut": false, "timed": true}},
		{Name: "node bound", Fn: "counted", Args: []any{"", 2}, Want: map[string]any{"regions": map[string]any{}, "outside": 6, "cut": true, "timed": true}},
	})
}

// readslice.js pages a text: a slice ends at a line break, else a space,
// in its last fifth, never after a lone high surrogate, and carries the
// whole text's length and FNV-1a digest.
func TestReadSliceModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/read.html")
	m := jstest.Load(t, "js/readslice.js")
	page := func(text string, offset, end, total int, digest string) map[string]any {
		return map[string]any{"found": true, "doc": "d", "text": text, "offset": offset, "end": end, "total": total, "digest": digest, "cut_nodes": false, "cut_chars": true}
	}
	m.Run(t, s, []jstest.Case{
		{Name: "digest of the empty text", Fn: "digestOf", Args: []any{""}, Want: "ztntfp-0"},
		{Name: "the whole text", Fn: "slice", Args: []any{"abc def", 0, 100, "d", false, true}, Want: page("abc def", 0, 7, 7, "1asfje0-7")},
		{Name: "ends at a line break", Fn: "slice", Args: []any{"abcdefgh\nij klmnop", 0, 10, "d", false, true}, Want: page("abcdefgh\n", 0, 9, 18, "1sdby5t-i")},
		{Name: "ends at a space", Fn: "slice", Args: []any{"abcdefgh ij klmnop", 0, 10, "d", false, true}, Want: page("abcdefgh ", 0, 9, 18, "12brghj-i")},
		{Name: "from an offset", Fn: "slice", Args: []any{"abcdefgh ij klmnop", 9, 100, "d", false, true}, Want: page("ij klmnop", 9, 18, 18, "12brghj-i")},
		{Name: "never splits a surrogate pair", Fn: "slice", Args: []any{"ab\U0001F600cd", 0, 3, "d", false, true}, Want: page("ab", 0, 2, 6, "96f1i8-6")},
	})
}

// fieldvalue.js's two readers differ as their doc comment says:
// shownValue refuses password and hidden inputs and gives a select's
// option labels; typedValue reads any field's value for comparison.
func TestFieldValueModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/fields.html")
	m := jstest.Load(t, "js/fieldvalue.js")
	m.Run(t, s, []jstest.Case{
		{Name: "shown: a text input", Fn: "shownValue", Args: []any{jstest.El("#txt")}, Want: "hello"},
		{Name: "shown: a password is refused", Fn: "shownValue", Args: []any{jstest.El("#pw")}, Want: ""},
		{Name: "shown: a hidden input is refused", Fn: "shownValue", Args: []any{jstest.El("#hid")}, Want: ""},
		{Name: "shown: a text area", Fn: "shownValue", Args: []any{jstest.El("#ta")}, Want: "area"},
		{Name: "shown: a select's chosen labels", Fn: "shownValue", Args: []any{jstest.El("#sel")}, Want: "One, Three!"},
		{Name: "shown: a contenteditable", Fn: "shownValue", Args: []any{jstest.El("#ce")}, Want: "edit me"},
		{Name: "shown: no field", Fn: "shownValue", Args: []any{jstest.El("#para")}, Want: ""},
		{Name: "typed: a password is compared too", Fn: "typedValue", Args: []any{jstest.El("#pw")}, Want: "hunter2"},
		{Name: "typed: a select's value", Fn: "typedValue", Args: []any{jstest.El("#sel")}, Want: "One"},
		{Name: "typed: any element's text", Fn: "typedValue", Args: []any{jstest.El("#para")}, Want: "para"},
		{Name: "checked: a checkbox", Fn: "checkedState", Args: []any{jstest.El("#cb")}, Want: true},
		{Name: "checked: aria-checked", Fn: "checkedState", Args: []any{jstest.El("#sw")}, Want: false},
		{Name: "checked: neither", Fn: "checkedState", Args: []any{jstest.El("#para")}, Want: nil},
	})
}

type fieldCheck struct {
	Took    any    `json:"took"`
	Invalid bool   `json:"invalid"`
	Message string `json:"message"`
}

// fillcheck.js tells whether a field took what was given and what the
// page says is wrong with it, never a secret field's browser message.
func TestFillCheckModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/fields.html")
	m := jstest.Load(t, "js/fillcheck.js")
	typed := func(text string) map[string]any { return map[string]any{"kind": "type", "text": text} }
	m.Run(t, s, []jstest.Case{
		{Name: "typed text took", Fn: "checkField", Args: []any{jstest.El("#txt"), typed("hello")}, Want: fieldCheck{true, false, ""}},
		{Name: "typed text did not take", Fn: "checkField", Args: []any{jstest.El("#txt"), typed("nope")}, Want: fieldCheck{false, false, ""}},
		{Name: "contenteditable compares trimmed", Fn: "checkField", Args: []any{jstest.El("#ce"), typed(" edit me ")}, Want: fieldCheck{true, false, ""}},
		{Name: "select by label", Fn: "checkField", Args: []any{jstest.El("#one"), map[string]any{"kind": "select", "value": "Label one"}}, Want: fieldCheck{true, false, ""}},
		{Name: "select by value", Fn: "checkField", Args: []any{jstest.El("#one"), map[string]any{"kind": "select", "value": "v1"}}, Want: fieldCheck{true, false, ""}},
		{Name: "check state", Fn: "checkField", Args: []any{jstest.El("#cb"), map[string]any{"kind": "check", "checked": false}}, Want: fieldCheck{false, false, ""}},
		{Name: "the page's error message first", Fn: "checkField", Args: []any{jstest.El("#req"), typed("")}, Want: fieldCheck{true, true, "Enter a value"}},
		{Name: "aria-invalid with a description", Fn: "checkField", Args: []any{jstest.El("#described"), typed("")}, Want: fieldCheck{true, true, "Hint text"}},
		{Name: "a secret field gets no browser message", Fn: "checkField", Args: []any{jstest.El("#cc"), typed("")}, Want: fieldCheck{true, true, ""}},
		{Name: "a gone field", Fn: "checkField", Args: []any{jstest.El("#none"), typed("x")}, Want: fieldCheck{nil, false, ""}},
	})
}

var digestShape = regexp.MustCompile(`^[0-9a-f]{1,8}:5$`)

// fillform.js's digest is a salted hash of the field's value and its
// length: another salt gives another digest, the value never leaves.
func TestFillFormDigest(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/fields.html")
	m := jstest.Load(t, "js/fillform.js")
	var a, b, again string
	m.Call(t, s, "digest", []any{jstest.El("#txt"), "salt1"}, &a)
	m.Call(t, s, "digest", []any{jstest.El("#txt"), "salt2"}, &b)
	m.Call(t, s, "digest", []any{jstest.El("#txt"), "salt1"}, &again)
	if !digestShape.MatchString(a) || !digestShape.MatchString(b) {
		t.Errorf("digests %q, %q: want hex:length", a, b)
	}
	if a == b || a != again {
		t.Errorf("digest(salt1) = %q, %q again, digest(salt2) = %q: want one per salt, stable", a, again, b)
	}
}
