package npmcache

// CodeMirror6 is CodeMirror 6's view, its autocompletion and the
// packages they import, by the name a page's import map gives each
// (served under /npm/<name>/), to the spec Pack installs: the page
// package's editor tests and the e2e widget gallery load the ES modules
// from them, with no bundler.
var CodeMirror6 = map[string]string{
	"@codemirror/view":           "@codemirror/view@6.43.15",
	"@codemirror/state":          "@codemirror/state@6.7.6",
	"style-mod":                  "style-mod@4.1.5",
	"w3c-keyname":                "w3c-keyname@2.2.8",
	"crelt":                      "crelt@1.0.7",
	"@marijn/find-cluster-break": "@marijn/find-cluster-break@1.0.4",
	// the autocompletion (issue 18 pt 5: its list takes Enter)
	"@codemirror/autocomplete": "@codemirror/autocomplete@6.20.4",
	"@codemirror/language":     "@codemirror/language@6.13.1",
	"@codemirror/streamparser": "@codemirror/streamparser@6.0.0",
	"@lezer/common":            "@lezer/common@1.5.7",
	"@lezer/highlight":         "@lezer/highlight@1.2.5",
}
