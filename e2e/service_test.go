package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
)

// beacon serves /page, which calls /hit every 100 ms for as long as its tab
// lives: the hits say whether the browser still runs the page.
type beacon struct {
	srv  *httptest.Server
	hits atomic.Int64
}

func newBeacon(t *testing.T) *beacon {
	t.Helper()
	b := &beacon{}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hit":
			b.hits.Add(1)
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `<!doctype html><title>Beacon</title><h1>Beacon</h1>
<script>setInterval(() => fetch('/hit?' + Date.now(), {cache: 'no-store'}).catch(() => {}), 100)</script>`)
		}
	}))
	t.Cleanup(b.srv.Close)
	return b
}

func (b *beacon) url() string { return b.srv.URL + "/page" }

// waitHits waits until the page has called home (it starts as soon as it
// loads, before navigate returns).
func (b *beacon) waitHits(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if b.hits.Load() > 0 {
			return
		}
	}
	t.Fatal("the beacon page never called home")
}

// waitSilent waits (up to within) until the page has stopped calling home
// for a full second, and fails if it never does.
func (b *beacon) waitSilent(t *testing.T, within time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		before := b.hits.Load()
		time.Sleep(time.Second)
		if b.hits.Load() == before {
			return
		}
	}
	t.Fatalf("%s: the page still runs in the browser after %v", what, within)
}

// A request over http.maxRequestBytes is refused (413 over HTTP, a
// JSON-RPC error on stdio) and the server keeps serving.
func TestServiceRequestBounds(t *testing.T) {
	t.Parallel()
	cfg := writeConfig(t, "http:\n  maxRequestBytes: 65536\n")
	base := startHTTP(t, nil, "--config", cfg)
	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"act","arguments":{"action":"x","args":{"text":"` + strings.Repeat("x", 5<<20) + `"}}}}`
	if got := rawStatus(t, http.MethodPost, base+"/mcp", big, nil); got != http.StatusRequestEntityTooLarge {
		t.Errorf("5 MB body: %d, want 413", got)
	}
	c, _ := httpClient(t, base, true, nil)
	if err := c.Ping(t.Context()); err != nil {
		t.Errorf("ping after the refusal: %v", err)
	}

	// stdio: the real binary, raw lines.
	cmd := exec.CommandContext(t.Context(), binary, "serve", "--config", cfg)
	cmd.Env = append(cmd.Environ(), "PLING_LOG=warn")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = in.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
	answers := make(chan map[string]any, 8)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil && m["id"] != nil {
				answers <- m
			}
		}
	}()
	next := func() map[string]any {
		t.Helper()
		select {
		case m := <-answers:
			return m
		case <-time.After(60 * time.Second):
			t.Fatal("no answer on stdout")
		}
		return nil
	}
	fmt.Fprintf(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"0"}}}`+"\n")
	if m := next(); m["id"] != float64(1) || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	fmt.Fprintf(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	big = strings.Replace(big, `"id":1`, `"id":2`, 1)
	if _, err := io.WriteString(in, big+"\n"); err != nil {
		t.Fatal(err)
	}
	m := next()
	e, _ := m["error"].(map[string]any)
	if m["id"] != float64(2) || e["code"] != float64(-32600) {
		t.Fatalf("5 MB line: %v", m)
	}
	fmt.Fprintf(in, `{"jsonrpc":"2.0","id":3,"method":"ping"}`+"\n")
	if m := next(); m["id"] != float64(3) || m["error"] != nil {
		t.Fatalf("ping after the oversized line: %v", m)
	}
}

// rawStatus sends one request and returns its status code.
func rawStatus(t *testing.T, method, u, body string, headers map[string]string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close() // an SSE stream ends here
	return resp.StatusCode
}

const initRequest = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"0"}}}`

// The Origin check uses the documented pattern matcher; with an empty
// allowedOrigins only the server's own address passes; on /mcp and /sse.
func TestServiceOrigins(t *testing.T) {
	t.Parallel()
	plain := startHTTP(t, nil)
	patterned := startHTTP(t, nil, "--config", writeConfig(t, "http:\n  allowedOrigins: [\"https://*.example.com\", \"http://localhost:6274\"]\n"))
	for _, tc := range []struct {
		name, base, origin string
		want               int
	}{
		{"missing", plain, "", http.StatusOK},
		{"own address", plain, plain, http.StatusOK},
		{"own address as localhost", plain, strings.Replace(plain, "127.0.0.1", "localhost", 1), http.StatusOK},
		{"foreign", plain, "http://evil.example", http.StatusForbidden},
		{"loopback other port", plain, "http://127.0.0.1:1", http.StatusForbidden},
		{"localhost other port", plain, "http://localhost:6274", http.StatusForbidden},
		{"wildcard match", patterned, "https://app.example.com", http.StatusOK},
		{"wildcard other scheme", patterned, "http://app.example.com", http.StatusForbidden},
		{"exact match", patterned, "http://localhost:6274", http.StatusOK},
		{"foreign beside patterns", patterned, "https://example.org", http.StatusForbidden},
	} {
		for _, path := range []string{"/mcp", "/sse"} {
			h := map[string]string{}
			if tc.origin != "" {
				h["Origin"] = tc.origin
			}
			method, body := http.MethodPost, initRequest
			if path == "/sse" {
				method, body = http.MethodGet, ""
			}
			if got := rawStatus(t, method, tc.base+path, body, h); got != tc.want {
				t.Errorf("%s on %s: %d, want %d", tc.name, path, got, tc.want)
			}
		}
	}
	// DNS rebinding: a foreign Host is refused even without an Origin.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, plain+"/mcp", strings.NewReader(initRequest))
	req.Host = "rebound.example"
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Host: %d", resp.StatusCode)
	}
}

// close_page closes the tab at once: a page that keeps calling home stops.
func TestServiceClosePage(t *testing.T) {
	t.Parallel()
	b := newBeacon(t)
	c, _ := stdioClient(t, nil)
	nav := mustOK(t, call(t, c, "navigate", map[string]any{"url": b.url()}))
	b.waitHits(t)
	r := mustOK(t, call(t, c, "close_page", map[string]any{"page": pageHandle(nav)}))
	contains(t, r.Text, "navigate")
	b.waitSilent(t, 5*time.Second, "after close_page")
	if r := call(t, c, "observe", map[string]any{}); code(r) != "PAGE_NOT_FOUND" || !strings.Contains(r.Text, "navigate") {
		t.Errorf("observe after the last page closed: %s", r.Text)
	}
}

// A Streamable HTTP session whose client vanished without DELETE and
// without a stream ends after http.sessionIdleTTLMs; an SSE session ends
// when its stream closes. Either way the browser stops running its page.
func TestServiceDisconnectedClients(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil, "--config", writeConfig(t, "http:\n  sessionIdleTTLMs: 5000\n"))
	t.Run("streamable", func(t *testing.T) {
		t.Parallel()
		b := newBeacon(t)
		tr, err := transport.NewStreamableHTTP(base + "/mcp") // no GET stream
		if err != nil {
			t.Fatal(err)
		}
		c := client.NewClient(tr)
		if err := startLegacy(t, t.Context(), c, "e2e"); err != nil {
			t.Fatal(err)
		}
		mustOK(t, call(t, c, "navigate", map[string]any{"url": b.url()}))
		b.waitHits(t)
		// The client goes away without DELETE: it simply stops calling.
		b.waitSilent(t, 60*time.Second, "after the idle TTL")
	})
	t.Run("sse", func(t *testing.T) {
		t.Parallel()
		b := newBeacon(t)
		c, err := client.NewSSEMCPClient(base + "/sse")
		if err != nil {
			t.Fatal(err)
		}
		if err := startLegacy(t, t.Context(), c, "e2e"); err != nil {
			t.Fatal(err)
		}
		mustOK(t, call(t, c, "navigate", map[string]any{"url": b.url()}))
		b.waitHits(t)
		_ = c.Close() // closes the stream
		b.waitSilent(t, 10*time.Second, "after the SSE stream closed")
	})
}

// http.maxSessions: one more initialize is refused with a clear error.
func TestServiceSessionLimit(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil, "--config", writeConfig(t, "http:\n  maxSessions: 1\n"))
	first, _ := httpClient(t, base, true, nil)
	tr, err := transport.NewStreamableHTTP(base + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	if err := startLegacy(t, t.Context(), c, "e2e"); err == nil || !strings.Contains(err.Error(), "SESSION_LIMIT") {
		t.Fatalf("second session: %v", err)
	}
	_ = first.Close()
	httpClient(t, base, true, nil) // the place is free again
}

// Eight concurrent page-opening calls of one owner get http.maxPages
// pages, not eight.
func TestServiceMaxPagesConcurrent(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil, "--config", writeConfig(t, "http:\n  maxPages: 2\n"))
	c, _ := httpClient(t, base, false, nil)
	var ok, limited atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			r := call(t, c, "navigate", map[string]any{"url": url("/todos")})
			switch {
			case !r.IsError:
				ok.Add(1)
			case code(r) == "PAGE_LIMIT":
				limited.Add(1)
			default:
				t.Errorf("navigate: %s", r.Text)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 2 || limited.Load() != 6 {
		t.Errorf("%d pages opened, %d PAGE_LIMIT; want 2 and 6", ok.Load(), limited.Load())
	}
}

// web_search never takes the page lock: three searches against an
// upstream that answers in 2 s run together, and an observe sent while
// they run is not held up.
func TestServiceSearchConcurrency(t *testing.T) {
	t.Parallel()
	sse, err := os.ReadFile("../websearch/testdata/websearch.sse")
	if err != nil {
		t.Fatal(err)
	}
	// The upstream holds every search until release: concurrency is shown
	// by how many are held at once, not by a clock a loaded machine skews.
	var held atomic.Int32
	release := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		held.Add(1)
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(sse)
	}))
	released := false
	t.Cleanup(func() {
		if !released {
			close(release)
		}
		up.Close()
	})
	base := startHTTP(t, []string{"OPENAI_API_KEY=sk-e2e-test", "OPENAI_BASE_URL=" + up.URL + "/v1/"}, "--url", url("/todos"))
	c, _ := httpClient(t, base, true, nil)
	mustOK(t, call(t, c, "observe", map[string]any{}))
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() {
			mustOK(t, call(t, c, "web_search", map[string]any{"query": fmt.Sprintf("query %d", i)}))
		})
	}
	deadline := time.Now().Add(2 * time.Minute)
	for held.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of 3 searches reached the upstream: searches run one after another", held.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// All three searches are in flight: an observe must not wait for them.
	mustOK(t, call(t, c, "observe", map[string]any{}))
	close(release)
	released = true
	wg.Wait()
}

// Issue 12 pt 3 through the real binary: a session whose start fails (the
// configured remote browser does not answer) gets BROWSER_UNAVAILABLE on
// every call, with the reason, and never an observation of about:blank.
func TestFailedSessionStartOverHTTP(t *testing.T) {
	t.Parallel()
	cfg := writeConfig(t, "browser:\n  remoteURL: ws://127.0.0.1:1/devtools/browser/none\n  startTimeoutMs: 1000\n")
	base := startHTTP(t, nil, "--config", cfg, "--url", url("/todos"))
	c, _ := httpClient(t, base, true, nil)
	for i, step := range []struct {
		tool string
		args map[string]any
	}{
		{"observe", map[string]any{}},
		{"observe", map[string]any{}},
		{"navigate", map[string]any{"url": url("/todos")}},
		{"observe", map[string]any{}},
	} {
		r := call(t, c, step.tool, step.args)
		if code(r) != "BROWSER_UNAVAILABLE" || !strings.Contains(r.Text, "could not open a page") || strings.Contains(r.Text, "about:blank") || strings.Contains(r.Text, "## Page:") {
			t.Fatalf("call %d (%s) after a failed session start: %s", i, step.tool, r.Text)
		}
	}
}
