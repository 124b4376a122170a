package mcpserver

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// closePageSchema is the input schema of close_page.
var closePageSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `
  },
  "additionalProperties": false
}`)

// closeResult is the structured content of close_page.
type closeResult struct {
	// Closed is the handle that was closed; it is unknown from now on.
	Closed string `json:"closed"`
	// Page is the session's page from now on ("" when none is open).
	Page string `json:"page"`
	// OpenPages are the caller's handles still open.
	OpenPages []string `json:"open_pages"`
	// Next says what to do next, for the model.
	Next string `json:"next"`
}

// closePageTool is close_page: end a page handle and its tab at once.
func closePageTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("close_page",
		"Close a page handle (the session's current page when page is omitted): its tab is closed at once and the handle becomes unknown. The result lists the pages still open; with none left, call navigate with a url to open one.",
		closePageSchema, hints("Close page", false, true, false, false))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleClosePage)
}

func (s *Server) handleClosePage(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	closed, remaining, current, wasCurrent, err := s.closePage(c, str(args, "page"))
	if err != nil {
		return nil, err
	}
	if remaining == nil {
		remaining = []string{}
	}
	res := closeResult{Closed: closed, Page: current, OpenPages: remaining}
	switch {
	case len(remaining) == 0:
		res.Next = "no page is open: call navigate with a url to open one"
	case c.sess != nil && current != "":
		res.Next = "this session's page is now " + current + "; other open pages: pass page: <handle>"
	default:
		res.Next = "pass page: <handle> of an open page, or call navigate to open one"
	}
	var text strings.Builder
	text.WriteString("Closed page " + closed + ".\n")
	if len(remaining) > 0 {
		text.WriteString("Open pages: " + strings.Join(remaining, ", ") + ".\n")
	}
	text.WriteString(strings.ToUpper(res.Next[:1]) + res.Next[1:] + ".")
	if c.sess != nil {
		if wasCurrent {
			s.clearPageTools(ctx, c.sess)
		}
		s.notifyUpdated(c.sess.id)
	}
	return mcp.NewToolResultStructured(res, text.String()), nil
}

// clearPageTools withdraws the session's published page tools (they
// belonged to a page that is gone); the next observation publishes the
// current page's.
func (s *Server) clearPageTools(ctx context.Context, sess *session) {
	sess.mu.Lock()
	var names []string
	for k := range sess.tools {
		names = append(names, k)
	}
	sess.tools = map[string]string{}
	sess.mu.Unlock()
	if len(names) == 0 {
		return
	}
	if _, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		_ = s.mcp.DeleteSessionTools(sess.id, names...)
		return
	}
	s.mcp.DeleteTools(names...)
}
