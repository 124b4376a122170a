package page

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/pling-dev/pling/budget"
)

// BuildOptions select a continuation slice; the zero value is the first view.
type BuildOptions struct {
	// ActionOffset and RegionOffset skip entries already shown.
	ActionOffset int
	RegionOffset int
	// RecordOffset is the index of the first record whose fields the
	// snapshot carries (it must match the CollectParams used).
	RecordOffset int
}

// Build folds, names and budgets one snapshot into an Observation. It is
// pure: the same snapshot and budgets give the same observation.
func Build(s *Snapshot, b Budgets, opt BuildOptions) *Observation {
	o := &Observation{snap: s, Settled: true}
	str := func(v string) string { return clean(v, b.MaxStringChars) }

	// Identity.
	o.Identity = Identity{Title: str(s.Title), Path: str(s.Path), Route: str(s.Route), Params: map[string]string{}}
	pageChars := budget.UTF16Len(o.Identity.Title) + budget.UTF16Len(o.Identity.Path) + budget.UTF16Len(o.Identity.Route)
	keys := sortedKeys(s.Params)
	for _, k := range keys {
		v := str(s.Params[k])
		if pageChars+len(k)+budget.UTF16Len(v) > b.MaxPageChars {
			break
		}
		pageChars += len(k) + budget.UTF16Len(v)
		o.Identity.Params[str(k)] = v
	}
	if s.Modal != nil {
		o.Modal = str(s.Modal.Label)
		if o.Modal == "" {
			o.Modal = "dialog"
		}
	}

	// Region labels and paths.
	regionByID := map[string]*Region{}
	for i := range s.Regions {
		regionByID[s.Regions[i].ID] = &s.Regions[i]
	}
	regionLabel := func(id string) string {
		if r := regionByID[id]; r != nil && r.Label != "" {
			return str(r.Label)
		}
		return id
	}
	regionPath := func(id string) string {
		if id == "" {
			return "page"
		}
		var parts []string
		for seen := 0; id != "" && seen < 8; seen++ {
			parts = append([]string{regionLabel(id)}, parts...)
			r := regionByID[id]
			if r == nil {
				break
			}
			id = r.Parent
		}
		return strings.Join(parts, " › ")
	}

	// Actions: single controls, then row shapes, named and folded.
	used := map[string]int{}
	var actions []Action
	regionTotal := map[string]int{}
	regionShown := map[string]int{}
	countRegion := func(id string, n, shown int) {
		for seen := 0; id != "" && seen < 8; seen++ {
			regionTotal[id] += n
			regionShown[id] += shown
			r := regionByID[id]
			if r == nil {
				break
			}
			id = r.Parent
		}
	}
	for i, c := range s.Controls {
		shown := 0
		if c.InViewport && !c.Covered {
			shown = 1
		}
		countRegion(c.Region, 1, shown)
		a := newAction(c, str, regionPath(c.Region))
		a.order = i
		a.key = c.Key
		if reason := unavailableReason(c, o.Modal); reason != "" {
			o.Unavailable = append(o.Unavailable, UnavailableView{Name: a.Name, Reason: str(reason), covered: c.Covered && c.Unavailable == "" && !c.Disabled})
			continue
		}
		actions = append(actions, a)
	}
	firstRow := map[string]int{} // shape -> first record index
	for i, r := range s.Records {
		for shape := range r.Actions {
			if _, ok := firstRow[shape]; !ok {
				firstRow[shape] = i
			}
		}
	}
	for _, c := range s.RowActions {
		shape := c.Shape
		if shape == "" {
			shape = c.Name
		}
		a := newAction(c, str, regionPath(c.Region))
		if c.Name == "" && c.Label == "" && c.Evidence == "" {
			a.Name = slotVerb(c)
		}
		a.shape = shape
		a.RecordParam = true
		count, offscreen, inView := 0, 0, 0
		for _, r := range s.Records {
			if _, ok := r.Actions[shape]; !ok {
				continue
			}
			count++
			if r.InViewport {
				inView++
			} else {
				offscreen++
			}
			if len(a.SampleIDs) < 3 {
				a.SampleIDs = append(a.SampleIDs, str(r.ID))
			}
		}
		if c.Count > count { // the collector saw more rows than it listed
			offscreen += c.Count - count
			count = c.Count
		}
		if unlisted := s.RecordsTotal - len(s.Records); unlisted > 0 && count == len(s.Records) {
			// Every listed row carries the action; rows beyond the id cap
			// are counted but not walked: the fold covers them too.
			offscreen += unlisted
			count += unlisted
		}
		a.Folded, a.Offscreen = count, offscreen
		a.Params["record"] = Param{Type: "string",
			Description: "Which row: a record id from the page data or citation records (for example, " + firstOr(a.SampleIDs, "r1") + "). Offscreen targets are scrolled into view before execution."}
		a.inViewport = inView > 0
		a.order = len(s.Controls) + firstRow[shape]
		countRegion(c.Region, count, inView)
		if c.Covered {
			o.Unavailable = append(o.Unavailable, UnavailableView{Name: a.Name, Reason: "covered by the open dialog", covered: true})
			continue
		}
		actions = append(actions, a)
	}
	for i := range actions {
		actions[i].Name = uniqueName(actions[i].Name, actions[i].Region, used)
	}
	for i := range o.Unavailable {
		o.Unavailable[i].Name = legalName(o.Unavailable[i].Name)
	}
	sort.SliceStable(actions, func(i, j int) bool {
		pi, pj := actionRank(actions[i]), actionRank(actions[j])
		if pi != pj {
			return pi < pj
		}
		return actions[i].order < actions[j].order
	})
	o.Counts.Controls = s.Stats.ControlsTotal
	if o.Counts.Controls < len(s.Controls) {
		o.Counts.Controls = len(s.Controls)
	}
	for _, a := range actions {
		if a.RecordParam {
			o.Counts.Controls += a.Folded
		}
	}
	o.Counts.Entries = len(actions) + (s.Stats.ControlsTotal - len(s.Controls))
	if opt.ActionOffset > 0 {
		if opt.ActionOffset >= len(actions) {
			actions = nil
		} else {
			actions = actions[opt.ActionOffset:]
		}
	}
	if len(actions) > b.MaxActions {
		o.Omitted.Actions = len(actions) - b.MaxActions
		actions = actions[:b.MaxActions]
	}
	if extra := s.Stats.ControlsTotal - len(s.Controls); extra > 0 {
		o.Omitted.Actions += extra
	}
	o.Actions = actions
	if len(o.Unavailable) > b.MaxActions {
		o.Omitted.Actions += len(o.Unavailable) - b.MaxActions
		o.Unavailable = o.Unavailable[:b.MaxActions]
	}

	// Regions.
	regions := s.Regions
	if opt.RegionOffset > 0 {
		if opt.RegionOffset >= len(regions) {
			regions = nil
		} else {
			regions = regions[opt.RegionOffset:]
		}
	}
	for i, r := range regions {
		if i >= b.MaxScopes {
			o.Omitted.Regions = len(regions) - b.MaxScopes
			break
		}
		o.Regions = append(o.Regions, RegionView{ID: str(r.ID), Label: str(r.Label), Purpose: str(r.Purpose),
			Role: str(r.Role), Parent: str(r.Parent), InViewport: r.InViewport,
			ActionsShown: regionShown[r.ID], ActionsTotal: regionTotal[r.ID]})
	}

	// Records: full fields within budget, then the id index.
	o.Records.Total = s.RecordsTotal
	if o.Records.Total < len(s.Records) {
		o.Records.Total = len(s.Records)
	}
	recordChars := 0
	for _, r := range s.Records {
		if !r.InViewport {
			o.Records.Offscreen++
		} else {
			o.Counts.RecordsInView++
		}
		if !r.HasFields || len(o.Records.Shown) >= b.MaxRecords {
			continue
		}
		rv := RecordView{ID: str(r.ID), Label: str(r.Label), Fields: map[string]string{}}
		size := budget.UTF16Len(rv.ID) + budget.UTF16Len(rv.Label) + 8
		for _, f := range r.Fields {
			name, val := str(f.Name), str(f.Value)
			if _, dup := rv.Fields[name]; dup {
				continue
			}
			rv.Fields[name] = val
			rv.Order = append(rv.Order, name)
			size += budget.UTF16Len(name) + budget.UTF16Len(val) + 3
		}
		if recordChars+size > b.MaxRecordChars {
			break
		}
		recordChars += size
		o.Records.Shown = append(o.Records.Shown, rv)
	}
	o.Records.Offscreen += s.RecordsTotal - len(s.Records) // beyond the collector's id cap: not on screen
	o.Omitted.Records = o.Records.Total - len(o.Records.Shown) - opt.RecordOffset
	if o.Omitted.Records < 0 {
		o.Omitted.Records = 0
	}
	for _, r := range s.Records {
		if len(o.Records.IDs) >= b.MaxRecordIDs {
			break
		}
		o.Records.IDs = append(o.Records.IDs, str(r.ID))
	}
	o.Records.IDsOmitted = o.Records.Total - len(o.Records.IDs)

	// State: grouped, within MaxStateChars; whole groups are dropped.
	o.State = map[string]any{}
	stateChars := 2
	droppedGroups := map[string]bool{}
	for _, st := range s.State {
		name, val := str(st.Name), str(st.Value)
		if _, dup := o.State[name]; dup || name == "" {
			continue
		}
		cost := budget.UTF16Len(name) + budget.UTF16Len(val) + 6
		if stateChars+cost > b.MaxStateChars {
			g := st.Group
			if g == "" {
				g = name
			}
			droppedGroups[g] = true
			continue
		}
		stateChars += cost
		o.State[name] = stateValue(val)
	}
	o.Omitted.StateGroups = len(droppedGroups)

	// Feedback.
	fbChars := 0
	for _, f := range s.Feedback {
		if len(o.Feedback) >= b.MaxFeedback {
			o.Omitted.Feedback++
			continue
		}
		f.Message, f.Field, f.Region = str(f.Message), str(f.Field), str(f.Region)
		cost := budget.UTF16Len(f.Message) + budget.UTF16Len(f.Field) + 16
		if fbChars+cost > b.MaxFeedbackChars {
			o.Omitted.Feedback++
			continue
		}
		fbChars += cost
		o.Feedback = append(o.Feedback, f)
	}
	for _, h := range s.Hidden {
		if len(o.Hidden) >= b.MaxScopes {
			break
		}
		o.Hidden = append(o.Hidden, HiddenContent{Region: str(h.Region), Label: str(h.Label), How: str(h.How)})
	}

	// Notes: what Pling itself knows was not seen.
	if s.URL == "" || strings.HasPrefix(s.URL, "about:blank") {
		o.Notes = append(o.Notes, "no page is open yet: call navigate with a URL")
	}
	if s.Stats.NodeLimitHit {
		o.Notes = append(o.Notes, "the page is larger than the collector's node budget: content beyond it is unknown, not absent")
	}
	if n := s.Stats.Unreadable; n > 0 {
		o.Notes = append(o.Notes, strconv.Itoa(n)+" element(s) of the page could not be read and were skipped with their content")
	}
	for _, f := range s.Frames {
		if !f.Walked {
			o.Notes = append(o.Notes, "a cross-origin frame was not read: "+str(f.URL))
		}
	}
	if o.Regions == nil {
		o.Regions = []RegionView{}
	}
	if o.Actions == nil {
		o.Actions = []Action{}
	}
	if o.Unavailable == nil {
		o.Unavailable = []UnavailableView{}
	}
	if o.Records.Shown == nil {
		o.Records.Shown = []RecordView{}
	}
	if o.Records.IDs == nil {
		o.Records.IDs = []string{}
	}
	if o.Feedback == nil {
		o.Feedback = []Feedback{}
	}
	if o.Hidden == nil {
		o.Hidden = []HiddenContent{}
	}
	return o
}

func firstOr(ids []string, def string) string {
	if len(ids) > 0 {
		return ids[0]
	}
	return def
}

// newAction derives the model-facing entry of one control.
func newAction(c Control, str func(string) string, regionPath string) Action {
	name := c.Name
	if name == "" {
		name = inferName(c)
	}
	a := Action{
		Name:        legalName(name),
		Kind:        kindOf(c),
		Effect:      effectOf(c),
		Region:      c.Region,
		Description: str(c.Description),
		Confirm:     c.Confirm,
		Handoff:     c.Handoff,
		Params:      paramsFor(c),
		regionLabel: regionPath,
		inViewport:  c.InViewport,
		covered:     c.Covered,
		hoverOnly:   c.HoverOnly,
		declared:    c.Declared,
		Accept:      c.Accept,
		Multiple:    c.Multiple,
	}
	if a.Description == "" {
		a.Description = str(describe(c))
	}
	return a
}

// kindOf is the model-facing kind: type, select, link, or click (which
// covers the collector's check and submit).
func kindOf(c Control) string {
	switch c.Kind {
	case "type", "select", "link", "upload":
		return c.Kind
	}
	return "click"
}

func effectOf(c Control) string {
	if c.Effect == "read" || c.Effect == "write" {
		return c.Effect
	}
	switch {
	case c.Kind == "link", c.Role == "tab", c.Role == "searchbox", c.InputType == "search":
		return "read"
	}
	return "write"
}

func describe(c Control) string {
	label := c.Label
	if label == "" {
		label = c.Evidence
	}
	switch kindOf(c) {
	case "upload":
		return uploadDescription(label, c)
	case "type":
		return "Type into " + quoteLabel(label)
	case "select":
		return "Choose an option of " + quoteLabel(label)
	case "link":
		if c.Href != "" {
			return "Open " + quoteLabel(label) + " (" + c.Href + ")"
		}
		return "Open " + quoteLabel(label)
	}
	if c.Checked != nil {
		return "Toggle " + quoteLabel(label) + " (now " + strconv.FormatBool(*c.Checked) + ")"
	}
	if c.Kind == "check" || c.Role == "checkbox" || c.Role == "switch" {
		return "Check or uncheck " + quoteLabel(label)
	}
	return "Press " + quoteLabel(label)
}

func quoteLabel(s string) string {
	if s == "" {
		return "the control"
	}
	return "\"" + s + "\""
}

// paramsFor is the argument schema of a control (besides record).
func paramsFor(c Control) map[string]Param {
	switch kindOf(c) {
	case "type":
		return map[string]Param{
			"text":   {Type: "string", Description: "Text to type (replaces the current content)."},
			"submit": {Type: "boolean", Description: "Press Enter after typing."},
		}
	case "select":
		return map[string]Param{"value": {Type: "string", Description: "The option to choose.", Enum: c.Options}}
	}
	return map[string]Param{}
}

func unavailableReason(c Control, modal string) string {
	switch {
	case c.Unavailable != "":
		return c.Unavailable
	case c.Disabled:
		return "disabled"
	case c.Covered && modal != "":
		return "covered by the open dialog \"" + modal + "\""
	case c.Covered:
		return "covered by another element"
	}
	return ""
}

// actionRank orders entries: usable declared writes, then declared reads,
// then inferred controls in view, then the rest.
func actionRank(a Action) int {
	switch {
	case a.declared && a.Effect == "write":
		return 0
	case a.declared:
		return 1
	case a.inViewport:
		return 2
	}
	return 3
}

// inferName names an undeclared control from its accessible name, or from
// the words of its id and class when it has none. Never empty.
func inferName(c Control) string {
	src := c.Label
	if slug(src, 40) == "" { // no name, or only symbols ("×")
		src = c.Evidence
	}
	if src == "" {
		src = c.Role
	}
	if src == "" {
		src = c.Kind
	}
	n := slug(src, 40)
	if n == "" {
		n = "action"
	}
	return n
}

// slotVerb names a folded row action whose controls have no name of their
// own once the row's text is removed (a checkbox labelled with its todo, a
// user-name link): by what the control does, never by one row's title.
func slotVerb(c Control) string {
	switch {
	case c.Kind == "link":
		return "open"
	case c.Role == "radio" || c.Role == "menuitemradio" || c.Role == "option":
		return "choose"
	case c.Kind == "check" || c.Role == "checkbox" || c.Role == "switch" || c.Role == "menuitemcheckbox":
		return "toggle"
	case c.Kind == "type":
		return "edit"
	case c.Kind == "select":
		return "choose"
	}
	return "press"
}

// slug lowercases s and joins its words with "_".
func slug(s string, max int) string {
	var b strings.Builder
	pending := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			if b.Len() >= max {
				break
			}
			continue
		}
		pending = true
	}
	return b.String()
}

// legalName maps any name to ^[a-zA-Z0-9_-]{1,64}$.
func legalName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 64 {
			break
		}
	}
	if b.Len() == 0 {
		return "action"
	}
	return b.String()
}

// uniqueName makes name unique among used, first by the region, then by a
// number. Suffixes always fit the 64-character limit (a long base is cut),
// so the search ends.
func uniqueName(name, region string, used map[string]int) string {
	if used[name] == 0 {
		used[name] = 1
		return name
	}
	base := name
	if len(base) > 40 {
		base = base[:40]
	}
	if rs := slug(region, 20); rs != "" {
		cand := legalName(base + "_" + rs)
		if used[cand] == 0 {
			used[cand] = 1
			return cand
		}
	}
	for n := used[name] + 1; ; n++ {
		cand := base + "_" + strconv.Itoa(n)
		if used[cand] == 0 {
			used[name] = n
			used[cand] = 1
			return cand
		}
	}
}

// stateValue renders integers as JSON numbers and keeps the rest as text.
func stateValue(v string) any {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && strconv.FormatInt(n, 10) == v && n > -1<<53 && n < 1<<53 {
		return n
	}
	return v
}

// clean collapses white space (so page text cannot forge a line of the
// observation) and bounds the string in UTF-16 units.
func clean(s string, max int) string {
	if s == "" {
		return ""
	}
	s = strings.Join(strings.Fields(s), " ")
	return budget.ShortenUTF16(s, max)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
