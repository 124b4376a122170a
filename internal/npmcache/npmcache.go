// Package npmcache installs npm packages at test and benchmark time into a
// cache under the Go build cache, so nothing from the npm registry is ever
// vendored or committed and `go clean -cache` removes it all.
//
// Two forms: Pack unpacks one package's tarball without its dependencies
// (static pages such as the todomvc corpus), Install runs `npm install`
// with dependencies (programs such as @playwright/mcp). Neither runs
// package scripts, and Install sets the variables that stop Playwright and
// Puppeteer from downloading a browser. Any failure (npm missing, registry
// unreachable) is an error: callers fail rather than skip.
//
// Concurrent test processes are safe: each works in a temporary directory
// and renames it into place; whichever finishes first wins, the other's
// copy is discarded.
package npmcache

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Root returns the cache directory: $(go env GOCACHE)/pling-npm, or the
// user cache directory when the build cache is off. PLING_NPM_CACHE
// overrides it.
func Root(ctx context.Context) (string, error) {
	if dir := os.Getenv("PLING_NPM_CACHE"); dir != "" {
		return dir, nil
	}
	out, err := exec.CommandContext(ctx, "go", "env", "GOCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("npmcache: go env GOCACHE: %w", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" || dir == "off" {
		if dir, err = os.UserCacheDir(); err != nil {
			return "", fmt.Errorf("npmcache: no cache directory: %w", err)
		}
	}
	return filepath.Join(dir, "pling-npm"), nil
}

// key turns a package spec (name@version) into a directory name.
func key(spec string) string {
	return strings.NewReplacer("/", "__", "@", "_at_", string(filepath.Separator), "__", ":", "_").
		Replace(strings.TrimPrefix(spec, "@"))
}

// npmEnv is the environment of every npm call: no notifier, audit or fund
// requests, and no browser downloads by Playwright or Puppeteer.
func npmEnv() []string {
	return append(os.Environ(),
		"npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false",
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PUPPETEER_SKIP_DOWNLOAD=1", "PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1")
}

func lookNpm(spec string) (string, error) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("npmcache: npm is required to install %s (apt-get install -y npm): %w", spec, err)
	}
	return npm, nil
}

// Pack returns the directory holding the unpacked npm package spec
// (name@version, or a path to a .tgz), downloading it with `npm pack` the
// first time. It never installs dependencies or runs package scripts.
func Pack(ctx context.Context, spec string) (string, error) {
	root, err := Root(ctx)
	if err != nil {
		return "", err
	}
	base := filepath.Join(root, "pack")
	dir := filepath.Join(base, key(spec))
	done := filepath.Join(dir, "package", "package.json")
	if _, err := os.Stat(done); err == nil {
		return filepath.Join(dir, "package"), nil
	}
	npm, err := lookNpm(spec)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	tmp, err := os.MkdirTemp(base, key(spec)+".tmp")
	if err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, npm, "pack", spec, "--pack-destination", tmp, "--silent", "--ignore-scripts")
	cmd.Env = npmEnv()
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npmcache: npm pack %s: %w\n%s", spec, err, out)
	}
	tgz, err := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if err != nil || len(tgz) != 1 {
		return "", fmt.Errorf("npmcache: npm pack %s: expected one tarball in %s, found %v", spec, tmp, tgz)
	}
	unpacked := filepath.Join(tmp, "x")
	if err := Untar(tgz[0], unpacked); err != nil {
		return "", fmt.Errorf("npmcache: unpack %s: %w", spec, err)
	}
	// Tarballs normally hold package/; a few use another top directory.
	top, err := os.ReadDir(unpacked)
	if err != nil || len(top) != 1 || !top[0].IsDir() {
		return "", fmt.Errorf("npmcache: unpack %s: expected one top directory", spec)
	}
	if top[0].Name() != "package" {
		if err := os.Rename(filepath.Join(unpacked, top[0].Name()), filepath.Join(unpacked, "package")); err != nil {
			return "", fmt.Errorf("npmcache: %w", err)
		}
	}
	if err := settle(unpacked, dir, done); err != nil {
		return "", fmt.Errorf("npmcache: install %s into the cache: %w", spec, err)
	}
	return filepath.Join(dir, "package"), nil
}

// Install returns the directory of package name installed with its
// dependencies from spec (name@version, or a path to a .tgz), running
// `npm install --ignore-scripts` the first time. The returned directory is
// <cache>/install/<key>/node_modules/<name>; its dependencies sit beside it.
func Install(ctx context.Context, name, spec string) (string, error) {
	root, err := Root(ctx)
	if err != nil {
		return "", err
	}
	base := filepath.Join(root, "install")
	dir := filepath.Join(base, key(spec))
	pkg := filepath.Join("node_modules", filepath.FromSlash(name))
	done := filepath.Join(dir, pkg, "package.json")
	if _, err := os.Stat(done); err == nil {
		return filepath.Join(dir, pkg), nil
	}
	npm, err := lookNpm(spec)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	tmp, err := os.MkdirTemp(base, key(spec)+".tmp")
	if err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	defer os.RemoveAll(tmp)
	prefix := filepath.Join(tmp, "x")
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	// A package.json of its own keeps npm from walking up to a parent's.
	if err := os.WriteFile(filepath.Join(prefix, "package.json"), []byte(`{"private":true}`+"\n"), 0o644); err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	cmd := exec.CommandContext(ctx, npm, "install", spec, "--prefix", prefix,
		"--ignore-scripts", "--no-audit", "--no-fund", "--silent", "--no-package-lock")
	cmd.Env = npmEnv()
	cmd.Dir = prefix
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npmcache: npm install %s: %w\n%s", spec, err, out)
	}
	if _, err := os.Stat(filepath.Join(prefix, pkg, "package.json")); err != nil {
		return "", fmt.Errorf("npmcache: npm install %s did not install %s: %w", spec, name, err)
	}
	if err := settle(prefix, dir, done); err != nil {
		return "", fmt.Errorf("npmcache: install %s into the cache: %w", spec, err)
	}
	return filepath.Join(dir, pkg), nil
}

// settle renames the finished tree src to dst. Another process may have
// finished first (dst exists with its marker file): either copy is good.
func settle(src, dst, marker string) error {
	if err := os.Rename(src, dst); err != nil {
		if _, statErr := os.Stat(marker); statErr != nil {
			return err
		}
	}
	return nil
}

// Bin returns the path of the executable script a package directory (as
// returned by Pack or Install) declares under the name bin in its
// package.json; an empty name takes the package's only or default bin.
func Bin(pkgDir, bin string) (string, error) {
	data, err := os.ReadFile(filepath.Join(pkgDir, "package.json"))
	if err != nil {
		return "", fmt.Errorf("npmcache: %w", err)
	}
	var meta struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return "", fmt.Errorf("npmcache: %s/package.json: %w", pkgDir, err)
	}
	var one string
	var many map[string]string
	switch {
	case len(meta.Bin) == 0:
		return "", fmt.Errorf("npmcache: %s declares no bin", meta.Name)
	case json.Unmarshal(meta.Bin, &one) == nil:
		if bin != "" && bin != meta.Name && bin != filepath.Base(meta.Name) {
			return "", fmt.Errorf("npmcache: %s has no bin %q", meta.Name, bin)
		}
	case json.Unmarshal(meta.Bin, &many) == nil:
		if bin == "" {
			if len(many) == 1 {
				for _, v := range many {
					one = v
				}
			} else {
				one = many[filepath.Base(meta.Name)]
			}
		} else {
			one = many[bin]
		}
		if one == "" {
			return "", fmt.Errorf("npmcache: %s has no bin %q", meta.Name, bin)
		}
	default:
		return "", fmt.Errorf("npmcache: %s: unreadable bin field", meta.Name)
	}
	return filepath.Join(pkgDir, filepath.FromSlash(one)), nil
}

// ErrUnsafePath is returned by Untar for an entry that would leave the
// target directory.
var ErrUnsafePath = errors.New("npmcache: unsafe path in tarball")

// Untar unpacks a gzipped tarball into dir, refusing paths that leave it.
// Only directories and regular files are written (links are skipped);
// each file is cut at 64 MiB.
func Untar(file, dir string) error {
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
			return fmt.Errorf("%w: %q", ErrUnsafePath, h.Name)
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
