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
// as in flight (not a data: URL, a template script or a blank frame) and
// an inline module as a script, and
// settle answers at once for an install, settles a quiet page and times
// out on one a running animation keeps busy; the page's frame and idle
// callbacks count as in flight until they ran (a chain's first ten).
func TestSettleModules(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/settle.html")
	m := jstest.Load(t, "testdata/jsmodules/settleprobe.js")
	settled := func(b bool) map[string]any { return map[string]any{"settled": b} }
	m.Run(t, s, []jstest.Case{
		{Name: "the watcher is hidden", Fn: "installed", Args: nil, Want: map[string]any{"present": true, "enumerable": false}},
		{Name: "install only", Fn: "settled", Args: []any{map[string]any{"install": true, "quiet_ms": 0, "timeout_ms": 0}}, Want: settled(true)},
		{Name: "a quiet page settles", Fn: "settled", Args: []any{map[string]any{"quiet_ms": 50, "timeout_ms": 5000}}, Want: settled(true)},
		{Name: "fresh waits a full window from now", Fn: "settled", Args: []any{map[string]any{"fresh": true, "quiet_ms": 5000, "timeout_ms": 100}}, Want: settled(false)},
		{Name: "a running animation keeps it busy", Fn: "busy", Args: []any{map[string]any{"quiet_ms": 50, "timeout_ms": 300}}, Want: settled(false)},
		// a timer counts only when a trusted input's handler sets it
		{Name: "a timer the page sets on its own", Fn: "timer", Args: []any{200, false, false}, Want: map[string]any{"during": 0, "after": 0, "ran": true}},
		{Name: "a timer an untrusted click's handler sets", Fn: "timer", Args: []any{200, true, false}, Want: map[string]any{"during": 0, "after": 0, "ran": true}},
		// frame and idle callbacks count until they ran, the first
		// CHAIN_MAX (10) of a chain
		{Name: "a chain of frame callbacks", Fn: "chain", Args: []any{"frame", 4}, Want: map[string]any{"counted": 4, "after": 0}},
		{Name: "a chain of idle callbacks", Fn: "chain", Args: []any{"idle", 3}, Want: map[string]any{"counted": 3, "after": 0}},
		{Name: "a frame loop stops counting", Fn: "chain", Args: []any{"frame", 15}, Want: map[string]any{"counted": 10, "after": 0}},
		{Name: "a cancelled frame callback", Fn: "cancelled", Args: nil, Want: map[string]any{"counted": 1, "after": 0}},
		{Name: "an external script", Fn: "added", Args: []any{`<script src="/never.js"></script>`}, Want: settleCount{1, 1, true}},
		{Name: "a template script", Fn: "added", Args: []any{`<script type="text/template" src="/t.js"></script>`}, Want: settleCount{0, 0, true}},
		// an inline module imports from the network (an import map,
		// import()), which cannot be watched: it is a script, so the
		// document waits its full quiet window; an inline classic
		// script is not
		{Name: "an inline module", Fn: "added", Args: []any{`<script type="module">1</script>`}, Want: settleCount{0, 1, true}},
		{Name: "an inline classic script", Fn: "added", Args: []any{`<script>1</script>`}, Want: settleCount{0, 0, true}},
		{Name: "a data: script", Fn: "added", Args: []any{`<script src="data:text/javascript,1"></script>`}, Want: settleCount{0, 1, true}},
		{Name: "a stylesheet", Fn: "added", Args: []any{`<link rel="stylesheet" href="/never.css">`}, Want: settleCount{1, 0, true}},
		{Name: "a module preload", Fn: "added", Args: []any{`<link rel="modulepreload" href="/never.mjs">`}, Want: settleCount{1, 0, true}},
		{Name: "a prefetch is not waited on", Fn: "added", Args: []any{`<link rel="prefetch" href="/never.css">`}, Want: settleCount{0, 0, true}},
		{Name: "a frame given a document", Fn: "added", Args: []any{`<iframe src="/never.html"></iframe>`}, Want: settleCount{1, 0, true}},
		{Name: "a blank frame", Fn: "added", Args: []any{`<iframe src="about:blank"></iframe>`}, Want: settleCount{0, 0, true}},
		{Name: "nested under a new node", Fn: "added", Args: []any{`<section><script src="/a.js"></script><iframe src="/b.html"></iframe></section>`}, Want: settleCount{2, 1, true}},
	})
}

// unchanged.js says a page is as an observation saw it only when the
// document is the same, nothing changed since the
// mark and no request is in flight.
func TestUnchangedModule(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/settle.html")
	m := jstest.Load(t, "testdata/jsmodules/unchangedprobe.js")
	m.Run(t, s, []jstest.Case{
		{Name: "quiet since, same document", Fn: "now", Args: []any{true}, Want: true},
		{Name: "another document", Fn: "now", Args: []any{false}, Want: false},
		{Name: "a change since the mark", Fn: "since", Args: nil, Want: false},
		{Name: "a request in flight", Fn: "pending", Args: nil, Want: false},
		{Name: "a mark that is no number", Fn: "notANumber", Args: nil, Want: false},
	})
}
