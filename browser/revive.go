package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// errCrashed is what every call on a tab whose renderer died answers until
// a navigation replaces the tab.
var errCrashed = &page.Error{Code: page.CodeBrowserUnavailable,
	Reason: "the page crashed (its renderer process ended: out of memory, or killed); navigate to open a page again"}

// errUnresponsive is what an operation that hit the action bound answers.
func errUnresponsive(bound time.Duration, cause error) error {
	return &page.Error{Code: page.CodeTimeout,
		Reason: fmt.Sprintf("the page did not answer within %s (a script may be running without end, or the page is overloaded); navigate to replace it", bound),
		Err:    fmt.Errorf("%w after %s: %v", context.DeadlineExceeded, bound, cause)}
}

// noteRestarted is the notice a session revived in a new browser shows.
const noteRestarted = "the browser was restarted after it stopped: this page was reopened empty (its history, cookies and storage are gone); navigate to continue"

// ensure makes sure the session's browser is alive before an operation.
// The first call (of any session) that meets a dead browser answers
// BROWSER_UNAVAILABLE with the reason; a session of a Manager then reopens
// itself in the Manager's new browser on its next call.
func (s *Session) ensure(ctx context.Context) error {
	if s.b.Alive() {
		return nil
	}
	if s.m == nil {
		return ErrBrowserGone
	}
	if s.b.claimLoss() {
		return errBrowserLost(errors.New("met between calls"))
	}
	return s.revive(ctx)
}

// revive reopens the session (a new browser context and tab) in the
// Manager's live browser, keeping its policy, dialog answers and notices.
func (s *Session) revive(ctx context.Context) error {
	nb, err := s.m.Browser(ctx)
	if err != nil {
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser stopped and a new one could not be started", Err: err}
	}
	oldCtx, oldCancel, oldRoot := s.ctx, s.cancel, s.root
	tctx, cancel := chromedp.NewContext(nb.ctx, chromedp.WithNewBrowserContext())
	s.b, s.ctx, s.cancel, s.root, s.rootCtx = nb, tctx, cancel, nil, nil
	s.events, s.unresponsive = nil, false
	if err := s.start(ctx); err != nil {
		s.b.unregister(s)
		cancel()
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser was restarted but this page could not be reopened", Err: err}
	}
	// The old contexts belong to the dead browser: release them.
	_ = oldCtx
	oldCancel()
	if oldRoot != nil {
		oldRoot()
	}
	s.notes.add(&s.notes.other, noteRestarted)
	s.b.opts.Logger.Info("session reopened in a restarted browser")
	return nil
}

// replaceIfBroken gives a crashed or unresponsive tab a fresh one in the
// same browser context (cookies and storage stay): a navigation starts
// over there instead of waiting on a renderer that cannot answer.
func (s *Session) replaceIfBroken(ctx context.Context) error {
	if s.closed {
		return ErrClosed
	}
	if err := s.ensure(ctx); err != nil {
		return err
	}
	if !s.unresponsive && !s.events.isCrashed() {
		return nil
	}
	return s.replaceTarget(ctx)
}

// replaceTarget opens a new tab in the session's browser context, moves
// the session onto it and closes the old one.
func (s *Session) replaceTarget(ctx context.Context) error {
	b := s.b
	oldID := s.targetID
	bctx, err := s.browserContextID(ctx)
	if err != nil {
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the page could not be replaced", Err: err}
	}
	tctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithExistingBrowserContext(bctx))
	oldCtx, oldCancel := s.ctx, s.cancel
	if s.root == nil {
		// The first tab's context owns the browser context: cancelling it
		// would dispose of the cookies too. It is kept until Close.
		s.root, s.rootCtx = oldCancel, oldCtx
		oldCancel = nil
	}
	b.unregister(s)
	s.ctx, s.cancel, s.events, s.unresponsive = tctx, cancel, nil, false
	if err := s.start(ctx); err != nil {
		b.unregister(s)
		cancel()
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the page could not be replaced", Err: err}
	}
	// The old renderer may never answer: close its target from the
	// browser side, bounded, in the background.
	go func() {
		c, done := context.WithTimeout(b.ctx, b.opts.ActionTimeout)
		defer done()
		_, _ = chromedp.CallBrowser(c, target.CloseTarget, target.CloseTargetParams{TargetID: oldID})
		if oldCancel != nil {
			oldCancel()
		}
	}()
	b.opts.Logger.Info("replaced an unresponsive or crashed tab")
	return nil
}

// browserContextID is the browser context the session's tab lives in.
func (s *Session) browserContextID(ctx context.Context) (cdp.BrowserContextID, error) {
	if c := chromedp.FromContext(s.ctx); c != nil && c.BrowserContextID != "" {
		return c.BrowserContextID, nil
	}
	c, cancel := context.WithTimeout(s.b.ctx, s.b.opts.ActionTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	info, err := chromedp.CallBrowser(c, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: s.targetID})
	if err != nil {
		return "", err
	}
	if info.TargetInfo == nil || info.TargetInfo.BrowserContextID == "" {
		return "", errors.New("the tab's browser context is unknown")
	}
	return info.TargetInfo.BrowserContextID, nil
}

// documentReplaced marks the errors of an evaluation whose document went
// away under it (the page navigated): the page is fine, a new read may
// succeed.
func documentReplaced(err error) error {
	msg := err.Error()
	for _, s := range []string{
		"Execution context was destroyed",
		"Cannot find context with specified id",
		"Inspected target navigated or closed",
		"Cannot find default execution context",
	} {
		if strings.Contains(msg, s) {
			return fmt.Errorf("%w: %v", page.ErrDocumentReplaced, err)
		}
	}
	return err
}
