package websearch

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/pling-dev/pling/errcode"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pling-dev/pling/budget"
)

// TestSearchFixture runs the verified wire fixture (LIBS.md §3.5) end to end
// and pins both the result and the request the bridge sent.
func TestSearchFixture(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamFile(t, "testdata/websearch.sse"))
	s := newSession(t, f.options())

	got, err := s.Search(t.Context(), "  latest Go release \n", nil)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	want := &Result{
		Notice:       ResultNotice,
		QueryPreview: "latest Go release",
		Notes:        &Notes{Label: NotesLabel, Text: "The latest Go release is Go 1.26. ([go.dev](https://go.dev/doc/go1.26))"},
		Sources: []Source{
			{URL: "https://go.dev/doc/go1.26", Title: "Go 1.26 Release Notes", Cited: true},
		},
		Dropped:          Dropped{SourcesDuplicate: 1},
		RemainingCalls:   299,
		RemainingSources: 999,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("result mismatch (-want +got):\n%s", diff)
	}

	wantReq := map[string]any{
		"model":             DefaultModel,
		"instructions":      instruction,
		"input":             "latest Go release",
		"max_output_tokens": float64(DefaultMaxOutputTokens),
		"max_tool_calls":    float64(1),
		"store":             false,
		"stream":            true,
		"tool_choice":       "required",
		"tools":             []any{map[string]any{"type": "web_search"}},
		"include":           []any{"web_search_call.action.sources"},
	}
	if diff := cmp.Diff(wantReq, f.bodies[0]); diff != "" {
		t.Errorf("request body mismatch (-want +got):\n%s", diff)
	}

	b, _ := json.Marshal(got)
	for _, field := range []string{`"query_preview"`, `"notes":{"label"`, `"sources":[{"url"`, `"cited":true`, `"dropped":{`, `"remaining_calls"`, `"remaining_sources"`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON lacks %s: %s", field, b)
		}
	}
}

// TestSearchFailsClosed serves misbehaving streams and HTTP errors. Each
// must fail with SEARCH_FAILED and a safe category, keep its call debit,
// spend no source slot, carry no provider text, and reach the server
// exactly once (no retry).
func TestSearchFailsClosed(t *testing.T) {
	t.Parallel()
	base := defaultScenario()
	bend := func(fn func([]sseEvent) []sseEvent) serveFunc { return streamEvents(fn(base.events()), 0) }
	with := func(mod func(*scenario)) serveFunc {
		sc := defaultScenario()
		mod(&sc)
		return streamEvents(sc.events(), 0)
	}
	last := func(evs []sseEvent) sseEvent { return evs[len(evs)-1] }

	tests := []struct {
		name    string
		serve   serveFunc
		timeout time.Duration
		want    Category
		status  int
	}{
		{name: "duplicate response.completed", want: CategoryReceiptConflict,
			serve: bend(func(e []sseEvent) []sseEvent { return append(e, last(e)) })},
		{name: "event after terminal", want: CategoryReceiptConflict,
			serve: bend(func(e []sseEvent) []sseEvent { return append(e, e[len(e)-3]) })},
		{name: "no terminal event", want: CategoryReceiptMissing,
			serve: bend(func(e []sseEvent) []sseEvent { return e[:len(e)-1] })},
		{name: "missing web_search_call", want: CategoryReceiptMissing,
			serve: with(func(s *scenario) { s.calls = nil })},
		{name: "failed web_search_call", want: CategoryFailed,
			serve: with(func(s *scenario) { s.calls[0].status = "failed" })},
		{name: "searching web_search_call", want: CategoryIncomplete,
			serve: with(func(s *scenario) { s.calls[0].status = "searching" })},
		{name: "incomplete response", want: CategoryIncomplete,
			serve: with(func(s *scenario) { s.status = "incomplete" })},
		{name: "failed response", want: CategoryFailed,
			serve: with(func(s *scenario) { s.status = "failed" })},
		{name: "completed event with incomplete status", want: CategoryIncomplete,
			serve: bend(func(e []sseEvent) []sseEvent {
				resp := last(e).data["response"].(map[string]any)
				resp["status"] = "incomplete"
				return e
			})},
		{name: "extra distinct execution", want: CategoryReceiptConflict,
			serve: with(func(s *scenario) { s.calls = append(s.calls, wsCall{id: "ws_2"}) })},
		{name: "extra execution only in final output", want: CategoryReceiptConflict,
			serve: with(func(s *scenario) { s.extra = []map[string]any{wsCall{id: "ws_9"}.item(0)} })},
		{name: "conflicting observations of one call", want: CategoryReceiptConflict,
			serve: bend(func(e []sseEvent) []sseEvent {
				resp := last(e).data["response"].(map[string]any)
				item := resp["output"].([]map[string]any)[0]
				item["action"] = map[string]any{"type": "search", "query": "other"}
				return e
			})},
		{name: "streamed call id absent from final", want: CategoryReceiptConflict,
			serve: bend(func(e []sseEvent) []sseEvent {
				x := sseEvent{typ: "response.web_search_call.searching", data: map[string]any{
					"type": "response.web_search_call.searching", "sequence_number": 99, "output_index": 0, "item_id": "ws_other"}}
				return append(e[:3:3], append([]sseEvent{x}, e[3:]...)...)
			})},
		{name: "response id mismatch", want: CategoryReceiptConflict,
			serve: bend(func(e []sseEvent) []sseEvent {
				last(e).data["response"].(map[string]any)["id"] = "resp_other"
				return e
			})},
		{name: "error event", want: CategoryFailed,
			serve: bend(func(e []sseEvent) []sseEvent {
				x := sseEvent{typ: "error", data: map[string]any{"type": "error", "code": "server_error",
					"message": "boom " + testKey, "param": nil, "sequence_number": 5}}
				return append(e[:5:5], x)
			})},
		{name: "top-level error payload", want: CategoryFailed,
			serve: bend(func(e []sseEvent) []sseEvent {
				return append(e[:2:2], sseEvent{raw: `{"error":{"message":"boom","type":"server_error"}}`})
			})},
		{name: "malformed JSON", want: CategoryMalformed,
			serve: bend(func(e []sseEvent) []sseEvent {
				return append(e[:2:2], sseEvent{typ: "response.output_text.delta", raw: `{"type":"response.output_text.delta","delta":`})
			})},
		{name: "unexpected output item", want: CategoryMalformed,
			serve: with(func(s *scenario) {
				s.extra = []map[string]any{{"id": "fc_1", "type": "function_call", "call_id": "c", "name": "x", "arguments": "{}", "status": "completed"}}
			})},
		{name: "truncated connection", want: CategoryTransport,
			serve: func(w http.ResponseWriter, r *http.Request, req map[string]any) {
				streamEvents(base.events()[:4], 0)(w, r, req)
				panic(http.ErrAbortHandler)
			}},
		{name: "slow past the call timeout", want: CategoryDeadline, timeout: 150 * time.Millisecond,
			serve: streamEvents(base.events(), 40*time.Millisecond)},
		{name: "HTTP 429", want: CategoryHTTP4xx, status: 429,
			serve: httpError(429, `{"error":{"message":"Rate limit `+testKey+`","type":"requests","code":"rate_limit_exceeded"}}`)},
		{name: "HTTP 500", want: CategoryHTTP5xx, status: 500,
			serve: httpError(500, `{"error":{"message":"boom","type":"server_error","code":"server_error"}}`)},
		{name: "HTTP 401", want: CategoryHTTP4xx, status: 401,
			serve: httpError(401, `{"error":{"message":"bad key","type":"auth","code":"invalid_api_key"}}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, tt.serve)
			opts := f.options()
			if tt.timeout > 0 {
				opts.Timeout = tt.timeout
			}
			s := newSession(t, opts)
			var reports []Progress
			res, err := s.Search(t.Context(), "what is new", func(p Progress) { reports = append(reports, p) })
			if res != nil {
				t.Fatalf("got a result, want failure: %+v", res)
			}
			var e *errcode.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not *errcode.Error", err, err)
			}
			want := &errcode.Error{Code: errcode.SearchFailed, Reason: messages[tt.want], Err: &Failure{Kind: tt.want, HTTPStatus: tt.status}}
			if diff := cmp.Diff(want, e); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			for _, leak := range []string{"boom", testKey, "Rate limit", "Example notes", "example.org"} {
				if strings.Contains(err.Error(), leak) {
					t.Errorf("error %q carries %q", err, leak)
				}
			}
			if n := f.requests.Load(); n != 1 {
				t.Errorf("server saw %d requests, want exactly 1 (no retry)", n)
			}
			if calls, sources := s.Remaining(); calls != DefaultMaxCalls-1 || sources != DefaultMaxSources {
				t.Errorf("Remaining() = %d calls, %d sources; want %d, %d", calls, sources, DefaultMaxCalls-1, DefaultMaxSources)
			}
			if len(reports) == 0 || reports[len(reports)-1].Stage != StageDiscarded {
				t.Errorf("progress did not end with %q: %+v", StageDiscarded, reports)
			}
		})
	}
}

// TestSearchConsolidatesIdenticalObservations: a repeated identical
// observation of the one execution is folded, not counted as a second.
func TestSearchConsolidatesIdenticalObservations(t *testing.T) {
	t.Parallel()
	sc := defaultScenario()
	evs := sc.events()
	var bent []sseEvent
	for _, e := range evs {
		bent = append(bent, e)
		if e.typ == "response.output_item.done" || e.typ == "response.web_search_call.completed" {
			bent = append(bent, e)
		}
	}
	// The final output lists the call twice, identically.
	resp := bent[len(bent)-1].data["response"].(map[string]any)
	out := resp["output"].([]map[string]any)
	resp["output"] = append([]map[string]any{out[0]}, out...)

	f := newFake(t, streamEvents(bent, 0))
	res, err := newSession(t, f.options()).Search(t.Context(), "q", nil)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if len(res.Sources) != 2 {
		t.Errorf("sources = %+v, want 2", res.Sources)
	}
}

// TestSearchSlowButInTime: a slow stream that finishes within the timeout
// succeeds.
func TestSearchSlowButInTime(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 5*time.Millisecond))
	if _, err := newSession(t, f.options()).Search(t.Context(), "q", nil); err != nil {
		t.Fatalf("Search: %v", err)
	}
}

func TestSearchNormalization(t *testing.T) {
	t.Parallel()
	title100k := strings.Repeat("Long title ", 10000)
	tests := []struct {
		name    string
		sc      scenario
		want    []Source
		dropped Dropped
	}{
		{
			name: "unsafe schemes and credentials rejected",
			sc: scenario{
				calls: []wsCall{{sources: []string{
					"javascript:alert(1)", "data:text/html,hi", "ftp://example.org/f", "file:///etc/passwd",
					"https://user:pass@example.org/x", "https://user@example.org/y", "//example.org/rel", "/relative",
					"https://example.org/ok", "HTTPS://Example.org/Case", "http://[::1]:80/v6", "not a url",
					"https://example.org/" + strings.Repeat("a", MaxURLBytes),
				}}},
				text:      "n",
				citations: []cite{{"javascript:alert(document.cookie)", "evil"}, {"https://a:b@example.org/", "cred"}},
			},
			want: []Source{
				{URL: "https://example.org/ok"},
				{URL: "https://Example.org/Case"},
				{URL: "http://[::1]:80/v6"},
			},
			dropped: Dropped{SourcesRejected: 12},
		},
		{
			name: "cited first, then consulted, deduped exactly",
			sc: scenario{
				calls: []wsCall{{sources: []string{"https://example.org/c", "https://example.org/a", "https://example.org/a?x=1", "https://example.org/a#f"}}},
				text:  "n",
				citations: []cite{
					{"https://example.org/a", "A"}, {"https://example.org/b", ""}, {"https://example.org/b", "B later"},
				},
			},
			want: []Source{
				{URL: "https://example.org/a", Title: "A", Cited: true},
				{URL: "https://example.org/b", Title: "B later", Cited: true},
				{URL: "https://example.org/c"},
				{URL: "https://example.org/a?x=1"},
				{URL: "https://example.org/a#f"},
			},
			dropped: Dropped{SourcesDuplicate: 2},
		},
		{
			name: "10,000 duplicate URLs",
			sc: scenario{
				calls: []wsCall{{sources: repeatURL("https://example.org/same", 10000)}},
			},
			want:    []Source{{URL: "https://example.org/same"}},
			dropped: Dropped{SourcesDuplicate: 9999},
		},
		{
			name: "100 KB title",
			sc: scenario{
				calls:     []wsCall{{sources: []string{"https://example.org/t"}}},
				text:      "n",
				citations: []cite{{"https://example.org/t", title100k}},
			},
			want:    []Source{{URL: "https://example.org/t", Title: title100k[:199] + "…", Cited: true}},
			dropped: Dropped{SourcesDuplicate: 1, TitlesShortened: 1},
		},
		{
			name: "control characters in titles",
			sc: scenario{
				calls:     []wsCall{{sources: []string{"https://example.org/t"}}},
				text:      "n",
				citations: []cite{{"https://example.org/t", "A\x00B\n\tC\u202e"}},
			},
			want:    []Source{{URL: "https://example.org/t", Title: "AB C", Cited: true}},
			dropped: Dropped{SourcesDuplicate: 1},
		},
		{
			name: "open_page action URL is consulted",
			sc: scenario{
				calls: []wsCall{{action: map[string]any{"type": "open_page", "url": "https://example.org/opened"}}},
			},
			want: []Source{{URL: "https://example.org/opened"}},
		},
		{
			name: "key echoes",
			sc: scenario{
				calls: []wsCall{{sources: []string{
					"https://evil.example/?k=" + url.QueryEscape(testKey),
					"https://evil.example/" + url.PathEscape(testKey),
					"https://example.org/fine",
				}}},
				text:      "n",
				citations: []cite{{"https://example.org/fine", "title " + testKey}},
			},
			want:    []Source{{URL: "https://example.org/fine", Title: "title " + Redacted, Cited: true}},
			dropped: Dropped{SourcesRejected: 2, SourcesDuplicate: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, streamEvents(tt.sc.events(), 0))
			res, err := newSession(t, f.options()).Search(t.Context(), "q", nil)
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if diff := cmp.Diff(tt.want, res.Sources); diff != "" {
				t.Errorf("sources mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.dropped, res.Dropped); diff != "" {
				t.Errorf("dropped mismatch (-want +got):\n%s", diff)
			}
			if n := DefaultMaxSources - len(res.Sources); res.RemainingSources != n {
				t.Errorf("remaining sources %d, want %d", res.RemainingSources, n)
			}
		})
	}
}

func TestSearchRedactsKeyInNotes(t *testing.T) {
	t.Parallel()
	sc := defaultScenario()
	sc.text = "raw " + testKey + " query " + url.QueryEscape(testKey) + " path " + url.PathEscape(testKey) + " end"
	f := newFake(t, streamEvents(sc.events(), 0))
	res, err := newSession(t, f.options()).Search(t.Context(), "q", nil)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	want := "raw " + Redacted + " query " + Redacted + " path " + Redacted + " end"
	if res.Notes == nil || res.Notes.Text != want {
		t.Errorf("notes = %+v, want text %q", res.Notes, want)
	}
}

func TestSearchQueryLimits(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 0))
	s := newSession(t, f.options())
	tests := []struct {
		name  string
		query string
		ok    bool
	}{
		{"192 ASCII", strings.Repeat("a", 192), true},
		{"192 astral", strings.Repeat("😀", 192), true},
		{"192 after trimming", "  \t" + strings.Repeat("é", 192) + "\n ", true},
		{"one code point", "x", true},
		{"193 ASCII", strings.Repeat("a", 193), false},
		{"193 astral", strings.Repeat("😀", 193), false},
		{"empty", "", false},
		{"whitespace only", " \t\n\u00a0\u3000 ", false},
		{"invalid UTF-8", "ab\xffcd", false},
	}
	accepted := 0
	for _, tt := range tests {
		res, err := s.Search(t.Context(), tt.query, nil)
		if tt.ok {
			accepted++
			if err != nil {
				t.Errorf("%s: Search: %v", tt.name, err)
			} else if want := strings.TrimSpace(tt.query); res.QueryPreview != want {
				t.Errorf("%s: preview %q, want %q", tt.name, res.QueryPreview, want)
			}
			continue
		}
		var e *errcode.Error
		if !errors.As(err, &e) || e.Code != errcode.InvalidArgument || CategoryOf(err) != CategoryQuery {
			t.Errorf("%s: err = %v, want %s", tt.name, err, errcode.InvalidArgument)
		}
	}
	if n := int(f.requests.Load()); n != accepted {
		t.Errorf("server saw %d requests, want %d (rejected queries dispatch nothing)", n, accepted)
	}
	if calls, _ := s.Remaining(); calls != DefaultMaxCalls-accepted {
		t.Errorf("calls left %d, want %d (rejected queries spend nothing)", calls, DefaultMaxCalls-accepted)
	}
}

// TestCallAdmission300: 350 calls, up to 64 at a time, against the default
// budget; exactly 300 are dispatched, the rest get BUDGET_EXHAUSTED.
func TestCallAdmission300(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 0))
	s := newSession(t, f.options())
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		ok, spent int
		sem       = make(chan struct{}, 64) // spare the loopback a 350-connection storm
	)
	for range 350 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			_, err := s.Search(context.Background(), "q", nil)
			mu.Lock()
			defer mu.Unlock()
			switch errcode.ErrorCode(err) {
			case "":
				ok++
			case errcode.BudgetExhausted:
				spent++
			default:
				t.Errorf("unexpected error %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 300 || spent != 50 {
		t.Errorf("ok %d, exhausted %d; want 300, 50", ok, spent)
	}
	if n := f.requests.Load(); n != 300 {
		t.Errorf("server saw %d requests, want 300", n)
	}
	_, err := s.Search(t.Context(), "q", nil)
	var e *errcode.Error
	if !errors.As(err, &e) || e.Code != errcode.BudgetExhausted || CategoryOf(err) != CategoryCalls {
		t.Errorf("301st call: %v", err)
	}
}

// urlsPerQuery serves, for query "qN", a result whose sources are the
// distinct URLs of set N, n of them.
func urlsPerQuery(n int, gate func(query string)) serveFunc {
	return func(w http.ResponseWriter, r *http.Request, req map[string]any) {
		q, _ := req["input"].(string)
		if gate != nil {
			gate(q)
		}
		sc := scenario{calls: []wsCall{{sources: manyURLs(q, n)}}}
		streamEvents(sc.events(), 0)(w, r, req)
	}
}

// TestSourceAdmission1000 exhausts the 1,000 aggregate source slots, then
// shows that new URLs are refused while already-admitted ones stay free.
func TestSourceAdmission1000(t *testing.T) {
	t.Parallel()
	f := newFake(t, urlsPerQuery(100, nil))
	s := newSession(t, f.options())
	for i := range 10 {
		res, err := s.Search(t.Context(), "set"+string(rune('a'+i)), nil)
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		if len(res.Sources) != 100 || res.RemainingSources != 1000-100*(i+1) {
			t.Fatalf("call %d: %d sources, %d left", i, len(res.Sources), res.RemainingSources)
		}
	}
	res, err := s.Search(t.Context(), "setz", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sources) != 0 || res.Dropped.SourcesOverBudget != 100 || res.RemainingSources != 0 {
		t.Errorf("exhausted call: %d sources, over budget %d, left %d", len(res.Sources), res.Dropped.SourcesOverBudget, res.RemainingSources)
	}
	res, err = s.Search(t.Context(), "seta", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sources) != 100 || res.Dropped.SourcesOverBudget != 0 {
		t.Errorf("repeat call: %d sources, over budget %d; want 100 free", len(res.Sources), res.Dropped.SourcesOverBudget)
	}
}

// TestSourcesPerCall caps one result independently of the aggregate.
func TestSourcesPerCall(t *testing.T) {
	t.Parallel()
	f := newFake(t, urlsPerQuery(250, nil))
	res, err := newSession(t, f.options()).Search(t.Context(), "big", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sources) != DefaultSourcesPerCall || res.Dropped.SourcesOverCallLimit != 150 || res.RemainingSources != 900 {
		t.Errorf("%d sources, over limit %d, left %d", len(res.Sources), res.Dropped.SourcesOverCallLimit, res.RemainingSources)
	}
}

// TestCompletionOrder is the spec's exercise 1: two concurrent calls with
// 80 new URLs each and 100 slots left. The first to complete gets 80, the
// second 20, whatever the submission order.
func TestCompletionOrder(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	var once sync.Once
	unblock := func() { once.Do(func() { close(release) }) }
	f := newFake(t, urlsPerQuery(80, func(q string) {
		if q == "slow" {
			<-release
		}
	}))
	t.Cleanup(unblock) // runs before the server closes
	opts := f.options()
	opts.MaxSources = 100
	s := newSession(t, opts)

	slow := make(chan *Result, 1)
	go func() {
		res, err := s.Search(context.Background(), "slow", nil)
		if err != nil {
			t.Errorf("slow: %v", err)
		}
		slow <- res
	}()
	fast, err := s.Search(t.Context(), "fast", nil)
	if err != nil {
		t.Fatal(err)
	}
	unblock()
	late := <-slow
	if late == nil {
		t.FailNow()
	}
	got := [][2]int{{len(fast.Sources), fast.Dropped.SourcesOverBudget}, {len(late.Sources), late.Dropped.SourcesOverBudget}}
	if diff := cmp.Diff([][2]int{{80, 0}, {20, 60}}, got); diff != "" {
		t.Errorf("admission (-want +got):\n%s", diff)
	}
	if late.RemainingSources != 0 || fast.RemainingSources != 20 {
		t.Errorf("snapshots: fast %d, late %d", fast.RemainingSources, late.RemainingSources)
	}
}

// TestConcurrentCompletionNeverOverbooks: 64 concurrent calls whose URL sets
// overlap; the admitted distinct URLs never exceed the aggregate budget and
// each is charged once.
func TestConcurrentCompletionNeverOverbooks(t *testing.T) {
	t.Parallel()
	pool := manyURLs("shared", 2000)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, req map[string]any) {
		q, _ := req["input"].(string)
		n, _ := strconv.Atoi(q)
		var urls []string
		for i := range 60 {
			urls = append(urls, pool[(n*37+i)%len(pool)])
		}
		streamEvents(scenario{calls: []wsCall{{sources: urls}}}.events(), 0)(w, r, req)
	})
	opts := f.options()
	opts.MaxSources = 500
	s := newSession(t, opts)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		seen = map[string]bool{}
	)
	for g := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := s.Search(context.Background(), strconv.Itoa(g), nil)
			if err != nil {
				t.Errorf("call %d: %v", g, err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, src := range res.Sources {
				seen[src.URL] = true
			}
			if res.RemainingSources < 0 {
				t.Errorf("negative snapshot %d", res.RemainingSources)
			}
		}()
	}
	wg.Wait()
	_, left := s.Remaining()
	if len(seen) != opts.MaxSources-left || len(seen) > opts.MaxSources {
		t.Errorf("%d distinct admitted, %d slots left of %d", len(seen), left, opts.MaxSources)
	}
}

// TestPerCallFitting: oversized output is fitted in the spec's order and
// the JSON fits both ceilings; sources removed by fitting spend no slot.
func TestPerCallFitting(t *testing.T) {
	t.Parallel()
	notes := strings.Repeat("Notes with <html> & \"quotes\" and 漢字 and 😀. ", 2000)
	titled := func(n int, title string) scenario {
		sc := scenario{text: notes}
		urls := manyURLs("fit", n)
		for _, u := range urls {
			sc.citations = append(sc.citations, cite{u, title})
		}
		sc.calls = []wsCall{{sources: urls}}
		return sc
	}
	tests := []struct {
		name        string
		sc          scenario
		maxUnits    int
		maxBytes    int
		wantSources int  // -1: some but not all
		wantNotes   bool // notes survive (shortened)
	}{
		{"notes shortened, all sources kept", titled(20, "Short"), DefaultMaxResultUTF16, DefaultMaxResultBytes, 20, true},
		{"notes dropped, sources cut (utf16 binding)", titled(100, strings.Repeat("題", 150)), 8000, 196000, -1, false},
		{"notes dropped, sources cut (bytes binding)", titled(100, strings.Repeat("題", 150)), 49000, 9000, -1, false},
		{"minimum ceilings", titled(100, strings.Repeat("😀", 100)), 1024, 1024, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, streamEvents(tt.sc.events(), 0))
			opts := f.options()
			opts.MaxResultUTF16, opts.MaxResultBytes = tt.maxUnits, tt.maxBytes
			s := newSession(t, opts)
			res, err := s.Search(t.Context(), "fit me", nil)
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			b, _ := json.Marshal(res)
			if u := budget.UTF16Len(string(b)); u > tt.maxUnits || len(b) > tt.maxBytes {
				t.Errorf("output %d units / %d bytes exceeds %d / %d", u, len(b), tt.maxUnits, tt.maxBytes)
			}
			switch {
			case tt.wantSources >= 0 && len(res.Sources) != tt.wantSources:
				t.Errorf("%d sources, want %d", len(res.Sources), tt.wantSources)
			case tt.wantSources < 0 && (len(res.Sources) == 0 && tt.maxUnits > 1024 || res.Dropped.SourcesUnfit == 0):
				t.Errorf("%d sources, %d unfit: want a partial cut", len(res.Sources), res.Dropped.SourcesUnfit)
			}
			if (res.Notes != nil) != tt.wantNotes {
				t.Errorf("notes present = %v, want %v", res.Notes != nil, tt.wantNotes)
			}
			if res.Dropped.NotesUTF16 == 0 {
				t.Error("notes_utf16 = 0; notes should have been cut")
			}
			if res.Notes != nil && !strings.HasSuffix(res.Notes.Text, budget.Ellipsis) {
				t.Error("shortened notes lack the ellipsis")
			}
			if got, want := res.RemainingSources, DefaultMaxSources-len(res.Sources); got != want {
				t.Errorf("remaining sources %d, want %d: unfit sources must not spend slots", got, want)
			}
		})
	}
}

// TestCancellation cancels mid-stream: the call fails as cancelled, the
// progress ends Discarded, and no provisional text is in the error.
func TestCancellation(t *testing.T) {
	t.Parallel()
	sc := defaultScenario()
	sc.text = strings.Repeat("provisional words ", 100)
	evs := sc.events()
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, req map[string]any) {
		streamEvents(evs[:len(evs)-2], 0)(w, r, req) // everything but the end
		<-r.Context().Done()
	})
	s := newSession(t, f.options())
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var reports []Progress
	_, err := s.Search(ctx, "q", func(p Progress) {
		reports = append(reports, p)
		if p.Text != "" {
			cancel()
		}
	})
	var e *errcode.Error
	if !errors.As(err, &e) || CategoryOf(err) != CategoryCancelled {
		t.Fatalf("err = %v, want cancelled", err)
	}
	if strings.Contains(err.Error(), "provisional") {
		t.Errorf("error carries provisional text: %v", err)
	}
	if reports[len(reports)-1].Stage != StageDiscarded || reports[len(reports)-1].Text != "" {
		t.Errorf("last report %+v, want empty %q", reports[len(reports)-1], StageDiscarded)
	}
	if calls, _ := s.Remaining(); calls != DefaultMaxCalls-1 {
		t.Errorf("calls left %d: a cancelled call keeps its debit", calls)
	}
}

// TestSessionExpiry: past RequestTimeout nothing is dispatched or spent.
func TestSessionExpiry(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 0))
	s := newSession(t, f.options())
	s.deadline = time.Now().Add(-time.Second)
	_, err := s.Search(t.Context(), "q", nil)
	var e *errcode.Error
	if !errors.As(err, &e) || e.Code != errcode.BudgetExhausted || CategoryOf(err) != CategoryExpired {
		t.Errorf("err = %v, want BUDGET_EXHAUSTED/expired", err)
	}
	if f.requests.Load() != 0 {
		t.Error("an expired session dispatched a request")
	}
	if calls, _ := s.Remaining(); calls != DefaultMaxCalls {
		t.Errorf("calls left %d, want %d", calls, DefaultMaxCalls)
	}
}

// TestAlreadyCancelled: a context done before admission spends nothing.
func TestAlreadyCancelled(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 0))
	s := newSession(t, f.options())
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := s.Search(ctx, "q", nil)
	var e *errcode.Error
	if !errors.As(err, &e) || CategoryOf(err) != CategoryCancelled {
		t.Errorf("err = %v, want cancelled", err)
	}
	if calls, _ := s.Remaining(); calls != DefaultMaxCalls || f.requests.Load() != 0 {
		t.Errorf("calls left %d, requests %d: want nothing spent or sent", calls, f.requests.Load())
	}
}

func TestNewSessionsHaveFreshBudgets(t *testing.T) {
	t.Parallel()
	f := newFake(t, streamEvents(defaultScenario().events(), 0))
	opts := f.options()
	opts.MaxCalls = 1
	b, err := NewBridge(opts)
	if err != nil {
		t.Fatal(err)
	}
	s1, s2 := b.NewSession(), b.NewSession()
	if _, err := s1.Search(t.Context(), "q", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s1.Search(t.Context(), "q", nil); errcode.ErrorCode(err) != errcode.BudgetExhausted {
		t.Errorf("second call on s1: %v", err)
	}
	if _, err := s2.Search(t.Context(), "q", nil); err != nil {
		t.Errorf("s2: %v", err)
	}
}
