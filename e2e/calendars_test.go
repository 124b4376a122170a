package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/npmcache"
)

// calendarApp serves the page package's calendar, spinner and tree
// fixtures with their real libraries from npm (under /npm/<name>/), and
// records what the pages post: the booked date, the trip form, the picked
// tree node.
type calendarApp struct {
	mu     sync.Mutex
	posted []string
}

func (a *calendarApp) record(s string) {
	a.mu.Lock()
	a.posted = append(a.posted, s)
	a.mu.Unlock()
}

func (a *calendarApp) got() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.posted)
}

func (a *calendarApp) handler(t *testing.T) http.Handler {
	t.Helper()
	mux := http.NewServeMux()
	for _, name := range []string{"flatpickr.html", "jqueryui.html", "jstree.html"} {
		file := filepath.Join("..", "page", "testdata", "realapp", name)
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, file) })
	}
	for name, spec := range map[string]string{"jquery": "jquery@3.7.1", "jquery-ui": "jquery-ui@1.14.1", "flatpickr": "flatpickr@4.6.13", "jstree": "jstree@3.3.17"} {
		dir, err := npmcache.Pack(t.Context(), spec)
		if err != nil {
			t.Fatalf("install %s: %v", spec, err)
		}
		mux.Handle("/npm/"+name+"/", http.StripPrefix("/npm/"+name+"/", http.FileServer(http.Dir(dir))))
	}
	done := func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!doctype html><title>Done</title><main><h1>Done</h1></main>"))
	}
	mux.HandleFunc("POST /booked", func(w http.ResponseWriter, r *http.Request) {
		a.record("booked " + r.FormValue("when"))
		done(w)
	})
	mux.HandleFunc("POST /trip", func(w http.ResponseWriter, r *http.Request) {
		a.record("trip " + r.FormValue("departure") + " guests " + r.FormValue("guests"))
		done(w)
	})
	mux.HandleFunc("POST /picked", func(w http.ResponseWriter, r *http.Request) {
		a.record("picked " + r.URL.Query().Get("v"))
	})
	return mux
}

// recordID is the id of the shown record labelled label in a page
// result, or "".
func recordID(r result, label string) string {
	obs, _ := r.Body["observation"].(map[string]any)
	if obs == nil {
		obs = r.Body
	}
	recs, _ := obs["records"].(map[string]any)
	shown, _ := recs["shown"].([]any)
	for _, x := range shown {
		rec, _ := x.(map[string]any)
		if rec["label"] == label {
			id, _ := rec["id"].(string)
			return id
		}
	}
	return ""
}

// Issue 18 pts 13 and 12 through the built binary, with the real
// libraries from npm, one task per widget as a scripted agent does them:
// in flatpickr, go back two months and choose 2016-06-29, then submit;
// in jQuery UI, choose a day in the datepicker (through the page's own
// choose_day tool) and step the spinner up twice, then book; in jsTree, expand a node and select its child. Each
// outcome is checked in what the page posted.
func TestWidgetsCalendarsAndTrees(t *testing.T) {
	t.Parallel()
	app := &calendarApp{}
	srv := httptest.NewServer(app.handler(t))
	defer srv.Close()
	c, _ := stdioClient(t, nil, "--url", srv.URL+"/flatpickr.html")

	mustOK(t, call(t, c, "act", map[string]any{"action": "previous_month"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "previous_month"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "choose_day", "args": map[string]any{"day": "2016-06-29"}}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "submit"}))
	if got := app.got(); !slices.Equal(got, []string{"booked 2016-06-29"}) {
		t.Fatalf("flatpickr: the page posted %q, want [booked 2016-06-29]", got)
	}

	mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/jqueryui.html"}))
	// the page's own tool choose_day (published per page) takes the day too
	mustOK(t, call(t, c, "choose_day", map[string]any{"day": "2016-06-15"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "up"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "up"}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "book"}))
	if got := app.got(); len(got) != 2 || got[1] != "trip 2016-06-15 guests 4" {
		t.Fatalf("jQuery UI: the page posted %q, want trip 2016-06-15 guests 4", got)
	}

	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": srv.URL + "/jstree.html"}))
	// jsTree renders its nodes after its data loads: observe until they are there
	for i := 0; recordID(r, "Documents") == ""; i++ {
		if i > 40 {
			t.Fatalf("no Documents node:\n%s", r.Text)
		}
		time.Sleep(100 * time.Millisecond)
		r = mustOK(t, call(t, c, "observe", map[string]any{}))
	}
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "expand", "record": recordID(r, "Documents")}))
	child := recordID(r, "Reports 2016")
	if child == "" {
		t.Fatalf("the expanded node's child is no record:\n%s", r.Text)
	}
	mustOK(t, call(t, c, "act", map[string]any{"action": "select", "record": child}))
	deadline := time.Now().Add(5 * time.Second)
	for len(app.got()) < 3 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := app.got(); len(got) != 3 || got[2] != "picked reports" {
		t.Errorf("jsTree: the page posted %q, want picked reports", got)
	}
}
