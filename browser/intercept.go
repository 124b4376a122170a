package browser

import (
	"context"
	"fmt"
	"sync"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// notices holds what a tab's page did on its own that the agent must
// hear about: navigations the policy blocked, new tabs, refused downloads.
type notices struct {
	mu      sync.Mutex
	blocked []string
	// blockedMain: the policy failed a request of the tab's main frame,
	// which leaves Chromium's error page under the refused URL.
	blockedMain bool
	tabs        []NewTab
	other       []string
	// auth: the main frame met an HTTP authentication challenge that no
	// configured credentials answered (auth.go).
	auth *authNote
}

// NewTab is a tab the page opened (window.open, target=_blank).
type NewTab struct {
	TargetID target.ID
	URL      string
}

const maxNotices = 16

func (n *notices) add(list *[]string, s string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(*list) < maxNotices {
		*list = append(*list, s)
	}
}

// interceptRequests puts every document request of every target under the
// navigation policy and routes browser-level events (new tabs, downloads)
// to the tab that caused them.
//
// The interceptor is browser-wide request interception (Fetch.enable on the
// browser target), enabled before any tab exists: a tab the page opens
// (window.open, target=_blank), a new window or an iframe is intercepted
// from its very first request, with no window between its creation and a
// per-tab interceptor. (Browser-level Target.setAutoAttach with
// waitForDebuggerOnStart was tried: chromedp drops the messages of
// auto-attached sessions it did not attach itself, so the paused target
// could not be resumed from here, and attaching a second session to a
// paused popup hangs until its renderer exists.)
func (b *Browser) interceptRequests() error {
	paused := chromedp.BrowserEvents(b.ctx, fetch.RequestPaused) // subscribe before enabling
	auths := chromedp.BrowserEvents(b.ctx, fetch.AuthRequired)
	// The same interception answers HTTP authentication challenges of the
	// document requests it pauses (auth.go): configured credentials, or
	// AUTH_REQUIRED for the tab.
	_, err := chromedp.CallBrowser(b.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
		{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageRequest},
	}, HandleAuthRequests: new(true)})
	if err != nil {
		return fmt.Errorf("enable navigation policy: %w", err)
	}
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			go b.vet(ev)
		}
	}()
	go func() {
		for ev, err := range auths {
			if err != nil {
				return
			}
			go b.answerAuth(ev)
		}
	}()
	created := chromedp.BrowserEvents(b.ctx, target.TargetCreated)
	go func() {
		for ev, err := range created {
			if err != nil {
				return
			}
			ti := ev.TargetInfo
			if ti == nil || ti.Type != "page" || ti.OpenerID == "" {
				continue
			}
			if s := b.sessionByTarget(ti.OpenerID); s != nil {
				s.notes.mu.Lock()
				if len(s.notes.tabs) < maxNotices {
					s.notes.tabs = append(s.notes.tabs, NewTab{TargetID: ti.TargetID, URL: ti.URL})
				}
				s.notes.mu.Unlock()
			}
		}
	}()
	downloads := chromedp.BrowserEvents(b.ctx, cdpbrowser.DownloadWillBegin)
	go func() {
		for ev, err := range downloads {
			if err != nil {
				return
			}
			if s := b.sessionByFrame(ev.FrameID); s != nil {
				s.notes.add(&s.notes.other, fmt.Sprintf("the page started a download (%q); downloads are refused", ev.SuggestedFilename))
			}
		}
	}()
	return nil
}

// vet lets one paused document request go on or fails it, by the policy
// of the browser and of the session it belongs to.
func (b *Browser) vet(ev fetch.EventRequestPaused) {
	u := ""
	if ev.Request != nil {
		u = ev.Request.URL
	}
	fo := b.frameOwner(ev.FrameID) // the tab, or the tab of the frame
	s, bc := fo.s, fo.bc
	if s == nil {
		// Not a frame we know yet: a tab the page just opened. Its main
		// frame id is its target id; the target says whose it is.
		ctx, cancel := context.WithTimeout(b.ctx, b.opts.StartTimeout)
		info, err := chromedp.CallBrowser(ctx, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: target.ID(ev.FrameID)})
		cancel()
		if err == nil && info.TargetInfo != nil {
			b.mu.Lock()
			bc = b.contexts[info.TargetInfo.BrowserContextID]
			b.mu.Unlock()
			s = b.sessionByTarget(info.TargetInfo.OpenerID) // reported to the opener
		}
	}
	perr := b.check(bc, u)
	ctx, cancel := context.WithTimeout(b.ctx, b.opts.StartTimeout)
	defer cancel()
	if perr != nil {
		if s != nil {
			s.notes.add(&s.notes.blocked, perr.Error())
			if fo.main && fo.s == s {
				s.notes.mu.Lock()
				s.notes.blockedMain = true
				s.notes.mu.Unlock()
			}
		}
		_, _ = chromedp.CallBrowser(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		return
	}
	_, _ = chromedp.CallBrowser(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
}

// check applies the browser's policy and the session's (bc may be nil).
func (b *Browser) check(bc *browserContext, u string) error {
	if b.opts.CheckURL != nil {
		if err := b.opts.CheckURL(u); err != nil {
			return err
		}
	}
	if bc != nil && bc.opts.CheckURL != nil {
		return bc.opts.CheckURL(u)
	}
	return nil
}

// frameOwner is whose a frame is: the tab, its browser context and whether
// it is the tab's main frame, fixed when registered (a tab's fields change
// when it is replaced; the interceptor must not read them concurrently).
type frameOwner struct {
	s    *Session
	bc   *browserContext
	main bool
}

// register attributes the tab's main frame (its target id) to s. Call it
// from the goroutine that owns s (its start).
func (b *Browser) register(s *Session) {
	b.addFrameOwner(cdp.FrameID(s.targetID), frameOwner{s: s, bc: s.bc, main: true})
}

// addFrame attributes a frame of s's page (an iframe) to s in bc.
func (b *Browser) addFrame(f cdp.FrameID, s *Session, bc *browserContext) {
	if s.isClosed() {
		return
	}
	b.addFrameOwner(f, frameOwner{s: s, bc: bc})
}

func (b *Browser) addFrameOwner(f cdp.FrameID, o frameOwner) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.frames == nil {
		b.frames = map[cdp.FrameID]frameOwner{}
	}
	if cur, ok := b.frames[f]; ok && cur.main && !o.main {
		return // a tab's own frame stays its own
	}
	b.frames[f] = o
}

// removeFrame forgets an iframe of s that its page removed; a tab's own
// frame stays until the tab is unregistered.
func (b *Browser) removeFrame(f cdp.FrameID, s *Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if o, ok := b.frames[f]; ok && o.s == s && !o.main {
		delete(b.frames, f)
	}
}

// frameCount is the number of frames the registry holds (tests).
func (b *Browser) frameCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.frames)
}

func (b *Browser) unregister(s *Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for f, o := range b.frames {
		if o.s == s {
			delete(b.frames, f)
		}
	}
}

func (b *Browser) sessionByTarget(id target.ID) *Session {
	return b.frameOwner(cdp.FrameID(id)).s
}

func (b *Browser) sessionByFrame(id cdp.FrameID) *Session {
	return b.frameOwner(id).s
}

func (b *Browser) frameOwner(id cdp.FrameID) frameOwner {
	if id == "" {
		return frameOwner{}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.frames[id]
}

// Notices returns and clears what the page did on its own since the last
// call: blocked navigations, new tabs (by URL) and refused downloads.
func (s *Session) Notices() []string {
	s.notes.mu.Lock()
	defer s.notes.mu.Unlock()
	var out []string
	for _, b := range s.notes.blocked {
		out = append(out, "a navigation was blocked by the policy: "+b)
	}
	out = append(out, s.notes.other...)
	if a := s.notes.auth; a != nil {
		out = append(out, "AUTH_REQUIRED: "+a.reason())
	}
	s.notes.blocked, s.notes.other, s.notes.auth = nil, nil, nil
	return append(out, s.events.navigationNotice()...)
}

// takeNewTabs returns and clears the tabs the page opened.
func (s *Session) takeNewTabs() []NewTab {
	s.notes.mu.Lock()
	defer s.notes.mu.Unlock()
	t := s.notes.tabs
	s.notes.tabs = nil
	return t
}

// Adopt attaches a Session to a tab the page opened: it is a tab of the
// same browser context, under the same policy.
func (s *Session) Adopt(ctx context.Context, id target.ID) (*Session, error) {
	ns, err := s.bc.newTab(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("adopt tab: %w", err)
	}
	// Without its listeners a clickable <span> there is text; the tab
	// stays usable (cursor: pointer, onclick, jQuery's data) when the
	// sweep fails.
	if n, err := ns.sweepClickListeners(ctx); err != nil {
		s.b.opts.Logger.Debug("sweep click listeners of an opened tab", "err", err)
	} else {
		s.b.opts.Logger.Debug("swept click listeners of an opened tab", "elements", n)
	}
	return ns, nil
}

// OpenedTabs adopts the tabs the page opened since the last call, each as
// a Session of its own (same browser context and policy).
func (s *Session) OpenedTabs(ctx context.Context) []page.Tab {
	var out []page.Tab
	for _, t := range s.takeNewTabs() {
		ns, err := s.Adopt(ctx, t.TargetID)
		if err != nil {
			s.notes.add(&s.notes.other, "the page opened a tab that could not be attached")
			continue
		}
		out = append(out, ns)
	}
	return out
}
