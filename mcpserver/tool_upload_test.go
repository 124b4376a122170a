package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pling-dev/pling/page"
)

// TestCheckUploadPaths: only regular files inside a root pass, after
// symlinks are resolved on both sides; everything else is INVALID_ARGUMENT.
func TestCheckUploadPaths(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	outside := filepath.Join(base, "outside")
	sibling := filepath.Join(base, "root2") // shares root's prefix
	for _, d := range []string{root, filepath.Join(root, "sub"), outside, sibling} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "a.txt"))
	write(filepath.Join(root, "sub", "b.txt"))
	write(filepath.Join(outside, "secret.txt"))
	write(filepath.Join(sibling, "c.txt"))
	link := func(target, name string) {
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(outside, "secret.txt"), filepath.Join(root, "escape.txt"))
	link(outside, filepath.Join(root, "escape-dir"))
	link(filepath.Join(root, "a.txt"), filepath.Join(outside, "in.txt"))
	rootLink := filepath.Join(base, "root-link")
	link(root, rootLink)
	realA, _ := filepath.EvalSymlinks(filepath.Join(root, "a.txt"))

	for _, tc := range []struct {
		name  string
		roots []string
		path  string
		want  string // resolved path, or "" for INVALID_ARGUMENT
		why   string
	}{
		{"file in root", []string{root}, filepath.Join(root, "a.txt"), realA, ""},
		{"nested file", []string{root}, filepath.Join(root, "sub", "b.txt"), filepath.Join(filepath.Dir(realA), "sub", "b.txt"), ""},
		{"relative to first root", []string{root}, "sub/b.txt", filepath.Join(filepath.Dir(realA), "sub", "b.txt"), ""},
		{"root given through a symlink", []string{rootLink}, filepath.Join(rootLink, "a.txt"), realA, ""},
		{"link outside into root", []string{root}, filepath.Join(outside, "in.txt"), realA, ""},
		{"second root", []string{outside, root}, filepath.Join(root, "a.txt"), realA, ""},
		{"symlink escaping", []string{root}, filepath.Join(root, "escape.txt"), "", "outside the upload roots"},
		{"dir symlink escaping", []string{root}, filepath.Join(root, "escape-dir", "secret.txt"), "", "outside the upload roots"},
		{"missing outside the roots says nothing of existence", []string{root}, filepath.Join(outside, "nope.txt"), "", "is outside the upload roots;"},
		{"existing outside the roots, same answer", []string{root}, filepath.Join(outside, "secret.txt"), "", "is outside the upload roots"},
		{"dot-dot traversal", []string{root}, filepath.Join(root, "..", "outside", "secret.txt"), "", "outside the upload roots"},
		{"relative traversal", []string{root}, "../outside/secret.txt", "", "outside the upload roots"},
		{"prefix sibling", []string{root}, filepath.Join(sibling, "c.txt"), "", "outside the upload roots"},
		{"directory", []string{root}, filepath.Join(root, "sub"), "", "not a regular file"},
		{"the root itself", []string{root}, root, "", "outside the upload roots"},
		{"missing", []string{root}, filepath.Join(root, "nope.txt"), "", "does not exist"},
		{"system file", []string{root}, "/etc/passwd", "", "outside the upload roots"},
		{"no roots", nil, filepath.Join(root, "a.txt"), "", "no upload roots"},
		{"missing root", []string{filepath.Join(base, "gone")}, filepath.Join(root, "a.txt"), "", "outside the upload roots"},
		{"nul byte", []string{root}, filepath.Join(root, "a.txt\x00"), "", "not a valid path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := checkUploadPaths(tc.roots, []string{tc.path})
			if tc.want != "" {
				if err != nil || len(got) != 1 || got[0] != tc.want {
					t.Fatalf("= %v, %v; want [%s]", got, err, tc.want)
				}
				return
			}
			if page.ErrorCode(err) != page.CodeInvalidArgument || !strings.Contains(err.Error(), tc.why) {
				t.Fatalf("= %v, %v; want INVALID_ARGUMENT with %q", got, err, tc.why)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error names a file outside the roots: %v", err)
			}
		})
	}
}
