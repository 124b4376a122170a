package extract

// Tests on real Chromium (internal/testbrowser: one browser per test binary,
// a fresh isolated session per test; a missing Chromium fails loudly).

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/errcode"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

func mustParse(t testing.TB, s string) Request {
	t.Helper()
	r, err := ParseRequest([]byte(s))
	if err != nil {
		t.Fatalf("ParseRequest(%s): %v", s, err)
	}
	return r
}

func mustRun(t testing.TB, ev Evaluator, req Request) *Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := Run(ctx, ev, &fakeChecker{}, req)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// countingEval counts the scripts run through it.
type countingEval struct {
	Evaluator
	n atomic.Int32
}

func (c *countingEval) CallScript(ctx context.Context, script string, args, out any) error {
	c.n.Add(1)
	return c.Evaluator.CallScript(ctx, script, args, out)
}

// lastErrEval records how the last script run through it ended.
type lastErrEval struct {
	Evaluator
	mu  sync.Mutex
	n   int
	err error
}

func (c *lastErrEval) CallScript(ctx context.Context, script string, args, out any) error {
	err := c.Evaluator.CallScript(ctx, script, args, out)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n, c.err = c.n+1, err
	return err
}

// last returns how many scripts ran and the error of the last one.
func (c *lastErrEval) last() (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n, c.err
}

const (
	fieldsInvoice = `[{"name":"invoice","column":0,"type":"integer","required":true},{"name":"customer","column":1,"type":"string"},{"name":"amount","column":2,"type":"number","required":true},{"name":"paid","column":3,"type":"boolean"},{"name":"due","column":4,"type":"string"}]`
	fieldsForm    = `[{"name":"label","column":0,"type":"string","required":true},{"name":"role","column":1,"type":"string"},{"name":"disabled","column":2,"type":"boolean"},{"name":"checked","column":3,"type":"boolean"},{"name":"required","column":4,"type":"boolean"}]`
	fieldsItem    = `[{"name":"item","column":0,"type":"string","required":true}]`
)

func req(kind string, index int, fields string, extra string) string {
	return `{"expected_revision":"r1","kind":"` + kind + `","index":` + itoa(index) + `,"fields":` + fields + extra + `}`
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestChromiumGolden extracts every fixture shape on real Chromium and pins
// the whole result: collection finding, visual row order, header rows,
// spans, hidden content, labels, typed conversion and coverage.
func TestChromiumGolden(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, path, req string }{
		// A plain table: caption label, footer last, nested table excluded
		// from rows, cells typed.
		{"table", "/extract-table", req("table", 0, fieldsInvoice, "")},
		{"table-nested", "/extract-table", req("table", 1, fieldsItem, "")},
		{"table-second", "/extract-table", req("table", 2, `[{"name":"a","column":0,"type":"string"},{"name":"b","column":1,"type":"string"},{"name":"c","column":2,"type":"string"}]`, "")},
		// Scan complete, fewer tables: a definite absence.
		{"table-absent", "/extract-table", req("table", 5, fieldsItem, "")},
		{"spans", "/extract-spans", req("table", 0, `[{"name":"first","column":0,"type":"string","required":true},{"name":"last","column":1,"type":"string"},{"name":"points","column":2,"type":"integer"}]`, "")},
		{"grid", "/extract-grid", req("table", 0, `[{"name":"name","column":0,"type":"string","required":true},{"name":"age","column":1,"type":"integer"},{"name":"active","column":2,"type":"boolean"}]`, "")},
		{"grid-aria-table", "/extract-grid", req("table", 1, `[{"name":"k","column":0,"type":"string"},{"name":"v","column":1,"type":"integer"}]`, "")},
		{"hidden", "/extract-hidden", req("table", 0, `[{"name":"case","column":0,"type":"string","required":true},{"name":"content","column":1,"type":"string"},{"name":"after","column":2,"type":"string"}]`, `,"limit":50`)},
		{"list", "/extract-list", req("list", 0, fieldsItem, "")},
		{"list-nested", "/extract-list", req("list", 1, fieldsItem, "")},
		{"list-limit", "/extract-list", req("list", 2, fieldsItem, "")},
		{"list-aria", "/extract-list", req("list", 3, `[{"name":"tag","column":0,"type":"string"}]`, `,"limit":1`)},
		{"form", "/extract-form", req("form", 0, fieldsForm, `,"limit":50`)},
		{"form-search", "/extract-form", req("form", 1, fieldsForm, "")},
		{"numbers", "/extract-numbers", req("table", 0, `[{"name":"case","column":0,"type":"string"},{"name":"as_integer","column":1,"type":"integer"},{"name":"as_number","column":1,"type":"number"},{"name":"as_boolean","column":1,"type":"boolean"},{"name":"as_string","column":1,"type":"string"}]`, `,"limit":50`)},
		// No frame or shadow-root traversal: the light table is index 0,
		// its shadow-only cell is empty, and nothing else is found.
		{"frames", "/extract-frames", req("table", 0, `[{"name":"a","column":0,"type":"string"},{"name":"b","column":1,"type":"string"}]`, "")},
		{"frames-beyond", "/extract-frames", req("table", 1, fieldsItem, "")},
		{"bounds-near-list", "/extract-bounds", req("list", 0, fieldsItem, "")},
		{"bounds-far-table", "/extract-bounds", req("table", 0, fieldsItem, "")},
		{"bounds-far-list", "/extract-bounds", req("list", 1, fieldsItem, "")},
		{"generated-10k", "/generated/table?rows=10000", req("table", 0, `[{"name":"order","column":0,"type":"integer","required":true},{"name":"customer","column":1,"type":"string"},{"name":"amount","column":2,"type":"number"},{"name":"paid","column":3,"type":"boolean"}]`, `,"limit":5`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := testbrowser.Open(t, tt.path)
			checkGolden(t, tt.name, mustRun(t, s, mustParse(t, tt.req)))
		})
	}
}

// TestChromiumRevisionRejected: the revision is checked before anything
// runs in the page; on rejection no script runs at all.
func TestChromiumRevisionRejected(t *testing.T) {
	t.Parallel()
	s := testbrowser.Open(t, "/extract-table")
	ev := &countingEval{Evaluator: s}
	for _, code := range []errcode.Code{errcode.StaleRevision, errcode.ForeignRevision, errcode.Navigated} {
		rc := &fakeChecker{err: errcode.Errorf(code, "not the current revision")}
		res, err := Run(t.Context(), ev, rc, mustParse(t, req("table", 0, fieldsInvoice, "")))
		if res != nil || errcode.ErrorCode(err) != code {
			t.Errorf("%s: Run = %v, %v", code, res, err)
		}
	}
	if n := ev.n.Load(); n != 0 {
		t.Errorf("%d scripts ran on rejected revisions", n)
	}
	var has bool
	if err := s.Evaluate(t.Context(), `Object.prototype.hasOwnProperty.call(window, '__pling')`, &has); err != nil {
		t.Fatal(err)
	}
	if has {
		t.Error("the page was touched: window.__pling exists")
	}
	// The same session then extracts normally.
	if res := mustRun(t, ev, mustParse(t, req("table", 0, fieldsInvoice, ""))); len(res.Rows) != 5 {
		t.Errorf("rows %d after rejections", len(res.Rows))
	}
}

// TestChromiumScanBounds: the collection and row scan bounds are reported,
// and content beyond them is unknown, never absent.
func TestChromiumScanBounds(t *testing.T) {
	t.Parallel()
	t.Run("collection scan", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-bounds")
		res := mustRun(t, s, mustParse(t, req("table", 0, fieldsItem, "")))
		c := res.Coverage
		if res.Found || !c.CollectionScanLimitHit || c.CollectionScanNodes != MaxCollectionScanNodes || c.RowsTotalKnown || c.RowsTotal != nil {
			t.Errorf("far table: found=%v coverage %+v", res.Found, c)
		}
		// The table exists beyond the bound: the page proves it.
		var tables int
		if err := s.Evaluate(t.Context(), `document.querySelectorAll('table').length`, &tables); err != nil || tables != 1 {
			t.Fatalf("fixture: %d tables, %v", tables, err)
		}
	})
	t.Run("row scan", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/generated/table?rows=10000")
		res := mustRun(t, s, mustParse(t, req("table", 0, `[{"name":"order","column":0,"type":"integer"}]`, `,"limit":50`)))
		c := res.Coverage
		if !res.Found || !c.RowScanLimitHit || c.RowScanNodes != MaxRowScanNodes || c.RowsTotalKnown || c.RowsTotal != nil {
			t.Errorf("coverage %+v", c)
		}
		// Every visible row found is counted, far fewer than 10,001.
		if c.RowsSeen < 600 || c.RowsSeen > 700 || c.RowsOmittedByLimit != c.RowsSeen-50 || !c.RowLimitHit || len(res.Rows) != 50 {
			t.Errorf("rows: seen %d, omitted %d, returned %d", c.RowsSeen, c.RowsOmittedByLimit, len(res.Rows))
		}
		for i, r := range res.Rows[1:] {
			if r.Values["order"] != float64(i+1) {
				t.Fatalf("row %d: %v", i+1, r.Values)
			}
		}
	})
}

// TestChromiumSizeCap: a result over 64 KiB loses whole trailing rows,
// counted; what remains is never a clipped record.
func TestChromiumSizeCap(t *testing.T) {
	t.Parallel()
	s := testbrowser.Open(t, "/extract-wide")
	var fields []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		fields = append(fields, `{"name":"`+n+`","column":`+itoa(int(n[0]-'a'))+`,"type":"string","required":true}`)
	}
	res := mustRun(t, s, mustParse(t, req("table", 0, "["+strings.Join(fields, ",")+"]", `,"limit":50`)))
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Coverage
	if len(b) > MaxResultBytes {
		t.Errorf("result is %d bytes", len(b))
	}
	if c.RowsOmittedBySize == 0 || len(res.Rows)+c.RowsOmittedBySize != 50 || c.RowsOmittedByLimit != 10 || c.RowsReturned != len(res.Rows) {
		t.Errorf("rows %d, coverage %+v", len(res.Rows), c)
	}
	for i, r := range res.Rows {
		if r.Status != RowOK || r.Position != i {
			t.Fatalf("row %d: %+v", i, r)
		}
		for _, n := range "abcdefgh" {
			v, _ := r.Values[string(n)].(string)
			if len(v) != 250 || !strings.HasPrefix(v, "r"+itoa(i)+"c"+itoa(int(n-'a'))+" ") {
				t.Fatalf("row %d field %c: %q", i, n, v)
			}
		}
	}
	// The model budget path: a smaller Fit, same rules.
	small, rep := Fit(res, 8<<10)
	if small == nil || rep.RowsOmitted == 0 || small.Coverage.RowsOmittedBySize != c.RowsOmittedBySize+rep.RowsOmitted {
		t.Errorf("Fit 8 KiB: %+v", rep)
	}
	if _, rep := Fit(res, 100); !rep.EnvelopeOmitted {
		t.Errorf("Fit 100 bytes: %+v", rep)
	}
}

// TestChromiumEvidence: two reads of the same page have fresh references
// and the same digest; a stored result replays to the same digest.
func TestChromiumEvidence(t *testing.T) {
	t.Parallel()
	s := testbrowser.Open(t, "/extract-table")
	r := mustParse(t, req("table", 0, fieldsInvoice, ""))
	a := mustRun(t, s, r)
	b := mustRun(t, s, r)
	seen := map[string]bool{}
	for _, res := range []*Result{a, b} {
		for _, row := range res.Rows {
			if !refPattern.MatchString(row.Ref) || seen[row.Ref] {
				t.Errorf("reference %q reused or malformed", row.Ref)
			}
			seen[row.Ref] = true
		}
	}
	if Digest(a) != Digest(b) {
		t.Errorf("digests differ: %s %s", Digest(a), Digest(b))
	}
	stored, _ := json.Marshal(a)
	var replay Result
	if err := json.Unmarshal(stored, &replay); err != nil {
		t.Fatal(err)
	}
	if Digest(&replay) != Digest(a) {
		t.Error("replayed result digests differently")
	}
	// A changed page changes the digest.
	if err := s.Evaluate(t.Context(), `document.querySelector('#invoices tbody td').textContent = '1009'`, nil); err != nil {
		t.Fatal(err)
	}
	if c := mustRun(t, s, r); Digest(c) == Digest(a) {
		t.Error("a changed cell keeps the digest")
	}
}

// TestChromiumSecretCanary: values typed into a password field, a text
// input, a textarea and a contenteditable never appear in any output.
func TestChromiumSecretCanary(t *testing.T) {
	t.Parallel()
	const canary = "CANARY-7f3a9c-SECRET"
	typeInto := func(t *testing.T, s *browser.Session, ids ...string) {
		t.Helper()
		for _, id := range ids {
			js := `(() => { const e = document.getElementById(` + itoaQ(id) + `); e.focus();
				if (e.isContentEditable) { document.getSelection().selectAllChildren(e); } else { e.select(); }
				document.execCommand('insertText', false, ` + itoaQ(canary) + `);
				return e.isContentEditable ? e.textContent : e.value; })()`
			var got string
			if err := s.Evaluate(t.Context(), js, &got); err != nil {
				t.Fatal(err)
			}
			if got != canary {
				t.Fatalf("typing into #%s gave %q", id, got)
			}
		}
	}
	check := func(t *testing.T, res *Result) {
		t.Helper()
		b, _ := json.Marshal(res)
		var csv strings.Builder
		if err := WriteCSV(&csv, res); err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{string(b), csv.String()} {
			if strings.Contains(out, "CANARY") || strings.Contains(out, "INITIAL-VALUE") || strings.Contains(out, "HIDDEN-INPUT-VALUE") ||
				strings.Contains(out, "AREA-TEXT") || strings.Contains(out, "OPT-") || strings.Contains(out, "Japan") || strings.Contains(out, "France") {
				t.Errorf("a value leaked:\n%s", out)
			}
		}
	}
	t.Run("form", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-form")
		typeInto(t, s, "pw", "name", "email", "bio", "editor", "q")
		for _, i := range []int{0, 1} {
			check(t, mustRun(t, s, mustParse(t, req("form", i, fieldsForm, `,"limit":50`))))
		}
		// Labels are still read: the fields are identified, not valued.
		res := mustRun(t, s, mustParse(t, req("form", 0, fieldsForm, `,"limit":50`)))
		if res.Rows[2].Values["label"] != "Account password" || res.Rows[1].Values["label"] != "Full name" {
			t.Errorf("labels: %v / %v", res.Rows[2].Values, res.Rows[1].Values)
		}
	})
	t.Run("table cells", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-hidden")
		typeInto(t, s, "cell-input", "cell-textarea", "cell-editable")
		check(t, mustRun(t, s, mustParse(t, req("table", 0, `[{"name":"a","column":0,"type":"string"},{"name":"b","column":1,"type":"string"}]`, `,"limit":50`))))
	})
}

func itoaQ(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestChromiumCancellation: a cancelled read fails without references, and
// the session stays usable.
func TestChromiumCancellation(t *testing.T) {
	t.Parallel()
	s := testbrowser.Open(t, "/extract-slow")
	r := mustParse(t, req("table", 0, fieldsItem, ""))
	t.Run("before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		ev := &countingEval{Evaluator: s}
		res, err := Run(ctx, ev, &fakeChecker{}, r)
		if res != nil || errcode.ErrorCode(err) != errcode.Timeout || ev.n.Load() != 0 {
			t.Errorf("Run = %v, %v after %d scripts", res, err, ev.n.Load())
		}
	})
	t.Run("while the page is busy", func(t *testing.T) {
		var armed bool
		if err := s.Evaluate(t.Context(), `window.slowOnce()`, &armed); err != nil || !armed {
			t.Fatalf("arm: %v", err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		defer cancel()
		ev := &lastErrEval{Evaluator: s}
		res, err := Run(ctx, ev, &docChecker{doc: probeDoc(t, s)}, r)
		if res != nil || errcode.ErrorCode(err) != errcode.Timeout || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Run = %v, %v", res, err)
		}
		// The mechanism, not a wall-clock bound: the page busy-waits 3 s in
		// the read, so a read that ran to its end would have answered
		// (nil); the evaluation was abandoned on the deadline instead.
		if n, last := ev.last(); n == 0 || !errors.Is(last, context.DeadlineExceeded) {
			t.Errorf("the read's evaluation (%d run) ended with %v, want abandoned on the context's deadline", n, last)
		}
	})
	t.Run("then usable", func(t *testing.T) {
		res := mustRun(t, s, r)
		if !res.Found || len(res.Rows) != 2 || res.Rows[1].Values["item"] != "2" {
			t.Errorf("after cancellation: %+v", res)
		}
	})
}

func probeDoc(t *testing.T, s *browser.Session) string {
	t.Helper()
	var raw rawResult
	if err := s.CallScript(t.Context(), script, scriptArgs{Probe: true}, &raw); err != nil || raw.DocID == "" {
		t.Fatalf("probe: %q, %v", raw.DocID, err)
	}
	return raw.DocID
}

// navChecker accepts the revision and then navigates, the race between
// the check and the read.
type navChecker struct {
	s   *browser.Session
	to  string
	doc string
	err error
}

func (c *navChecker) CheckRevision(string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c.err = c.s.Navigate(ctx, c.to)
	return nil
}

func (c *navChecker) DocumentID() string { return c.doc }

// navEval navigates just before the read (after the probe).
type navEval struct {
	s  *browser.Session
	to string
}

func (e *navEval) CallScript(ctx context.Context, src string, args, out any) error {
	if a, ok := args.(scriptArgs); ok && !a.Probe {
		if err := e.s.Navigate(ctx, e.to); err != nil {
			return err
		}
	}
	return e.s.CallScript(ctx, src, args, out)
}

// TestChromiumNavigationRace: a navigation between the revision check and
// the read fails the read with NAVIGATED, reads nothing of the new page,
// and the next extraction works.
func TestChromiumNavigationRace(t *testing.T) {
	t.Parallel()
	base := testbrowser.FixturesURL(t)
	r := mustParse(t, req("table", 0, fieldsInvoice, ""))
	t.Run("checker knows the document", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-table")
		rc := &navChecker{s: s, to: base + "/extract-spans", doc: probeDoc(t, s)}
		res, err := Run(t.Context(), s, rc, r)
		if rc.err != nil {
			t.Fatal(rc.err)
		}
		if res != nil || errcode.ErrorCode(err) != errcode.Navigated {
			t.Errorf("Run = %v, %v", res, err)
		}
		after := mustRun(t, s, mustParse(t, req("table", 0, fieldsItem, "")))
		if after.Label != "Scores" {
			t.Errorf("next extraction read %q", after.Label)
		}
	})
	t.Run("probed document", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-table")
		res, err := Run(t.Context(), &navEval{s: s, to: base + "/extract-grid"}, &fakeChecker{}, r)
		if res != nil || errcode.ErrorCode(err) != errcode.Navigated {
			t.Errorf("Run = %v, %v", res, err)
		}
		if after := mustRun(t, s, mustParse(t, req("table", 0, fieldsItem, ""))); after.Role != "grid" {
			t.Errorf("next extraction: role %q", after.Role)
		}
	})
}

// TestChromiumRegistry: the script shares window.__pling with the page
// collector: it adopts an existing registry, never replaces it, and creates
// a hidden one when absent.
func TestChromiumRegistry(t *testing.T) {
	t.Parallel()
	t.Run("absent: created hidden and stable", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-list")
		a, b := probeDoc(t, s), probeDoc(t, s)
		var keys struct {
			Enumerable bool   `json:"enumerable"`
			Doc        bool   `json:"doc"`
			ID         string `json:"id"`
		}
		if err := s.Evaluate(t.Context(), `({enumerable: Object.keys(window).includes('__pling'), doc: window.__pling.doc === document, id: window.__pling.docId})`, &keys); err != nil {
			t.Fatal(err)
		}
		if a != b || len(a) != 32 || keys.Enumerable || !keys.Doc || keys.ID != a {
			t.Errorf("ids %q %q, registry %+v", a, b, keys)
		}
	})
	t.Run("existing: adopted, not clobbered", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-list")
		if err := s.Evaluate(t.Context(), `Object.defineProperty(window, '__pling', {value: {docId: 'collector-doc', doc: document, keep: 42}, enumerable: false, configurable: true}); 1`, nil); err != nil {
			t.Fatal(err)
		}
		if got := probeDoc(t, s); got != "collector-doc" {
			t.Errorf("doc id %q", got)
		}
		mustRun(t, s, mustParse(t, req("list", 0, fieldsItem, "")))
		var keep int
		if err := s.Evaluate(t.Context(), `window.__pling.keep`, &keep); err != nil || keep != 42 {
			t.Errorf("registry clobbered: keep=%d %v", keep, err)
		}
	})
	t.Run("an earlier document's registry is not trusted", func(t *testing.T) {
		t.Parallel()
		s := testbrowser.Open(t, "/extract-list")
		if err := s.Evaluate(t.Context(), `Object.defineProperty(window, '__pling', {value: {docId: 'old-doc', doc: document.implementation.createHTMLDocument('')}, enumerable: false, configurable: true}); 1`, nil); err != nil {
			t.Fatal(err)
		}
		if got := probeDoc(t, s); got == "old-doc" || got == "" {
			t.Errorf("doc id %q", got)
		}
	})
}

// TestChromiumCellBounds pins the cell budgets: 256 UTF-16 units kept
// without splitting a surrogate pair, 256 nodes visited, labels resolved
// from at most 8 ids and 1,024 id characters, ancestor checks sharing the
// budget.
func TestChromiumCellBounds(t *testing.T) {
	t.Parallel()
	s := testbrowser.Open(t, "/extract-hidden")
	res := mustRun(t, s, mustParse(t, req("table", 0, `[{"name":"case","column":0,"type":"string"},{"name":"content","column":1,"type":"string"}]`, `,"limit":50`)))
	byCase := map[string]Row{}
	for _, r := range res.Rows {
		if c, ok := r.Values["case"].(string); ok {
			byCase[c] = r
		}
	}
	utf16Len := func(s string) int { return len(utf16.Encode([]rune(s))) }
	tests := []struct {
		name    string
		status  Status
		text    string // exact, or "" to check prefix/len below
		units   int
		allSame rune
	}{
		{"long", StatusTruncated, "", 256, 'L'},
		{"surrogate at the cut", StatusTruncated, "", 255, 'a'},
		{"deep", StatusTruncated, "", 0, 0},
		{"wide", StatusTruncated, "", -1, 'w'},
	}
	for _, tt := range tests {
		r, ok := byCase[tt.name]
		if !ok {
			t.Fatalf("no row %q", tt.name)
		}
		is := r.Issues["content"]
		if is.Status != tt.status || r.Status != RowSchemaInvalid || r.Values["content"] != nil {
			t.Errorf("%s: %+v", tt.name, r)
		}
		if !utf8.ValidString(is.Text) || strings.ContainsRune(is.Text, utf8.RuneError) {
			t.Errorf("%s: invalid text %q", tt.name, is.Text)
		}
		if tt.units >= 0 && utf16Len(is.Text) != tt.units {
			t.Errorf("%s: %d units, want %d", tt.name, utf16Len(is.Text), tt.units)
		}
		if tt.units < 0 && (utf16Len(is.Text) == 0 || utf16Len(is.Text) >= MaxCellNodes/2+1) {
			t.Errorf("%s: %d units", tt.name, utf16Len(is.Text))
		}
		if tt.allSame != 0 && strings.Trim(is.Text, string(tt.allSame)) != "" {
			t.Errorf("%s: text %q", tt.name, is.Text)
		}
	}
	if full := byCase["exactly full"]; full.Status != RowOK || utf16Len(full.Values["content"].(string)) != 256 {
		t.Errorf("a 256-unit cell is complete: %+v", full.Issues)
	}

	f := testbrowser.Open(t, "/extract-form")
	form := mustRun(t, f, mustParse(t, req("form", 0, `[{"name":"label","column":0,"type":"string"}]`, `,"limit":50`)))
	labels := map[string]Issue{}
	var names []any
	for _, r := range form.Rows {
		names = append(names, r.Values["label"])
		if is, ok := r.Issues["label"]; ok {
			labels[is.Text] = is
		}
	}
	// Nine ids: the first eight are resolved and the cell is truncated.
	if is := labels["w1 w2 w3 w4 w5 w6 w7 w8"]; is.Status != StatusTruncated {
		t.Errorf("nine ids: %+v (labels %v)", labels, names)
	}
	// Hidden and aria-hidden labels are excluded.
	if !slices.Contains(names, any("Visible part")) {
		t.Errorf("hidden labels: %v", names)
	}
	// Over 1,024 id characters, and a label whose ancestors exhaust the
	// budget: both truncated with no text.
	if is := labels[""]; is.Status != StatusTruncated || form.Coverage.CellsTruncated != 3 {
		t.Errorf("clipped id list / deep label: %+v, %d truncated", labels, form.Coverage.CellsTruncated)
	}
}

// TestChromiumFieldValuesStayOut: issue 18 pt 3 shows a non-secret field's
// value in the observation; ADR-0161's extraction still never reads one.
// On the wiki edit form the observation (the page package's collector,
// run first in the same tab) holds the edit box's text, while a form
// extraction yields the fields' labels and no value of any field, secret
// or not.
func TestChromiumFieldValuesStayOut(t *testing.T) {
	t.Parallel()
	s := testbrowser.New(t)
	base := testbrowser.Serve(t, http.FileServer(http.Dir(filepath.Join("..", "page", "testdata", "realapp"))))
	rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: page.DefaultBudgets(), SettleTimeout: 2 * time.Second})
	o, err := rt.Navigate(t.Context(), base+"/wikiedit.html")
	if err != nil {
		t.Fatal(err)
	}
	if obs := page.Render(o.Observation, page.DefaultBudgets()); !strings.Contains(obs, `"Welcome to the staff handbook.`) || !strings.Contains(obs, `"Fix typo"`) {
		t.Fatalf("the observation does not show the field values:\n%s", obs)
	}
	res := mustRun(t, s, mustParse(t, req("form", 0, fieldsForm, `,"limit":50`)))
	b, _ := json.Marshal(res)
	var csv strings.Builder
	if err := WriteCSV(&csv, res); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{string(b), csv.String()} {
		for _, v := range []string{"Welcome to the staff", "two weeks", "Fix typo", "No change", "canary-"} {
			if strings.Contains(out, v) {
				t.Errorf("the extraction holds the value %q:\n%s", v, out)
			}
		}
	}
	labels := map[string]bool{}
	for _, r := range res.Rows {
		if l, ok := r.Values["label"].(string); ok {
			labels[l] = true
		}
	}
	for _, l := range []string{"Page source", "Summary", "Password (to confirm)"} {
		if !labels[l] {
			t.Errorf("no row labelled %q in %s", l, b)
		}
	}
}
