package browser

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/webmcp"
)

// The feature lists Pling passes: WebMCP enabled and merged with the
// operator's lists, unless the operator disabled it.
func TestWebMCPFeatureFlags(t *testing.T) {
	for _, tc := range []struct {
		extra      map[string]any
		enable     string
		disableEnd string
	}{
		{nil, "WebMCP", "SearchEnginePreconnect2"},
		{map[string]any{"enable-features": "Foo,Bar"}, "Foo,Bar,WebMCP", "SearchEnginePreconnect2"},
		{map[string]any{"enable-features": "WebMCP"}, "WebMCP", "SearchEnginePreconnect2"},
		{map[string]any{"disable-features": "WebMCP"}, "", ",WebMCP"},
		{map[string]any{"enable-features": "Foo", "disable-features": "Baz,WebMCP"}, "Foo", ",Baz,WebMCP"},
	} {
		if got := enableFeatures(tc.extra); got != tc.enable {
			t.Errorf("enable-features with %v = %q, want %q", tc.extra, got, tc.enable)
		}
		d := disableFeatures(quietDisabled(), tc.extra)
		if len(d) < len(tc.disableEnd) || d[len(d)-len(tc.disableEnd):] != tc.disableEnd || len(d) < len(quietDisabled()) || d[:len(quietDisabled())] != quietDisabled() {
			t.Errorf("disable-features with %v = %q: the quiet list is not kept and merged", tc.extra, d)
		}
	}
}

// A tool that never answers is cancelled when the action bound passes:
// the browser reports the invocation Canceled, and nothing waits on it.
func TestWebMCPTimeoutCancelsTheInvocation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>hang</title><script>
document.modelContext.registerTool({name: "hang", description: "never answers", execute: () => new Promise(() => {})});
</script>`)
	}))
	defer srv.Close()
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second, ActionTimeout: 2 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	s, err := b.NewSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Navigate(t.Context(), srv.URL); err != nil {
		t.Fatal(err)
	}
	var tools []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && len(tools) == 0; time.Sleep(50 * time.Millisecond) {
		for _, tl := range s.WebMCPTools() {
			tools = append(tools, tl.Name)
		}
	}
	if fmt.Sprint(tools) != "[hang]" {
		t.Fatalf("tools %v, want [hang]", tools)
	}
	gone := s.WebMCPTools()[0]
	gone.Name = "not_there"
	if resp, err := s.InvokeWebMCP(t.Context(), gone, json.RawMessage(`{}`)); err != nil || resp.Status != "missing" {
		t.Errorf("a tool that is not registered: %+v %v", resp, err)
	}
	resp, err := s.InvokeWebMCP(t.Context(), s.WebMCPTools()[0], json.RawMessage(`{}`))
	if err != nil || resp.Status != "timeout" {
		t.Fatalf("hang: %+v %v", resp, err)
	}
	st := s.webmcp
	var canceled bool
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !canceled; time.Sleep(50 * time.Millisecond) {
		st.mu.Lock()
		for _, e := range st.early {
			canceled = canceled || e.Status == webmcp.InvocationStatusCanceled
		}
		waiting := len(st.wait)
		st.mu.Unlock()
		if waiting != 0 {
			t.Fatalf("%d invocations still waited on", waiting)
		}
	}
	if !canceled {
		t.Error("the browser never reported the timed-out invocation Canceled")
	}
}
