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
