package e2e

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// fakeOpenAI is a local Responses API on 127.0.0.1 that streams the
// verified fixture of a web_search_call plus a cited message.
func fakeOpenAI(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	sse, err := os.ReadFile("../websearch/testdata/websearch.sse")
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if r.URL.Path != "/v1/responses" || r.Header.Get("Authorization") != "Bearer sk-e2e-test" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		_, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(sse)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

// web_search over the real binary: offered only with a key, discloses the
// recipient, returns candidate sources with budgets, streams provisional
// progress, and never logs the query or the result URLs.
func TestWebSearchOverMCP(t *testing.T) {
	t.Parallel()
	ts, requests := fakeOpenAI(t)
	c, n := stdioClientEnv(t, []string{"PLING_LOG=debug", "OPENAI_API_KEY=sk-e2e-test", "OPENAI_BASE_URL=" + ts.URL + "/v1/"}, nil)
	tl, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var desc string
	for _, tool := range tl.Tools {
		if tool.Name == "web_search" {
			desc = tool.Description
		}
	}
	if desc == "" {
		t.Fatal("web_search not offered with a key")
	}
	contains(t, strings.ToLower(desc), "openai", "gpt-5.4", "candidate", "cost money", "not a zero-retention guarantee")
	const query = "latest Go release zebra-query-marker"
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = "web_search"
	req.Params.Arguments = map[string]any{"query": query}
	req.Params.Meta = &mcp.Meta{ProgressToken: "p1"}
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("web_search: %v %v", err, res)
	}
	text := mcp.GetTextFromContent(res.Content[0])
	contains(t, text, "https://go.dev/doc/go1.26", `"remaining_calls":299`)
	if requests.Load() != 1 {
		t.Errorf("%d requests reached the provider", requests.Load())
	}
	// Progress is written beside the result, so it may land just after it:
	// wait for it, and require that it is labelled provisional.
	n.waitFor(t, "notifications/progress", 0)
	n.mu.Lock()
	var msgs []string
	for _, x := range n.list {
		if x.Method == "notifications/progress" {
			m, _ := x.Params.AdditionalFields["message"].(string)
			msgs = append(msgs, m)
		}
	}
	n.mu.Unlock()
	for _, m := range msgs {
		if !strings.Contains(strings.ToLower(m), "provisional") {
			t.Errorf("progress not labelled provisional: %q", m)
		}
	}
	if r := call(t, c, "web_search", map[string]any{"query": strings.Repeat("x", 193)}); code(r) != "INVALID_ARGUMENT" {
		t.Errorf("193 code points: %s", r.Text)
	}
	if rd, ok := client.GetStderr(c); ok {
		buf := make([]byte, 1<<20)
		k, _ := io.ReadAtLeast(rd, buf, 1)
		logs := string(buf[:k])
		for _, secret := range []string{query, "go.dev", "sk-e2e-test"} {
			if strings.Contains(logs, secret) {
				t.Errorf("logs carry %q:\n%s", secret, logs)
			}
		}
	}
}

func TestWebSearchNotOfferedWithoutKey(t *testing.T) {
	t.Parallel()
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", "OPENAI_API_KEY="}, nil)
	if has(toolNames(t, c), "web_search") {
		t.Error("web_search offered without OPENAI_API_KEY")
	}
}
