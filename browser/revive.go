package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
		Reason: fmt.Sprintf("the page did not answer within %s (a script may be running without end or filling memory, or the page is overloaded); navigate to replace it", bound),
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
		return s.b.lostError(errors.New("met between calls"))
	}
	return s.revive(ctx)
}

// revive reopens the tab in the Manager's live browser, keeping its
// policy, dialog answers and notices. The tabs of one session move to one
// new browser context together (the first to revive creates it).
func (s *Session) revive(ctx context.Context) error {
	oldBC, oldCancel := s.bc, s.cancel
	nbc, err := oldBC.successor(ctx)
	if err != nil {
		return err
	}
	nb := nbc.b
	tctx, cancel := chromedp.NewContext(nb.ctx, chromedp.WithExistingBrowserContext(nbc.id))
	s.b, s.bc, s.ctx, s.cancel, s.targetID = nb, nbc, tctx, cancel, ""
	s.events, s.unresponsive = nil, false
	if err := s.start(ctx); err != nil {
		s.b.unregister(s)
		cancel()
		if nb.closesWithContext {
			nbc.disposeIfEmpty() // closes the connection dialed for it
		}
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser was restarted but this page could not be reopened", Err: err}
	}
	oldBC.mu.Lock()
	delete(oldBC.tabs, s)
	oldBC.mu.Unlock()
	if oldBC.b.closesWithContext {
		oldBC.disposeIfEmpty() // releases the dead connection
	}
	nbc.mu.Lock()
	nbc.tabs[s] = struct{}{}
	nbc.mu.Unlock()
	// The old context belongs to the dead browser: release it.
	oldCancel()
	s.notes.add(&s.notes.other, noteRestarted)
	s.b.opts.Logger.Info("session reopened in a restarted browser")
	return nil
}

// successor is the browser context that replaces bc in the Manager's live
// browser, or in pool mode in a connection of its own dialed for it:
// created by the first of bc's tabs to revive, shared by the others.
func (bc *browserContext) successor(ctx context.Context) (*browserContext, error) {
	// Not bc.mu: the wait for a browser takes the Manager's lock, which
	// is held while bc.mu is taken (Manager.usable).
	bc.succession.Lock()
	defer bc.succession.Unlock()
	m := bc.m
	var nb *Browser
	if m.perSession() {
		if n := bc.next; n != nil && n.b.Alive() && !n.isDisposed() {
			return n, nil
		}
		b, err := m.dial(ctx)
		if err != nil {
			return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: poolReason(err, "this session's connection to the browser pool dropped and a new one could not be dialed; the next call tries again"), Err: err}
		}
		nb = b
	} else {
		b, err := m.Browser(ctx)
		if err != nil {
			return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser stopped and a new one could not be started", Err: err}
		}
		if n := bc.next; n != nil && n.b == b && !n.isDisposed() {
			return n, nil
		}
		nb = b
	}
	n, err := nb.newBrowserContext(ctx, bc.opts)
	if err != nil {
		if m.perSession() {
			nb.Close()
		}
		return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser was restarted but this page could not be reopened", Err: err}
	}
	n.m = m
	bc.next = n
	return n, nil
}

// poolReason is the reason of a failed dial: the pool's refusal of the
// credentials in its own words, else def.
func poolReason(err error, def string) string {
	if errors.Is(err, ErrPoolRefused) {
		return ErrPoolRefused.Error()
	}
	return def
}

// replaceIfBroken gives a crashed or unresponsive tab a fresh one in the
// same browser context (cookies and storage stay): a navigation starts
// over there instead of waiting on a renderer that cannot answer.
func (s *Session) replaceIfBroken(ctx context.Context) error {
	if s.isClosed() {
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
	oldID, oldCancel := s.targetID, s.cancel
	b.unregister(s)
	// The old renderer may never answer: close its target from the
	// browser side, first. Chromium then ends a renderer stuck in a busy
	// loop (or collecting garbage at its heap limit) at once, instead of
	// letting it spin on a core while the new tab starts and loads: on the
	// loaded 2-core test machine that made the navigation after a frozen
	// page pass the action bound now and then.
	c, done := context.WithTimeout(b.ctx, b.opts.ActionTimeout)
	stop := context.AfterFunc(ctx, done)
	_, _ = chromedp.CallBrowser(c, target.CloseTarget, target.CloseTargetParams{TargetID: oldID})
	stop()
	done()
	oldCancel()
	tctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithExistingBrowserContext(s.bc.id))
	s.ctx, s.cancel, s.events, s.unresponsive, s.targetID = tctx, cancel, nil, false, ""
	if err := s.start(ctx); err != nil {
		b.unregister(s)
		cancel()
		return &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the page could not be replaced", Err: err}
	}
	b.opts.Logger.Info("replaced an unresponsive or crashed tab")
	return nil
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
