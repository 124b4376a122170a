package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// chatModel calls POST {base}/chat/completions through openai-go.
type chatModel struct {
	svc     openai.ChatCompletionService
	model   string
	stream  bool
	key     string
	timeout time.Duration
	trace   *tracer
}

// reply is the assistant's turn.
type reply struct {
	content string
	calls   []toolCall
}

func newChatModel(opts Options) *chatModel {
	base := opts.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	a := opts.Config.Agent
	m := &chatModel{model: a.Model, stream: a.Stream, key: opts.APIKey, timeout: a.RequestTimeout()}
	// NewChatCompletionService rather than openai.NewClient: the latter
	// also reads OPENAI_ORG_ID, OPENAI_CUSTOM_HEADERS and more from the
	// environment; the run uses only the settings it documents.
	reqOpts := []option.RequestOption{
		option.WithBaseURL(base),
		option.WithMaxRetries(a.MaxRetries),
		option.WithRequestTimeout(a.RequestTimeout()),
		option.WithHTTPClient(hc),
	}
	if opts.APIKey != "" {
		reqOpts = append(reqOpts, option.WithAPIKey(opts.APIKey))
	}
	if opts.Trace != nil {
		m.trace = &tracer{w: opts.Trace, key: opts.APIKey}
		reqOpts = append(reqOpts, option.WithMiddleware(m.trace.middleware))
	}
	m.svc = openai.NewChatCompletionService(reqOpts...)
	return m
}

// params builds the request: the system message first, then the
// conversation; the tools field from the same observation.
func (m *chatModel) params(system string, ts toolSet, h *history) openai.ChatCompletionNewParams {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system)}
	for _, hm := range h.msgs {
		switch hm.role {
		case "user":
			msgs = append(msgs, openai.UserMessage(hm.content))
		case "tool":
			msgs = append(msgs, openai.ToolMessage(hm.content, hm.callID))
		case "assistant":
			a := openai.ChatCompletionAssistantMessageParam{}
			if hm.content != "" {
				a.Content.OfString = openai.String(hm.content)
			}
			for _, tc := range hm.calls {
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: tc.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: tc.Name, Arguments: tc.Args}}})
			}
			msgs = append(msgs, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		}
	}
	tools := make([]openai.ChatCompletionToolUnionParam, 0, len(ts.list))
	for _, t := range ts.list {
		var schema map[string]any
		_ = json.Unmarshal(t.Parameters, &schema) // built by page.ParamsSchema or this package: valid JSON
		tools = append(tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name: t.Name, Description: openai.String(t.Description), Parameters: schema}))
	}
	return openai.ChatCompletionNewParams{Model: shared.ChatModel(m.model), Messages: msgs, Tools: tools}
}

// complete makes one model call (the SDK retries at most agent.maxRetries
// times) and returns the assistant's turn.
func (m *chatModel) complete(ctx context.Context, turn int, system string, ts toolSet, h *history) (reply, error) {
	if m.trace != nil {
		m.trace.setTurn(turn)
	}
	p := m.params(system, ts, h)
	var msg openai.ChatCompletionMessage
	if m.stream {
		stream := m.svc.NewStreaming(ctx, p)
		defer stream.Close()
		var acc openai.ChatCompletionAccumulator
		chunks := 0
		for stream.Next() {
			acc.AddChunk(stream.Current())
			chunks++
		}
		if err := stream.Err(); err != nil {
			return reply{}, m.fail(ctx, err)
		}
		if chunks == 0 || len(acc.Choices) == 0 {
			return reply{}, fmt.Errorf("%w: the stream ended without a completion", ErrModel)
		}
		msg = acc.Choices[0].Message
	} else {
		res, err := m.svc.New(ctx, p)
		if err != nil {
			return reply{}, m.fail(ctx, err)
		}
		if len(res.Choices) == 0 {
			return reply{}, fmt.Errorf("%w: the response has no choices", ErrModel)
		}
		msg = res.Choices[0].Message
	}
	r := reply{content: msg.Content}
	for i, tc := range msg.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			continue
		}
		id := tc.ID
		if id == "" {
			id = fmt.Sprintf("call_%d_%d", turn, i+1) // some local servers omit ids
		}
		if tc.Function.Name == "" {
			return reply{}, fmt.Errorf("%w: a tool call without a function name", ErrModel)
		}
		r.calls = append(r.calls, toolCall{ID: id, Name: tc.Function.Name, Args: tc.Function.Arguments})
	}
	return r, nil
}

// fail turns an SDK error into one line that never holds the key.
func (m *chatModel) fail(ctx context.Context, err error) error {
	var apiErr *openai.Error
	var netErr net.Error
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var msg string
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &apiErr):
		text := strings.TrimSpace(apiErr.Message)
		if text == "" {
			text = http.StatusText(apiErr.StatusCode)
		}
		msg = fmt.Sprintf("the endpoint answered HTTP %d: %s", apiErr.StatusCode, oneLine(text, 200))
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		msg = fmt.Sprintf("no answer within agent.requestTimeoutMs (%s)", m.timeout)
	case errors.As(err, &syn) || errors.As(err, &typ) || errors.Is(err, io.ErrUnexpectedEOF) || malformed(err.Error()):
		msg = "the endpoint sent a malformed response (not a chat completion)"
	case errors.As(err, &netErr):
		msg = "the endpoint cannot be reached: " + oneLine(err.Error(), 200)
	default:
		msg = oneLine(err.Error(), 200)
	}
	if m.key != "" {
		msg = strings.ReplaceAll(msg, m.key, "[redacted]")
	}
	return fmt.Errorf("%w: %s", ErrModel, msg)
}

// malformed recognizes the SDK's decoding failures by their wording (it
// does not always wrap the encoding/json error).
func malformed(msg string) bool {
	msg = strings.ToLower(msg)
	for _, w := range []string{"json", "unmarshal", "invalid character", "unexpected end"} {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// tracer writes one JSON line per HTTP request to the model: the exact
// request body and the response (status and body). Headers are never
// written, so neither is the key.
type tracer struct {
	mu   sync.Mutex
	w    io.Writer
	key  string
	turn int
	try  int
}

// traceLine is one line of --trace.
type traceLine struct {
	Time     string          `json:"time"`
	Turn     int             `json:"turn"`
	Attempt  int             `json:"attempt"`
	Method   string          `json:"method"`
	URL      string          `json:"url"`
	Request  json.RawMessage `json:"request"`
	Status   int             `json:"status,omitempty"`
	Response any             `json:"response,omitempty"`
	Error    string          `json:"error,omitempty"`
	Millis   int64           `json:"ms"`
}

func (t *tracer) setTurn(turn int) {
	t.mu.Lock()
	t.turn, t.try = turn, 0
	t.mu.Unlock()
}

func (t *tracer) middleware(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	t.mu.Lock()
	t.try++
	line := traceLine{Time: time.Now().UTC().Format(time.RFC3339Nano), Turn: t.turn, Attempt: t.try, Method: req.Method, URL: redactURL(req)}
	t.mu.Unlock()
	if json.Valid(body) {
		line.Request = body
	} else {
		q, _ := json.Marshal(string(body))
		line.Request = q
	}
	start := time.Now()
	resp, err := next(req)
	if err != nil {
		line.Error = t.redact(oneLine(err.Error(), 300))
		line.Millis = time.Since(start).Milliseconds()
		t.write(line)
		return resp, err
	}
	data, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	if rerr != nil {
		line.Error = t.redact(oneLine(rerr.Error(), 300))
		resp.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errReader{rerr}))
	} else {
		resp.Body = io.NopCloser(bytes.NewReader(data))
	}
	line.Status = resp.StatusCode
	if json.Valid(data) && (t.key == "" || !bytes.Contains(data, []byte(t.key))) {
		line.Response = json.RawMessage(data)
	} else {
		line.Response = t.redact(string(data))
	}
	line.Millis = time.Since(start).Milliseconds()
	t.write(line)
	return resp, nil
}

func (t *tracer) redact(s string) string {
	if t.key != "" {
		s = strings.ReplaceAll(s, t.key, "[redacted]")
	}
	return s
}

func (t *tracer) write(l traceLine) {
	// No HTML escaping, so the request body is written byte for byte as
	// it was sent (the SDK sends compact JSON).
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.w.Write(buf.Bytes())
}

func redactURL(req *http.Request) string {
	u := *req.URL
	u.User = nil
	u.RawQuery = ""
	return u.String()
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
