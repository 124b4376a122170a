package extract

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
)

// BenchmarkExtract10k extracts the first 50 rows of four typed columns from
// the generated 10,000-row table on real Chromium: the full Run (probe, one
// read, conversion, fitting, references). It reports the serialized result
// size as result-bytes/op.
func BenchmarkExtract10k(b *testing.B) {
	s := testbrowser.Open(b, "/generated/table?rows=10000")
	req := mustParse(b, `{"expected_revision":"r1","kind":"table","index":0,"limit":50,"fields":[
		{"name":"order","column":0,"type":"integer","required":true},{"name":"customer","column":1,"type":"string"},
		{"name":"amount","column":2,"type":"number"},{"name":"paid","column":3,"type":"boolean"}]}`)
	doc := probeDocTB(b, s)
	rc := &docChecker{doc: doc}
	ctx := context.Background()
	var size int
	for b.Loop() {
		res, err := Run(ctx, s, rc, req)
		if err != nil {
			b.Fatal(err)
		}
		out, err := json.Marshal(res)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "result-bytes/op")
}

func probeDocTB(tb testing.TB, ev Evaluator) string {
	tb.Helper()
	var raw rawResult
	if err := ev.CallScript(context.Background(), script, scriptArgs{Probe: true}, &raw); err != nil || raw.DocID == "" {
		tb.Fatalf("probe: %q, %v", raw.DocID, err)
	}
	return raw.DocID
}
