package extract

import (
	"encoding/json"
	"github.com/pling-dev/pling/errcode"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParseRequest: any input is either a valid request that survives a
// JSON round trip unchanged, or an INVALID_ARGUMENT error; never a panic.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"expected_revision":"r1","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string"}]}`,
		`{"expected_revision":"r1","kind":"form","index":1,"limit":50,"fields":[{"name":"label","column":0,"type":"string","required":true},{"name":"checked","column":3,"type":"boolean"}]}`,
		`{"expected_revision":"r1","kind":"list","index":1e0,"fields":[{"name":"_x","column":0.0,"type":"integer"}]}`,
		`{"expected_revision":"r","Kind":"table","index":0,"fields":[]}`,
		`{"expected_revision":"r","kind":"table","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string"}]}`,
		`{"expected_revision":"r","kind":"table","index":0,"fields":[{"name":"a","column":0,"type":"string","x":1}]}`,
		`{"expected_revision":null}`, `[]`, `{`, `"x"`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		req, err := ParseRequest(raw)
		if err != nil {
			if errcode.ErrorCode(err) != errcode.InvalidArgument {
				t.Fatalf("ParseRequest(%q): error %v without INVALID_ARGUMENT", raw, err)
			}
			return
		}
		if err := req.Validate(); err != nil {
			t.Fatalf("ParseRequest(%q) accepted a request Validate rejects: %v", raw, err)
		}
		if req.Limit < 1 || req.Limit > MaxLimit || req.Index < 0 || req.Index > MaxIndex ||
			len(req.Fields) < 1 || len(req.Fields) > MaxFields {
			t.Fatalf("ParseRequest(%q) = %+v: out of bounds", raw, req)
		}
		b, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseRequest(b)
		if err != nil {
			t.Fatalf("re-parse of %s: %v", b, err)
		}
		if diff := cmp.Diff(req, again); diff != "" {
			t.Fatalf("round trip mismatch (-first +again):\n%s", diff)
		}
	})
}
