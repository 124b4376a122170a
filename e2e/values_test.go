package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// wikiApp serves the page package's wiki edit form (page/testdata/realapp/
// wikiedit.html) and records what its form POSTs on save: the outcome a
// test checks, never a receipt.
type wikiApp struct {
	mu    sync.Mutex
	saves []map[string]string
}

func (a *wikiApp) handler(t *testing.T) http.Handler {
	raw, err := os.ReadFile(filepath.Join("..", "page", "testdata", "realapp", "wikiedit.html"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/edit", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(raw)
	})
	mux.HandleFunc("/save", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.ParseForm() != nil {
			http.Error(w, "POST a form", http.StatusBadRequest)
			return
		}
		got := map[string]string{}
		for k := range r.PostForm {
			got[k] = r.PostForm.Get(k)
		}
		a.mu.Lock()
		a.saves = append(a.saves, got)
		a.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!doctype html><title>Staff handbook - Wiki</title><main><h1>Staff handbook</h1><p>Your edit was saved.</p></main>`))
	})
	return mux
}

// wikiSource is the edit box's content as the page ships it.
const wikiSource = "Welcome to the staff handbook. This page says how we work together, what the office hours are, and whom to ask when something is unclear.\n\n== Office hours ==\nThe office is open from nine to five on weekdays.\n\n== Holidays ==\nEvery employee gets two weeks of paid holiday a year. Ask your manager before booking.\n\n== Expenses ==\nKeep every receipt and file it within a month."

// Issue 18 pt 3 through the built binary: on a wiki's edit form the agent
// sees the edit box's source (fenced page data, cut in the middle, read
// whole with observe {read: {field}}), appends a sentence and changes
// "two weeks" to "three weeks" in the Holidays section, and saves; what
// the form POSTs is checked in the server's record. The password, the
// one-time code, the card field and the hidden token never appear in a
// result, yet the hidden token is posted as the page meant.
func TestWikiEditExistingText(t *testing.T) {
	t.Parallel()
	app := &wikiApp{}
	srv := httptest.NewServer(app.handler(t))
	defer srv.Close()
	c, _ := stdioClient(t, nil, "--url", srv.URL+"/edit")
	var texts []string
	keep := func(r result) result { texts = append(texts, r.Text); return r }

	obs := keep(mustOK(t, call(t, c, "observe", map[string]any{})))
	if !strings.Contains(obs.Text, `<page_data>"Welcome to the staff handbook.`) || !strings.Contains(obs.Text, "read field page_source") {
		t.Fatalf("the observation does not show the edit box's content:\n%s", obs.Text)
	}
	// The whole source, as an agent reads it before editing.
	rd := keep(mustOK(t, call(t, c, "observe", map[string]any{"read": map[string]any{"field": "page_source"}})))
	if !strings.Contains(rd.Text, `Every employee gets two weeks of paid holiday a year.`) || !strings.Contains(rd.Text, "(end of the text)") {
		t.Fatalf("read of the field:\n%s", rd.Text)
	}

	const sentence = " Receipts older than a year are not refunded."
	r := keep(mustOK(t, call(t, c, "act", map[string]any{"action": "page_source", "args": map[string]any{"text": sentence, "append": true}})))
	if !strings.Contains(r.Text, "page_source") {
		t.Errorf("append receipt does not name the field:\n%s", r.Text)
	}
	// Which "two weeks" is the Holidays section's: the agent passes enough
	// of the sentence for it to occur once; too little is refused.
	bad := keep(call(t, c, "act", map[string]any{"action": "page_source", "args": map[string]any{"text": "x", "replace": "=="}}))
	if code(bad) != "TEXT_AMBIGUOUS" {
		t.Errorf("an ambiguous replace: %s", bad.Text)
	}
	keep(mustOK(t, call(t, c, "act", map[string]any{"action": "page_source", "args": map[string]any{"text": "gets three weeks", "replace": "gets two weeks"}})))
	keep(mustOK(t, call(t, c, "act", map[string]any{"action": "save_page"})))

	want := strings.Replace(wikiSource, "gets two weeks", "gets three weeks", 1) + sentence
	app.mu.Lock()
	saves := app.saves
	app.mu.Unlock()
	if len(saves) != 1 {
		t.Fatalf("the server got %d saves, want 1", len(saves))
	}
	// a form posts a text area's line breaks as CRLF
	if got := strings.ReplaceAll(saves[0]["wpTextbox1"], "\r\n", "\n"); got != want {
		t.Errorf("the wiki saved\n%q\nwant\n%q", got, want)
	}
	if saves[0]["wpEditToken"] != "canary-hidden-token-4d2a" || saves[0]["wpSummary"] != "Fix typo" {
		t.Errorf("the form's other fields were posted as %v", saves[0])
	}
	for _, out := range texts {
		for _, canary := range []string{"canary-password-81ce", "canary-otp-5512", "canary-ccexp-0927", "canary-hidden-token-4d2a"} {
			if strings.Contains(out, canary) {
				t.Fatalf("secret %s in a result:\n%s", canary, out)
			}
		}
	}
}
