package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// doctorSnippets splits `pling doctor`'s host snippets by their "### "
// heading.
func doctorSnippets(t *testing.T, out string) map[string]string {
	t.Helper()
	_, rest, ok := strings.Cut(out, "Host snippets for this binary, ready to paste:\n")
	if !ok {
		t.Fatalf("no host snippets:\n%s", out)
	}
	snippets := map[string]string{}
	for _, block := range strings.Split(rest, "\n### ")[1:] {
		head, body, _ := strings.Cut(block, "\n")
		name, _, _ := strings.Cut(head, " (")
		snippets[name] = strings.TrimSpace(body)
	}
	return snippets
}

// pling doctor names the browser it would use and why, starts it, and
// prints every host's snippet for the binary's own absolute path, each
// valid as pasted; a browser that is not there is named, with what to do,
// and the exit status says so.
func TestCLIDoctor(t *testing.T) {
	t.Parallel()
	out, stderr, err := run(t, "doctor")
	if err != nil {
		t.Fatalf("%v\n%s%s", err, out, stderr)
	}
	contains(t, out, "binary: "+binary, "config: built-in defaults", "web_search: ",
		"browser: "+headlessShell, "why: browser.execPath is unset; the first browser found: Debian's chromium-headless-shell",
		"looked at: "+headlessShell, "starts: yes")
	s := doctorSnippets(t, out)
	for _, host := range []string{"Claude Desktop", "Cursor", "Gemini CLI"} {
		var v struct {
			MCPServers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		if err := json.Unmarshal([]byte(s[host]), &v); err != nil {
			t.Fatalf("%s snippet is not JSON: %v\n%s", host, err, s[host])
		}
		if e := v.MCPServers["pling"]; e.Command != binary || strings.Join(e.Args, " ") != "serve" {
			t.Errorf("%s runs %+v, want %s serve", host, e, binary)
		}
	}
	var vs struct {
		Servers map[string]struct{ Type, Command, URL string } `json:"servers"`
	}
	if err := json.Unmarshal([]byte(s["VS Code"]), &vs); err != nil {
		t.Fatalf("VS Code snippet: %v\n%s", err, s["VS Code"])
	}
	if vs.Servers["pling"].Type != "stdio" || vs.Servers["pling"].Command != binary || vs.Servers["pling-http"].URL != "http://127.0.0.1:8931/mcp" {
		t.Errorf("VS Code servers %+v", vs.Servers)
	}
	if want := "claude mcp add pling -- " + binary + " serve"; s["Claude Code"] != want {
		t.Errorf("Claude Code: %q, want %q", s["Claude Code"], want)
	}
	if want := "[mcp_servers.pling]\ncommand = \"" + binary + "\"\nargs = [\"serve\"]"; s["Codex CLI"] != want {
		t.Errorf("Codex CLI: %q, want %q", s["Codex CLI"], want)
	}

	// A config file goes into every snippet; a browser that is not there
	// fails the doctor, naming it.
	cfg := writeConfig(t, "navigation:\n  allow: [\"http://127.0.0.1:*\"]\n")
	cmd := exec.CommandContext(t.Context(), binary, "doctor", "--config", cfg)
	cmd.Env = append(os.Environ(), "PLING_BROWSER=/nonexistent/chrome")
	b, err := cmd.Output()
	out = string(b)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("doctor with a missing browser: %v, want exit status 1\n%s", err, out)
	}
	contains(t, out, "config: "+cfg, "PLING_BROWSER overrides its key: /nonexistent/chrome", "navigation: only http://127.0.0.1:*",
		"browser: none", "/nonexistent/chrome", "looked at: /nonexistent/chrome")
	if !strings.Contains(doctorSnippets(t, out)["Claude Desktop"], `"--config",`) {
		t.Errorf("the snippets do not pass --config:\n%s", out)
	}
}
