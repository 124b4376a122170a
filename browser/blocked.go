package browser

import (
	"context"
	_ "embed"
	"errors"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// locationScript reads the document's address and load state (location.js).
//
//go:embed location.js
var locationScript string

// docLocation is what location.js returns.
type docLocation struct {
	Href     string `json:"href"`
	Complete bool   `json:"complete"`
}

// refusedByBrowser are navigation errors in which Chromium itself refused
// the URL (a redirect to file:, an unknown scheme): the navigation was
// blocked, the browser is fine.
var refusedByBrowser = []string{"net::ERR_UNSAFE_REDIRECT", "net::ERR_DISALLOWED_URL_SCHEME", "net::ERR_UNKNOWN_URL_SCHEME", "net::ERR_BLOCKED_BY_CLIENT"}

// blockedNavigation turns the error of a navigation the policy (or
// Chromium's own rules) stopped into NAVIGATION_BLOCKED with the reason,
// and returns the tab to the page it was on. Other errors pass unchanged.
func (s *Session) blockedNavigation(ctx context.Context, err error) error {
	s.notes.mu.Lock()
	blocked := append([]string(nil), s.notes.blocked...)
	s.notes.blocked = nil
	s.notes.mu.Unlock()
	reason := ""
	switch {
	case len(blocked) > 0:
		reason = blocked[len(blocked)-1]
	case refusedError(err):
		reason = "the page redirected to a URL the browser does not open (a file: or other local or unknown scheme)"
		s.notes.mu.Lock()
		s.notes.blockedMain = true
		s.notes.mu.Unlock()
	default:
		return err
	}
	s.RecoverBlocked(ctx)
	return &page.Error{Code: page.CodeNavigationBlocked, Reason: reason, Err: err}
}

func refusedError(err error) bool {
	var pe *page.Error
	if err == nil || errors.As(err, &pe) {
		return false
	}
	for _, r := range refusedByBrowser {
		if strings.Contains(err.Error(), r) {
			return true
		}
	}
	return false
}

// RecoverBlocked returns the tab to the page it was on when a navigation
// of its main frame was blocked since the last call (the browser shows an
// error page under the refused URL, which is not where the agent is):
// back one history entry, or to about:blank when there is none. It reports
// whether it moved the tab.
func (s *Session) RecoverBlocked(ctx context.Context) bool {
	s.notes.mu.Lock()
	need := s.notes.blockedMain
	s.notes.blockedMain = false
	s.notes.mu.Unlock()
	if !need {
		return false
	}
	var where docLocation
	if err := s.Evaluate(ctx, "("+locationScript+")()", &where); err != nil || !strings.HasPrefix(where.Href, "chrome-error:") {
		return false // the page moved on by itself
	}
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		h, err := chromedp.Call(c, cdppage.GetNavigationHistory, cdp.Empty{})
		if err != nil {
			return err
		}
		if h.CurrentIndex <= 0 || int(h.CurrentIndex) > len(h.Entries) {
			return chromedp.Do(c, chromedp.Navigate("about:blank"))
		}
		prev := h.Entries[h.CurrentIndex-1]
		if _, err := chromedp.Call(c, cdppage.NavigateToHistoryEntry, cdppage.NavigateToHistoryEntryParams{EntryID: prev.ID}); err != nil {
			return err
		}
		// Wait (bounded by the action timeout) until the error page is gone.
		for c.Err() == nil {
			w, err := chromedp.Run(c, chromedp.Evaluate[docLocation]("("+locationScript+")()"))
			if err == nil && w.Complete && w.Href != "" && !strings.HasPrefix(w.Href, "chrome-error:") {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		return c.Err()
	})
	if err != nil {
		s.notes.add(&s.notes.other, "the tab shows the browser's error page for the blocked navigation; navigate to continue")
		return false
	}
	// The way back is Pling's own navigation, not one the step started.
	s.events.nav.reset()
	return true
}
