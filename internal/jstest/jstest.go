// Package jstest runs one in-page ES module's exports in a real Chromium
// page, so each module of the in-page JavaScript has its own test over a
// small testdata page (chromedp's TestText shape) instead of being tested
// only through the whole collector.
package jstest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/jsbundle"
	"github.com/pling-dev/pling/internal/testbrowser"
)

// Module is an ES module bundled with an entry that exposes its exports.
type Module struct {
	script string
}

// caller is the entry that exposes a module: it calls export a.fn with
// a.args, where an argument {"$": "css"} stands for the first element the
// selector matches (elements cannot cross as JSON).
const caller = `import * as m from %s;
const arg = (v) => (v && typeof v === 'object' && !Array.isArray(v) && typeof v.$ === 'string') ? document.querySelector(v.$) : v;
export default (a) => {
  if (typeof m[a.fn] !== 'function') throw new Error('no export ' + a.fn);
  return m[a.fn](...(a.args || []).map(arg));
};
`

// Load bundles the module at path (relative to the test's package
// directory) for calling its exports; a build error fails the test.
func Load(t testing.TB, path string) *Module {
	t.Helper()
	src := fmtCaller("./" + filepath.Base(path))
	script, err := jsbundle.Bundle(filepath.Dir(path), jsbundle.Options{Source: src})
	if err != nil {
		t.Fatalf("jstest: bundling %s: %v", path, err)
	}
	return &Module{script: script}
}

// LoadSource bundles a test's own entry module, source, whose imports
// resolve from dir; its default export is applied to Call's
// {fn, args} object.
func LoadSource(t testing.TB, dir, source string) *Module {
	t.Helper()
	script, err := jsbundle.Bundle(dir, jsbundle.Options{Source: source})
	if err != nil {
		t.Fatalf("jstest: bundling a test entry in %s: %v", dir, err)
	}
	return &Module{script: script}
}

func fmtCaller(spec string) string { return fmt.Sprintf(caller, strconv.Quote(spec)) }

// Call runs export fn with args in s's page and decodes its JSON result
// into out (nil to ignore it); an exception fails the test.
func (m *Module) Call(t testing.TB, s *browser.Session, fn string, args []any, out any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.CallScript(ctx, m.script, map[string]any{"fn": fn, "args": args}, out); err != nil {
		t.Fatalf("jstest: %s(%v): %v", fn, args, err)
	}
}

// Open returns a fresh Chromium session showing the HTML file at path
// (relative to the test's package directory), served from 127.0.0.1 with
// the files beside it.
func Open(t testing.TB, path string) *browser.Session {
	t.Helper()
	s := testbrowser.New(t)
	base := testbrowser.Serve(t, http.FileServer(http.Dir(filepath.Dir(path))))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.Navigate(ctx, base+"/"+filepath.Base(path)); err != nil {
		t.Fatalf("jstest: open %s: %v", path, err)
	}
	return s
}

// Case is one call of a module's export and the JSON it must answer.
type Case struct {
	Name string
	Fn   string
	Args []any
	Want any
}

// El stands, as a Call argument, for the first element css matches.
func El(css string) map[string]any { return map[string]any{"$": css} }

// Run applies each case as a subtest in s's page.
func (m *Module) Run(t *testing.T, s *browser.Session, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) { m.Check(t, s, c) })
	}
}

// Check applies one case in s's page: its answer, compared as JSON, must
// be c.Want.
func (m *Module) Check(t testing.TB, s *browser.Session, c Case) {
	t.Helper()
	var got any
	m.Call(t, s, c.Fn, c.Args, &got)
	b, err := json.Marshal(c.Want)
	if err != nil {
		t.Fatal(err)
	}
	var want any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		t.Errorf("%s(%v) = %s, want %s", c.Fn, c.Args, g, b)
	}
}
