package page

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
)

//go:embed fillform.gen.js
var fillFormScript string

// FillFormScript is the in-page script fill_form reads fields back with
// (fillform.js). With {digest_of: key, salt} it returns {digest}: the
// salted digest of that field's value, computed in the page (the value
// never leaves it), which a DigestPerformer takes before a type step.
func FillFormScript() string { return fillFormScript }

// MaxFormFields bounds the fields of one fill_form call.
const MaxFormFields = 50

// FormField is one field of a fill_form call: a type action takes Text, a
// select Value, a check control (checkbox, radio, switch) Checked (default
// true: a field states the wanted state, so filling twice is harmless).
type FormField struct {
	Action  string
	Record  string
	Text    *string
	Value   *string
	Checked *bool
}

// FillFormRequest fills fields in order, then optionally runs Submit.
type FillFormRequest struct {
	Fields []FormField
	// Submit names the action to run once every field took its value.
	Submit string
	// Confirmed is true when the user confirmed (confirm actions).
	Confirmed        bool
	ExpectedRevision string
}

// Field outcome statuses.
const (
	FieldFilled    = "filled"
	FieldUnchanged = "unchanged" // a check control already in the wanted state
	FieldRefused   = "refused"
	FieldNotRun    = "not_run"
)

// FieldOutcome is what happened to one field (or the submit action).
type FieldOutcome struct {
	// Action is the action as called (name, or name@record once resolved).
	Action string `json:"action"`
	Status string `json:"status"`
	Code   string `json:"code,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Took says whether the field now holds exactly what was given,
	// compared inside the page (the value never leaves it); false when the
	// page changed it (an input mask, maxlength), absent when it cannot be
	// told.
	Took *bool `json:"took,omitempty"`
	// Feedback is the feedback that appeared after this step (page data).
	Feedback []string `json:"feedback,omitempty"`
}

// FormReceipt is the one receipt of a fill_form call.
type FormReceipt struct {
	OK bool `json:"ok"`
	// Code and Reason are the first refusal's; fill_form stops there.
	Code   string `json:"code,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Ran counts the fields whose step ran: filled, already as wanted, or
	// refused as invalid after the input.
	Ran    int            `json:"ran"`
	Fields []FieldOutcome `json:"fields"`
	Submit *FieldOutcome  `json:"submit,omitempty"`
	// Changed compares the page before the first field and after the last
	// step.
	Changed Changes `json:"changed"`
	Warning string  `json:"warning"`
}

// FillFormResult is the receipt and the fresh observation.
type FillFormResult struct {
	Receipt     FormReceipt
	Observation *Observation
}

type fieldCheck struct {
	Took    *bool  `json:"took"`
	Invalid bool   `json:"invalid"`
	Message string `json:"message"`
}

// FillForm fills several type/select/check actions of the current
// observation in order, each through the act pipeline (the same guards:
// covered, disabled, confirm, handoff; real input events; settle), then
// runs Submit when every field took its value. It stops at the first
// refusal: a field that is missing or unavailable, or that the page or the
// browser reports invalid after filling (aria-invalid, constraint
// validation). What can be checked before any input is checked first
// (stale revision, handoff, confirm, arguments of the actions listed now),
// so such a call changes nothing and returns the same *Error as act. A
// refusal after some fields ran is a receipt with OK false and the fresh
// observation.
func (r *Runtime) FillForm(ctx context.Context, req FillFormRequest) (*FillFormResult, error) {
	if len(req.Fields) == 0 && req.Submit == "" {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "fill_form needs fields (or a submit action)"}
	}
	if len(req.Fields) > MaxFormFields {
		return nil, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("fill_form takes at most %d fields", MaxFormFields)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.revs.Check(req.ExpectedRevision); err != nil {
		return nil, r.withAvailable(err)
	}
	first, err := r.observe(ctx, observeHow{})
	if err != nil {
		return nil, err
	}
	if req.ExpectedRevision != "" && first.Revision != req.ExpectedRevision {
		return nil, &Error{Code: CodeStaleRevision, Reason: "the page changed since " + req.ExpectedRevision + " (now " + first.Revision + "); read the current observation first", Available: available(first)}
	}
	if err := r.preflight(first, req); err != nil {
		return nil, err
	}
	rec := FormReceipt{OK: true, Fields: make([]FieldOutcome, len(req.Fields))}
	for i, f := range req.Fields {
		rec.Fields[i] = FieldOutcome{Action: f.Action, Status: FieldNotRun}
	}
	cur := first
	var filled []map[string]any // fields to read back, with their outcome index
	var idx []int
	var typed []string // type actions whose field value changed
	stop := func(out *FieldOutcome, err error) {
		pe := asError(err)
		out.Status = FieldRefused
		out.Code, out.Reason = string(pe.Code), pe.Reason
		rec.OK, rec.Code = false, out.Code
		rec.Reason = out.Action + ": " + out.Reason
	}
	for i, f := range req.Fields {
		out := &rec.Fields[i]
		res, err := r.Resolve(cur, f.Action, f.Record)
		if err != nil {
			stop(out, err)
			break
		}
		out.Action = res.ID
		kind, args, err := fieldArgs(cur, res, f)
		if err != nil {
			stop(out, err)
			break
		}
		if kind == "check" {
			var st struct {
				Checked *bool `json:"checked"`
				Radio   bool  `json:"radio"`
			}
			if err := r.d.CallScript(ctx, fillFormScript, map[string]any{"state_of": res.key}, &st); err != nil {
				return nil, wrapDriver("fill_form", err)
			}
			want := f.Checked == nil || *f.Checked
			if st.Checked != nil && *st.Checked == want {
				out.Status = FieldUnchanged
				rec.Ran++
				continue
			}
			if st.Radio && !want {
				stop(out, &Error{Code: CodeInvalidArgument, Reason: "a radio button cannot be unchecked: choose another option of its group"})
				break
			}
		}
		ar, err := r.act(ctx, ActRequest{Action: f.Action, Record: f.Record, Args: args, Confirmed: req.Confirmed}, actHow{before: cur})
		if err != nil {
			stop(out, err)
			break
		}
		cur = ar.Observation
		typed = append(typed, ar.Receipt.Changed.Fields...)
		out.Status = FieldFilled
		out.Feedback = ar.Receipt.Changed.Feedback
		rec.Ran++
		check := map[string]any{"key": ar.resolved.key, "kind": kind}
		switch kind {
		case "type":
			check["text"] = *f.Text
		case "select":
			check["value"] = *f.Value
		case "check":
			check["checked"] = f.Checked == nil || *f.Checked
		}
		filled = append(filled, check)
		idx = append(idx, i)
		// Read back every field filled so far: a page validates a field
		// when focus leaves it, i.e. while the next one is filled.
		var checks []fieldCheck
		if err := r.d.CallScript(ctx, fillFormScript, map[string]any{"fields": filled}, &checks); err != nil {
			return nil, wrapDriver("fill_form", err)
		}
		bad := -1
		for j, c := range checks {
			if j < len(idx) && rec.Fields[idx[j]].Status == FieldFilled {
				rec.Fields[idx[j]].Took = c.Took
				if c.Invalid && bad < 0 {
					bad = j
				}
			}
		}
		if bad >= 0 {
			o := &rec.Fields[idx[bad]]
			msg := clean(checks[bad].Message, r.opts.Budgets.MaxStringChars)
			if msg == "" {
				msg = "the page reports the value invalid"
			}
			stop(o, &Error{Code: CodeExpectationFailed, Reason: "the field did not accept the value: " + msg})
			break
		}
	}
	if rec.OK && req.Submit != "" {
		out := &FieldOutcome{Action: req.Submit, Status: FieldNotRun}
		rec.Submit = out
		ar, err := r.act(ctx, ActRequest{Action: req.Submit, Confirmed: req.Confirmed}, actHow{before: cur})
		if err != nil {
			stop(out, err)
		} else {
			cur = ar.Observation
			out.Action, out.Status, out.Feedback = ar.resolved.ID, FieldFilled, ar.Receipt.Changed.Feedback
			if ar.Receipt.Warning != "" {
				rec.Warning = ar.Receipt.Warning
			}
		}
	} else if req.Submit != "" {
		rec.Submit = &FieldOutcome{Action: req.Submit, Status: FieldNotRun}
	}
	ranAny := rec.Ran > 0 || (rec.Submit != nil && rec.Submit.Status == FieldFilled)
	if !rec.OK && !ranAny {
		// Nothing ran: the same error act would give.
		return nil, &Error{Code: Code(rec.Code), Reason: rec.Reason + "; no field ran", Available: available(cur)}
	}
	rec.Changed = Diff(first, cur)
	if len(typed) > 0 {
		rec.Changed.Fields, rec.Changed.Observed = typed, true
	}
	if rec.OK && !rec.Changed.Observed && rec.Warning == "" && rec.Ran > 0 {
		rec.Warning = "no visible change in the observation (secret values are never shown); took says which fields hold what was given"
	}
	return &FillFormResult{Receipt: rec, Observation: cur}, nil
}

// preflight refuses, before any input, what can be known from the page as
// it is now: handoff and unconfirmed confirm actions, fields that are not
// type/select/check controls, wrong arguments. Fields not listed yet are
// left for their turn (an earlier field may reveal them).
func (r *Runtime) preflight(o *Observation, req FillFormRequest) error {
	for i, f := range req.Fields {
		res, err := r.Resolve(o, f.Action, f.Record)
		if err != nil {
			continue
		}
		if err := checkConsent(o, res, req.Confirmed); err != nil {
			return at(fmt.Sprintf("fields[%d] (%s)", i, f.Action), err)
		}
		if _, _, err := fieldArgs(o, res, f); err != nil {
			return at(fmt.Sprintf("fields[%d] (%s)", i, f.Action), err)
		}
	}
	if req.Submit != "" {
		if res, err := r.Resolve(o, req.Submit, ""); err == nil {
			if err := checkConsent(o, res, req.Confirmed); err != nil {
				return at("submit ("+req.Submit+")", err)
			}
			if res.Action.Kind == "type" || res.Action.Kind == "select" || res.Action.Kind == "upload" {
				return at("submit ("+req.Submit+")", &Error{Code: CodeInvalidArgument, Reason: "the submit action must be a button or link, not a " + res.Action.Kind + " field"})
			}
		}
	}
	return nil
}

// checkConsent is the handoff and confirm check of act (and of fill_form's
// preflight).
func checkConsent(o *Observation, res Resolved, confirmed bool) error {
	if res.Action.Handoff {
		return &Error{Code: CodeHandoffRequired, Reason: res.ID + " must be done by a human in the browser; Pling never runs it", Available: available(o)}
	}
	if res.Action.Confirm && !confirmed {
		return &Error{Code: CodeConfirmationRequired, Reason: res.ID + " needs the user's confirmation: ask the user, then call again with confirm: true", Available: available(o)}
	}
	return nil
}

// at prefixes an *Error's reason with where it happened.
func at(where string, err error) error {
	c := *asError(err)
	c.Reason = where + ": " + c.Reason + "; no field ran"
	return &c
}

// asError is err as an *Error (driver failures get their stable code).
func asError(err error) *Error {
	var pe *Error
	if errors.As(wrapDriver("fill_form", err), &pe) {
		return pe
	}
	return &Error{Code: CodeTimeout, Reason: "the call was cancelled"}
}

// fieldArgs checks a field against its action's kind and returns the kind
// (type, select or check) and the act arguments. Code: INVALID_ARGUMENT.
func fieldArgs(o *Observation, res Resolved, f FormField) (string, map[string]any, error) {
	bad := func(format string, v ...any) (string, map[string]any, error) {
		return "", nil, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf(format, v...)}
	}
	a := res.Action
	switch {
	case a.Kind == "type":
		if f.Text == nil || f.Value != nil || f.Checked != nil {
			return bad("%s is a text field: pass text", a.Name)
		}
		return "type", map[string]any{"text": *f.Text}, nil
	case a.Kind == "select":
		if f.Value == nil || f.Text != nil || f.Checked != nil {
			return bad("%s is a select: pass value (one of its options)", a.Name)
		}
		return "select", map[string]any{"value": *f.Value}, nil
	case a.Kind == "upload":
		return bad("%s is a file input: use the upload tool", a.Name)
	case isCheck(o, res):
		if f.Text != nil || f.Value != nil {
			return bad("%s is a checkbox, radio or switch: pass checked (true or false), or nothing for true", a.Name)
		}
		return "check", map[string]any{}, nil
	}
	return bad("%s is a %s action, not a form field: fill_form takes type, select and check fields (pass a button as submit, or use act)", a.Name, a.Kind)
}

// isCheck reports whether the resolved action is a checkbox, radio or
// switch (the collector's kind "check").
func isCheck(o *Observation, res Resolved) bool {
	if o.snap == nil {
		return false
	}
	for _, c := range o.snap.Controls {
		if c.Key == res.key {
			return c.Kind == "check"
		}
	}
	for _, c := range o.snap.RowActions {
		if res.Action.RecordParam && c.Shape == res.Action.shape {
			return c.Kind == "check"
		}
	}
	return false
}
