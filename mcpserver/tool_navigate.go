package mcpserver

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// navigateSchema is the input schema of navigate.
var navigateSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `,
    "url": {"type": "string", "minLength": 1, "maxLength": 4096, "description": "Absolute http(s) URL to open; checked against the navigation policy."},
    "new_page": {"type": "boolean", "description": "Open the URL in a new page handle instead of the current one."}
  },
  "required": ["url"],
  "additionalProperties": false
}`)

const navigateDescription = "Open a URL (allowed by the navigation policy) in the current page, or in a new page handle; returns the page handle, a receipt and the new page's observation."

// navigateTool is navigate: open a URL in the current page or a new page
// handle.
func navigateTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("navigate", navigateDescription, navigateSchema,
		hints("Navigate", false, false, false, true))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleNavigate)
}

func (s *Server) handleNavigate(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	raw := strings.TrimSpace(str(args, "url"))
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() {
		return nil, invalid("navigate: url must be an absolute URL such as https://example.com/")
	}
	var p *pageEntry
	newPage, _ := args["new_page"].(bool)
	switch {
	case str(args, "page") != "":
		p, err = s.pageFor(ctx, c, str(args, "page"))
	case newPage || c.sess == nil || c.hasNoPage():
		p, err = s.openPage(ctx, c.owner)
		if err == nil {
			s.setCurrent(c, p.handle)
		}
	default:
		p, err = s.pageFor(ctx, c, "")
	}
	if err != nil {
		return nil, err
	}
	res, err := p.rt.Navigate(ctx, raw)
	if err != nil {
		return nil, err
	}
	return s.pageResult(ctx, c, p, &res.Receipt, res.Observation, nil), nil
}
