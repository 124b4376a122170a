package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"sync"

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
