package page_test

import (
	"encoding/json"
	"reflect"
	"regexp"
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
				t.Errorf("%s(%v) = %#v, want %#v", c.fn, c.args, got, want)
			}
		})
	}
}

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
	runJSCalls(t, s, m, []jsCall{
		{"blocks, items, cells, alt text", "text", []any{jsEl("#main"), 1000, 100000}, proseText{all, false, false}},
		{"node bound", "text", []any{jsEl("#main"), 3, 100000}, proseText{"Title\nFirst bold para.", true, false}},
		{"character bound", "text", []any{jsEl("#main"), 1000, 10}, proseText{"Title\nFirs", false, true}},
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
	runJSCalls(t, s, m, []jsCall{
		{"outside every region", "counted", []any{"", 1000}, map[string]any{"regions": map[string]any{}, "outside": 61, "cut": false, "timed": true}},
		{"inside a listed region", "counted", []any{"#region", 1000}, map[string]any{"regions": map[string]any{"r1": 11}, "outside": 50, "cut": false, "timed": true}},
		{"node bound", "counted", []any{"", 2}, map[string]any{"regions": map[string]any{}, "outside": 6, "cut": true, "timed": true}},
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
	runJSCalls(t, s, m, []jsCall{
		{"digest of the empty text", "digestOf", []any{""}, "ztntfp-0"},
		{"the whole text", "slice", []any{"abc def", 0, 100, "d", false, true}, page("abc def", 0, 7, 7, "1asfje0-7")},
		{"ends at a line break", "slice", []any{"abcdefgh\nij klmnop", 0, 10, "d", false, true}, page("abcdefgh\n", 0, 9, 18, "1sdby5t-i")},
		{"ends at a space", "slice", []any{"abcdefgh ij klmnop", 0, 10, "d", false, true}, page("abcdefgh ", 0, 9, 18, "12brghj-i")},
		{"from an offset", "slice", []any{"abcdefgh ij klmnop", 9, 100, "d", false, true}, page("ij klmnop", 9, 18, 18, "12brghj-i")},
		{"never splits a surrogate pair", "slice", []any{"ab\U0001F600cd", 0, 3, "d", false, true}, page("ab", 0, 2, 6, "96f1i8-6")},
	})
}

// fieldvalue.js's two readers differ as their doc comment says:
// shownValue refuses password and hidden inputs and gives a select's
// option labels; typedValue reads any field's value for comparison.
func TestFieldValueModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/fields.html")
	m := jstest.Load(t, "js/fieldvalue.js")
	runJSCalls(t, s, m, []jsCall{
		{"shown: a text input", "shownValue", []any{jsEl("#txt")}, "hello"},
		{"shown: a password is refused", "shownValue", []any{jsEl("#pw")}, ""},
		{"shown: a hidden input is refused", "shownValue", []any{jsEl("#hid")}, ""},
		{"shown: a text area", "shownValue", []any{jsEl("#ta")}, "area"},
		{"shown: a select's chosen labels", "shownValue", []any{jsEl("#sel")}, "One, Three!"},
		{"shown: a contenteditable", "shownValue", []any{jsEl("#ce")}, "edit me"},
		{"shown: no field", "shownValue", []any{jsEl("#para")}, ""},
		{"typed: a password is compared too", "typedValue", []any{jsEl("#pw")}, "hunter2"},
		{"typed: a select's value", "typedValue", []any{jsEl("#sel")}, "One"},
		{"typed: any element's text", "typedValue", []any{jsEl("#para")}, "para"},
		{"checked: a checkbox", "checkedState", []any{jsEl("#cb")}, true},
		{"checked: aria-checked", "checkedState", []any{jsEl("#sw")}, false},
		{"checked: neither", "checkedState", []any{jsEl("#para")}, nil},
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
	runJSCalls(t, s, m, []jsCall{
		{"typed text took", "checkField", []any{jsEl("#txt"), typed("hello")}, fieldCheck{true, false, ""}},
		{"typed text did not take", "checkField", []any{jsEl("#txt"), typed("nope")}, fieldCheck{false, false, ""}},
		{"contenteditable compares trimmed", "checkField", []any{jsEl("#ce"), typed(" edit me ")}, fieldCheck{true, false, ""}},
		{"select by label", "checkField", []any{jsEl("#one"), map[string]any{"kind": "select", "value": "Label one"}}, fieldCheck{true, false, ""}},
		{"select by value", "checkField", []any{jsEl("#one"), map[string]any{"kind": "select", "value": "v1"}}, fieldCheck{true, false, ""}},
		{"check state", "checkField", []any{jsEl("#cb"), map[string]any{"kind": "check", "checked": false}}, fieldCheck{false, false, ""}},
		{"the page's error message first", "checkField", []any{jsEl("#req"), typed("")}, fieldCheck{true, true, "Enter a value"}},
		{"aria-invalid with a description", "checkField", []any{jsEl("#described"), typed("")}, fieldCheck{true, true, "Hint text"}},
		{"a secret field gets no browser message", "checkField", []any{jsEl("#cc"), typed("")}, fieldCheck{true, true, ""}},
		{"a gone field", "checkField", []any{jsEl("#none"), typed("x")}, fieldCheck{nil, false, ""}},
	})
}

var digestShape = regexp.MustCompile(`^[0-9a-f]{1,8}:5$`)

// fillform.js's digest is a salted hash of the field's value and its
// length: another salt gives another digest, the value never leaves.
func TestFillFormDigest(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/fields.html")
	m := jstest.Load(t, "js/fillform.js")
	var a, b, again string
	m.Call(t, s, "digest", []any{jsEl("#txt"), "salt1"}, &a)
	m.Call(t, s, "digest", []any{jsEl("#txt"), "salt2"}, &b)
	m.Call(t, s, "digest", []any{jsEl("#txt"), "salt1"}, &again)
	if !digestShape.MatchString(a) || !digestShape.MatchString(b) {
		t.Errorf("digests %q, %q: want hex:length", a, b)
	}
	if a == b || a != again {
		t.Errorf("digest(salt1) = %q, %q again, digest(salt2) = %q: want one per salt, stable", a, again, b)
	}
}
