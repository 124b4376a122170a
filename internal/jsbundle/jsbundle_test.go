package jsbundle_test

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/jsbundle"
)

var moduleSyntax = regexp.MustCompile(`(?m)^\s*(import|export)\s`)

// A bundle is one function expression that runs the entry's default export
// on its argument, with the entry's imports inlined; node evaluates it as a
// page would (node is what make test installs for the real-world corpus).
func TestBundleIsAFunctionOfTheEntry(t *testing.T) {
	for _, minify := range []bool{false, true} {
		src, err := jsbundle.Bundle("testdata/ok/main.js", jsbundle.Options{Minify: minify})
		if err != nil {
			t.Fatal(err)
		}
		if moduleSyntax.MatchString(src) {
			t.Errorf("minify=%v: the bundle still has module syntax:\n%s", minify, src)
		}
		out, err := exec.Command("node", "-e", "process.stdout.write(String(("+src+")(20)))").CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v: %s", err, out)
		}
		if string(out) != "41" {
			t.Errorf("minify=%v: (bundle)(20) = %q, want 41 (twice(20)+1)", minify, out)
		}
	}
}

// An entry given as source resolves its imports from the directory named
// by the entry argument: how a module's own test exposes it.
func TestBundleOfSource(t *testing.T) {
	src, err := jsbundle.Bundle("testdata/ok", jsbundle.Options{Source: "import { twice } from './twice.js';\nexport default (n) => twice(twice(n));\n"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", "-e", "process.stdout.write(String(("+src+")(5)))").CombinedOutput()
	if err != nil || string(out) != "20" {
		t.Fatalf("(bundle)(5) = %q, %v; want 20", out, err)
	}
}

// A broken import is an error that names the file and line.
func TestBundleErrorNamesTheFile(t *testing.T) {
	_, err := jsbundle.Bundle("testdata/broken/main.js", jsbundle.Options{})
	if err == nil {
		t.Fatal("bundled an entry whose import is missing")
	}
	if !strings.Contains(err.Error(), "main.js:1:") || !strings.Contains(err.Error(), "missing.js") {
		t.Errorf("error %q does not name main.js:1 and missing.js", err)
	}
}

// A Run bundle is a statement program: evaluated on its own (as a
// browser evaluates a document-start script) it calls the entry's
// default export once, with no argument; it is no expression to apply.
func TestBundleRunIsAStatement(t *testing.T) {
	for _, minify := range []bool{false, true} {
		src, err := jsbundle.Bundle("testdata/ok", jsbundle.Options{Minify: minify, Run: true, Source: "import { twice } from './twice.js';\nexport default (n) => { globalThis.ran = (globalThis.ran || 0) + 1; globalThis.got = n === undefined ? twice(21) : -1; };\n"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(src, ")();") {
			t.Errorf("minify=%v: a Run bundle does not end as a called statement:\n%s", minify, src)
		}
		prog := "const vm = require('vm'); const c = {}; vm.runInNewContext(" + strconv.Quote(src) + ", c); process.stdout.write(c.ran + ' ' + c.got)"
		out, err := exec.Command("node", "-e", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v: %s", err, out)
		}
		if string(out) != "1 42" {
			t.Errorf("minify=%v: running the program gave ran, got = %q, want \"1 42\" (once, with no argument)", minify, out)
		}
	}
}
