package mcpserver

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/page"
)

// fakeTab is a page.Driver that serves a fixed snapshot and counts Close.
type fakeTab struct {
	mu     sync.Mutex
	closed bool
	url    string
}

// fakeName is the name of the fake page's one action.
var fakeName atomic.Value

func init() { fakeName.Store("go") }

func (f *fakeTab) CallScript(ctx context.Context, script string, args any, out any) error {
	snap := page.Snapshot{DocumentID: "doc-" + f.url, URL: f.url, Title: "Fake", Path: "/fake",
		Controls: []page.Control{{Key: "e1", Name: fakeName.Load().(string), Kind: "click", Effect: "write", Declared: true, InViewport: true}},
		Stats:    page.Stats{ControlsTotal: 1}}
	raw, _ := json.Marshal(snap)
	return json.Unmarshal(raw, out)
}
func (f *fakeTab) Perform(ctx context.Context, step page.Step) error { return nil }
func (f *fakeTab) Navigate(ctx context.Context, url string) error {
	f.mu.Lock()
	f.url = url
	f.mu.Unlock()
	return nil
}
func (f *fakeTab) Dialogs() []page.DialogRecord { return nil }
func (f *fakeTab) Notices() []string            { return nil }
func (f *fakeTab) Close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
}
func (f *fakeTab) isClosed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed
}

type fakeBrowser struct {
	mu   sync.Mutex
	tabs []*fakeTab
}

func (b *fakeBrowser) NewTab(ctx context.Context) (Tab, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := &fakeTab{}
	b.tabs = append(b.tabs, t)
	return t, nil
}

func (b *fakeBrowser) all() []*fakeTab {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]*fakeTab(nil), b.tabs...)
}

func newHTTP(t *testing.T, opts Options) (*Server, string) {
	t.Helper()
	return newHTTPWith(t, opts, HTTPOptions{})
}

// newHTTPWith serves s over HTTP on 127.0.0.1 with ho (Addr is filled in
// with the address actually listened on).
func newHTTPWith(t *testing.T, opts Options, ho HTTPOptions) (*Server, string) {
	t.Helper()
	s := New(opts)
	t.Cleanup(s.Close)
	ts := httptest.NewUnstartedServer(nil)
	ho.Addr = ts.Listener.Addr().String()
	ts.Config.Handler = s.HTTPHandler(ho)
	ts.Start()
	t.Cleanup(ts.Close)
	return s, ts.URL
}

func connect(t *testing.T, base string, legacy bool, token string) *client.Client {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(base+"/mcp", transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	if legacy {
		init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	}
	init.Params.ClientInfo = mcp.Implementation{Name: "unit", Version: "0"}
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	return c
}

func callTool(t *testing.T, c *client.Client, name string, args map[string]any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(t.Context(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var body map[string]any
	raw, _ := json.Marshal(res.StructuredContent)
	_ = json.Unmarshal(raw, &body)
	return res, body
}

// A session's end closes its pages (its browser contexts).
func TestSessionEndClosesPages(t *testing.T) {
	fb := &fakeBrowser{}
	_, base := newHTTP(t, Options{Browser: fb})
	c := connect(t, base, true, "a")
	if res, _ := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/x"}); res.IsError {
		t.Fatalf("navigate failed: %v", res.Content)
	}
	tabs := fb.all()
	if len(tabs) != 1 || tabs[0].isClosed() {
		t.Fatalf("tabs: %d", len(tabs))
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !tabs[0].isClosed() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !tabs[0].isClosed() {
		t.Error("the session ended but its page stayed open")
	}
}

// Page handles are bounded per caller and expire when idle.
func TestPageHandlesBoundedAndExpiring(t *testing.T) {
	fb := &fakeBrowser{}
	s, base := newHTTP(t, Options{Browser: fb, MaxPages: 2, PageIdleTTL: time.Hour})
	c := connect(t, base, false, "caller")
	var handles []string
	for i := 0; i < 2; i++ {
		res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/p"})
		if res.IsError {
			t.Fatalf("navigate %d: %v", i, body)
		}
		handles = append(handles, body["page"].(string))
	}
	if res, body := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/p"}); !res.IsError || body["code"] != "PAGE_LIMIT" {
		t.Fatalf("third page: %v", body)
	}
	s.closeIdle(time.Now().Add(time.Minute)) // everything is idle by then
	for _, tab := range fb.all() {
		if !tab.isClosed() {
			t.Error("idle page not closed")
		}
	}
	if res, body := callTool(t, c, "observe", map[string]any{"page": handles[0]}); !res.IsError || body["code"] != "PAGE_NOT_FOUND" {
		t.Errorf("expired handle: %v", body)
	}
}

func TestValidatorMessages(t *testing.T) {
	v := newValidator()
	for _, tc := range []struct {
		args any
		ok   bool
	}{
		{map[string]any{"action": "x"}, true},
		{map[string]any{}, false},
		{map[string]any{"action": "x", "zzz": 1}, false},
		{[]any{1}, false},
		{nil, false},
	} {
		err := v.Validate(actSchema, tc.args)
		if (err == nil) != tc.ok {
			t.Errorf("%v: err=%v", tc.args, err)
		}
	}
}

// A page action named like a core tool is published as page_<name>, and
// calling it runs the page action, not the core tool.
func TestPageToolNameCollision(t *testing.T) {
	fb := &fakeBrowser{}
	_, base := newHTTP(t, Options{Browser: fb, PageTools: true})
	c := connect(t, base, true, "a")
	if res, _ := callTool(t, c, "navigate", map[string]any{"url": "http://127.0.0.1/x"}); res.IsError {
		t.Fatal("navigate failed")
	}
	// the fake page's one action is "go"; rename it to a core name
	fakeName.Store("observe")
	defer fakeName.Store("go")
	if res, _ := callTool(t, c, "observe", map[string]any{}); res.IsError {
		t.Fatal("observe failed")
	}
	deadline := time.Now().Add(5 * time.Second)
	var names []string
	for time.Now().Before(deadline) {
		tl, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		names = names[:0]
		for _, x := range tl.Tools {
			names = append(names, x.Name)
		}
		if contains(names, "page_observe") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !contains(names, "page_observe") {
		t.Fatalf("no page_observe in %v", names)
	}
	res, body := callTool(t, c, "page_observe", map[string]any{})
	if res.IsError {
		t.Fatalf("page_observe: %v", body)
	}
	if r, _ := body["result"].(map[string]any); r == nil || r["action"].(map[string]any)["id"] != "observe" {
		t.Errorf("page_observe did not run the page action: %v", body["result"])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestLogCategoryDropsRequestText(t *testing.T) {
	got := logCategory(`Error handling message: {"query":"secret plans","url":"https://x"}`)
	if got != "Error handling message" {
		t.Errorf("got %q", got)
	}
}
