package browser_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// basicAuth serves a page behind HTTP Basic authentication (realm
// "Staff area") and counts the requests that passed.
func basicAuth(t *testing.T, user, pass string) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, p, ok := r.BasicAuth()
		if !ok || u != user || p != pass {
			w.Header().Set("WWW-Authenticate", `Basic realm="Staff area"`)
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!doctype html><title>Staff</title><main><h1>Hello ` + u + `</h1></main>`))
	}))
	t.Cleanup(s.Close)
	return s
}

// Issue 18 pt 10: a 401 Basic challenge is AUTH_REQUIRED with its realm
// (not BROWSER_UNAVAILABLE); credentials configured for the origin answer
// it (Fetch.authRequired, through the navigation interceptor's own
// interception); credentials the server refuses are AUTH_REQUIRED too,
// asked once, not in a loop.
func TestHTTPAuthentication(t *testing.T) {
	good := basicAuth(t, "ada", "s3cret")
	wrong := basicAuth(t, "ada", "other")
	// Without credentials (the shared browser has none).
	s := testbrowser.New(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	err := s.Navigate(ctx, good.URL+"/staff")
	if page.ErrorCode(err) != page.CodeAuthRequired || !strings.Contains(err.Error(), `"Staff area"`) {
		t.Fatalf("navigate without credentials: %v, want %s with the realm", err, page.CodeAuthRequired)
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("the error names a password: %v", err)
	}

	b, err := browser.Start(ctx, browser.Options{ExecPath: testbrowser.ExecPath(), StartTimeout: time.Minute, ActionTimeout: time.Minute,
		HTTPCredentials: []browser.HTTPCredential{
			{Origin: good.URL, Username: "ada", Password: "s3cret"},
			{Origin: wrong.URL, Username: "ada", Password: "s3cret"},
		}})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer b.Close()
	ws, err := b.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.Navigate(ctx, good.URL+"/staff"); err != nil {
		t.Fatalf("navigate with credentials: %v", err)
	}
	var h1 string
	if err := ws.Evaluate(ctx, `document.querySelector("h1") ? document.querySelector("h1").textContent : document.body.innerText`, &h1); err != nil || h1 != "Hello ada" {
		t.Fatalf("the page behind the challenge shows %q, %v", h1, err)
	}
	err = ws.Navigate(ctx, wrong.URL+"/staff")
	if page.ErrorCode(err) != page.CodeAuthRequired || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("navigate with refused credentials: %v, want %s saying they were refused", err, page.CodeAuthRequired)
	}
}
