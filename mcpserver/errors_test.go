package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/errcode"
)

// toolError maps every error to its wire body with the one lookup of
// errcode: a coded error keeps code, reason, available and page data
// (whichever package made it); a bare cancellation or deadline is TIMEOUT;
// anything else is INTERNAL with a generic reason, its text never shown.
func TestToolErrorMapping(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want errorBody
	}{
		{"page refusal", fmt.Errorf("act: %w", &errcode.Error{Code: errcode.TargetCovered, Reason: "covered by a dialog", Available: []string{"close"}}),
			errorBody{Code: "TARGET_COVERED", Reason: "covered by a dialog", Available: []string{"close"}}},
		{"extraction refusal", &errcode.Error{Code: errcode.CaptureFailed, Reason: "read the page", Err: errors.New("Execution context was destroyed")},
			errorBody{Code: "CAPTURE_FAILED", Reason: "read the page", Available: []string{}}},
		{"extraction cancelled", &errcode.Error{Code: errcode.Timeout, Reason: "extraction cancelled", Err: context.Canceled},
			errorBody{Code: "TIMEOUT", Reason: "extraction cancelled", Available: []string{}}},
		{"bare cancel", fmt.Errorf("observe: %w", context.Canceled),
			errorBody{Code: "TIMEOUT", Reason: "the call was cancelled", Available: []string{}}},
		{"bare deadline", context.DeadlineExceeded,
			errorBody{Code: "TIMEOUT", Reason: "the call ran out of time", Available: []string{}}},
		{"foreign", errors.New("dial tcp https://secret.example/: refused"),
			errorBody{Code: "INTERNAL", Reason: "internal error", Available: []string{}}},
		{"page data", &errcode.Error{Code: errcode.WebMCPToolError, Reason: "the page's tool failed", PageData: "out of seats"},
			errorBody{Code: "WEBMCP_TOOL_ERROR", Reason: "the page's tool failed", Available: []string{}, PageData: "out of seats"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := toolError(tt.err)
			if !res.IsError {
				t.Error("IsError not set")
			}
			raw, _ := json.Marshal(res.StructuredContent)
			var got errorBody
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("body (-want +got):\n%s", diff)
			}
			if code := errorCode(tt.err); code != tt.want.Code {
				t.Errorf("errorCode = %s, want %s", code, tt.want.Code)
			}
			text := res.Content[0].(mcp.TextContent).Text
			if strings.Contains(text, "secret.example") || strings.Contains(text, "Execution context") {
				t.Errorf("the cause leaked into the text: %s", text)
			}
		})
	}
}
