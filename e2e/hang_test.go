package e2e

import (
	"testing"
	"time"
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
	if took < 7500*time.Millisecond || took > 30*time.Second {
		t.Errorf("the 8 s wait took %s", took)
	}
}

// A page whose script never ends (while (true) {}) costs one action bound
// per call, not a minute, answers TIMEOUT with the reason, and the next
// navigate replaces the tab (issue 10 pt 9).
func TestBusyLoopPage(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--config", "testdata/short_action.yaml")
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/freeze")}))
	start := time.Now()
	r := call(t, c, "act", map[string]any{"action": "freeze"})
	took := time.Since(start)
	if code(r) != "TIMEOUT" && !r.IsError {
		// The click lands before the loop starts: the act itself may
		// succeed; the next call meets the frozen page.
		r = call(t, c, "observe", map[string]any{})
		took = time.Since(start)
	}
	if code(r) != "TIMEOUT" {
		t.Fatalf("a frozen page: want TIMEOUT, got %s", r.Text)
	}
	contains(t, r.Text, "did not answer within", "navigate to replace it")
	if took > 40*time.Second {
		t.Errorf("the frozen page held the call %s (bound 3 s per operation)", took)
	}
	start = time.Now()
	r = call(t, c, "observe", map[string]any{})
	if code(r) != "TIMEOUT" {
		t.Errorf("observe on the frozen page: %s", r.Text)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("observe on the frozen page took %s", d)
	}
	r = call(t, c, "navigate", map[string]any{"url": url("/todos")})
	if code(r) == "TIMEOUT" {
		// On a loaded machine the fresh tab's first load can exceed the
		// short 3 s bound of this test; it is a new tab, so the next
		// navigate finds it answering (never BROWSER_UNAVAILABLE).
		r = call(t, c, "navigate", map[string]any{"url": url("/todos")})
	}
	mustOK(t, r)
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

// After the page opened 16 popups, an action costs what it cost before
// (issue 10 pt 9: it took about 6 s instead of 0.2 s): the cost of an
// action does not grow with the number of tabs. Compared within the test,
// with a wide margin, so load on the machine does not decide it.
func TestActAfterManyPopups(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil)
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/popups")}))
	timeAct := func() time.Duration {
		var best time.Duration
		for i := range 3 {
			start := time.Now()
			mustOK(t, call(t, c, "act", map[string]any{"action": "count"}))
			if d := time.Since(start); i == 0 || d < best {
				best = d
			}
		}
		return best
	}
	before := timeAct()
	mustOK(t, call(t, c, "act", map[string]any{"action": "open_16"}))
	after := timeAct()
	t.Logf("act before the popups %s, after %s", before, after)
	if after > 3*before+time.Second {
		t.Errorf("an action took %s after 16 popups, %s before", after, before)
	}
}
