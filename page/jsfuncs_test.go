package page

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxJSFuncLines is the longest an in-page JavaScript function may be
// (issue 22): a longer one is cut into named steps.
const maxJSFuncLines = 100

// jsFunc is one function a scan of JavaScript source found: its name
// (best effort: the binding or method it is assigned to), the line its
// body opens on and its length in lines, opening and closing brace
// included.
type jsFunc struct {
	name  string
	line  int
	lines int
}

// jsTok is one significant token of JavaScript source: punctuation, a
// word, or an opaque literal (string, template, regex, number).
type jsTok struct {
	text string
	line int
	word bool
}

// jsKeywordsBeforeRegex are the words after which a slash opens a regex
// literal rather than dividing.
var jsKeywordsBeforeRegex = map[string]bool{"return": true, "typeof": true, "case": true, "do": true, "else": true, "in": true, "of": true, "new": true, "delete": true, "void": true, "throw": true, "instanceof": true, "yield": true, "await": true}

// jsNotMethod are the words that take a parenthesised head and a block
// without being a method: `if (…) {` is no function.
var jsNotMethod = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true, "with": true, "return": true}

// jsTokens tokenizes src, skipping white space and comments and keeping
// string, template (with its ${…} expressions tokenized), regex and
// number literals whole, so braces inside them do not count.
func jsTokens(src string) []jsTok {
	var toks []jsTok
	line := 1
	var braces []bool // true: a template's ${
	i := 0
	emit := func(text string, l int, word bool) { toks = append(toks, jsTok{text, l, word}) }
	advance := func(j int) { // move i to j, counting lines
		line += strings.Count(src[i:j], "\n")
		i = j
	}
	template := func() { // i after ` or after a template's closing }
		start := line
		j := i
		for j < len(src) {
			switch {
			case src[j] == '\\':
				j += 2
				continue
			case src[j] == '`':
				advance(j + 1)
				emit("`", start, false)
				return
			case src[j] == '$' && j+1 < len(src) && src[j+1] == '{':
				advance(j + 2)
				emit("`${", start, false)
				braces = append(braces, true)
				return
			}
			j++
		}
		advance(len(src))
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n' || c == ' ' || c == '\t' || c == '\r':
			advance(i + 1)
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			advance(i + j)
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				j = len(src) - i - 4
			}
			advance(i + 2 + j + 2)
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			emit("\"\"", line, false)
			advance(min(j+1, len(src)))
		case c == '`':
			advance(i + 1)
			template()
		case isJSWordByte(c):
			j := i
			for j < len(src) && (isJSWordByte(src[j]) || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			emit(src[i:j], line, true)
			advance(j)
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isJSWordByte(src[j]) || src[j] >= '0' && src[j] <= '9' || src[j] == '.') {
				j++
			}
			emit("0", line, false)
			advance(j)
		case c == '/' && jsRegexAllowed(toks):
			j, class := i+1, false
			for j < len(src) && src[j] != '\n' {
				if src[j] == '\\' {
					j += 2
					continue
				}
				if class {
					class = src[j] != ']'
				} else if src[j] == '[' {
					class = true
				} else if src[j] == '/' {
					break
				}
				j++
			}
			j++
			for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
				j++
			}
			emit("/re/", line, false)
			advance(min(j, len(src)))
		case c == '{':
			braces = append(braces, false)
			emit("{", line, false)
			advance(i + 1)
		case c == '}':
			if n := len(braces); n > 0 && braces[n-1] {
				braces = braces[:n-1]
				advance(i + 1)
				template()
				continue
			}
			if n := len(braces); n > 0 {
				braces = braces[:n-1]
			}
			emit("}", line, false)
			advance(i + 1)
		case strings.HasPrefix(src[i:], "=>"):
			emit("=>", line, false)
			advance(i + 2)
		default:
			emit(string(c), line, false)
			advance(i + 1)
		}
	}
	return toks
}

func isJSWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// jsRegexAllowed says whether a slash after toks opens a regex literal:
// it does after an operator or an opening bracket, not after a value.
func jsRegexAllowed(toks []jsTok) bool {
	if len(toks) == 0 {
		return true
	}
	p := toks[len(toks)-1]
	if p.word {
		return jsKeywordsBeforeRegex[p.text]
	}
	switch p.text {
	case ")", "]", "}", "\"\"", "0", "/re/", "`":
		return false
	}
	return true
}

// jsFuncs finds the functions of src: a block opened after `=>`, after
// the parameter list of `function name(…)` or `function (…)`, or after a
// method's `name(…)`; each is measured from its opening brace to the
// matching closing one.
func jsFuncs(src string) []jsFunc {
	toks := jsTokens(src)
	type open struct {
		fn   bool
		name string
		line int
	}
	var stack []open
	var parens []int // indices of unmatched "("
	matchOf := map[int]int{}
	var out []jsFunc
	for k, t := range toks {
		switch t.text {
		case "(":
			parens = append(parens, k)
		case ")":
			if n := len(parens); n > 0 {
				matchOf[k] = parens[n-1]
				parens = parens[:n-1]
			}
		case "{":
			o := open{line: t.line}
			if k > 0 {
				o.fn, o.name = jsFuncHead(toks, k, matchOf)
			}
			stack = append(stack, o)
		case "}":
			if n := len(stack); n > 0 {
				o := stack[n-1]
				stack = stack[:n-1]
				if o.fn {
					out = append(out, jsFunc{name: o.name, line: o.line, lines: t.line - o.line + 1})
				}
			}
		}
	}
	return out
}

// jsFuncHead says whether the brace at toks[k] opens a function body and
// names the function.
func jsFuncHead(toks []jsTok, k int, matchOf map[int]int) (bool, string) {
	p := toks[k-1]
	if p.text == "=>" {
		// the binding: `name = (…) =>`, `name = x =>` or `name: (…) =>`
		j := k - 2
		if j >= 0 && toks[j].text == ")" {
			if o, ok := matchOf[j]; ok {
				j = o
			}
		}
		j--
		if j >= 1 && (toks[j].text == "=" || toks[j].text == ":") && toks[j-1].word {
			return true, toks[j-1].text
		}
		return true, "(arrow)"
	}
	if p.text != ")" {
		return false, ""
	}
	o, ok := matchOf[k-1]
	if !ok || o == 0 {
		return false, ""
	}
	before := toks[o-1]
	if before.text == "function" {
		return true, "(function)"
	}
	if !before.word || jsNotMethod[before.text] {
		return false, ""
	}
	if o >= 2 && toks[o-2].text == "function" {
		return true, before.text
	}
	return true, before.text // a method: name(…) {
}

func TestJSFuncsScanner(t *testing.T) {
	body := func(n int) string { return strings.Repeat("  x++;\n", n) }
	tests := []struct {
		name string
		src  string
		want []jsFunc
	}{
		{"arrow", "const f = (a, b) => {\n" + body(3) + "};\n", []jsFunc{{"f", 1, 5}}},
		{"one-param arrow", "const g = a => {\n" + body(1) + "};\n", []jsFunc{{"g", 1, 3}}},
		{"function declaration", "function h(x) {\n" + body(2) + "}\n", []jsFunc{{"h", 1, 4}}},
		{"anonymous function", "x(function (a) {\n});\n", []jsFunc{{"(function)", 1, 2}}},
		{"method", "const o = {\n  m(a) {\n" + body(2) + "  },\n};\n", []jsFunc{{"m", 2, 4}}},
		{"blocks are no functions", "if (a) {\n}\nfor (;;) {\n}\nwhile (x) {\n}\nconst o = {\n};\n", nil},
		{"braces in strings and comments", "const f = () => {\n  const s = '}}';\n  // }\n  /* } */\n  return \"{\";\n};\n", []jsFunc{{"f", 1, 6}}},
		{"braces in a template", "const f = () => {\n  return `a${b ? `}${'}'}` : '{'}}`;\n};\n", []jsFunc{{"f", 1, 3}}},
		{"braces in a regex", "const f = () => {\n  return /[{}]\\}/g.test(s) ? 1 / 2 : 3;\n};\n", []jsFunc{{"f", 1, 3}}},
		{"nested", "const a = () => {\n  const b = (x) => {\n  };\n};\n", []jsFunc{{"b", 2, 2}, {"a", 1, 4}}},
		{"object property arrow", "const o = { k: (x) => {\n} };\n", []jsFunc{{"k", 1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := jsFuncs(tt.src)
			if len(got) != len(tt.want) {
				t.Fatalf("jsFuncs = %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("function %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestJSFunctionSize checks that no function of the in-page JavaScript
// (every .js file under page/, internal/js/, extract/ and browser/, their
// top-level scripts and module directories alike; testdata and generated
// bundles left out) is over maxJSFuncLines lines.
func TestJSFunctionSize(t *testing.T) {
	checked := 0
	for _, dir := range []string{".", "../internal/js", "../extract", "../browser"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".gen.js") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			for _, f := range jsFuncs(string(src)) {
				if f.lines > maxJSFuncLines {
					t.Errorf("%s:%d: function %s is %d lines, over %d: cut it into named steps", path, f.line, f.name, f.lines, maxJSFuncLines)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d .js files, want the collector's modules and the page scripts", checked)
	}
}
