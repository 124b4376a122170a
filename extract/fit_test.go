package extract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sampleResult builds a result of n rows of two fields, each row about
// width bytes of JSON.
func sampleResult(n, width int) *Result {
	req := Request{ExpectedRevision: "r", Kind: KindTable, Limit: MaxLimit, Fields: []Field{
		{Name: "name", Column: 0, Type: TypeString, Required: true},
		{Name: "amount", Column: 1, Type: TypeNumber},
	}}
	raw := &rawResult{DocID: "d", Found: true, Role: "table", Scan: rawScan{Nodes: 9}, RowScan: rawScan{Nodes: 3 * n}, RowsSeen: n}
	for i := range n {
		amount := fmt.Sprint(i)
		if i%3 == 2 {
			amount = "$" + amount
		}
		raw.Rows = append(raw.Rows, rawRow{Cells: []rawCell{
			{Text: fmt.Sprintf("row %d %s", i, strings.Repeat("x", width)), Present: true},
			{Text: amount, Present: true},
		}})
	}
	res := build(req, columns(req.Fields), raw)
	if err := mintRefs(res); err != nil {
		panic(err)
	}
	return res
}

func size(t *testing.T, r *Result) int {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

func TestFit(t *testing.T) {
	t.Parallel()
	full := sampleResult(40, 100)
	fullSize := size(t, full)
	tests := []struct {
		name     string
		max      int
		wantRows int
		envelope bool
	}{
		{"fits as is", fullSize, 40, false},
		{"one byte short drops one row", fullSize - 1, 39, false},
		{"about half", fullSize / 2, -1, false},
		{"envelope only", size(t, &Result{Kind: full.Kind, Fields: full.Fields, Rows: []Row{}, Coverage: full.Coverage, Trust: Trust}) + 40, 0, false},
		{"nothing fits", 50, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := json.Marshal(full)
			got, rep := Fit(full, tt.max)
			after, _ := json.Marshal(full)
			if !bytes.Equal(before, after) {
				t.Fatal("Fit modified its input")
			}
			if tt.envelope {
				if got != nil || !rep.EnvelopeOmitted || rep.RowsOmitted != 40 {
					t.Fatalf("Fit = %v, %+v; want the envelope omitted with 40 rows", got, rep)
				}
				return
			}
			if got == nil {
				t.Fatalf("Fit omitted the envelope: %+v", rep)
			}
			if s := size(t, got); s > tt.max {
				t.Fatalf("fitted size %d > %d", s, tt.max)
			}
			n := len(got.Rows)
			if tt.wantRows >= 0 && n != tt.wantRows {
				t.Errorf("rows = %d, want %d", n, tt.wantRows)
			}
			// Whole leading rows, unchanged: never a clipped record.
			if diff := cmp.Diff(full.Rows[:n], got.Rows); diff != "" {
				t.Errorf("kept rows differ (-want +got):\n%s", diff)
			}
			if n < 40 {
				// The next row would not have fit: the fit is maximal.
				bigger, _ := Fit(full, tt.max)
				bigger.Rows = full.Rows[:n+1]
				bigger.Coverage.RowsOmittedBySize--
				bigger.recount()
				if s := size(t, bigger); s <= tt.max {
					t.Errorf("one more row (%d bytes) would have fit in %d", s, tt.max)
				}
			}
			c := got.Coverage
			if rep.RowsOmitted != 40-n || c.RowsOmittedBySize != 40-n || c.RowsReturned != n {
				t.Errorf("counts: report %+v, coverage omitted_by_size=%d returned=%d; want %d omitted", rep, c.RowsOmittedBySize, c.RowsReturned, 40-n)
			}
			invalid := 0
			for _, r := range got.Rows {
				if r.Status == RowSchemaInvalid {
					invalid++
				}
			}
			if c.RowsSchemaInvalid != invalid {
				t.Errorf("rows_schema_invalid = %d, want %d", c.RowsSchemaInvalid, invalid)
			}
		})
	}
}

func TestFitTwiceAccumulates(t *testing.T) {
	t.Parallel()
	full := sampleResult(30, 200)
	a, ra := Fit(full, size(t, full)*2/3)
	b, rb := Fit(a, size(t, a)/2)
	if b.Coverage.RowsOmittedBySize != ra.RowsOmitted+rb.RowsOmitted {
		t.Errorf("rows_omitted_by_size = %d, want %d+%d", b.Coverage.RowsOmittedBySize, ra.RowsOmitted, rb.RowsOmitted)
	}
	if len(b.Rows)+b.Coverage.RowsOmittedBySize != 30 {
		t.Errorf("%d rows + %d omitted != 30", len(b.Rows), b.Coverage.RowsOmittedBySize)
	}
}

func TestFitNil(t *testing.T) {
	t.Parallel()
	if got, rep := Fit(nil, 100); got != nil || rep != (FitReport{}) {
		t.Errorf("Fit(nil) = %v, %+v", got, rep)
	}
}

func TestDigest(t *testing.T) {
	t.Parallel()
	a := sampleResult(5, 10)
	b := a.clone()
	if err := mintRefs(b); err != nil {
		t.Fatal(err)
	}
	if a.Rows[0].Ref == b.Rows[0].Ref {
		t.Fatal("mintRefs reused references")
	}
	if Digest(a) != Digest(b) {
		t.Error("the digest depends on evidence references")
	}
	if !strings.HasPrefix(Digest(a), "sha256:") || len(Digest(a)) != len("sha256:")+64 {
		t.Errorf("digest %q", Digest(a))
	}
	// Replay: a result stored as JSON (compact or indented) and decoded
	// again digests the same.
	for _, enc := range []func(any) ([]byte, error){
		json.Marshal,
		func(v any) ([]byte, error) { return json.MarshalIndent(v, "", "  ") },
	} {
		stored, err := enc(a)
		if err != nil {
			t.Fatal(err)
		}
		var replay Result
		if err := json.Unmarshal(stored, &replay); err != nil {
			t.Fatal(err)
		}
		if Digest(&replay) != Digest(a) {
			t.Errorf("replayed digest %s != %s", Digest(&replay), Digest(a))
		}
	}
	// Any semantic change changes it.
	c := a.clone()
	c.Rows[1].Values["amount"] = 2.0
	if Digest(c) == Digest(a) {
		t.Error("a changed value keeps the digest")
	}
	d := a.clone()
	d.Coverage.RowsOmittedBySize++
	if Digest(d) == Digest(a) {
		t.Error("a changed coverage keeps the digest")
	}
	if Digest(nil) == Digest(a) {
		t.Error("nil digests like a result")
	}
}

func TestWriteCSV(t *testing.T) {
	t.Parallel()
	res := &Result{
		Fields: []Field{{Name: "name", Type: TypeString}, {Name: "status", Type: TypeString}, {Name: "amount", Type: TypeNumber}, {Name: "paid", Type: TypeBoolean}},
		Rows: []Row{
			{Status: RowOK, Values: map[string]any{"name": "Acme, Inc.", "status": "open", "amount": 1250.5, "paid": true}},
			{Status: RowSchemaInvalid, Values: map[string]any{"name": "=HYPERLINK(\"x\")", "status": nil, "amount": nil, "paid": false},
				Issues: map[string]Issue{"status": {Status: StatusMissing}, "amount": {Status: StatusInvalid, Text: "$5"}}},
			{Status: RowOK, Values: map[string]any{"name": "-5 \"quoted\"", "status": "x", "amount": 1e21, "paid": nil}},
			{Status: RowUnsupportedStructure, Values: map[string]any{"name": nil, "status": nil, "amount": nil, "paid": nil},
				Issues: map[string]Issue{"name": {Status: StatusUnsupported}, "status": {Status: StatusUnsupported}, "amount": {Status: StatusUnsupported}, "paid": {Status: StatusUnsupported}}},
		},
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, res); err != nil {
		t.Fatal(err)
	}
	want := `name,status,amount,paid,_status
"Acme, Inc.",open,1250.5,true,ok
"'=HYPERLINK(""x"")",,,false,schema_invalid status=missing amount=invalid
"'-5 ""quoted""",x,1e+21,,ok
,,,,unsupported_structure name=unsupported status=unsupported amount=unsupported paid=unsupported
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("CSV mismatch (-want +got):\n%s", diff)
	}
}
