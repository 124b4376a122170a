package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/e2e/internal/mcpstart"
	"github.com/pling-dev/pling/internal/dist"
	"github.com/pling-dev/pling/internal/npmcache"
)

// mcpbSpec is the MCP Bundle CLI the bundle is validated and unpacked
// with, installed from the npm registry at test time.
const mcpbSpec = "@anthropic-ai/mcpb@2.1.2"

// hostConfig is a bundle's mcp_config after a host resolved it.
type hostConfig struct {
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
}

// resolveBundle resolves the unpacked bundle in dir with userConfig as a
// host does (testdata/mcpconfig.mjs).
func resolveBundle(t *testing.T, node, mcpb, dir string, userConfig map[string]any) hostConfig {
	t.Helper()
	uc, _ := json.Marshal(userConfig)
	out, err := exec.CommandContext(t.Context(), node, "testdata/mcpconfig.mjs", mcpb, dir, string(uc)).Output()
	if err != nil {
		t.Fatalf("resolve the bundle's mcp_config: %v\n%s", err, stderrOf(err))
	}
	var c hostConfig
	if err := json.Unmarshal(out, &c); err != nil || c.Command == "" {
		t.Fatalf("resolved mcp_config %s: %v", out, err)
	}
	return c
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

// The bundle `make dist` ships for this platform (linux/amd64 here),
// packed from the test-built binary by the same packer: the real `mcpb validate` accepts its manifest,
// `mcpb unpack` unpacks it with the binary executable, and the command a
// host resolves from the manifest (${__dirname} and the user's settings
// substituted) is an MCP server that navigates and observes the demo page,
// offers the tools the manifest lists, and applies the allow-list and
// browser path the user gave.
func TestBundle(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("the bundle test needs node (make npm installs it): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	mcpb, err := npmcache.Install(ctx, "@anthropic-ai/mcpb", mcpbSpec)
	if err != nil {
		t.Fatalf("the bundle test needs npm and the registry: %v", err)
	}
	cli, err := npmcache.Bin(mcpb, "mcpb")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bundle := filepath.Join(dir, dist.BundleName("0.0.0-e2e", runtime.GOOS, runtime.GOARCH))
	if err := dist.WriteBundle(bundle, binary, "0.0.0-e2e", runtime.GOOS); err != nil {
		t.Fatal(err)
	}
	unpacked := filepath.Join(dir, "unpacked")
	if out, err := exec.CommandContext(ctx, node, cli, "unpack", bundle, unpacked).CombinedOutput(); err != nil {
		t.Fatalf("mcpb unpack: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, node, cli, "validate", filepath.Join(unpacked, "manifest.json")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "passes") {
		t.Fatalf("mcpb validate: %v\n%s", err, out)
	}
	var m dist.Manifest
	data, err := os.ReadFile(filepath.Join(unpacked, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(unpacked, m.Server.EntryPoint)); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Fatalf("the unpacked entry point %s is not executable: %v %v", m.Server.EntryPoint, fi.Mode(), err)
	}

	// The user sets an allow-list and leaves the browser empty: Pling
	// finds one.
	hc := resolveBundle(t, node, mcpb, unpacked, map[string]any{"allowed_origins": "http://127.0.0.1:*"})
	if hc.Command != filepath.Join(unpacked, "server", "pling") || !slices.Equal(hc.Args, []string{"serve"}) ||
		hc.Env["PLING_ALLOW"] != "http://127.0.0.1:*" || hc.Env["PLING_BROWSER"] != "" || hc.Env["OPENAI_API_KEY"] != "" {
		t.Fatalf("the host resolves %+v", hc)
	}
	env := []string{"PLING_LOG=warn"}
	for k, v := range hc.Env {
		env = append(env, k+"="+v)
	}
	c := client.NewClient(transport.NewStdio(hc.Command, env, hc.Args...))
	if err := mcpstart.Start(t.Context(), c, mcpstart.Options{Name: "bundle-host"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var listed, declared []string
	for _, tool := range tools.Tools {
		listed = append(listed, tool.Name)
	}
	for _, tool := range m.Tools {
		if tool.Name != "web_search" { // offered with an OpenAI key only
			declared = append(declared, tool.Name)
		}
	}
	slices.Sort(listed)
	slices.Sort(declared)
	if !slices.Equal(listed, declared) || !m.ToolsGenerated {
		t.Errorf("the server lists %v, the manifest declares %v (tools_generated %v)", listed, declared, m.ToolsGenerated)
	}
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos", "Review the launch checklist")
	r = mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, r.Text, "## Page: Todos")
	denied := strings.Replace(url("/todos"), "127.0.0.1", "localhost", 1)
	if r := call(t, c, "navigate", map[string]any{"url": denied}); !r.IsError || !strings.Contains(r.Text, "NAVIGATION_BLOCKED") {
		t.Errorf("an origin outside the bundle's allow-list was opened:\n%s", r.Text)
	}

	// The browser path the user picks reaches Pling as given.
	hc = resolveBundle(t, node, mcpb, unpacked, map[string]any{"browser_path": "/nonexistent/chrome"})
	cmd := exec.CommandContext(ctx, hc.Command, hc.Args...)
	cmd.Env = os.Environ()
	for k, v := range hc.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err = cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "/nonexistent/chrome") {
		t.Errorf("a bundle with browser_path /nonexistent/chrome: %v\n%s", err, out)
	}
}
