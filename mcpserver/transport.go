package mcpserver

import (
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// ServeStdio serves one MCP session over in/out until in closes or ctx
// ends. Only MCP messages are written to out.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	std := server.NewStdioServer(s.mcp)
	std.SetErrorLogger(slogAdapter(s))
	err := std.Listen(ctx, in, out)
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// HTTPOptions configure the HTTP transports.
type HTTPOptions struct {
	// Addr is the listen address, e.g. 127.0.0.1:8931.
	Addr string
	// Token, when set, is required as "Authorization: Bearer <token>".
	Token string
	// AllowedOrigins are browser origins allowed besides loopback ones.
	AllowedOrigins []string
	// SessionIdleTTL drops HTTP sessions whose clients vanished.
	SessionIdleTTL time.Duration
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
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// HTTPHandler serves Streamable HTTP at /mcp and the legacy SSE transport
// at /sse (+ /message), behind the Origin check (DNS rebinding) and the
// bearer token.
func (s *Server) HTTPHandler(o HTTPOptions) http.Handler {
	if o.SessionIdleTTL <= 0 {
		o.SessionIdleTTL = 30 * time.Minute
	}
	mux := http.NewServeMux()
	stream := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdleTTL(o.SessionIdleTTL),
		server.WithHeartbeatInterval(25*time.Second),
	)
	mux.Handle("/mcp", stream)
	base := "http://" + o.Addr
	sse := server.NewSSEServer(s.mcp,
		server.WithBaseURL(base),
		server.WithSSEEndpoint("/sse"),
		server.WithMessageEndpoint("/message"),
		server.WithKeepAliveInterval(25*time.Second),
	)
	mux.Handle("/sse", sse.SSEHandler())
	mux.Handle("/message", sse.MessageHandler())
	return guard(mux, o)
}

// guard checks Origin against loopback and the allowed origins, and the
// bearer token when one is set.
func guard(next http.Handler, o HTTPOptions) http.Handler {
	allowed := map[string]bool{}
	for _, a := range o.AllowedOrigins {
		allowed[strings.TrimRight(a, "/")] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !allowed[origin] {
			u, err := url.Parse(origin)
			if err != nil || !isLoopbackHost(u.Hostname()) {
				http.Error(w, "origin not allowed", http.StatusForbidden)
				return
			}
		}
		if o.Token != "" {
			got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if subtle.ConstantTimeCompare([]byte(got), []byte(o.Token)) != 1 {
				w.Header().Set("WWW-Authenticate", "Bearer")
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
