package realworld

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// cacheRoot is where npm tarballs are unpacked, keyed by name@version:
// under the Go build cache, so `go clean -cache` removes them too.
func cacheRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOCACHE: %w", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" || dir == "off" {
		if dir, err = os.UserCacheDir(); err != nil {
			return "", fmt.Errorf("no cache directory: %w", err)
		}
	}
	return filepath.Join(dir, "pling-realworld"), nil
}

// npmPackage returns the directory holding the unpacked npm package
// spec (name@version), downloading it with `npm pack` the first time. It
// never installs dependencies or runs package scripts. Any failure (npm
// missing, registry unreachable) is an error: the corpus does not skip.
func npmPackage(spec string) (string, error) {
	root, err := cacheRoot()
	if err != nil {
		return "", err
	}
	key := strings.NewReplacer("/", "__", "@", "_at_").Replace(strings.TrimPrefix(spec, "@"))
	dir := filepath.Join(root, key)
	if _, err := os.Stat(filepath.Join(dir, "package", "package.json")); err == nil {
		return filepath.Join(dir, "package"), nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, key+".tmp")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("npm is required to install the corpus package %s (apt-get install -y npm): %w", spec, err)
	}
	cmd := exec.Command(npm, "pack", spec, "--pack-destination", tmp, "--silent", "--ignore-scripts")
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm pack %s: %w\n%s", spec, err, out)
	}
	tgz, err := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if err != nil || len(tgz) != 1 {
		return "", fmt.Errorf("npm pack %s: expected one tarball in %s, found %v", spec, tmp, tgz)
	}
	unpacked := filepath.Join(tmp, "x")
	if err := untar(tgz[0], unpacked); err != nil {
		return "", fmt.Errorf("unpack %s: %w", spec, err)
	}
	// Tarballs normally hold package/; a few use another top directory.
	top, err := os.ReadDir(unpacked)
	if err != nil || len(top) != 1 || !top[0].IsDir() {
		return "", fmt.Errorf("unpack %s: expected one top directory", spec)
	}
	if top[0].Name() != "package" {
		if err := os.Rename(filepath.Join(unpacked, top[0].Name()), filepath.Join(unpacked, "package")); err != nil {
			return "", err
		}
	}
	// Another test process may have finished first; either copy is good.
	if err := os.Rename(unpacked, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "package", "package.json")); statErr != nil {
			return "", fmt.Errorf("install %s into the cache: %w", spec, err)
		}
	}
	return filepath.Join(dir, "package"), nil
}

// untar unpacks a gzipped tarball into dir, refusing paths that leave it.
func untar(file, dir string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(h.Name)
		if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) {
			return fmt.Errorf("unsafe path %q in tarball", h.Name)
		}
		target := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			if _, err := io.Copy(out, io.LimitReader(tr, 64<<20)); err != nil {
				out.Close()
				return err
			}
			if err := out.Close(); err != nil {
				return err
			}
		}
	}
}
