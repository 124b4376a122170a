package mcpserver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/internal/golden"
	"github.com/pling-dev/pling/websearch"
)

// snapSearch offers web_search with the bridge's real disclosure, so its
// snapshot pins the description hosts see, without a provider.
type snapSearch struct{}

func (snapSearch) NewSession() SearchSession { return nil }
func (snapSearch) Description() string       { return websearch.Disclosure(websearch.DefaultModel) }

// snapUploadRoots are the upload roots the upload snapshot is taken with
// (its description names them).
var snapUploadRoots = []string{"/srv/pling/uploads"}

func toolJSON(t *testing.T, tool mcp.Tool) []byte {
	t.Helper()
	raw, err := json.MarshalIndent(tool, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(raw, '\n')
}

// TestToolSnapshots pins every core tool's definition (name, description,
// input schema, annotations, meta) in testdata/toolsnaps/<name>.json, the
// nine of toolList with upload and web_search offered, without a browser;
// a tool without a snapshot fails (UPDATE_GOLDEN=1 writes it; review the
// diff). It also checks that the server registers exactly the tools the
// list offers, and that the snapshots agree with the whole-list golden the
// binary is pinned by (e2e/testdata/tools_core.golden.json).
func TestToolSnapshots(t *testing.T) {
	s := New(Options{UploadRoots: snapUploadRoots, Search: snapSearch{}})
	defer s.Close()
	built := map[string][]byte{}
	for _, e := range toolList() {
		tool, handler := e.build(s)
		if tool.Name != e.name || handler == nil {
			t.Errorf("toolList entry %q builds tool %q (handler set: %v)", e.name, tool.Name, handler != nil)
		}
		built[e.name] = toolJSON(t, tool)
		golden.Check(t, filepath.Join("testdata", "toolsnaps", e.name+".json"), built[e.name])
	}
	if len(built) != 9 {
		t.Errorf("toolList has %d tools, want the nine core tools", len(built))
	}
	// No stray snapshot of a tool that left the list.
	files, _ := filepath.Glob(filepath.Join("testdata", "toolsnaps", "*.json"))
	for _, f := range files {
		if name := filepath.Base(f); built[name[:len(name)-len(".json")]] == nil {
			t.Errorf("%s: no tool of that name in toolList", f)
		}
	}

	var registered []string
	for name := range s.MCP().ListTools() {
		registered = append(registered, name)
	}
	sort.Strings(registered)
	var want []string
	for name := range built {
		want = append(want, name)
	}
	sort.Strings(want)
	if diff := cmp.Diff(want, registered); diff != "" {
		t.Errorf("registered tools differ from toolList (-list +registered):\n%s", diff)
	}

	raw, err := os.ReadFile(filepath.Join("..", "e2e", "testdata", "tools_core.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var core []json.RawMessage
	if err := json.Unmarshal(raw, &core); err != nil {
		t.Fatal(err)
	}
	if len(core) < 7 {
		t.Fatalf("tools_core.golden.json holds %d tools", len(core))
	}
	for _, c := range core {
		var head struct{ Name string }
		_ = json.Unmarshal(c, &head)
		if diff := cmp.Diff(normalJSON(t, c), normalJSON(t, asClientSees(t, built[head.Name]))); diff != "" {
			t.Errorf("%s: snapshot differs from the binary's tools_core.golden.json (-golden +snapshot):\n%s", head.Name, diff)
		}
	}
}

// asClientSees is a tool definition as an mcp-go client re-encodes it
// after decoding tools/list (the e2e golden is written that way).
func asClientSees(t *testing.T, raw []byte) []byte {
	t.Helper()
	var tool mcp.Tool
	if err := json.Unmarshal(raw, &tool); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// normalJSON re-encodes raw with sorted keys (as a client decoding the
// tool list sees it), so key order does not count.
func normalJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%v in %s", err, raw)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

// TestConditionalTools: upload appears only with upload roots and
// web_search only with a search factory; the other seven always.
func TestConditionalTools(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"bare", Options{}, nil},
		{"upload roots", Options{UploadRoots: snapUploadRoots}, []string{"upload"}},
		{"search", Options{Search: snapSearch{}}, []string{"web_search"}},
	}
	core := []string{"act", "close_page", "fill_form", "navigate", "observe", "screenshot", "scroll"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(tt.opts)
			defer s.Close()
			var got []string
			for name := range s.MCP().ListTools() {
				got = append(got, name)
			}
			sort.Strings(got)
			want := append(append([]string{}, core...), tt.want...)
			sort.Strings(want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("tools (-want +got):\n%s", diff)
			}
		})
	}
}
