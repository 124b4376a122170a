package page_test

import (
	"context"
	"testing"
)

// BenchmarkTypeIntoEditor measures a type act of a three-line text into
// the code editors of page/testdata/realapp (their own npm builds): the
// whole act (ns/op, its settle wait included) and its input phase alone
// (input-ms: the click, select-all, the keys and the editor checks, which
// close a completion list before each line break and after the last key:
// in Monaco each waits out its 10 ms quickSuggestionsDelay, in a
// CodeMirror 6 that completes the last one waits for its list when the
// text ends in a word).
func BenchmarkTypeIntoEditor(b *testing.B) {
	base := serveWidgets(b, nil)
	const query = "SELECT name\nFROM users\nWHERE id = 7;"
	for _, tc := range []struct{ name, path, text string }{
		{"codemirror5", "/codemirror5.html", query},
		{"codemirror6", "/codemirror6.html", query},
		{"codemirror6-completing", "/codemirror6.html?complete=1", query},
		// ending in a word: the list CodeMirror 6 opens is waited for
		{"codemirror6-completing-word", "/codemirror6.html?complete=1", "SELECT name\nFROM users\nWHERE id"},
		{"monaco", "/monaco.html", query},
		{"monaco-keywords", "/monaco.html?complete=keywords", query},
	} {
		b.Run(tc.name, func(b *testing.B) {
			rt, _ := openURL(b, base+tc.path)
			benchType(b, rt, "sql_query", tc.text)
		})
	}
}

// BenchmarkNavigateInlineModule measures a navigation to a page whose
// code is an inline <script type="module"> importing through an import
// map (codemirror6.html): such a document waits its full quiet window
// (100 ms), not a third of it, since what it imports is not watched.
func BenchmarkNavigateInlineModule(b *testing.B) {
	url := serveWidgets(b, nil) + "/codemirror6.html"
	rt, _ := openURL(b, url)
	ctx := context.Background()
	for b.Loop() {
		if _, err := rt.Navigate(ctx, url); err != nil {
			b.Fatal(err)
		}
	}
}
