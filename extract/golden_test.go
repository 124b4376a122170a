package extract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkGolden compares r, with its fresh evidence references replaced by
// stable placeholders, to testdata/golden/NAME.json. UPDATE_GOLDEN=1
// rewrites the file instead.
func checkGolden(t *testing.T, name string, r *Result) {
	t.Helper()
	c := r.clone()
	for i := range c.Rows {
		if !refPattern.MatchString(c.Rows[i].Ref) {
			t.Errorf("row %d: evidence reference %q", i, c.Rows[i].Ref)
		}
		c.Rows[i].Ref = "ev_<fresh>_" + strconv.Itoa(c.Rows[i].Position)
	}
	got, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s missing (UPDATE_GOLDEN=1 go test ./extract/ writes it): %v", path, err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
