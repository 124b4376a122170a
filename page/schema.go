package page

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
)

// ToolNamePattern is the legal tool name of every host.
var ToolNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// ToolSchema is one folded action as a callable tool: the same entry the
// observation lists, derived from the same snapshot.
type ToolSchema struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
	// Action is the observation entry this schema calls.
	Action string `json:"-"`
	// Effect is read or write, for tool annotations.
	Effect string `json:"-"`
	// Confirm and Handoff are carried for annotations and execution.
	Confirm bool `json:"-"`
	Handoff bool `json:"-"`
	// Tool is true for a WebMCP tool: every argument is its own (none is
	// the record of a row action).
	Tool bool `json:"-"`
}

// Schemas returns one JSON Schema per folded action of o, in the order of
// the action list. Names are legal (ToolNamePattern) and map back to the
// action through ToolSchema.Action.
func Schemas(o *Observation) []ToolSchema {
	out := make([]ToolSchema, 0, len(o.Actions))
	for _, a := range o.Actions {
		if a.Kind == "upload" {
			continue // files only through the upload tool, inside its roots
		}
		out = append(out, ToolSchema{
			Name:        a.Name,
			Description: SchemaDescription(a),
			Parameters:  ParamsSchema(a),
			Action:      a.Name,
			Effect:      a.Effect,
			Confirm:     a.Confirm,
			Handoff:     a.Handoff,
			Tool:        a.tool != nil,
		})
	}
	return out
}

// SchemaDescription is the tool description of a folded action: its
// description, the tags, and for row actions the fold counts (the spec's
// toggle example).
func SchemaDescription(a Action) string {
	d := fmt.Sprintf("%s (%s / %s / region:%s)", a.Description, a.Kind, a.Effect, a.regionLabel)
	if a.RecordParam {
		d += fmt.Sprintf(" | Row actions of the same type are folded into one: pass record to choose a row (%d rows", a.Folded)
		if a.Offscreen > 0 {
			d += fmt.Sprintf("; %d rows outside the viewport (auto-scroll before execution)", a.Offscreen)
		}
		d += ")."
	}
	if a.Confirm {
		d += " Needs the user's confirmation."
	}
	if a.Handoff {
		d += " Must be handed to a human: never runs."
	}
	return d
}

// ParamsSchema is the JSON Schema of an action's arguments.
func ParamsSchema(a Action) json.RawMessage {
	if a.tool != nil {
		return toolSchema(a)
	}
	type prop struct {
		Type        string   `json:"type"`
		Description string   `json:"description,omitempty"`
		Enum        []string `json:"enum,omitempty"`
	}
	props := map[string]prop{}
	var required []string
	names := make([]string, 0, len(a.Params))
	for k := range a.Params {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		p := a.Params[k]
		pr := prop{Type: p.Type, Description: p.Description, Enum: p.Enum}
		if p.More > 0 { // a sample of a longer list bounds nothing
			pr.Enum = nil
		}
		props[k] = pr
		if k == "record" || k == "text" || k == "value" || k == "link" || k == "day" {
			required = append(required, k)
		}
	}
	schema := struct {
		Type                 string          `json:"type"`
		Properties           map[string]prop `json:"properties"`
		Required             []string        `json:"required,omitempty"`
		AdditionalProperties bool            `json:"additionalProperties"`
	}{"object", props, required, false}
	raw, _ := json.Marshal(schema)
	return raw
}
