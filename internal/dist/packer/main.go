// Command packer builds the MCP Bundles and server.json of a release, for
// `make dist` (after GoReleaser) and GoReleaser's build hooks:
//
//	packer bundle -binary dist/x/pling -os linux -arch amd64 -version 1.2.3 -out dist/
//	packer serverjson -dist dist
//
// bundle writes dist/pling_VERSION_OS_ARCH.mcpb around one built binary;
// serverjson reads the version from GoReleaser's dist/metadata.json and
// every dist/*.mcpb, and writes dist/server.json with their SHA-256,
// checked against the registry schema's required fields and limits.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/pling-dev/pling/internal/dist"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "packer:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: packer bundle|serverjson [flags]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	switch args[0] {
	case "bundle":
		bin := fs.String("binary", "", "the built pling binary")
		goos := fs.String("os", "", "its GOOS")
		goarch := fs.String("arch", "", "its GOARCH")
		version := fs.String("version", "", "the release version")
		out := fs.String("out", "dist", "directory to write the .mcpb to")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *bin == "" || *goos == "" || *goarch == "" || *version == "" {
			return fmt.Errorf("bundle needs -binary, -os, -arch and -version")
		}
		path := filepath.Join(*out, dist.BundleName(*version, *goos, *goarch))
		if err := dist.WriteBundle(path, *bin, *version, *goos); err != nil {
			return err
		}
		fmt.Println(path)
		return nil
	case "serverjson":
		dir := fs.String("dist", "dist", "GoReleaser's dist directory")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		var meta struct {
			Version string `json:"version"`
		}
		data, err := os.ReadFile(filepath.Join(*dir, "metadata.json"))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, &meta); err != nil || meta.Version == "" {
			return fmt.Errorf("%s/metadata.json has no version: %v", *dir, err)
		}
		files, err := filepath.Glob(filepath.Join(*dir, "*.mcpb"))
		if err != nil || len(files) == 0 {
			return fmt.Errorf("no .mcpb in %s", *dir)
		}
		sort.Strings(files)
		var bundles []dist.Bundle
		for _, f := range files {
			sum, err := dist.FileSHA256(f)
			if err != nil {
				return err
			}
			bundles = append(bundles, dist.Bundle{File: filepath.Base(f), SHA256: sum})
		}
		s := dist.NewServerJSON(meta.Version, bundles)
		if err := s.Check(); err != nil {
			return fmt.Errorf("server.json: %w", err)
		}
		out, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			return err
		}
		path := filepath.Join(*dir, "server.json")
		if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
			return err
		}
		fmt.Println(path)
		return nil
	}
	return fmt.Errorf("unknown command %q (bundle, serverjson)", args[0])
}
