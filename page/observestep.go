package page

import (
	"context"
	_ "embed"
	"errors"
	"strings"
	"time"
)

// ObserveRequest selects what to observe.
type ObserveRequest struct {
	// Continuation is a token from an earlier observation.
	Continuation string
	// WaitFor is "settle" (default) or "navigation".
	WaitFor string
	// Timeout bounds the wait (default: the settle timeout).
	Timeout time.Duration
	// Find, when set, observes the records of the active set whose text
	// holds every one of its words (case-insensitive): their fields and
	// ids, bounded like an observation, and nothing else of the page. It
	// changes nothing on the page and keeps the revision.
	Find string
}

// Observe settles the page, takes one snapshot and builds the observation.
func (r *Runtime) Observe(ctx context.Context, req ObserveRequest) (*Observation, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if req.Continuation != "" {
		slice, err := r.revs.ParseContinuation(req.Continuation)
		if err != nil {
			return nil, err
		}
		return r.observe(ctx, observeHow{slice: slice, settle: true, timeout: req.Timeout})
	}
	if req.Find != "" {
		words := strings.Fields(req.Find)
		if len(words) == 0 || len(req.Find) > 200 {
			return nil, &Error{Code: CodeInvalidArgument, Reason: "find: text must hold at least one word and at most 200 characters"}
		}
		return r.observe(ctx, observeHow{settle: true, timeout: req.Timeout, findText: strings.Join(words, " ")})
	}
	if req.WaitFor == "navigation" && r.last != nil {
		r.waitNavigation(ctx, r.last.snap.DocumentID, req.Timeout)
	}
	return r.observe(ctx, observeHow{settle: true, timeout: req.Timeout})
}

// documentIDScript answers the registry's id of the tab's document ("" in
// a document no collector has read yet), so a wait for navigation can
// tell a new document from the old one: js/docid.js, bundled into
// docid.gen.js.
//
//go:embed docid.gen.js
var documentIDScript string

// waitNavigation polls, until timeout, for a document other than doc.
func (r *Runtime) waitNavigation(ctx context.Context, doc string, timeout time.Duration) {
	if timeout <= 0 {
		timeout = r.opts.SettleTimeout
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var id string
		if err := r.d.CallScript(ctx, documentIDScript, nil, &id); err == nil && id != doc {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// blockedRecoverer is a driver that can leave the error page a blocked
// navigation left in the tab (browser.Session implements it).
type blockedRecoverer interface {
	// RecoverBlocked returns the tab to the page it was on when the policy
	// blocked a navigation of its main frame since the last call, and
	// reports whether it did.
	RecoverBlocked(ctx context.Context) bool
}

// observeHow says how one observation is taken.
type observeHow struct {
	slice  Slice
	settle bool // wait for the page to settle first
	fresh  bool // after an action: wait a full quiet window
	// afterLoad: after a navigation (a document watched from its start
	// settles after the shorter window).
	afterLoad bool
	timeout   time.Duration // settle bound (default: the runtime's)
	find      string        // list this record id even beyond the id cap
	findText  string        // observe {find}: the records holding these words
	// digestOf, when set, is the key of a field whose salted digest the
	// snapshot carries (Snapshot.FieldDigest), taken in the same
	// evaluation.
	digestOf, salt string
	// prose: count each region's unread prose even without a settle wait
	// (a snapshot before an action: the receipt compares it, diffProse).
	prose bool
	// carry: what an earlier observation of the same step took from the
	// tab (its notices and dialogs), reported with this one.
	carry *Observation
}

// observe is Observe without the lock: collect a snapshot (snapshot),
// build the observation within the budgets (buildObservation) and give it
// its revision and continuation (keep).
func (r *Runtime) observe(ctx context.Context, how observeHow) (*Observation, error) {
	b, params := r.observeParams(how)
	var wait *SettleParams
	if how.settle {
		timeout := how.timeout
		if timeout <= 0 {
			timeout = r.opts.SettleTimeout
		}
		wait = &SettleParams{TimeoutMS: timeout.Milliseconds(), QuietMS: r.opts.SettleQuiet.Milliseconds(), Fresh: how.fresh, AfterLoad: how.afterLoad}
		// The settle wait runs in the page: the driver's bound for one
		// evaluation is extended by it.
		ctx = WithWait(ctx, timeout)
	}
	snap, churning, err := r.snapshot(ctx, wait, params, how)
	if err != nil {
		if errors.Is(err, ErrDocumentReplaced) {
			return nil, &Error{Code: CodeTimeout, Reason: "the page kept navigating by itself (reloading or redirecting) and could not be read; observe again, or navigate elsewhere", Err: err}
		}
		return nil, wrapDriver("observe", err)
	}
	attachWebMCP(r.d, snap)
	o := r.buildObservation(snap, b, how, churning)
	r.keep(o, snap, how)
	return o, nil
}

// observeParams are the budgets and collector parameters of one
// observation: a continuation slice may fill more record text
// (RuntimeOptions.SliceRecordChars).
func (r *Runtime) observeParams(how observeHow) (Budgets, CollectParams) {
	slice := how.slice
	b := r.opts.Budgets
	if slice != (Slice{}) && r.opts.IncrementalSlices && r.opts.SliceRecordChars > b.MaxRecordChars {
		b.MaxRecordChars = r.opts.SliceRecordChars
	}
	params := DefaultCollectParams()
	params.RecordOffset = slice.RecordOffset
	params.RecordFields = b.MaxRecords
	params.MaxText = b.MaxStringChars
	params.FindRecord = how.find
	params.FindText = how.findText
	if wd, ok := r.d.(WebMCPDriver); ok && len(wd.WebMCPTools()) > 0 {
		params.WebMCPTitles = true // page/webmcp.go
	}
	return b, params
}

// snapshot settles (when wait is set) and collects one snapshot. A read
// that failed in itself is taken again (rereadChurning), and churning
// says the page kept navigating while it was read; a tab the policy
// blocked a navigation of is taken back to its page and read there.
func (r *Runtime) snapshot(ctx context.Context, wait *SettleParams, params CollectParams, how observeHow) (snap *Snapshot, churning bool, err error) {
	tr := TraceFrom(ctx)
	end := tr.Start(SpanPhase, "observe")
	snap, err = observeWith(ctx, r.d, wait, params, how.prose, how.digestOf, how.salt)
	end()
	var pe *Error
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) && !errors.As(err, &pe) {
		snap, churning, err = r.rereadChurning(ctx, wait, params, how)
	}
	if err == nil && how.settle {
		// The policy blocked a navigation of this tab: the browser shows
		// its error page under the refused URL. Back to the page the agent
		// was on, and observe that (the notice says what was blocked).
		if rb, ok := r.d.(blockedRecoverer); ok && rb.RecoverBlocked(ctx) {
			snap, err = observeWith(ctx, r.d, wait, params, how.prose, how.digestOf, how.salt)
		}
	}
	return snap, churning, err
}

// rereadChurning reads a page whose first read failed in itself: once
// more after a moment, then, while the read keeps failing, up to eight
// quick reads that wait only for the document to load (churning: the
// page keeps navigating by itself).
func (r *Runtime) rereadChurning(ctx context.Context, wait *SettleParams, params CollectParams, how observeHow) (snap *Snapshot, churning bool, err error) {
	// A navigation can replace the document under the script
	// (execution context destroyed): wait a moment and observe the new
	// document once more.
	time.Sleep(100 * time.Millisecond)
	snap, err = observeWith(ctx, r.d, wait, params, how.prose, how.digestOf, how.salt)
	// A page that keeps navigating by itself (reloading every 100 ms)
	// never stays for a settle wait: read what is there at once.
	// It waits only for the document to finish loading.
	loaded := &SettleParams{TimeoutMS: r.opts.SettleTimeout.Milliseconds()}
	// Any error of the read itself (not a typed page error, not a
	// timeout) is retried: a document torn down mid-read fails in more
	// ways than the protocol's "context destroyed" (a script error on
	// a half-built DOM, a lost object), and a dead browser fails again
	// at once.
	for i := 0; i < 8 && retryableRead(err) && ctx.Err() == nil; i++ {
		time.Sleep(time.Duration(10*(i+1)) * time.Millisecond)
		snap, err = SettleAndCollect(ctx, r.d, loaded, params)
		churning = err == nil
		if err == nil && i < 7 && snap.Title == "" && len(snap.Controls) == 0 {
			// A document torn down mid-read looks empty: read again.
			err = ErrDocumentReplaced
		}
	}
	return snap, churning, err
}

// buildObservation builds the observation of snap within b. Only an
// observation that reaches the agent (how.settle) takes the page's
// notices and the dialogs Pling answered, with what an earlier
// observation of the same step took (how.carry).
func (r *Runtime) buildObservation(snap *Snapshot, b Budgets, how observeHow, churning bool) *Observation {
	slice := how.slice
	settled := (snap.Settled == nil || *snap.Settled) && !churning
	bo := BuildOptions{ActionOffset: slice.ActionOffset, RegionOffset: slice.RegionOffset, RecordOffset: slice.RecordOffset, Find: how.findText}
	if how.settle {
		// Only observations that reach the agent take the page's notices
		// and the dialogs Pling answered (a before-snapshot of an action
		// would swallow them); Build budgets them with the rest.
		bo.Notices, bo.Dialogs = r.d.Notices(), r.d.Dialogs()
		if c := how.carry; c != nil {
			bo.Notices = append(append([]string(nil), c.notices...), bo.Notices...)
			bo.Dialogs = append(append([]DialogRecord(nil), c.dialogs...), bo.Dialogs...)
		}
	}
	dialogs, notices := bo.Dialogs, bo.Notices
	if churning {
		bo.Notices = append([]string{"the page kept navigating by itself (reloading or redirecting while it was read): this is what it showed at one moment, and it may have changed since"}, bo.Notices...)
	}
	o := Build(snap, b, bo)
	o.dialogs, o.notices = dialogs, notices
	o.Settled = settled
	o.Page = r.opts.Page
	return o
}

// keep gives o its revision and continuation, and makes it the latest
// observation unless it is partial.
func (r *Runtime) keep(o *Observation, snap *Snapshot, how observeHow) {
	slice := how.slice
	// A continuation slice and a find bring only what the first view did
	// not: records (and, for a slice, the next actions and regions), never
	// the state, feedback, hidden content and id index again. They keep
	// the revision (their snapshot carries other rows' fields) and do not
	// replace the latest observation.
	partial := slice != (Slice{}) || how.findText != ""
	if partial && r.revs.Current() != "" {
		o.Revision = r.revs.Current()
		if slice != (Slice{}) {
			s := slice
			o.Slice = &s
		}
		o.incremental = r.opts.IncrementalSlices || how.findText != ""
	}
	if o.incremental {
		o.State, o.Feedback, o.Hidden = map[string]any{}, []Feedback{}, []HiddenContent{}
		o.Omitted.StateGroups, o.Omitted.Feedback, o.Omitted.Hidden = 0, 0, 0
		o.Records.IDs, o.Records.IDsOmitted = []string{}, 0
		if how.findText != "" {
			o.Actions, o.Unavailable, o.Regions = []Action{}, []UnavailableView{}, []RegionView{}
			o.Omitted.Actions, o.Omitted.Regions = 0, 0
		}
	}
	if o.Revision == "" {
		o.Revision = r.revs.Issue(snap.DocumentID, ContentHash(snap))
		partial = false
		o.Find = nil
	}
	o.incremental = o.incremental || (!partial && r.opts.IncrementalSlices)
	r.setContinuation(o)
	if !partial {
		r.last = o
	}
}

// retryableRead reports whether a failed read may succeed on a new try:
// an untyped driver error that is neither a deadline nor a cancellation.
func retryableRead(err error) bool {
	var pe *Error
	return err != nil && !errors.As(err, &pe) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled)
}
