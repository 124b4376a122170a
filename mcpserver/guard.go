package mcpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// guard serves every HTTP request through the checks of guardChecks, in
// order: Host, Origin, the bearer token, the body size, the session bound,
// then the session's activity; a check that refuses answers the request
// and the rest do not run. A request that passes is served with its owner
// in the context, and what the checks deferred runs after it, last first.
func (s *Server) guard(next http.Handler, o HTTPOptions) http.Handler {
	checks := s.guardChecks(o)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g := &guarded{w: w, r: r, owner: ownerStateless}
		defer g.done()
		for _, c := range checks {
			if !c.run(g) {
				return
			}
		}
		next.ServeHTTP(w, g.r.WithContext(context.WithValue(g.r.Context(), ownerKey{}, g.owner)))
	})
}

// guarded is one request going through the guard.
type guarded struct {
	w     http.ResponseWriter
	r     *http.Request
	body  []byte   // a POST's body, read by checkBody
	owner string   // the stateless owner, set by checkToken
	after []func() // run after the request, last first
}

func (g *guarded) later(f func()) { g.after = append(g.after, f) }

func (g *guarded) done() {
	for i := len(g.after) - 1; i >= 0; i-- {
		g.after[i]()
	}
}

// check is one step of the guard: it passes the request on (true) or
// answers it (false).
type check struct {
	name string // what the step checks (for tests and readers)
	run  func(g *guarded) bool
}

// guardChecks are the guard's steps, in the order they run.
func (s *Server) guardChecks(o HTTPOptions) []check {
	hosts := newHostSet(o.Addr, o.AllowedHosts)
	return []check{
		{"host", s.checkHost(hosts)},
		{"origin", s.checkOrigin(hosts, o.OriginAllowed)},
		{"token", s.checkToken(o.Tokens)},
		{"body", s.checkBody(int64(s.opts.MaxRequestBytes))},
		{"session_bound", s.checkSessionBound(o.MaxSessions)},
		{"session_activity", s.trackActivity(o.StreamGrace)},
	}
}

// checkHost refuses a Host that is not the server's own address or an
// allowed host (DNS rebinding).
func (s *Server) checkHost(hosts hostSet) func(*guarded) bool {
	return func(g *guarded) bool {
		if hosts.allowsHost(g.r.Host) {
			return true
		}
		s.refuse(g.w, http.StatusForbidden, "host", "forbidden: the Host header is not this server's address (add it to http.allowedHosts when a reverse proxy forwards it)")
		return false
	}
}

// checkOrigin refuses an Origin that is neither the server's own address
// nor an allowedOrigins match (local CSRF); no Origin passes.
func (s *Server) checkOrigin(hosts hostSet, allowed func(string) bool) func(*guarded) bool {
	return func(g *guarded) bool {
		origin := g.r.Header.Get("Origin")
		if origin == "" || hosts.ownOrigin(origin, g.r.Host) || (allowed != nil && allowed(origin)) {
			return true
		}
		s.refuse(g.w, http.StatusForbidden, "origin", "forbidden: origin not allowed (http.allowedOrigins)")
		return false
	}
}

// checkToken, when tokens are configured, refuses a request without one
// of them as its bearer token and names the request's owner by its token
// (each token is one owner of stateless pages).
func (s *Server) checkToken(tokens []string) func(*guarded) bool {
	type tok struct {
		raw   []byte
		owner string
	}
	var toks []tok
	for _, t := range tokens {
		h := sha256.Sum256([]byte(t))
		toks = append(toks, tok{raw: []byte(t), owner: "token:" + hex.EncodeToString(h[:8])})
	}
	return func(g *guarded) bool {
		if len(toks) == 0 {
			return true
		}
		got, ok := bearerToken(g.r.Header.Get("Authorization"))
		owner := ""
		for _, t := range toks {
			// Every token is compared, so the time taken says nothing
			// about which one matched.
			if ok && subtle.ConstantTimeCompare([]byte(got), t.raw) == 1 {
				owner = t.owner
			}
		}
		if owner == "" {
			g.w.Header().Set("WWW-Authenticate", `Bearer realm="pling"`)
			s.refuse(g.w, http.StatusUnauthorized, "token", "unauthorized: send Authorization: Bearer <token>")
			return false
		}
		g.owner = owner
		return true
	}
}

// checkBody reads a POST's body up to max bytes (never more) and refuses
// a larger one; the body is kept for the session bound and replayed to
// the transport.
func (s *Server) checkBody(max int64) func(*guarded) bool {
	return func(g *guarded) bool {
		if g.r.Method != http.MethodPost {
			return true
		}
		if g.r.ContentLength > max {
			s.tooLarge(g.w)
			return false
		}
		body, err := io.ReadAll(io.LimitReader(g.r.Body, max+1))
		if err != nil {
			s.refuse(g.w, http.StatusBadRequest, "body", "could not read the request body")
			return false
		}
		if int64(len(body)) > max {
			s.tooLarge(g.w)
			return false
		}
		g.body = body
		g.r.Body = io.NopCloser(bytes.NewReader(body))
		return true
	}
}

// checkSessionBound keeps the live sessions within max: an initialize or
// an SSE stream takes a place (refused with 503 when none is left), and a
// Streamable HTTP GET stream must belong to a live session (a GET may not
// mint one, which would bypass the bound).
func (s *Server) checkSessionBound(max int) func(*guarded) bool {
	return func(g *guarded) bool {
		r := g.r
		switch {
		case r.URL.Path == "/mcp" && r.Method == http.MethodPost && rpcMethod(g.body) == "initialize":
			release, ok := s.reserveSession(max)
			if !ok {
				s.sessionLimit(g.w, g.body, max)
				return false
			}
			g.later(release)
		case r.URL.Path == "/mcp" && r.Method == http.MethodGet && !isModernHeader(r.Header):
			if id := r.Header.Get(server.HeaderKeySessionID); !s.ids.live(id) {
				http.Error(g.w, "unknown session: initialize first", http.StatusNotFound)
				return false
			}
		case r.URL.Path == "/sse" && r.Method == http.MethodGet:
			release, ok := s.reserveSession(max)
			if !ok {
				s.sessionLimit(g.w, nil, max)
				return false
			}
			s.mu.Lock()
			s.sseOpen++
			s.mu.Unlock()
			release()
			g.later(func() {
				s.mu.Lock()
				s.sseOpen--
				s.mu.Unlock()
			})
		}
		return true
	}
}

// trackActivity counts a Streamable HTTP session's requests and streams
// while they run (beginRequest, endRequest), so a session whose last
// stream closed ends after grace. It never refuses.
func (s *Server) trackActivity(grace time.Duration) func(*guarded) bool {
	return func(g *guarded) bool {
		r := g.r
		if r.URL.Path != "/mcp" || r.Method == http.MethodDelete {
			return true
		}
		stream := r.Method == http.MethodGet
		if id := r.Header.Get(server.HeaderKeySessionID); id != "" && s.beginRequest(id, stream) {
			g.later(func() { s.endRequest(id, stream, grace) })
		}
		return true
	}
}

// bearerToken reads an RFC 6750 Authorization header: the scheme
// "Bearer" in any case, one or more spaces, the token. A bare token
// without the scheme is not a bearer credential.
func bearerToken(h string) (string, bool) {
	scheme, rest, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "bearer") {
		return "", false
	}
	tok := strings.TrimLeft(rest, " ")
	if tok == "" || strings.ContainsAny(tok, " \t") {
		return "", false
	}
	return tok, true
}

// hostSet is what counts as this server's own address: the listen
// address, its loopback aliases with the same port, and the allowed hosts.
type hostSet struct {
	hosts    map[string]bool // lower-case host or host:port
	wildcard bool            // listening on every address with no allowed hosts
	port     string          // the listen port (a wildcard Host must carry it)
}

func newHostSet(addr string, allowed []string) hostSet {
	hs := hostSet{hosts: map[string]bool{}}
	host, port, err := net.SplitHostPort(addr)
	if err == nil {
		hs.hosts[strings.ToLower(net.JoinHostPort(host, port))] = true
		if isLoopbackHost(host) {
			for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
				hs.hosts[net.JoinHostPort(h, port)] = true
			}
		}
		if ip := net.ParseIP(host); (host == "" || (ip != nil && ip.IsUnspecified())) && len(allowed) == 0 {
			hs.wildcard, hs.port = true, port
		}
	}
	for _, a := range allowed {
		hs.hosts[strings.ToLower(a)] = true
	}
	return hs
}

// allowsHost reports whether a request's Host header names this server.
// On a wildcard listen address any host name is accepted as long as it
// carries the listen port (a Host without a port means 80).
func (hs hostSet) allowsHost(host string) bool {
	if hs.hosts[strings.ToLower(host)] {
		return true
	}
	if !hs.wildcard {
		return false
	}
	port := "80"
	if _, p, err := net.SplitHostPort(host); err == nil {
		port = p
	} else if strings.Contains(strings.Trim(host, "[]"), ":") && !strings.HasPrefix(host, "[") {
		return false // a bare IPv6 address without brackets is no Host
	}
	return port == hs.port
}

// ownOrigin reports whether origin is this server's own address: its
// host[:port] is one of the server's, or, on a wildcard listen address,
// the request's own Host (a same-origin request).
func (hs hostSet) ownOrigin(origin, reqHost string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return false
	}
	hp := strings.ToLower(u.Host)
	if u.Port() == "" {
		port := "80"
		if u.Scheme == "https" {
			port = "443"
		}
		if hs.hosts[hp] {
			return true
		}
		hp = net.JoinHostPort(strings.Trim(hp, "[]"), port)
	}
	if hs.wildcard {
		return strings.EqualFold(hp, reqHost) || strings.EqualFold(strings.ToLower(u.Host), reqHost)
	}
	return hs.hosts[hp]
}
