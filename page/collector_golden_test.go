package page_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/golden"
	"github.com/pling-dev/pling/page"
)

// The collector's half of every fixture golden: the snapshot the runtime
// builds from when it opens fixtures/pages/<name>.html in Chromium (the
// collector's JSON as Go decodes it: settle wait, collect, prose count,
// in one evaluation), masked by maskSnapshot, in testdata/collector. A
// diff here is the JavaScript's; the Go's half is TestRenderGoldens.
//
// The test is not parallel with the others (its subtests are parallel
// among themselves): with UPDATE_GOLDEN=1 it rewrites the snapshots before
// TestRenderGoldens, which is, copies them into the render archives.
func TestCollectorGoldens(t *testing.T) {
	for _, f := range goldenFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			rt := open(t, "/"+f.name, page.DefaultBudgets())
			got, err := maskSnapshot(rt.Last().Snapshot())
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "testdata/collector/"+f.name+".json", got)
		})
	}
}

// Every page with a fixture golden of TestFixtureGoldens has both halves
// pinned apart: it is in goldenFixtures. webmcp's golden comes from
// TestWebMCPGolden, whose tools the browser's WebMCP domain adds beside
// the collector's snapshot.
func TestGoldenFixturesComplete(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob("testdata/fixtures/*.compact.md")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range goldenFixtures {
		listed = append(listed, f.name)
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".compact.md")
		if name != "webmcp" && !slices.Contains(listed, name) {
			t.Errorf("%s has a fixture golden but no collector and render golden: add it to goldenFixtures", name)
		}
	}
	for _, name := range listed {
		if _, err := os.Stat("testdata/fixtures/" + name + ".compact.md"); err != nil {
			t.Errorf("goldenFixtures lists %s, which TestFixtureGoldens does not pin: %v", name, err)
		}
	}
}
