package mcpserver

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGuardOrder: the guard's checks run in the documented order (Host,
// Origin, token, body size, session bound, session activity), so a
// request failing several is refused by the first: its status and the
// logged category say which.
func TestGuardOrder(t *testing.T) {
	s := New(Options{Browser: &fakeBrowser{}, MaxRequestBytes: 1 << 10})
	defer s.Close()
	o := HTTPOptions{Addr: "127.0.0.1:8931", Tokens: []string{"tok-alice-0123456789"}, MaxSessions: 1}

	var names []string
	for _, c := range s.guardChecks(o) {
		names = append(names, c.name)
	}
	if diff := cmp.Diff([]string{"host", "origin", "token", "body", "session_bound", "session_activity"}, names); diff != "" {
		t.Fatalf("check order (-want +got):\n%s", diff)
	}

	s.mu.Lock()
	s.pending = 1 // the one session place is being taken: an initialize is over the bound
	s.mu.Unlock()
	big := strings.Repeat("x", 2<<10)
	served := 0
	h := s.guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { served++ }), o)
	tests := []struct {
		name               string
		host, origin, auth string
		body               string
		want               int
	}{
		{"everything wrong: host first", "evil.example:8931", "http://evil.example", "", big, http.StatusForbidden},
		{"origin before token", "127.0.0.1:8931", "http://evil.example", "", big, http.StatusForbidden},
		{"token before body", "127.0.0.1:8931", "", "Bearer wrong", big, http.StatusUnauthorized},
		{"body before session bound", "127.0.0.1:8931", "", "Bearer tok-alice-0123456789", big, http.StatusRequestEntityTooLarge},
		{"session bound last", "127.0.0.1:8931", "", "Bearer tok-alice-0123456789", initBody, http.StatusServiceUnavailable},
		{"all pass", "127.0.0.1:8931", "", "Bearer tok-alice-0123456789", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := served
			r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(tt.body))
			r.Host = tt.host
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
			}
			if tt.auth != "" {
				r.Header.Set("Authorization", tt.auth)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("status %d, want %d (%s)", w.Code, tt.want, w.Body.String())
			}
			if got := served - before; (tt.want == http.StatusOK) != (got == 1) {
				t.Errorf("served %d times for status %d", got, tt.want)
			}
		})
	}
}
