package websearch

import (
	"time"

	"github.com/pling-dev/pling/budget"
)

// ProgressLabel is carried by every Progress so that no display can present
// the text as a result.
const ProgressLabel = "provisional, unverified search-model text; not a result or a citation"

// Bounds on provisional progress (§10.7).
const (
	// MaxProgressUTF16 caps the cumulative text snapshot of a Progress.
	MaxProgressUTF16 = 2000
	// progressBatchBytes and progressInterval batch small deltas: a text
	// report goes out once this many new bytes arrived or this much time
	// passed since the previous report.
	progressBatchBytes = 256
	progressInterval   = 250 * time.Millisecond
	// maxProgressReports caps the reports of one call (the final Done or
	// Discarded report is always sent on top).
	maxProgressReports = 64
)

// Stage says where a search call is.
type Stage string

// Stages a Progress reports.
const (
	// StageDispatched: the request was sent.
	StageDispatched Stage = "dispatched"
	// StageSearching: the hosted search is running.
	StageSearching Stage = "searching"
	// StageSearched: the hosted search call reported completion (not yet a
	// receipt: only the completed response is).
	StageSearched Stage = "searched"
	// StageWriting: the search model is writing text.
	StageWriting Stage = "writing"
	// StageDone: the call ended and the result follows; discard the
	// provisional text.
	StageDone Stage = "done"
	// StageDiscarded: the call failed or was cancelled; discard the
	// provisional text, it is not part of any result.
	StageDiscarded Stage = "discarded"
)

// Progress is one provisional report about a running search call, for a
// progress display (§10.7). Text is a cumulative, bounded snapshot of the
// search model's generated text with the server key redacted; it is
// unverified, never part of the Result, and must be discarded at StageDone
// or StageDiscarded. Progress cannot tell success: only Search's return
// does.
type Progress struct {
	Label     string `json:"label"`
	Stage     Stage  `json:"stage"`
	Text      string `json:"text,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
	ElapsedMS int64  `json:"elapsed_ms"`
}

// progressor batches, bounds and redacts provisional text for one call. A
// nil *progressor does nothing, so callers need not check.
type progressor struct {
	fn      func(Progress)
	red     *redactor
	now     func() time.Time
	start   time.Time
	raw     []byte // accumulated deltas, at most limit bytes
	limit   int
	full    bool
	stage   Stage
	last    time.Time // time of the previous report
	lastLen int       // len(raw) at the previous text report
	shown   string    // text of the previous report
	reports int
}

func newProgressor(fn func(Progress), red *redactor, now func() time.Time) *progressor {
	if fn == nil {
		return nil
	}
	t := now()
	// Room for MaxProgressUTF16 units of the widest UTF-8, plus a whole key
	// straddling the cut so it is redacted rather than half shown.
	return &progressor{fn: fn, red: red, now: now, start: t, last: t,
		limit: 3*MaxProgressUTF16 + 2*red.longest() + 8}
}

// setStage reports a stage change, with the current snapshot.
func (p *progressor) setStage(s Stage) {
	if p == nil || s == p.stage {
		return
	}
	p.stage = s
	p.report(true)
}

// delta takes one generated-text delta and reports when a batch is due.
func (p *progressor) delta(d string) {
	if p == nil {
		return
	}
	if !p.full {
		room := p.limit - len(p.raw)
		cut, wasCut := budget.TruncateBytes(d, room)
		p.raw = append(p.raw, cut...)
		p.full = wasCut
	}
	if p.stage != StageWriting {
		p.setStage(StageWriting)
		return
	}
	if len(p.raw)-p.lastLen >= progressBatchBytes || p.now().Sub(p.last) >= progressInterval {
		p.report(false)
	}
}

// finish sends the closing report telling the display to discard the
// provisional text.
func (p *progressor) finish(ok bool) {
	if p == nil {
		return
	}
	st := StageDiscarded
	if ok {
		st = StageDone
	}
	p.fn(Progress{Label: ProgressLabel, Stage: st, ElapsedMS: p.now().Sub(p.start).Milliseconds()})
}

func (p *progressor) report(stageChange bool) {
	if p.reports >= maxProgressReports {
		return
	}
	text, truncated := p.snapshot()
	if !stageChange && text == p.shown {
		return
	}
	now := p.now()
	p.reports++
	p.last, p.lastLen, p.shown = now, len(p.raw), text
	p.fn(Progress{Label: ProgressLabel, Stage: p.stage, Text: text, Truncated: truncated,
		ElapsedMS: now.Sub(p.start).Milliseconds()})
}

// snapshot is the displayable text so far: controls stripped, the key
// redacted, a possible key prefix at the end held back, capped at
// MaxProgressUTF16 units.
func (p *progressor) snapshot() (string, bool) {
	s := p.red.redact(stripControls(string(p.raw)))
	s = s[:len(s)-p.red.pending(s)]
	s, cut := budget.TruncateUTF16(s, MaxProgressUTF16)
	return s, cut || p.full
}
