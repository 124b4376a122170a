package page

import (
	"fmt"
	"strings"
)

// Step is one input step: click, type (insertText), select, scroll, or
// upload (files set on a file input).
type Step struct {
	Op string `json:"op"` // click | type | select | scroll | upload
	// Key is the element key from the snapshot ("" for page scroll).
	Key string `json:"key,omitempty"`
	// HoverRow asks to hover the element's row first (controls shown only
	// on hover or focus).
	HoverRow bool `json:"hover_row,omitempty"`
	// Double makes a click step a double click (a control that answers
	// one: phpMyAdmin's data cells).
	Double bool   `json:"double,omitempty"`
	Text   string `json:"text,omitempty"`
	// Append (a type step) types Text at the end of the field's content;
	// Replace, when set, types it over the one occurrence of Replace in
	// the content (issue 18 pt 3). Neither: Text replaces the content.
	Append  bool   `json:"append,omitempty"`
	Replace string `json:"replace,omitempty"`
	Submit  bool   `json:"submit,omitempty"`
	Value   string `json:"value,omitempty"`
	// Dy is the scroll distance in viewport heights (negative: up).
	Dy float64 `json:"dy,omitempty"`
	// Files are the checked paths an upload step sets on a file input.
	Files []string `json:"files,omitempty"`
	// Since and Doc, when Since is set, name the observation (its
	// Snapshot.Mark and DocumentID) the step was resolved against: the
	// driver runs js/unchanged.js first (browser bundles it into its step
	// preparation), in the step's own evaluation, and
	// answers ErrPageChanged without acting when the page changed since.
	Since float64 `json:"since,omitempty"`
	Doc   string  `json:"doc,omitempty"`
	// Confirm: the caller confirmed the action (confirm: true, an
	// accepted elicitation), so a confirm() or prompt() the step raises is
	// accepted, a prompt with Answer; otherwise it is dismissed (unless
	// the policy accepts every dialog).
	Confirm bool   `json:"confirm,omitempty"`
	Answer  string `json:"answer,omitempty"`
}

// buildStep validates args against the action's parameters and builds the
// input step; files (from the upload tool only) set a file input. Code:
// INVALID_ARGUMENT.
func buildStep(a Action, key string, args map[string]any, files []string) (Step, error) {
	bad := func(format string, v ...any) (Step, error) {
		return Step{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": " + fmt.Sprintf(format, v...)}
	}
	if step, ok, err := uploadStep(a, key, files); ok {
		return step, err
	}
	answer, answered := "", false
	for k := range args {
		if k == "text" && a.Kind != "type" && a.Kind != "select" {
			// The answer to a prompt() the action raises.
			if answer, answered = args[k].(string); !answered {
				return bad("text (the answer to the page's prompt) must be a string")
			}
			continue
		}
		if _, ok := a.Params[k]; !ok || k == "record" {
			return bad("unknown argument %q (takes: %s)", k, paramList(a))
		}
	}
	switch a.Kind {
	case "type":
		return typeStep(a, key, args)
	case "select":
		return selectStep(a, key, args)
	}
	return Step{Op: "click", Key: key, Answer: answer}, nil
}

// typeStep is the step of a type action: text, and the optional submit,
// append and replace. Code: INVALID_ARGUMENT.
func typeStep(a Action, key string, args map[string]any) (Step, error) {
	bad := func(format string, v ...any) (Step, error) {
		return Step{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": " + fmt.Sprintf(format, v...)}
	}
	text, ok := args["text"].(string)
	if !ok {
		return bad("text (a string) is required")
	}
	submit := false
	if v, present := args["submit"]; present {
		b, ok := v.(bool)
		if !ok {
			return bad("submit must be a boolean")
		}
		submit = b
	}
	st := Step{Op: "type", Key: key, Text: text, Submit: submit}
	if v, present := args["append"]; present {
		b, ok := v.(bool)
		if !ok {
			return bad("append must be a boolean")
		}
		st.Append = b
	}
	if v, present := args["replace"]; present {
		s, ok := v.(string)
		if !ok || s == "" {
			return bad("replace must be a non-empty string: the part of the current content that text replaces")
		}
		st.Replace = s
	}
	if st.Append && st.Replace != "" {
		return bad("append and replace exclude each other: append adds text at the end, replace types it over one part")
	}
	if st.Append && text == "" {
		return bad("append needs a non-empty text")
	}
	return st, nil
}

// selectStep is the step of a select action: value, an option's text
// (the same but for case is that option when the action lists it). Any
// other value is matched in the page, by text or value, once the select
// has the focus: a long select's unlisted options, and options the page
// adds when the focus leaves the field before (WordPress's "Display name
// publicly as" offers the names typed above it on their blur). Code:
// INVALID_ARGUMENT.
func selectStep(a Action, key string, args map[string]any) (Step, error) {
	bad := func(format string, v ...any) (Step, error) {
		return Step{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + ": " + fmt.Sprintf(format, v...)}
	}
	v, ok := args["value"].(string)
	if !ok {
		return bad("value (a string) is required")
	}
	if v == "" {
		return bad("value must name an option")
	}
	for _, e := range a.Params["value"].Enum {
		if e == v {
			break
		}
		if strings.EqualFold(e, v) {
			v = e
		}
	}
	return Step{Op: "select", Key: key, Value: v}, nil
}

func paramList(a Action) string {
	var names []string
	for k := range a.Params {
		names = append(names, k)
	}
	if len(names) == 0 {
		return "no arguments"
	}
	return strings.Join(names, ", ")
}
