package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
)

// observe {wait: {timeout_ms}} waits as long as asked even when that is
// longer than browser.actionTimeoutMs, and a page that never settles
// answers an observation that says so, not TIMEOUT (issue 10 pt 5: a 45 s
// wait against a 30 s browser bound answered TIMEOUT after 60 s; here the
// same shape with a 3 s bound and an 8 s wait).
func TestObserveWaitLongerThanActionTimeout(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--config", "testdata/short_action.yaml")
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/busy")}))
	start := time.Now()
	r := mustOK(t, call(t, c, "observe", map[string]any{"wait": map[string]any{"timeout_ms": 8000}}))
	took := time.Since(start)
	obs, _ := r.Body["observation"].(map[string]any)
	if settled, ok := obs["settled"].(bool); !ok || settled {
		t.Errorf("a page that never settles: settled = %v, want false", obs["settled"])
	}
	// A lower bound only (the wait was as long as asked: a loaded machine
	// cannot make it shorter); that the 3 s action bound did not cut it is
	// the answer itself, an observation and not TIMEOUT. call's 60 s
	// deadline is the hang guard.
	if took < 7500*time.Millisecond {
		t.Errorf("the 8 s wait took %s", took)
	}
}

// A page whose script never ends (while (true) {}) costs one action bound
// per call, not a minute, answers TIMEOUT with the reason, and the next
// navigate replaces the tab (issue 10 pt 9). The reason names the bound
// that ended the call: the configured one (actionTimeoutMs 3000 plus the
// default settleTimeoutMs 3000), so the call ended on it and not on a
// longer one; call's 60 s deadline is the hang guard.
func TestBusyLoopPage(t *testing.T) {
	t.Parallel()
	const bound = "did not answer within 6s"
	c, _ := stdioClient(t, nil, "--config", "testdata/short_action.yaml")
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/freeze")}))
	r := call(t, c, "act", map[string]any{"action": "freeze"})
	if code(r) != "TIMEOUT" && !r.IsError {
		// The click lands before the loop starts: the act itself may
		// succeed; the next call meets the frozen page.
		r = call(t, c, "observe", map[string]any{})
	}
	if code(r) != "TIMEOUT" {
		t.Fatalf("a frozen page: want TIMEOUT, got %s", r.Text)
	}
	contains(t, r.Text, bound, "navigate to replace it")
	r = call(t, c, "observe", map[string]any{})
	if code(r) != "TIMEOUT" {
		t.Errorf("observe on the frozen page: %s", r.Text)
	}
	contains(t, r.Text, bound)
	// The navigate closes the frozen tab first (its renderer ends at once)
	// and loads in a new one: no retry (it used to retry once because the
	// frozen renderer kept a core busy while the new tab loaded).
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos")
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
}

// A page that reloads itself every 100 ms: the browser is fine, so
// navigate shows what was there, never BROWSER_UNAVAILABLE, and the page's
// own navigations are reported (issue 10 pt 9).
func TestSelfReloadingPage(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil)
	r := call(t, c, "navigate", map[string]any{"url": url("/reloading")})
	if r.IsError {
		t.Fatalf("navigate to a self-reloading page: %s", r.Text)
	}
	contains(t, r.Text, "## Page: Reloading")
	time.Sleep(2 * time.Second) // the page reloads several times meanwhile
	r = call(t, c, "observe", map[string]any{})
	if r.IsError {
		t.Fatalf("observe a self-reloading page: %s", r.Text)
	}
	contains(t, r.Text, "## Page: Reloading", "kept navigating by itself")
}

// After the page opened popups until the session's 16 pages were full, an
// action on the opener costs what it cost before (issue 10 pt 9: about 6 s
// instead of 0.2 s). The test asserts the mechanism, not a speed ratio: a
// tab the popups pushed behind is hidden, gets no frames, and Chromium holds
// its input events until one comes; an action brings its tab to the front
// first, so its click arrives as a real input event while the tab is
// visible (with that step removed the click arrived "while hidden", 6.8 s
// later). The timing is BenchmarkActAfterPopups. Each popup needs its own
// click: Chromium's popup blocker lets one window.open through per user
// activation.
func TestActAfterManyPopups(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil)
	nav := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/popups")}))
	opener := pageHandle(nav)
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "count", "page": opener}))
	if got := state(r, "last_click"); got != "click 1: trusted while visible" {
		t.Errorf("before the popups: last_click = %q", got)
	}
	opened := openPopups(t, c, opener, 16)
	if opened < 15 {
		t.Fatalf("only %d popups stayed open", opened)
	}
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "count", "page": opener}))
	if got := state(r, "last_click"); got != "click 2: trusted while visible" {
		t.Errorf("after %d popups the click arrived as %q, want a trusted click while the tab is visible", opened, got)
	}
}

// openPopups clicks "Open popup" on page opener n times and returns how
// many popup tabs Pling reported open (the session's http.maxPages, 16,
// closes the rest).
func openPopups(t testing.TB, c *client.Client, opener string, n int) int {
	t.Helper()
	opened := 0
	for range n {
		r := call(t, c, "act", map[string]any{"action": "open_popup", "page": opener})
		if r.IsError {
			t.Fatalf("open a popup: %s", r.Text)
		}
		if pages, _ := r.Body["new_pages"].([]any); len(pages) == 1 {
			opened++
		}
	}
	return opened
}

// A page that allocates until it runs out of memory (issue 10 pt 9): while
// the renderer is busy collecting garbage near its heap limit every call
// answers TIMEOUT within browser.actionTimeoutMs plus the settle wait (the
// configured bound, named in the reason), once V8 gives up the renderer
// crashes and calls answer BROWSER_UNAVAILABLE at once saying so, and the
// next navigate replaces the tab. testdata/oom.yaml gives Chromium a 16 MB
// JavaScript heap so the crash comes in seconds (see there). Each call is
// checked by what ended it, not by a stopwatch: TIMEOUT naming the
// configured bound, or BROWSER_UNAVAILABLE from the crash event (answered
// before any command reaches the dead renderer); call's 60 s deadline is
// the hang guard.
func TestOutOfMemoryPage(t *testing.T) {
	t.Parallel()
	const bound = "6s" // actionTimeoutMs 5000 + settleTimeoutMs 1000
	c, _ := stdioClient(t, nil, "--config", "testdata/oom.yaml")
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/oom")}))

	// check asserts one call on the allocating page: bounded, and either
	// unresponsive or crashed, with the reason. It reports a crash.
	check := func(name string, args map[string]any) (crashed bool) {
		t.Helper()
		r := call(t, c, name, args)
		switch code(r) {
		case "TIMEOUT":
			contains(t, r.Text, "did not answer within "+bound, "navigate to replace it")
		case "BROWSER_UNAVAILABLE":
			contains(t, r.Text, "the page crashed", "out of memory", "navigate to open a page again")
			return true
		default:
			if !r.IsError {
				// the click landed, or the observation was taken, before
				// the allocation began (it starts 50 ms after the click);
				// the loop below still needs the crash within its deadline
				return false
			}
			t.Fatalf("%s on the allocating page: want TIMEOUT or BROWSER_UNAVAILABLE, got %s", name, r.Text)
		}
		return false
	}
	crashed := check("act", map[string]any{"action": "allocate"})
	deadline := time.Now().Add(3 * time.Minute)
	for !crashed && time.Now().Before(deadline) {
		crashed = check("observe", map[string]any{})
	}
	if !crashed {
		t.Fatal("the renderer never ran out of memory (16 MB heap) within 3 minutes")
	}
	// Once crashed, a call answers without waiting on the dead renderer:
	// BROWSER_UNAVAILABLE, which only the recorded crash gives (a wait on
	// the renderer would end TIMEOUT).
	if !check("observe", map[string]any{}) {
		t.Error("after the crash observe did not say so")
	}
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	contains(t, r.Text, "## Page: Todos")
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
}

// BenchmarkActAfterPopups times one action (act count, with its fresh
// observation) on the opener with no popup open and with 15 popups open
// (the session's 16 pages full): the figures of docs/PERFORMANCE.md.
//
//	go test ./e2e -run '^$' -bench BenchmarkActAfterPopups -benchtime 10x
func BenchmarkActAfterPopups(b *testing.B) {
	for _, popups := range []int{0, 16} {
		b.Run(fmt.Sprintf("popups=%d", popups), func(b *testing.B) {
			c, _ := stdioClient(b, nil)
			nav := call(b, c, "navigate", map[string]any{"url": url("/popups")})
			if nav.IsError {
				b.Fatal(nav.Text)
			}
			opener := pageHandle(nav)
			openPopups(b, c, opener, popups)
			b.ResetTimer()
			for range b.N {
				if r := call(b, c, "act", map[string]any{"action": "count", "page": opener}); r.IsError {
					b.Fatal(r.Text)
				}
			}
		})
	}
}
