package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

type settleCount struct {
	Pending int  `json:"pending"`
	Scripts int  `json:"scripts"`
	Mutated bool `json:"mutated"`
}

// settle's modules (page/settle/): the watcher installs itself hidden,
// counts a script, stylesheet, module preload or frame given a document
// as in flight (not a data: URL, a template script or a blank frame), and
// settle answers at once for an install, settles a quiet page and times
// out on one a running animation keeps busy.
func TestSettleModules(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/settle.html")
	m := jstest.Load(t, "testdata/jsmodules/settleprobe.js")
	settled := func(b bool) map[string]any { return map[string]any{"settled": b} }
	runJSCalls(t, s, m, []jsCall{
		{"the watcher is hidden", "installed", nil, map[string]any{"present": true, "enumerable": false}},
		{"install only", "settled", []any{map[string]any{"install": true, "quiet_ms": 0, "timeout_ms": 0}}, settled(true)},
		{"a quiet page settles", "settled", []any{map[string]any{"quiet_ms": 50, "timeout_ms": 5000}}, settled(true)},
		{"fresh waits a full window from now", "settled", []any{map[string]any{"fresh": true, "quiet_ms": 5000, "timeout_ms": 100}}, settled(false)},
		{"a running animation keeps it busy", "busy", []any{map[string]any{"quiet_ms": 50, "timeout_ms": 300}}, settled(false)},
		{"an external script", "added", []any{`<script src="/never.js"></script>`}, settleCount{1, 1, true}},
		{"a template script", "added", []any{`<script type="text/template" src="/t.js"></script>`}, settleCount{0, 0, true}},
		{"a data: script", "added", []any{`<script src="data:text/javascript,1"></script>`}, settleCount{0, 1, true}},
		{"a stylesheet", "added", []any{`<link rel="stylesheet" href="/never.css">`}, settleCount{1, 0, true}},
		{"a module preload", "added", []any{`<link rel="modulepreload" href="/never.mjs">`}, settleCount{1, 0, true}},
		{"a prefetch is not waited on", "added", []any{`<link rel="prefetch" href="/never.css">`}, settleCount{0, 0, true}},
		{"a frame given a document", "added", []any{`<iframe src="/never.html"></iframe>`}, settleCount{1, 0, true}},
		{"a blank frame", "added", []any{`<iframe src="about:blank"></iframe>`}, settleCount{0, 0, true}},
		{"nested under a new node", "added", []any{`<section><script src="/a.js"></script><iframe src="/b.html"></iframe></section>`}, settleCount{2, 1, true}},
	})
}

// unchanged.js says a page is as an observation saw it only when the
// document is the same, nothing changed since the
// mark and no request is in flight.
func TestUnchangedModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/settle.html")
	m := jstest.Load(t, "testdata/jsmodules/unchangedprobe.js")
	runJSCalls(t, s, m, []jsCall{
		{"quiet since, same document", "now", []any{true}, true},
		{"another document", "now", []any{false}, false},
		{"a change since the mark", "since", nil, false},
		{"a request in flight", "pending", nil, false},
		{"a mark that is no number", "notANumber", nil, false},
	})
}
