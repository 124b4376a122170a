package npmcache

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// writeTarball writes a gzipped tarball of files (name → content) to path.
func writeTarball(t *testing.T, path string, files [][2]string) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f[0], Mode: 0o644, Size: int64(len(f[1])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(f[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fixture is a local npm package tarball: npm installs it offline, so the
// test never reaches the registry.
func fixture(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pling-fixture-1.0.0.tgz")
	writeTarball(t, path, [][2]string{
		{"package/package.json", `{"name":"pling-fixture","version":"1.0.0","bin":{"pling-fixture":"cli.js"}}`},
		{"package/cli.js", "#!/usr/bin/env node\nconsole.log('hi')\n"},
	})
	return path
}

func TestPackAndInstall(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatalf("npm is required (apt-get install -y npm): %v", err)
	}
	cache := t.TempDir()
	t.Setenv("PLING_NPM_CACHE", cache)
	t.Setenv("npm_config_offline", "true")
	t.Setenv("npm_config_cache", filepath.Join(t.TempDir(), "npm"))
	tgz := fixture(t)
	ctx := context.Background()

	for _, tc := range []struct {
		name string
		get  func() (string, error)
		dir  string // under the cache
	}{
		{"pack", func() (string, error) { return Pack(ctx, tgz) }, filepath.Join(cache, "pack", key(tgz), "package")},
		{"install", func() (string, error) { return Install(ctx, "pling-fixture", tgz) }, filepath.Join(cache, "install", key(tgz), "node_modules", "pling-fixture")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := tc.get()
			if err != nil {
				t.Fatal(err)
			}
			if dir != tc.dir {
				t.Fatalf("dir = %s, want %s", dir, tc.dir)
			}
			bin, err := Bin(dir, "")
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(dir, "cli.js"); bin != want {
				t.Fatalf("Bin = %s, want %s", bin, want)
			}
			if _, err := os.Stat(bin); err != nil {
				t.Fatalf("bin not installed: %v", err)
			}
			if _, err := Bin(dir, "other"); err == nil {
				t.Fatal("Bin of an undeclared name: no error")
			}
			// The second call is served from the cache: npm is not needed.
			t.Setenv("PATH", t.TempDir())
			again, err := tc.get()
			if err != nil || again != dir {
				t.Fatalf("cached call = %s, %v; want %s", again, err, dir)
			}
		})
	}
	left, err := filepath.Glob(filepath.Join(cache, "*", "*.tmp*"))
	if err != nil || len(left) != 0 {
		t.Fatalf("temporary directories left behind: %v %v", left, err)
	}
}

func TestNpmMissingIsAnError(t *testing.T) {
	t.Setenv("PLING_NPM_CACHE", t.TempDir())
	t.Setenv("PATH", t.TempDir())
	if _, err := Install(context.Background(), "x", "x@1.0.0"); err == nil {
		t.Fatal("Install without npm: no error")
	}
	if _, err := Pack(context.Background(), "x@1.0.0"); err == nil {
		t.Fatal("Pack without npm: no error")
	}
}

func TestUntarRefusesEscapes(t *testing.T) {
	for _, name := range []string{"../evil", "/abs/evil", "package/../../evil"} {
		t.Run(name, func(t *testing.T) {
			tgz := filepath.Join(t.TempDir(), "x.tgz")
			writeTarball(t, tgz, [][2]string{{name, "x"}})
			out := t.TempDir()
			if err := Untar(tgz, filepath.Join(out, "d")); !errors.Is(err, ErrUnsafePath) {
				t.Fatalf("Untar(%q) = %v, want ErrUnsafePath", name, err)
			}
			if _, err := os.Stat(filepath.Join(out, "evil")); err == nil {
				t.Fatal("a file escaped the target directory")
			}
		})
	}
}

func TestKey(t *testing.T) {
	for spec, want := range map[string]string{
		"todomvc@0.1.1":          "todomvc_at_0.1.1",
		"@playwright/mcp@0.0.83": "playwright__mcp_at_0.0.83",
	} {
		if got := key(spec); got != want {
			t.Errorf("key(%q) = %q, want %q", spec, got, want)
		}
	}
}
