package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/page"
)

// rpcLine is one JSON-RPC request line for stdio.
func rpcLine(id int, method string, params any) string {
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return string(raw) + "\n"
}

// A stdio line over MaxRequestBytes is answered with a JSON-RPC error
// carrying its id and skipped; the next request is served.
func TestStdioLineCap(t *testing.T) {
	s := New(Options{Browser: &fakeBrowser{}, MaxRequestBytes: 64 << 10})
	t.Cleanup(s.Close)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, inR, outW) }()
	lines := make(chan map[string]any, 16)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				lines <- m
			}
		}
	}()
	write := func(s string) {
		t.Helper()
		if _, err := io.WriteString(inW, s); err != nil {
			t.Fatal(err)
		}
	}
	next := func() map[string]any {
		t.Helper()
		select {
		case m := <-lines:
			return m
		case <-time.After(10 * time.Second):
			t.Fatal("no answer on stdout")
		}
		return nil
	}
	write(rpcLine(1, "initialize", map[string]any{"protocolVersion": mcp.LATEST_LEGACY_PROTOCOL_VERSION, "clientInfo": map[string]any{"name": "t", "version": "0"}, "capabilities": map[string]any{}}))
	if m := next(); m["id"] != float64(1) || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	for _, size := range []int{65 << 10, 5 << 20} { // just over the cap, and far over
		big := rpcLine(7, "tools/call", map[string]any{"name": "act", "arguments": map[string]any{"action": "go", "args": map[string]any{"text": strings.Repeat("x", size)}}})
		write(big)
		m := next()
		e, _ := m["error"].(map[string]any)
		if m["id"] != float64(7) || e["code"] != float64(-32600) || !strings.Contains(e["message"].(string), "maxRequestBytes") {
			t.Fatalf("oversized line (%d bytes): %v", len(big), m)
		}
		write(rpcLine(8, "ping", map[string]any{}))
		if m := next(); m["id"] != float64(8) || m["error"] != nil {
			t.Fatalf("ping after the oversized line: %v", m)
		}
	}
	// A line at the cap's edge still passes (it is JSON the server parses).
	write(rpcLine(9, "tools/list", map[string]any{}))
	if m := next(); m["id"] != float64(9) || m["result"] == nil {
		t.Fatalf("tools/list: %v", m)
	}
	_ = inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ServeStdio: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeStdio did not end at EOF")
	}
}

// The default cap fits the largest legal call: an act whose 10,000
// characters are all astral and escaped (12 bytes each).
func TestDefaultCapFitsLargestCall(t *testing.T) {
	text := strings.Repeat(`\ud83d\ude00`, 10000)
	line := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"act","arguments":{"page":"` + strings.Repeat("p", 64) +
		`","action":"` + strings.Repeat("a", 140) + `","record":"` + strings.Repeat("r", 200) + `","args":{"text":"` + text + `","value":"` + strings.Repeat(`\u0000`, 1000) + `","submit":true}}}}`
	if !json.Valid([]byte(line)) {
		t.Fatal("test line is not JSON")
	}
	if len(line)*4 > DefaultMaxRequestBytes {
		t.Errorf("largest legal call is %d bytes: the default cap %d leaves less than 4x headroom", len(line), DefaultMaxRequestBytes)
	}
}

func TestLeadingID(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":7,"method":"x","params":{"a":"` + strings.Repeat("x", 100), "7"},
		{`{"id":"abc","method":"x"`, `"abc"`},
		{`{"method":"x","params":{"id":5,"big":"xxxx`, ""},
		{`[1,2`, ""},
	} {
		if got := string(leadingID([]byte(tc.in))); got != tc.want {
			t.Errorf("leadingID(%.40q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// rawPost posts body to base+path with headers and returns the status and
// body.
func rawPost(t *testing.T, method, u, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	// SSE responses stay open: read what arrives first.
	buf := make([]byte, 4096)
	n, _ := io.ReadAtLeast(resp.Body, buf, 1)
	return resp.StatusCode, string(buf[:n])
}

const pingBody = `{"jsonrpc":"2.0","id":1,"method":"ping"}`

// initBody is a legacy initialize (answered 200 when let through).
const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// An HTTP body over MaxRequestBytes is 413, with or without a
// Content-Length, and the server keeps serving.
func TestHTTPBodyCap(t *testing.T) {
	_, base := newHTTPWith(t, Options{Browser: &fakeBrowser{}, MaxRequestBytes: 64 << 10}, HTTPOptions{})
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("x", 70<<10) + `"}}`
	if code, body := rawPost(t, http.MethodPost, base+"/mcp", big, nil); code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "maxRequestBytes") {
		t.Errorf("oversized body: %d %s", code, body)
	}
	// Chunked: no Content-Length, the cap applies while reading.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/mcp", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked oversized body: %d", resp.StatusCode)
	}
	c := connect(t, base, true, "")
	if err := c.Ping(t.Context()); err != nil {
		t.Errorf("ping after refusals: %v", err)
	}
}

// RFC 6750: the scheme is case-insensitive, a bare token is refused, an
// unknown token is refused.
func TestBearerToken(t *testing.T) {
	_, base := newHTTPWith(t, Options{Browser: &fakeBrowser{}}, HTTPOptions{Tokens: []string{"tok-alice-0123456789", "tok-bob-0123456789"}})
	for _, tc := range []struct {
		auth string
		want int
	}{
		{"Bearer tok-alice-0123456789", http.StatusOK},
		{"bearer tok-alice-0123456789", http.StatusOK},
		{"BEARER  tok-bob-0123456789", http.StatusOK},
		{"tok-alice-0123456789", http.StatusUnauthorized},
		{"Basic tok-alice-0123456789", http.StatusUnauthorized},
		{"Bearer tok-carol-0123456789", http.StatusUnauthorized},
		{"Bearer", http.StatusUnauthorized},
		{"", http.StatusUnauthorized},
	} {
		h := map[string]string{}
		if tc.auth != "" {
			h["Authorization"] = tc.auth
		}
		if got, body := rawPost(t, http.MethodPost, base+"/mcp", initBody, h); got != tc.want {
			t.Errorf("Authorization %q: %d %s", tc.auth, got, body)
		}
	}
}

// The Host header must name this server (DNS rebinding), and an Origin
// must be the server's own address or match the allowed patterns.
func TestHostAndOrigin(t *testing.T) {
	allowed := func(o string) bool { return o == "http://localhost:6274" }
	_, base := newHTTPWith(t, Options{Browser: &fakeBrowser{}}, HTTPOptions{OriginAllowed: allowed, AllowedHosts: []string{"mcp.example.com"}})
	u, _ := url.Parse(base)
	port := u.Port()
	for _, tc := range []struct {
		name         string
		host, origin string
		want         int
	}{
		{"own address", "", "", http.StatusOK},
		{"localhost alias", "localhost:" + port, "", http.StatusOK},
		{"reverse proxy name", "mcp.example.com", "", http.StatusOK},
		{"rebound name", "evil.example:" + port, "", http.StatusForbidden},
		{"loopback other port", "127.0.0.1:1", "", http.StatusForbidden},
		{"own origin", "", "http://127.0.0.1:" + port, http.StatusOK},
		{"own origin via localhost", "", "http://localhost:" + port, http.StatusOK},
		{"proxy origin", "mcp.example.com", "https://mcp.example.com", http.StatusOK},
		{"allowed pattern", "", "http://localhost:6274", http.StatusOK},
		{"foreign origin", "", "http://evil.example", http.StatusForbidden},
		{"loopback origin other port", "", "http://localhost:1", http.StatusForbidden},
		{"null origin", "", "null", http.StatusForbidden},
	} {
		for _, path := range []string{"/mcp", "/sse"} {
			h := map[string]string{}
			if tc.host != "" {
				h["Host"] = tc.host
			}
			if tc.origin != "" {
				h["Origin"] = tc.origin
			}
			method, body := http.MethodPost, initBody
			if path == "/sse" {
				method, body = http.MethodGet, ""
			}
			if got, text := rawPost(t, method, base+path, body, h); got != tc.want {
				t.Errorf("%s on %s: %d %s", tc.name, path, got, text)
			}
		}
	}
}

// Without a token, every stateless caller is one owner with one page cap,
// whatever Authorization header it sends; with tokens, one cap per token.
func TestStatelessOwners(t *testing.T) {
	nav := func(c *client.Client) string {
		res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/p"})
		if res.IsError {
			return body["code"].(string)
		}
		return "ok"
	}
	_, base := newHTTP(t, Options{Browser: &fakeBrowser{}, MaxPages: 2})
	a, b, c := connect(t, base, false, "one"), connect(t, base, false, "two"), connect(t, base, false, "three")
	if got := []string{nav(a), nav(b), nav(c)}; strings.Join(got, ",") != "ok,ok,PAGE_LIMIT" {
		t.Errorf("no token, three headers: %v", got)
	}
	_, base = newHTTPWith(t, Options{Browser: &fakeBrowser{}, MaxPages: 1}, HTTPOptions{Tokens: []string{"alice", "bob"}})
	alice, bob := connect(t, base, false, "alice"), connect(t, base, false, "bob")
	if got := []string{nav(alice), nav(bob), nav(alice)}; strings.Join(got, ",") != "ok,ok,PAGE_LIMIT" {
		t.Errorf("two tokens: %v", got)
	}
}

// slowBrowser opens tabs slowly, so concurrent opens overlap.
type slowBrowser struct{ fakeBrowser }

func (b *slowBrowser) NewTab(ctx context.Context) (Tab, error) {
	time.Sleep(100 * time.Millisecond)
	return b.fakeBrowser.NewTab(ctx)
}

// Eight concurrent page-opening calls from one owner get exactly MaxPages
// pages.
func TestMaxPagesConcurrent(t *testing.T) {
	sb := &slowBrowser{}
	_, base := newHTTP(t, Options{Browser: sb, MaxPages: 2})
	c := connect(t, base, false, "")
	var ok, limited atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Go(func() {
			res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/p", "new_page": true})
			switch {
			case !res.IsError:
				ok.Add(1)
			case body["code"] == "PAGE_LIMIT":
				limited.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 2 || limited.Load() != 6 || len(sb.all()) != 2 {
		t.Errorf("ok %d, PAGE_LIMIT %d, tabs opened %d; want 2, 6, 2", ok.Load(), limited.Load(), len(sb.all()))
	}
}

// The live sessions are bounded: one more initialize is refused with 503
// and a clear message; a made-up session id is refused (it would bypass
// the bound); ending a session frees its place.
func TestSessionLimit(t *testing.T) {
	_, base := newHTTPWith(t, Options{Browser: &fakeBrowser{}}, HTTPOptions{MaxSessions: 2})
	a := connect(t, base, true, "")
	_ = connect(t, base, true, "")
	tr, _ := transport.NewStreamableHTTP(base + "/mcp")
	c := client.NewClient(tr)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	_, err := c.Initialize(t.Context(), init)
	if err == nil || !strings.Contains(err.Error(), "SESSION_LIMIT") {
		t.Fatalf("third session: %v", err)
	}
	for _, method := range []string{http.MethodPost, http.MethodGet} {
		h := map[string]string{"Mcp-Session-Id": "mcp-session-00000000000000000000000000000000", "MCP-Protocol-Version": mcp.LATEST_LEGACY_PROTOCOL_VERSION}
		if got, body := rawPost(t, method, base+"/mcp", pingBody, h); got != http.StatusNotFound {
			t.Errorf("%s with a made-up session id: %d %s", method, got, body)
		}
	}
	if got, body := rawPost(t, http.MethodGet, base+"/sse", "", nil); got != http.StatusServiceUnavailable || !strings.Contains(body, "SESSION_LIMIT") {
		t.Errorf("SSE beyond the bound: %d %s", got, body)
	}
	if err := a.Close(); err != nil { // DELETE ends the session
		t.Fatal(err)
	}
	_ = connect(t, base, true, "")
}

// A session without an open stream ends after the idle TTL, and its pages
// close.
func TestIdleSessionExpires(t *testing.T) {
	fb := &fakeBrowser{}
	s, base := newHTTPWith(t, Options{Browser: fb}, HTTPOptions{SessionIdleTTL: time.Second})
	tr, _ := transport.NewStreamableHTTP(base + "/mcp") // no GET stream
	c := client.NewClient(tr)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	if res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/x"}); res.IsError {
		t.Fatal(body)
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) && !(len(fb.all()) == 1 && fb.all()[0].isClosed()) {
		time.Sleep(50 * time.Millisecond)
	}
	if tabs := fb.all(); len(tabs) != 1 || !tabs[0].isClosed() {
		t.Fatal("the idle session's page stayed open")
	}
	if n := s.ids.count(); n != 0 {
		t.Errorf("%d session ids still live", n)
	}
	var req mcp.CallToolRequest
	req.Params.Name = "observe"
	if _, err := c.CallTool(t.Context(), req); err == nil {
		t.Error("a call on the expired session succeeded")
	}
}

// gatedSearch holds every search until release is closed and counts the
// searches running at once: concurrency is shown by the count, not by a
// clock, so a loaded machine cannot fail the test.
type gatedSearch struct {
	release       chan struct{}
	running, peak atomic.Int32
}

func (f *gatedSearch) NewSession() SearchSession { return f }
func (f *gatedSearch) Description() string       { return "fake search" }
func (f *gatedSearch) Search(ctx context.Context, q string, progress func(string)) (any, error) {
	n := f.running.Add(1)
	defer f.running.Add(-1)
	for {
		p := f.peak.Load()
		if n <= p || f.peak.CompareAndSwap(p, n) {
			break
		}
	}
	select {
	case <-f.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return map[string]any{"query": q}, nil
}

// web_search never takes the session's page lock: three searches on one
// session are running at once, and an observe completes while all three
// are still held.
func TestWebSearchRunsBesidePageCalls(t *testing.T) {
	fs := &gatedSearch{release: make(chan struct{})}
	_, base := newHTTP(t, Options{Browser: &fakeBrowser{}, Search: fs})
	c := connect(t, base, true, "")
	callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/x"})
	var wg sync.WaitGroup
	released := false
	defer func() {
		if !released {
			close(fs.release)
		}
		wg.Wait()
	}()
	for range 3 {
		wg.Go(func() {
			if res, body := callTool(t, c, "web_search", map[string]any{"query": "q"}); res.IsError {
				t.Errorf("search: %v", body)
			}
		})
	}
	deadline := time.Now().Add(time.Minute)
	for fs.running.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of 3 searches started: they serialize", fs.running.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if res, body := callTool(t, c, "observe", map[string]any{}); res.IsError {
		t.Fatalf("observe: %v", body)
	}
	if n := fs.running.Load(); n != 3 {
		t.Errorf("observe returned with %d searches held, want 3: it waited for them", n)
	}
	close(fs.release)
	released = true
	wg.Wait()
	if fs.peak.Load() != 3 {
		t.Errorf("at most %d searches ran at once, want 3", fs.peak.Load())
	}
}

// close_page closes the tab at once and forgets the handle; closing the
// session's last page leaves a state that says to navigate, and navigate
// opens a new page.
func TestClosePage(t *testing.T) {
	fb := &fakeBrowser{}
	_, base := newHTTP(t, Options{Browser: fb})
	c := connect(t, base, true, "")
	_, first := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/a"})
	_, second := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/b", "new_page": true})
	res, body := callTool(t, c, "close_page", map[string]any{})
	if res.IsError || body["closed"] != second["page"] || body["page"] != first["page"] {
		t.Fatalf("close current page: %v", body)
	}
	if tabs := fb.all(); !tabs[1].isClosed() || tabs[0].isClosed() {
		t.Fatal("close_page did not close exactly its tab")
	}
	if res, body := callTool(t, c, "observe", map[string]any{"page": second["page"]}); !res.IsError || body["code"] != "PAGE_NOT_FOUND" {
		t.Errorf("closed handle: %v", body)
	}
	if res, body := callTool(t, c, "close_page", map[string]any{"page": first["page"]}); res.IsError || body["page"] != "" || !strings.Contains(body["next"].(string), "navigate") {
		t.Fatalf("close last page: %v", body)
	}
	res, body = callTool(t, c, "observe", map[string]any{})
	if !res.IsError || body["code"] != "PAGE_NOT_FOUND" || !strings.Contains(body["reason"].(string), "navigate") {
		t.Errorf("observe with no page open: %v", body)
	}
	if len(fb.all()) != 2 {
		t.Errorf("observe opened a page silently: %d tabs", len(fb.all()))
	}
	if res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/c"}); res.IsError {
		t.Fatalf("navigate after closing all: %v", body)
	}
	if res, body := callTool(t, c, "close_page", map[string]any{"page": "pg_nope"}); !res.IsError || body["code"] != "PAGE_NOT_FOUND" {
		t.Errorf("unknown handle: %v", body)
	}
}

// Resource subscriptions are kept only for the server's own URIs.
func TestSubscriptionsBounded(t *testing.T) {
	s, base := newHTTP(t, Options{Browser: &fakeBrowser{}})
	c := connect(t, base, true, "")
	for i := range 50 {
		var req mcp.SubscribeRequest
		req.Params.URI = "pling://junk/" + strings.Repeat("x", i)
		if err := c.Subscribe(t.Context(), req); err == nil {
			t.Fatalf("subscribe to %s accepted", req.Params.URI)
		}
	}
	var req mcp.SubscribeRequest
	req.Params.URI = uriObservationMD
	if err := c.Subscribe(t.Context(), req); err != nil {
		t.Fatalf("subscribe to %s: %v", uriObservationMD, err)
	}
	s.mu.Lock()
	n := len(s.subs)
	s.mu.Unlock()
	if n != 1 {
		t.Errorf("%d subscription URIs kept, want 1", n)
	}
}

// Calls, session ends, idle sweeps and Close running at once are
// race-free (run with -race) and leave no page open.
func TestConcurrentCloseRaceFree(t *testing.T) {
	fb := &fakeBrowser{}
	s := New(Options{Browser: fb, MaxPages: 1000})
	ctx := t.Context()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			c := caller{sess: s.sessionFor("s" + string(rune('a'+i))), owner: "s" + string(rune('a'+i))}
			for range 20 {
				c.sess.op.Lock()
				if p, err := s.pageFor(ctx, c, ""); err == nil {
					_, _ = p.rt.Observe(ctx, page.ObserveRequest{})
				}
				c.sess.op.Unlock()
			}
		})
		wg.Go(func() { s.endSession("s" + string(rune('a'+i))) })
		wg.Go(func() { s.closeIdle(time.Now().Add(time.Hour)) })
	}
	wg.Wait()
	for i := range 8 {
		s.endSession("s" + string(rune('a'+i)))
	}
	s.Close()
	for _, tab := range fb.all() {
		if !tab.isClosed() {
			t.Fatal("a page stayed open after its session ended")
		}
	}
}

// failingTab fails every script with an error quoting page data.
type failingTab struct{ fakeTab }

func (f *failingTab) CallScript(ctx context.Context, script string, args any, out any) error {
	return &json.SyntaxError{Offset: 1}
}

// A failed call logs its code and the cause as a category, never the
// error text; an extraction error logs its own code.
func TestErrorLogging(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	log := slog.New(slog.NewJSONHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), nil))
	s, base := newHTTP(t, Options{Browser: BrowserFunc(func(ctx context.Context) (Tab, error) {
		return &failingTab{}, nil
	}), Logger: log})
	_ = s
	c := connect(t, base, true, "")
	res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/secret-path"})
	if !res.IsError {
		t.Fatalf("navigate on a failing page succeeded: %v", body)
	}
	res, body = callTool(t, c, "observe", map[string]any{"extract": map[string]any{"expected_revision": "r-made-up", "kind": "table", "index": 0, "limit": 1, "fields": []any{map[string]any{"name": "a", "column": 0, "type": "string"}}}})
	if !res.IsError {
		t.Fatalf("bad extract succeeded: %v", body)
	}
	xcode, _ := body["code"].(string)
	mu.Lock()
	logs := buf.String()
	mu.Unlock()
	if strings.Contains(logs, "secret-path") {
		t.Errorf("logs quote page data:\n%s", logs)
	}
	var sawNav, sawExtract bool
	for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
		var m map[string]any
		_ = json.Unmarshal([]byte(line), &m)
		if m["msg"] != "tool call" {
			continue
		}
		switch m["tool"] {
		case "navigate":
			sawNav = m["code"] != "ok" && m["cause"] == "decode"
		case "observe":
			sawExtract = m["code"] == xcode && xcode != "INTERNAL" && m["cause"] != ""
		}
	}
	if !sawNav || !sawExtract {
		t.Errorf("want navigate with cause decode and observe with code %s:\n%s", xcode, logs)
	}
}

// graceClock stands in for time.AfterFunc in the HTTP sessions: it hands
// each timer to the test, which fires it when it wants the grace to have
// passed.
type graceClock struct{ timers chan graceTimer }

type graceTimer struct {
	d    time.Duration
	fire func()
}

func (c *graceClock) afterFunc(d time.Duration, f func()) { c.timers <- graceTimer{d, f} }

// next is the timer the server set next (a stream closed).
func (c *graceClock) next(t *testing.T) graceTimer {
	t.Helper()
	select {
	case g := <-c.timers:
		return g
	case <-time.After(10 * time.Second):
		t.Fatal("no grace timer was set after the stream closed")
	}
	return graceTimer{}
}

// A session whose GET stream closed and that stays silent ends when the
// stream grace passes (a timer of StreamGrace, long before the idle TTL);
// an open stream sets no timer; one that reconnects before the timer fires
// keeps its session. The grace is an injected clock: no sleeping.
func TestClosedStreamEndsSession(t *testing.T) {
	fb := &fakeBrowser{}
	clock := &graceClock{timers: make(chan graceTimer, 16)}
	s := New(Options{Browser: fb})
	t.Cleanup(s.Close)
	s.afterFunc = clock.afterFunc // before the server serves anything
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = s.HTTPHandler(HTTPOptions{Addr: ts.Listener.Addr().String(), SessionIdleTTL: time.Hour, StreamGrace: 3 * time.Second})
	ts.Start()
	t.Cleanup(ts.Close)
	base := ts.URL
	post := func(sid, body string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", mcp.LATEST_LEGACY_PROTOCOL_VERSION)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(raw)
	}
	stream := func(sid string) context.CancelFunc {
		t.Helper()
		ctx, cancel := context.WithCancel(t.Context())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", mcp.LATEST_LEGACY_PROTOCOL_VERSION)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET stream: %v %v", err, resp)
		}
		return func() { cancel(); resp.Body.Close() }
	}
	open := func() (string, *fakeTab) {
		t.Helper()
		resp, _ := post("", initBody)
		sid := resp.Header.Get("Mcp-Session-Id")
		post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		before := len(fb.all())
		if _, body := post(sid, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"navigate","arguments":{"url":"http://127.0.0.1/x"}}}`); len(fb.all()) != before+1 {
			t.Fatalf("navigate opened no page: %s", body)
		}
		return sid, fb.all()[before]
	}

	noTimer := func(when string) {
		t.Helper()
		select {
		case g := <-clock.timers:
			t.Fatalf("%s: a grace timer of %s was set", when, g.d)
		default:
		}
	}

	sid, tab := open()
	closeStream := stream(sid)
	if resp, _ := post(sid, pingBody); resp.StatusCode != http.StatusOK {
		t.Fatalf("ping with the stream open: %d", resp.StatusCode)
	}
	noTimer("a request ended while the stream is open")
	closeStream() // the client vanishes
	g := clock.next(t)
	if g.d != 3*time.Second {
		t.Errorf("grace timer of %s, want StreamGrace 3s", g.d)
	}
	if tab.isClosed() {
		t.Fatal("the page closed before the grace passed")
	}
	g.fire() // the grace passes with nothing arriving
	deadline := time.Now().Add(10 * time.Second)
	for !tab.isClosed() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond) // the session's pages close in the background
	}
	if !tab.isClosed() {
		t.Fatal("the page stayed open after the grace passed")
	}
	if resp, _ := post(sid, pingBody); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the ended session answered %d", resp.StatusCode)
	}

	// Reconnecting before the grace passes keeps the session.
	sid, tab = open()
	closeStream = stream(sid)
	closeStream()
	g = clock.next(t)
	closeStream = stream(sid)
	defer closeStream()
	g.fire() // the grace of the first stream passes after the reconnect
	if resp, _ := post(sid, pingBody); resp.StatusCode != http.StatusOK {
		t.Errorf("a reconnected session answered %d", resp.StatusCode)
	}
	if tab.isClosed() {
		t.Error("a reconnected session lost its page")
	}
	noTimer("the reconnected stream is open")
}
