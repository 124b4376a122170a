package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/internal/testpool"
)

// poolYAML is the browser section of pool mode against pool, the token in
// remoteURL's query as browserless documents it.
func poolYAML(pool *testpool.Pool, token string) string {
	return fmt.Sprintf("browser:\n  remoteURL: %q\n  remotePerSession: true\n  spareSessions: 1\n  actionTimeoutMs: 20000\n", pool.WebSocketURL(token))
}

// Pling over HTTP on a real browser pool (browserless 2.42, installed from
// npm at test time, on 127.0.0.1 with a token and Debian's Chromium), in
// pool mode: every MCP session has a pooled browser of its own, so
// whatever ends one browser costs only its session.
func TestBrowserPoolOverHTTP(t *testing.T) {
	t.Parallel()
	pool := testpool.Start(t, testpool.Options{ExecPath: testbrowser.ExecPath()})
	opener, deniedHits, cfg := twoOrigins(t)
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(poolYAML(pool, pool.Token)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	base := startHTTP(t, nil, "--config", cfg)

	names := []string{"alice", "bob", "carol"}
	clients := map[string]*client.Client{}
	for _, n := range names {
		clients[n], _ = httpClient(t, base, true, nil)
	}
	show := func(n string) string { return url("/cookie/show?session=" + n) }
	// Three sessions start at once.
	t.Run("start", func(t *testing.T) {
		for _, n := range names {
			t.Run(n, func(t *testing.T) {
				t.Parallel()
				c := clients[n]
				mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/cookie/set?v=" + n)}))
				if r := mustOK(t, call(t, c, "navigate", map[string]any{"url": show(n)})); stateOf(r, "cookie") != n {
					t.Errorf("%s's cookie: %v", n, stateOf(r, "cookie"))
				}
			})
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	// One pooled browser per session, and the spare dialed ahead.
	ids := map[string]string{}
	seen := map[string]bool{}
	for _, n := range names {
		ids[n] = pool.BrowserShowing(t, "session="+n)
		if seen[ids[n]] {
			t.Fatalf("two sessions share the pooled browser %s", ids[n])
		}
		seen[ids[n]] = true
	}
	pool.WaitBrowsers(t, len(names)+1)

	// A popup to a denied origin never reaches it, in a pooled browser too.
	mustOK(t, call(t, clients["alice"], "navigate", map[string]any{"url": opener}))
	if r := mustOK(t, call(t, clients["alice"], "act", map[string]any{"action": "popup_denied"})); !strings.Contains(r.Text, "a navigation was blocked by the policy") {
		t.Errorf("the blocked popup is not reported:\n%s", r.Text)
	}
	if n := deniedHits.Load(); n != 0 {
		t.Fatalf("the denied origin received %d request(s)", n)
	}

	// The pool ends alice's browser: alice's next call says so, once; bob's
	// and carol's pages and cookies are untouched.
	pool.Kill(t, pool.BrowserShowing(t, "/opener"))
	r := call(t, clients["alice"], "observe", map[string]any{})
	if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "connection to the browser pool dropped") {
		t.Fatalf("the call that meets the ended browser: %s", r.Text)
	}
	for _, n := range []string{"bob", "carol"} {
		r := mustOK(t, call(t, clients[n], "observe", map[string]any{}))
		if stateOf(r, "cookie") != n || strings.Contains(r.Text, "restarted") {
			t.Errorf("%s after alice's browser ended: cookie %v\n%s", n, stateOf(r, "cookie"), r.Text)
		}
	}
	r = mustOK(t, call(t, clients["alice"], "observe", map[string]any{}))
	contains(t, r.Text, "browser was restarted")
	if r := mustOK(t, call(t, clients["alice"], "navigate", map[string]any{"url": show("alice2")})); stateOf(r, "cookie") != "" && stateOf(r, "cookie") != nil {
		t.Errorf("alice's new browser has a cookie: %v", stateOf(r, "cookie"))
	}
	if id := pool.BrowserShowing(t, "session=alice2"); seen[id] {
		t.Errorf("alice's new browser %s is one of the old ones", id)
	}

	// The pool restarts: every session answers BROWSER_UNAVAILABLE once,
	// then dials again.
	pool.Restart(t)
	for _, n := range names {
		if r := call(t, clients[n], "observe", map[string]any{}); code(r) != "BROWSER_UNAVAILABLE" {
			t.Errorf("%s's first call after the pool restarted: %s", n, r.Text)
		}
		if r := mustOK(t, call(t, clients[n], "navigate", map[string]any{"url": show(n)})); stateOf(r, "cookie") != "" && stateOf(r, "cookie") != nil {
			t.Errorf("%s after the restart: cookie %v", n, stateOf(r, "cookie"))
		}
	}
	pool.WaitBrowsers(t, len(names)) // the spare went with the old pool; none was taken since

	// Closing the sessions ends their pooled browsers.
	for _, n := range names {
		if err := clients[n].Close(); err != nil {
			t.Errorf("close %s: %v", n, err)
		}
	}
	pool.WaitBrowsers(t, 0)

	// A wrong token: the clear error, not a bare failure.
	t.Run("wrong token", func(t *testing.T) {
		base := startHTTP(t, nil, "--config", writeConfig(t, poolYAML(pool, "wrong-token")))
		c, _ := httpClient(t, base, true, nil)
		r := call(t, c, "navigate", map[string]any{"url": url("/todos")})
		if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "the browser pool refused the credentials") {
			t.Fatalf("navigate with a wrong token: %s", r.Text)
		}
		if strings.Contains(r.Text, "wrong-token") {
			t.Errorf("the error shows the token: %s", r.Text)
		}
	})
}

// Over stdio, one session on the pool, the token sent as a header whose
// value comes from the environment (browser.remoteHeaders): navigate, act,
// observe, a tab the page opens and a refused download, all in one pooled
// browser.
func TestBrowserPoolOverStdio(t *testing.T) {
	t.Parallel()
	pool := testpool.Start(t, testpool.Options{ExecPath: testbrowser.ExecPath()})
	cfg := writeConfig(t, fmt.Sprintf("browser:\n  remoteURL: %q\n  remoteHeaders: [{name: Authorization, env: POOL_AUTH}]\n  remotePerSession: true\n",
		strings.TrimSuffix(pool.WebSocketURL(""), "?token=")))
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", "POOL_AUTH=Bearer " + pool.Token}, nil, "--config", cfg)
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos")
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
	mustOK(t, call(t, c, "observe", map[string]any{}))
	// The tab the page opens is a page of the same session, in the same
	// pooled browser; a download is refused there too.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/links")}))
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "open_todos_tab"}))
	if pages, _ := r.Body["new_pages"].([]any); len(pages) != 1 {
		t.Fatalf("new tab not reported as a page handle:\n%s", r.Text)
	}
	contains(t, r.Text, "## Page: Todos") // the result shows the tab the action opened
	opener, _ := r.Body["acted_on"].(string)
	d := mustOK(t, call(t, c, "act", map[string]any{"action": "download_report", "page": opener}))
	contains(t, d.Text, "download", "refused")
	if n := len(pool.Browsers(t)); n != 1 {
		t.Errorf("the pool runs %d browsers for one stdio session, want 1", n)
	}
}
