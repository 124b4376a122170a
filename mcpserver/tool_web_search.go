package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// webSearchSchema is the input schema of web_search (spec/web-search.txt).
var webSearchSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "query": {"type": "string", "minLength": 1, "maxLength": 2000, "description": "What to search for: 1 to 192 characters after trimming. It is sent to a separate OpenAI search model."}
  },
  "required": ["query"],
  "additionalProperties": false
}`)

// webSearchTool is web_search, offered only when Options.Search is set:
// its description is the factory's (with the disclosure).
func webSearchTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("web_search", s.opts.Search.Description(), webSearchSchema,
		hints("Web search (OpenAI hosted search)", true, false, false, true))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleWebSearch)
}

func (s *Server) handleWebSearch(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	sess := c.sess
	if sess == nil {
		// Stateless callers get a budget per request (spec §10.3: a new
		// HTTP request receives a new budget).
		sess = &session{search: s.opts.Search.NewSession()}
	}
	var progress func(string)
	if req.Params.Meta != nil && req.Params.Meta.ProgressToken != nil {
		token := req.Params.Meta.ProgressToken
		n := 0
		progress = func(text string) {
			n++
			_ = s.mcp.SendNotificationToClient(ctx, "notifications/progress", map[string]any{
				"progressToken": token, "progress": n, "message": text,
			})
		}
	}
	out, err := sess.search.Search(ctx, str(args, "query"), progress)
	if err != nil {
		return nil, err
	}
	raw, _ := json.Marshal(out)
	return mcp.NewToolResultStructured(out, string(raw)), nil
}
