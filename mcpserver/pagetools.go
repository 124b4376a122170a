package mcpserver

import (
	"context"
	"fmt"
	"sort"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// publishPageTools rebuilds the session's folded page tools from o. Over
// HTTP/SSE they are per-session tools (only that session is told the list
// changed); on stdio, the single session's tools are the server's.
func (s *Server) publishPageTools(ctx context.Context, sess *session, p *pageEntry, o *page.Observation) {
	if !s.opts.PageTools {
		return
	}
	doc := ""
	if snap := o.Snapshot(); snap != nil {
		doc = snap.DocumentID
	}
	want := map[string]string{}
	var tools []server.ServerTool
	for _, sc := range page.Schemas(o) {
		name := sc.Name
		if isCoreTool(name) {
			name = "page_" + name
		}
		if !page.ToolNamePattern.MatchString(name) {
			continue
		}
		want[name] = sc.Description + "\x00" + string(sc.Parameters) + "\x00" + doc
		tools = append(tools, server.ServerTool{Tool: pageTool(name, sc), Handler: s.pageToolHandler(name, sc, p.handle, doc)})
	}
	sess.mu.Lock()
	same := len(want) == len(sess.tools)
	for k, v := range want {
		same = same && sess.tools[k] == v
	}
	var removed []string
	for k := range sess.tools {
		if _, ok := want[k]; !ok {
			removed = append(removed, k)
		}
	}
	sess.tools = want
	sess.mu.Unlock()
	if same {
		return
	}
	sort.Strings(removed)
	if _, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if len(removed) > 0 {
			_ = s.mcp.DeleteSessionTools(sess.id, removed...)
		}
		if len(tools) > 0 {
			if err := s.mcp.AddSessionTools(sess.id, tools...); err != nil {
				s.log.Warn("publish page tools", "err", err)
			}
		}
		return
	}
	if len(removed) > 0 {
		s.mcp.DeleteTools(removed...)
	}
	if len(tools) > 0 {
		s.mcp.AddTools(tools...)
	}
}

func pageTool(name string, sc page.ToolSchema) mcp.Tool {
	t := mcp.NewToolWithRawSchema(name, sc.Description, sc.Parameters)
	read := sc.Effect == "read"
	t.Annotations = mcp.ToolAnnotation{
		Title:           "Page action: " + sc.Action,
		ReadOnlyHint:    mcp.ToBoolPtr(read),
		DestructiveHint: mcp.ToBoolPtr(!read),
		IdempotentHint:  mcp.ToBoolPtr(false),
		OpenWorldHint:   mcp.ToBoolPtr(false),
	}
	return t
}

// pageToolHandler calls the folded action a page tool stands for. The tool
// belongs to the document it was built from: after a navigation it refuses
// with ACTION_NOT_FOUND and acts on nothing.
func (s *Server) pageToolHandler(name string, sc page.ToolSchema, handle, doc string) server.ToolHandlerFunc {
	return s.wrap(name, sc.Parameters, func(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
		p, err := s.pageFor(ctx, c, handle)
		if err != nil {
			return nil, err
		}
		if last := p.rt.Last(); last != nil && last.Snapshot() != nil && last.Snapshot().DocumentID != doc {
			return nil, &page.Error{Code: page.CodeActionNotFound, Reason: fmt.Sprintf("%s belongs to a page that is no longer open; observe and use the current actions", name), Available: currentActions(last)}
		}
		if sc.Tool { // a WebMCP tool: every argument is the page tool's own
			return s.doAct(ctx, c, req, p, page.ActRequest{Action: sc.Action, Args: args}, false)
		}
		a := map[string]any{}
		for k, v := range args {
			if k != "record" {
				a[k] = v
			}
		}
		return s.doAct(ctx, c, req, p, page.ActRequest{Action: sc.Action, Record: str(args, "record"), Args: a}, false)
	})
}

func currentActions(o *page.Observation) []string {
	out := []string{}
	for _, a := range o.Actions {
		out = append(out, a.Name)
	}
	return out
}
