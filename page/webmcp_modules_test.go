package page_test

import (
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// webmcp's modules (page/webmcp/): forms.js finds named tool forms (a
// nameless one left out) with their submit control, region and frame,
// and the frames with their URL; tools.js bounds and maps the polyfill's
// tools and the native tools' titles.
func TestWebMCPModules(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/webmcp.html")
	m := jstest.Load(t, "testdata/jsmodules/webmcpprobe.js")
	long := strings.Repeat("n", 250)
	m.Run(t, s, []jstest.Case{
		{Name: "forms and frames", Fn: "found", Args: nil, Want: map[string]any{
			"forms": []any{
				map[string]any{"name": "search", "key": "e2", "region": "g1", "autosubmit": true, "submit_key": "e3"},
				map[string]any{"name": "subscribe", "key": "e4", "submit_key": "e5"},
				map[string]any{"name": "inner", "key": "e6", "frame_url": "about:srcdoc"},
			},
			"frames": []any{map[string]any{"url": "about:srcdoc"}, map[string]any{"url": "about:blank"}},
		}},
		{Name: "polyfill tools", Fn: "polyfill", Args: []any{[]any{
			map[string]any{"name": long, "description": "d", "title": "T", "annotations": map[string]any{"readOnlyHint": true, "untrustedContent": true, "destructiveHint": true}},
			map[string]any{"name": 7},
			nil,
			map[string]any{"name": "schema", "inputSchema": map[string]any{"type": "object"}},
			map[string]any{"name": "big"},
		}}, Want: []any{
			map[string]any{"name": long[:200], "description": "d", "title": "T", "read_only": true, "untrusted": true, "consequential": true},
			map[string]any{"name": "schema", "description": "", "input_schema": map[string]any{"type": "object"}},
			map[string]any{"name": "big", "description": ""},
		}},
		{Name: "a failing getTools gives none", Fn: "failing", Args: nil, Want: []any{}},
		{Name: "native titles", Fn: "titles", Args: []any{[]any{map[string]any{"name": "a", "title": "A"}, map[string]any{"name": "b"}, map[string]any{"name": "c", "title": ""}}}, Want: map[string]any{"a": "A"}},
		{Name: "no titles", Fn: "titles", Args: []any{[]any{map[string]any{"name": "b"}}}, Want: nil},
	})
}
