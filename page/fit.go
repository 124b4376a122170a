package page

import "sort"

// Fit returns a copy of o whose rendering, plus reserve bytes already
// spent (a receipt), stays within maxBytes: whole entries are moved from
// the end of the lists behind a continuation, in fitCuts' order, every cut
// counted. The last resort, when even the emptiest copy is too large, is a
// byte cap the renderings honour. o itself (the runtime's latest
// observation) is not changed.
func (r *Runtime) Fit(o *Observation, maxBytes, reserve int, render func(*Observation) string) *Observation {
	if maxBytes <= 0 || len(render(o))+reserve <= maxBytes {
		return o
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f := newFitting(o)
	fits := func() bool {
		r.setContinuation(f.c) // the token line counts too
		return len(render(f.c))+reserve <= maxBytes
	}
	for !fits() && f.cutOne() {
	}
	if !fits() {
		// The last resort: the rendering itself is cut at a line.
		f.c.capBytes = max(maxBytes-reserve, 256)
	}
	return f.c
}

// fitCut is one step of Fit's cut order: cut takes one entry (the last of
// its list) and counts it as omitted, or reports false when its list has
// nothing left to give at this step.
type fitCut struct {
	name string
	cut  func(f *fitting) bool
}

// fitCuts is Fit's cut order, read top to bottom: while the rendering is
// over the budget, the first step that can cut takes one entry, and the
// order is tried again from the top. Records before breadth of actions:
// the rows with their fields stay while the id index, hidden content,
// unavailable entries, actions beyond the first three, state, feedback and
// regions are cut; only then rows go, from the end, and last the actions
// and feedback a page cannot be worked without.
var fitCuts = []fitCut{
	// The citation id index keeps three ids as examples.
	{"record ids beyond three", func(f *fitting) bool {
		return dropLast(&f.c.Records.IDs, 3, &f.c.Records.IDsOmitted)
	}},
	{"hidden content", func(f *fitting) bool {
		return dropLast(&f.c.Hidden, 0, &f.c.Omitted.Hidden)
	}},
	// Actions that cannot run now go before any that can.
	{"unavailable actions", func(f *fitting) bool {
		return dropLast(&f.c.Unavailable, 0, &f.c.Omitted.Actions)
	}},
	{"actions beyond three", func(f *fitting) bool {
		return dropLast(&f.c.Actions, 3, &f.c.Omitted.Actions)
	}},
	// State groups go from the end of their sorted names.
	{"state groups", func(f *fitting) bool {
		if len(f.stateKeys) == 0 {
			return false
		}
		delete(f.c.State, f.stateKeys[len(f.stateKeys)-1])
		f.stateKeys = f.stateKeys[:len(f.stateKeys)-1]
		f.c.Omitted.StateGroups++
		return true
	}},
	{"feedback beyond two", func(f *fitting) bool {
		return dropLast(&f.c.Feedback, 2, &f.c.Omitted.Feedback)
	}},
	{"regions beyond one", func(f *fitting) bool {
		return dropLast(&f.c.Regions, 1, &f.c.Omitted.Regions)
	}},
	{"records beyond one", func(f *fitting) bool {
		return dropLast(&f.c.Records.Shown, 1, &f.c.Omitted.Records)
	}},
	// The last record leaves the list nil, not empty.
	{"the last record", func(f *fitting) bool {
		if len(f.c.Records.Shown) == 0 {
			return false
		}
		f.c.Records.Shown = nil
		f.c.Omitted.Records++
		return true
	}},
	{"actions beyond one", func(f *fitting) bool {
		return dropLast(&f.c.Actions, 1, &f.c.Omitted.Actions)
	}},
	{"the last feedback", func(f *fitting) bool {
		return dropLast(&f.c.Feedback, 0, &f.c.Omitted.Feedback)
	}},
}

// fitting is the copy Fit cuts, with its state group names sorted.
type fitting struct {
	c         *Observation
	stateKeys []string
}

// newFitting copies every list of o that Fit may cut, so cutting the copy
// leaves o as it is.
func newFitting(o *Observation) *fitting {
	c := *o
	c.Actions = append([]Action(nil), o.Actions...)
	c.Unavailable = append([]UnavailableView(nil), o.Unavailable...)
	c.Regions = append([]RegionView(nil), o.Regions...)
	c.Records.Shown = append([]RecordView(nil), o.Records.Shown...)
	c.Records.IDs = append([]string(nil), o.Records.IDs...)
	c.Hidden = append([]HiddenContent(nil), o.Hidden...)
	c.Feedback = append([]Feedback(nil), o.Feedback...)
	c.State = make(map[string]any, len(o.State))
	for k, v := range o.State {
		c.State[k] = v
	}
	stateKeys := make([]string, 0, len(c.State))
	for k := range c.State {
		stateKeys = append(stateKeys, k)
	}
	sort.Strings(stateKeys)
	return &fitting{c: &c, stateKeys: stateKeys}
}

// cutOne makes the first cut of fitCuts that can cut; false when none can.
func (f *fitting) cutOne() bool {
	for _, s := range fitCuts {
		if s.cut(f) {
			return true
		}
	}
	return false
}

// dropLast cuts the last entry of *list when it holds more than keep,
// and counts it in *omitted.
func dropLast[T any](list *[]T, keep int, omitted *int) bool {
	if len(*list) <= keep {
		return false
	}
	*list = (*list)[:len(*list)-1]
	*omitted++
	return true
}
