package npmcache

// CodeMirror6 is CodeMirror 6's view and the packages it imports, by the
// name a page's import map gives each (served under /npm/<name>/), to the
// spec Pack installs: the page package's editor tests and the e2e widget
// gallery load the ES modules from them, with no bundler.
var CodeMirror6 = map[string]string{
	"@codemirror/view":           "@codemirror/view@6.43.15",
	"@codemirror/state":          "@codemirror/state@6.7.6",
	"style-mod":                  "style-mod@4.1.5",
	"w3c-keyname":                "w3c-keyname@2.2.8",
	"crelt":                      "crelt@1.0.7",
	"@marijn/find-cluster-break": "@marijn/find-cluster-break@1.0.4",
}
