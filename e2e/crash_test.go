package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
)

// marker returns an environment entry that tags the pling server a test
// starts, so the test can find that server's own Chromium (and no other
// test's) in /proc.
func marker(t *testing.T) string {
	t.Helper()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return "PLING_TEST_MARK=" + hex.EncodeToString(b)
}

// serverPID finds the pling process started with the marker.
func serverPID(t *testing.T, mark string) int {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			env, err := os.ReadFile(filepath.Join(d, "environ"))
			if err != nil || !bytes.Contains(env, []byte(mark+"\x00")) {
				continue
			}
			exe, _ := os.Readlink(filepath.Join(d, "exe"))
			if exe != binary {
				continue
			}
			pid, _ := strconv.Atoi(filepath.Base(d))
			return pid
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no pling process carries %s", mark)
	return 0
}

// browserPIDs are the live Chromium processes the server started: its
// direct children (the browser process of each browser it launched).
func browserPIDs(server int) []int {
	var out []int
	for _, p := range procs() {
		if !p.zombie && p.ppid == server && strings.HasPrefix(p.comm, "chrom") {
			out = append(out, p.pid)
		}
	}
	return out
}

// killBrowser kills the server's Chromium with SIGKILL, as a crash or an
// OOM killer would, and waits until it is gone.
func killBrowser(t *testing.T, server int) {
	t.Helper()
	pids := browserPIDs(server)
	if len(pids) == 0 {
		t.Fatal("the server runs no Chromium")
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: %v", pid, err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		alive := false
		for _, pid := range pids {
			if stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil && !bytes.Contains(stat, []byte(") Z ")) && !bytes.Contains(stat, []byte(") X ")) {
				alive = true
			}
		}
		if !alive {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the killed Chromium did not go away")
}

// A killed Chromium costs one call (issue 10 pt 8): over stdio, the call
// that meets the dead browser answers BROWSER_UNAVAILABLE with a reason,
// the next call starts a new browser and works, and nothing hangs.
func TestDeadBrowserReplacedStdio(t *testing.T) {
	t.Parallel()
	mark := marker(t)
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", mark}, nil)
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	srv := serverPID(t, mark)
	first := browserPIDs(srv)
	killBrowser(t, srv)

	// Noticed by the browser's death (BROWSER_UNAVAILABLE, "browser
	// stopped"), not by a bound running out (TIMEOUT): the mechanism, not
	// a stopwatch. call's 60 s deadline is the hang guard.
	r := call(t, c, "observe", map[string]any{})
	if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "browser stopped") {
		t.Fatalf("the call that meets the dead browser: %s", r.Text)
	}
	r = mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, r.Text, "browser was restarted")
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	r = mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, r.Text, "## Page: Todos — /todos")
	now := browserPIDs(srv)
	if len(now) != 1 || (len(first) == 1 && now[0] == first[0]) {
		t.Errorf("browsers before %v, after %v: want one new one", first, now)
	}
}

// Over HTTP with two sessions: after the browser is killed, the first call
// (of either session) that meets it says so, and then both sessions work
// again, each in its own new browser context.
func TestDeadBrowserReplacedHTTP(t *testing.T) {
	t.Parallel()
	mark := marker(t)
	base := startHTTP(t, []string{mark})
	a, _ := httpClient(t, base, true, nil)
	b, _ := httpClient(t, base, true, nil)
	mustOK(t, call(t, a, "navigate", map[string]any{"url": url("/cookie/set?v=alice")}))
	mustOK(t, call(t, b, "navigate", map[string]any{"url": url("/todos")}))
	srv := serverPID(t, mark)
	killBrowser(t, srv)

	r := call(t, a, "observe", map[string]any{})
	if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "browser stopped") {
		t.Fatalf("the call that meets the dead browser: %s", r.Text)
	}
	for name, c := range map[string]*client.Client{"a": a, "b": b} {
		r := call(t, c, "observe", map[string]any{})
		if r.IsError {
			t.Fatalf("session %s after the restart: %s", name, r.Text)
		}
		contains(t, r.Text, "browser was restarted")
		mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	}
	// Sessions stay isolated in the new browser.
	mustOK(t, call(t, a, "navigate", map[string]any{"url": url("/cookie/set?v=carol")}))
	rb := mustOK(t, call(t, b, "navigate", map[string]any{"url": url("/cookie/show")}))
	if v := stateOf(rb, "cookie"); v != "" && v != nil {
		t.Errorf("session b sees a's cookie after the restart: %v", v)
	}
	if n := len(browserPIDs(srv)); n != 1 {
		t.Errorf("%d browsers run after the restart, want 1", n)
	}
}

// rendererPIDs are the renderer processes under the server's browsers.
func rendererPIDs(server int) []int {
	parents := map[int]bool{}
	for _, b := range browserPIDs(server) {
		parents[b] = true
	}
	var out []int
	// Renderers are children of the browser process or of its zygote.
	for range 3 {
		for _, p := range procs() {
			if p.zombie || !parents[p.ppid] || parents[p.pid] {
				continue
			}
			parents[p.pid] = true
			cmd, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p.pid), "cmdline"))
			if bytes.Contains(cmd, []byte("--type=renderer")) {
				out = append(out, p.pid)
			}
		}
	}
	return out
}

// A renderer killed under a page (as the OOM killer would) is detected:
// the next call answers at once that the page crashed, and the next
// navigate replaces the tab (issue 10 pt 9).
func TestKilledRendererPage(t *testing.T) {
	t.Parallel()
	mark := marker(t)
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", mark}, nil)
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	srv := serverPID(t, mark)
	pids := rendererPIDs(srv)
	if len(pids) == 0 {
		t.Fatal("no renderer found")
	}
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	time.Sleep(500 * time.Millisecond)
	// Answered from the tab's crash event ("page crashed"), not by waiting
	// on the dead renderer until a bound ran out (that would be TIMEOUT,
	// "did not answer within"): the mechanism, not a stopwatch. call's 60 s
	// deadline is the hang guard.
	r := call(t, c, "observe", map[string]any{})
	if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "page crashed") {
		t.Fatalf("a page whose renderer died: %s", r.Text)
	}
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos")
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
}
