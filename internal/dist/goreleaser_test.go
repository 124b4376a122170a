package dist

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// .goreleaser.yaml builds what issue 23 asks of a release: linux, darwin
// and windows on amd64 and arm64 without cgo, main.version stamped (the
// variable `pling version` reads), a bundle per built binary through this
// package's packer, and checksums over the bundles too. (`make test` runs
// `goreleaser check` for the schema; this pins the choices.)
func TestGoReleaserConfig(t *testing.T) {
	data, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Version int `yaml:"version"`
		Builds  []struct {
			Main    string   `yaml:"main"`
			Env     []string `yaml:"env"`
			Ldflags []string `yaml:"ldflags"`
			Goos    []string `yaml:"goos"`
			Goarch  []string `yaml:"goarch"`
			Hooks   struct {
				Post []struct {
					Cmd string `yaml:"cmd"`
				} `yaml:"post"`
			} `yaml:"hooks"`
		} `yaml:"builds"`
		Checksum struct {
			ExtraFiles []struct {
				Glob string `yaml:"glob"`
			} `yaml:"extra_files"`
		} `yaml:"checksum"`
	}
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Version != 2 || len(c.Builds) != 1 {
		t.Fatalf("version %d, %d builds", c.Version, len(c.Builds))
	}
	b := c.Builds[0]
	slices.Sort(b.Goos)
	slices.Sort(b.Goarch)
	if b.Main != "./cmd/pling" || !slices.Equal(b.Goos, []string{"darwin", "linux", "windows"}) || !slices.Equal(b.Goarch, []string{"amd64", "arm64"}) {
		t.Errorf("builds %s for %v × %v", b.Main, b.Goos, b.Goarch)
	}
	if !slices.Contains(b.Env, "CGO_ENABLED=0") || !slices.Contains(b.Env, "GOFLAGS=-buildvcs=true") {
		t.Errorf("env %v", b.Env)
	}
	if !strings.Contains(strings.Join(b.Ldflags, " "), "-X main.version={{ .Version }}") {
		t.Errorf("ldflags %v do not stamp main.version", b.Ldflags)
	}
	src, err := os.ReadFile("../../cmd/pling/version.go")
	if err != nil || !strings.Contains(string(src), "\nvar version = \"\"") {
		t.Errorf("cmd/pling/version.go no longer declares main.version (%v)", err)
	}
	if len(b.Hooks.Post) != 1 || !strings.HasPrefix(b.Hooks.Post[0].Cmd, "go run ./internal/dist/packer bundle ") {
		t.Errorf("post hooks %+v", b.Hooks.Post)
	}
	if len(c.Checksum.ExtraFiles) != 1 || c.Checksum.ExtraFiles[0].Glob != "./dist/*.mcpb" {
		t.Errorf("checksum extra files %+v", c.Checksum.ExtraFiles)
	}
}
