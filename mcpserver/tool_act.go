package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// actSchema is the input schema of act (DESIGN.md, "Contract sketch").
var actSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `,
    "action": {"type": "string", "minLength": 1, "maxLength": 140, "description": "An action name from the observation's action list (e.g. toggle), or an action id such as toggle@t9."},
    "record": {"type": "string", "minLength": 1, "maxLength": 200, "description": "For row actions: a record id from the citation record ids (e.g. t9). Offscreen rows are scrolled into view automatically."},
    "args": {"type": "object", "description": "Action arguments: text (+ submit: true to press Enter) for type actions — it replaces the field's content, or with append: true goes at its end, or with replace: \"part\" types over that part (which must occur exactly once in the current value) — (for a click, the answer to a prompt() it raises, with confirm), value for selects, link (one of its link names) for a folded link list, day (YYYY-MM-DD, one of the days shown) for a calendar's choose_day; a tool the page declared (kind tool, source webmcp) takes the arguments of its own schema, as listed in the observation.",
      "properties": {
        "text": {"type": "string", "maxLength": 10000},
        "submit": {"type": "boolean"},
        "append": {"type": "boolean"},
        "replace": {"type": "string", "minLength": 1, "maxLength": 10000},
        "value": {"type": "string", "maxLength": 1000},
        "link": {"type": "string", "minLength": 1, "maxLength": 1000},
        "day": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
      }},
    "confirm": {"type": "boolean", "description": "The user explicitly confirmed this action (for actions that need confirmation, when the host cannot ask; and to accept a confirm() or prompt() dialog the action raises, a prompt getting args.text)."},
    "expected_revision": {"type": "string", "maxLength": 128, "description": "The revision of the observation the call is based on; a changed page refuses the call with STALE_REVISION."}
  },
  "required": ["action"],
  "additionalProperties": false
}`)

const actDescription = "Run one action listed in the observation's actions, by its exact name. Row actions, name(record), take record (a record id from the observation; offscreen rows are scrolled into view). A folded link list, name(link), takes args.link (one of its link names). Type actions take args.text (+ args.submit: true to press Enter); selects take args.value. A tool the page declared with WebMCP (kind tool) takes the arguments of its schema in args; its output follows the receipt as page data. The result is the receipt (what changed) followed by the fresh observation."

// actTool is act: one listed action by name, asking the user first when
// it needs confirmation and the client can ask.
func actTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("act", actDescription, actSchema,
		hints("Act on page", false, true, false, false))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleAct)
}

func (s *Server) handleAct(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	p, err := s.pageFor(ctx, c, str(args, "page"))
	if err != nil {
		return nil, err
	}
	a, _ := args["args"].(map[string]any)
	confirm, _ := args["confirm"].(bool)
	if s.opts.RefuseConfirmFlag {
		confirm = false
	}
	return s.doAct(ctx, c, req, p, page.ActRequest{
		Action: str(args, "action"), Record: str(args, "record"), Args: a,
		Confirmed: confirm, ExpectedRevision: str(args, "expected_revision"),
	}, confirm)
}

// doAct runs an action, asking the user first (elicitation) when the
// action needs confirmation and the client can ask.
func (s *Server) doAct(ctx context.Context, c caller, req mcp.CallToolRequest, p *pageEntry, ar page.ActRequest, callerConfirmed bool) (*mcp.CallToolResult, error) {
	if !ar.Confirmed {
		if resp := server.ElicitationResponse(req.Params.InputResponses, "confirm"); resp != nil {
			if resp.Action != mcp.ElicitationResponseActionAccept || !acceptedContent(resp.Content) {
				return nil, &page.Error{Code: page.CodeConfirmationDeclined, Reason: "the user declined " + ar.Action + "; it did not run"}
			}
			ar.Confirmed = true
		}
		if resp := server.ElicitationResponse(req.Params.InputResponses, "dialog"); resp != nil {
			if resp.Action != mcp.ElicitationResponseActionAccept || !acceptedContent(resp.Content) {
				return nil, &page.Error{Code: page.CodeConfirmationDeclined, Reason: "the user declined the page's dialog after " + ar.Action + "; it stayed dismissed (the action ran once, with the dialog dismissed) and did not run again"}
			}
			ar.Confirmed = true
		}
	}
	res, err := p.rt.Act(ctx, ar)
	if page.ErrorCode(err) == page.CodeConfirmationRequired && clientSupportsElicitation(ctx) {
		target := ar.Action
		if ar.Record != "" {
			target += " on " + ar.Record
		}
		return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{
			Message: "The agent wants to run " + target + " on the page. Allow it?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "title": "Run " + target}},
				"required":   []string{"confirm"},
			},
		}).ToolResult(), nil
	}
	if err != nil {
		return nil, err
	}
	if d, ok := dismissedDialog(res.Receipt); ok && !ar.Confirmed && clientSupportsElicitation(ctx) {
		// The page asked a question (confirm, prompt) the action did not
		// have the user's confirmation for: ask the user; accepted, the
		// call runs again with the dialog accepted.
		target := ar.Action
		if ar.Record != "" {
			target += " on " + ar.Record
		}
		return server.NewInputRequestBuilder("").Elicit("dialog", mcp.ElicitationParams{
			Message: fmt.Sprintf("After %s the page asks (its own words, in a %s dialog): %q. It was dismissed. Accept it? The action then runs again with the dialog accepted.", target, d.Type, clipRunes(d.Message, 300)),
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "title": "Accept the page's " + d.Type}},
				"required":   []string{"confirm"},
			},
		}).ToolResult(), nil
	}
	if callerConfirmed && res.Receipt.Warning == "" {
		res.Receipt.Warning = "ran on confirm: true from the caller; Pling did not ask the user itself"
	}
	return s.pageResult(ctx, c, p, &res.Receipt, res.Observation, nil), nil
}

// dismissedDialog is the first confirm or prompt dialog an action raised
// that was dismissed.
func dismissedDialog(rec page.Receipt) (page.DialogRecord, bool) {
	for _, d := range rec.Dialogs {
		if !d.Accepted && (d.Type == "confirm" || d.Type == "prompt") {
			return d, true
		}
	}
	return page.DialogRecord{}, false
}

func acceptedContent(content any) bool {
	m, ok := content.(map[string]any)
	if !ok {
		return true // accept without a form: the user pressed accept
	}
	v, ok := m["confirm"].(bool)
	return !ok || v
}

// clientSupportsElicitation reports whether the client declared the
// elicitation capability (per request on 2026-07-28, at initialize before).
func clientSupportsElicitation(ctx context.Context) bool {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	if cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		return cs.GetClientCapabilities().Elicitation != nil
	}
	return false
}

// clipRunes cuts s to at most n characters, marking the cut.
func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
