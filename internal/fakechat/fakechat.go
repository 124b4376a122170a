// Package fakechat is a scripted OpenAI-compatible chat-completions server
// for tests: it listens on 127.0.0.1, answers POST .../chat/completions in
// the real wire format (one JSON body, or server-sent events when the
// request asks for "stream": true), follows a script per test, and records
// every request so tests can assert what the model was sent.
package fakechat

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Call is one tool call the scripted model makes.
type Call struct {
	Name string
	Args string // JSON object text
}

// Reply is the scripted model's turn, or a raw failure.
type Reply struct {
	Content string
	Calls   []Call
	// Status, when not 0 or 200, is sent with Body (or a JSON error).
	Status int
	// Raw, when set, is sent as the body as is (a malformed response).
	Raw string
}

// Request is one recorded request.
type Request struct {
	Path   string
	Header http.Header
	Body   []byte
	// Parsed is Body decoded.
	Parsed Body
}

// Body is the part of a chat-completions request tests look at.
type Body struct {
	Model    string    `json:"model"`
	Stream   bool      `json:"stream"`
	Messages []Message `json:"messages"`
	Tools    []Tool    `json:"tools"`
}

// Message is one request message.
type Message struct {
	Role       string     `json:"role"`
	Content    any        `json:"content"`
	ToolCallID string     `json:"tool_call_id"`
	ToolCalls  []ToolCall `json:"tool_calls"`
}

// Text is the message content as text (string or text parts).
func (m Message) Text() string {
	switch c := m.Content.(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			if part, ok := p.(map[string]any); ok {
				if t, ok := part["text"].(string); ok {
					b.WriteString(t)
				}
			}
		}
		return b.String()
	}
	return ""
}

// ToolCall is an assistant's tool call in a request.
type ToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// Tool is one entry of the tools field.
type Tool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

// Server is the fake endpoint.
type Server struct {
	// URL is the base URL to use as OPENAI_BASE_URL (ends in /v1/).
	URL    string
	mu     sync.Mutex
	reqs   []Request
	script func(n int, req Request) Reply
}

// New starts a server that answers request n (1-based) with script(n, req).
func New(t testing.TB, script func(n int, req Request) Reply) *Server {
	t.Helper()
	s := &Server{script: script}
	ts := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(ts.Close)
	s.URL = ts.URL + "/v1/"
	return s
}

// Sequence is a script that plays replies in order and then repeats the last.
func Sequence(replies ...Reply) func(int, Request) Reply {
	return func(n int, _ Request) Reply {
		if n > len(replies) {
			n = len(replies)
		}
		return replies[n-1]
	}
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	req := Request{Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	if err := json.Unmarshal(body, &req.Parsed); err != nil {
		http.Error(w, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	n := len(s.reqs)
	s.mu.Unlock()
	rep := s.script(n, req)
	switch {
	case rep.Status != 0 && rep.Status != http.StatusOK:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.Status)
		if rep.Raw != "" {
			io.WriteString(w, rep.Raw)
		} else {
			fmt.Fprintf(w, `{"error":{"message":"scripted failure %d","type":"server_error","code":null}}`, rep.Status)
		}
	case rep.Raw != "":
		if req.Parsed.Stream {
			w.Header().Set("Content-Type", "text/event-stream")
		} else {
			w.Header().Set("Content-Type", "application/json")
		}
		io.WriteString(w, rep.Raw)
	case req.Parsed.Stream:
		writeStream(w, n, req.Parsed.Model, rep)
	default:
		writeJSON(w, n, req.Parsed.Model, rep)
	}
}

func toolCalls(n int, rep Reply) []map[string]any {
	var out []map[string]any
	for i, c := range rep.Calls {
		out = append(out, map[string]any{"id": fmt.Sprintf("call_%d_%d", n, i+1), "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": c.Args}})
	}
	return out
}

func finish(rep Reply) string {
	if len(rep.Calls) > 0 {
		return "tool_calls"
	}
	return "stop"
}

func writeJSON(w http.ResponseWriter, n int, model string, rep Reply) {
	msg := map[string]any{"role": "assistant", "content": rep.Content, "refusal": nil}
	if tc := toolCalls(n, rep); tc != nil {
		msg["tool_calls"] = tc
	}
	body := map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1767225600, "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish(rep), "logprobs": nil}},
		"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(body)
}

func writeStream(w http.ResponseWriter, n int, model string, rep Reply) {
	w.Header().Set("Content-Type", "text/event-stream")
	fl, _ := w.(http.Flusher)
	chunk := func(delta map[string]any, finishReason any) {
		data, _ := json.Marshal(map[string]any{
			"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion.chunk", "created": 1767225600, "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finishReason}},
		})
		fmt.Fprintf(w, "data: %s\n\n", data)
		if fl != nil {
			fl.Flush()
		}
	}
	chunk(map[string]any{"role": "assistant", "content": ""}, nil)
	// Content in two pieces, tool calls with their arguments split, as
	// real servers stream them.
	if rep.Content != "" {
		half := len(rep.Content) / 2
		chunk(map[string]any{"content": rep.Content[:half]}, nil)
		chunk(map[string]any{"content": rep.Content[half:]}, nil)
	}
	for i, c := range rep.Calls {
		chunk(map[string]any{"tool_calls": []any{map[string]any{"index": i, "id": fmt.Sprintf("call_%d_%d", n, i+1), "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": ""}}}}, nil)
		half := len(c.Args) / 2
		for _, part := range []string{c.Args[:half], c.Args[half:]} {
			chunk(map[string]any{"tool_calls": []any{map[string]any{"index": i, "function": map[string]any{"arguments": part}}}}, nil)
		}
	}
	chunk(map[string]any{}, finish(rep))
	io.WriteString(w, "data: [DONE]\n\n")
}
