package mcpserver

import (
	"context"

	"github.com/pling-dev/pling/page"
)

// Tab is one browser tab of an isolated browser context, as the MCP layer
// needs it: a page driver it can close. browser.Session implements it.
type Tab = page.Tab

// tabOpener is a Tab that can hand over the tabs its page opened
// (window.open, target=_blank); each becomes a page handle of its own.
type tabOpener interface {
	OpenedTabs(ctx context.Context) []page.Tab
}

// pageOpener is a Tab that opens more tabs in its own browser context
// (same cookies and storage): the pages of one session share it.
type pageOpener interface {
	NewTab(ctx context.Context) (page.Tab, error)
}

// newTab opens a tab for owner: in the browser context of the owner's
// other pages when it has any (one browser context per session, every
// page in it), else in a new one.
func (s *Server) newTab(ctx context.Context, owner string) (Tab, error) {
	var sib pageOpener
	s.mu.Lock()
	for _, p := range s.pages {
		if po, ok := p.tab.(pageOpener); ok && p.owner == owner {
			sib = po
			break
		}
	}
	s.mu.Unlock()
	if sib != nil {
		if t, err := sib.NewTab(ctx); err == nil {
			return t, nil
		}
		// That page closed meanwhile (and with the last one, its
		// context): start a new one.
	}
	return s.opts.Browser.NewTab(ctx)
}

// registerPopup gives a tab the page opened a handle of owner's, unless
// owner is at MaxPages (tabs the page opens count too): then it returns
// nil and the caller closes the tab.
func (s *Server) registerPopup(owner string, tab Tab) *pageEntry {
	p := s.newEntry(newHandle(), owner, tab)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ownedLocked(owner) >= s.opts.MaxPages {
		return nil
	}
	s.pages[p.handle] = p
	return p
}

// Browser opens isolated tabs: each call is a new browser context with its
// own cookies and storage. cmd/pling wires the real Chromium in; tests can
// use a fake.
type Browser interface {
	NewTab(ctx context.Context) (Tab, error)
}

// BrowserFunc adapts a function to Browser.
type BrowserFunc func(ctx context.Context) (Tab, error)

// NewTab calls f.
func (f BrowserFunc) NewTab(ctx context.Context) (Tab, error) { return f(ctx) }

// SearchFactory makes one budgeted web search session per MCP session
// (spec/web-search.txt: one BoundedSearchSession per invocation).
type SearchFactory interface {
	NewSession() SearchSession
	// Description is the web_search tool description with the disclosure.
	Description() string
}

// SearchSession runs budgeted searches. progress, when not nil, receives
// provisional text (already labelled and redacted). Errors that agents can
// act on are *page.Error values with a stable code.
type SearchSession interface {
	Search(ctx context.Context, query string, progress func(text string)) (any, error)
}
