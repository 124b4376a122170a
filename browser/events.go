package browser

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	plingpage "github.com/pling-dev/pling/page"
)

// events collects what the page did on its own between calls: JavaScript
// dialogs (answered at once so they never hang a call), new tabs and
// downloads. Drain returns and clears them.
type events struct {
	mu      sync.Mutex
	dialogs []Dialog
	// crashed ends when the tab's renderer dies (killed, out of memory):
	// its commands would never answer.
	crashed context.Context
	crash   context.CancelFunc
	// navigations counts the main frame's navigations since the agent's
	// last own step (navigate, an action).
	navigations atomic.Int64
	// answer, while a step the caller confirmed runs and until its
	// observation takes the dialogs, accepts a confirm() or prompt() the
	// page raises (a prompt with its text).
	answer atomic.Pointer[dialogAnswer]
	// nav tracks the main frame's document navigations (a form submit, a
	// link), so an action that started one can wait for it to land.
	nav navWatch
}

// dialogAnswer is how a confirmed step answers the confirm() or prompt()
// it raises.
type dialogAnswer struct {
	text string
}

// navWatch follows the main frame's cross-document navigations: one
// starts (Page.frameStartedNavigating) and lands when the new document
// commits (Page.frameNavigated) or the frame stops loading (the
// navigation was cancelled: a 204, a download).
type navWatch struct {
	mu sync.Mutex
	// started counts the starts since the agent's last own step (or the
	// last await).
	started int
	pending bool
	landed  chan struct{} // closed when the pending navigation lands
}

func (n *navWatch) start() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.started++
	if !n.pending {
		n.pending = true
		n.landed = make(chan struct{})
	}
}

func (n *navWatch) land() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.pending {
		n.pending = false
		close(n.landed)
	}
}

func (n *navWatch) reset() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.started = 0
}

// take reports whether a navigation started since the last reset or
// take, and the channel that closes when it lands (nil: landed already).
func (n *navWatch) take() (bool, chan struct{}) {
	n.mu.Lock()
	defer n.mu.Unlock()
	started := n.started > 0
	n.started = 0
	if !started || !n.pending {
		return started, nil
	}
	return true, n.landed
}

// ownStep starts counting navigations afresh: the agent's step is about
// to navigate, or just did.
func (e *events) ownStep() {
	if e != nil {
		e.navigations.Store(0)
		e.nav.reset()
	}
}

// navigationNotice says so when the page navigated by itself more than
// once since the agent's last step (it keeps reloading or redirecting).
func (e *events) navigationNotice() []string {
	if e == nil {
		return nil
	}
	if n := e.navigations.Swap(0); n >= 2 {
		return []string{fmt.Sprintf("the page kept navigating by itself (%d navigations since the last step: it reloads or redirects on its own); what is shown is one moment of it", n)}
	}
	return nil
}

// isCrashed reports whether the tab's renderer died.
func (e *events) isCrashed() bool { return e != nil && e.crashed.Err() != nil }

// onCrash calls f if the renderer dies before the returned stop is called.
func (e *events) onCrash(f func()) (stop func() bool) {
	if e == nil {
		return func() bool { return true }
	}
	return context.AfterFunc(e.crashed, f)
}

// maxDialogs is how many dialogs' texts are kept between two drains; the
// rest are only counted (Dialog.Unrecorded), so a page opening thousands
// of alerts cannot grow memory, and the omission still reaches the agent.
const maxDialogs = 16

// Dialog is a JavaScript dialog the page opened and how it was answered.
type Dialog struct {
	Type     string `json:"type"`
	Message  string `json:"message"`
	Accepted bool   `json:"accepted"`
	// Unrecorded counts the dialogs answered after this one and not kept.
	Unrecorded int `json:"unrecorded,omitempty"`
}

// watch starts answering the tab's dialogs and reports each frame the
// page attaches (an iframe) to frame, so the interceptor knows whose it is, and
// each frame it removes to gone, so the registry does not grow with the
// iframes a long-lived page adds and drops.
func watch(tctx context.Context, main cdp.FrameID, acceptAll bool, frame, gone func(cdp.FrameID)) *events {
	ev := &events{}
	nav := ev
	frames := chromedp.Events(tctx, page.FrameAttached)
	go func() {
		for f, err := range frames {
			if err != nil {
				return
			}
			frame(f.FrameID)
		}
	}()
	detached := chromedp.Events(tctx, page.FrameDetached)
	go func() {
		for f, err := range detached {
			if err != nil {
				return
			}
			// A swapped frame lives on in another process under the same
			// id; only a removed one is gone.
			if f.Reason == page.FrameDetachedReasonRemove {
				gone(f.FrameID)
			}
		}
	}()
	ev.crashed, ev.crash = context.WithCancel(context.Background())
	crashes := chromedp.Events(tctx, inspector.TargetCrashed)
	go func() {
		for _, err := range crashes {
			if err != nil {
				return
			}
			ev.crash()
		}
	}()
	navs := chromedp.Events(tctx, page.FrameNavigated)
	go func() {
		for ev, err := range navs {
			if err != nil {
				return
			}
			if ev.Frame != nil && ev.Frame.ParentID == "" {
				nav.navigations.Add(1)
			}
		}
	}()
	// The main frame's navigations, in the order the browser sends them
	// (a 204's start and stop come together) and before the reply to the
	// command that caused them (the click's mouse release).
	_ = chromedp.Listen(tctx, func(e any) {
		switch e := e.(type) {
		case *page.EventFrameStartedNavigating:
			if e.FrameID == main && e.NavigationType != page.FrameStartedNavigatingNavigationTypeSameDocument &&
				e.NavigationType != page.FrameStartedNavigatingNavigationTypeHistorySameDocument {
				nav.nav.start()
			}
		case *page.EventFrameNavigated:
			if e.Frame != nil && e.Frame.ParentID == "" {
				nav.nav.land()
			}
		case *page.EventFrameStoppedLoading:
			if e.FrameID == main {
				nav.nav.land()
			}
		}
	})
	dialogs := chromedp.Events(tctx, page.JavascriptDialogOpening)
	go func() {
		for d, err := range dialogs {
			if err != nil {
				return
			}
			// alert and beforeunload are accepted; confirm and prompt are
			// dismissed unless the policy says accept: by default a page
			// cannot make the agent agree to something.
			accept := acceptAll || d.Type == page.DialogTypeAlert || d.Type == page.DialogTypeBeforeunload
			params := page.HandleJavaScriptDialogParams{}
			if a := ev.answer.Load(); a != nil && (d.Type == page.DialogTypeConfirm || d.Type == page.DialogTypePrompt) {
				// The caller confirmed the action that raised it.
				accept = true
				if d.Type == page.DialogTypePrompt {
					// without args.text, OK on the prompt's own default
					params.PromptText = a.text
					if a.text == "" {
						params.PromptText = d.DefaultPrompt
					}
				}
			} else if accept && d.Type == page.DialogTypePrompt {
				params.PromptText = d.DefaultPrompt
			}
			params.Accept = accept
			// Record before answering: once answered, the page (and the
			// call waiting on it) moves on, and the record must be there.
			ev.mu.Lock()
			if len(ev.dialogs) < maxDialogs {
				ev.dialogs = append(ev.dialogs, Dialog{Type: string(d.Type), Message: d.Message, Accepted: accept})
			} else {
				ev.dialogs[len(ev.dialogs)-1].Unrecorded++
			}
			ev.mu.Unlock()
			_, _ = chromedp.Call(tctx, page.HandleJavaScriptDialog, params)
		}
	}()
	return ev
}

// DrainDialogs returns the dialogs answered since the last call.
func (s *Session) DrainDialogs() []Dialog {
	if s.events == nil {
		return nil
	}
	s.events.answer.Store(nil) // a confirmation is for its own step only
	s.events.mu.Lock()
	defer s.events.mu.Unlock()
	d := s.events.dialogs
	s.events.dialogs = nil
	return d
}

// AwaitNavigation reports whether the tab's main frame started a document
// navigation since the agent's last step (or the last call), and if so
// waits, at most Options.ActionTimeout, for it to land: an action that
// submitted a form returns once the server answered and the new document
// committed, not with the old page.
func (s *Session) AwaitNavigation(ctx context.Context) bool {
	if s.events == nil {
		return false
	}
	started, landed := s.events.nav.take()
	if !started || landed == nil {
		return started
	}
	defer plingpage.TraceFrom(ctx).Start(plingpage.SpanPhase, "act: wait for the navigation")()
	t := time.NewTimer(s.b.opts.ActionTimeout)
	defer t.Stop()
	select {
	case <-landed:
	case <-t.C:
	case <-ctx.Done():
	case <-s.events.crashed.Done():
	}
	return true
}
