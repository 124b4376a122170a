package e2e

import (
	"bufio"
	"context"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

var addrLine = regexp.MustCompile(`MCP at (http://[^ ]+)/mcp`)

// startHTTP runs `pling serve --http 127.0.0.1:0 ARGS...` and returns its
// base URL.
func startHTTP(t *testing.T, env []string, args ...string) string {
	t.Helper()
	base, _ := startHTTPPid(t, env, args...)
	return base
}

// startHTTPPid starts `pling serve --http` on a free loopback port and
// returns its base URL and process id; the process ends with the test.
func startHTTPPid(tb testing.TB, env []string, args ...string) (string, int) {
	tb.Helper()
	return startHTTPLines(tb, env, nil, args...)
}

// startHTTPLines is startHTTPPid that hands every other line the server
// writes on stderr to onLine (nil: dropped), from one goroutine.
func startHTTPLines(tb testing.TB, env []string, onLine func(string), args ...string) (string, int) {
	tb.Helper()
	cmd := exec.CommandContext(tb.Context(), binary, append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(cmd.Environ(), append([]string{"PLING_LOG=warn"}, env...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := addrLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			} else if onLine != nil {
				onLine(sc.Text())
			}
		}
	}()
	select {
	case base := <-found:
		return base, cmd.Process.Pid
	case <-time.After(120 * time.Second):
		tb.Fatal("pling serve --http did not start")
	}
	return "", 0
}

// startLegacy starts c and initializes it pinned to the session
// generation (2025-11-25); it returns Initialize's error for the tests that
// expect a refusal.
func startLegacy(tb testing.TB, ctx context.Context, c *client.Client, name string) error {
	tb.Helper()
	if err := c.Start(ctx); err != nil {
		tb.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: name, Version: "0"}
	_, err := c.Initialize(ctx, init)
	return err
}

// httpClient connects over Streamable HTTP. legacy pins 2025-11-25
// (sessions); otherwise the client negotiates 2026-07-28 (stateless).
func httpClient(t *testing.T, base string, legacy bool, headers map[string]string, copts ...client.ClientOption) (*client.Client, *notes) {
	t.Helper()
	opts := []transport.StreamableHTTPCOption{transport.WithHTTPHeaders(headers)}
	if legacy {
		opts = append(opts, transport.WithContinuousListening())
	}
	tr, err := transport.NewStreamableHTTP(base+"/mcp", opts...)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, copts...)
	n := &notes{}
	c.OnNotification(n.add)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	var init mcp.InitializeRequest
	if legacy {
		init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	}
	init.Params.ClientInfo = mcp.Implementation{Name: "e2e-http", Version: "0"}
	if len(copts) > 0 {
		init.Params.Capabilities.Elicitation = &mcp.ElicitationCapability{}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return c, n
}

func pageHandle(r result) string {
	h, _ := r.Body["page"].(string)
	return h
}

// Two HTTP sessions never see each other's cookies, storage, pages or tools.
func TestHTTPSessionsIsolated(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil)
	a, _ := httpClient(t, base, true, nil)
	b, _ := httpClient(t, base, true, nil)
	if a.GetSessionId() == "" || a.GetSessionId() == b.GetSessionId() {
		t.Fatalf("sessions: %q %q", a.GetSessionId(), b.GetSessionId())
	}
	ra := mustOK(t, call(t, a, "navigate", map[string]any{"url": url("/cookie/set?v=alice")}))
	if stateOf(ra, "cookie") != "alice" {
		t.Fatalf("a's cookie: %v\n%s", stateOf(ra, "cookie"), ra.Text)
	}
	rb := mustOK(t, call(t, b, "navigate", map[string]any{"url": url("/cookie/show")}))
	if v := stateOf(rb, "cookie"); v != "" && v != nil {
		t.Errorf("session b sees a's cookie: %v", v)
	}
	// Page tools are per session.
	mustOK(t, call(t, a, "navigate", map[string]any{"url": url("/todos")}))
	deadline := time.Now().Add(5 * time.Second)
	for !has(toolNames(t, a), "toggle") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !has(toolNames(t, a), "toggle") {
		t.Errorf("a lacks its page tools: %v", toolNames(t, a))
	}
	if names := toolNames(t, b); has(names, "toggle") || has(names, "add_todo") {
		t.Errorf("b sees a's page tools: %v", names)
	}
	// b cannot use a's page handle.
	r := call(t, b, "observe", map[string]any{"page": pageHandle(ra)})
	if code(r) != "PAGE_NOT_FOUND" {
		t.Errorf("foreign handle: %s", r.Text)
	}
}

// MCP 2026-07-28 has no sessions: pages are handles passed back as
// arguments, and a call without one is PAGE_REQUIRED. Each configured
// token is its own owner: another token cannot use the handle.
func TestHTTPStatelessProtocol(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, []string{"PLING_HTTP_TOKEN=caller-1,caller-2"})
	c, _ := httpClient(t, base, false, map[string]string{"Authorization": "Bearer caller-1"})
	if v := c.ProtocolVersion(); v != "2026-07-28" {
		t.Fatalf("negotiated protocol %q, want the stateless 2026-07-28: this test pins the stateless protocol and proves nothing on an older one", v)
	}
	if r := call(t, c, "observe", map[string]any{}); code(r) != "PAGE_REQUIRED" {
		t.Fatalf("want PAGE_REQUIRED, got %s", r.Text)
	}
	nav := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	h := pageHandle(nav)
	if !strings.HasPrefix(h, "pg_") || len(h) < 20 {
		t.Fatalf("page handle %q", h)
	}
	contains(t, nav.Text, "; page "+h)
	r := mustOK(t, call(t, c, "act", map[string]any{"page": h, "action": "toggle", "record": "t9"}))
	contains(t, r.Text, `"id":"toggle@t9"`)
	if pageHandle(r) != h {
		t.Errorf("result handle %q", pageHandle(r))
	}
	// Another caller (another token) cannot use the handle.
	other, _ := httpClient(t, base, false, map[string]string{"Authorization": "Bearer caller-2"})
	if r := call(t, other, "observe", map[string]any{"page": h}); code(r) != "PAGE_NOT_FOUND" {
		t.Errorf("handle used by another caller: %s", r.Text)
	}
	if r := call(t, c, "observe", map[string]any{"page": "pg_guessed"}); code(r) != "PAGE_NOT_FOUND" {
		t.Errorf("guessed handle: %s", r.Text)
	}
}

func TestHTTPOriginAndToken(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, []string{"PLING_HTTP_TOKEN=s3cret"})
	post := func(origin, auth string) int {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := post("", ""); got != http.StatusUnauthorized {
		t.Errorf("no token: %d", got)
	}
	if got := post("http://evil.example", "Bearer s3cret"); got != http.StatusForbidden {
		t.Errorf("foreign origin: %d", got)
	}
	if got := post("", "Bearer s3cret"); got == http.StatusUnauthorized || got == http.StatusForbidden {
		t.Errorf("good token refused: %d", got)
	}
	// A non-loopback bind without a token is refused at start.
	out, err := exec.CommandContext(t.Context(), binary, "serve", "--http", "0.0.0.0:0").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "PLING_HTTP_TOKEN") {
		t.Errorf("non-loopback bind without token: err=%v out=%s", err, out)
	}
}

// Confirmation on the stateless protocol is an input_required round trip
// (mcp-go's input-request builder); declining runs nothing.
func TestHTTPStatelessConfirmation(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil)
	for _, tc := range []struct {
		answer mcp.ElicitationResponseAction
		items  float64
		code   string
	}{
		{mcp.ElicitationResponseActionDecline, 3, "CONFIRMATION_DECLINED"},
		{mcp.ElicitationResponseActionAccept, 0, ""},
	} {
		c, _ := httpClient(t, base, false, map[string]string{"Authorization": "Bearer " + string(tc.answer)}, client.WithElicitationHandler(elicitAnswer{tc.answer}))
		nav := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/actions")}))
		h := pageHandle(nav)
		r := call(t, c, "act", map[string]any{"page": h, "action": "clear_all"})
		if code(r) != tc.code {
			t.Errorf("%s: code %q: %s", tc.answer, code(r), r.Text)
		}
		after := mustOK(t, call(t, c, "observe", map[string]any{"page": h}))
		if stateOf(after, "items") != tc.items {
			t.Errorf("%s: items = %v", tc.answer, stateOf(after, "items"))
		}
	}
}

// The legacy SSE transport at /sse serves the same tools, with per-session
// page tools.
func TestHTTPLegacySSE(t *testing.T) {
	t.Parallel()
	base := startHTTP(t, nil, "--url", url("/todos"))
	c, err := client.NewSSEMCPClient(base + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	n := &notes{}
	c.OnNotification(n.add)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "e2e-sse", Version: "0"}
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	before := n.count("notifications/tools/list_changed")
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text, "toggle(record)")
	n.waitFor(t, "notifications/tools/list_changed", before)
	if !has(toolNames(t, c), "toggle") {
		t.Errorf("no page tools over SSE: %v", toolNames(t, c))
	}
	r := mustOK(t, call(t, c, "toggle", map[string]any{"record": "t9"}))
	contains(t, r.Text, `"id":"toggle@t9"`)
}
