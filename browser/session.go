package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// Session is one isolated browser context (own cookies and storage) with its
// current tab. It is not safe for concurrent use: callers serialize
// operations on one session (the MCP layer holds a lock per session).
type Session struct {
	b        *Browser
	ctx      context.Context // tab-level chromedp context
	cancel   context.CancelFunc
	closed   bool
	events   *events
	notes    notices
	check    func(string) error
	targetID target.ID
	// acceptDialogs answers confirm/prompt dialogs with OK.
	acceptDialogs bool
	// m, when set, replaces a dead browser (see Manager); root and
	// rootCtx own the browser context once the first tab was replaced
	// (revive.go).
	m       *Manager
	root    context.CancelFunc
	rootCtx context.Context
	// unresponsive: an operation hit the action bound; the next
	// navigation replaces the tab (revive.go).
	unresponsive bool
}

// SessionOptions configure one session.
type SessionOptions struct {
	// CheckURL vets every document request (navigation policy); nil allows
	// everything.
	CheckURL func(string) error
	// AcceptDialogs accepts confirm and prompt dialogs; by default they are
	// dismissed (alerts are always accepted).
	AcceptDialogs bool
}

// NewSession opens a new browser context and its first tab.
func (b *Browser) NewSession(ctx context.Context) (*Session, error) {
	return b.NewSessionWith(ctx, SessionOptions{})
}

// NewSessionWith opens a new browser context and its first tab, guarded by
// opts.
func (b *Browser) NewSessionWith(ctx context.Context, opts SessionOptions) (*Session, error) {
	if !b.Alive() {
		return nil, ErrBrowserGone
	}
	tctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	s := &Session{b: b, ctx: tctx, cancel: cancel, check: opts.CheckURL, acceptDialogs: opts.AcceptDialogs}
	if err := s.start(ctx); err != nil {
		cancel()
		return nil, fmt.Errorf("new browser context: %w", err)
	}
	return s, nil
}

// start attaches the tab, sets the viewport and installs the guards.
func (s *Session) start(ctx context.Context) error {
	b, tctx := s.b, s.ctx
	// The first Do binds the tab's lifetime to the context it gets, so it
	// runs on tctx itself (no deadline) and the wait is bounded here.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(tctx) }()
	var err error
	select {
	case err = <-started:
	case <-time.After(b.opts.StartTimeout):
		err = fmt.Errorf("timed out after %s", b.opts.StartTimeout)
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		return err
	}
	err = s.run(ctx, b.opts.StartTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: int64(b.opts.Width), Height: int64(b.opts.Height), DeviceScaleFactor: 1,
		})
		return err
	})
	if err != nil {
		return err
	}
	if c := chromedp.FromContext(tctx); c != nil && c.Target != nil {
		s.targetID = c.Target.TargetID
	}
	s.events = watch(tctx, s.acceptDialogs)
	b.register(s)
	return s.guardSession(ctx)
}

// run executes f on the tab with a deadline derived from ctx, so a crashed
// tab (whose commands never reply) cannot hang a call.
func (s *Session) run(ctx context.Context, timeout time.Duration, f func(context.Context) error) error {
	if s.closed {
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
		if !s.b.Alive() {
			if s.m != nil && s.b.claimLoss() {
				return errBrowserLost(err)
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

// Navigate loads url in the session's tab and waits for the load event. A
// load the navigation policy stopped (a redirect to a refused address, say)
// is a *page.Error with NAVIGATION_BLOCKED.
func (s *Session) Navigate(ctx context.Context, url string) error {
	if err := s.replaceIfBroken(ctx); err != nil {
		return err
	}
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		return chromedp.Do(c, chromedp.Navigate(url))
	})
	s.events.ownStep()
	if err != nil {
		s.notes.mu.Lock()
		blocked := append([]string(nil), s.notes.blocked...)
		s.notes.blocked = nil
		s.notes.mu.Unlock()
		if len(blocked) > 0 {
			return &page.Error{Code: page.CodeNavigationBlocked, Reason: blocked[len(blocked)-1], Err: err}
		}
	}
	return err
}

// Evaluate runs a JavaScript expression in the page's main world and decodes
// its JSON value into out (out may be nil). Promises are awaited. It is
// bounded by Options.ActionTimeout plus the in-page wait the caller
// declared with page.WithWait.
func (s *Session) Evaluate(ctx context.Context, expression string, out any) error {
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

// Close closes the tab and disposes the browser context with its cookies
// and storage.
func (s *Session) Close() {
	if s.closed {
		return
	}
	s.closed = true
	s.b.unregister(s)
	done := make(chan struct{})
	go func() {
		_ = chromedp.Cancel(s.ctx)
		if s.rootCtx != nil {
			_ = chromedp.Cancel(s.rootCtx)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	s.cancel()
	if s.root != nil {
		s.root()
	}
}
