package e2e

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/internal/golden"
)

// The tool list a host sees is pinned by golden files: the stable core
// (before any page) and the core plus the Todo page's folded tools.
// UPDATE_GOLDEN=1 rewrites them; review the diff.
func TestToolSchemasGolden(t *testing.T) {
	t.Parallel()
	c, n := stdioClient(t, nil, "--url", url("/todos"))
	list := func() []byte {
		t.Helper()
		tl, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.MarshalIndent(tl.Tools, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return append(raw, '\n')
	}
	golden.Check(t, "testdata/tools_core.golden.json", list())
	before := n.count("notifications/tools/list_changed")
	mustOK(t, call(t, c, "observe", map[string]any{}))
	n.waitFor(t, "notifications/tools/list_changed", before)
	golden.Check(t, "testdata/tools_todos.golden.json", list())
}
