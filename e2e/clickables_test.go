package e2e

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// clickApp serves the page package's fixtures of issue 18 pts 7 and 8 (a
// job table whose rows expand, a notebook whose title span renames it, a
// div-row file list) and records what they ask of the application: the
// logs loaded, the renames, the deletions.
type clickApp struct {
	mu   sync.Mutex
	seen []string
}

func (a *clickApp) handler() http.Handler {
	mux := http.NewServeMux()
	for _, name := range []string{"rowexpand.html", "notebook.html", "filelist.html"} {
		file := filepath.Join("..", "page", "testdata", "realapp", name)
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, file) })
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		a.mu.Lock()
		a.seen = append(a.seen, strings.TrimSpace(r.Method+" "+r.URL.Path+" "+string(body)))
		a.mu.Unlock()
		_, _ = io.WriteString(w, "ok")
	})
	return mux
}

func (a *clickApp) requests() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.seen...)
}

// recordLabelled is the id of the record labelled label in a tool
// result's observation.
func recordLabelled(t *testing.T, r result, label string) string {
	t.Helper()
	obs, _ := r.Body["observation"].(map[string]any)
	recs, _ := obs["records"].(map[string]any)
	shown, _ := recs["shown"].([]any)
	for _, x := range shown {
		m, _ := x.(map[string]any)
		if m["label"] == label {
			id, _ := m["id"].(string)
			return id
		}
	}
	t.Fatalf("no record labelled %q in\n%s", label, r.Text)
	return ""
}

// Issue 18 pts 7 and 8 through the built binary: a table row that
// expands on click is expand(record); a notebook title <span> with only a
// click listener is an action that opens its rename dialog; a div-row
// file list's rows are records whose checkbox is toggle(record). Each task
// is checked in what the page asked of the server.
func TestClickablesWithoutARole(t *testing.T) {
	t.Parallel()
	app := &clickApp{}
	srv := httptest.NewServer(app.handler())
	defer srv.Close()
	c, _ := stdioClient(t, nil, "--url", srv.URL+"/rowexpand.html")

	// Pt 7: show the log of the rotate-logs job.
	r := mustOK(t, call(t, c, "observe", nil))
	if !strings.Contains(r.Text, "expand(record)") {
		t.Fatalf("no expand(record) action:\n%s", r.Text)
	}
	job := recordLabelled(t, r, "rotate-logs")
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "expand", "record": job}))
	if got := app.requests(); len(got) != 1 || got[0] != "GET /api/jobs/job-102/log" {
		t.Errorf("the page asked %q, want the log of job-102", got)
	}
	if !strings.Contains(r.Text, "Rotated 14 files") {
		t.Errorf("the shown log is not in the observation:\n%s", r.Text)
	}

	// Pt 7: rename the notebook through its title.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/notebook.html"}))
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "untitled"}))
	if !strings.Contains(r.Text, "Rename Notebook") {
		t.Fatalf("the rename dialog is not shown:\n%s", r.Text)
	}
	mustOK(t, call(t, c, "act", map[string]any{"action": "enter_a_new_notebook_name", "args": map[string]any{"text": "Sales analysis"}}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "rename"}))
	if got := app.requests(); len(got) != 2 || got[1] != `PATCH /api/contents/Untitled.ipynb {"path":"Sales analysis.ipynb"}` {
		t.Errorf("the page asked %q, want the rename of Untitled.ipynb", got)
	}

	// Pt 8: select report.csv by its row and delete it.
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/filelist.html"}))
	if strings.Contains(r.Text, "click_here_to_rename_delete_etc_2") || !strings.Contains(r.Text, "toggle(record)") {
		t.Fatalf("the rows' checkboxes are not one row action:\n%s", r.Text)
	}
	file := recordLabelled(t, r, "report.csv")
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": file}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "delete"}))
	if got := app.requests(); len(got) != 3 || got[2] != "DELETE /api/contents/report.csv" {
		t.Errorf("the page asked %q, want the deletion of report.csv", got)
	}
}
