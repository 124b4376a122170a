package browser

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// authNote is an HTTP authentication challenge of a tab's main frame that
// was not answered (no credentials for the origin) or whose configured
// credentials the server refused.
type authNote struct {
	origin, realm string
	refused       bool
}

func (a authNote) reason() string {
	realm := strings.TrimSpace(a.realm)
	if len([]rune(realm)) > 80 {
		realm = string([]rune(realm)[:80]) + "…"
	}
	if a.refused {
		return fmt.Sprintf("the server at %s refused the configured credentials (HTTP authentication, realm %q); the operator must correct browser.httpCredentials for that origin: the agent cannot supply credentials", a.origin, realm)
	}
	return fmt.Sprintf("the server at %s asks for HTTP authentication (realm %q) and no credentials are configured for that origin; the operator can add them to browser.httpCredentials: the agent cannot supply credentials", a.origin, realm)
}

// maxAuthTries bounds the request ids remembered as answered once.
const maxAuthTries = 1024

// answerAuth answers one authentication challenge of a document request
// (Fetch.authRequired: the interceptor's interception is enabled with
// handleAuthRequests). A server challenge for an origin with configured
// credentials gets them once; asked again for the same request, the
// server refused them: the challenge is cancelled, so the browser shows
// the server's 401 page, and the tab is told (AUTH_REQUIRED). A proxy's
// challenge is left to the browser. Credentials are never logged.
func (b *Browser) answerAuth(ev fetch.EventAuthRequired) {
	ctx, cancel := context.WithTimeout(b.ctx, b.opts.StartTimeout)
	defer cancel()
	ch := ev.AuthChallenge
	resp := &fetch.AuthChallengeResponse{Response: fetch.AuthChallengeResponseResponseCancelAuth}
	if ch == nil || ch.Source == fetch.AuthChallengeSourceProxy {
		resp.Response = fetch.AuthChallengeResponseResponseDefault
		_, _ = chromedp.CallBrowser(ctx, fetch.ContinueWithAuth, fetch.ContinueWithAuthParams{RequestID: ev.RequestID, AuthChallengeResponse: resp})
		return
	}
	cred, ok := b.credentialFor(ch.Origin)
	b.mu.Lock()
	tried := b.authTried[ev.RequestID]
	if ok && !tried {
		if b.authTried == nil || len(b.authTried) >= maxAuthTries {
			b.authTried = map[fetch.RequestID]bool{}
		}
		b.authTried[ev.RequestID] = true
	} else {
		delete(b.authTried, ev.RequestID)
	}
	b.mu.Unlock()
	if ok && !tried {
		resp.Response = fetch.AuthChallengeResponseResponseProvideCredentials
		resp.Username, resp.Password = cred.Username, cred.Password
	} else if fo := b.frameOwner(ev.FrameID); fo.s != nil && fo.main {
		fo.s.notes.mu.Lock()
		fo.s.notes.auth = &authNote{origin: ch.Origin, realm: ch.Realm, refused: tried}
		fo.s.notes.mu.Unlock()
	}
	_, _ = chromedp.CallBrowser(ctx, fetch.ContinueWithAuth, fetch.ContinueWithAuthParams{RequestID: ev.RequestID, AuthChallengeResponse: resp})
}

// credentialFor finds the configured credentials for a challenge's origin.
func (b *Browser) credentialFor(origin string) (HTTPCredential, bool) {
	want := normOrigin(origin)
	for _, c := range b.opts.HTTPCredentials {
		if normOrigin(c.Origin) == want && want != "" {
			return c, true
		}
	}
	return HTTPCredential{}, false
}

// normOrigin is scheme://host[:port] in lower case with the scheme's
// default port left out ("" when it is not an origin).
func normOrigin(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	scheme := strings.ToLower(u.Scheme)
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		return scheme + "://" + host + ":" + port
	}
	return scheme + "://" + host
}

// takeAuth returns and clears the main frame's unanswered challenge.
func (s *Session) takeAuth() *authNote {
	s.notes.mu.Lock()
	defer s.notes.mu.Unlock()
	a := s.notes.auth
	s.notes.auth = nil
	return a
}

// authError is AUTH_REQUIRED for the challenge a navigation met, or nil.
func (s *Session) authError(err error) error {
	a := s.takeAuth()
	if a == nil {
		return nil
	}
	return &page.Error{Code: page.CodeAuthRequired, Reason: a.reason(), Err: err}
}
