package extract

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/pling-dev/pling/internal/golden"
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
	golden.Check(t, filepath.Join("testdata", "golden", name+".json"), got)
}
