// Package jsbundle turns the in-page JavaScript, written as ES modules, into
// the one function expression a page evaluates: esbuild bundles an entry
// module and its imports, and the bundle is wrapped so that the entry's
// default export is applied to the call's argument.
//
// It runs at `go generate` time (jsgen writes committed *.gen.js files that
// the packages embed) and in tests (a module's own test bundles a small
// entry that exposes it); the pling binary never bundles.
package jsbundle

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Options says how to bundle one entry module.
type Options struct {
	// Minify shortens identifiers and drops whitespace and comments.
	Minify bool
	// Source, when not empty, is the entry module's text; Entry then names
	// the directory its relative imports resolve from (ResolveDir) and the
	// name its messages use.
	Source string
	// Run makes the bundle a statement program instead of a function
	// expression: evaluated on its own, it runs the module once and calls
	// its default export with no argument. It is for a script a browser
	// evaluates as a whole program (AddScriptToEvaluateOnNewDocument),
	// which cannot be given an argument; the module's own strictness
	// applies (an entry without 'use strict' runs sloppy, as a plain
	// script would).
	Run bool
}

// Bundle bundles the ES module at entry (a path) with everything it
// imports and returns one JavaScript function expression: applied to an
// argument, it runs the module once and calls its default export with
// that argument, returning what it returns (with o.Run, the statement
// that does so with no argument). Build errors come back with their file
// and line.
func Bundle(entry string, o Options) (string, error) {
	opts := api.BuildOptions{
		Bundle:            true,
		Format:            api.FormatIIFE,
		GlobalName:        "plingModule",
		Target:            api.ES2020,
		Platform:          api.PlatformBrowser,
		Charset:           api.CharsetUTF8,
		LegalComments:     api.LegalCommentsNone,
		Write:             false,
		LogLevel:          api.LogLevelSilent,
		MinifyWhitespace:  o.Minify,
		MinifyIdentifiers: o.Minify,
		MinifySyntax:      o.Minify,
	}
	if o.Source != "" {
		opts.Stdin = &api.StdinOptions{Contents: o.Source, ResolveDir: entry, Sourcefile: "entry.js", Loader: api.LoaderJS}
	} else {
		opts.EntryPoints = []string{entry}
	}
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		msgs := make([]string, 0, len(res.Errors))
		for _, m := range res.Errors {
			where := ""
			if m.Location != nil {
				where = fmt.Sprintf("%s:%d:%d: ", filepath.ToSlash(m.Location.File), m.Location.Line, m.Location.Column)
			}
			msgs = append(msgs, where+m.Text)
		}
		return "", errors.New("jsbundle: " + strings.Join(msgs, "; "))
	}
	if len(res.OutputFiles) != 1 {
		return "", fmt.Errorf("jsbundle: %d output files for %s, want 1", len(res.OutputFiles), entry)
	}
	body := strings.TrimRight(string(res.OutputFiles[0].Contents), "\n")
	nl := "\n"
	if o.Minify {
		nl = ""
	}
	if o.Run {
		return "(function () {" + nl + body + nl + "plingModule.default();" + nl + "})();", nil
	}
	return "(function (arg) {" + nl + body + nl + "return plingModule.default(arg);" + nl + "})", nil
}
