package browser

import (
	"context"
	"fmt"
	"sync"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// notices holds what a session's page did on its own that the agent must
// hear about: navigations the policy blocked, new tabs, refused downloads.
type notices struct {
	mu      sync.Mutex
	blocked []string
	tabs    []NewTab
	other   []string
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

// guardBrowser watches browser-level events (new targets, downloads) and
// routes them to the session whose tab caused them.
func (b *Browser) guardBrowser() {
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
			if s := b.sessionByTarget(target.ID(ev.FrameID)); s != nil {
				s.notes.add(&s.notes.other, fmt.Sprintf("the page started a download (%q); downloads are refused", ev.SuggestedFilename))
			}
		}
	}()
}

func (b *Browser) register(s *Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.sessions == nil {
		b.sessions = map[target.ID]*Session{}
	}
	b.sessions[s.targetID] = s
}

func (b *Browser) unregister(s *Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.sessions, s.targetID)
}

func (b *Browser) sessionByTarget(id target.ID) *Session {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sessions[id]
}

// guardSession installs the per-tab guards: every document request (the
// agent's navigations, links, form posts, each hop of a redirect chain,
// frames) is checked against the navigation policy before it is sent, and
// downloads in the session's browser context are refused.
func (s *Session) guardSession(ctx context.Context) error {
	c := chromedp.FromContext(s.ctx)
	if c != nil && c.BrowserContextID != "" {
		_, err := chromedp.CallBrowser(s.b.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: c.BrowserContextID, EventsEnabled: new(true),
		})
		if err != nil {
			return fmt.Errorf("refuse downloads: %w", err)
		}
	}
	if s.check == nil {
		return nil
	}
	paused := chromedp.Events(s.ctx, fetch.RequestPaused) // subscribe before enabling
	err := s.run(ctx, s.b.opts.StartTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
			{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageRequest},
		}})
		return err
	})
	if err != nil {
		return fmt.Errorf("enable navigation policy: %w", err)
	}
	check, tctx := s.check, s.ctx // the tab may be replaced later (revive.go)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			u := ""
			if ev.Request != nil {
				u = ev.Request.URL
			}
			if perr := check(u); perr != nil {
				s.notes.add(&s.notes.blocked, perr.Error())
				_, _ = chromedp.Call(tctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
				continue
			}
			_, _ = chromedp.Call(tctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
	}()
	return nil
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
	s.notes.blocked, s.notes.other = nil, nil
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

// Adopt attaches a Session to a tab the page opened (same browser context,
// same policy), so it can become a page handle of its own.
func (s *Session) Adopt(ctx context.Context, id target.ID) (*Session, error) {
	tctx, cancel := chromedp.NewContext(s.b.ctx, chromedp.WithTargetID(id))
	ns := &Session{b: s.b, ctx: tctx, cancel: cancel, check: s.check, targetID: id, acceptDialogs: s.acceptDialogs, m: s.m}
	if err := ns.start(ctx); err != nil {
		cancel()
		return nil, fmt.Errorf("adopt tab: %w", err)
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
