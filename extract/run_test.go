package extract

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/pling-dev/pling/errcode"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeEval stands in for the browser: it records every script call and
// answers probes with probeDoc and reads with read.
type fakeEval struct {
	calls    []scriptArgs
	probeDoc string
	read     any // a rawResult or any JSON-able value
	err      error
	before   func(ctx context.Context, a scriptArgs) // runs at each call
}

func (f *fakeEval) CallScript(ctx context.Context, script string, args any, out any) error {
	if !strings.Contains(script, "function extract(args)") {
		return errors.New("not the extraction script")
	}
	a := args.(scriptArgs)
	f.calls = append(f.calls, a)
	if f.before != nil {
		f.before(ctx, a)
	}
	if f.err != nil {
		return f.err
	}
	var v any = f.read
	if a.Probe {
		v = rawResult{DocID: f.probeDoc}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

// reads counts the collecting calls (not probes).
func (f *fakeEval) reads() int {
	n := 0
	for _, c := range f.calls {
		if !c.Probe {
			n++
		}
	}
	return n
}

type fakeChecker struct {
	err   error
	calls int
}

func (c *fakeChecker) CheckRevision(expected string) error {
	c.calls++
	return c.err
}

// docChecker also knows the document its revision was observed in.
type docChecker struct {
	fakeChecker
	doc string
}

func (c *docChecker) DocumentID() string { return c.doc }

func tableRequest() Request {
	return Request{ExpectedRevision: "r3", Kind: KindTable, Index: 0, Limit: 2, Fields: []Field{
		{Name: "id", Column: 0, Type: TypeInteger, Required: true},
		{Name: "paid", Column: 3, Type: TypeBoolean},
	}}
}

func goodRead(doc string) rawResult {
	return rawResult{DocID: doc, Found: true, Role: "table", Scan: rawScan{Nodes: 10}, RowScan: rawScan{Nodes: 20},
		RowsSeen: 3, Rows: []rawRow{
			{Cells: []rawCell{{Text: "1", Present: true}, {Text: "true", Present: true}}},
			{Cells: []rawCell{{Text: "2", Present: true}, {Text: "", Present: true}}},
		}}
}

// TestRunChecksRevisionFirst: a rejected revision reaches the caller with
// its own code and nothing is collected (not even a probe).
func TestRunChecksRevisionFirst(t *testing.T) {
	t.Parallel()
	for _, code := range []errcode.Code{errcode.StaleRevision, errcode.ForeignRevision, errcode.Navigated} {
		t.Run(string(code), func(t *testing.T) {
			ev := &fakeEval{probeDoc: "d1", read: goodRead("d1")}
			rejection := errcode.Errorf(code, "revision r3 is not current")
			rc := &fakeChecker{err: rejection}
			res, err := Run(t.Context(), ev, rc, tableRequest())
			if res != nil {
				t.Errorf("result %+v on a rejected revision", res)
			}
			if err != rejection || errcode.ErrorCode(err) != code {
				t.Errorf("error %v, want the checker's error unchanged", err)
			}
			if rc.calls != 1 || len(ev.calls) != 0 {
				t.Errorf("checker calls %d, collector calls %d; want 1 and 0", rc.calls, len(ev.calls))
			}
		})
	}
	t.Run("foreign error type", func(t *testing.T) {
		ev := &fakeEval{}
		type pageError struct{ error }
		perr := pageError{errors.New("STALE_REVISION: r2 is old")}
		_, err := Run(t.Context(), ev, &fakeChecker{err: perr}, tableRequest())
		var got pageError
		if !errors.As(err, &got) || len(ev.calls) != 0 {
			t.Errorf("error %v, calls %d", err, len(ev.calls))
		}
	})
}

func TestRunInvalidRequestTouchesNothing(t *testing.T) {
	t.Parallel()
	ev := &fakeEval{}
	rc := &fakeChecker{}
	req := tableRequest()
	req.Fields = append(req.Fields, Field{Name: "id", Column: 1, Type: TypeString})
	_, err := Run(t.Context(), ev, rc, req)
	if errcode.ErrorCode(err) != errcode.InvalidArgument || rc.calls != 0 || len(ev.calls) != 0 {
		t.Errorf("error %v, checker calls %d, collector calls %d", err, rc.calls, len(ev.calls))
	}
}

func TestRunDocumentPaths(t *testing.T) {
	t.Parallel()
	t.Run("checker knows the document: one round trip", func(t *testing.T) {
		ev := &fakeEval{read: goodRead("d1")}
		res, err := Run(t.Context(), ev, &docChecker{doc: "d1"}, tableRequest())
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.calls) != 1 || ev.calls[0].ExpectDoc != "d1" || ev.calls[0].Probe {
			t.Errorf("calls %+v", ev.calls)
		}
		if len(res.Rows) != 2 {
			t.Errorf("rows %d", len(res.Rows))
		}
	})
	t.Run("probe after the check", func(t *testing.T) {
		ev := &fakeEval{probeDoc: "d1", read: goodRead("d1")}
		rc := &fakeChecker{}
		ev.before = func(context.Context, scriptArgs) {
			if rc.calls != 1 {
				t.Error("the page was touched before the revision check")
			}
		}
		if _, err := Run(t.Context(), ev, rc, tableRequest()); err != nil {
			t.Fatal(err)
		}
		if len(ev.calls) != 2 || !ev.calls[0].Probe || ev.calls[1].ExpectDoc != "d1" {
			t.Errorf("calls %+v", ev.calls)
		}
	})
	nav := []struct {
		name string
		rc   RevisionChecker
		ev   *fakeEval
		code errcode.Code
	}{
		{"script saw another document", &docChecker{doc: "d1"}, &fakeEval{read: rawResult{DocID: "d2", Navigated: true}}, errcode.Navigated},
		{"answer from another document", &docChecker{doc: "d1"}, &fakeEval{read: goodRead("d2")}, errcode.Navigated},
		{"navigated after the probe", &fakeChecker{}, &fakeEval{probeDoc: "d1", read: goodRead("d2")}, errcode.Navigated},
		{"no document id", &fakeChecker{}, &fakeEval{probeDoc: "", read: goodRead("")}, errcode.CaptureFailed},
		{"checker without id", &docChecker{doc: ""}, &fakeEval{read: goodRead("d1")}, errcode.CaptureFailed},
		{"read answers without id", &docChecker{doc: "d1"}, &fakeEval{read: goodRead("")}, errcode.CaptureFailed},
		{"script error", &docChecker{doc: "d1"}, &fakeEval{err: errors.New("Execution context was destroyed.")}, errcode.CaptureFailed},
	}
	for _, tt := range nav {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(t.Context(), tt.ev, tt.rc, tableRequest())
			if res != nil || errcode.ErrorCode(err) != tt.code {
				t.Errorf("Run = %v, %v; want nil and %s", res, err, tt.code)
			}
		})
	}
}

func TestRunCancellation(t *testing.T) {
	t.Parallel()
	t.Run("cancelled before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		ev := &fakeEval{probeDoc: "d1", read: goodRead("d1")}
		rc := &fakeChecker{}
		res, err := Run(ctx, ev, rc, tableRequest())
		if res != nil || errcode.ErrorCode(err) != errcode.Timeout || !errors.Is(err, context.Canceled) {
			t.Errorf("Run = %v, %v", res, err)
		}
		if rc.calls != 0 || len(ev.calls) != 0 {
			t.Errorf("checker %d, collector %d calls after cancellation", rc.calls, len(ev.calls))
		}
	})
	t.Run("cancelled while reading: the late answer is dropped", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		ev := &fakeEval{read: goodRead("d1"), before: func(_ context.Context, a scriptArgs) {
			if !a.Probe {
				cancel()
			}
		}}
		res, err := Run(ctx, ev, &docChecker{doc: "d1"}, tableRequest())
		if res != nil || errcode.ErrorCode(err) != errcode.Timeout {
			t.Errorf("Run = %v, %v", res, err)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 0)
		defer cancel()
		<-ctx.Done()
		_, err := Run(ctx, &fakeEval{}, &fakeChecker{}, tableRequest())
		if errcode.ErrorCode(err) != errcode.Timeout || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err %v", err)
		}
	})
}

var refPattern = regexp.MustCompile(`^ev_[0-9a-f]{16}_[0-9]+$`)

// TestRunBuild checks the conversion of a read into rows and coverage.
func TestRunBuild(t *testing.T) {
	t.Parallel()
	ev := &fakeEval{read: goodRead("d1")}
	res, err := Run(t.Context(), ev, &docChecker{doc: "d1"}, tableRequest())
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res.Rows {
		if !refPattern.MatchString(r.Ref) || !strings.HasSuffix(r.Ref, "_"+string(rune('0'+i))) {
			t.Errorf("row %d ref %q", i, r.Ref)
		}
		res.Rows[i].Ref = ""
	}
	three := 3
	want := &Result{
		Kind: KindTable, Found: true, Role: "table", Fields: tableRequest().Fields, Trust: Trust,
		Rows: []Row{
			{Position: 0, Status: RowOK, Values: map[string]any{"id": 1.0, "paid": true}},
			{Position: 1, Status: RowOK, Values: map[string]any{"id": 2.0, "paid": nil}, Issues: map[string]Issue{"paid": {Status: StatusMissing}}},
		},
		Coverage: Coverage{
			CollectionScanNodes: 10, RowScanNodes: 20, RowsSeen: 3, RowsTotal: &three, RowsTotalKnown: true,
			RowLimit: 2, RowLimitHit: true, RowsReturned: 2, RowsOmittedByLimit: 1,
		},
	}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result mismatch (-want +got):\n%s", diff)
	}
	if got := ev.calls[0]; got.MaxScanNodes != 8192 || got.MaxRowNodes != 4096 || got.MaxCellNodes != 256 ||
		got.MaxCellUnits != 256 || got.MaxLabels != 8 || got.MaxIDChars != 1024 || got.Limit != 2 ||
		!cmp.Equal(got.Columns, []int{0, 3}) {
		t.Errorf("script args %+v", got)
	}
}

// TestRunDistrustsThePage: whatever the page makes the script return, Go
// re-applies the bounds.
func TestRunDistrustsThePage(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("😀", 300)
	raw := rawResult{DocID: "d1", Found: true, Role: "<script>", Label: rawCell{Text: huge},
		CollectionsSeen: 1 << 30, Scan: rawScan{Nodes: -5}, RowScan: rawScan{Nodes: 1 << 30}, RowsSeen: -1, RowsHidden: -3}
	for range 500 {
		raw.Rows = append(raw.Rows, rawRow{Cells: []rawCell{{Text: huge, Present: true}, {Text: "true", Present: true}, {Text: "extra", Present: true}}})
	}
	res, err := Run(t.Context(), &fakeEval{read: raw}, &docChecker{doc: "d1"}, tableRequest())
	if err != nil {
		t.Fatal(err)
	}
	c := res.Coverage
	if len(res.Rows) != 2 || res.Role != "" || !res.LabelTruncated || len([]rune(res.Label)) != 128 {
		t.Errorf("rows %d, role %q, label %d runes truncated=%v", len(res.Rows), res.Role, len([]rune(res.Label)), res.LabelTruncated)
	}
	if c.CollectionsSeen != MaxIndex+1 || c.CollectionScanNodes != 0 || c.RowScanNodes != MaxRowScanNodes || c.RowsSeen != 2 || c.RowsHidden != 0 {
		t.Errorf("coverage %+v", c)
	}
	is := res.Rows[0].Issues["id"]
	if is.Status != StatusTruncated || len([]rune(is.Text)) != 128 || res.Rows[0].Values["id"] != nil {
		t.Errorf("oversized cell: %+v", is)
	}
}

// TestRunNotFound: an absent collection is a result, not an error; a cut
// scan says the collection may exist beyond it.
func TestRunNotFound(t *testing.T) {
	t.Parallel()
	raw := rawResult{DocID: "d1", Found: false, CollectionsSeen: 1, Scan: rawScan{Nodes: 8192, LimitHit: true}}
	res, err := Run(t.Context(), &fakeEval{read: raw}, &docChecker{doc: "d1"}, tableRequest())
	if err != nil {
		t.Fatal(err)
	}
	if res.Found || len(res.Rows) != 0 || res.Rows == nil || res.Coverage.RowsTotalKnown || res.Coverage.RowsTotal != nil || !res.Coverage.CollectionScanLimitHit {
		t.Errorf("result %+v", res)
	}
}

func TestRunNilDependencies(t *testing.T) {
	t.Parallel()
	if _, err := Run(t.Context(), nil, &fakeChecker{}, tableRequest()); err == nil {
		t.Error("nil evaluator accepted")
	}
	if _, err := Run(t.Context(), &fakeEval{}, nil, tableRequest()); err == nil {
		t.Error("nil checker accepted")
	}
}
