package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// realApp is a small application server for issue 18's failure classes:
// its pages come from testdata/realapp, and it records what was done to
// it (approved comments, sign-ins, dropped and renamed tables), so a test
// checks the outcome in the application's own state, not in a receipt.
type realApp struct {
	mu       sync.Mutex
	approved []string
	logins   []string
	dropped  int
	renamed  []string
}

func (a *realApp) record(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f()
}

func (a *realApp) page(w http.ResponseWriter, name string, repl ...string) {
	raw, err := os.ReadFile(filepath.Join("testdata", "realapp", name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(strings.NewReplacer(repl...).Replace(string(raw))))
}

func (a *realApp) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/comments", func(w http.ResponseWriter, r *http.Request) {
		var repl []string
		a.record(func() {
			for _, id := range []string{"1", "2", "3"} {
				status := "Pending"
				for _, x := range a.approved {
					if x == id {
						status = "Approved"
					}
				}
				repl = append(repl, "{{status"+id+"}}", status)
			}
		})
		a.page(w, "comments.html", repl...)
	})
	mux.HandleFunc("/approve", func(w http.ResponseWriter, r *http.Request) {
		a.record(func() { a.approved = append(a.approved, r.URL.Query().Get("c")) })
		http.Redirect(w, r, "/comments", http.StatusFound)
	})
	mux.HandleFunc("/signin", func(w http.ResponseWriter, r *http.Request) { a.page(w, "signin.html") })
	mux.HandleFunc("/home", func(w http.ResponseWriter, r *http.Request) { a.page(w, "home.html") })
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		a.record(func() { a.logins = append(a.logins, r.FormValue("user")) })
		time.Sleep(700 * time.Millisecond) // a wiki hashing the password
		http.Redirect(w, r, "/home", http.StatusSeeOther)
	})
	mux.HandleFunc("/tables", func(w http.ResponseWriter, r *http.Request) { a.page(w, "tables.html") })
	mux.HandleFunc("/drop", func(w http.ResponseWriter, r *http.Request) {
		a.record(func() { a.dropped++ })
	})
	mux.HandleFunc("/rename", func(w http.ResponseWriter, r *http.Request) {
		a.record(func() { a.renamed = append(a.renamed, r.URL.Query().Get("to")) })
	})
	return mux
}

// Issue 18 pts 1, 2 and 9 through the built binary: a row action shown
// only on hover or focus, a sign-in whose server answers slowly with a
// redirect, and native confirm() and prompt() guards, each checked in the
// application's own state.
func TestRealAppActions(t *testing.T) {
	t.Parallel()
	app := &realApp{}
	srv := httptest.NewServer(app.handler())
	defer srv.Close()
	c, _ := stdioClient(t, nil, "--url", srv.URL+"/comments")

	// Pt 1: approve comment 2 through its off-screen row action.
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "approve_this_comment", "record": "comment-2"}))
	rec, _ := r.Body["result"].(map[string]any)
	app.record(func() {
		if len(app.approved) != 1 || app.approved[0] != "2" {
			t.Errorf("the server approved %q, want [2]; receipt %v", app.approved, rec)
		}
	})
	if rec["ok"] != true || rec["warning"] != "" {
		t.Errorf("approve receipt %v", rec)
	}

	// Pt 2: sign in; the act returns once the new page landed.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/signin"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "username", "args": map[string]any{"text": "ada"}}))
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "log_in"}))
	rec, _ = r.Body["result"].(map[string]any)
	changed, _ := rec["changed"].(map[string]any)
	app.record(func() {
		if len(app.logins) != 1 || app.logins[0] != "ada" {
			t.Errorf("the server got the sign-ins %q, want one from ada", app.logins)
		}
	})
	if changed["navigated"] != true || strings.Contains(r.Text, "EXPECTATION_FAILED") || !strings.Contains(r.Text, "Wiki home") {
		t.Errorf("log_in did not report the new page:\n%s", r.Text)
	}

	// Pt 9: confirm() dismissed without confirm, accepted with it; a
	// prompt() answered with args.text.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/tables"}))
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "drop_table"}))
	if !strings.Contains(r.Text, "CONFIRMATION_REQUIRED") || !strings.Contains(r.Text, `"page_data":"Drop temp_import?"`) {
		t.Errorf("an unconfirmed drop does not quote the question and say how to accept:\n%s", r.Text)
	}
	app.record(func() {
		if app.dropped != 0 {
			t.Errorf("dropped without confirmation")
		}
	})
	mustOK(t, call(t, c, "act", map[string]any{"action": "drop_table", "confirm": true}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "rename_table", "confirm": true, "args": map[string]any{"text": "imports_2026"}}))
	app.record(func() {
		if app.dropped != 1 || len(app.renamed) != 1 || app.renamed[0] != "imports_2026" {
			t.Errorf("server state: dropped %d, renamed %q; want 1 drop and a rename to imports_2026", app.dropped, app.renamed)
		}
	})
}

// Issue 18 pt 10 through the built binary: a 401 Basic challenge is
// AUTH_REQUIRED with its realm; the credentials configured for the origin
// (the password from the environment) answer it; they never appear in a
// result.
func TestHTTPBasicAuthFromConfig(t *testing.T) {
	t.Parallel()
	const user, pass = "ada", "c0rrect-h0rse"
	var mu sync.Mutex
	var authorized int
	protected := func(w http.ResponseWriter, r *http.Request) {
		u, p, ok := r.BasicAuth()
		if !ok || u != user || p != pass {
			w.Header().Set("WWW-Authenticate", `Basic realm="Team wiki"`)
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		if r.URL.Path == "/" { // not the favicon the browser asks for with the same credentials
			mu.Lock()
			authorized++
			mu.Unlock()
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!doctype html><title>Team wiki</title><main><h1>Main page</h1><a href="/edit">Edit</a></main>`))
	}
	withCreds := httptest.NewServer(http.HandlerFunc(protected))
	defer withCreds.Close()
	without := httptest.NewServer(http.HandlerFunc(protected))
	defer without.Close()
	cfg := filepath.Join(t.TempDir(), "agent.yaml")
	yaml := "browser:\n  httpCredentials:\n    - origin: " + withCreds.URL + "\n      username: " + user + "\n      passwordEnv: PLING_E2E_WIKI_PASSWORD\n"
	if err := os.WriteFile(cfg, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=warn", "PLING_E2E_WIKI_PASSWORD=" + pass}, nil, "--config", cfg)

	r := call(t, c, "navigate", map[string]any{"url": without.URL + "/"})
	if code(r) != "AUTH_REQUIRED" || !strings.Contains(r.Text, `realm \"Team wiki\"`) {
		t.Errorf("a challenge without credentials: %s, want AUTH_REQUIRED with the realm", r.Text)
	}
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": withCreds.URL + "/"}))
	if !strings.Contains(r.Text, "Team wiki") {
		t.Errorf("the page behind the challenge is not shown:\n%s", r.Text)
	}
	mu.Lock()
	if authorized != 1 {
		t.Errorf("the server let %d requests in, want 1", authorized)
	}
	mu.Unlock()
	if strings.Contains(r.Text, pass) {
		t.Errorf("a result carries the password")
	}
	// user:password@ URLs stay refused.
	r = call(t, c, "navigate", map[string]any{"url": strings.Replace(without.URL, "http://", "http://ada:"+pass+"@", 1) + "/"})
	if code(r) != "NAVIGATION_BLOCKED" || strings.Contains(r.Text, pass) {
		t.Errorf("a user:password@ URL: %s", r.Text)
	}
}

// Issue 18 pt 9 with a host that can ask: the dismissed confirm() becomes
// the user's question (elicitation); accepted, the action runs again with
// the dialog accepted; declined, nothing more happens.
func TestRealAppDialogElicitation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		answer  mcp.ElicitationResponseAction
		code    string
		dropped int
	}{{mcp.ElicitationResponseActionAccept, "", 1}, {mcp.ElicitationResponseActionDecline, "CONFIRMATION_DECLINED", 0}} {
		t.Run(string(tc.answer), func(t *testing.T) {
			t.Parallel()
			app := &realApp{}
			srv := httptest.NewServer(app.handler())
			defer srv.Close()
			c, _ := stdioClient(t, elicitAnswer{tc.answer}, "--url", srv.URL+"/tables")
			r := call(t, c, "act", map[string]any{"action": "drop_table"})
			if code(r) != tc.code {
				t.Errorf("drop_table: %s, want code %q", r.Text, tc.code)
			}
			app.record(func() {
				if app.dropped != tc.dropped {
					t.Errorf("the server dropped the table %d times, want %d", app.dropped, tc.dropped)
				}
			})
		})
	}
}
