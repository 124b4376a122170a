package websearch

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testKey has characters that URL and form encoding change, so that the
// redaction of encoded echoes is exercised.
const testKey = "sk-pling-test+k/ey=0123456789abcdef"

// fakeAPI is a local Responses API (httptest, 127.0.0.1 only) that speaks
// the real wire format (POST /v1/responses, bearer auth, text/event-stream)
// and serves whatever a test's handler streams, misbehaviour included.
type fakeAPI struct {
	srv      *httptest.Server
	requests atomic.Int32
	mu       sync.Mutex
	bodies   []map[string]any
}

// serveFunc answers one request whose JSON body is req.
type serveFunc func(w http.ResponseWriter, r *http.Request, req map[string]any)

func newFake(t testing.TB, serve serveFunc) *fakeAPI {
	t.Helper()
	f := &fakeAPI{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.requests.Add(1)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
			http.Error(w, "bad path "+r.URL.Path, http.StatusNotFound)
			return
		}
		if r.Header.Get("Authorization") != "Bearer "+testKey {
			http.Error(w, "no auth", http.StatusUnauthorized)
			return
		}
		var req map[string]any
		raw, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(raw, &req); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.bodies = append(f.bodies, req)
		f.mu.Unlock()
		serve(w, r, req)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// options returns spec defaults pointed at the fake.
func (f *fakeAPI) options() Options {
	o := DefaultOptions()
	o.APIKey = testKey
	o.BaseURL = f.srv.URL + "/v1/"
	return o
}

// session builds a bridge with opts and starts a session.
func newSession(t testing.TB, opts Options) *BoundedSearchSession {
	t.Helper()
	b, err := NewBridge(opts)
	if err != nil {
		t.Fatalf("NewBridge: %v", err)
	}
	return b.NewSession()
}

// sseEvent is one server-sent event. data is marshalled unless raw is set.
type sseEvent struct {
	typ  string
	data map[string]any
	raw  string
}

func (e sseEvent) encode() string {
	data := e.raw
	if data == "" {
		b, err := json.Marshal(e.data)
		if err != nil {
			panic(err)
		}
		data = string(b)
	}
	if e.typ == "" {
		return "data: " + data + "\n\n"
	}
	return "event: " + e.typ + "\ndata: " + data + "\n\n"
}

// streamEvents serves events as an SSE stream, flushing each, waiting
// delay between them, and giving up when the client goes away.
func streamEvents(events []sseEvent, delay time.Duration) serveFunc {
	return func(w http.ResponseWriter, r *http.Request, _ map[string]any) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		fl, _ := w.(http.Flusher)
		for i, e := range events {
			if i > 0 && delay > 0 {
				select {
				case <-time.After(delay):
				case <-r.Context().Done():
					return
				}
			}
			if _, err := io.WriteString(w, e.encode()); err != nil {
				return
			}
			if fl != nil {
				fl.Flush()
			}
		}
	}
}

// streamFile serves a verbatim SSE fixture.
func streamFile(t testing.TB, path string) serveFunc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return func(w http.ResponseWriter, r *http.Request, _ map[string]any) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(b)
	}
}

// httpError answers with an OpenAI-shaped error body.
func httpError(status int, body string) serveFunc {
	return func(w http.ResponseWriter, r *http.Request, _ map[string]any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// wsCall is one web_search_call in a scenario.
type wsCall struct {
	id      string
	status  string
	sources []string
	action  map[string]any // overrides the search action built from sources
}

// cite is one url_citation annotation.
type cite struct{ url, title string }

// scenario describes a well-formed stream; tests then bend its events.
type scenario struct {
	respID    string
	calls     []wsCall
	text      string
	citations []cite
	status    string           // final response status; default completed
	extra     []map[string]any // extra final output items
}

// defaultScenario is one completed search with one cited source.
func defaultScenario() scenario {
	return scenario{
		calls:     []wsCall{{sources: []string{"https://example.org/a", "https://example.org/b"}}},
		text:      "Example notes about the topic.",
		citations: []cite{{"https://example.org/a", "Page A"}},
	}
}

func (c wsCall) item(i int) map[string]any {
	id := c.id
	if id == "" {
		id = fmt.Sprintf("ws_%d", i+1)
	}
	status := c.status
	if status == "" {
		status = "completed"
	}
	action := c.action
	if action == nil {
		srcs := make([]map[string]any, len(c.sources))
		for j, u := range c.sources {
			srcs[j] = map[string]any{"type": "url", "url": u}
		}
		action = map[string]any{"type": "search", "query": "q", "sources": srcs}
	}
	return map[string]any{"id": id, "type": "web_search_call", "status": status, "action": action}
}

func (sc scenario) message() map[string]any {
	anns := make([]map[string]any, len(sc.citations))
	for i, c := range sc.citations {
		anns[i] = map[string]any{"type": "url_citation", "url": c.url, "title": c.title, "start_index": 0, "end_index": 0}
	}
	return map[string]any{
		"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
		"content": []map[string]any{{"type": "output_text", "text": sc.text, "annotations": anns}},
	}
}

func (sc scenario) id() string {
	if sc.respID == "" {
		return "resp_1"
	}
	return sc.respID
}

// response is the final response object.
func (sc scenario) response() map[string]any {
	var out []map[string]any
	for i, c := range sc.calls {
		out = append(out, c.item(i))
	}
	if sc.text != "" || len(sc.citations) > 0 {
		out = append(out, sc.message())
	}
	out = append(out, sc.extra...)
	status := sc.status
	if status == "" {
		status = "completed"
	}
	if out == nil {
		out = []map[string]any{}
	}
	return map[string]any{
		"id": sc.id(), "object": "response", "created_at": 1767225600, "status": status,
		"model": DefaultModel, "output": out, "error": nil, "incomplete_details": nil,
	}
}

// events is the whole stream, in the order the real API sends it, ending
// with response.completed.
func (sc scenario) events() []sseEvent {
	seq := 0
	ev := func(typ string, fields map[string]any) sseEvent {
		fields["type"] = typ
		fields["sequence_number"] = seq
		seq++
		return sseEvent{typ: typ, data: fields}
	}
	shell := map[string]any{"id": sc.id(), "object": "response", "created_at": 1767225600,
		"status": "in_progress", "model": DefaultModel, "output": []any{}}
	evs := []sseEvent{
		ev("response.created", map[string]any{"response": shell}),
		ev("response.in_progress", map[string]any{"response": shell}),
	}
	for i, c := range sc.calls {
		item := c.item(i)
		id := item["id"]
		evs = append(evs,
			ev("response.output_item.added", map[string]any{"output_index": i,
				"item": map[string]any{"id": id, "type": "web_search_call", "status": "in_progress"}}),
			ev("response.web_search_call.in_progress", map[string]any{"output_index": i, "item_id": id}),
			ev("response.web_search_call.searching", map[string]any{"output_index": i, "item_id": id}),
			ev("response.web_search_call.completed", map[string]any{"output_index": i, "item_id": id}),
			ev("response.output_item.done", map[string]any{"output_index": i, "item": item}),
		)
	}
	if sc.text != "" || len(sc.citations) > 0 {
		idx := len(sc.calls)
		evs = append(evs, ev("response.output_item.added", map[string]any{"output_index": idx,
			"item": map[string]any{"id": "msg_1", "type": "message", "status": "in_progress", "role": "assistant", "content": []any{}}}))
		for _, d := range chunks(sc.text, 40) {
			evs = append(evs, ev("response.output_text.delta", map[string]any{"output_index": idx,
				"item_id": "msg_1", "content_index": 0, "delta": d, "logprobs": []any{}}))
		}
		evs = append(evs, ev("response.output_item.done", map[string]any{"output_index": idx, "item": sc.message()}))
	}
	term := map[string]any{"response": sc.response()}
	switch sc.status {
	case "", "completed":
		evs = append(evs, ev("response.completed", term))
	default:
		evs = append(evs, ev("response."+sc.status, term))
	}
	return evs
}

// chunks splits s into pieces of at most n bytes on rune boundaries.
func chunks(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		i := min(n, len(s))
		for i < len(s) && !utf8RuneStart(s[i]) {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// manyURLs returns n distinct URLs under prefix.
func manyURLs(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("https://%s.example/page/%d", prefix, i)
	}
	return out
}

// repeatURL returns u n times.
func repeatURL(u string, n int) []string {
	return strings.Split(strings.TrimSuffix(strings.Repeat(u+"\n", n), "\n"), "\n")
}
