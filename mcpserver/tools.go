package mcpserver

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// toolEntry is one core tool of the list: its stable name, its
// constructor (the tool's definition and its handler, with the server as
// its dependencies), and whether the server's options offer it.
type toolEntry struct {
	name    string
	build   func(s *Server) (mcp.Tool, server.ToolHandlerFunc)
	offered func(o Options) bool
}

// toolList is the one list of core tools, registered in this order. Add a
// tool here (and its snapshot under testdata/toolsnaps); a page action with
// one of these names is published as page_<name>. It is a function, not a
// variable, because the handlers it reaches consult it (isCoreTool).
func toolList() []toolEntry {
	always := func(Options) bool { return true }
	return []toolEntry{
		{"observe", observeTool, always},
		{"act", actTool, always},
		{"navigate", navigateTool, always},
		{"scroll", scrollTool, always},
		{"close_page", closePageTool, always},
		{"screenshot", screenshotTool, always},
		{"upload", uploadTool, func(o Options) bool { return len(o.UploadRoots) > 0 }},
		{"fill_form", fillFormTool, always},
		{"web_search", webSearchTool, func(o Options) bool { return o.Search != nil }},
	}
}

// isCoreTool reports whether name is a core tool's (offered or not).
func isCoreTool(name string) bool {
	for _, e := range toolList() {
		if e.name == name {
			return true
		}
	}
	return false
}

// registerCoreTools adds the core tools the options offer, from toolList.
func (s *Server) registerCoreTools() {
	for _, e := range toolList() {
		if e.offered(s.opts) {
			s.mcp.AddTool(e.build(s))
		}
	}
}

// lockFree tools never take the session's operation lock: they do not
// touch a page, so a slow one must not hold up page actions (and searches
// run concurrently; their ledger admits in completion order).
var lockFree = map[string]bool{"web_search": true}

type handlerFunc func(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error)

// wrap validates arguments against schema, identifies the caller,
// serializes the session's operations and turns errors into tool errors.
func (s *Server) wrap(name string, schema json.RawMessage, fn handlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		if err := s.val.Validate(schema, req.Params.Arguments); err != nil {
			s.log.Info("tool call", "tool", logToolName(name), "code", string(page.CodeInvalidArgument), "cause", "schema", "elapsed_ms", time.Since(start).Milliseconds())
			return toolError(invalid(name + ": " + err.Error())), nil
		}
		args, _ := req.Params.Arguments.(map[string]any)
		if args == nil {
			args = map[string]any{}
		}
		c := s.callerOf(ctx, req)
		if c.sess != nil && !lockFree[name] {
			c.sess.op.Lock()
			defer c.sess.op.Unlock()
		}
		res, err := fn(ctx, c, req, args)
		logName := logToolName(name)
		elapsed := time.Since(start).Milliseconds()
		if err == nil {
			s.log.Info("tool call", "tool", logName, "code", "ok", "elapsed_ms", elapsed)
			return res, nil
		}
		// The cause is logged as a category: its text can quote page data.
		code := errorCode(err)
		level := slog.LevelInfo
		if code == string(page.CodeInternal) || code == string(page.CodeBrowserUnavailable) {
			level = slog.LevelWarn
		}
		s.log.Log(ctx, level, "tool call", "tool", logName, "code", code, "cause", causeCategory(err), "elapsed_ms", elapsed)
		return toolError(err), nil
	}
}

// logToolName is a tool's name for the log: a page tool's name comes from
// page text, which never goes to a log.
func logToolName(name string) string {
	if !isCoreTool(name) {
		return "page_tool"
	}
	return name
}

// hints are a core tool's annotations: its title and the four behaviour
// hints of the MCP spec.
func hints(title string, readOnly, destructive, idempotent, openWorld bool) mcp.ToolAnnotation {
	return mcp.ToolAnnotation{Title: title, ReadOnlyHint: mcp.ToBoolPtr(readOnly), DestructiveHint: mcp.ToBoolPtr(destructive),
		IdempotentHint: mcp.ToBoolPtr(idempotent), OpenWorldHint: mcp.ToBoolPtr(openWorld)}
}

// coreTool is a core tool's definition: name, description, input schema,
// annotations, and the declared result size.
func coreTool(name, description string, schema json.RawMessage, ann mcp.ToolAnnotation) mcp.Tool {
	t := mcp.NewToolWithRawSchema(name, description, schema)
	t.Annotations = ann
	// An observation plus a receipt stays far under the 50,000 characters
	// hosts keep inline, but an extraction (up to 64 KiB) can pass it: the
	// result size is declared for hosts that read it.
	t.Meta = &mcp.Meta{AdditionalFields: map[string]any{"anthropic/maxResultSizeChars": 100000}}
	return t
}

func str(args map[string]any, k string) string {
	v, _ := args[k].(string)
	return v
}

// pageProp is the page handle argument every core tool but web_search takes.
var pageProp = `"page": {"type": "string", "maxLength": 64, "description": "Page handle returned by navigate or any earlier result. Optional on session-based connections (stdio, HTTP 2025-11-25): omitted means this session's page."}`
