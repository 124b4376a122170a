package browser

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pling-dev/pling/page"
)

// Manager owns the browser sessions run in. It starts Chromium when it is
// first needed (or in the background at once, with Prestart, so the start
// overlaps the MCP handshake), and when the browser dies it starts a new
// one for the next caller: a killed Chromium costs one failed call, not a
// restart of Pling. Sessions opened through a Manager survive the
// replacement (see Session).
//
// In pool mode (Options.PerSession with a RemoteURL) there is no shared
// browser: each session dials its own connection to the pool, whose
// scheduler gives it a browser of its own on any node. The session's pages,
// its interceptor, its downloads rule and its revival stay inside that
// connection; a lost connection costs only its session one failed call;
// the session's end closes it; and the spares are sessions opened in
// connections dialed ahead of need.
type Manager struct {
	opts Options

	mu       sync.Mutex
	cur      *Browser
	starting chan struct{} // closed when the start in flight ends
	startErr error         // the outcome of the last start
	closed   bool
	starts   int

	// The spare pool (KeepSpares): sessions opened ahead of need, so a
	// session start takes one instead of waiting for Chromium.
	spareWant int
	spareOpts SessionOptions
	spareSet  bool            // KeepSpares was called: OpenSession has its options
	spares    []*Session      // ready
	pending   []*pendingSpare // being opened
	active    int             // OpenSession starts of their own in flight
	once      bool            // OpenAhead: the pool is filled once, never refilled

	// conns are the open connections of pool mode, one per session or
	// spare.
	conns map[*Browser]struct{}
}

// refillAfter is how long after a session start the pool's replacement
// waits: a spare opened at once starts a renderer that competes with the
// new session's first page for the CPU (on 2 cores it cost that first
// navigation about 250 ms, more than the spare saved).
const refillAfter = time.Second

// pendingSpare is a spare session being opened. A caller that finds no
// ready spare claims one in flight and waits for it instead of opening
// its own.
type pendingSpare struct {
	claimed bool
	// got receives the spare (nil if it could not be opened) when
	// claimed; sent under Manager.mu, buffered so it never blocks.
	got chan *Session
}

// NewManager returns a Manager that starts browsers with opts. Nothing is
// started yet.
func NewManager(opts Options) *Manager {
	return &Manager{opts: opts.withDefaults()}
}

// Prestart begins starting the browser in the background, so a first
// session does not pay the whole launch.
func (m *Manager) Prestart() {
	if m.perSession() {
		m.fill() // no shared browser: the spares are what starts ahead
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || m.starting != nil || (m.cur != nil && m.cur.Alive()) {
		return
	}
	m.startLocked()
}

// startLocked launches a browser in the background. m.mu must be held.
func (m *Manager) startLocked() chan struct{} {
	done := make(chan struct{})
	m.starting = done
	m.starts++
	old := m.cur
	m.cur = nil
	go func() {
		if old != nil {
			// The dead browser's process and profile directory go.
			go old.Close()
		}
		// Every waiter shares this start, so it runs on no caller's
		// context; StartTimeout bounds it.
		b, err := Start(context.Background(), m.opts)
		m.mu.Lock()
		m.starting = nil
		m.startErr = err
		if err == nil {
			if m.closed {
				defer b.Close()
			} else {
				m.cur = b
			}
		}
		m.mu.Unlock()
		close(done)
		m.fill()
	}()
	return done
}

// perSession reports whether the Manager is in pool mode: one connection
// per session.
func (m *Manager) perSession() bool { return m.opts.PerSession && m.opts.RemoteURL != "" }

// dial opens a connection of pool mode: the pool starts (or assigns) a
// browser for it. It is closed with the session's browser context (see
// browserContext.dispose) or by Close.
func (m *Manager) dial(ctx context.Context) (*Browser, error) {
	b, err := Start(ctx, m.opts)
	if err != nil {
		return nil, err
	}
	b.closesWithContext = true
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		b.Close()
		return nil, ErrClosed
	}
	if m.conns == nil {
		m.conns = map[*Browser]struct{}{}
	}
	m.conns[b] = struct{}{}
	m.starts++
	m.mu.Unlock()
	b.release = func() {
		m.mu.Lock()
		delete(m.conns, b)
		m.mu.Unlock()
	}
	return b, nil
}

// Connections reports how many connections of pool mode are open (for
// tests and logs): one per session and spare.
func (m *Manager) Connections() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.conns)
}

// newPooledSession dials a connection and opens a session in it (pool
// mode). A connection that died while the session opened is dialed once
// more.
func (m *Manager) newPooledSession(ctx context.Context, opts SessionOptions) (*Session, error) {
	for attempt := 0; ; attempt++ {
		b, err := m.dial(ctx)
		if err != nil {
			return nil, err
		}
		s, err := b.NewSessionWith(ctx, opts)
		if err != nil {
			alive := b.Alive()
			b.Close()
			if attempt == 0 && !alive && ctx.Err() == nil {
				continue
			}
			return nil, err
		}
		s.m, s.bc.m = m, m
		return s, nil
	}
}

// Browser returns a live browser: the current one, or a new one when there
// is none yet or the current one died. Concurrent callers share one start.
// In pool mode there is no shared browser and it fails.
func (m *Manager) Browser(ctx context.Context) (*Browser, error) {
	if m.perSession() {
		return nil, errors.New("pool mode has no shared browser: each session dials its own")
	}
	for attempt := 0; ; attempt++ {
		m.mu.Lock()
		if m.closed {
			m.mu.Unlock()
			return nil, ErrClosed
		}
		if m.cur != nil && m.cur.Alive() {
			b := m.cur
			m.mu.Unlock()
			return b, nil
		}
		done := m.starting
		if done == nil {
			if attempt > 0 {
				// The start this caller waited for failed.
				err := m.startErr
				m.mu.Unlock()
				return nil, err
			}
			done = m.startLocked()
		}
		m.mu.Unlock()
		select {
		case <-done:
		case <-ctx.Done():
			return nil, fmt.Errorf("start browser: %w", ctx.Err())
		}
	}
}

// Starts reports how many browsers the Manager has started (for tests and
// logs: a replacement is a start).
func (m *Manager) Starts() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.starts
}

// NewSession opens a session (a browser context and its tab) in a live
// browser, starting one if needed. The session follows the Manager: if the
// browser dies, the call that meets the death fails with
// BROWSER_UNAVAILABLE, and the session's next call reopens it in a new
// browser.
func (m *Manager) NewSession(ctx context.Context, opts SessionOptions) (*Session, error) {
	if m.perSession() {
		return m.newPooledSession(ctx, opts)
	}
	for attempt := 0; ; attempt++ {
		b, err := m.Browser(ctx)
		if err != nil {
			return nil, err
		}
		s, err := m.opener(b)(ctx, opts)
		if err != nil {
			if attempt == 0 && !b.Alive() {
				continue // it died under us: once more, on a new one
			}
			return nil, err
		}
		s.m, s.bc.m = m, m
		return s, nil
	}
}

// KeepSpares makes the Manager keep n sessions opened with opts ready
// (browser.spareSessions): OpenSession hands one over at once and opens a
// replacement refillAfter later when no other start is in flight, so
// neither the new session's first page nor a burst pays for the
// replacements. Each spare is a browser context with a blank tab
// and its renderer (its memory cost is in docs/OPERATIONS.md). Spares are
// opened only in a running browser; n = 0 keeps none.
func (m *Manager) KeepSpares(n int, opts SessionOptions) {
	m.mu.Lock()
	m.spareWant, m.spareOpts, m.spareSet = max(n, 0), opts, true
	m.mu.Unlock()
	m.fill()
}

// OpenAhead opens one session with opts ahead of need, for a server that
// has a single session (stdio): on Chromium's first tab (see opener), as
// soon as the browser is up, or when the caller asks first (the MCP
// handshake usually does); once it is taken no replacement is opened
// (nobody would take it, and its renderer would compete with the session's
// first page).
func (m *Manager) OpenAhead(opts SessionOptions) {
	m.mu.Lock()
	m.once = true
	m.mu.Unlock()
	m.KeepSpares(1, opts)
}

// opener is how sessions are opened in b: on its first tab after
// OpenAhead (a single session; whichever of the spare and a caller's own
// start comes first takes the tab), else in a new browser context.
func (m *Manager) opener(b *Browser) func(context.Context, SessionOptions) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.once {
		return b.NewSessionOnFirstTab
	}
	return b.NewSessionWith
}

// refillLater opens the replacements of a session start after refillAfter
// (or never, after OpenAhead).
func (m *Manager) refillLater() {
	m.mu.Lock()
	once := m.once
	if once {
		m.spareWant = 0
	}
	m.mu.Unlock()
	if !once {
		time.AfterFunc(refillAfter, m.fill)
	}
}

// Spares reports how many spare sessions are ready (for tests).
func (m *Manager) Spares() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.spares)
}

// OpenSession opens a session with the options of KeepSpares (which must
// have been called: the options carry the navigation policy): a ready
// spare when there is one, else one being opened as a spare, else a new
// one (see NewSession).
func (m *Manager) OpenSession(ctx context.Context) (*Session, error) {
	for {
		m.mu.Lock()
		if m.closed {
			m.mu.Unlock()
			return nil, ErrClosed
		}
		if !m.spareSet {
			m.mu.Unlock()
			return nil, errors.New("open session: the session options are not set (KeepSpares)")
		}
		s, stale := m.takeSpareLocked()
		var p *pendingSpare
		if s == nil {
			p = m.unclaimedLocked()
			if p != nil {
				p.claimed = true
			}
		}
		opts := m.spareOpts
		if s == nil && p == nil {
			m.active++
		}
		m.mu.Unlock()
		closeAll(stale)
		switch {
		case s != nil:
			m.refillLater()
			return s, nil
		case p != nil:
			select {
			case s := <-p.got:
				if s != nil && m.usable(s) {
					m.refillLater()
					return s, nil
				}
				closeAll([]*Session{s})
				continue // it could not be opened (or died): look again
			case <-ctx.Done():
				m.unclaim(p)
				return nil, fmt.Errorf("open session: %w", ctx.Err())
			}
		}
		s, err := m.NewSession(ctx, opts)
		m.mu.Lock()
		m.active--
		m.mu.Unlock()
		m.refillLater()
		return s, err
	}
}

// takeSpareLocked pops a ready spare that is still usable; the stale ones
// met on the way are returned for closing (outside the lock: closing
// talks to the browser). m.mu is held.
func (m *Manager) takeSpareLocked() (*Session, []*Session) {
	var stale []*Session
	for len(m.spares) > 0 {
		s := m.spares[0]
		m.spares = m.spares[1:]
		if m.usable(s) {
			return s, stale
		}
		stale = append(stale, s)
	}
	return nil, stale
}

// usable reports whether a spare can still be handed over: open, in the
// current live browser, its renderer alive.
func (m *Manager) usable(s *Session) bool {
	return s != nil && !s.isClosed() && s.b.Alive() && !s.events.isCrashed() && !s.bc.isDisposed()
}

func (m *Manager) unclaimedLocked() *pendingSpare {
	for _, p := range m.pending {
		if !p.claimed {
			return p
		}
	}
	return nil
}

// unclaim gives a claimed spare back to the pool (its caller gave up).
func (m *Manager) unclaim(p *pendingSpare) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p.claimed = false
	select {
	case s := <-p.got: // it arrived meanwhile
		if s != nil {
			m.spares = append(m.spares, s)
		}
	default:
	}
}

// fill opens spares up to the wanted number in the current browser, when
// it is up and no start of a caller's own is in flight (during a burst the
// replacements would only slow the callers' starts down).
func (m *Manager) fill() {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.cur
	if m.closed || m.active > 0 {
		return
	}
	if !m.perSession() && (m.starting != nil || b == nil || !b.Alive()) {
		return
	}
	for len(m.spares)+len(m.pending) < m.spareWant {
		p := &pendingSpare{got: make(chan *Session, 1)}
		m.pending = append(m.pending, p)
		go m.openSpare(b, p, m.spareOpts)
	}
}

// openSpare opens one spare in b and hands it to its claimer or the pool.
func (m *Manager) openSpare(b *Browser, p *pendingSpare, opts SessionOptions) {
	// Bounded by the session start's own bounds; nobody waits on it
	// unless it is claimed.
	var s *Session
	var err error
	if m.perSession() {
		s, err = m.newPooledSession(context.Background(), opts)
	} else if s, err = m.opener(b)(context.Background(), opts); err == nil {
		s.m, s.bc.m = m, m
	}
	if err != nil {
		s = nil
		m.opts.Logger.Debug("spare session failed", "error_type", fmt.Sprintf("%T", err))
	}
	m.mu.Lock()
	for i, q := range m.pending {
		if q == p {
			m.pending = append(m.pending[:i], m.pending[i+1:]...)
			break
		}
	}
	var drop *Session
	switch {
	case p.claimed:
		p.got <- s
	case s == nil:
	case m.closed:
		drop = s
	default:
		m.spares = append(m.spares, s)
	}
	m.mu.Unlock()
	closeAll([]*Session{drop})
}

// closeAll closes sessions (nil ones are skipped).
func closeAll(ss []*Session) {
	for _, s := range ss {
		if s != nil {
			s.CloseSession()
		}
	}
}

// Close ends the current browser. Sessions still open fail with ErrClosed.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	b, done := m.cur, m.starting
	m.cur = nil
	m.spares = nil // they go with the browser
	conns := make([]*Browser, 0, len(m.conns))
	for c := range m.conns {
		conns = append(conns, c)
	}
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(c.Close)
	}
	wg.Wait()
	if done != nil {
		select {
		case <-done: // the start closes what it started (m.closed)
		case <-time.After(m.opts.StartTimeout):
		}
	}
	if b != nil {
		b.Close()
	}
}

// Kill ends the current browser's process abruptly, as a crash would. For
// tests of crash handling.
func (m *Manager) Kill() error {
	m.mu.Lock()
	b := m.cur
	m.mu.Unlock()
	if b == nil {
		return errors.New("no browser is running")
	}
	return b.Kill()
}

// lostError is what the call that meets the death of b answers.
func (b *Browser) lostError(cause error) error {
	reason := "the browser stopped (its process exited or its connection dropped); the next call starts a new browser and reopens this page empty"
	if b.closesWithContext {
		reason = "this session's connection to the browser pool dropped (its browser ended, or the pool restarted); the next call dials a new one and reopens this page empty"
	}
	return &page.Error{Code: page.CodeBrowserUnavailable, Reason: reason,
		Err: fmt.Errorf("%w: %v", ErrBrowserGone, cause)}
}
