package page

// setContinuation sets (or clears) o's continuation token from what its
// budgets cut.
func (r *Runtime) setContinuation(o *Observation) {
	cur := Slice{}
	if o.Slice != nil {
		cur = *o.Slice
	}
	o.Continuation = ""
	if next, ok := nextSlice(o, cur); ok {
		o.Continuation = r.revs.Continuation(o.Revision, next)
	}
}

// nextSlice is the slice after o, when budgets cut something: every
// offset moves past what o showed, so a slice never repeats an entry and a
// section whose entries were all shown is left out of the next slice. A
// find has no continuation (its words narrow it).
func nextSlice(o *Observation, cur Slice) (Slice, bool) {
	if o.Find != nil || o.snap == nil {
		return cur, false
	}
	if !o.incremental {
		return wholeNextSlice(o, cur)
	}
	next := Slice{
		RecordOffset: cur.RecordOffset + len(o.Records.Shown),
		ActionOffset: cur.ActionOffset + len(o.Actions) + len(o.Unavailable),
		RegionOffset: cur.RegionOffset + len(o.Regions),
	}
	more := o.Omitted.Records > 0 ||
		next.ActionOffset < len(o.all)+len(o.allUnavailable) ||
		next.RegionOffset < len(o.snap.Regions)
	return next, more && next != cur
}

// wholeNextSlice is the slice after o when slices are whole page
// sections (RuntimeOptions.IncrementalSlices off): only the sections the
// budgets cut move on.
func wholeNextSlice(o *Observation, cur Slice) (Slice, bool) {
	next := cur
	more := false
	if o.Omitted.Records > 0 && len(o.Records.Shown) > 0 {
		next.RecordOffset = cur.RecordOffset + len(o.Records.Shown)
		more = true
	}
	if n := len(o.Actions) + len(o.Unavailable); o.Omitted.Actions > 0 && n > 0 && cur.ActionOffset+n < len(o.all)+len(o.allUnavailable) {
		next.ActionOffset = cur.ActionOffset + n
		more = true
	}
	if o.Omitted.Regions > 0 && len(o.Regions) > 0 && cur.RegionOffset+len(o.Regions) < len(o.snap.Regions) {
		next.RegionOffset = cur.RegionOffset + len(o.Regions)
		more = true
	}
	return next, more
}
