package browser_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/internal/testpool"
	"github.com/pling-dev/pling/page"
)

// The ways an operator names a browser pool's endpoint all reach it, with
// the token where the pool looks for it; a wrong token is the clear error.
// The pool is a real browserless (internal/testpool).
func TestRemoteURLsOfABrowserPool(t *testing.T) {
	pool := testpool.Start(t, testpool.Options{ExecPath: testbrowser.ExecPath()})
	base := testbrowser.FixturesURL(t)
	for _, tc := range []struct {
		name   string
		url    string
		header http.Header
	}{
		// chromedp alone asked /json/version here and dialed the
		// answer, which has no token: 401.
		{"ws with the token in its query", pool.WebSocketURL(pool.Token), nil},
		{"http base resolved through /json/version, query kept", pool.HTTPURL() + "/?token=" + pool.Token, nil},
		{"ws with an Authorization header", pool.WebSocketURL("")[:len(pool.WebSocketURL(""))-len("?token=")], http.Header{"Authorization": {"Bearer " + pool.Token}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
			defer cancel()
			b, err := browser.Start(ctx, browser.Options{RemoteURL: tc.url, RemoteHeader: tc.header})
			if err != nil {
				t.Fatalf("attach: %v", err)
			}
			defer b.Close()
			s, err := b.NewSession(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.Navigate(ctx, base+"/todos"); err != nil {
				t.Fatal(err)
			}
			if got, err := title(ctx, s); err != nil || got != "Todos" {
				t.Fatalf("title %q, %v", got, err)
			}
		})
	}
	for _, tc := range []struct{ name, url string }{
		{"ws", pool.WebSocketURL("wrong")},
		{"http", pool.HTTPURL() + "?token=wrong"},
	} {
		t.Run("wrong token over "+tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
			defer cancel()
			b, err := browser.Start(ctx, browser.Options{RemoteURL: tc.url})
			if err == nil {
				b.Close()
				t.Fatal("a wrong token attached")
			}
			var pe *page.Error
			if !errors.As(err, &pe) || pe.Code != page.CodeBrowserUnavailable || pe.Reason != "the browser pool refused the credentials" || !errors.Is(err, browser.ErrPoolRefused) {
				t.Fatalf("want BROWSER_UNAVAILABLE, the browser pool refused the credentials; got %v", err)
			}
			if strings.Contains(err.Error(), "wrong") {
				t.Errorf("the error quotes the token: %v", err)
			}
		})
	}
}

// Pool mode: each session dials its own connection, so the pool runs one
// browser per session (plus the spare dialed ahead); a browser the pool
// ends costs only its own session one BROWSER_UNAVAILABLE, after which the
// session dials again; a closed session's browser leaves the pool.
func TestPoolModeOneBrowserPerSession(t *testing.T) {
	pool := testpool.Start(t, testpool.Options{ExecPath: testbrowser.ExecPath()})
	base := testbrowser.FixturesURL(t)
	m := browser.NewManager(browser.Options{RemoteURL: pool.WebSocketURL(pool.Token), PerSession: true,
		StartTimeout: 60 * time.Second, ActionTimeout: 20 * time.Second})
	defer m.Close()
	m.KeepSpares(1, browser.SessionOptions{})
	ctx, cancel := context.WithTimeout(t.Context(), 120*time.Second)
	defer cancel()
	a, err := m.OpenSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.OpenSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range []*browser.Session{a, b} {
		if err := s.Navigate(ctx, base+"/todos?session="+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	ida, idb := pool.BrowserShowing(t, "session=a"), pool.BrowserShowing(t, "session=b")
	if ida == idb {
		t.Fatalf("both sessions run in the pool's browser %s", ida)
	}
	pool.WaitBrowsers(t, 3) // a, b and the spare (dialed a second after b took one)

	pool.Kill(t, ida)
	deadline := time.Now().Add(10 * time.Second)
	var lost error
	for time.Now().Before(deadline) {
		if _, lost = title(ctx, a); lost != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	var pe *page.Error
	if !errors.As(lost, &pe) || pe.Code != page.CodeBrowserUnavailable || !strings.Contains(pe.Reason, "connection to the browser pool dropped") {
		t.Fatalf("the call that meets the ended browser: want BROWSER_UNAVAILABLE with the pool's reason, got %v", lost)
	}
	if got, err := title(ctx, b); err != nil || got != "Todos" {
		t.Fatalf("the other session after its neighbour's browser ended: %q, %v", got, err)
	}
	if err := a.Navigate(ctx, base+"/todos?session=a2"); err != nil {
		t.Fatalf("the session after it dialed again: %v", err)
	}
	if got := pool.BrowserShowing(t, "session=a2"); got == ida || got == idb {
		t.Errorf("the revived session runs in browser %s (a was %s, b %s)", got, ida, idb)
	}
	a.CloseSession()
	b.CloseSession()
	pool.WaitBrowsers(t, 1) // the spare
	if n := m.Connections(); n != 1 {
		t.Errorf("open connections after the sessions closed: %d, want 1 (the spare)", n)
	}
	m.Close()
	pool.WaitBrowsers(t, 0)
}

// A pool whose browsers and queue are all taken refuses the next
// connection with 429: the session start says the pool is full.
func TestFullBrowserPool(t *testing.T) {
	pool := testpool.Start(t, testpool.Options{ExecPath: testbrowser.ExecPath(), Concurrent: 1, Queued: -1})
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	opts := browser.Options{RemoteURL: pool.WebSocketURL(pool.Token)}
	first, err := browser.Start(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	b, err := browser.Start(ctx, opts)
	if err == nil {
		b.Close()
		t.Fatal("a second connection attached to a pool of one browser without a queue")
	}
	var pe *page.Error
	if !errors.As(err, &pe) || pe.Code != page.CodeBrowserUnavailable || !strings.Contains(pe.Reason, "at capacity") || !errors.Is(err, browser.ErrPoolFull) {
		t.Fatalf("want BROWSER_UNAVAILABLE, the pool is at capacity; got %v", err)
	}
}
