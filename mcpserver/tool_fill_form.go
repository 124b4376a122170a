package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// fillFormSchema is the input schema of fill_form.
var fillFormSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `,
    "fields": {"type": "array", "maxItems": 50, "description": "Fields to fill, in order. Each names a type, select or check action of the current observation.",
      "items": {"type": "object",
        "properties": {
          "action": {"type": "string", "minLength": 1, "maxLength": 140, "description": "An action name from the observation's action list (or an action id such as title@t3)."},
          "record": {"type": "string", "minLength": 1, "maxLength": 200, "description": "For a field inside a row: the record id."},
          "text": {"type": "string", "maxLength": 10000, "description": "For type actions: the text (replaces the current content)."},
          "value": {"type": "string", "maxLength": 1000, "description": "For select actions: the option to choose."},
          "checked": {"type": "boolean", "description": "For checkboxes, radios and switches: the wanted state (default true); a control already in that state is not clicked."}
        },
        "required": ["action"],
        "additionalProperties": false}},
    "submit": {"type": "string", "minLength": 1, "maxLength": 140, "description": "An action to run after every field took its value (the form's submit button)."},
    "confirm": {"type": "boolean", "description": "The user explicitly confirmed (only for actions that need confirmation, when the host cannot ask)."},
    "expected_revision": {"type": "string", "maxLength": 128, "description": "The revision of the observation the call is based on; a changed page refuses the call with STALE_REVISION before any field is touched."}
  },
  "additionalProperties": false
}`)

const fillFormDescription = "Fill several fields of the current observation in one call, in order, with real input (type actions take text, selects value, checkboxes/radios/switches checked), then optionally run the submit action. " +
	"Same guards as act (covered, disabled, confirm, handoff, stale revision); what can be refused before any input is refused first. " +
	"It stops at the first refusal (missing or unavailable field, or a value the page or browser reports invalid). " +
	"One receipt for the call: per field filled/unchanged/refused/not_run with code, reason, took (the field holds exactly what was given, compared in the page) and feedback; then the fresh observation."

// fillFormTool is fill_form: several fields in one call, then submit.
func fillFormTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	t := coreTool("fill_form", fillFormDescription, fillFormSchema,
		hints("Fill form", false, true, false, false))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleFillForm)
}

func (s *Server) handleFillForm(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	p, err := s.pageFor(ctx, c, str(args, "page"))
	if err != nil {
		return nil, err
	}
	fr := page.FillFormRequest{Submit: str(args, "submit"), ExpectedRevision: str(args, "expected_revision")}
	raw, _ := args["fields"].([]any)
	for _, x := range raw {
		m, _ := x.(map[string]any)
		f := page.FormField{Action: str(m, "action"), Record: str(m, "record")}
		if v, ok := m["text"].(string); ok {
			f.Text = &v
		}
		if v, ok := m["value"].(string); ok {
			f.Value = &v
		}
		if v, ok := m["checked"].(bool); ok {
			f.Checked = &v
		}
		fr.Fields = append(fr.Fields, f)
	}
	confirm, _ := args["confirm"].(bool)
	fr.Confirmed = confirm && !s.opts.RefuseConfirmFlag
	// The user answered an earlier confirmation request: the call runs
	// again from the start (fields state values, so repeating is harmless).
	if !fr.Confirmed {
		if resp := server.ElicitationResponse(req.Params.InputResponses, "confirm"); resp != nil {
			if resp.Action != mcp.ElicitationResponseActionAccept || !acceptedContent(resp.Content) {
				return nil, &page.Error{Code: page.CodeConfirmationDeclined, Reason: "the user declined; no field ran"}
			}
			fr.Confirmed = true
		}
	}
	res, err := p.rt.FillForm(ctx, fr)
	if page.ErrorCode(err) == page.CodeConfirmationRequired && clientSupportsElicitation(ctx) {
		return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{
			Message: "The agent wants to fill a form on the page with an action that needs your confirmation. Allow it?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "title": "Fill and submit"}},
				"required":   []string{"confirm"},
			},
		}).ToolResult(), nil
	}
	if err != nil {
		return nil, err
	}
	if confirm && fr.Confirmed && res.Receipt.Warning == "" {
		res.Receipt.Warning = "ran on confirm: true from the caller; Pling did not ask the user itself"
	}
	out := s.pageResult(ctx, c, p, &res.Receipt, res.Observation, nil)
	out.IsError = !res.Receipt.OK
	return out, nil
}
