package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/cdproto/webmcp"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// Session is one tab of a browser context. The tabs of one browser
// context (the first Session, the pages opened with NewPage and the tabs
// the page opened itself) share cookies and storage, as in one browser
// profile; different browser contexts share nothing. A Session is not
// safe for concurrent use: callers serialize operations on one tab (the
// MCP layer holds a lock per page).
type Session struct {
	b        *Browser
	bc       *browserContext
	ctx      context.Context // tab-level chromedp context
	cancel   context.CancelFunc
	mu       sync.Mutex // guards closed
	closed   bool
	events   *events
	webmcp   *toolsState // the tab's WebMCP tools (webmcp.go)
	notes    notices
	targetID target.ID
	// m, when set, replaces a dead browser (see Manager; revive.go).
	m *Manager
	// unresponsive: an operation hit the action bound; the next
	// navigation replaces the tab (revive.go).
	unresponsive bool
}

// browserContext is one isolated browser context and the tabs open in it.
// It is disposed (cookies, storage and all) when its last tab closes.
type browserContext struct {
	b    *Browser
	id   cdp.BrowserContextID
	opts SessionOptions
	m    *Manager // set for sessions of a Manager

	mu       sync.Mutex
	tabs     map[*Session]struct{}
	disposed bool
	// succession guards next, its replacement in a restarted browser (or
	// a new connection of pool mode), created by the first of its tabs to
	// revive.
	succession sync.Mutex
	next       *browserContext
	// isDefault: Chromium's default browser context (NewSessionOnFirstTab),
	// which can't be disposed and takes new tabs without its id.
	isDefault bool
}

func (bc *browserContext) isDisposed() bool {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	return bc.disposed
}

// SessionOptions configure one session.
type SessionOptions struct {
	// CheckURL vets every document request of the session's tabs
	// (navigation policy), in addition to Options.CheckURL; nil adds
	// nothing.
	CheckURL func(string) error
	// AcceptDialogs accepts confirm and prompt dialogs; by default they are
	// dismissed (alerts are always accepted).
	AcceptDialogs bool
}

// NewSession opens a new browser context and its first tab.
func (b *Browser) NewSession(ctx context.Context) (*Session, error) {
	return b.NewSessionWith(ctx, SessionOptions{})
}

// NewSessionWith opens a new browser context and its first tab, under the policy of
// opts. More tabs in the same context come from NewPage.
func (b *Browser) NewSessionWith(ctx context.Context, opts SessionOptions) (*Session, error) {
	if !b.Alive() {
		return nil, ErrBrowserGone
	}
	bc, err := b.newBrowserContext(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("new browser context: %w", err)
	}
	s, err := bc.newTab(ctx, "")
	if err != nil {
		bc.dispose()
		return nil, fmt.Errorf("new browser context: %w", err)
	}
	return s, nil
}

// NewSessionOnFirstTab opens a session on the tab Chromium opened at launch,
// in its default browser context, instead of a new context and tab: that
// tab's renderer starts with the browser, so the session is ready ~250 ms
// sooner on 2 cores (docs/PERFORMANCE.md). It is for a process with a
// single session that ends with it (stdio through Manager.OpenAhead, the
// one-shot commands): the default context can't be disposed, so only the
// first call of a launched browser gets the tab; others, and a remote
// browser (whose first tab is someone else's), get NewSessionWith.
func (b *Browser) NewSessionOnFirstTab(ctx context.Context, opts SessionOptions) (*Session, error) {
	if b.opts.RemoteURL != "" || !b.firstTabTaken.CompareAndSwap(false, true) || !b.Alive() {
		return b.NewSessionWith(ctx, opts)
	}
	c, cancel := b.startBound(ctx)
	defer cancel()
	targets, err := chromedp.CallBrowser(c, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, fmt.Errorf("find the first tab: %w", boundErr(c, err))
	}
	var first *target.Info
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" && ti.URL == "about:blank" && ti.OpenerID == "" {
			first = ti
			break
		}
	}
	if first == nil { // not open (yet): nothing to gain from waiting
		return b.NewSessionWith(ctx, opts)
	}
	bc := &browserContext{b: b, id: first.BrowserContextID, opts: opts, tabs: map[*Session]struct{}{}, isDefault: true}
	if err := b.adoptContext(c, bc); err != nil {
		return nil, err
	}
	s, err := bc.newTab(ctx, first.TargetID)
	if err != nil {
		bc.dispose()
		return nil, fmt.Errorf("first tab: %w", err)
	}
	return s, nil
}

// adoptContext refuses downloads in bc (the default context is named by
// no id) and registers it, so the browser-level interceptor can tell whose
// requests it sees. c bounds the call.
func (b *Browser) adoptContext(c context.Context, bc *browserContext) error {
	id := bc.id
	if bc.isDefault {
		id = ""
	}
	_, err := chromedp.CallBrowser(c, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: id, EventsEnabled: new(true),
	})
	if err != nil {
		return fmt.Errorf("refuse downloads: %w", boundErr(c, err))
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.contexts == nil {
		b.contexts = map[cdp.BrowserContextID]*browserContext{}
	}
	b.contexts[bc.id] = bc
	return nil
}

// newBrowserContext creates an isolated browser context in which downloads
// are refused, and registers it so the browser-level interceptor can tell whose
// requests it sees.
func (b *Browser) newBrowserContext(ctx context.Context, opts SessionOptions) (*browserContext, error) {
	c, cancel := b.startBound(ctx)
	defer cancel()
	res, err := chromedp.CallBrowser(c, target.CreateBrowserContext, target.CreateBrowserContextParams{})
	if err != nil {
		return nil, boundErr(c, err)
	}
	bc := &browserContext{b: b, id: res.BrowserContextID, opts: opts, tabs: map[*Session]struct{}{}}
	if err := b.adoptContext(c, bc); err != nil {
		bc.dispose()
		return nil, err
	}
	return bc, nil
}

// newTab opens a tab in the browser context, or attaches to the tab id
// (one the page opened) when id is set.
func (bc *browserContext) newTab(ctx context.Context, id target.ID) (*Session, error) {
	bc.mu.Lock()
	if bc.disposed {
		bc.mu.Unlock()
		return nil, ErrClosed
	}
	bc.mu.Unlock()
	var opts []chromedp.ContextOption
	switch {
	case id != "":
		opts = append(opts, chromedp.WithTargetID(id))
	case !bc.isDefault: // a new tab without a context goes to the default one
		opts = append(opts, chromedp.WithExistingBrowserContext(bc.id))
	}
	tctx, cancel := chromedp.NewContext(bc.b.ctx, opts...)
	s := &Session{b: bc.b, bc: bc, ctx: tctx, cancel: cancel, targetID: id, m: bc.m}
	if err := s.start(ctx); err != nil {
		s.b.unregister(s)
		cancel()
		return nil, err
	}
	bc.mu.Lock()
	if bc.disposed { // the session closed while this tab was starting
		bc.mu.Unlock()
		s.b.unregister(s)
		cancel()
		return nil, ErrClosed
	}
	bc.tabs[s] = struct{}{}
	bc.mu.Unlock()
	return s, nil
}

// NewPage opens another tab in this tab's browser context: it shares the
// session's cookies and storage and is under the same policy.
func (s *Session) NewPage(ctx context.Context) (*Session, error) {
	if s.isClosed() {
		return nil, ErrClosed
	}
	if !s.b.Alive() {
		return nil, ErrBrowserGone
	}
	ns, err := s.bc.newTab(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("new page: %w", err)
	}
	return ns, nil
}

// NewTab is NewPage as the MCP layer's page.Tab.
func (s *Session) NewTab(ctx context.Context) (page.Tab, error) {
	ns, err := s.NewPage(ctx)
	if err != nil {
		return nil, err
	}
	return ns, nil
}

// start attaches the tab, sets the viewport and starts watching it. It is
// registered with the browser (for the interceptor's attribution) only once
// everything is in place.
func (s *Session) start(ctx context.Context) error {
	b, tctx := s.b, s.ctx
	bound, cancel := b.startBound(ctx)
	defer cancel()
	// The first Do binds the tab's lifetime to the context it gets, so it
	// runs on tctx itself (no deadline) and the wait is bounded here.
	started := make(chan error, 1)
	do := func() error { return chromedp.Do(tctx) }
	if hook := startHook.Load(); hook != nil {
		do = func() error { return (*hook)(s, func() error { return chromedp.Do(tctx) }) }
	}
	go func() { started <- do() }()
	var err error
	select {
	case err = <-started:
	case <-bound.Done():
		err = context.Cause(bound)
	}
	if err != nil {
		return err
	}
	if c := chromedp.FromContext(tctx); c != nil && c.Target != nil {
		s.targetID = c.Target.TargetID
	}
	// Registered before the first navigation so the interceptor attributes its
	// requests (and the frames it attaches) to this tab.
	bc := s.bc
	s.events = watch(tctx, cdp.FrameID(s.targetID), bc.opts.AcceptDialogs, func(f cdp.FrameID) { b.addFrame(f, s, bc) }, func(f cdp.FrameID) { b.removeFrame(f, s) })
	s.webmcp = watchWebMCP(tctx, cdp.FrameID(s.targetID))
	b.register(s)
	err = s.run(ctx, b.opts.StartTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: int64(b.opts.Width), Height: int64(b.opts.Height), DeviceScaleFactor: 1,
		})
		if err != nil {
			return err
		}
		// The settle watcher and the click-listener watcher start with
		// every document, so requests the page makes before its first
		// observation count as in flight and click listeners tell a
		// clickable <span> from text (page.DocumentStartScript).
		_, err = chromedp.Call(c, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: page.DocumentStartScript})
		if err != nil {
			return err
		}
		// The page's WebMCP tools (webmcp.go). A browser without the
		// domain (an older remote one) refuses: its pages have none.
		_, _ = chromedp.Call(c, webmcp.Enable, cdp.Empty{})
		return nil
	})
	if err != nil {
		return err
	}
	return setupHook(s)
}

// setupHook lets tests make a tab's setup fail after registration.
var setupHook = func(*Session) error { return nil }

// startHook, when set, runs a tab's creation and attachment (do); tests
// hold or slow it there.
var startHook atomic.Pointer[func(s *Session, do func() error) error]

// maxStartWait bounds one step of a session start (a new browser context,
// a tab's creation) while the browser keeps answering, in multiples of
// Options.StartTimeout.
const maxStartWait = 4

// startBound returns the context one step of a session start runs under.
// It ends with ctx, when the browser has sent nothing at all for
// Options.StartTimeout (it hangs), or after maxStartWait times that. A
// burst of starts queues in Chromium (it creates tabs one after another and
// spawns a renderer for each), so one start can take longer than
// StartTimeout while the browser keeps answering the others: that start is
// slow, not failed, and a fixed bound made it fail (issue 12 pt 3).
// context.Cause tells which bound ended it.
func (b *Browser) startBound(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancelCause(b.ctx)
	stop := context.AfterFunc(ctx, func() { cancel(ctx.Err()) }) // caller cancellation ends the call too
	limit := b.opts.StartTimeout
	begin := time.Now()
	go func() {
		hard := time.NewTimer(maxStartWait * limit)
		defer hard.Stop()
		for {
			wait := limit - time.Since(b.heard.since(begin))
			if wait <= 0 {
				cancel(fmt.Errorf("%w: the browser answered nothing for %s", errStartTimeout, limit))
				return
			}
			t := time.NewTimer(wait)
			select {
			case <-c.Done():
				t.Stop()
				return
			case <-hard.C:
				t.Stop()
				cancel(fmt.Errorf("%w after %s", errStartTimeout, maxStartWait*limit))
				return
			case <-t.C:
			}
		}
	}()
	return c, func() { stop(); cancel(context.Canceled) }
}

// errStartTimeout: a step of a session start hit a bound of startBound.
var errStartTimeout = errors.New("timed out")

// boundErr is the error of a call made under a startBound context: the
// bound's cause when the bound ended it.
func boundErr(c context.Context, err error) error {
	if cause := context.Cause(c); cause != nil && !errors.Is(cause, context.Canceled) {
		return cause
	}
	return err
}

func (s *Session) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// run executes f on the tab with a deadline derived from ctx, so a crashed
// tab (whose commands never reply) cannot hang a call.
func (s *Session) run(ctx context.Context, timeout time.Duration, f func(context.Context) error) error {
	if s.isClosed() {
		return ErrClosed
	}
	if err := s.ensure(ctx); err != nil {
		return err
	}
	if s.events.isCrashed() {
		return errCrashed
	}
	c, cancel := context.WithTimeout(s.ctx, timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel) // caller cancellation ends the call too
	defer stop()
	stopCrash := s.events.onCrash(cancel) // commands to a crashed tab never answer
	defer stopCrash()
	err := f(c)
	if err != nil {
		if !s.b.Alive() || (ctx.Err() == nil && s.b.lostSoon(err)) {
			if s.m != nil && s.b.claimLoss() {
				return s.b.lostError(err)
			}
			return fmt.Errorf("%w: %v", ErrBrowserGone, err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if s.events.isCrashed() {
			return errCrashed
		}
		if errors.Is(c.Err(), context.DeadlineExceeded) {
			s.unresponsive = true
			return errUnresponsive(timeout, err)
		}
	}
	return err
}

// lostSoon reports whether the browser's connection drops within a moment
// of err, a tab detached or closed under a call: a pool ending a browser
// (browserless's kill or time limit, its restart) closes the tabs first and
// the connection after, and the call must answer the browser's loss, not
// a tab's.
func (b *Browser) lostSoon(err error) bool {
	if b.opts.RemoteURL == "" {
		return false // a local Chromium's death drops its pipe at once
	}
	msg := err.Error()
	if !strings.Contains(msg, "target detached") && !strings.Contains(msg, "target closed") &&
		!strings.Contains(msg, "Target closed") && !strings.Contains(msg, "context canceled") {
		return false
	}
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case <-b.lost:
		return true
	case <-t.C:
		return false
	}
}

// Navigate loads url in the session's tab and waits for the load event. A
// load the navigation policy stopped (a redirect to a refused address, say)
// is a *page.Error with NAVIGATION_BLOCKED.
func (s *Session) Navigate(ctx context.Context, url string) error {
	if err := s.replaceIfBroken(ctx); err != nil {
		return err
	}
	end := page.TraceFrom(ctx).Start(page.SpanCDP, "Page.navigate (to the load event)")
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		return chromedp.Do(c, chromedp.Navigate(url))
	})
	end()
	s.events.ownStep()
	if aerr := s.authError(err); aerr != nil {
		return aerr
	}
	if err != nil {
		return s.blockedNavigation(ctx, err)
	}
	return nil
}

// Evaluate runs a JavaScript expression in the page's main world and decodes
// its JSON value into out (out may be nil). Promises are awaited. It is
// bounded by Options.ActionTimeout plus the in-page wait the caller
// declared with page.WithWait.
func (s *Session) Evaluate(ctx context.Context, expression string, out any) error {
	defer page.TraceFrom(ctx).Start(page.SpanEval, "Runtime.evaluate")()
	return s.run(ctx, s.b.opts.ActionTimeout+page.WaitFrom(ctx), func(c context.Context) error {
		raw, err := chromedp.Run(c, chromedp.Evaluate[[]byte](expression, chromedp.EvalAwaitPromise))
		if err != nil {
			return documentReplaced(err)
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(raw, out)
	})
}

// CallScript evaluates script, which must be a JavaScript function
// expression, applied to args encoded as JSON, and decodes the result into
// out. It is how the embedded collectors run: one round trip.
func (s *Session) CallScript(ctx context.Context, script string, args any, out any) error {
	a, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("encode script args: %w", err)
	}
	return s.Evaluate(ctx, "("+script+")("+string(a)+")", out)
}

// Close closes the tab. The last tab of a browser context to close
// disposes the context with its cookies and storage.
func (s *Session) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.b.unregister(s)
	cancelTab(s.ctx, s.cancel)
	bc := s.bc
	bc.mu.Lock()
	delete(bc.tabs, s)
	last := len(bc.tabs) == 0
	bc.mu.Unlock()
	if last {
		bc.dispose()
	}
}

// CloseSession closes every tab of this tab's browser context and
// disposes the context.
func (s *Session) CloseSession() {
	bc := s.bc
	bc.mu.Lock()
	tabs := make([]*Session, 0, len(bc.tabs)+1)
	for t := range bc.tabs {
		tabs = append(tabs, t)
	}
	bc.mu.Unlock()
	tabs = append(tabs, s)
	for _, t := range tabs {
		t.Close()
	}
	bc.dispose()
}

// cancelTab closes a tab, waiting a bounded time for the browser.
func cancelTab(ctx context.Context, cancel context.CancelFunc) {
	done := make(chan struct{})
	go func() {
		_ = chromedp.Cancel(ctx)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	cancel()
}

// disposeIfEmpty disposes bc when no tab is in it (a successor whose first
// tab could not be opened, a dead context its last tab left).
func (bc *browserContext) disposeIfEmpty() {
	bc.mu.Lock()
	empty := len(bc.tabs) == 0
	bc.mu.Unlock()
	if empty {
		bc.dispose()
	}
}

// dispose drops the browser context (and any tab still in it). Safe to
// call more than once.
func (bc *browserContext) dispose() {
	bc.mu.Lock()
	if bc.disposed {
		bc.mu.Unlock()
		return
	}
	bc.disposed = true
	bc.mu.Unlock()
	b := bc.b
	b.mu.Lock()
	delete(b.contexts, bc.id)
	b.mu.Unlock()
	if b.closesWithContext {
		// Pool mode: the connection is this context's alone, and closing
		// it ends the pooled browser with everything in it.
		if b.Alive() {
			b.Close()
		} else {
			go b.Close() // a dead connection only needs releasing
		}
		return
	}
	if !b.Alive() || bc.isDefault { // its tabs are closed; the context stays
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	_, _ = chromedp.CallBrowser(ctx, target.DisposeBrowserContext, target.DisposeBrowserContextParams{BrowserContextID: bc.id})
}
