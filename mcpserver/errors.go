package mcpserver

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/extract"
	"github.com/pling-dev/pling/page"
)

// errorBody is the result of a failed call: a stable code, the reason and
// the actions available now (DESIGN.md, "An error").
type errorBody struct {
	OK        bool     `json:"ok"`
	Code      string   `json:"code"`
	Reason    string   `json:"reason"`
	Available []string `json:"available"`
}

// toolError turns any error into a tool result with IsError set: agents can
// act on it. Errors without a code become INTERNAL with a generic reason
// (the cause is logged, never shown).
func toolError(err error) *mcp.CallToolResult {
	body := errorBody{Code: string(page.CodeInternal), Reason: "internal error", Available: []string{}}
	var pe *page.Error
	var xe *extract.Error
	switch {
	case errors.As(err, &xe):
		body.Code, body.Reason = string(xe.Code), xe.Message
	case errors.As(err, &pe):
		body.Code, body.Reason = string(pe.Code), pe.Reason
		if pe.Available != nil {
			body.Available = pe.Available
		}
	case errors.Is(err, context.Canceled):
		body.Code, body.Reason = string(page.CodeTimeout), "the call was cancelled"
	case errors.Is(err, context.DeadlineExceeded):
		body.Code, body.Reason = string(page.CodeTimeout), "the call ran out of time"
	}
	raw, _ := json.Marshal(body)
	res := mcp.NewToolResultStructured(body, string(raw))
	res.IsError = true
	return res
}

func invalid(reason string) error {
	return &page.Error{Code: page.CodeInvalidArgument, Reason: reason}
}
