package mcpserver

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// startTab is a fake tab whose navigation fails while its browser says so.
type startTab struct {
	fakeTab
	b *startBrowser
}

func (t *startTab) Navigate(ctx context.Context, url string) error {
	if t.b.failing.Load() {
		return errors.New("new browser context: timed out")
	}
	return t.fakeTab.Navigate(ctx, url)
}

type startBrowser struct {
	failing atomic.Bool
	mu      sync.Mutex
	tabs    []*startTab
}

func (b *startBrowser) NewTab(ctx context.Context) (Tab, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := &startTab{b: b}
	b.tabs = append(b.tabs, t)
	return t, nil
}

// A session whose start failed (its start page could not be opened) is an
// error on every later call while the start keeps failing, never a silent
// about:blank; the failed pages are closed; once the browser recovers, the
// session starts on its start page (issue 12 pt 3).
func TestFailedSessionStartIsNeverBlank(t *testing.T) {
	fb := &startBrowser{}
	fb.failing.Store(true)
	_, base := newHTTP(t, Options{Browser: fb, StartURL: "http://127.0.0.1/start"})
	c := connect(t, base, true, "a")
	for i := range 3 {
		res, body := callTool(t, c, "observe", map[string]any{})
		if !res.IsError || body["code"] != "BROWSER_UNAVAILABLE" {
			t.Fatalf("call %d after a failed start: %v %v", i, res.IsError, body)
		}
	}
	fb.mu.Lock()
	for i, tab := range fb.tabs {
		if !tab.isClosed() {
			t.Errorf("tab %d of a failed start is still open", i)
		}
	}
	fb.mu.Unlock()
	fb.failing.Store(false)
	res, body := callTool(t, c, "observe", map[string]any{})
	if res.IsError {
		t.Fatalf("after the browser recovered: %v", body)
	}
	fb.mu.Lock()
	last := fb.tabs[len(fb.tabs)-1]
	fb.mu.Unlock()
	last.mu.Lock()
	defer last.mu.Unlock()
	if last.url != "http://127.0.0.1/start" || last.closed {
		t.Errorf("the session must run on its start page, runs on %q (closed %v)", last.url, last.closed)
	}
}
