package browser

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// startWithLimit starts a browser (with a generous bound: the machine is
// shared) whose sessions then start under startTimeoutMs = limit.
func startWithLimit(t *testing.T, limit time.Duration) *Browser {
	t.Helper()
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: time.Minute})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	t.Cleanup(b.Close)
	b.opts.StartTimeout = limit
	return b
}

// holdStart makes every tab creation wait for hold before it starts, and
// restores the hook when the test ends.
func holdStart(t *testing.T, hold func()) {
	t.Helper()
	hook := func(_ *Session, do func() error) error {
		hold()
		return do()
	}
	startHook.Store(&hook)
	t.Cleanup(func() { startHook.Store(nil) })
}

// A session start that takes several times browser.startTimeoutMs while
// the browser keeps answering (a burst of starts queued in Chromium) is
// slow, not failed: the bound is the browser's silence, not the start's
// length (issue 12 pt 3: 4 of 20 starts failed with "timed out after
// 30s" although Chromium was working through them).
func TestSlowStartWhileBrowserAnswersSucceeds(t *testing.T) {
	// Generous against the shared machine's load: the held start passes
	// the bound by half, and the rest of the start has 2.5 times it left
	// before the hard cap.
	const limit = 5 * time.Second
	b := startWithLimit(t, limit)
	other, err := b.NewSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	// The browser keeps answering another session's calls...
	busy, stopBusy := context.WithCancel(t.Context())
	defer stopBusy()
	go func() {
		for busy.Err() == nil {
			_ = other.Evaluate(busy, "1", nil)
			time.Sleep(100 * time.Millisecond)
		}
	}()
	// ...while this start waits longer than startTimeoutMs in the queue.
	holdStart(t, func() { time.Sleep(limit * 3 / 2) })
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatalf("a start slower than startTimeoutMs while the browser answers failed: %v", err)
	}
	defer s.Close()
	var two int
	if err := s.Evaluate(ctx, "1+1", &two); err != nil || two != 2 {
		t.Fatalf("the slow-started session does not work: %v (%d)", err, two)
	}
}

// A start the browser never serves still fails with a timeout, not a
// hang: after startTimeoutMs of silence, or at the latest after
// maxStartWait times it.
func TestStartTheBrowserNeverServesTimesOut(t *testing.T) {
	const limit = time.Second
	b := startWithLimit(t, limit)
	release := make(chan struct{})
	defer close(release)
	holdStart(t, func() { <-release })
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	_, err := b.NewSession(ctx)
	if !errors.Is(err, errStartTimeout) {
		t.Fatalf("want the start timeout, got %v", err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the start hung until the caller's deadline: %v", err)
	}
	b.mu.Lock()
	frames, contexts := len(b.frames), len(b.contexts)
	b.mu.Unlock()
	if frames != 0 || contexts != 0 {
		t.Errorf("timed-out start left registered: %d frames, %d contexts", frames, contexts)
	}
}

// countStarts counts the tab creations that reach the hook and holds each
// until release is closed.
func countStarts(t *testing.T, release <-chan struct{}) *atomic.Int64 {
	t.Helper()
	var n atomic.Int64
	holdStart(t, func() {
		n.Add(1)
		<-release
	})
	return &n
}

// waitFor polls cond until it holds; a generous bound turns a hang into
// a failure (it bounds nothing's speed).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// spareManager is a Manager keeping n spares opened with a policy that
// refuses /refused and accepts dialogs, its browser started.
func spareManager(t *testing.T, n int) *Manager {
	t.Helper()
	m := NewManager(Options{ExecPath: execPath(), StartTimeout: time.Minute, ActionTimeout: time.Minute})
	t.Cleanup(m.Close)
	m.KeepSpares(n, SessionOptions{
		CheckURL: func(u string) error {
			if strings.HasSuffix(u, "/refused") {
				return errors.New("refused by the test policy")
			}
			return nil
		},
		AcceptDialogs: true,
	})
	m.Prestart()
	if _, err := m.Browser(t.Context()); err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	return m
}

// A session start does not wait for Chromium when a spare is ready: with
// every tab creation held, a start with a spare returns (a working
// session under the session policy), and a start without one waits for
// the held creation (issue 12 pt 3: a start queued behind the others'
// tab creations in Chromium).
func TestSpareSessionStartsWhileCreationsAreHeld(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>ok</title>")
	}))
	defer srv.Close()
	for _, tc := range []struct {
		name   string
		spares int
	}{{"one spare", 1}, {"no spare", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			m := spareManager(t, tc.spares)
			waitFor(t, "the spares", func() bool { return m.Spares() == tc.spares })
			release := make(chan struct{})
			starts := countStarts(t, release)
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			type result struct {
				s   *Session
				err error
			}
			got := make(chan result, 1)
			go func() {
				s, err := m.OpenSession(ctx)
				got <- result{s, err}
			}()
			var r result
			if tc.spares == 0 {
				// Without a spare the start is the held creation: it
				// cannot return before the release.
				waitFor(t, "the held creation", func() bool { return starts.Load() == 1 })
				select {
				case r = <-got:
					t.Fatalf("a start returned while its tab creation was held: %v", r.err)
				default:
				}
				close(release)
				r = <-got
			} else {
				select {
				case r = <-got:
				case <-ctx.Done():
					t.Fatal("a start waited for a held tab creation although a spare was ready")
				}
				defer close(release)
			}
			if r.err != nil {
				t.Fatal(r.err)
			}
			s := r.s
			defer s.CloseSession()
			var ok bool
			if err := s.Evaluate(ctx, `confirm("go on?")`, &ok); err != nil || !ok {
				t.Errorf("the session's dialog policy (accept) is not in force: %v, %v", ok, err)
			}
			if err := s.Navigate(ctx, srv.URL+"/refused"); page.ErrorCode(err) != page.CodeNavigationBlocked {
				t.Errorf("the session's navigation policy is not in force: %v", err)
			}
			if err := s.Navigate(ctx, srv.URL+"/"); err != nil {
				t.Errorf("navigate: %v", err)
			}
		})
	}
}

// A caller that finds no ready spare but one being opened takes that one
// instead of opening its own: at cold start the first session and the
// first spare are one tab creation, not two.
func TestStartClaimsTheSpareInFlight(t *testing.T) {
	release := make(chan struct{})
	starts := countStarts(t, release)
	m := spareManager(t, 1)
	waitFor(t, "the spare's creation", func() bool { return starts.Load() == 1 })
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	type result struct {
		s   *Session
		err error
	}
	got := make(chan result, 1)
	go func() {
		s, err := m.OpenSession(ctx)
		got <- result{s, err}
	}()
	waitFor(t, "the claim", func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		return len(m.pending) == 1 && m.pending[0].claimed
	})
	if n := starts.Load(); n != 1 {
		t.Fatalf("tab creations while the spare is in flight: %d, want 1", n)
	}
	close(release)
	r := <-got
	if r.err != nil {
		t.Fatal(r.err)
	}
	defer r.s.CloseSession()
	var two int
	if err := r.s.Evaluate(ctx, "1+1", &two); err != nil || two != 2 {
		t.Fatalf("the claimed spare does not work: %v (%d)", err, two)
	}
	// The pool refills once the start is done.
	waitFor(t, "the refill", func() bool { return m.Spares() == 1 })
}

// Spares die with their browser: after a crash the start gets a session in
// the new browser, not a dead spare.
func TestSparesGoWithADeadBrowser(t *testing.T) {
	m := spareManager(t, 1)
	waitFor(t, "the spare", func() bool { return m.Spares() == 1 })
	m.mu.Lock()
	old := m.cur
	m.mu.Unlock()
	if err := m.Kill(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the browser's death", func() bool { return !old.Alive() })
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	s, err := m.OpenSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.CloseSession()
	if s.b == old {
		t.Fatal("a spare of the dead browser was handed over")
	}
	var two int
	if err := s.Evaluate(ctx, "1+1", &two); err != nil || two != 2 {
		t.Fatalf("session after the crash: %v (%d)", err, two)
	}
	if n := m.Starts(); n != 2 {
		t.Errorf("browser starts: %d, want 2", n)
	}
}

// pool reports the spares ready and being opened.
func (m *Manager) pool() (ready, opening int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.spares), len(m.pending)
}

// The replacement of a taken spare waits refillAfter, so its renderer does
// not compete with the new session's first page (it cost the first
// navigation about 250 ms on 2 cores); after OpenAhead (stdio, one
// session) nothing replaces it at all (issue 10 pt 11).
func TestSpareRefill(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ahead   bool
		refills bool
	}{{"spares", false, true}, {"open ahead", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewManager(Options{ExecPath: execPath(), StartTimeout: time.Minute, ActionTimeout: time.Minute})
			t.Cleanup(m.Close)
			if tc.ahead {
				m.OpenAhead(SessionOptions{})
			} else {
				m.KeepSpares(1, SessionOptions{})
			}
			m.Prestart()
			waitFor(t, "the spare", func() bool { return m.Spares() == 1 })
			s, err := m.OpenSession(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			defer s.CloseSession()
			taken := time.Now()
			if ready, opening := m.pool(); ready+opening != 0 {
				t.Fatalf("a replacement started at once: %d ready, %d opening", ready, opening)
			}
			// Its first page runs while no other renderer starts.
			if err := s.Evaluate(t.Context(), `1`, new(int)); err != nil {
				t.Fatal(err)
			}
			if tc.refills {
				waitFor(t, "the replacement", func() bool { return m.Spares() == 1 })
				if d := time.Since(taken); d < refillAfter {
					t.Errorf("the replacement came %s after the take, before refillAfter (%s)", d, refillAfter)
				}
				return
			}
			time.Sleep(2 * refillAfter)
			if ready, opening := m.pool(); ready+opening != 0 {
				t.Errorf("OpenAhead replaced its session: %d ready, %d opening", ready, opening)
			}
		})
	}
}

// Starting the browser attaches to no tab: chromedp's attach to Chromium's
// first tab waited for that tab's renderer (about 250 ms of every cold
// start), and no session uses the tab.
func TestStartAttachesNoTab(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	b, err := Start(ctx, Options{ExecPath: execPath()})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	infos, err := chromedp.Targets(b.ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range infos {
		if ti.Type == "page" && ti.Attached {
			t.Errorf("a tab is attached after the start: %s", ti.URL)
		}
	}
}

// Over stdio (OpenAhead) the session is Chromium's own first tab, whose
// renderer started with the browser, not a new browser context and tab
// (issue 10 pt 11): no other page target exists. The tab is under the
// session's policy like any other and its pages (NewPage) share its
// cookies. (Downloads refused there too: e2e TestNewTabsAndDownloads, whose
// stdio session is this tab.)
func TestOpenAheadTakesTheFirstTab(t *testing.T) {
	m := NewManager(Options{ExecPath: execPath(), StartTimeout: time.Minute, ActionTimeout: time.Minute})
	t.Cleanup(m.Close)
	denied := errors.New("denied by the test policy")
	m.OpenAhead(SessionOptions{CheckURL: func(u string) error {
		if strings.Contains(u, "denied") {
			return denied
		}
		return nil
	}})
	m.Prestart()
	waitFor(t, "the session opened ahead", func() bool { return m.Spares() == 1 })
	s, err := m.OpenSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer s.CloseSession()
	if !s.bc.isDefault {
		t.Fatal("the session opened ahead is not on the first tab")
	}
	infos, err := chromedp.Targets(s.b.ctx)
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, ti := range infos {
		if ti.Type == "page" {
			pages = append(pages, string(ti.TargetID))
		}
	}
	if len(pages) != 1 || pages[0] != string(s.targetID) {
		t.Fatalf("page targets %v, want only the session's %s", pages, s.targetID)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/set" {
			http.SetCookie(w, &http.Cookie{Name: "k", Value: "v"})
		}
		fmt.Fprint(w, "<!doctype html><title>t</title>")
	}))
	defer srv.Close()
	if err := s.Navigate(t.Context(), srv.URL+"/set"); err != nil {
		t.Fatal(err)
	}
	var pe *page.Error
	if err := s.Navigate(t.Context(), srv.URL+"/denied"); !errors.As(err, &pe) || pe.Code != page.CodeNavigationBlocked {
		t.Fatalf("a denied navigation on the first tab: want NAVIGATION_BLOCKED, got %v", err)
	}
	p, err := s.NewPage(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !p.bc.isDefault {
		t.Error("the session's new page is not in its browser context")
	}
	if err := p.Navigate(t.Context(), srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	var cookie string
	if err := p.Evaluate(t.Context(), `document.cookie`, &cookie); err != nil || cookie != "k=v" {
		t.Fatalf("the new page's cookies: %q %v, want k=v", cookie, err)
	}
	// With every tab of the browser closed, Chromium stays up, and the
	// next session is a fresh browser context, not the default one.
	s.CloseSession()
	time.Sleep(time.Second)
	if !s.b.Alive() {
		t.Fatal("the browser exited when the first tab closed")
	}
	n, err := m.NewSession(t.Context(), SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer n.CloseSession()
	if n.bc.isDefault || m.Starts() != 1 {
		t.Errorf("the next session: default context %v, browsers started %d; want a new context in the same browser", n.bc.isDefault, m.Starts())
	}
	if err := n.Navigate(t.Context(), srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	if err := n.Evaluate(t.Context(), `document.cookie`, &cookie); err != nil || cookie != "" {
		t.Errorf("the next session sees cookies %q (%v): it must share nothing", cookie, err)
	}
}

// A Chromium that exits while it starts (a crash at launch) is started
// once more; one that always exits fails after that second try, with the
// reason, instead of being retried without end.
func TestStartRetriesAnExitAtLaunch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		failures  int
		wantErr   bool
		wantTries int
	}{{"once", 1, false, 2}, {"always", 1000, true, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tries := filepath.Join(dir, "tries")
			script := filepath.Join(dir, "chromium")
			body := fmt.Sprintf(`#!/bin/sh
echo x >> %q
if [ "$(wc -l < %q)" -le %d ]; then echo "crashed at launch" >&2; exit 1; fi
exec %q "$@"
`, tries, tries, tc.failures, execPath())
			if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
			b, err := Start(t.Context(), Options{ExecPath: script, StartTimeout: time.Minute})
			if b != nil {
				defer b.Close()
			}
			if tc.wantErr != (err != nil) {
				t.Fatalf("Start: %v (want error %v)", err, tc.wantErr)
			}
			if err != nil && (!errors.Is(err, errExitedAtLaunch) || !strings.Contains(err.Error(), "crashed at launch")) {
				t.Errorf("the error does not say Chromium exited, with its output: %v", err)
			}
			raw, _ := os.ReadFile(tries)
			if n := strings.Count(string(raw), "x"); n != tc.wantTries {
				t.Errorf("Chromium was launched %d times, want %d", n, tc.wantTries)
			}
		})
	}
}
