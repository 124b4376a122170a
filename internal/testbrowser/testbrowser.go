// Package testbrowser gives tests one real Chromium per test binary and a
// fresh isolated session (browser context + tab) per test, plus the fixture
// pages served on 127.0.0.1. A missing Chromium fails the test loudly: there
// is no silent skip.
package testbrowser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/fixtures"
)

var (
	once    sync.Once
	shared  *browser.Browser
	initErr error

	serveOnce sync.Once
	server    *httptest.Server
)

// ExecPath is the Chromium the tests use: $PLING_CHROMIUM or Debian's
// full Chromium (the e2e suite runs the discovered default, the headless
// shell, beside it).
func ExecPath() string {
	if p := os.Getenv("PLING_CHROMIUM"); p != "" {
		return p
	}
	return browser.DebianChromiumPath
}

// Browser returns the test binary's shared Chromium, starting it on first
// use. It calls t.Fatal when Chromium cannot start.
func Browser(t testing.TB) *browser.Browser {
	t.Helper()
	once.Do(func() {
		shared, initErr = browser.Start(context.Background(), browser.Options{
			ExecPath:     ExecPath(),
			StartTimeout: 60 * time.Second,
			// Tests share two cores with other helpers' Chromium: a 10,000-row
			// observation can take seconds there. The default (10 s) is for
			// operators; tests that exercise the bound set their own.
			ActionTimeout: 2 * time.Minute,
		})
	})
	if initErr != nil {
		t.Fatalf("real Chromium is required for this test (apt-get install -y chromium): %v", initErr)
	}
	return shared
}

// New returns a fresh isolated session, closed when the test ends.
func New(t testing.TB) *browser.Session {
	t.Helper()
	b := Browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatalf("new browser session: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// FixturesURL returns the base URL (http://127.0.0.1:PORT) of a server that
// serves the fixture pages for the whole test binary.
func FixturesURL(t testing.TB) string {
	t.Helper()
	serveOnce.Do(func() { server = httptest.NewServer(fixtures.Handler()) })
	return server.URL
}

// Serve starts a server for one test with its own handler (for pages a
// test builds itself) and returns its base URL.
func Serve(t testing.TB, h http.Handler) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// Open returns a fresh session already showing the fixture page at path
// (e.g. "/todos").
func Open(t testing.TB, path string) *browser.Session {
	t.Helper()
	s := New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := s.Navigate(ctx, FixturesURL(t)+path); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return s
}
