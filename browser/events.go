package browser

import (
	"context"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
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

// Dialog is a JavaScript dialog the page opened and how it was answered.
type Dialog struct {
	Type     string `json:"type"`
	Message  string `json:"message"`
	Accepted bool   `json:"accepted"`
}

// watch starts answering the tab's dialogs and reports each frame the
// page attaches (an iframe) to frame, so the guard knows whose it is.
func watch(tctx context.Context, acceptAll bool, frame func(cdp.FrameID)) *events {
	ev := &events{}
	frames := chromedp.Events(tctx, page.FrameAttached)
	go func() {
		for f, err := range frames {
			if err != nil {
				return
			}
			frame(f.FrameID)
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
			// Record before answering: once answered, the page (and the
			// call waiting on it) moves on, and the record must be there.
			ev.mu.Lock()
			if len(ev.dialogs) < 16 {
				ev.dialogs = append(ev.dialogs, Dialog{Type: string(d.Type), Message: d.Message, Accepted: accept})
			}
			ev.mu.Unlock()
			_, _ = chromedp.Call(tctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept})
		}
	}()
	return ev
}

// DrainDialogs returns the dialogs answered since the last call.
func (s *Session) DrainDialogs() []Dialog {
	if s.events == nil {
		return nil
	}
	s.events.mu.Lock()
	defer s.events.mu.Unlock()
	d := s.events.dialogs
	s.events.dialogs = nil
	return d
}
