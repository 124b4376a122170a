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
type Manager struct {
	opts Options

	mu       sync.Mutex
	cur      *Browser
	starting chan struct{} // closed when the start in flight ends
	startErr error         // the outcome of the last start
	closed   bool
	starts   int
}

// NewManager returns a Manager that starts browsers with opts. Nothing is
// started yet.
func NewManager(opts Options) *Manager {
	return &Manager{opts: opts.withDefaults()}
}

// Prestart begins starting the browser in the background, so a first
// session does not pay the whole launch.
func (m *Manager) Prestart() {
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
	}()
	return done
}

// Browser returns a live browser: the current one, or a new one when there
// is none yet or the current one died. Concurrent callers share one start.
func (m *Manager) Browser(ctx context.Context) (*Browser, error) {
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
	for attempt := 0; ; attempt++ {
		b, err := m.Browser(ctx)
		if err != nil {
			return nil, err
		}
		s, err := b.NewSessionWith(ctx, opts)
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

// Close ends the current browser. Sessions still open fail with ErrClosed.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	b, done := m.cur, m.starting
	m.cur = nil
	m.mu.Unlock()
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

// errBrowserLost is what the call that meets a dead browser answers.
func errBrowserLost(cause error) error {
	return &page.Error{Code: page.CodeBrowserUnavailable,
		Reason: "the browser stopped (its process exited or its connection dropped); the next call starts a new browser and reopens this page empty",
		Err:    fmt.Errorf("%w: %v", ErrBrowserGone, cause)}
}
