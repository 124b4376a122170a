package mcpserver

import (
	"context"
	"log"
	"log/slog"
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

// messageOnly is a slog.Handler that passes a record's level and message
// and drops its attributes: mcp-go's transport logs attach session ids
// and errors that can quote a request.
type messageOnly struct{ h slog.Handler }

func (m messageOnly) Enabled(ctx context.Context, l slog.Level) bool { return m.h.Enabled(ctx, l) }
func (m messageOnly) Handle(ctx context.Context, r slog.Record) error {
	return m.h.Handle(ctx, slog.NewRecord(r.Time, r.Level, "mcp transport: "+logCategory(r.Message), r.PC))
}
func (m messageOnly) WithAttrs([]slog.Attr) slog.Handler { return m }
func (m messageOnly) WithGroup(string) slog.Handler      { return m }
