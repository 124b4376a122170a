package mcpserver

import (
	"log"
	"strings"
)

// slogAdapter routes mcp-go's error logger to the server's slog logger.
// Only the message's leading category is kept (up to the first colon):
// the rest can quote a request, and requests carry queries and page data,
// which never go to a log.
func slogAdapter(s *Server) *log.Logger {
	return log.New(writerFunc(func(p []byte) (int, error) {
		s.log.Warn("mcp transport", "category", logCategory(string(p)))
		return len(p), nil
	}), "", 0)
}

// logCategory keeps the text before the first colon, bounded.
func logCategory(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.IndexByte(msg, ':'); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 80 {
		msg = msg[:80]
	}
	return msg
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
