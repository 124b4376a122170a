package page

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Driver is what the runtime needs from a browser tab. browser.Session
// implements it; tests may use a fake.
type Driver interface {
	// CallScript evaluates a function expression applied to args (JSON)
	// and decodes its result: one CDP round trip.
	CallScript(ctx context.Context, script string, args any, out any) error
	// Perform runs one input step on the element with the given key.
	Perform(ctx context.Context, step Step) error
	// Navigate loads a URL in the tab.
	Navigate(ctx context.Context, url string) error
	// Dialogs returns the JavaScript dialogs answered since the last call.
	Dialogs() []DialogRecord
	// Notices returns what the page did on its own since the last call
	// (blocked navigations, refused downloads), as sentences for the agent.
	Notices() []string
}

// Tab is a driver that can be closed: one browser tab.
type Tab interface {
	Driver
	Close()
}

// Step is one input step: click, type (insertText), select, scroll, or
// upload (files set on a file input).
type Step struct {
	Op string `json:"op"` // click | type | select | scroll | upload
	// Key is the element key from the snapshot ("" for page scroll).
	Key string `json:"key,omitempty"`
	// HoverRow asks to hover the element's row first (controls shown only
	// on hover or focus).
	HoverRow bool   `json:"hover_row,omitempty"`
	Text     string `json:"text,omitempty"`
	// Append (a type step) types Text at the end of the field's content;
	// Replace, when set, types it over the one occurrence of Replace in
	// the content (issue 18 pt 3). Neither: Text replaces the content.
	Append  bool   `json:"append,omitempty"`
	Replace string `json:"replace,omitempty"`
	Submit  bool   `json:"submit,omitempty"`
	Value   string `json:"value,omitempty"`
	// Dy is the scroll distance in viewport heights (negative: up).
	Dy float64 `json:"dy,omitempty"`
	// Files are the checked paths an upload step sets on a file input.
	Files []string `json:"files,omitempty"`
	// Since and Doc, when Since is set, name the observation (its
	// Snapshot.Mark and DocumentID) the step was resolved against: the
	// driver runs UnchangedScript first, in the step's own evaluation, and
	// answers ErrPageChanged without acting when the page changed since.
	Since float64 `json:"since,omitempty"`
	Doc   string  `json:"doc,omitempty"`
	// Confirm: the caller confirmed the action (confirm: true, an
	// accepted elicitation), so a confirm() or prompt() the step raises is
	// accepted, a prompt with Answer; otherwise it is dismissed (unless
	// the policy accepts every dialog).
	Confirm bool   `json:"confirm,omitempty"`
	Answer  string `json:"answer,omitempty"`
}

// RuntimeOptions configure a Runtime. Zero values are the defaults.
type RuntimeOptions struct {
	Budgets       Budgets
	SettleTimeout time.Duration // default 3s
	SettleQuiet   time.Duration // default 100ms
	// CheckURL, when set, vets every URL before navigate (policy).
	CheckURL func(string) error
	// Page is the handle shown in observations ("" for none).
	Page string
	// SliceRecordChars, when above Budgets.MaxRecordChars, is the record
	// text budget of a continuation slice: a slice brings only records
	// (and the next actions and regions), so it may fill the room a first
	// view gives its header. 0 keeps MaxRecordChars (the agent's loop).
	SliceRecordChars int
	// IncrementalSlices makes a continuation slice bring only what earlier
	// slices did not (MCP results, which the model reads in turn): the
	// next records, actions and regions, never the header, state, id index
	// or a section already shown. Without it a slice is a whole page
	// section whose cut sections move on (the agent's loop shows it as the
	// system message's page section, tools and all).
	IncrementalSlices bool
}

// Runtime is the capability model of one tab for one session: it observes,
// acts, navigates and scrolls, one operation at a time, and keeps the
// session's revision sequence.
type Runtime struct {
	mu   sync.Mutex
	d    Driver
	opts RuntimeOptions
	revs *Revisions
	last *Observation
}

// NewRuntime wraps a driver.
func NewRuntime(d Driver, opts RuntimeOptions) *Runtime {
	if opts.Budgets == (Budgets{}) {
		opts.Budgets = DefaultBudgets()
	}
	if opts.SettleTimeout <= 0 {
		opts.SettleTimeout = 3 * time.Second
	}
	if opts.SettleQuiet <= 0 {
		opts.SettleQuiet = 100 * time.Millisecond
	}
	return &Runtime{d: d, opts: opts, revs: NewRevisions()}
}

// Budgets returns the runtime's budgets.
func (r *Runtime) Budgets() Budgets { return r.opts.Budgets }

// Last returns the latest observation (nil before the first).
func (r *Runtime) Last() *Observation {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// RevisionChecker checks an expected revision and names the document the
// latest observation saw (extraction uses both before it reads anything).
type RevisionChecker interface {
	CheckRevision(expected string) error
	DocumentID() string
}

// lockedChecker is the runtime's checker for use while its lock is held.
type lockedChecker struct{ r *Runtime }

func (c lockedChecker) CheckRevision(expected string) error { return c.r.revs.Check(expected) }

func (c lockedChecker) DocumentID() string {
	if c.r.last == nil || c.r.last.snap == nil {
		return ""
	}
	return c.r.last.snap.DocumentID
}

// Lock runs f while holding the runtime's operation lock, so other work on
// the tab (an extraction) is serialized with observe and act. rc checks
// revisions without taking the lock again.
func (r *Runtime) Lock(f func(d Driver, rc RevisionChecker) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return f(r.d, lockedChecker{r})
}

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

func (r *Runtime) waitNavigation(ctx context.Context, doc string, timeout time.Duration) {
	if timeout <= 0 {
		timeout = r.opts.SettleTimeout
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var id string
		if err := r.d.CallScript(ctx, `() => (window.__pling && window.__pling.docId) || ""`, nil, &id); err == nil && id != doc {
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
	// carry: what an earlier observation of the same step took from the
	// tab (its notices and dialogs), reported with this one.
	carry *Observation
}

// observe is Observe without the lock.
func (r *Runtime) observe(ctx context.Context, how observeHow) (*Observation, error) {
	slice, settle, timeout := how.slice, how.settle, how.timeout
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
	var wait *SettleParams
	if settle {
		if timeout <= 0 {
			timeout = r.opts.SettleTimeout
		}
		wait = &SettleParams{TimeoutMS: timeout.Milliseconds(), QuietMS: r.opts.SettleQuiet.Milliseconds(), Fresh: how.fresh, AfterLoad: how.afterLoad}
		// The settle wait runs in the page: the driver's bound for one
		// evaluation is extended by it.
		ctx = WithWait(ctx, timeout)
	}
	tr := TraceFrom(ctx)
	end := tr.Start(SpanPhase, "observe")
	snap, err := observeWith(ctx, r.d, wait, params, how.digestOf, how.salt)
	end()
	var pe *Error
	churning := false
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) && !errors.As(err, &pe) {
		// A navigation can replace the document under the script
		// (execution context destroyed): wait a moment and observe the new
		// document once more.
		time.Sleep(100 * time.Millisecond)
		snap, err = observeWith(ctx, r.d, wait, params, how.digestOf, how.salt)
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
	}
	if err == nil && settle {
		// The policy blocked a navigation of this tab: the browser shows
		// its error page under the refused URL. Back to the page the agent
		// was on, and observe that (the notice says what was blocked).
		if rb, ok := r.d.(blockedRecoverer); ok && rb.RecoverBlocked(ctx) {
			snap, err = observeWith(ctx, r.d, wait, params, how.digestOf, how.salt)
		}
	}
	if err != nil {
		if errors.Is(err, ErrDocumentReplaced) {
			return nil, &Error{Code: CodeTimeout, Reason: "the page kept navigating by itself (reloading or redirecting) and could not be read; observe again, or navigate elsewhere", Err: err}
		}
		return nil, wrapDriver("observe", err)
	}
	attachWebMCP(r.d, snap)
	settled := (snap.Settled == nil || *snap.Settled) && !churning
	bo := BuildOptions{ActionOffset: slice.ActionOffset, RegionOffset: slice.RegionOffset, RecordOffset: slice.RecordOffset, Find: how.findText}
	if settle {
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
	return o, nil
}

// setContinuation sets (or clears) o's continuation token from what its
// budgets cut.
func (r *Runtime) setContinuation(o *Observation) {
	cur := Slice{}
	if o.Slice != nil {
		cur = *o.Slice
	}
	o.Continuation = ""
	if next, ok := nextSlice(o, cur); ok {
		o.Continuation = r.revs.Continuation(o.Revision, next)
	}
}

// nextSlice is the slice after o, when budgets cut something: every
// offset moves past what o showed, so a slice never repeats an entry and a
// section whose entries were all shown is left out of the next slice. A
// find has no continuation (its words narrow it).
func nextSlice(o *Observation, cur Slice) (Slice, bool) {
	if o.Find != nil || o.snap == nil {
		return cur, false
	}
	if !o.incremental {
		return wholeNextSlice(o, cur)
	}
	next := Slice{
		RecordOffset: cur.RecordOffset + len(o.Records.Shown),
		ActionOffset: cur.ActionOffset + len(o.Actions) + len(o.Unavailable),
		RegionOffset: cur.RegionOffset + len(o.Regions),
	}
	more := o.Omitted.Records > 0 ||
		next.ActionOffset < len(o.all)+len(o.allUnavailable) ||
		next.RegionOffset < len(o.snap.Regions)
	return next, more && next != cur
}

// wholeNextSlice is the slice after o when slices are whole page
// sections (RuntimeOptions.IncrementalSlices off): only the sections the
// budgets cut move on.
func wholeNextSlice(o *Observation, cur Slice) (Slice, bool) {
	next := cur
	more := false
	if o.Omitted.Records > 0 && len(o.Records.Shown) > 0 {
		next.RecordOffset = cur.RecordOffset + len(o.Records.Shown)
		more = true
	}
	if n := len(o.Actions) + len(o.Unavailable); o.Omitted.Actions > 0 && n > 0 && cur.ActionOffset+n < len(o.all)+len(o.allUnavailable) {
		next.ActionOffset = cur.ActionOffset + n
		more = true
	}
	if o.Omitted.Regions > 0 && len(o.Regions) > 0 && cur.RegionOffset+len(o.Regions) < len(o.snap.Regions) {
		next.RegionOffset = cur.RegionOffset + len(o.Regions)
		more = true
	}
	return next, more
}

// ActRequest is one call of an action.
type ActRequest struct {
	// Action is a folded name ("toggle") or an action id ("toggle@t9").
	Action string
	Record string
	Args   map[string]any
	// Confirmed is true when the user confirmed (elicitation) or the
	// caller passed confirm: true.
	Confirmed        bool
	ExpectedRevision string
}

// ActResult is the receipt and the fresh observation after an action.
type ActResult struct {
	Receipt     Receipt
	Observation *Observation

	resolved Resolved // the action that ran (fill_form reads its key)
}

// Resolved is an action resolved against the current page.
type Resolved struct {
	Action Action
	// ID is the original action id (toggle@t9, or the name).
	ID     string
	Record string
	key    string
	member bool // a link of a folded list, already chosen by name
}

// Resolve finds the action (and row) a call names on the page as it is now.
// Codes: ACTION_NOT_FOUND, UNAVAILABLE, INVALID_ARGUMENT.
func (r *Runtime) Resolve(o *Observation, name, record string) (Resolved, error) {
	if i := strings.IndexByte(name, '@'); i > 0 && record == "" {
		name, record = name[:i], name[i+1:]
	}
	for _, u := range o.allUnavailable {
		if u.Name == name {
			code := CodeUnavailable
			if u.covered {
				code = CodeTargetCovered
			}
			return Resolved{}, &Error{Code: code, Reason: fmt.Sprintf("%s cannot run now: %s", name, u.Reason), Available: available(o)}
		}
	}
	// Every entry resolves, shown or cut by a budget, so a name from any
	// continuation slice works.
	var a *Action
	for i := range o.all {
		if o.all[i].Name == name {
			a = &o.all[i]
			break
		}
	}
	if a == nil {
		// A link folded into a list resolves by its own name too.
		for i := range o.all {
			if m, ok := o.all[i].member(name); ok && o.all[i].links != nil && o.all[i].arg() == "link" && m.name == name {
				if record != "" {
					return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is not a row action: it takes no record", name), Available: available(o)}
				}
				return Resolved{Action: o.all[i], ID: o.all[i].Name + ":" + m.label, key: m.key, member: true}, nil
			}
		}
		return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("no action %q on the page now", name), Available: available(o)}
	}
	if !a.RecordParam {
		if record != "" {
			return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is not a row action: it takes no record", name), Available: available(o)}
		}
		return Resolved{Action: *a, ID: a.Name, key: a.key}, nil
	}
	if record == "" {
		return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s needs a record: one of the citation record ids (e.g. %s)", name, firstOr(a.SampleIDs, "r1")), Available: available(o)}
	}
	for _, rec := range o.snap.Records {
		if rec.ID != record {
			continue
		}
		key, ok := rec.Actions[a.shape]
		if !ok {
			return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("record %s has no %s action", record, name), Available: available(o)}
		}
		if why := rec.Unavailable[a.shape]; why != "" {
			return Resolved{}, &Error{Code: CodeUnavailable, Reason: fmt.Sprintf("%s on %s cannot run now: %s", name, record, why), Available: available(o)}
		}
		return Resolved{Action: *a, ID: a.Name + "@" + record, Record: record, key: key}, nil
	}
	return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("no record %q on the page now (it may be filtered out, removed, or beyond the id index); observe or search first", record), Available: available(o)}
}

func available(o *Observation) []string {
	out := make([]string, 0, len(o.Actions))
	for _, a := range o.Actions {
		out = append(out, a.Name)
	}
	return out
}

// Act runs one action: check the revision, resolve against a fresh
// snapshot, validate the arguments, act with real input, settle, observe
// again and diff. A page-level failure is an *Error with a stable code.
func (r *Runtime) Act(ctx context.Context, req ActRequest) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.act(ctx, req, actHow{})
}

// actHow is what fill_form and upload add to one act (fillform.go,
// upload.go): the observation to start from (nil: observe now) and the
// files of an upload step.
type actHow struct {
	before *Observation
	files  []string
}

// act is Act without the lock.
func (r *Runtime) act(ctx context.Context, req ActRequest, how actHow) (*ActResult, error) {
	if err := r.revs.Check(req.ExpectedRevision); err != nil {
		return nil, r.withAvailable(err)
	}
	// replan resolves the action against a fresh snapshot: nothing was
	// done to the page yet.
	replan := func() (actPlan, error) {
		end := TraceFrom(ctx).Start(SpanPhase, "act: before-snapshot")
		before, err := r.observe(ctx, observeHow{})
		end()
		if err != nil {
			return actPlan{}, err
		}
		return r.plan(ctx, req, how, before)
	}
	// The latest observation is resolved against as it is when the page
	// has not changed since, which the step's own evaluation checks
	// (Step.Since): an action then costs no snapshot before it. When the
	// page did change, or the action does not resolve there, it is
	// planned again on a fresh snapshot.
	optimistic := how.before == nil && how.files == nil && r.last != nil && r.last.snap != nil && r.last.snap.Mark > 0
	var p actPlan
	var err error
	switch {
	case optimistic:
		if p, err = r.plan(ctx, req, how, r.last); err != nil {
			optimistic = false
			p, err = replan()
		}
	case how.before != nil:
		p, err = r.plan(ctx, req, how, how.before)
	default:
		p, err = replan()
	}
	if err != nil {
		return nil, err
	}
	res, err := r.perform(ctx, p, optimistic)
	if errors.Is(err, ErrPageChanged) {
		if p, err = replan(); err != nil {
			return nil, err
		}
		res, err = r.perform(ctx, p, false)
	}
	return res, err
}

// actPlan is an action resolved against an observation, ready to run.
type actPlan struct {
	before *Observation
	res    Resolved
	step   Step
	find   string // a row beyond the id cap stays listed in the after-snapshot
	// input is a WebMCP tool's validated arguments (page/webmcp.go).
	input []byte
}

// plan resolves the action against before and builds its step; nothing is
// done to the page (a row beyond the id cap is looked up by a snapshot).
func (r *Runtime) plan(ctx context.Context, req ActRequest, how actHow, before *Observation) (actPlan, error) {
	if req.ExpectedRevision != "" && before.Revision != req.ExpectedRevision {
		return actPlan{}, &Error{Code: CodeStaleRevision, Reason: "the page changed since " + req.ExpectedRevision + " (now " + before.Revision + "); read the current observation first", Available: available(before)}
	}
	res, err := r.Resolve(before, req.Action, req.Record)
	find := ""
	if ErrorCode(err) == CodeActionNotFound && req.Record != "" && before.snap.RecordsTotal > len(before.snap.Records) {
		// The row may lie beyond the id cap (found through continuation):
		// look it up by id, in the same kind of snapshot.
		find = req.Record
		if before, err = r.observe(ctx, observeHow{find: find}); err != nil {
			return actPlan{}, err
		}
		res, err = r.Resolve(before, req.Action, req.Record)
	}
	if err != nil {
		return actPlan{}, err
	}
	a := res.Action
	if err := checkConsent(before, res, req.Confirmed); err != nil {
		return actPlan{}, err
	}
	key, args := res.key, req.Args
	if a.tool != nil {
		if how.files != nil {
			return actPlan{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + " is not a file input (kind tool); upload takes an action of kind upload"}
		}
		input, err := checkArgs(a, args)
		if err != nil {
			return actPlan{}, err
		}
		return actPlan{before: before, res: res, input: input}, nil
	}
	if a.links != nil && !res.member {
		if key, res.ID, err = chooseLink(a, args); err != nil {
			return actPlan{}, err
		}
		args = withoutKey(args, a.arg())
	} else if res.member {
		args = withoutKey(args, a.arg())
	}
	step, err := buildStep(a, key, args, how.files)
	if err != nil {
		return actPlan{}, err
	}
	step.HoverRow = a.hoverOnly
	step.Confirm = req.Confirmed
	return actPlan{before: before, res: res, step: step, find: find}, nil
}

// perform runs a planned step with real input, settles, observes again and
// diffs. With since, the step carries the mark of the observation it was
// resolved against: a driver that sees the page changed since answers
// ErrPageChanged without acting.
func (r *Runtime) perform(ctx context.Context, p actPlan, since bool) (*ActResult, error) {
	if p.res.Action.tool != nil {
		return r.performTool(ctx, p, since)
	}
	tr := TraceFrom(ctx)
	before, res, step, a := p.before, p.res, p.step, p.res.Action
	if since {
		step.Since, step.Doc = before.snap.Mark, before.snap.DocumentID
	}
	var salt, digest string
	var err error
	endPerform := tr.Start(SpanPhase, "act: input")
	if step.Op == "type" {
		// Typing changes a field, which the observation may not show (a
		// secret's value never; a long value only its head and tail): the
		// field's salted digest before and after tells. A
		// driver that takes it in the step's own evaluation saves a round
		// trip; the after-digest comes with the after-observation.
		salt = strconv.FormatUint(rand.Uint64(), 36)
		if dp, ok := r.d.(DigestPerformer); ok {
			digest, err = dp.PerformDigest(ctx, step, salt)
		} else {
			digest = r.fieldDigest(ctx, step.Key, salt)
			err = r.d.Perform(ctx, step)
		}
	} else {
		err = r.d.Perform(ctx, step)
	}
	endPerform()
	if errors.Is(err, ErrPageChanged) {
		return nil, err
	}
	if err != nil {
		return nil, actError(err, before)
	}
	endAfter := tr.Start(SpanPhase, "act: settle and observe")
	how := observeHow{settle: true, fresh: true, find: p.find}
	if digest != "" {
		how.digestOf, how.salt = step.Key, salt
	}
	// An action that started a navigation (a form submit, a link) is
	// over when the new document has landed: the driver waits for it,
	// bounded by its action timeout, and the new page is observed as a
	// navigation's is.
	na, _ := r.d.(NavigationAwaiter)
	waited := na != nil && na.AwaitNavigation(ctx)
	if waited {
		how.fresh, how.afterLoad = false, true
	}
	after, err := r.observe(ctx, how)
	if err == nil && !waited && na != nil && after.snap.DocumentID == before.snap.DocumentID && na.AwaitNavigation(ctx) {
		// The navigation started while the old page settled. What the
		// first observation took from the tab (notices, dialogs) is the
		// action's still.
		how.fresh, how.afterLoad, how.carry = false, true, after
		after, err = r.observe(ctx, how)
	}
	endAfter()
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: res.ID, Description: a.Description}, Changed: Diff(before, after)}
	if step.Op == "type" && digest != "" {
		if now := after.snap.FieldDigest; now != nil && *now != "" && *now != digest {
			rec.Changed.Fields = []string{a.Name}
			rec.Changed.Observed = true
		}
	}
	rec.Dialogs = after.dialogs
	if w := dialogWarning(res.ID, after.dialogs); w != "" {
		rec.Warning = w
	} else if !rec.Changed.Observed {
		rec.Warning = "EXPECTATION_FAILED: no visible change after " + res.ID + "; read the page feedback and state before trying again"
	}
	return &ActResult{Receipt: rec, Observation: after, resolved: res}, nil
}

// NavigationAwaiter is a Driver that can tell whether the tab's main frame
// started a document navigation since the last step (browser.Session
// implements it). AwaitNavigation reports that, and when one is still on
// its way waits (bounded by the driver's action timeout) for the new
// document to land; each start is reported once.
type NavigationAwaiter interface {
	AwaitNavigation(ctx context.Context) bool
}

// DigestPerformer is a Driver that can also return the salted digest of a
// type step's target field as it was before the step, taken in the
// evaluation that prepares the step (browser.Session implements it): a
// type action then costs no evaluation of its own for the digest. The
// digest is FillFormScript's (digest_of, salt); "" when it cannot be told.
type DigestPerformer interface {
	PerformDigest(ctx context.Context, step Step, salt string) (before string, err error)
}

// fieldDigest is a salted digest of the value of the field with key,
// computed in the page (the value never leaves it); "" when it cannot be
// told (the field is gone, the script failed). It is only compared, never
// shown.
func (r *Runtime) fieldDigest(ctx context.Context, key, salt string) string {
	var out struct {
		Digest *string `json:"digest"`
	}
	if err := r.d.CallScript(ctx, fillFormScript, map[string]any{"digest_of": key, "salt": salt}, &out); err != nil || out.Digest == nil {
		return ""
	}
	return *out.Digest
}

// chooseLink picks the link a folded link list is called with (args.link),
// or the day of a calendar (args.day, its date). Code: INVALID_ARGUMENT.
func chooseLink(a Action, args map[string]any) (key, id string, err error) {
	if a.arg() == "day" {
		day, ok := args["day"].(string)
		if !ok {
			return "", "", &Error{Code: CodeInvalidArgument, Reason: a.Name + ": day (a string, the date YYYY-MM-DD of one of its days) is required"}
		}
		m, ok := a.member(strings.TrimSpace(day))
		if !ok {
			first, last := a.links[0].label, a.links[len(a.links)-1].label
			return "", "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s: the calendar does not show %q (it shows %s to %s); show its month first (previous_month, next_month)", a.Name, clean(day, 40), first, last)}
		}
		return m.key, a.Name + ":" + m.label, nil
	}
	name, ok := args["link"].(string)
	if !ok {
		return "", "", &Error{Code: CodeInvalidArgument, Reason: a.Name + ": link (a string, the name of one of its links) is required"}
	}
	m, ok := a.member(name)
	if !ok {
		return "", "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s: no link %q in this list (%d links)", a.Name, clean(name, 80), len(a.links))}
	}
	return m.key, a.Name + ":" + m.label, nil
}

func withoutKey(m map[string]any, k string) map[string]any {
	if _, ok := m[k]; !ok {
		return m
	}
	out := make(map[string]any, len(m))
	for kk, v := range m {
		if kk != k {
			out[kk] = v
		}
	}
	return out
}

// buildStep validates args against the action's parameters and builds the
// input step; files (from the upload tool only) set a file input. Code:
// INVALID_ARGUMENT.
func buildStep(a Action, key string, args map[string]any, files []string) (Step, error) {
	bad := func(format string, v ...any) (Step, error) {
		return Step{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": " + fmt.Sprintf(format, v...)}
	}
	if step, ok, err := uploadStep(a, key, files); ok {
		return step, err
	}
	answer, answered := "", false
	for k := range args {
		if k == "text" && a.Kind != "type" && a.Kind != "select" {
			// The answer to a prompt() the action raises.
			if answer, answered = args[k].(string); !answered {
				return bad("text (the answer to the page's prompt) must be a string")
			}
			continue
		}
		if _, ok := a.Params[k]; !ok || k == "record" {
			return bad("unknown argument %q (takes: %s)", k, paramList(a))
		}
	}
	switch a.Kind {
	case "type":
		text, ok := args["text"].(string)
		if !ok {
			return bad("text (a string) is required")
		}
		submit := false
		if v, present := args["submit"]; present {
			b, ok := v.(bool)
			if !ok {
				return bad("submit must be a boolean")
			}
			submit = b
		}
		st := Step{Op: "type", Key: key, Text: text, Submit: submit}
		if v, present := args["append"]; present {
			b, ok := v.(bool)
			if !ok {
				return bad("append must be a boolean")
			}
			st.Append = b
		}
		if v, present := args["replace"]; present {
			s, ok := v.(string)
			if !ok || s == "" {
				return bad("replace must be a non-empty string: the part of the current content that text replaces")
			}
			st.Replace = s
		}
		if st.Append && st.Replace != "" {
			return bad("append and replace exclude each other: append adds text at the end, replace types it over one part")
		}
		if st.Append && text == "" {
			return bad("append needs a non-empty text")
		}
		return st, nil
	case "select":
		v, ok := args["value"].(string)
		if !ok {
			return bad("value (a string) is required")
		}
		if enum := a.Params["value"].Enum; len(enum) > 0 {
			found := false
			for _, e := range enum {
				found = found || e == v
			}
			if !found {
				return bad("value %q is not one of the visible options: %s", v, strings.Join(enum, " / "))
			}
		}
		return Step{Op: "select", Key: key, Value: v}, nil
	}
	return Step{Op: "click", Key: key, Answer: answer}, nil
}

func paramList(a Action) string {
	var names []string
	for k := range a.Params {
		names = append(names, k)
	}
	if len(names) == 0 {
		return "no arguments"
	}
	return strings.Join(names, ", ")
}

// Navigate loads url after the policy check and observes the new page.
// Codes: NAVIGATION_BLOCKED, TIMEOUT.
func (r *Runtime) Navigate(ctx context.Context, url string) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.opts.CheckURL != nil {
		if err := r.opts.CheckURL(url); err != nil {
			return nil, &Error{Code: CodeNavigationBlocked, Reason: err.Error()}
		}
	}
	before := r.last
	tr := TraceFrom(ctx)
	end := tr.Start(SpanPhase, "navigate: load")
	err := r.d.Navigate(ctx, url)
	end()
	if err != nil {
		return nil, wrapDriver("navigate", err)
	}
	end = tr.Start(SpanPhase, "navigate: settle and observe")
	after, err := r.observe(ctx, observeHow{settle: true, afterLoad: true})
	end()
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "navigate", Description: "Open " + clean(url, 200)}}
	if before != nil {
		rec.Changed = Diff(before, after)
	} else {
		rec.Changed = Changes{Observed: true, Navigated: true,
			Records: RecordChanges{Added: []string{}, Removed: []string{}, Changed: []string{}},
			Actions: ActionChanges{Appeared: []string{}, Disappeared: []string{}}, State: []string{}, Feedback: []string{}}
	}
	return &ActResult{Receipt: rec, Observation: after}, nil
}

// Scroll scrolls the page (or a region) by pages viewport heights and
// observes again: a discovery step.
func (r *Runtime) Scroll(ctx context.Context, region, direction string, pages float64) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if direction != "up" && direction != "down" {
		return nil, &Error{Code: CodeInvalidArgument, Reason: `direction must be "up" or "down"`}
	}
	if pages == 0 {
		pages = 1
	}
	if pages < 0 || pages > 20 || math.IsNaN(pages) {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "pages must be between 0 and 20"}
	}
	before, err := r.observe(ctx, observeHow{})
	if err != nil {
		return nil, err
	}
	step := Step{Op: "scroll", Dy: pages}
	if direction == "up" {
		step.Dy = -pages
	}
	if region != "" {
		rg := findRegion(before, region)
		if rg == nil {
			return nil, regionNotFound(before, region, "to scroll the page")
		}
		step.Key = rg.Key
	}
	if err := r.d.Perform(ctx, step); err != nil {
		return nil, wrapDriver("scroll", err)
	}
	after, err := r.observe(ctx, observeHow{settle: true, fresh: true})
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "scroll", Description: "Scroll " + direction}, Changed: Diff(before, after)}
	rec.Changed.Observed = rec.Changed.Observed || len(rec.Changed.Revealed) > 0 || before.snap.Viewport.ScrollY != after.snap.Viewport.ScrollY
	if !rec.Changed.Observed {
		rec.Warning = "EXPECTATION_FAILED: scrolling revealed nothing new (the end of the page or region may be reached)"
	}
	return &ActResult{Receipt: rec, Observation: after}, nil
}

func (r *Runtime) withAvailable(err error) error {
	var pe *Error
	if errors.As(err, &pe) && r.last != nil && pe.Available == nil {
		pe.Available = available(r.last)
	}
	return err
}

// retryableRead reports whether a failed read may succeed on a new try:
// an untyped driver error that is neither a deadline nor a cancellation.
func retryableRead(err error) bool {
	var pe *Error
	return err != nil && !errors.As(err, &pe) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled)
}

// wrapDriver turns driver failures into stable codes: TIMEOUT for
// deadlines, BROWSER_UNAVAILABLE otherwise; *Error passes through.
func wrapDriver(op string, err error) error {
	var pe *Error
	if errors.As(err, &pe) {
		return err
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Code: CodeTimeout, Reason: op + " timed out", Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return &Error{Code: CodeBrowserUnavailable, Reason: op + " failed in the browser", Err: err}
}

// actError is what an act answers when the driver failed: a page error
// keeps its code and lists the actions available before the act; any
// other error is the driver's, wrapped (wrapDriver).
func actError(err error, before *Observation) error {
	var pe *Error
	if errors.As(err, &pe) {
		if pe.Available == nil {
			pe.Available = available(before)
		}
		return pe
	}
	return wrapDriver("act", err)
}

// Fit returns a copy of o whose rendering, plus reserve bytes already
// spent (a receipt), stays within maxBytes: whole entries are moved from the
// end of the lists (citation ids, hidden content, unavailable entries,
// actions beyond three, state, feedback and regions, and only then records
// with fields) behind a continuation, every cut counted. The last resort, when even the emptiest copy is too
// large, is a byte cap the renderings honour. o
// itself (the runtime's latest observation) is not changed.
func (r *Runtime) Fit(o *Observation, maxBytes, reserve int, render func(*Observation) string) *Observation {
	if maxBytes <= 0 || len(render(o))+reserve <= maxBytes {
		return o
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	c := *o
	c.Actions = append([]Action(nil), o.Actions...)
	c.Unavailable = append([]UnavailableView(nil), o.Unavailable...)
	c.Regions = append([]RegionView(nil), o.Regions...)
	c.Records.Shown = append([]RecordView(nil), o.Records.Shown...)
	c.Records.IDs = append([]string(nil), o.Records.IDs...)
	c.Hidden = append([]HiddenContent(nil), o.Hidden...)
	c.Feedback = append([]Feedback(nil), o.Feedback...)
	c.State = make(map[string]any, len(o.State))
	for k, v := range o.State {
		c.State[k] = v
	}
	stateKeys := make([]string, 0, len(c.State))
	for k := range c.State {
		stateKeys = append(stateKeys, k)
	}
	sort.Strings(stateKeys)
	fits := func() bool {
		r.setContinuation(&c) // the token line counts too
		return len(render(&c))+reserve <= maxBytes
	}
	// Records before breadth of actions: the rows with their fields stay
	// while the id index, hidden content, unavailable entries, actions
	// beyond the first three, state, feedback and regions are cut; only
	// then rows go, from the end.
	step := func() bool {
		switch {
		case len(c.Records.IDs) > 3:
			c.Records.IDs = c.Records.IDs[:len(c.Records.IDs)-1]
			c.Records.IDsOmitted++
		case len(c.Hidden) > 0:
			c.Hidden = c.Hidden[:len(c.Hidden)-1]
			c.Omitted.Hidden++
		case len(c.Unavailable) > 0:
			c.Unavailable = c.Unavailable[:len(c.Unavailable)-1]
			c.Omitted.Actions++
		case len(c.Actions) > 3:
			c.Actions = c.Actions[:len(c.Actions)-1]
			c.Omitted.Actions++
		case len(stateKeys) > 0:
			delete(c.State, stateKeys[len(stateKeys)-1])
			stateKeys = stateKeys[:len(stateKeys)-1]
			c.Omitted.StateGroups++
		case len(c.Feedback) > 2:
			c.Feedback = c.Feedback[:len(c.Feedback)-1]
			c.Omitted.Feedback++
		case len(c.Regions) > 1:
			c.Regions = c.Regions[:len(c.Regions)-1]
			c.Omitted.Regions++
		case len(c.Records.Shown) > 1:
			c.Records.Shown = c.Records.Shown[:len(c.Records.Shown)-1]
			c.Omitted.Records++
		case len(c.Records.Shown) > 0:
			c.Records.Shown = nil
			c.Omitted.Records++
		case len(c.Actions) > 1:
			c.Actions = c.Actions[:len(c.Actions)-1]
			c.Omitted.Actions++
		case len(c.Feedback) > 0:
			c.Feedback = c.Feedback[:len(c.Feedback)-1]
			c.Omitted.Feedback++
		default:
			return false
		}
		return true
	}
	for !fits() && step() {
	}
	if !fits() {
		// The last resort: the rendering itself is cut at a line.
		c.capBytes = max(maxBytes-reserve, 256)
	}
	return &c
}

// dialogWarning is the receipt's warning when the action raised a
// confirm() or prompt() that was dismissed: the page asked a question the
// caller did not confirm. The question itself is page data: the receipt
// carries it apart (ReceiptText's dialogs[].page_data), never in the
// warning.
func dialogWarning(id string, ds []DialogRecord) string {
	for _, d := range ds {
		if d.Accepted || (d.Type != "confirm" && d.Type != "prompt") {
			continue
		}
		how := "call the action again with confirm: true"
		if d.Type == "prompt" {
			how += " and args.text as the answer"
		}
		return fmt.Sprintf("CONFIRMATION_REQUIRED: %s raised a %s dialog and it was dismissed, so what it guards was not done (the page's question is in dialogs[].page_data and the feedback); to accept it, ask the user, then %s",
			id, d.Type, how)
	}
	return ""
}
