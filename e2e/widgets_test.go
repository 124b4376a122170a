package e2e

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pling-dev/pling/internal/npmcache"
)

// widgetApp serves testdata/realapp with real widget libraries from npm
// (installed at test time under /npm/<name>/) and records what their
// pages post: the language an autocomplete chose, the query an editor ran.
type widgetApp struct {
	mu     sync.Mutex
	chosen []string
	ran    []string
}

func (a *widgetApp) handler(t *testing.T) http.Handler {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join("testdata", "realapp"))))
	// The widget pages are the page package's own fixtures (one copy).
	for _, name := range []string{"autocomplete.html", "codemirror5.html"} {
		file := filepath.Join("..", "page", "testdata", "realapp", name)
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, file) })
	}
	for name, spec := range map[string]string{"jquery": "jquery@3.7.1", "jquery-ui": "jquery-ui@1.14.1", "codemirror": "codemirror@5.65.21"} {
		dir, err := npmcache.Pack(t.Context(), spec)
		if err != nil {
			t.Fatalf("install %s: %v", spec, err)
		}
		mux.Handle("/npm/"+name+"/", http.StripPrefix("/npm/"+name+"/", http.FileServer(http.Dir(dir))))
	}
	mux.HandleFunc("/chosen", func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.chosen = append(a.chosen, r.URL.Query().Get("v"))
		a.mu.Unlock()
	})
	mux.HandleFunc("/run", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		a.mu.Lock()
		a.ran = append(a.ran, string(body))
		a.mu.Unlock()
	})
	return mux
}

// Issue 18 pts 6 and 5 through the built binary, with the real libraries:
// typing into jQuery UI's autocomplete opens its suggestions (the receipt
// says they appeared) and choosing one runs the page's select handler;
// CodeMirror 5 is one type action whose own model gets the text, which
// its Run button posts. Each outcome is checked in what the page posted.
func TestWidgetsTypeahead(t *testing.T) {
	t.Parallel()
	app := &widgetApp{}
	srv := httptest.NewServer(app.handler(t))
	defer srv.Close()
	c, _ := stdioClient(t, nil, "--url", srv.URL+"/autocomplete.html")

	r := mustOK(t, call(t, c, "act", map[string]any{"action": "programming_language", "args": map[string]any{"text": "ja"}}))
	rec, _ := r.Body["result"].(map[string]any)
	changed, _ := rec["changed"].(map[string]any)
	acts, _ := changed["actions"].(map[string]any)
	var shown []string
	for _, v := range acts["appeared"].([]any) {
		shown = append(shown, v.(string))
	}
	if !slices.Contains(shown, "java") || !slices.Contains(shown, "javascript") {
		t.Fatalf("the receipt does not say the suggestions appeared: %v\n%s", changed, r.Text)
	}
	mustOK(t, call(t, c, "act", map[string]any{"action": "javascript"}))
	app.mu.Lock()
	if len(app.chosen) != 1 || app.chosen[0] != "JavaScript" {
		t.Errorf("the page chose %q, want [JavaScript]", app.chosen)
	}
	app.mu.Unlock()

	mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/codemirror5.html"}))
	const query = "SELECT title FROM posts\nWHERE status = 'draft';"
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "sql_query", "args": map[string]any{"text": query}}))
	if !strings.Contains(r.Text, `"fields":["sql_query"]`) {
		t.Errorf("the receipt does not say the editor's content changed:\n%s", r.Text)
	}
	mustOK(t, call(t, c, "act", map[string]any{"action": "run"}))
	app.mu.Lock()
	if len(app.ran) != 1 || app.ran[0] != query {
		t.Errorf("the editor ran %q, want [%q]", app.ran, query)
	}
	app.mu.Unlock()
}
