// Package e2e drives the real pling binary over stdio and HTTP with
// mcp-go's client, against real Chromium and the fixture pages served on
// 127.0.0.1. A missing Chromium fails the suite: there is no skip.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/e2e/internal/mcpstart"
	"github.com/pling-dev/pling/fixtures"
	"github.com/pling-dev/pling/internal/testbrowser"
)

var (
	binary    string
	fixtures_ *httptest.Server
)

func TestMain(m *testing.M) {
	if _, err := os.Stat(testbrowser.ExecPath()); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: real Chromium is required at %s (apt-get install -y chromium): %v\n", testbrowser.ExecPath(), err)
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "pling-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "pling")
	// -buildvcs=auto: stamp the VCS revision even where GOFLAGS turns it off.
	build := exec.Command("go", "build", "-buildvcs=auto", "-o", binary, "../cmd/pling")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: build pling:", err)
		os.Exit(1)
	}
	fixtures_ = httptest.NewServer(fixtures.Handler())
	code := m.Run()
	fixtures_.Close()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// url returns the fixture server URL of path.
func url(path string) string { return fixtures_.URL + path }

// notes records the notifications a client received.
type notes struct {
	mu   sync.Mutex
	list []mcp.JSONRPCNotification
}

func (n *notes) add(x mcp.JSONRPCNotification) {
	n.mu.Lock()
	n.list = append(n.list, x)
	n.mu.Unlock()
}

func (n *notes) count(method string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := 0
	for _, x := range n.list {
		if x.Method == method {
			c++
		}
	}
	return c
}

// waitFor polls until the count of method notifications exceeds before.
func (n *notes) waitFor(t *testing.T, method string, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if n.count(method) > before {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %s notification arrived", method)
}

type elicitAnswer struct{ action mcp.ElicitationResponseAction }

func (e elicitAnswer) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{
		Action: e.action, Content: map[string]any{"confirm": e.action == mcp.ElicitationResponseActionAccept},
	}}, nil
}

// stdioClient starts `pling serve ARGS...` and initializes a legacy
// (2025-11-25) session. elicit, when not nil, answers confirmations.
func stdioClient(t testing.TB, elicit client.ElicitationHandler, args ...string) (*client.Client, *notes) {
	t.Helper()
	return stdioClientEnv(t, []string{"PLING_LOG=warn"}, elicit, args...)
}

// stdioClientEnv is stdioClient with extra environment for the server.
func stdioClientEnv(t testing.TB, env []string, elicit client.ElicitationHandler, args ...string) (*client.Client, *notes) {
	t.Helper()
	var opts []client.ClientOption
	if elicit != nil {
		opts = append(opts, client.WithElicitationHandler(elicit))
	}
	c := client.NewClient(transport.NewStdio(binary, env, append([]string{"serve"}, args...)...), opts...)
	n := &notes{}
	c.OnNotification(n.add)
	// The process lives as long as the context Start gets: the test's.
	if err := mcpstart.Start(t.Context(), c, mcpstart.Options{Name: "e2e", Elicitation: elicit != nil}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c, n
}

// result is a decoded tool result.
type result struct {
	IsError bool
	Text    string
	Body    map[string]any
	raw     *mcp.CallToolResult
}

func call(t testing.TB, c *client.Client, name string, args map[string]any) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		stderr := ""
		if r, ok := client.GetStderr(c); ok {
			b := make([]byte, 65536)
			n, _ := r.Read(b)
			stderr = string(b[:n])
		}
		t.Fatalf("call %s: %v\nserver stderr:\n%s", name, err, stderr)
	}
	r := result{IsError: res.IsError, raw: res}
	for _, ct := range res.Content {
		if tc, ok := mcp.AsTextContent(ct); ok {
			r.Text += tc.Text
		}
	}
	if res.StructuredContent != nil {
		raw, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(raw, &r.Body)
	}
	return r
}

// mustOK fails unless the call succeeded.
func mustOK(t *testing.T, r result) result {
	t.Helper()
	if r.IsError {
		t.Fatalf("call failed: %s", r.Text)
	}
	return r
}

// code is the error code of a failed call.
func code(r result) string {
	if !r.IsError {
		return ""
	}
	c, _ := r.Body["code"].(string)
	return c
}

// field reads a shown record's field from a page result.
func field(t *testing.T, r result, id, name string) string {
	t.Helper()
	obs, _ := r.Body["observation"].(map[string]any)
	recs, _ := obs["records"].(map[string]any)
	shown, _ := recs["shown"].([]any)
	for _, x := range shown {
		rec, _ := x.(map[string]any)
		if rec["id"] == id {
			f, _ := rec["fields"].(map[string]any)
			s, _ := f[name].(string)
			return s
		}
	}
	t.Fatalf("record %s not shown in:\n%s", id, r.Text)
	return ""
}

func toolNames(t *testing.T, c *client.Client) []string {
	t.Helper()
	tl, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range tl.Tools {
		names = append(names, x.Name)
	}
	return names
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func contains(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, text)
		}
	}
}
