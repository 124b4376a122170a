// Package testpool runs a real browser pool for tests: browserless
// (@browserless.io/browserless on npm, installed at test time through
// internal/npmcache, never vendored) on 127.0.0.1 with a token, launching
// the Chromium the caller names (the tests': internal/testbrowser.ExecPath):
// nothing downloads a browser. A missing node or npm fails the test loudly.
// The install (browserless and its dependencies, Playwright and Lighthouse
// among them) takes about 580 MB of the build cache and half a minute the
// first time.
package testpool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/npmcache"
)

// Spec is the browserless release the tests run.
const Spec = "@browserless.io/browserless@2.42.0"

// Pool is one running browserless.
type Pool struct {
	// Token is the pool's TOKEN.
	Token string
	// Port is where it listens on 127.0.0.1 (kept across Restart).
	Port int

	dir, work string // the npm install root; the pool's own files
	env       []string

	mu  sync.Mutex
	cmd *exec.Cmd
	log *bytes.Buffer
}

// Options configure a pool.
type Options struct {
	// Token the pool requires (default "pling-test-token").
	Token string
	// Concurrent is its CONCURRENT: browsers running at once (default 10).
	Concurrent int
	// ExecPath is the Chromium it launches (required).
	ExecPath string
	// Queued is its QUEUED: connections waiting for a browser (default 10;
	// -1 for none).
	Queued int
}

// Start installs browserless (the first time) and starts it; it is
// stopped when the test ends.
func Start(t testing.TB, o Options) *Pool {
	t.Helper()
	if o.Token == "" {
		o.Token = "pling-test-token"
	}
	if o.Concurrent == 0 {
		o.Concurrent = 10
	}
	switch o.Queued {
	case 0:
		o.Queued = 10
	case -1:
		o.Queued = 0
	}
	if o.ExecPath == "" {
		t.Fatal("testpool: Options.ExecPath names no Chromium")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	pkg, err := npmcache.Install(ctx, "@browserless.io/browserless", Spec)
	if err != nil {
		t.Fatalf("install browserless: %v", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("browserless needs node (apt-get install -y nodejs): %v", err)
	}
	// The install root: browserless reads node_modules/playwright-core
	// from its working directory.
	root := filepath.Dir(filepath.Dir(filepath.Dir(pkg)))
	// Not t.TempDir: a browser the pool is still ending may write into
	// its profile while the directory goes, which t.TempDir reports.
	work, err := os.MkdirTemp("", "pling-pool")
	if err != nil {
		t.Fatal(err)
	}
	// Only the chromium and management routes: the others want browsers
	// (Chrome, Edge, Firefox, WebKit) that are not installed, and
	// browserless refuses to start with a route whose browser is missing.
	routes := filepath.Join(work, "routes")
	for _, r := range []string{"chromium", "management"} {
		if err := os.MkdirAll(routes, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(pkg, "build", "routes", r), filepath.Join(routes, r)); err != nil {
			t.Fatal(err)
		}
	}
	// browserless launches playwright-core's Chromium path; under a
	// browsers directory of our own that path is a link to Debian's.
	browsers := filepath.Join(work, "browsers")
	env := append(os.Environ(), "PLAYWRIGHT_BROWSERS_PATH="+browsers)
	q := exec.CommandContext(ctx, node, "--input-type=module", "-e",
		"import p from 'playwright-core'; console.log(p.chromium.executablePath())")
	q.Dir, q.Env = root, env
	out, err := q.Output()
	if err != nil {
		t.Fatalf("browserless: where playwright-core expects Chromium: %v", err)
	}
	exe := strings.TrimSpace(string(out))
	if !strings.HasPrefix(exe, browsers) {
		t.Fatalf("browserless: playwright-core expects Chromium at %s, outside %s", exe, browsers)
	}
	if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(o.ExecPath, exe); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	data := filepath.Join(work, "data")
	downloads := filepath.Join(work, "downloads")
	for _, d := range []string{data, downloads} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := &Pool{Token: o.Token, Port: port, dir: root, work: work}
	p.env = append(env, "ROUTES="+routes, "TOKEN="+o.Token, "HOST=127.0.0.1", "PORT="+strconv.Itoa(port),
		"CONCURRENT="+strconv.Itoa(o.Concurrent), "QUEUED="+strconv.Itoa(o.Queued),
		"TIMEOUT=0", // no per-connection time limit: a session lasts as long as it is used
		"DATA_DIR="+data, "DOWNLOAD_DIR="+downloads, "DEBUG=browserless*,-**:verbose,-**:trace")
	p.cmd = p.spawn(t, node, pkg)
	t.Cleanup(func() {
		p.Stop()
		defer os.RemoveAll(work) // best effort
		if t.Failed() {
			p.mu.Lock()
			t.Logf("browserless log (tail):\n%s", tail(p.log.String(), 4000))
			p.mu.Unlock()
		}
	})
	p.waitUp(t)
	return p
}

func (p *Pool) spawn(t testing.TB, node, pkg string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(node, filepath.Join(pkg, "build", "index.js"))
	cmd.Dir, cmd.Env = p.dir, p.env
	p.log = &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = lockedWriter{&p.mu, p.log}, lockedWriter{&p.mu, p.log}
	// Its own process group, so Stop ends the Chromiums it launched too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start browserless: %v", err)
	}
	return cmd
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(b)
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// waitUp waits until the pool answers /json/version.
func (p *Pool) waitUp(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(p.HTTPURL() + "/json/version?token=" + p.Token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	t.Fatalf("browserless did not answer on %s within 60s; its log:\n%s", p.HTTPURL(), tail(p.log.String(), 4000))
}

// HTTPURL is the pool's base URL, without the token.
func (p *Pool) HTTPURL() string { return "http://127.0.0.1:" + strconv.Itoa(p.Port) }

// WebSocketURL is the CDP endpoint with token, as an operator writes it in
// browser.remoteURL.
func (p *Pool) WebSocketURL(token string) string {
	return "ws://127.0.0.1:" + strconv.Itoa(p.Port) + "/?token=" + token
}

// Session is one entry of browserless's /sessions: a browser (Type
// "browser") or one of its pages (Type "page").
type Session struct {
	Type      string `json:"type"`
	BrowserID string `json:"browserId"`
	URL       string `json:"url"`
}

// Sessions lists the pool's browsers and their pages (its /sessions API).
func (p *Pool) Sessions(t testing.TB) []Session {
	t.Helper()
	var last string
	// It answers 500 while a browser it lists is going away (it asks each
	// browser for its pages): ask again.
	for range 50 {
		resp, err := http.Get(p.HTTPURL() + "/sessions?token=" + p.Token)
		if err != nil {
			t.Fatalf("browserless /sessions: %v", err)
		}
		var out []Session
		if resp.StatusCode == http.StatusOK {
			err = json.NewDecoder(resp.Body).Decode(&out)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("browserless /sessions: %v", err)
			}
			return out
		}
		resp.Body.Close()
		last = resp.Status
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("browserless /sessions: %s", last)
	return nil
}

// Browsers lists the ids of the browsers running in the pool.
func (p *Pool) Browsers(t testing.TB) []string {
	t.Helper()
	var ids []string
	for _, s := range p.Sessions(t) {
		if s.Type == "browser" {
			ids = append(ids, s.BrowserID)
		}
	}
	return ids
}

// WaitBrowsers waits until n browsers run in the pool (closing a
// connection ends its browser a moment later) and fails the test if that
// never happens.
func (p *Pool) WaitBrowsers(t testing.TB, n int) {
	t.Helper()
	var ids []string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if ids = p.Browsers(t); len(ids) == n {
			return
		}
	}
	t.Fatalf("browserless runs %d browsers, want %d", len(ids), n)
}

// BrowserShowing is the id of the browser one of whose pages is at a URL
// containing s.
func (p *Pool) BrowserShowing(t testing.TB, s string) string {
	t.Helper()
	for _, e := range p.Sessions(t) {
		if e.Type == "page" && strings.Contains(e.URL, s) {
			return e.BrowserID
		}
	}
	t.Fatalf("no browser of the pool shows a page at a URL containing %q", s)
	return ""
}

// Kill ends one browser of the pool (its /kill API), as a crash or the
// pool's own time limit would.
func (p *Pool) Kill(t testing.TB, browserID string) {
	t.Helper()
	resp, err := http.Get(p.HTTPURL() + "/kill/" + browserID + "?token=" + p.Token)
	if err != nil {
		t.Fatalf("browserless /kill: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		t.Fatalf("browserless /kill/%s: %s", browserID, resp.Status)
	}
}

// Stop ends the pool and every browser it runs.
func (p *Pool) Stop() {
	p.mu.Lock()
	cmd := p.cmd
	p.cmd = nil
	p.mu.Unlock()
	if cmd == nil || cmd.Process == nil {
		return
	}
	// SIGTERM lets browserless close its browsers; Puppeteer starts each
	// in a process group of its own, so what is left after that is found
	// by its profile directory, which lies under this pool's own.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
	p.killBrowsers()
}

// killBrowsers ends the Chromium processes this pool launched that are
// still running: those whose command line names a profile under the
// pool's data directory.
func (p *Pool) killBrowsers() {
	mark := []byte("--user-data-dir=" + filepath.Join(p.work, "data") + string(filepath.Separator))
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range procs {
		b, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(b, mark) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(f))); err == nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// Restart stops the pool (all its browsers) and starts it again on the
// same port, as an operator's restart or a redeploy would.
func (p *Pool) Restart(t testing.TB) {
	t.Helper()
	p.Stop()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(p.dir, "node_modules", "@browserless.io", "browserless")
	cmd := p.spawn(t, node, pkg)
	p.mu.Lock()
	p.cmd = cmd
	p.mu.Unlock()
	p.waitUp(t)
}

// String names the pool in test logs.
func (p *Pool) String() string { return fmt.Sprintf("browserless on %s", p.HTTPURL()) }
