package mcpserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

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
