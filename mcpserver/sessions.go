package mcpserver

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// session is the state of one MCP session: its current page handle, its
// search budget and the page tools published to it. Operations on one
// session are serialized by op.
type session struct {
	id      string
	op      sync.Mutex // one operation at a time
	mu      sync.Mutex
	current string // handle of the session's page
	search  SearchSession
	tools   map[string]string // published page tool name -> signature
	toolDoc string            // document the page tools were built from
	guided  bool              // the compact rendering's guide was sent
}

// pageEntry is one live page handle: an isolated tab and its runtime.
type pageEntry struct {
	handle string
	owner  string // session id, or "token:<hash>" for stateless callers
	tab    Tab
	rt     *page.Runtime
	mu     sync.Mutex
	used   time.Time
}

func (p *pageEntry) touch() {
	p.mu.Lock()
	p.used = time.Now()
	p.mu.Unlock()
}

func (p *pageEntry) lastUsed() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.used
}

func (p *pageEntry) close() { p.tab.Close() }

// caller identifies who is calling: an MCP session (legacy protocol, stdio
// or HTTP 2025-11-25) or, for the stateless 2026-07-28 protocol, the bearer
// token the request carried.
type caller struct {
	sess  *session // nil for stateless callers
	owner string
}

// callerOf returns the caller of a request.
func (s *Server) callerOf(ctx context.Context, req mcp.CallToolRequest) caller {
	if !server.IsModernRequest(ctx) {
		if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
			return caller{sess: s.sessionFor(cs.SessionID()), owner: cs.SessionID()}
		}
	}
	tok := ""
	if req.Header != nil {
		tok = req.Header.Get("Authorization")
	}
	h := sha256.Sum256([]byte(tok))
	return caller{owner: "token:" + hex.EncodeToString(h[:8])}
}

func (s *Server) sessionFor(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.sessions[id]
	if !ok {
		ss = &session{id: id, tools: map[string]string{}}
		if s.opts.Search != nil {
			ss.search = s.opts.Search.NewSession()
		}
		s.sessions[id] = ss
	}
	return ss
}

// endSession closes a session's pages and forgets it.
func (s *Server) endSession(id string) {
	s.mu.Lock()
	delete(s.sessions, id)
	var gone []*pageEntry
	for h, p := range s.pages {
		if p.owner == id {
			gone = append(gone, p)
			delete(s.pages, h)
		}
	}
	for _, subs := range s.subs {
		delete(subs, id)
	}
	s.mu.Unlock()
	for _, p := range gone {
		p.close()
	}
}

// newHandle mints an unguessable page handle.
func newHandle() string {
	b := make([]byte, 15)
	_, _ = rand.Read(b)
	return "pg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// openPage opens a new isolated tab for owner and registers its handle.
// Code: BROWSER_UNAVAILABLE, or INVALID_ARGUMENT when the owner has too
// many pages.
func (s *Server) openPage(ctx context.Context, owner string) (*pageEntry, error) {
	s.mu.Lock()
	n := 0
	for _, p := range s.pages {
		if p.owner == owner {
			n++
		}
	}
	s.mu.Unlock()
	if n >= s.opts.MaxPages {
		return nil, &page.Error{Code: page.CodePageLimit, Reason: fmt.Sprintf("too many open pages (%d); reuse a page handle or let an idle one expire", s.opts.MaxPages)}
	}
	if s.opts.Browser == nil {
		return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "no browser is configured"}
	}
	tab, err := s.opts.Browser.NewTab(ctx)
	if err != nil {
		s.log.Error("open tab", "err", err)
		return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser could not open a page", Err: err}
	}
	return s.registerTab(owner, tab), nil
}

// registerTab gives a tab a fresh handle owned by owner.
func (s *Server) registerTab(owner string, tab Tab) *pageEntry {
	h := newHandle()
	p := &pageEntry{handle: h, owner: owner, tab: tab, used: time.Now(),
		rt: page.NewRuntime(tab, page.RuntimeOptions{
			Budgets: s.opts.Budgets, SettleTimeout: s.opts.SettleTimeout, SettleQuiet: s.opts.SettleQuiet,
			CheckURL: s.opts.CheckURL, Page: h,
		})}
	s.mu.Lock()
	s.pages[h] = p
	s.mu.Unlock()
	return p
}

// pageFor finds the page a call targets: the handle given (owned by the
// caller), else the session's page (opened on first use, at StartURL).
// Codes: PAGE_REQUIRED, PAGE_NOT_FOUND.
func (s *Server) pageFor(ctx context.Context, c caller, handle string) (*pageEntry, error) {
	if handle != "" {
		s.mu.Lock()
		p, ok := s.pages[handle]
		s.mu.Unlock()
		if !ok || p.owner != c.owner {
			return nil, &page.Error{Code: page.CodePageNotFound, Reason: "unknown or expired page handle; call navigate to open a page"}
		}
		p.touch()
		if c.sess != nil {
			c.sess.mu.Lock()
			c.sess.current = handle
			c.sess.mu.Unlock()
		}
		return p, nil
	}
	if c.sess == nil {
		return nil, &page.Error{Code: page.CodePageRequired, Reason: "this connection has no session: pass the page handle from navigate (navigate without a page opens a new one)"}
	}
	c.sess.mu.Lock()
	cur := c.sess.current
	c.sess.mu.Unlock()
	if cur != "" {
		s.mu.Lock()
		p, ok := s.pages[cur]
		s.mu.Unlock()
		if ok {
			p.touch()
			return p, nil
		}
	}
	p, err := s.openPage(ctx, c.owner)
	if err != nil {
		return nil, err
	}
	c.sess.mu.Lock()
	c.sess.current = p.handle
	c.sess.mu.Unlock()
	if s.opts.StartURL != "" {
		if _, err := p.rt.Navigate(ctx, s.opts.StartURL); err != nil {
			return nil, err
		}
	}
	return p, nil
}
