// Package golden compares test output with files under testdata. Run the
// tests with UPDATE_GOLDEN=1 to rewrite the files, then review the diff.
package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Update reports whether golden files are being rewritten.
func Update() bool { return os.Getenv("UPDATE_GOLDEN") == "1" }

// Check compares got with the golden file at path (relative to the test's
// package), rewriting it when UPDATE_GOLDEN=1. A missing file fails.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
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
		t.Fatalf("golden file %s: %v (run with UPDATE_GOLDEN=1 to create it)", path, err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
