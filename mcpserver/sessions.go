package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"sort"
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
	// closedLast is set when close_page closed the session's last page:
	// calls without a page then say to navigate instead of opening one.
	closedLast bool
	tools      map[string]string // published page tool name -> signature
	toolDoc    string            // document the page tools were built from
	guided     bool              // the compact rendering's guide was sent
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

// close closes the page's tab once no operation runs on it (the runtime's
// operation lock), so a call is never cut off mid-way.
func (p *pageEntry) close() {
	_ = p.rt.Lock(func(page.Driver, page.RevisionChecker) error {
		p.tab.Close()
		return nil
	})
}

// stateless reports whether the page belongs to a stateless caller (no
// session), whose pages expire when idle.
func (p *pageEntry) stateless() bool {
	return p.owner == ownerStateless || strings.HasPrefix(p.owner, "token:")
}

// caller identifies who is calling: an MCP session (legacy protocol, stdio
// or HTTP 2025-11-25) or, for the stateless 2026-07-28 protocol, the owner
// the HTTP guard authenticated: one per configured bearer token, or one
// for all stateless callers when no token is configured.
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
	if owner, ok := ctx.Value(ownerKey{}).(string); ok && owner != "" {
		return caller{owner: owner}
	}
	return caller{owner: ownerStateless}
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

// endSession forgets a session and closes its pages. It waits for the
// session's running operation (the operation lock), so no call is cut off
// mid-way and no page it opens escapes the sweep.
func (s *Server) endSession(id string) {
	s.mu.Lock()
	sess := s.sessions[id]
	delete(s.sessions, id)
	delete(s.activity, id)
	for _, subs := range s.subs {
		delete(subs, id)
	}
	s.mu.Unlock()
	if sess != nil {
		sess.op.Lock()
		defer sess.op.Unlock()
	}
	s.mu.Lock()
	var gone []*pageEntry
	for h, p := range s.pages {
		if p.owner == id {
			gone = append(gone, p)
			delete(s.pages, h)
		}
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
// The owner's pages are counted and the new one takes its place under one
// lock, so concurrent calls cannot pass MaxPages together. Codes:
// BROWSER_UNAVAILABLE, PAGE_LIMIT.
func (s *Server) openPage(ctx context.Context, owner string) (*pageEntry, error) {
	if s.opts.Browser == nil {
		return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "no browser is configured"}
	}
	h := newHandle()
	s.mu.Lock()
	if s.ownedLocked(owner) >= s.opts.MaxPages {
		s.mu.Unlock()
		return nil, s.pageLimit()
	}
	s.reserved[h] = owner
	s.mu.Unlock()
	tab, err := s.newTab(ctx, owner)
	if err != nil {
		s.mu.Lock()
		delete(s.reserved, h)
		s.mu.Unlock()
		if page.ErrorCode(err) == page.CodeBrowserUnavailable {
			return nil, err // the browser's own reason (the pool refused the credentials, say)
		}
		return nil, &page.Error{Code: page.CodeBrowserUnavailable, Reason: "the browser could not open a page", Err: err}
	}
	p := s.newEntry(h, owner, tab)
	s.mu.Lock()
	delete(s.reserved, h)
	s.pages[h] = p
	s.mu.Unlock()
	return p, nil
}

// ownedLocked counts owner's pages, open and being opened. s.mu is held.
func (s *Server) ownedLocked(owner string) int {
	n := 0
	for _, p := range s.pages {
		if p.owner == owner {
			n++
		}
	}
	for _, o := range s.reserved {
		if o == owner {
			n++
		}
	}
	return n
}

func (s *Server) pageLimit() error {
	return &page.Error{Code: page.CodePageLimit, Reason: fmt.Sprintf("too many open pages (%d); close one with close_page, reuse a page handle or let an idle one expire", s.opts.MaxPages)}
}

// newEntry builds the runtime of a tab under handle h.
func (s *Server) newEntry(h, owner string, tab Tab) *pageEntry {
	return &pageEntry{handle: h, owner: owner, tab: tab, used: time.Now(),
		rt: page.NewRuntime(tab, page.RuntimeOptions{
			Budgets: s.opts.Budgets, SettleTimeout: s.opts.SettleTimeout, SettleQuiet: s.opts.SettleQuiet,
			CheckURL: s.opts.CheckURL, Page: h, SliceRecordChars: page.SliceRecordChars(s.opts.Budgets), IncrementalSlices: true,
		})}
}

// closePage closes one of the caller's pages at once and forgets its
// handle. When it was the session's current page, the most recently used
// remaining page becomes current; with none left, the session has no page
// until the next navigate. It returns the handles still open.
func (s *Server) closePage(c caller, handle string) (closed string, remaining []string, current string, wasCurrent bool, err error) {
	if handle == "" {
		if c.sess == nil {
			return "", nil, "", false, &page.Error{Code: page.CodePageRequired, Reason: "this connection has no session: pass the page handle to close"}
		}
		c.sess.mu.Lock()
		handle = c.sess.current
		c.sess.mu.Unlock()
		if handle == "" {
			return "", nil, "", false, &page.Error{Code: page.CodePageNotFound, Reason: "this session has no open page; call navigate with a url to open one"}
		}
	}
	s.mu.Lock()
	p, ok := s.pages[handle]
	if !ok || p.owner != c.owner {
		s.mu.Unlock()
		return "", nil, "", false, &page.Error{Code: page.CodePageNotFound, Reason: "unknown or expired page handle; nothing was closed"}
	}
	delete(s.pages, handle)
	var latest *pageEntry
	for _, q := range s.pages {
		if q.owner == c.owner {
			remaining = append(remaining, q.handle)
			if latest == nil || q.lastUsed().After(latest.lastUsed()) {
				latest = q
			}
		}
	}
	s.mu.Unlock()
	p.close()
	sort.Strings(remaining)
	if c.sess != nil {
		c.sess.mu.Lock()
		if c.sess.current == handle {
			wasCurrent = true
			c.sess.current = ""
			if latest != nil {
				c.sess.current = latest.handle
			}
			c.sess.closedLast = latest == nil
		}
		current = c.sess.current
		c.sess.mu.Unlock()
	}
	return handle, remaining, current, wasCurrent, nil
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
		s.setCurrent(c, handle)
		return p, nil
	}
	if c.sess == nil {
		return nil, &page.Error{Code: page.CodePageRequired, Reason: "this connection has no session: pass the page handle from navigate (navigate without a page opens a new one)"}
	}
	c.sess.mu.Lock()
	cur, closedLast := c.sess.current, c.sess.closedLast
	c.sess.mu.Unlock()
	if cur == "" && closedLast {
		return nil, &page.Error{Code: page.CodePageNotFound, Reason: "no page is open: the session's last page was closed; call navigate with a url to open one"}
	}
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
	if s.opts.StartURL != "" {
		if _, err := p.rt.Navigate(ctx, s.opts.StartURL); err != nil {
			// A session whose start failed never runs on a blank page:
			// the page goes, and every later call starts over (and
			// answers the error while the start keeps failing).
			s.mu.Lock()
			delete(s.pages, p.handle)
			s.mu.Unlock()
			p.close()
			s.log.Warn("session start failed", "code", string(page.ErrorCode(err)))
			return nil, err
		}
	}
	s.setCurrent(c, p.handle)
	return p, nil
}

// setCurrent makes handle the session's page (no-op for stateless callers).
func (s *Server) setCurrent(c caller, handle string) {
	if c.sess == nil {
		return
	}
	c.sess.mu.Lock()
	c.sess.current = handle
	c.sess.closedLast = false
	c.sess.mu.Unlock()
}

// hasNoPage reports a session whose last page was closed.
func (c caller) hasNoPage() bool {
	if c.sess == nil {
		return false
	}
	c.sess.mu.Lock()
	defer c.sess.mu.Unlock()
	return c.sess.current == "" && c.sess.closedLast
}
