package page

import (
	"encoding/json"
	"strings"
	"testing"
)

// An input schema is bounded: nesting, properties, enum values and long
// descriptions are cut and counted; what is kept still validates.
func TestWebMCPSchemaIsBounded(t *testing.T) {
	props := map[string]any{}
	for i := 0; i < 40; i++ {
		props["p"+strings.Repeat("x", i%3)+string(rune('a'+i%26))+string(rune('a'+i/26))] = map[string]any{"type": "string"}
	}
	enum := make([]any, 100)
	for i := range enum {
		enum[i] = "v" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	props["choice"] = map[string]any{"type": "string", "enum": enum, "description": strings.Repeat("long ", 200)}
	deep := map[string]any{"type": "string"}
	for i := 0; i < 8; i++ {
		deep = map[string]any{"type": "object", "properties": map[string]any{"inner": deep}}
	}
	props["deep"] = deep
	props["either"] = map[string]any{"anyOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}}}
	raw, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "required": []any{"choice"}})
	sch, cut := boundSchema(raw, 160)
	kept := sch["properties"].(map[string]any)
	if len(kept) != schemaMaxProps {
		t.Errorf("%d properties kept, want %d", len(kept), schemaMaxProps)
	}
	ch, ok := kept["choice"].(map[string]any)
	if !ok {
		t.Fatal("the required property was cut")
	}
	if n := len(ch["enum"].([]any)); n != schemaMaxEnum {
		t.Errorf("%d enum values kept, want %d", n, schemaMaxEnum)
	}
	if d := ch["description"].(string); len([]rune(d)) > 160 {
		t.Errorf("description of %d characters", len([]rune(d)))
	}
	depth := 0
	for n, ok := kept["deep"].(map[string]any); ok; n, ok = n["properties"].(map[string]any)["inner"].(map[string]any) {
		depth++
		if _, has := n["properties"]; !has {
			break
		}
	}
	if depth > schemaMaxDepth+1 {
		t.Errorf("nesting %d kept, bound %d", depth, schemaMaxDepth)
	}
	// 17 properties, 75 enum values, 1 description, the deep levels, anyOf.
	if cut < 17+75+1+1 {
		t.Errorf("cut counted %d parts", cut)
	}
	a := Action{Name: "t", tool: &WebMCPTool{Name: "t"}, schema: sch}
	if _, err := checkArgs(a, map[string]any{"choice": "vaa"}); err != nil {
		t.Errorf("a valid call: %v", err)
	}
	if _, err := checkArgs(a, map[string]any{"choice": "nope"}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("a value outside the enum: %v", err)
	}
	if _, err := checkArgs(a, map[string]any{}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("a missing required argument: %v", err)
	}
	// No schema: any object.
	none, cut := boundSchema(nil, 160)
	if cut != 0 || string(mustJSON(none)) != `{"properties":{},"type":"object"}` {
		t.Errorf("no schema: %s (cut %d)", mustJSON(none), cut)
	}
}

// A snapshot without WebMCP tools builds exactly as before (no notes, no
// entries): existing pages are unchanged.
func TestWebMCPAbsentChangesNothing(t *testing.T) {
	s := &Snapshot{Title: "x", Path: "/", URL: "http://127.0.0.1/"}
	o := Build(s, DefaultBudgets(), BuildOptions{})
	if len(o.Actions) != 0 || len(o.Notes) != 0 {
		t.Errorf("actions %v notes %v", o.Actions, o.Notes)
	}
	raw, _ := json.Marshal(o)
	if strings.Contains(string(raw), "webmcp") || strings.Contains(string(raw), "source") {
		t.Errorf("JSON mentions WebMCP: %s", raw)
	}
}
