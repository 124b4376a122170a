// Package websearch is Pling's hosted-search bridge (spec/web-search.txt):
// the web_search tool delegated to a separate OpenAI Responses request with
// the native web_search tool, under per-session call and source budgets.
//
// A Bridge holds the reviewed configuration and the OpenAI client; each MCP
// session gets a BoundedSearchSession from it. Search validates the query,
// spends a call slot, streams the nested request (reporting provisional
// progress), insists on completed receipts, normalizes the untrusted output
// into candidate sources and labelled notes, admits new sources against the
// session's source budget in completion order, and fits the result to the
// output ceilings. Results are candidates, never verified evidence.
package websearch

import (
	"context"
	"github.com/pling-dev/pling/errcode"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pling-dev/pling/budget"
)

// MaxQueryRunes is the most Unicode code points a query may have after
// trimming (§10.6). It bounds the application query, not the queries the
// provider generates from it.
const MaxQueryRunes = 192

// BoundedSearchSession is the spec's per-invocation search session
// (§10.3, §10.4), one per MCP session: a call ledger charged before each
// dispatch, a source ledger charged for each new distinct normalized URL
// admitted into a result, and a deadline. It is safe for concurrent use;
// concurrent completions are admitted atomically in completion order.
type BoundedSearchSession struct {
	b        *Bridge
	calls    *budget.Ledger
	sources  *budget.Ledger
	deadline time.Time
}

// NewSession starts a session with fresh budgets: Options.MaxCalls calls,
// Options.MaxSources source slots, and Options.RequestTimeout from now.
func (b *Bridge) NewSession() *BoundedSearchSession {
	return &BoundedSearchSession{
		b:        b,
		calls:    budget.NewLedger(b.opts.MaxCalls),
		sources:  budget.NewLedger(b.opts.MaxSources),
		deadline: b.now().Add(b.opts.RequestTimeout),
	}
}

// Remaining reports the calls and source slots left: a snapshot, which
// concurrent searches can make stale at once.
func (s *BoundedSearchSession) Remaining() (calls, sources int) {
	return s.calls.Remaining(), s.sources.Remaining()
}

// Search runs one web search. progress, if not nil, receives provisional
// reports while the call runs (see Progress); it is called from Search's
// goroutine and should return quickly.
//
// Errors are always *errcode.Error:
//   - errcode.InvalidArgument (CategoryQuery): the query is not 1 to
//     MaxQueryRunes code points of valid UTF-8 after trimming; nothing is
//     spent.
//   - errcode.BudgetExhausted (CategoryCalls or CategoryExpired): no call is
//     left, or the session's deadline passed; nothing is dispatched.
//   - errcode.SearchFailed: the call was dispatched and failed closed; its call
//     slot stays spent, no source slot is spent, and no provider text or
//     provisional text is carried. (CategoryCancelled or CategoryDeadline
//     with nothing spent if ctx was already done before admission.)
func (s *BoundedSearchSession) Search(ctx context.Context, query string, progress func(Progress)) (*Result, error) {
	b := s.b
	start := b.now()
	q, ok := checkQuery(query)
	if !ok {
		return nil, newError(errcode.InvalidArgument, CategoryQuery)
	}
	if !start.Before(s.deadline) {
		return nil, newError(errcode.BudgetExhausted, CategoryExpired)
	}
	if err := contextFailure(ctx, ctx); err != nil {
		return nil, err // already cancelled: nothing dispatched, nothing spent
	}
	if !s.calls.TrySpend(1) {
		return nil, newError(errcode.BudgetExhausted, CategoryCalls)
	}

	callCtx, cancel := context.WithDeadline(ctx, minTime(start.Add(b.opts.Timeout), s.deadline))
	defer cancel()
	prog := newProgressor(progress, b.red, b.now)
	out, ferr := b.dispatch(ctx, callCtx, q, prog)
	if ferr != nil {
		prog.finish(false)
		b.logCall(start, CategoryOf(ferr), out, nil)
		return nil, ferr
	}

	res, ferr := s.admit(q, out)
	prog.finish(ferr == nil)
	if ferr != nil {
		b.logCall(start, CategoryOf(ferr), out, nil)
		return nil, ferr
	}
	b.logCall(start, "ok", out, res)
	return res, nil
}

// admit normalizes a receipted response and admits its sources: selection,
// fitting and the source debit happen in one atomic step on the ledger, so
// a completion sees every earlier completion's debits and slots are spent
// only on sources that appear in the fitted result.
func (s *BoundedSearchSession) admit(q string, out outcome) (*Result, *errcode.Error) {
	opts := s.b.opts
	rawNotes, cands := extract(out.final)
	sources, dropped := normalizeCandidates(cands, s.b.red)
	byURL := make(map[string]Source, len(sources))
	keys := make([]string, len(sources))
	for i, src := range sources {
		byURL[src.URL] = src
		keys[i] = src.URL
	}
	base := Result{Notice: ResultNotice, QueryPreview: q, Dropped: dropped}
	notes, cut := cleanNotes(rawNotes, opts.MaxResultBytes, s.b.red)
	if notes != "" {
		base.Notes = &Notes{Label: NotesLabel, Text: notes}
	}
	base.Dropped.NotesUTF16 = cut

	var (
		res    Result
		fitted bool
	)
	adm := s.sources.AdmitFit(keys, opts.SourcesPerCall, func(sel []string) int {
		r := base
		r.Sources = make([]Source, len(sel))
		for i, k := range sel {
			r.Sources[i] = byURL[k]
		}
		res, fitted = fit(r, opts.MaxResultUTF16, opts.MaxResultBytes)
		if !fitted {
			return 0
		}
		return len(res.Sources)
	})
	if !fitted {
		return nil, failed(CategoryUnfit)
	}
	res.Dropped.SourcesOverBudget = adm.Refused
	res.Dropped.SourcesOverCallLimit = adm.OverLimit
	res.RemainingSources = adm.Remaining
	res.RemainingCalls = s.calls.Remaining()
	if res.Sources == nil {
		res.Sources = []Source{}
	}
	// fit measured with the widest counters; this is a belt-and-braces check.
	if u, n := encodedSize(&res); u > opts.MaxResultUTF16 || n > opts.MaxResultBytes {
		return nil, failed(CategoryUnfit)
	}
	return &res, nil
}

// checkQuery trims q and accepts it if it is valid UTF-8 of 1 to
// MaxQueryRunes code points.
func checkQuery(q string) (string, bool) {
	if !utf8.ValidString(q) {
		return "", false
	}
	q = strings.TrimSpace(q)
	n := utf8.RuneCountInString(q)
	return q, n >= 1 && n <= MaxQueryRunes
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// Log keys. Values are categories, durations, statuses and counts only:
// never the query, notes, titles, URLs, provider text or the key (§10.9).
const (
	logCategory     = "category"
	logElapsedMS    = "elapsed_ms"
	logHTTPStatus   = "http_status"
	logEvents       = "events"
	logConsolidated = "consolidated"
	logSources      = "sources"
	logRejected     = "sources_rejected"
	logOverBudget   = "sources_over_budget"
	logUnfit        = "sources_unfit"
	logNotesUTF16   = "notes_dropped_utf16"
	logCallsLeft    = "calls_left"
	logSourcesLeft  = "sources_left"
)

func (b *Bridge) logCall(start time.Time, cat Category, out outcome, res *Result) {
	attrs := []slog.Attr{
		slog.String(logCategory, string(cat)),
		slog.Int64(logElapsedMS, b.now().Sub(start).Milliseconds()),
		slog.Int(logHTTPStatus, out.httpStatus),
		slog.Int(logEvents, out.events),
		slog.Int(logConsolidated, out.consolidated),
	}
	level := slog.LevelWarn
	if res != nil {
		level = slog.LevelInfo
		attrs = append(attrs,
			slog.Int(logSources, len(res.Sources)),
			slog.Int(logRejected, res.Dropped.SourcesRejected),
			slog.Int(logOverBudget, res.Dropped.SourcesOverBudget),
			slog.Int(logUnfit, res.Dropped.SourcesUnfit),
			slog.Int(logNotesUTF16, res.Dropped.NotesUTF16),
			slog.Int(logCallsLeft, res.RemainingCalls),
			slog.Int(logSourcesLeft, res.RemainingSources),
		)
	}
	b.log.LogAttrs(context.Background(), level, "web_search call", attrs...)
}
