package page

import (
	"context"
	"errors"
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

// ShowsDocument reports whether the latest observation saw a page's own
// document: not a blank tab (about:blank, nothing loaded yet) nor the
// browser's error page (a refused or failed navigation).
func (r *Runtime) ShowsDocument() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.last == nil || r.last.snap == nil {
		return false
	}
	// The collector gives an address as origin + path: the error page's
	// (chrome-error://chromewebdata/) has the opaque origin "null".
	u := r.last.snap.URL
	return u != "" && u != "null/" && !strings.HasPrefix(u, "about:") && !strings.HasPrefix(u, "chrome-error:")
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
