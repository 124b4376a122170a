// Package dist builds what a release ships beside the archives GoReleaser
// makes (.goreleaser.yaml): one MCP Bundle (.mcpb, manifest 0.3) per
// platform around the built binary, and the MCP registry's server.json
// (schema 2025-12-11) that points at those bundles with their SHA-256.
// `make dist` runs it through ./internal/dist/packer; the e2e bundle test
// packs the test-built binary with the same code.
package dist

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Repository is where releases are published; the bundles' download URLs
// and the registry name (io.github.pling-dev/pling) follow from it.
const Repository = "https://github.com/pling-dev/pling"

// Description is the one-line description the bundle and the registry
// entry share (the registry allows at most 100 characters).
const Description = "Operate web pages for AI agents: bounded observations, real input, a navigation policy."

// Manifest is an MCP Bundle manifest.json (manifest_version 0.3; the
// fields Pling uses).
type Manifest struct {
	ManifestVersion string                `json:"manifest_version"`
	Name            string                `json:"name"`
	DisplayName     string                `json:"display_name"`
	Version         string                `json:"version"`
	Description     string                `json:"description"`
	LongDescription string                `json:"long_description"`
	Author          Author                `json:"author"`
	Repository      *ManifestRepo         `json:"repository,omitempty"`
	Homepage        string                `json:"homepage,omitempty"`
	Documentation   string                `json:"documentation,omitempty"`
	Server          Server                `json:"server"`
	Tools           []Tool                `json:"tools"`
	ToolsGenerated  bool                  `json:"tools_generated"`
	Keywords        []string              `json:"keywords,omitempty"`
	Compatibility   Compatibility         `json:"compatibility"`
	UserConfig      map[string]UserOption `json:"user_config"`
}

// Author names who publishes the bundle.
type Author struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

// ManifestRepo is the manifest's source repository.
type ManifestRepo struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// Server says how a host starts the bundle's server.
type Server struct {
	Type       string    `json:"type"`
	EntryPoint string    `json:"entry_point"`
	MCPConfig  MCPConfig `json:"mcp_config"`
}

// MCPConfig is the command line and environment a host runs, with
// ${__dirname} and ${user_config.KEY} substituted.
type MCPConfig struct {
	Command           string                      `json:"command"`
	Args              []string                    `json:"args"`
	Env               map[string]string           `json:"env,omitempty"`
	PlatformOverrides map[string]PlatformOverride `json:"platform_overrides,omitempty"`
}

// PlatformOverride replaces the command on one platform (win32: pling.exe).
type PlatformOverride struct {
	Command string `json:"command,omitempty"`
}

// Tool is a tool the server offers.
type Tool struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// Compatibility lists the platforms a bundle runs on.
type Compatibility struct {
	Platforms []string `json:"platforms"`
}

// UserOption is one typed setting the host asks the user for.
type UserOption struct {
	Type        string `json:"type"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Required    bool   `json:"required"`
	Default     string `json:"default"`
	Sensitive   bool   `json:"sensitive,omitempty"`
}

// Tools are the core tools every session offers (README "Tools"); upload
// needs browser.uploadRoots, which a bundle does not set, and web_search
// an OpenAI key. The per-page tools are generated (tools_generated).
var Tools = []Tool{
	{"observe", "The bounded observation of the current page: regions, folded actions, records with stable ids, state and feedback."},
	{"act", "Run one listed action with real input events; returns what changed and the fresh observation."},
	{"navigate", "Open a URL allowed by the navigation policy in the current page or a new one."},
	{"scroll", "Scroll the page or a region and observe what came into view."},
	{"fill_form", "Several type, select and check actions in one call, then optionally submit."},
	{"close_page", "Close a page handle and its tab."},
	{"screenshot", "The viewport, the whole page or one region as an image, for what the observation cannot describe."},
	{"web_search", "Only with an OpenAI API key: budgeted hosted web search returning candidate sources."},
}

// Platform maps a Go GOOS onto the manifest's platform name.
func Platform(goos string) (string, error) {
	switch goos {
	case "linux", "darwin":
		return goos, nil
	case "windows":
		return "win32", nil
	}
	return "", fmt.Errorf("dist: no MCP Bundle platform for GOOS %q", goos)
}

// binaryName is the binary's name inside the bundle.
func binaryName(goos string) string {
	if goos == "windows" {
		return "pling.exe"
	}
	return "pling"
}

// NewManifest returns the manifest of Pling's bundle for one platform: the
// binary at server/pling (pling.exe on Windows), started as `pling serve`
// over stdio, with the user's settings passed as environment that
// config.ApplyEnv reads: PLING_BROWSER (the browser's path; empty lets
// Pling find one), PLING_ALLOW (an optional navigation allow-list) and
// OPENAI_API_KEY (sensitive; web_search only when set).
func NewManifest(version, goos string) (Manifest, error) {
	platform, err := Platform(goos)
	if err != nil {
		return Manifest{}, err
	}
	m := Manifest{
		ManifestVersion: "0.3",
		Name:            "pling",
		DisplayName:     "Pling",
		Version:         version,
		Description:     Description,
		LongDescription: "Pling is an MCP server that operates web pages for AI agents through a bounded page capability model: " +
			"each observation lists what the page offers (regions, folded actions, records with stable ids, state, feedback) inside fixed budgets, " +
			"actions run with real input events, and every navigation passes a policy. It runs a local Chromium or Google Chrome " +
			"(Debian's headless shell first when installed) and never downloads a browser: run `pling doctor` to see which one it found.",
		Author:        Author{Name: "The Pling authors", URL: Repository},
		Repository:    &ManifestRepo{Type: "git", URL: Repository},
		Homepage:      Repository,
		Documentation: Repository + "#readme",
		Server: Server{
			Type:       "binary",
			EntryPoint: "server/" + binaryName(goos),
			MCPConfig: MCPConfig{
				Command: "${__dirname}/server/pling",
				Args:    []string{"serve"},
				Env: map[string]string{
					"PLING_BROWSER":  "${user_config.browser_path}",
					"PLING_ALLOW":    "${user_config.allowed_origins}",
					"OPENAI_API_KEY": "${user_config.openai_api_key}",
				},
			},
		},
		Tools:          Tools,
		ToolsGenerated: true,
		Keywords:       []string{"browser", "web", "automation", "chromium", "agent"},
		Compatibility:  Compatibility{Platforms: []string{platform}},
		UserConfig: map[string]UserOption{
			"browser_path": {Type: "file", Title: "Browser",
				Description: "Chromium or Google Chrome to run. Leave empty and Pling finds one itself (Debian's headless shell, Chromium, Google Chrome at their usual places); its log and `pling doctor` say where it looked. Pling never downloads a browser."},
			"allowed_origins": {Type: "string", Title: "Allowed sites",
				Description: "Optional navigation allow-list: comma-separated origin patterns such as https://*.example.com, http://127.0.0.1:*. Empty: every http(s) site not denied may be opened."},
			"openai_api_key": {Type: "string", Title: "OpenAI API key", Sensitive: true,
				Description: "Optional: offers the web_search tool (OpenAI hosted search; charges may occur). Empty: no web_search."},
		},
	}
	if goos == "windows" {
		m.Server.MCPConfig.PlatformOverrides = map[string]PlatformOverride{"win32": {Command: "${__dirname}/server/pling.exe"}}
	}
	return m, nil
}

// BundleName is the file name of one platform's bundle.
func BundleName(version, goos, goarch string) string {
	return fmt.Sprintf("pling_%s_%s_%s.mcpb", version, goos, goarch)
}

// bundleTime stamps every entry, so that one binary packs to one bundle.
var bundleTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteBundle writes the .mcpb (a zip with manifest.json at its root) for
// the binary at binPath built for goos, to out.
func WriteBundle(out, binPath, version, goos string) error {
	m, err := NewManifest(version, goos)
	if err != nil {
		return err
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	bin, err := os.Open(binPath)
	if err != nil {
		return fmt.Errorf("dist: open binary: %w", err)
	}
	defer bin.Close()
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	add := func(name string, mode os.FileMode, r io.Reader) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: bundleTime}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, r)
		return err
	}
	err = add("manifest.json", 0o644, bytes.NewReader(append(manifest, '\n')))
	if err == nil {
		err = add(m.Server.EntryPoint, 0o755, bin)
	}
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("dist: write %s: %w", out, err)
	}
	return nil
}

// FileSHA256 is the hex SHA-256 of the file at path.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
