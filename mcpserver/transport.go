package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// DefaultMaxRequestBytes bounds one HTTP request body or one stdio line
// when Options.MaxRequestBytes is zero: 1 MiB, about 8× the largest legal
// call (an act with 10,000 astral characters, each escaped as 12 bytes).
const DefaultMaxRequestBytes = 1 << 20

// ServeStdio serves one MCP session over in/out until in closes or ctx
// ends. Only MCP messages are written to out. A line longer than
// Options.MaxRequestBytes is skipped without being held in memory and
// answered with a JSON-RPC error; the session goes on.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	std := server.NewStdioServer(s.mcp)
	std.SetErrorLogger(slogAdapter(s))
	w := &lockedWriter{w: out}
	r := &lineCapReader{r: newLineReader(in), max: s.opts.MaxRequestBytes, out: w, s: s}
	err := std.Listen(ctx, r, w)
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// HTTPOptions configure the HTTP transports.
type HTTPOptions struct {
	// Addr is the address actually listened on, e.g. 127.0.0.1:8931.
	Addr string
	// Tokens, when not empty, are the accepted bearer tokens
	// ("Authorization: Bearer <token>", RFC 6750). Each token is one owner
	// of stateless pages.
	Tokens []string
	// OriginAllowed reports whether an Origin header matches
	// http.allowedOrigins (the origin-pattern matcher); nil matches none.
	// The server's own address is always allowed.
	OriginAllowed func(origin string) bool
	// AllowedHosts are Host header values accepted besides the listen
	// address (a reverse proxy's public name).
	AllowedHosts []string
	// SessionIdleTTL closes sessions without an open stream after this
	// idle time (default 5 minutes).
	SessionIdleTTL time.Duration
	// MaxSessions bounds the live MCP sessions (default 16).
	MaxSessions int
	// StreamGrace ends a Streamable HTTP session this long after its last
	// GET stream closed when nothing else arrived meanwhile (default 30 s,
	// at most SessionIdleTTL): a client that vanished frees its browser
	// context well before the idle TTL, and one that reconnects its stream
	// keeps its session.
	StreamGrace time.Duration
}

// ErrTokenRequired: a non-loopback bind needs a bearer token.
var ErrTokenRequired = errors.New("refusing to listen on a non-loopback address without a bearer token (set PLING_HTTP_TOKEN)")

// CheckBind refuses a non-loopback listen address without a token.
func CheckBind(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if isLoopbackHost(host) || token != "" {
		return nil
	}
	return ErrTokenRequired
}

func isLoopbackHost(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// HTTPHandler serves Streamable HTTP at /mcp and the legacy SSE transport
// at /sse (+ /message), behind the Host and Origin checks (DNS rebinding,
// local CSRF), the bearer token, the request-size bound and the session
// bound.
func (s *Server) HTTPHandler(o HTTPOptions) http.Handler {
	if o.SessionIdleTTL <= 0 {
		o.SessionIdleTTL = 5 * time.Minute
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = 16
	}
	if o.StreamGrace <= 0 {
		o.StreamGrace = 30 * time.Second
	}
	o.StreamGrace = min(o.StreamGrace, o.SessionIdleTTL)
	mux := http.NewServeMux()
	stream := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdManager(s.ids),
		server.WithSessionIdleTTL(o.SessionIdleTTL),
		server.WithHeartbeatInterval(25*time.Second),
		server.WithDisableLocalhostProtection(true), // the guard checks Host itself
		server.WithStreamableHTTPLogger(slog.New(messageOnly{s.log.Handler()})),
	)
	mux.Handle("/mcp", stream)
	base := "http://" + o.Addr
	sse := server.NewSSEServer(s.mcp,
		server.WithBaseURL(base),
		server.WithSSEEndpoint("/sse"),
		server.WithMessageEndpoint("/message"),
		server.WithKeepAliveInterval(25*time.Second),
		server.WithSSEDisableLocalhostProtection(true),
	)
	mux.Handle("/sse", sse.SSEHandler())
	mux.Handle("/message", sse.MessageHandler())
	return s.guard(mux, o)
}

// ownerKey carries the stateless owner a request authenticated as.
type ownerKey struct{}

// ownerStateless owns the pages of every stateless caller when no token is
// configured: one owner, one page cap.
const ownerStateless = "stateless"

// guard checks, in order: Host (the server's own address or an allowed
// host), Origin (absent, the server's own address or an allowedOrigins
// match), the bearer token, the body size, and the session bound; then it
// serves the request with its owner in the context.
func (s *Server) guard(next http.Handler, o HTTPOptions) http.Handler {
	hosts := newHostSet(o.Addr, o.AllowedHosts)
	type tok struct {
		raw   []byte
		owner string
	}
	var toks []tok
	for _, t := range o.Tokens {
		h := sha256.Sum256([]byte(t))
		toks = append(toks, tok{raw: []byte(t), owner: "token:" + hex.EncodeToString(h[:8])})
	}
	max := int64(s.opts.MaxRequestBytes)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts.allowsHost(r.Host) {
			s.refuse(w, http.StatusForbidden, "host", "forbidden: the Host header is not this server's address (add it to http.allowedHosts when a reverse proxy forwards it)")
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !hosts.ownOrigin(origin, r.Host) && (o.OriginAllowed == nil || !o.OriginAllowed(origin)) {
			s.refuse(w, http.StatusForbidden, "origin", "forbidden: origin not allowed (http.allowedOrigins)")
			return
		}
		owner := ownerStateless
		if len(toks) > 0 {
			got, ok := bearerToken(r.Header.Get("Authorization"))
			owner = ""
			for _, t := range toks {
				// Every token is compared, so the time taken says nothing
				// about which one matched.
				if ok && subtle.ConstantTimeCompare([]byte(got), t.raw) == 1 {
					owner = t.owner
				}
			}
			if owner == "" {
				w.Header().Set("WWW-Authenticate", `Bearer realm="pling"`)
				s.refuse(w, http.StatusUnauthorized, "token", "unauthorized: send Authorization: Bearer <token>")
				return
			}
		}
		var body []byte
		if r.Method == http.MethodPost {
			if r.ContentLength > max {
				s.tooLarge(w)
				return
			}
			var err error
			body, err = io.ReadAll(io.LimitReader(r.Body, max+1))
			if err != nil {
				s.refuse(w, http.StatusBadRequest, "body", "could not read the request body")
				return
			}
			if int64(len(body)) > max {
				s.tooLarge(w)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		r = r.WithContext(context.WithValue(r.Context(), ownerKey{}, owner))
		switch {
		case r.URL.Path == "/mcp" && r.Method == http.MethodPost && rpcMethod(body) == "initialize":
			release, ok := s.reserveSession(o.MaxSessions)
			if !ok {
				s.sessionLimit(w, body, o.MaxSessions)
				return
			}
			defer release()
		case r.URL.Path == "/mcp" && r.Method == http.MethodGet && !isModernHeader(r.Header):
			// A listening stream belongs to a session made by initialize:
			// a GET may not mint one (it would bypass the session bound).
			if id := r.Header.Get(server.HeaderKeySessionID); !s.ids.live(id) {
				http.Error(w, "unknown session: initialize first", http.StatusNotFound)
				return
			}
		case r.URL.Path == "/sse" && r.Method == http.MethodGet:
			release, ok := s.reserveSession(o.MaxSessions)
			if !ok {
				s.sessionLimit(w, nil, o.MaxSessions)
				return
			}
			s.mu.Lock()
			s.sseOpen++
			s.mu.Unlock()
			release()
			defer func() {
				s.mu.Lock()
				s.sseOpen--
				s.mu.Unlock()
			}()
		}
		if r.URL.Path == "/mcp" && r.Method != http.MethodDelete {
			if id := r.Header.Get(server.HeaderKeySessionID); id != "" && s.beginRequest(id, r.Method == http.MethodGet) {
				defer s.endRequest(id, r.Method == http.MethodGet, o.StreamGrace)
			}
		}
		next.ServeHTTP(w, r)
	})
}

// activity is what one Streamable HTTP session has in flight.
type activity struct {
	inFlight int    // requests being served, streams included
	streams  int    // open GET streams
	seq      uint64 // bumped at every request start and end
}

// beginRequest counts a request of a live session.
func (s *Server) beginRequest(id string, stream bool) bool {
	if !s.ids.live(id) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.activity[id]
	if a == nil {
		a = &activity{}
		s.activity[id] = a
	}
	a.inFlight++
	if stream {
		a.streams++
	}
	a.seq++
	return true
}

// endRequest uncounts a request. When the session's last GET stream
// closes (the client went away, or reconnects) and nothing else is in
// flight, the session ends after grace unless a request arrives meanwhile.
func (s *Server) endRequest(id string, stream bool, grace time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.activity[id]
	if a == nil {
		return // the session already ended
	}
	a.inFlight--
	if stream {
		a.streams--
	}
	a.seq++
	if !stream || a.streams > 0 || a.inFlight > 0 {
		return
	}
	seq := a.seq
	time.AfterFunc(grace, func() {
		s.mu.Lock()
		a := s.activity[id]
		quiet := a != nil && a.seq == seq
		s.mu.Unlock()
		if quiet {
			s.log.Info("session ended", "category", "stream_closed")
			_, _ = s.ids.Terminate(id)
		}
	})
}

// refuse answers a refused request and logs its category (never the
// header values).
func (s *Server) refuse(w http.ResponseWriter, status int, category, msg string) {
	s.log.Warn("http request refused", "category", category, "status", status)
	http.Error(w, msg, status)
}

func (s *Server) tooLarge(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	s.refuse(w, http.StatusRequestEntityTooLarge, "body", fmt.Sprintf("request body too large: at most %d bytes (http.maxRequestBytes)", s.opts.MaxRequestBytes))
}

// sessionLimit refuses an initialize (or an SSE stream) beyond the live
// session bound: HTTP 503 with a JSON-RPC error a client can show.
func (s *Server) sessionLimit(w http.ResponseWriter, body []byte, max int) {
	s.log.Warn("http request refused", "category", "session_limit", "status", http.StatusServiceUnavailable)
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	_ = json.Unmarshal(body, &req)
	id := json.RawMessage("null")
	if len(req.ID) > 0 {
		id = req.ID
	}
	msg := fmt.Sprintf("SESSION_LIMIT: this server already has %d live sessions (http.maxSessions); close one (DELETE /mcp) or retry after an idle one expires", max)
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": -32000, "message": msg}})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "30")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write(raw)
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

// rpcMethod is the method of a JSON-RPC message ("" when there is none).
func rpcMethod(body []byte) string {
	var m struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	return m.Method
}

// isModernHeader reports a 2026-07-28 request by its protocol header.
func isModernHeader(h http.Header) bool {
	return strings.HasPrefix(h.Get("MCP-Protocol-Version"), "2026-")
}

// reserveSession takes a place for a session about to start, under the
// same lock the count is read with, so concurrent initializes cannot pass
// the bound together. release gives the place back once the session is
// registered (or failed).
func (s *Server) reserveSession(max int) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids.count()+s.sseOpen+s.pending >= max {
		return nil, false
	}
	s.pending++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.pending--
			s.mu.Unlock()
		})
	}, true
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

// sessionIDs mints and tracks Streamable HTTP session ids: unknown and
// ended ids are refused (404, the client initializes again), and ending an
// id (DELETE, idle expiry) ends the session's pages at once.
type sessionIDs struct {
	mu    sync.Mutex
	ids   map[string]bool
	onEnd func(id string)
}

// Generate mints a new session id.
func (m *sessionIDs) Generate() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := "mcp-session-" + hex.EncodeToString(b)
	m.mu.Lock()
	m.ids[id] = true
	m.mu.Unlock()
	return id
}

// Validate refuses ids this server did not mint or already ended.
func (m *sessionIDs) Validate(id string) (bool, error) {
	if !m.live(id) {
		return false, errors.New("unknown session")
	}
	return false, nil
}

// Terminate ends an id at once and its session in the background.
func (m *sessionIDs) Terminate(id string) (bool, error) {
	m.mu.Lock()
	known := m.ids[id]
	delete(m.ids, id)
	m.mu.Unlock()
	if known && m.onEnd != nil {
		// The id is gone, so no new call gets in; closing the pages waits
		// for the session's running call, and mcp-go's one idle sweeper
		// must not wait with it while other sessions await their sweep.
		go m.onEnd(id)
	}
	return false, nil
}

func (m *sessionIDs) live(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ids[id]
}

func (m *sessionIDs) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.ids)
}

// lockedWriter writes each message with one Write under a lock, so the
// refusals of lineCapReader never interleave with the server's output.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

var bufioFull = bufio.ErrBufferFull

func newLineReader(in io.Reader) lineReader { return bufio.NewReaderSize(in, 64<<10) }

// lineReader reads lines in pieces (bufio.Reader.ReadSlice), so a line is
// never held beyond what the caller keeps.
type lineReader interface {
	ReadSlice(delim byte) ([]byte, error)
}

// lineCapReader passes stdio lines of at most max bytes through; a longer
// line is read to its end and dropped (never held whole), and answered
// with a JSON-RPC error carrying its id when the id came early enough.
type lineCapReader struct {
	r       lineReader
	max     int
	out     io.Writer
	s       *Server
	pending []byte
	err     error
}

func (l *lineCapReader) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		l.pending, l.err = l.nextLine()
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// nextLine returns the next line that fits (with its newline), or nil
// after answering one that does not.
func (l *lineCapReader) nextLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		if len(line)+len(chunk) > l.max+1 { // +1: the newline is not counted
			head := append(line, chunk[:min(len(chunk), 4096)]...)
			for errors.Is(err, bufioFull) {
				_, err = l.r.ReadSlice('\n')
			}
			l.refuse(head)
			if err != nil {
				return nil, err
			}
			return nil, nil
		}
		line = append(line, chunk...)
		if errors.Is(err, bufioFull) {
			continue
		}
		return line, err
	}
}

// refuse answers an oversized stdio line.
func (l *lineCapReader) refuse(head []byte) {
	l.s.log.Warn("stdio request refused", "category", "too_large", "limit_bytes", l.max)
	id := json.RawMessage("null")
	if m := leadingID(head); m != nil {
		id = m
	}
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{
		"code": -32600, "message": "request too large: one JSON-RPC message may have at most " + strconv.Itoa(l.max) + " bytes (http.maxRequestBytes); it was not read",
	}})
	_, _ = l.out.Write(append(raw, '\n'))
}

// leadingID finds the "id" member of a JSON-RPC message from its first
// bytes (clients write jsonrpc, id, method before params). It returns nil
// when the id is not a plain number or string found at the top level.
func leadingID(head []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		key, ok := k.(string)
		if !ok {
			return nil
		}
		if key == "id" {
			v, err := dec.Token()
			if err != nil {
				return nil
			}
			switch v := v.(type) {
			case string, json.Number, float64:
				raw, _ := json.Marshal(v)
				return raw
			}
			return nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil // the id comes after a value cut off by the cap
		}
	}
}
