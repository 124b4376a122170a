package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// scrollSchema is the input schema of scroll.
var scrollSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `,
    "region": {"type": "string", "maxLength": 200, "description": "A region id from the observation's regions to scroll inside; omitted scrolls the page."},
    "direction": {"type": "string", "enum": ["down", "up"]},
    "pages": {"type": "number", "exclusiveMinimum": 0, "maximum": 20, "description": "How many viewport heights (default 1)."}
  },
  "required": ["direction"],
  "additionalProperties": false
}`)

const scrollDescription = "Discovery: scroll the page or a region (by its id) up or down by viewport heights, then observe what came into view."

// scrollTool is scroll: discovery by viewport heights, then an observation.
func scrollTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("scroll", scrollDescription, scrollSchema,
		hints("Scroll", true, false, false, false))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleScroll)
}

func (s *Server) handleScroll(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	p, err := s.pageFor(ctx, c, str(args, "page"))
	if err != nil {
		return nil, err
	}
	pages, _ := args["pages"].(float64)
	res, err := p.rt.Scroll(ctx, str(args, "region"), str(args, "direction"), pages)
	if err != nil {
		return nil, err
	}
	return s.pageResult(ctx, c, p, &res.Receipt, res.Observation, nil), nil
}
