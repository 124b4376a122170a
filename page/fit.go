package page

import "sort"

// Fit returns a copy of o whose rendering, plus reserve bytes already
// spent (a receipt), stays within maxBytes: whole entries are moved from the
// end of the lists (citation ids, hidden content, unavailable entries,
// actions beyond three, state, feedback and regions, and only then records
// with fields) behind a continuation, every cut counted. The last resort, when even the emptiest copy is too
// large, is a byte cap the renderings honour. o
// itself (the runtime's latest observation) is not changed.
func (r *Runtime) Fit(o *Observation, maxBytes, reserve int, render func(*Observation) string) *Observation {
	if maxBytes <= 0 || len(render(o))+reserve <= maxBytes {
		return o
	}
	r.mu.Lock()
	defer r.mu.Unlock()
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
	fits := func() bool {
		r.setContinuation(&c) // the token line counts too
		return len(render(&c))+reserve <= maxBytes
	}
	// Records before breadth of actions: the rows with their fields stay
	// while the id index, hidden content, unavailable entries, actions
	// beyond the first three, state, feedback and regions are cut; only
	// then rows go, from the end.
	step := func() bool {
		switch {
		case len(c.Records.IDs) > 3:
			c.Records.IDs = c.Records.IDs[:len(c.Records.IDs)-1]
			c.Records.IDsOmitted++
		case len(c.Hidden) > 0:
			c.Hidden = c.Hidden[:len(c.Hidden)-1]
			c.Omitted.Hidden++
		case len(c.Unavailable) > 0:
			c.Unavailable = c.Unavailable[:len(c.Unavailable)-1]
			c.Omitted.Actions++
		case len(c.Actions) > 3:
			c.Actions = c.Actions[:len(c.Actions)-1]
			c.Omitted.Actions++
		case len(stateKeys) > 0:
			delete(c.State, stateKeys[len(stateKeys)-1])
			stateKeys = stateKeys[:len(stateKeys)-1]
			c.Omitted.StateGroups++
		case len(c.Feedback) > 2:
			c.Feedback = c.Feedback[:len(c.Feedback)-1]
			c.Omitted.Feedback++
		case len(c.Regions) > 1:
			c.Regions = c.Regions[:len(c.Regions)-1]
			c.Omitted.Regions++
		case len(c.Records.Shown) > 1:
			c.Records.Shown = c.Records.Shown[:len(c.Records.Shown)-1]
			c.Omitted.Records++
		case len(c.Records.Shown) > 0:
			c.Records.Shown = nil
			c.Omitted.Records++
		case len(c.Actions) > 1:
			c.Actions = c.Actions[:len(c.Actions)-1]
			c.Omitted.Actions++
		case len(c.Feedback) > 0:
			c.Feedback = c.Feedback[:len(c.Feedback)-1]
			c.Omitted.Feedback++
		default:
			return false
		}
		return true
	}
	for !fits() && step() {
	}
	if !fits() {
		// The last resort: the rendering itself is cut at a line.
		c.capBytes = max(maxBytes-reserve, 256)
	}
	return &c
}
