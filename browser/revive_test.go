package browser_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

func newManager(t *testing.T, action time.Duration) *browser.Manager {
	t.Helper()
	m := browser.NewManager(browser.Options{ExecPath: testbrowser.ExecPath(), StartTimeout: 60 * time.Second, ActionTimeout: action})
	t.Cleanup(m.Close)
	return m
}

func title(ctx context.Context, s *browser.Session) (string, error) {
	var v string
	err := s.Evaluate(ctx, `document.title`, &v)
	return v, err
}

// A killed browser costs one call: the first call that meets it (of any
// session) answers BROWSER_UNAVAILABLE with the reason, and every later
// call, of this session and the others, runs in a new browser.
func TestManagerReplacesDeadBrowser(t *testing.T) {
	m := newManager(t, 10*time.Second)
	ctx, cancel := context.WithTimeout(t.Context(), 120*time.Second)
	defer cancel()
	base := testbrowser.FixturesURL(t)
	a, err := m.NewSession(ctx, browser.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := m.NewSession(ctx, browser.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.Navigate(ctx, base+"/todos"); err != nil {
		t.Fatal(err)
	}
	if err := m.Kill(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)

	// The call ends on the browser's death (ErrBrowserGone), not on ctx's
	// deadline: the mechanism, not a wall-clock bound.
	_, err = title(ctx, a)
	if page.ErrorCode(err) != page.CodeBrowserUnavailable || !errors.Is(err, browser.ErrBrowserGone) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the call that meets the dead browser: want BROWSER_UNAVAILABLE (browser gone), got %v", err)
	}
	var pe *page.Error
	if errors.As(err, &pe); !strings.Contains(pe.Reason, "browser stopped") {
		t.Errorf("reason: %q", pe.Reason)
	}
	// The other session's next call works at once, in a new browser.
	if _, err := title(ctx, b); err != nil {
		t.Fatalf("session b after the restart: %v", err)
	}
	if _, err := title(ctx, a); err != nil {
		t.Fatalf("session a after the restart: %v", err)
	}
	if err := a.Navigate(ctx, base+"/todos"); err != nil {
		t.Fatalf("navigate after the restart: %v", err)
	}
	if got, err := title(ctx, a); err != nil || got != "Todos" {
		t.Errorf("title after the restart: %q, %v", got, err)
	}
	if n := m.Starts(); n != 2 {
		t.Errorf("browser starts: %d, want 2", n)
	}
	found := false
	for _, n := range b.Notices() {
		found = found || strings.Contains(n, "browser was restarted")
	}
	if !found {
		t.Error("a revived session must say its page was reopened empty")
	}
	// A new session opens in the new browser too.
	c, err := m.NewSession(ctx, browser.SessionOptions{})
	if err != nil {
		t.Fatalf("new session after the restart: %v", err)
	}
	c.Close()
}
