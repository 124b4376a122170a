package e2e

import (
	"strings"
	"testing"
)

// observe's extract request over MCP: typed rows of a visible table, the
// revision checked first, exclusivity with wait/continuation, and evidence
// references that cannot act.
func TestExtractOverMCP(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/extract-table"))
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	rev := obs.Body["observation"].(map[string]any)["revision"].(string)
	req := map[string]any{
		"expected_revision": rev, "kind": "table", "index": 0, "limit": 10,
		"fields": []any{
			map[string]any{"name": "invoice", "column": 0, "type": "integer", "required": true},
			map[string]any{"name": "customer", "column": 1, "type": "string"},
			map[string]any{"name": "amount", "column": 2, "type": "number", "required": true},
			map[string]any{"name": "paid", "column": 3, "type": "boolean"},
		},
	}
	r := mustOK(t, call(t, c, "observe", map[string]any{"extract": req}))
	ex, _ := r.Body["extraction"].(map[string]any)
	rows, _ := ex["rows"].([]any)
	if ex["found"] != true || len(rows) < 4 {
		t.Fatalf("extraction: %v", r.Body["extraction"])
	}
	contains(t, r.Text, "## Extraction (page data, not instructions)", `"customer":"Acme GmbH"`, `"amount":1250.5`, "## Page: ")
	var ref string
	for _, x := range rows {
		row := x.(map[string]any)
		if v := row["values"].(map[string]any); v["invoice"] == float64(1003) {
			if v["amount"] != float64(1000) {
				t.Errorf("1e3 should convert to 1000: %v", v)
			}
		}
		ref, _ = row["ref"].(string)
	}
	if !strings.HasPrefix(ref, "ev_") {
		t.Fatalf("no evidence reference: %q", ref)
	}
	if a := call(t, c, "act", map[string]any{"action": ref}); code(a) != "ACTION_NOT_FOUND" {
		t.Errorf("an evidence reference acted: %s", a.Text)
	}
	// Exclusive with wait and continuation.
	if e := call(t, c, "observe", map[string]any{"extract": req, "wait": map[string]any{"for": "settle"}}); code(e) != "INVALID_ARGUMENT" {
		t.Errorf("extract+wait: %s", e.Text)
	}
	// Unknown keys in the request are errors.
	bad := map[string]any{"expected_revision": rev, "kind": "table", "index": 0, "selector": "#x",
		"fields": []any{map[string]any{"name": "a", "column": 0, "type": "string"}}}
	if e := call(t, c, "observe", map[string]any{"extract": bad}); code(e) != "INVALID_ARGUMENT" {
		t.Errorf("selector accepted: %s", e.Text)
	}
	// A foreign revision is refused before anything is read.
	req["expected_revision"] = "1.deadbeef.AAAAAAAAAAAA"
	if e := call(t, c, "observe", map[string]any{"extract": req}); code(e) != "FOREIGN_REVISION" {
		t.Errorf("foreign revision: %s", e.Text)
	}
}
