package extract

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"github.com/pling-dev/pling/errcode"
	"slices"
	"strconv"

	"github.com/pling-dev/pling/budget"
)

// script is the in-page collector; see the comment at the top of
// extract.js for what it returns.
//
//go:embed extract.gen.js
var script string

// Evaluator runs a JavaScript function expression in the page's main world,
// applied to args encoded as JSON, and decodes its JSON result into out, in
// one round trip. *browser.Session satisfies it.
type Evaluator interface {
	CallScript(ctx context.Context, script string, args any, out any) error
}

// RevisionChecker decides whether expected_revision still describes the
// page. Run calls it before anything is collected; on an error Run collects
// nothing and returns that error unchanged, so the implementation's own
// typed error (with errcode.StaleRevision, errcode.ForeignRevision or errcode.Navigated
// when it uses *errcode.Error) reaches the caller.
type RevisionChecker interface {
	CheckRevision(expected string) error
}

// DocumentIdentifier is an optional interface of a RevisionChecker: the id
// of the document the accepted revision was observed in, as the page
// collector reads it from window.__pling.docId. When the checker implements
// it, Run reads only if the page still shows that document; otherwise Run
// probes the document id right after the check (one extra round trip) and
// reads only if it is unchanged. Either way a navigation between the check
// and the read fails with errcode.Navigated; only DocumentID also covers a
// navigation that happened before the check.
type DocumentIdentifier interface {
	DocumentID() string
}

// scriptArgs is what extract.js receives.
type scriptArgs struct {
	Probe        bool   `json:"probe,omitempty"`
	ExpectDoc    string `json:"expect_doc,omitempty"`
	Kind         Kind   `json:"kind,omitempty"`
	Index        int    `json:"index"`
	Columns      []int  `json:"columns,omitempty"`
	Limit        int    `json:"limit,omitempty"`
	MaxScanNodes int    `json:"max_scan_nodes"`
	MaxRowNodes  int    `json:"max_row_nodes"`
	MaxCellNodes int    `json:"max_cell_nodes"`
	MaxCellUnits int    `json:"max_cell_units"`
	MaxLabels    int    `json:"max_labels"`
	MaxIDChars   int    `json:"max_id_chars"`
}

// rawResult is what extract.js returns. Go trusts none of it: build
// re-applies every bound.
type rawResult struct {
	DocID           string   `json:"doc_id"`
	Navigated       bool     `json:"navigated"`
	Found           bool     `json:"found"`
	Role            string   `json:"role"`
	Label           rawCell  `json:"label"`
	CollectionsSeen int      `json:"collections_seen"`
	Scan            rawScan  `json:"scan"`
	RowScan         rawScan  `json:"row_scan"`
	RowsSeen        int      `json:"rows_seen"`
	RowsHidden      int      `json:"rows_hidden"`
	Rows            []rawRow `json:"rows"`
}

type rawScan struct {
	Nodes    int  `json:"nodes"`
	LimitHit bool `json:"limit_hit"`
}

type rawRow struct {
	Header      bool      `json:"h"`
	Unsupported bool      `json:"u"`
	Cells       []rawCell `json:"c"`
}

type rawCell struct {
	Text      string `json:"t"`
	Truncated bool   `json:"x"`
	Present   bool   `json:"p"`
}

// Run performs one extraction: it validates req, checks the revision
// through rc (collecting nothing when that fails), reads the collection in
// one round trip through ev, converts the cells to typed values in Go, caps
// the result at MaxResultBytes with Fit, and only then mints fresh evidence
// references. On any error the result is nil: a failed read publishes no
// references.
//
// Errors: errcode.InvalidArgument for a bad request; whatever rc returns;
// errcode.Navigated when the page is no longer the checked document;
// errcode.Timeout (wrapping ctx.Err(): the reason says cancelled or timed out) when ctx ends first,
// even if the page answered; errcode.CaptureFailed when the read itself fails.
func Run(ctx context.Context, ev Evaluator, rc RevisionChecker, req Request) (*Result, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if ev == nil || rc == nil {
		return nil, errors.New("extract: nil evaluator or revision checker")
	}
	if err := ctxErr(ctx); err != nil {
		return nil, err
	}
	if err := rc.CheckRevision(req.ExpectedRevision); err != nil {
		return nil, err
	}
	var want string
	if d, ok := rc.(DocumentIdentifier); ok {
		want = d.DocumentID()
	} else {
		var probe rawResult
		if err := call(ctx, ev, scriptArgs{Probe: true}, &probe); err != nil {
			return nil, err
		}
		want = probe.DocID
	}
	if want == "" {
		return nil, &errcode.Error{Code: errcode.CaptureFailed, Reason: "the page has no document id to check the read against"}
	}
	limit := req.RowLimit()
	cols := columns(req.Fields)
	var raw rawResult
	err := call(ctx, ev, scriptArgs{
		ExpectDoc:    want,
		Kind:         req.Kind,
		Index:        req.Index,
		Columns:      cols,
		Limit:        limit,
		MaxScanNodes: MaxCollectionScanNodes,
		MaxRowNodes:  MaxRowScanNodes,
		MaxCellNodes: MaxCellNodes,
		MaxCellUnits: MaxCellUnits,
		MaxLabels:    MaxLabels,
		MaxIDChars:   MaxLabelIDChars,
	}, &raw)
	if err != nil {
		return nil, err
	}
	if raw.DocID == "" {
		return nil, &errcode.Error{Code: errcode.CaptureFailed, Reason: "the page returned no document id"}
	}
	if raw.Navigated || raw.DocID != want {
		return nil, &errcode.Error{Code: errcode.Navigated, Reason: "the page navigated after the revision was checked; observe again"}
	}
	res := build(req, cols, &raw)
	res, _ = Fit(res, MaxResultBytes) // the envelope alone always fits 64 KiB
	if res == nil {
		return nil, &errcode.Error{Code: errcode.CaptureFailed, Reason: "the extraction envelope exceeds the result cap"}
	}
	if err := ctxErr(ctx); err != nil {
		return nil, err
	}
	if err := mintRefs(res); err != nil {
		return nil, err
	}
	return res, nil
}

// call runs the script once and classifies its failure.
func call(ctx context.Context, ev Evaluator, args scriptArgs, out *rawResult) error {
	err := ev.CallScript(ctx, script, args, out)
	if cerr := ctxErr(ctx); cerr != nil {
		return cerr // a late answer after cancellation is discarded
	}
	if err != nil {
		return &errcode.Error{Code: errcode.CaptureFailed, Reason: "read the page", Err: err}
	}
	return nil
}

func ctxErr(ctx context.Context) error {
	err := ctx.Err()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return &errcode.Error{Code: errcode.Timeout, Reason: "extraction timed out", Err: err}
	default:
		return &errcode.Error{Code: errcode.Timeout, Reason: "extraction cancelled", Err: err}
	}
}

// columns lists the distinct requested columns in ascending order: the
// script summarizes each once however many fields read it.
func columns(fields []Field) []int {
	var cols []int
	for _, f := range fields {
		if !slices.Contains(cols, f.Column) {
			cols = append(cols, f.Column)
		}
	}
	slices.Sort(cols)
	return cols
}

var knownRoles = map[Kind][]string{
	KindTable: {"table", "grid"},
	KindList:  {"list"},
	KindForm:  {"form"},
}

// build turns the script's raw facts into a Result, re-applying every
// bound (the page can tamper with the script's environment) and converting
// every cell.
func build(req Request, cols []int, raw *rawResult) *Result {
	limit := req.RowLimit()
	res := &Result{
		Kind:   req.Kind,
		Index:  req.Index,
		Found:  raw.Found,
		Fields: append([]Field(nil), req.Fields...),
		Rows:   []Row{},
		Trust:  Trust,
	}
	c := &res.Coverage
	c.RowLimit = limit
	c.CollectionsSeen = clamp(raw.CollectionsSeen, 0, MaxIndex+1)
	c.CollectionScanNodes = clamp(raw.Scan.Nodes, 0, MaxCollectionScanNodes)
	c.CollectionScanLimitHit = raw.Scan.LimitHit
	if !raw.Found {
		return res
	}
	if slices.Contains(knownRoles[req.Kind], raw.Role) {
		res.Role = raw.Role
	}
	res.Label, res.LabelTruncated = boundText(raw.Label)
	c.RowScanNodes = clamp(raw.RowScan.Nodes, 0, MaxRowScanNodes)
	c.RowScanLimitHit = raw.RowScan.LimitHit
	rows := raw.Rows
	if len(rows) > limit {
		rows = rows[:limit]
	}
	c.RowsSeen = max(clamp(raw.RowsSeen, 0, MaxRowScanNodes), len(rows))
	c.RowsHidden = clamp(raw.RowsHidden, 0, MaxRowScanNodes)
	c.RowsTotalKnown = !c.RowScanLimitHit
	if c.RowsTotalKnown {
		n := c.RowsSeen
		c.RowsTotal = &n
	}
	c.RowLimitHit = c.RowsSeen > limit
	c.RowsOmittedByLimit = max(c.RowsSeen-limit, 0)
	for i, rr := range rows {
		res.Rows = append(res.Rows, buildRow(req.Fields, cols, i, rr))
	}
	res.recount()
	return res
}

func buildRow(fields []Field, cols []int, pos int, rr rawRow) Row {
	row := Row{Position: pos, Header: rr.Header, Status: RowOK, Values: make(map[string]any, len(fields))}
	if rr.Unsupported {
		row.Status = RowUnsupportedStructure
	}
	for _, f := range fields {
		row.Values[f.Name] = nil
		if rr.Unsupported {
			row.issue(f.Name, Issue{Status: StatusUnsupported})
			continue
		}
		var cell rawCell
		if i := slices.Index(cols, f.Column); i >= 0 && i < len(rr.Cells) {
			cell = rr.Cells[i]
		}
		text, truncated := boundText(cell)
		switch {
		case truncated:
			row.issue(f.Name, Issue{Status: StatusTruncated, Text: text})
			row.Status = RowSchemaInvalid
		case !cell.Present || text == "":
			row.issue(f.Name, Issue{Status: StatusMissing})
			if f.Required {
				row.Status = RowSchemaInvalid
			}
		default:
			v, st := Convert(text, f.Type)
			if st != StatusOK {
				row.issue(f.Name, Issue{Status: st, Text: text})
				row.Status = RowSchemaInvalid
				continue
			}
			row.Values[f.Name] = v
		}
	}
	return row
}

func (r *Row) issue(name string, is Issue) {
	if r.Issues == nil {
		r.Issues = make(map[string]Issue)
	}
	r.Issues[name] = is
}

// boundText re-bounds a summary from the page: at most MaxCellUnits UTF-16
// units, never splitting a surrogate pair; a cut marks it truncated.
func boundText(c rawCell) (string, bool) {
	if !c.Present && c.Text == "" {
		return "", c.Truncated
	}
	t, cut := budget.TruncateUTF16(c.Text, MaxCellUnits)
	return t, c.Truncated || cut
}

func clamp(n, lo, hi int) int {
	return min(max(n, lo), hi)
}

// mintRefs gives every row a fresh evidence reference. The random part is
// new on every extraction, so a reference never names a row of another
// read.
func mintRefs(r *Result) error {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return &errcode.Error{Code: errcode.CaptureFailed, Reason: "mint evidence references", Err: err}
	}
	prefix := "ev_" + hex.EncodeToString(b[:]) + "_"
	for i := range r.Rows {
		r.Rows[i].Ref = prefix + strconv.Itoa(r.Rows[i].Position)
	}
	return nil
}
