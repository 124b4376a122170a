package page

import (
	"context"
	"errors"
)

// ActRequest is one call of an action.
type ActRequest struct {
	// Action is a folded name ("toggle") or an action id ("toggle@t9").
	Action string
	Record string
	Args   map[string]any
	// Confirmed is true when the user confirmed (elicitation) or the
	// caller passed confirm: true.
	Confirmed        bool
	ExpectedRevision string
}

// ActResult is the receipt and the fresh observation after an action.
type ActResult struct {
	Receipt     Receipt
	Observation *Observation

	resolved Resolved // the action that ran (fill_form reads its key)
}

// Act runs one action: check the revision, resolve against a fresh
// snapshot, validate the arguments, act with real input, settle, observe
// again and diff. A page-level failure is an *Error with a stable code.
func (r *Runtime) Act(ctx context.Context, req ActRequest) (*ActResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.act(ctx, req, actHow{})
}

// actHow is what fill_form and upload add to one act (fillform.go,
// upload.go): the observation to start from (nil: observe now) and the
// files of an upload step.
type actHow struct {
	before *Observation
	files  []string
}

// act is Act without the lock.
func (r *Runtime) act(ctx context.Context, req ActRequest, how actHow) (*ActResult, error) {
	if err := r.revs.Check(req.ExpectedRevision); err != nil {
		return nil, r.withAvailable(err)
	}
	// replan resolves the action against a fresh snapshot: nothing was
	// done to the page yet.
	replan := func(settle bool) (actPlan, error) {
		end := TraceFrom(ctx).Start(SpanPhase, "act: before-snapshot")
		before, err := r.observe(ctx, observeHow{prose: true, settle: settle})
		end()
		if err != nil {
			return actPlan{}, err
		}
		return r.plan(ctx, req, how, before)
	}
	// The latest observation is resolved against as it is when the page
	// has not changed since, which the step's own evaluation checks
	// (Step.Since): an action then costs no snapshot before it. When the
	// page did change, or the action does not resolve there, it is
	// planned again on a fresh snapshot.
	optimistic := how.before == nil && how.files == nil && r.last != nil && r.last.snap != nil && r.last.snap.Mark > 0
	var p actPlan
	var err error
	switch {
	case optimistic:
		if p, err = r.plan(ctx, req, how, r.last); err != nil {
			optimistic = false
			p, err = replan(false)
		}
	case how.before != nil:
		p, err = r.plan(ctx, req, how, how.before)
	default:
		p, err = replan(false)
	}
	if err != nil {
		return nil, err
	}
	res, err := r.perform(ctx, p, optimistic)
	// (a control the page rendered again between the snapshot and the
	// input, as AngularJS and React do when their state changes, is gone
	// before any input was given: once, the act is planned again on a
	// fresh snapshot and reaches the control of that name now; that
	// snapshot waits for the page to settle, so a page still drawing its
	// list anew (in steps, or twice in a row: Syncthing's folders when a
	// saved config comes back) does not take the control away again)
	if errors.Is(err, ErrPageChanged) || (ErrorCode(err) == CodeActionNotFound && p.res.Action.tool == nil) {
		if p, err = replan(true); err != nil {
			return nil, err
		}
		res, err = r.perform(ctx, p, false)
	}
	return res, err
}

// actPlan is an action resolved against an observation, ready to run.
type actPlan struct {
	before *Observation
	res    Resolved
	step   Step
	find   string // a row beyond the id cap stays listed in the after-snapshot
	// input is a WebMCP tool's validated arguments (page/webmcp.go).
	input []byte
}

// plan resolves the action against before and builds its step; nothing is
// done to the page (a row beyond the id cap is looked up by a snapshot).
func (r *Runtime) plan(ctx context.Context, req ActRequest, how actHow, before *Observation) (actPlan, error) {
	if req.ExpectedRevision != "" && before.Revision != req.ExpectedRevision {
		return actPlan{}, &Error{Code: CodeStaleRevision, Reason: "the page changed since " + req.ExpectedRevision + " (now " + before.Revision + "); read the current observation first", Available: available(before)}
	}
	res, err := r.Resolve(before, req.Action, req.Record)
	find := ""
	if ErrorCode(err) == CodeActionNotFound && req.Record != "" && before.snap.RecordsTotal > len(before.snap.Records) {
		// The row may lie beyond the id cap (found through continuation):
		// look it up by id, in the same kind of snapshot.
		find = req.Record
		if before, err = r.observe(ctx, observeHow{find: find, prose: true}); err != nil {
			return actPlan{}, err
		}
		res, err = r.Resolve(before, req.Action, req.Record)
	}
	if err != nil {
		return actPlan{}, err
	}
	a := res.Action
	if err := checkConsent(before, res, req.Confirmed); err != nil {
		return actPlan{}, err
	}
	key, args := res.key, req.Args
	if a.tool != nil {
		if how.files != nil {
			return actPlan{}, &Error{Code: CodeInvalidArgument, Reason: a.Name + " is not a file input (kind tool); upload takes an action of kind upload"}
		}
		input, err := checkArgs(a, args)
		if err != nil {
			return actPlan{}, err
		}
		return actPlan{before: before, res: res, input: input}, nil
	}
	if a.links != nil && !res.member {
		if key, res.ID, err = chooseLink(a, args); err != nil {
			return actPlan{}, err
		}
		args = withoutKey(args, a.arg())
	} else if res.member {
		args = withoutKey(args, a.arg())
	}
	step, err := buildStep(a, key, args, how.files)
	if err != nil {
		return actPlan{}, err
	}
	step.HoverRow = a.hoverOnly || a.memberHover(key)
	step.Double = a.double && step.Op == "click"
	step.Confirm = req.Confirmed
	return actPlan{before: before, res: res, step: step, find: find}, nil
}

// memberHover says whether the member of a folded list with key is shown
// only on hover (Adminer's "descending price" among the page's links).
func (a Action) memberHover(key string) bool {
	for _, m := range a.links {
		if m.key == key {
			return m.hover
		}
	}
	return false
}

func withoutKey(m map[string]any, k string) map[string]any {
	if _, ok := m[k]; !ok {
		return m
	}
	out := make(map[string]any, len(m))
	for kk, v := range m {
		if kk != k {
			out[kk] = v
		}
	}
	return out
}
