package page

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
)

// perform runs a planned step with real input, settles, observes again and
// diffs. With since, the step carries the mark of the observation it was
// resolved against: a driver that sees the page changed since answers
// ErrPageChanged without acting.
func (r *Runtime) perform(ctx context.Context, p actPlan, since bool) (*ActResult, error) {
	if p.res.Action.tool != nil {
		return r.performTool(ctx, p, since)
	}
	before, res, step, a := p.before, p.res, p.step, p.res.Action
	if since {
		step.Since, step.Doc = before.snap.Mark, before.snap.DocumentID
	}
	endPerform := TraceFrom(ctx).Start(SpanPhase, "act: input")
	salt, digest, err := r.input(ctx, step, stateful(a))
	endPerform()
	if errors.Is(err, ErrPageChanged) {
		return nil, err
	}
	differs := errors.Is(err, ErrTextDiffers)
	if err != nil && !differs {
		return nil, actError(err, before)
	}
	how := observeHow{settle: true, fresh: true, find: p.find}
	if digest != "" {
		how.digestOf, how.salt = step.Key, salt
	}
	after, err := r.observeAfter(ctx, before, how)
	if err != nil {
		return nil, err
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: res.ID, Description: a.Description}, Changed: Diff(before, after)}
	if digest != "" {
		// typed text, a box ticked, an option chosen: the field's own
		// state, which no record or feedback need show (and a "no visible
		// change" would invite a second click that unticks the box)
		if now := after.snap.FieldDigest; now != nil && *now != "" && *now != digest {
			rec.Changed.Fields = []string{a.Name}
			rec.Changed.Observed = true
		}
	}
	rec.Dialogs = after.dialogs
	if w := dialogWarning(res.ID, after.dialogs); w != "" {
		rec.Warning = w
	} else if differs {
		rec.Warning = "EXPECTATION_FAILED: " + a.Name + " holds other text than was typed (an editor's completion or indentation changed it); read it before going on"
	} else if !rec.Changed.Observed {
		rec.Warning = "EXPECTATION_FAILED: no visible change after " + res.ID + "; read the page feedback and state before trying again"
	}
	return &ActResult{Receipt: rec, Observation: after, resolved: res}, nil
}

// stateful says whether acting on a changes a state of its own: text
// typed, a checkbox, radio or switch toggled, an option chosen.
func stateful(a Action) bool {
	switch {
	case a.Kind == "type" || a.Kind == "select":
		return true
	case a.Control == "checkbox" || a.Control == "radio" || a.Control == "switch":
		return true
	}
	return false
}

// input runs step with real input. A step on a field with a state of its
// own (stateful) also takes the field's salted digest before the input
// (digest, under salt; "" when it cannot be told), which the
// after-observation compares.
func (r *Runtime) input(ctx context.Context, step Step, withDigest bool) (salt, digest string, err error) {
	if !withDigest || (step.Op != "type" && step.Op != "click" && step.Op != "select") {
		return "", "", r.d.Perform(ctx, step)
	}
	// Typing changes a field, which the observation may not show (a
	// secret's value never; a long value only its head and tail): the
	// field's salted digest before and after tells. A
	// driver that takes it in the step's own evaluation saves a round
	// trip; the after-digest comes with the after-observation.
	salt = strconv.FormatUint(rand.Uint64(), 36)
	if dp, ok := r.d.(DigestPerformer); ok {
		digest, err = dp.PerformDigest(ctx, step, salt)
	} else {
		digest = r.fieldDigest(ctx, step.Key, salt)
		err = r.d.Perform(ctx, step)
	}
	return salt, digest, err
}

// observeAfter settles and observes the page after an action's input,
// the new document's when the action started a navigation.
func (r *Runtime) observeAfter(ctx context.Context, before *Observation, how observeHow) (*Observation, error) {
	endAfter := TraceFrom(ctx).Start(SpanPhase, "act: settle and observe")
	defer endAfter()
	// An action that started a navigation (a form submit, a link) is
	// over when the new document has landed: the driver waits for it,
	// bounded by its action timeout, and the new page is observed as a
	// navigation's is.
	na, _ := r.d.(NavigationAwaiter)
	waited := na != nil && na.AwaitNavigation(ctx)
	if waited {
		how.fresh, how.afterLoad = false, true
	}
	after, err := r.observe(ctx, how)
	if err == nil && !waited && na != nil && after.snap.DocumentID == before.snap.DocumentID && na.AwaitNavigation(ctx) {
		// The navigation started while the old page settled. What the
		// first observation took from the tab (notices, dialogs) is the
		// action's still.
		how.fresh, how.afterLoad, how.carry = false, true, after
		after, err = r.observe(ctx, how)
	}
	return after, err
}

// NavigationAwaiter is a Driver that can tell whether the tab's main frame
// started a document navigation since the last step (browser.Session
// implements it). AwaitNavigation reports that, and when one is still on
// its way waits (bounded by the driver's action timeout) for the new
// document to land; each start is reported once.
type NavigationAwaiter interface {
	AwaitNavigation(ctx context.Context) bool
}

// DigestPerformer is a Driver that can also return the salted digest of a
// type step's target field as it was before the step, taken in the
// evaluation that prepares the step (browser.Session implements it): a
// type action then costs no evaluation of its own for the digest. The
// digest is js/fillform.js's (digest_of, salt); "" when it cannot be told.
type DigestPerformer interface {
	PerformDigest(ctx context.Context, step Step, salt string) (before string, err error)
}

// fieldDigest is a salted digest of the value of the field with key,
// computed in the page (the value never leaves it); "" when it cannot be
// told (the field is gone, the script failed). It is only compared, never
// shown.
func (r *Runtime) fieldDigest(ctx context.Context, key, salt string) string {
	var out struct {
		Digest *string `json:"digest"`
	}
	if err := r.d.CallScript(ctx, fillFormScript, map[string]any{"digest_of": key, "salt": salt}, &out); err != nil || out.Digest == nil {
		return ""
	}
	return *out.Digest
}

// actError is what an act answers when the driver failed: a page error
// keeps its code and lists the actions available before the act; any
// other error is the driver's, wrapped (wrapDriver).
func actError(err error, before *Observation) error {
	var pe *Error
	if errors.As(err, &pe) {
		if pe.Available == nil {
			pe.Available = available(before)
		}
		return pe
	}
	return wrapDriver("act", err)
}
