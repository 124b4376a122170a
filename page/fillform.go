package page

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
)

// fillFormScript is the in-page script fill_form reads fields back with
// (js/fillform.js). With {digest_of: key, salt} it returns {digest}: the
// salted digest of that field's value, computed in the page (the value
// never leaves it). browser's step preparation bundles the same module,
// so a DigestPerformer takes the digest in the step's own evaluation.
//
//go:embed fillform.gen.js
var fillFormScript string

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
	ff, err := r.startFill(ctx, req)
	if err != nil {
		return nil, err
	}
	for i, f := range req.Fields {
		stop, err := ff.fillField(ctx, i, f)
		if err != nil {
			return nil, err
		}
		if stop {
			break
		}
	}
	ff.submit(ctx)
	return ff.finish()
}

// formFill is one fill_form call under way: the receipt so far, the page
// before the first field and after the last step, and the fields filled
// so far, which every read-back checks again.
type formFill struct {
	r     *Runtime
	req   FillFormRequest
	rec   FormReceipt
	first *Observation
	cur   *Observation
	// filled are the read-back requests of the fields filled so far, and
	// idx their indexes in rec.Fields.
	filled []map[string]any
	idx    []int
	typed  []string // type actions whose field value changed
}

// startFill is what fill_form checks before any input: the expected
// revision, against a fresh observation, and preflight. Every field starts
// not run.
func (r *Runtime) startFill(ctx context.Context, req FillFormRequest) (*formFill, error) {
	if err := r.revs.Check(req.ExpectedRevision); err != nil {
		return nil, r.withAvailable(err)
	}
	first, err := r.observe(ctx, observeHow{prose: true})
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
	return &formFill{r: r, req: req, rec: rec, first: first, cur: first}, nil
}

// refuse marks out refused with err's code and reason; the call stops
// there.
func (ff *formFill) refuse(out *FieldOutcome, err error) {
	pe := asError(err)
	out.Status = FieldRefused
	out.Code, out.Reason = string(pe.Code), pe.Reason
	ff.rec.OK, ff.rec.Code = false, out.Code
	ff.rec.Reason = out.Action + ": " + out.Reason
}

// fillField fills field i through act (a check control already in the
// wanted state is left as it is), then reads back every field filled so
// far. It reports whether the call stops here (a refusal); an error is a
// driver failure of a read-back, which ends the call without a receipt.
func (ff *formFill) fillField(ctx context.Context, i int, f FormField) (bool, error) {
	out := &ff.rec.Fields[i]
	res, err := ff.r.Resolve(ff.cur, f.Action, f.Record)
	if err != nil {
		ff.refuse(out, err)
		return true, nil
	}
	out.Action = res.ID
	kind, args, err := fieldArgs(ff.cur, res, f)
	if err != nil {
		ff.refuse(out, err)
		return true, nil
	}
	if kind == "check" {
		done, stop, err := ff.checkAsWanted(ctx, out, res, f)
		if done || stop || err != nil {
			return stop, err
		}
	}
	ar, err := ff.r.act(ctx, ActRequest{Action: f.Action, Record: f.Record, Args: args, Confirmed: ff.req.Confirmed}, actHow{before: ff.cur})
	if err != nil {
		ff.refuse(out, err)
		return true, nil
	}
	ff.cur = ar.Observation
	ff.typed = append(ff.typed, ar.Receipt.Changed.Fields...)
	out.Status = FieldFilled
	out.Feedback = ar.Receipt.Changed.Feedback
	ff.rec.Ran++
	ff.filled = append(ff.filled, readBackOf(ar.resolved.key, kind, f))
	ff.idx = append(ff.idx, i)
	return ff.readBack(ctx)
}

// checkAsWanted reads a check control's state before it is clicked: done
// when it is already as wanted (counted as run, unchanged), stop when the
// wish cannot be met by a click (unchecking a radio button).
func (ff *formFill) checkAsWanted(ctx context.Context, out *FieldOutcome, res Resolved, f FormField) (done, stop bool, err error) {
	var st struct {
		Checked *bool `json:"checked"`
		Radio   bool  `json:"radio"`
	}
	if err := ff.r.d.CallScript(ctx, fillFormScript, map[string]any{"state_of": res.key}, &st); err != nil {
		return false, false, wrapDriver("fill_form", err)
	}
	want := f.Checked == nil || *f.Checked
	if st.Checked != nil && *st.Checked == want {
		out.Status = FieldUnchanged
		ff.rec.Ran++
		return true, false, nil
	}
	if st.Radio && !want {
		ff.refuse(out, &Error{Code: CodeInvalidArgument, Reason: "a radio button cannot be unchecked: choose another option of its group"})
		return false, true, nil
	}
	return false, false, nil
}

// readBackOf is the read-back request of a filled field: fillform.js
// compares what the field holds with what was given, inside the page.
func readBackOf(key, kind string, f FormField) map[string]any {
	check := map[string]any{"key": key, "kind": kind}
	switch kind {
	case "type":
		check["text"] = *f.Text
	case "select":
		check["value"] = *f.Value
	case "check":
		check["checked"] = f.Checked == nil || *f.Checked
	}
	return check
}

// readBack reads back every field filled so far (a page validates a
// field when focus leaves it, i.e. while the next one is filled), sets
// each one's Took, and refuses the first the page reports invalid.
func (ff *formFill) readBack(ctx context.Context) (bool, error) {
	var checks []fieldCheck
	if err := ff.r.d.CallScript(ctx, fillFormScript, map[string]any{"fields": ff.filled}, &checks); err != nil {
		return true, wrapDriver("fill_form", err)
	}
	bad := -1
	for j, c := range checks {
		if j < len(ff.idx) && ff.rec.Fields[ff.idx[j]].Status == FieldFilled {
			ff.rec.Fields[ff.idx[j]].Took = c.Took
			if c.Invalid && bad < 0 {
				bad = j
			}
		}
	}
	if bad < 0 {
		return false, nil
	}
	msg := clean(checks[bad].Message, ff.r.opts.Budgets.MaxStringChars)
	if msg == "" {
		msg = "the page reports the value invalid"
	}
	ff.refuse(&ff.rec.Fields[ff.idx[bad]], &Error{Code: CodeExpectationFailed, Reason: "the field did not accept the value: " + msg})
	return true, nil
}

// submit runs the submit action when every field took its value; after a
// refusal it stays not run.
func (ff *formFill) submit(ctx context.Context) {
	if ff.req.Submit == "" {
		return
	}
	out := &FieldOutcome{Action: ff.req.Submit, Status: FieldNotRun}
	ff.rec.Submit = out
	if !ff.rec.OK {
		return
	}
	ar, err := ff.r.act(ctx, ActRequest{Action: ff.req.Submit, Confirmed: ff.req.Confirmed}, actHow{before: ff.cur})
	if err != nil {
		ff.refuse(out, err)
		return
	}
	ff.cur = ar.Observation
	out.Action, out.Status, out.Feedback = ar.resolved.ID, FieldFilled, ar.Receipt.Changed.Feedback
	if ar.Receipt.Warning != "" {
		ff.rec.Warning = ar.Receipt.Warning
	}
}

// finish is the call's answer: the error act would give when nothing ran,
// else the receipt, whose changes compare the page before the first field
// with the page after the last step.
func (ff *formFill) finish() (*FillFormResult, error) {
	rec := ff.rec
	ranAny := rec.Ran > 0 || (rec.Submit != nil && rec.Submit.Status == FieldFilled)
	if !rec.OK && !ranAny {
		// Nothing ran: the same error act would give.
		return nil, &Error{Code: Code(rec.Code), Reason: rec.Reason + "; no field ran", Available: available(ff.cur)}
	}
	rec.Changed = Diff(ff.first, ff.cur)
	if len(ff.typed) > 0 {
		rec.Changed.Fields, rec.Changed.Observed = ff.typed, true
	}
	if rec.OK && !rec.Changed.Observed && rec.Warning == "" && rec.Ran > 0 {
		rec.Warning = "no visible change in the observation (secret values are never shown); took says which fields hold what was given"
	}
	return &FillFormResult{Receipt: rec, Observation: ff.cur}, nil
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
