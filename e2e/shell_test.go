package e2e

import (
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// headlessShell is Debian's headless shell (package
// chromium-headless-shell, the same Chromium build without the full
// browser's UI layer): the binary itself, not the /usr/bin script that
// runs it from a shell process.
const headlessShell = "/usr/lib/chromium/chromium-headless-shell"

// debianChromium is Debian's full Chromium (package chromium): the
// /usr/bin script that runs /usr/lib/chromium/chromium.
const debianChromium = "/usr/bin/chromium"

// testBrowsers are the Chromium builds Pling is tested on: Debian's
// Chromium (browser.execPath) and its headless shell (the discovered
// default, the faster cold start of docs/PERFORMANCE.md). A missing one
// fails loudly.
var testBrowsers = []struct{ name, execPath string }{
	{"chromium", debianChromium},
	{"headless-shell", ""},
}

// browserYAML is the browser section that selects execPath ("" leaves it
// unset: the discovered headless shell, which must be installed), with
// extra lines indented under it.
func browserYAML(t testing.TB, execPath string, extra ...string) string {
	t.Helper()
	if execPath == "" {
		if _, err := os.Stat(headlessShell); err != nil {
			t.Fatalf("%s is missing (make chromium installs it: apt-get install -y chromium-headless-shell): %v", headlessShell, err)
		}
	}
	if execPath != "" {
		if _, err := os.Stat(execPath); err != nil {
			t.Fatalf("%s is missing (make chromium installs it: apt-get install -y chromium-headless-shell): %v", execPath, err)
		}
		extra = append([]string{"execPath: " + execPath}, extra...)
	}
	if len(extra) == 0 {
		return ""
	}
	return "browser:\n  " + strings.Join(extra, "\n  ") + "\n"
}

// The headless shell runs Pling's whole loop through the real binary: the
// first navigation and its observation, an action with its fresh
// observation, a screenshot, and the process Pling started is the shell.
func TestHeadlessShell(t *testing.T) {
	t.Parallel()
	mark := marker(t)
	cfg := writeConfig(t, browserYAML(t, headlessShell))
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", mark}, nil, "--config", cfg)
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos", "Review the launch checklist")
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
	if !regexp.MustCompile(`Review the launch checklist(; done | \| )true`).MatchString(r.Text) {
		t.Fatalf("the toggle is not in the fresh observation:\n%s", r.Text)
	}
	img, _, _, _ := shotOf(t, mustOK(t, call(t, c, "screenshot", map[string]any{})))
	if b := img.Bounds(); b.Dx() == 0 || b.Dy() == 0 {
		t.Fatalf("empty screenshot %v", b)
	}
	pids := browserPIDs(serverPID(t, mark))
	if len(pids) != 1 {
		t.Fatalf("the server runs %d browsers, want 1", len(pids))
	}
	exe, err := os.Readlink("/proc/" + strconv.Itoa(pids[0]) + "/exe")
	if err != nil || exe != headlessShell {
		t.Fatalf("the server's browser is %q (%v), want %s", exe, err, headlessShell)
	}
}

// With browser.execPath unset, the browser the server starts is Debian's
// headless shell (discovered), the start log says which binary and why,
// and `pling config check` says the same; headless: false picks the full
// Chromium instead.
func TestDefaultBrowserIsTheHeadlessShell(t *testing.T) {
	t.Parallel()
	mark := marker(t)
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=info", mark}, nil)
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos")
	pids := browserPIDs(serverPID(t, mark))
	if len(pids) != 1 {
		t.Fatalf("the server runs %d browsers, want 1", len(pids))
	}
	exe, err := os.Readlink("/proc/" + strconv.Itoa(pids[0]) + "/exe")
	if err != nil || exe != headlessShell {
		t.Fatalf("with no execPath the server's browser is %q (%v), want %s", exe, err, headlessShell)
	}
	rd, ok := client.GetStderr(c)
	if !ok {
		t.Fatal("no stderr")
	}
	buf := make([]byte, 1<<20)
	n, _ := io.ReadAtLeast(rd, buf, 1)
	contains(t, string(buf[:n]), `msg="browser chosen" path=`+headlessShell, "browser.execPath is unset; the first browser found: Debian's chromium-headless-shell", "looked_at="+headlessShell)

	out, stderr, err := run(t, "config", "check", "../agent.yaml")
	if err != nil {
		t.Fatalf("%v\n%s%s", err, out, stderr)
	}
	contains(t, out, "note: browser.execPath: starting "+headlessShell+" (browser.execPath is unset")
	headed := writeConfig(t, "browser:\n  headless: false\n")
	out, _, _ = run(t, "config", "check", headed)
	contains(t, out, "note: browser.execPath: starting "+debianChromium+" (browser.execPath is unset; the first browser found: Debian's Chromium (headless: false skips the headless shell))")
}
