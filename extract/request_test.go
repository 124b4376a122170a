package extract

import (
	"encoding/json"
	"errors"
	"github.com/pling-dev/pling/errcode"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseRequestAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want Request
	}{
		{
			name: "minimal, defaults applied",
			in:   `{"expected_revision":"r7","kind":"table","index":0,"fields":[{"name":"amount","column":2,"type":"number"}]}`,
			want: Request{ExpectedRevision: "r7", Kind: KindTable, Fields: []Field{{Name: "amount", Column: 2, Type: TypeNumber}}, Limit: DefaultLimit},
		},
		{
			name: "every key, bounds at the top",
			in: `{"expected_revision":"r","kind":"table","index":15,"limit":50,"fields":[
				{"name":"a","column":15,"type":"string","required":true},
				{"name":"_B9","column":0,"type":"integer","required":false},
				{"name":"c","column":1,"type":"number"},{"name":"d","column":1,"type":"boolean"},
				{"name":"e","column":1,"type":"string"},{"name":"f","column":1,"type":"string"},
				{"name":"g","column":1,"type":"string"},{"name":"h","column":1,"type":"string"}]}`,
			want: Request{ExpectedRevision: "r", Kind: KindTable, Index: 15, Limit: 50, Fields: []Field{
				{Name: "a", Column: 15, Type: TypeString, Required: true}, {Name: "_B9", Type: TypeInteger},
				{Name: "c", Column: 1, Type: TypeNumber}, {Name: "d", Column: 1, Type: TypeBoolean},
				{Name: "e", Column: 1, Type: TypeString}, {Name: "f", Column: 1, Type: TypeString},
				{Name: "g", Column: 1, Type: TypeString}, {Name: "h", Column: 1, Type: TypeString},
			}},
		},
		{
			name: "integers by value: 1.0 and 1e0",
			in:   `{"expected_revision":"r","kind":"list","index":1.0,"limit":1e0,"fields":[{"name":"item","column":0.0,"type":"string"}]}`,
			want: Request{ExpectedRevision: "r", Kind: KindList, Index: 1, Limit: 1, Fields: []Field{{Name: "item", Type: TypeString}}},
		},
		{
			name: "form columns 0 to 4",
			in:   `{"expected_revision":"r","kind":"form","index":0,"fields":[{"name":"label","column":0,"type":"string"},{"name":"req","column":4,"type":"boolean"}]}`,
			want: Request{ExpectedRevision: "r", Kind: KindForm, Limit: DefaultLimit, Fields: []Field{{Name: "label", Type: TypeString}, {Name: "req", Column: 4, Type: TypeBoolean}}},
		},
		{
			name: "surrounding whitespace",
			in:   " \n{\"expected_revision\":\"r\",\"kind\":\"table\",\"index\":0,\"fields\":[{\"name\":\"x\",\"column\":0,\"type\":\"string\"}]}\n ",
			want: Request{ExpectedRevision: "r", Kind: KindTable, Limit: DefaultLimit, Fields: []Field{{Name: "x", Type: TypeString}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseRequest([]byte(tt.in))
			if err != nil {
				t.Fatalf("ParseRequest: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("request mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseRequestRejects(t *testing.T) {
	t.Parallel()
	const f = `[{"name":"a","column":0,"type":"string"}]`
	long := strings.Repeat("r", MaxRevisionLen+1)
	tests := []struct {
		name, in, msg string
	}{
		{"not json", `{`, "request: unexpected end of JSON"},
		{"garbage", `{"kind" "table"}`, "request: invalid JSON near byte"},
		{"array", `[]`, "request: must be a JSON object"},
		{"null", `null`, "request: must be a JSON object"},
		{"trailing data", `{"expected_revision":"r","kind":"table","index":0,"fields":` + f + `} {}`, "request: unexpected data after the object"},
		{"unknown key", `{"expected_revision":"r","kind":"table","index":0,"fields":` + f + `,"selector":"#x"}`, `request: unknown key "selector"`},
		{"key in another case", `{"expected_revision":"r","Kind":"table","index":0,"fields":` + f + `}`, `request: unknown key "Kind"`},
		{"unknown key in a field", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string","xpath":"//td"}]}`, `fields[0]: unknown key "xpath"`},
		{"duplicate key", `{"expected_revision":"r","kind":"table","kind":"list","index":0,"fields":` + f + `}`, "kind: duplicate key"},
		{"duplicate key in a field", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","name":"b","column":0,"type":"string"}]}`, "fields[0].name: duplicate key"},
		{"null value", `{"expected_revision":"r","kind":"table","index":0,"fields":` + f + `,"limit":null}`, "limit: must be a number, not null"},
		{"null fields", `{"expected_revision":"r","kind":"table","index":0,"fields":null}`, "fields: must be an array of objects"},
		{"field not an object", `{"expected_revision":"r","kind":"table","index":0,"fields":["a"]}`, "fields[0]: must be an object"},
		{"string index", `{"expected_revision":"r","kind":"table","index":"0","fields":` + f + `}`, "index: must be a number; got a string"},
		{"bool required as string", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string","required":"yes"}]}`, "fields[0].required: must be a boolean; got a string"},
		{"object revision", `{"expected_revision":{},"kind":"table","index":0,"fields":` + f + `}`, "expected_revision: must be a string; got a composite value"},
		{"missing revision", `{"kind":"table","index":0,"fields":` + f + `}`, "expected_revision: required"},
		{"empty revision", `{"expected_revision":"","kind":"table","index":0,"fields":` + f + `}`, "expected_revision: required"},
		{"long revision", `{"expected_revision":"` + long + `","kind":"table","index":0,"fields":` + f + `}`, "expected_revision: must be 1 to 256 characters"},
		{"missing kind", `{"expected_revision":"r","index":0,"fields":` + f + `}`, "kind: required"},
		{"bad kind", `{"expected_revision":"r","kind":"grid","index":0,"fields":` + f + `}`, `kind: must be one of table, list, form; got "grid"`},
		{"missing index", `{"expected_revision":"r","kind":"table","fields":` + f + `}`, "index: required"},
		{"negative index", `{"expected_revision":"r","kind":"table","index":-1,"fields":` + f + `}`, "index: must be an integer from 0 to 15; got -1"},
		{"index too big", `{"expected_revision":"r","kind":"table","index":16,"fields":` + f + `}`, "index: must be an integer from 0 to 15; got 16"},
		{"fractional index", `{"expected_revision":"r","kind":"table","index":1.5,"fields":` + f + `}`, "index: must be an integer from 0 to 15; got 1.5"},
		{"huge index", `{"expected_revision":"r","kind":"table","index":1e999,"fields":` + f + `}`, "index: must be an integer from 0 to 15; got 1e999"},
		{"missing fields", `{"expected_revision":"r","kind":"table","index":0}`, "fields: required"},
		{"no fields", `{"expected_revision":"r","kind":"table","index":0,"fields":[]}`, "fields: must hold 1 to 8 fields; got 0"},
		{"nine fields", `{"expected_revision":"r","kind":"table","index":0,"fields":[` + strings.Repeat(`{"name":"a","column":0,"type":"string"},`, 8) + `{"name":"a","column":0,"type":"string"}]}`, "fields: must hold 1 to 8 fields; got more"},
		{"missing name", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"column":0,"type":"string"}]}`, "fields[0].name: required"},
		{"missing column", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","type":"string"}]}`, "fields[0].column: required"},
		{"missing type", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0}]}`, "fields[0].type: required"},
		{"name with a dash", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"unit-price","column":0,"type":"string"}]}`, `fields[0].name: must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$; got "unit-price"`},
		{"name starting with a digit", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"1st","column":0,"type":"string"}]}`, `fields[0].name: must match`},
		{"name too long", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"` + strings.Repeat("n", 65) + `","column":0,"type":"string"}]}`, `fields[0].name: must match`},
		{"empty name", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"","column":0,"type":"string"}]}`, `fields[0].name: must match`},
		{"duplicate names", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string"},{"name":"a","column":1,"type":"number"}]}`, `fields[1].name: "a" duplicates fields[0].name`},
		{"column too big", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":16,"type":"string"}]}`, "fields[0].column: must be an integer from 0 to 15; got 16"},
		{"list column 1", `{"expected_revision":"r","kind":"list","index":0,"fields":[{"name":"a","column":1,"type":"string"}]}`, "fields[0].column: a list has one text column (0); got 1"},
		{"form column 5", `{"expected_revision":"r","kind":"form","index":0,"fields":[{"name":"a","column":5,"type":"string"}]}`, "fields[0].column: a form has columns 0 label"},
		{"bad type", `{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"date"}]}`, `fields[0].type: must be one of string, integer, number, boolean; got "date"`},
		{"limit zero", `{"expected_revision":"r","kind":"table","index":0,"fields":` + f + `,"limit":0}`, "limit: must be an integer from 1 to 50; got 0"},
		{"limit too big", `{"expected_revision":"r","kind":"table","index":0,"fields":` + f + `,"limit":51}`, "limit: must be an integer from 1 to 50; got 51"},
		{"too large", `{"expected_revision":"` + strings.Repeat(" ", MaxRequestBytes) + `"}`, "request: larger than 16384 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRequest([]byte(tt.in))
			if err == nil {
				t.Fatal("ParseRequest accepted it")
			}
			var e *errcode.Error
			if !errors.As(err, &e) || e.Code != errcode.InvalidArgument {
				t.Fatalf("error %v: want an *errcode.Error with INVALID_ARGUMENT", err)
			}
			if !strings.HasPrefix(e.Reason, tt.msg) {
				t.Errorf("message %q, want it to start with %q", e.Reason, tt.msg)
			}
			if errcode.ErrorCode(err) != errcode.InvalidArgument {
				t.Errorf("ErrorCode = %q", errcode.ErrorCode(err))
			}
		})
	}
}

func TestValidateZeroLimitIsDefault(t *testing.T) {
	t.Parallel()
	r := Request{ExpectedRevision: "r", Kind: KindTable, Fields: []Field{{Name: "a", Type: TypeString}}}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.RowLimit() != DefaultLimit {
		t.Errorf("RowLimit = %d", r.RowLimit())
	}
	r.Limit = -1
	if err := r.Validate(); errcode.ErrorCode(err) != errcode.InvalidArgument {
		t.Errorf("negative limit: %v", err)
	}
}

// TestRequestSchema pins the published schema to the Go bounds: strict
// objects everywhere and the same numbers ParseRequest enforces.
func TestRequestSchema(t *testing.T) {
	t.Parallel()
	var s map[string]any
	if err := json.Unmarshal(RequestSchema, &s); err != nil {
		t.Fatalf("RequestSchema is not JSON: %v", err)
	}
	var objects int
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if v["type"] == "object" {
				objects++
				if v["additionalProperties"] != false {
					t.Errorf("object schema without additionalProperties:false: %v", v)
				}
			}
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	walk(s)
	if objects != 2 {
		t.Errorf("found %d object schemas, want 2 (request, field)", objects)
	}
	props := s["properties"].(map[string]any)
	field := props["fields"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	num := func(m map[string]any, k string) float64 { return m[k].(float64) }
	got := map[string]float64{
		"revision max": num(props["expected_revision"].(map[string]any), "maxLength"),
		"index max":    num(props["index"].(map[string]any), "maximum"),
		"fields min":   num(props["fields"].(map[string]any), "minItems"),
		"fields max":   num(props["fields"].(map[string]any), "maxItems"),
		"column max":   num(field["column"].(map[string]any), "maximum"),
		"limit min":    num(props["limit"].(map[string]any), "minimum"),
		"limit max":    num(props["limit"].(map[string]any), "maximum"),
		"limit dflt":   num(props["limit"].(map[string]any), "default"),
	}
	want := map[string]float64{
		"revision max": MaxRevisionLen, "index max": MaxIndex, "fields min": 1, "fields max": MaxFields,
		"column max": MaxColumn, "limit min": 1, "limit max": MaxLimit, "limit dflt": DefaultLimit,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schema bounds mismatch (-want +got):\n%s", diff)
	}
	if p := field["name"].(map[string]any)["pattern"]; p != namePattern.String() {
		t.Errorf("name pattern %v, want %v", p, namePattern)
	}
	req := s["required"].([]any)
	if diff := cmp.Diff([]any{"expected_revision", "kind", "index", "fields"}, req); diff != "" {
		t.Errorf("required mismatch (-want +got):\n%s", diff)
	}
}
