package mcpserver

import (
	"log"
	"strings"
)

// slogAdapter routes mcp-go's error logger to the server's slog logger.
func slogAdapter(s *Server) *log.Logger {
	return log.New(writerFunc(func(p []byte) (int, error) {
		s.log.Warn("mcp transport", "msg", strings.TrimSpace(string(p)))
		return len(p), nil
	}), "", 0)
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
