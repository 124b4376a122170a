package page

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// This file bounds a WebMCP tool's input schema into an action's
// parameters (boundSchema) and checks a call's arguments against what it
// kept (checkArgs, validate): the one subset of JSON Schema Pling both
// shows and enforces.

// Bounds of one tool's input schema as an action's parameters.
const (
	schemaMaxDepth = 4  // nesting of objects and arrays below the arguments
	schemaMaxProps = 24 // properties of one object
	schemaMaxNodes = 80 // schema nodes of one tool
	schemaMaxEnum  = 25 // values of one enum
)

// topParams lists the schema's top-level properties as Params.
func topParams(sch map[string]any, str func(string) string) map[string]Param {
	out := map[string]Param{}
	props, _ := sch["properties"].(map[string]any)
	for k, v := range props {
		p, _ := v.(map[string]any)
		pr := Param{Type: typeName(p["type"])}
		pr.Description, _ = p["description"].(string)
		pr.Description = str(pr.Description)
		if e, ok := p["enum"].([]any); ok {
			for _, x := range e {
				if sv, ok := x.(string); ok {
					pr.Enum = append(pr.Enum, sv)
				}
			}
		}
		out[k] = pr
	}
	return out
}

func typeName(t any) string {
	switch v := t.(type) {
	case string:
		return v
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
	}
	return ""
}

// boundSchema decodes a tool's input schema and keeps the subset Pling
// validates and shows, within the bounds: depth, properties per object,
// nodes, enum values and description length. It returns the schema (an
// object schema; additional properties as the page said) and how many
// parts were left out.
func boundSchema(raw json.RawMessage, maxDesc int) (map[string]any, int) {
	var v any
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &v)
	}
	root, _ := v.(map[string]any)
	b := schemaBounder{maxDesc: maxDesc}
	out := b.node(root, 0)
	if out == nil {
		out = map[string]any{}
	}
	out["type"] = "object"
	if _, ok := out["properties"]; !ok {
		out["properties"] = map[string]any{}
	}
	return out, b.cut
}

type schemaBounder struct {
	maxDesc int
	nodes   int
	cut     int
}

// keptScalars are the schema keywords kept as they are (when of the right
// JSON type).
var keptScalars = map[string]string{
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number",
	"minLength": "number", "maxLength": "number", "minItems": "number", "maxItems": "number",
	"multipleOf": "number", "format": "string", "const": "any", "default": "any",
}

// node bounds one schema node at depth: its keywords (keyword), then its
// properties and items, which count against the depth and node bounds.
func (b *schemaBounder) node(s map[string]any, depth int) map[string]any {
	if s == nil {
		return nil
	}
	b.nodes++
	out := map[string]any{}
	for k, v := range s {
		b.keyword(out, s, k, v)
	}
	if props, ok := s["properties"].(map[string]any); ok {
		b.properties(out, props, depth)
	}
	if items, ok := s["items"].(map[string]any); ok {
		if depth >= schemaMaxDepth || b.nodes >= schemaMaxNodes {
			b.cut++
		} else {
			out["items"] = b.node(items, depth+1)
		}
	}
	return out
}

// keyword keeps the keyword k (value v) of the schema node s in out when
// Pling validates or shows it, and counts it cut otherwise. properties
// and items are left to node.
func (b *schemaBounder) keyword(out, s map[string]any, k string, v any) {
	switch k {
	case "type":
		if t, ok := typeKeyword(v); ok {
			out[k] = t
		}
	case "description", "title":
		d, ok := v.(string)
		if !ok || d == "" {
			return
		}
		if _, has := s["description"]; k == "title" && has {
			return // the description says it
		}
		full := strings.Join(strings.Fields(d), " ")
		if d = clean(full, b.maxDesc); d != full {
			b.cut++
		}
		out["description"] = d
	case "enum":
		if e, ok := v.([]any); ok {
			out[k] = b.enum(e)
		}
	case "pattern":
		p, ok := v.(string)
		if _, err := regexp.Compile(p); ok && err == nil && len(p) <= 200 {
			out[k] = p
		} else {
			b.cut++
		}
	case "required":
		if kept := stringsOf(v); len(kept) > 0 {
			out[k] = kept
		}
	case "additionalProperties":
		if bv, ok := v.(bool); ok {
			out[k] = bv
		}
	case "properties", "items":
		// node bounds them
	default:
		b.scalar(out, k, v)
	}
}

// typeKeyword is a type keyword's value as kept: a type name, or the type
// names of a list (false when there are none).
func typeKeyword(v any) (any, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case []any:
		if ts := stringsOf(t); len(ts) > 0 {
			return ts, true
		}
	}
	return nil, false
}

// stringsOf is the strings of v, a JSON array (nil for anything else).
func stringsOf(v any) []any {
	a, _ := v.([]any)
	var out []any
	for _, x := range a {
		if xs, ok := x.(string); ok {
			out = append(out, xs)
		}
	}
	return out
}

// enum keeps the first schemaMaxEnum values of an enum that are strings
// (cleaned), numbers, booleans or null, counting the others cut.
func (b *schemaBounder) enum(e []any) []any {
	if len(e) > schemaMaxEnum {
		b.cut += len(e) - schemaMaxEnum
		e = e[:schemaMaxEnum]
	}
	var kept []any
	for _, x := range e {
		switch xv := x.(type) {
		case string:
			kept = append(kept, clean(xv, b.maxDesc))
		case float64, bool, nil:
			kept = append(kept, xv)
		default:
			b.cut++
		}
	}
	return kept
}

// scalar keeps a keptScalars keyword of the right JSON type (a string
// cleaned; never an object or an array) and counts anything else cut:
// anyOf, oneOf, $ref, … are not shown or checked.
func (b *schemaBounder) scalar(out map[string]any, k string, v any) {
	if want, ok := keptScalars[k]; ok {
		_, isNum := v.(float64)
		_, isStr := v.(string)
		if want == "any" || (want == "number" && isNum) || (want == "string" && isStr) {
			if vs, ok := v.(string); ok {
				v = clean(vs, b.maxDesc)
			}
			if _, scalar := v.(map[string]any); !scalar {
				if _, arr := v.([]any); !arr {
					out[k] = v
					return
				}
			}
		}
	}
	b.cut++
}

// properties keeps the properties of the node out was made from (props),
// required ones first, within the bounds of properties per object, depth
// and nodes, and names in ToolNamePattern; out's required list keeps only
// the properties kept.
func (b *schemaBounder) properties(out, props map[string]any, depth int) {
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	// Required properties first, so a cut keeps what a call needs.
	req := map[string]bool{}
	if r, ok := out["required"].([]any); ok {
		for _, x := range r {
			req[x.(string)] = true
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return req[names[i]] && !req[names[j]] })
	kept := map[string]any{}
	for _, k := range names {
		ps, _ := props[k].(map[string]any)
		if len(kept) >= schemaMaxProps || depth >= schemaMaxDepth || b.nodes >= schemaMaxNodes || !ToolNamePattern.MatchString(k) {
			b.cut++
			continue
		}
		if n := b.node(ps, depth+1); n != nil {
			kept[k] = n
		} else {
			kept[k] = map[string]any{}
		}
	}
	out["properties"] = kept
	if r, ok := out["required"].([]any); ok {
		var still []any
		for _, x := range r {
			if _, ok := kept[x.(string)]; ok {
				still = append(still, x)
			}
		}
		if len(still) > 0 {
			out["required"] = still
		} else {
			delete(out, "required")
		}
	}
}

// toolSchema is the JSON Schema of a WebMCP action's arguments: its
// bounded input schema.
func toolSchema(a Action) json.RawMessage {
	raw, _ := json.Marshal(a.schema)
	return raw
}

// checkArgs validates args against a tool's bounded schema. Code:
// INVALID_ARGUMENT.
func checkArgs(a Action, args map[string]any) (json.RawMessage, error) {
	if args == nil {
		args = map[string]any{}
	}
	if err := validate(a.schema, args, "args"); err != nil {
		return nil, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": " + err.Error() + " (schema: " + clean(string(toolSchema(a)), 600) + ")"}
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": arguments are not JSON"}
	}
	return raw, nil
}

// validate checks v against the subset of JSON Schema boundSchema keeps:
// type, enum and const, then the keywords of v's JSON type.
func validate(s map[string]any, v any, path string) error {
	if s == nil {
		return nil
	}
	if t, ok := s["type"]; ok {
		var types []string
		switch tv := t.(type) {
		case string:
			types = []string{tv}
		case []any:
			for _, x := range tv {
				types = append(types, x.(string))
			}
		}
		match := len(types) == 0
		for _, t := range types {
			match = match || isType(v, t)
		}
		if !match {
			return fmt.Errorf("%s must be %s", path, strings.Join(types, " or "))
		}
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		found := false
		for _, x := range e {
			found = found || jsonEqual(x, v)
		}
		if !found {
			return fmt.Errorf("%s must be one of %s", path, clean(mustJSON(e), 300))
		}
	}
	if c, ok := s["const"]; ok && !jsonEqual(c, v) {
		return fmt.Errorf("%s must be %s", path, clean(mustJSON(c), 100))
	}
	switch x := v.(type) {
	case float64:
		return validateNumber(s, x, path)
	case string:
		return validateString(s, x, path)
	case []any:
		return validateArray(s, x, path)
	case map[string]any:
		return validateObject(s, x, path)
	}
	return nil
}

// schemaNum is the schema's numeric keyword k, if it has one.
func schemaNum(s map[string]any, k string) (float64, bool) {
	f, ok := s[k].(float64)
	return f, ok
}

// validateNumber checks a number against the schema's bounds.
func validateNumber(s map[string]any, x float64, path string) error {
	if m, ok := schemaNum(s, "minimum"); ok && x < m {
		return fmt.Errorf("%s must be at least %v", path, m)
	}
	if m, ok := schemaNum(s, "maximum"); ok && x > m {
		return fmt.Errorf("%s must be at most %v", path, m)
	}
	if m, ok := schemaNum(s, "exclusiveMinimum"); ok && x <= m {
		return fmt.Errorf("%s must be more than %v", path, m)
	}
	if m, ok := schemaNum(s, "exclusiveMaximum"); ok && x >= m {
		return fmt.Errorf("%s must be less than %v", path, m)
	}
	return nil
}

// validateString checks a string against the schema's lengths (in
// characters) and pattern.
func validateString(s map[string]any, x string, path string) error {
	n := len([]rune(x))
	if m, ok := schemaNum(s, "minLength"); ok && float64(n) < m {
		return fmt.Errorf("%s must have at least %v characters", path, m)
	}
	if m, ok := schemaNum(s, "maxLength"); ok && float64(n) > m {
		return fmt.Errorf("%s must have at most %v characters", path, m)
	}
	if p, ok := s["pattern"].(string); ok {
		if re, err := regexp.Compile(p); err == nil && !re.MatchString(x) {
			return fmt.Errorf("%s must match %s", path, clean(p, 100))
		}
	}
	return nil
}

// validateArray checks an array against the schema's item counts, then
// each item against its items schema.
func validateArray(s map[string]any, x []any, path string) error {
	if m, ok := schemaNum(s, "minItems"); ok && float64(len(x)) < m {
		return fmt.Errorf("%s must have at least %v items", path, m)
	}
	if m, ok := schemaNum(s, "maxItems"); ok && float64(len(x)) > m {
		return fmt.Errorf("%s must have at most %v items", path, m)
	}
	if items, ok := s["items"].(map[string]any); ok {
		for i, it := range x {
			if err := validate(items, it, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateObject checks an object: its required properties, then each of
// its properties in name order, an unknown one refused when the schema
// says additionalProperties: false.
func validateObject(s map[string]any, x map[string]any, path string) error {
	props, _ := s["properties"].(map[string]any)
	if r, ok := s["required"].([]any); ok {
		for _, k := range r {
			if _, ok := x[k.(string)]; !ok {
				return fmt.Errorf("%s.%s is required", path, k)
			}
		}
	}
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ps, ok := props[k].(map[string]any)
		if !ok {
			if ap, ok := s["additionalProperties"].(bool); ok && !ap {
				return fmt.Errorf("%s: unknown argument %q (takes: %s)", path, clean(k, 60), strings.Join(sortedAnyKeys(props), ", "))
			}
			continue
		}
		if err := validate(ps, x[k], path+"."+k); err != nil {
			return err
		}
	}
	return nil
}

func isType(v any, t string) bool {
	switch t {
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "null":
		return v == nil
	}
	return true
}

func jsonEqual(a, b any) bool { return mustJSON(a) == mustJSON(b) }

func mustJSON(v any) string {
	raw, _ := json.Marshal(v)
	return string(raw)
}

func sortedAnyKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	if len(out) == 0 {
		return []string{"no arguments"}
	}
	return out
}
