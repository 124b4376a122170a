package browser_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
)

func TestMissingChromiumFailsFast(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	_, err := browser.Start(ctx, browser.Options{ExecPath: "/nonexistent/chromium"})
	if !errors.Is(err, browser.ErrChromiumMissing) {
		t.Fatalf("want ErrChromiumMissing, got %v", err)
	}
}

func TestSessionsAreIsolated(t *testing.T) {
	a := testbrowser.Open(t, "/todos")
	b := testbrowser.Open(t, "/todos")
	ctx := t.Context()
	if err := a.Evaluate(ctx, `document.cookie = "who=a"; localStorage.setItem("k","a"); 1`, nil); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Cookie string  `json:"cookie"`
		Item   *string `json:"item"`
	}
	if err := b.Evaluate(ctx, `({cookie: document.cookie, item: localStorage.getItem("k")})`, &got); err != nil {
		t.Fatal(err)
	}
	if got.Cookie != "" || got.Item != nil {
		t.Fatalf("session b sees session a's state: %+v", got)
	}
}

func TestAlertDoesNotHang(t *testing.T) {
	s := testbrowser.Open(t, "/todos")
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var n int
	if err := s.Evaluate(ctx, `alert("hello"); confirm("sure?") ? 1 : 2`, &n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("confirm should be dismissed, got %d", n)
	}
	d := s.DrainDialogs()
	if len(d) != 2 || d[0].Type != "alert" || !d[0].Accepted || d[1].Accepted {
		t.Errorf("dialogs: %+v", d)
	}
}

// A browser that dies mid-session gives a clear error, not a hang.
func TestBrowserDeathIsAnError(t *testing.T) {
	b, err := browser.Start(t.Context(), browser.Options{ExecPath: testbrowser.ExecPath()})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := b.NewSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Kill(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	err = s.Evaluate(ctx, "1", nil)
	if err == nil {
		t.Fatal("evaluate on a dead browser succeeded")
	}
	// Noticed by the browser's death, not by ctx's 10 s deadline.
	if !errors.Is(err, browser.ErrBrowserGone) || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("want ErrBrowserGone, got %v", err)
	}
	if _, err := b.NewSession(ctx); !errors.Is(err, browser.ErrBrowserGone) {
		t.Errorf("new session on a dead browser: %v", err)
	}
}

// The tabs of one session share its browser context (cookies, storage);
// another session shares nothing; closing one tab leaves the others (and
// the context) working.
func TestPagesShareTheirSession(t *testing.T) {
	s := testbrowser.Open(t, "/cookie/set?v=alice")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	p, err := s.NewPage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	if err := p.Navigate(ctx, testbrowser.FixturesURL(t)+"/cookie/show"); err != nil {
		t.Fatal(err)
	}
	cookie := func(s *browser.Session) string {
		var c string
		if err := s.Evaluate(ctx, `document.cookie`, &c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	if got := cookie(p); got != "who=alice" {
		t.Errorf("second page of the session: cookie %q, want who=alice", got)
	}
	other := testbrowser.Open(t, "/cookie/show")
	if got := cookie(other); got != "" {
		t.Errorf("another session sees the cookie: %q", got)
	}
	s.Close()
	if err := p.Navigate(ctx, testbrowser.FixturesURL(t)+"/cookie/show"); err != nil {
		t.Fatalf("the second page after the first closed: %v", err)
	}
	if got := cookie(p); got != "who=alice" {
		t.Errorf("closing the first page dropped the session's cookie: %q", got)
	}
}
