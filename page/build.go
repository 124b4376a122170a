package page

import (
	"fmt"
	"regexp"
	"slices"
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
	// Notices are what the page did on its own since the last observation
	// (Driver.Notices); they become notes, bounded and counted.
	Notices []string
	// Dialogs are the JavaScript dialogs answered since the last
	// observation; they become feedback under the feedback budgets.
	Dialogs []DialogRecord
	// Find is the text the snapshot's records were found by
	// (CollectParams.FindText): the records shown are the matches.
	Find string
}

// labelApart reports whether a record's label says something its fields
// do not: no field is the label or begins with it (a title cell holding
// the title, a status and an excerpt is the label's field). A cut value
// that begins the label counts too, and a find's window of a long cell
// whose beginning is the label.
func labelApart(r RecordView) bool {
	if r.Label == "" {
		return false
	}
	for _, k := range r.Order {
		v := r.Fields[k]
		if strings.HasPrefix(v, r.Label) || (r.Cut[k] > 0 && strings.HasPrefix(r.Label, strings.TrimSuffix(v, budget.Ellipsis))) {
			return false
		}
		// a find's window of the label's own long cell, after its head
		// or alone ("…job=…,version=…")
		if head, inner, ok := strings.Cut(v, budget.Ellipsis); ok && r.Cut[k] > 0 {
			if len([]rune(head)) >= 16 && strings.HasPrefix(r.Label, head) {
				return false
			}
			if probe := []rune(inner); head == "" && len(probe) >= 16 && strings.Contains(r.Label, string(probe[:16])) {
				return false
			}
		}
	}
	return true
}

// minCellChars is the shortest a field value is cut to so that more rows
// fit MaxRecordChars; below it, whole rows are left out instead.
const minCellChars = 24

// fitRecords keeps the rows (in order) whose fields fit maxChars of record
// text. The names of a run of rows with the same fields (a table's columns)
// count once, as the compact rendering says them once. When the rows do not
// all fit, long values are cut to one length for every field (the longest
// that lets every row fit, not under minCellChars), each cut counted in
// RecordView.Cut, before rows are left out from the end.
func fitRecords(rows []RecordView, maxChars, maxString int) []RecordView {
	size := func(limit, n int) int {
		total, cols := 0, "\x00none"
		for _, r := range rows[:n] {
			total += budget.UTF16Len(r.ID) + 8
			if c := strings.Join(r.Order, "\x00"); c != cols {
				cols = c
				for _, k := range r.Order {
					total += budget.UTF16Len(k) + 3
				}
			}
			for _, k := range r.Order {
				total += min(budget.UTF16Len(r.Fields[k]), limit) + 3
			}
			if labelApart(r) {
				total += min(budget.UTF16Len(r.Label), limit)
			}
		}
		return total
	}
	limit := max(maxString, minCellChars)
	if size(limit, len(rows)) > maxChars {
		lo, hi := minCellChars, limit
		for lo < hi { // the longest cut that fits every row
			mid := (lo + hi + 1) / 2
			if size(mid, len(rows)) <= maxChars {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		limit = lo
	}
	n := len(rows)
	for n > 0 && size(limit, n) > maxChars {
		n--
	}
	out := rows[:n:n]
	for i := range out {
		if labelApart(out[i]) {
			out[i].Label = budget.ShortenUTF16(out[i].Label, limit)
		}
		for _, k := range out[i].Order {
			v := out[i].Fields[k]
			if l := budget.UTF16Len(v); l > limit {
				if out[i].Cut == nil {
					out[i].Cut = map[string]int{}
				}
				out[i].Fields[k] = budget.ShortenUTF16(v, limit)
				if had := out[i].Cut[k]; had > 0 { // v ends in the collector's "…"
					out[i].Cut[k] = had + l - limit
				} else {
					out[i].Cut[k] = l - limit + 1
				}
			}
		}
	}
	return out
}

// maxNotes bounds the notes of one kind (unread frames, page notices);
// the rest are counted in one closing note.
const maxNotes = 3

// linkFoldMin is how many plain links one region needs before they fold
// into one open_<region>(link) entry.
const linkFoldMin = 4

// Build folds, names and budgets one snapshot into an Observation. It is
// pure: the same snapshot and budgets give the same observation. Each
// section of the observation is one step of buildSteps, run in order
// over one buildState.
func Build(s *Snapshot, b Budgets, opt BuildOptions) *Observation {
	bs := newBuildState(s, b, opt)
	for _, step := range buildSteps {
		step(bs)
	}
	return bs.o
}

// buildSteps are the sections of an observation in the order Build
// decides them; each step is one rule. The order matters where a step
// reads what an earlier one left: the modal's label is in the reasons of
// covered controls, names are given after ranking and before the cut,
// the action steps count per region what the regions step reports,
// records sets the total the id index counts against, and the notes come
// last, after the WebMCP tools' own.
var buildSteps = []func(*buildState){
	// which page this is
	(*buildState).identity,
	(*buildState).modal,
	// what the agent can do on it
	(*buildState).controlActions,
	(*buildState).foldCalendarsAndLinks,
	(*buildState).webmcpTools,
	(*buildState).rowActions,
	(*buildState).rankAndName,
	(*buildState).countActions,
	(*buildState).cutActions,
	// what the page shows
	(*buildState).regions,
	(*buildState).records,
	(*buildState).recordIDs,
	(*buildState).state,
	(*buildState).feedback,
	(*buildState).hidden,
	// Pling's own notes: what it did not see or left out, what the page
	// did on its own
	(*buildState).pageNotes,
	(*buildState).frameNotes,
	(*buildState).webmcpNotes,
	(*buildState).noticeNotes,
	// JSON lists are [], never null
	(*buildState).emptyListsNotNull,
}

// buildState is what Build's steps share: the snapshot, budgets and
// options they read, the Observation they fill in, and what one step
// leaves for a later one.
type buildState struct {
	snap    *Snapshot
	budgets Budgets
	opt     BuildOptions
	o       *Observation

	// regionByID indexes the snapshot's regions for labels, paths and
	// ancestry.
	regionByID map[string]*Region
	// regionTotal and regionShown count the actions of each region and
	// of its subregions (shown: in view and not covered).
	regionTotal, regionShown map[string]int
	// actions and unavailable are every entry before the MaxActions cut,
	// in the order the steps made them until rankAndName ranks and names
	// them.
	actions     []Action
	unavailable []UnavailableView
	// toolCount is how many WebMCP tools the actions hold; toolNotes are
	// what the WebMCP step had to say about them.
	toolCount int
	toolNotes []string
}

// newBuildState starts a build: an empty Observation of s and the index
// of s's regions by id.
func newBuildState(s *Snapshot, b Budgets, opt BuildOptions) *buildState {
	bs := &buildState{snap: s, budgets: b, opt: opt, o: &Observation{snap: s, Settled: true},
		regionByID: map[string]*Region{}, regionTotal: map[string]int{}, regionShown: map[string]int{}}
	for i := range s.Regions {
		bs.regionByID[s.Regions[i].ID] = &s.Regions[i]
	}
	return bs
}

// str is a page string as the observation carries it: white space
// collapsed, at most MaxStringChars.
func (bs *buildState) str(v string) string { return clean(v, bs.budgets.MaxStringChars) }

// identity decides the title, path, route and params, which share
// MaxPageChars: the path gets up to half, the route a quarter, the title
// the rest; params come after, in key order, and are dropped whole
// (Omitted.Params) rather than cut. Cut characters are Omitted.PageChars.
func (bs *buildState) identity() {
	s, o, pageChars := bs.snap, bs.o, bs.budgets.MaxPageChars
	o.Identity = Identity{Params: map[string]string{}}
	left := pageChars
	fit := func(v string, max int) string {
		v = bs.str(v)
		out := budget.ShortenUTF16(v, max)
		if out != v {
			o.Omitted.PageChars += budget.UTF16Len(v) - budget.UTF16Len(out) + 1
		}
		left -= budget.UTF16Len(out)
		return out
	}
	o.Identity.Path = fit(s.Path, pageChars/2)
	o.Identity.Route = fit(s.Route, pageChars/4)
	o.Identity.Title = fit(s.Title, left)
	for _, k := range sortedKeys(s.Params) {
		k2, v := bs.str(k), bs.str(s.Params[k])
		cost := budget.UTF16Len(k2) + budget.UTF16Len(v)
		if cost > left {
			o.Omitted.Params++
			continue
		}
		left -= cost
		o.Identity.Params[k2] = v
	}
}

// modal names the open modal dialog, "dialog" when it has no label: the
// controls behind it are covered, and their reason says by what.
func (bs *buildState) modal() {
	if m := bs.snap.Modal; m != nil {
		bs.o.Modal = bs.str(m.Label)
		if bs.o.Modal == "" {
			bs.o.Modal = "dialog"
		}
	}
}

// regionLabel is a region's label, or its id when it has none.
func (bs *buildState) regionLabel(id string) string {
	if r := bs.regionByID[id]; r != nil && r.Label != "" {
		return bs.str(r.Label)
	}
	return id
}

// regionPath is a region's labels from the outermost down ("Main ›
// Todos"), at most eight deep; "page" for no region.
func (bs *buildState) regionPath(id string) string {
	if id == "" {
		return "page"
	}
	var parts []string
	for seen := 0; id != "" && seen < 8; seen++ {
		parts = append([]string{bs.regionLabel(id)}, parts...)
		r := bs.regionByID[id]
		if r == nil {
			break
		}
		id = r.Parent
	}
	return strings.Join(parts, " › ")
}

// countRegion adds n actions, shown of them in view, to a region and to
// each region around it, at most eight deep.
func (bs *buildState) countRegion(id string, n, shown int) {
	for seen := 0; id != "" && seen < 8; seen++ {
		bs.regionTotal[id] += n
		bs.regionShown[id] += shown
		r := bs.regionByID[id]
		if r == nil {
			break
		}
		id = r.Parent
	}
}

// within reports whether a region, or one around it (at most eight
// deep), matches.
func (bs *buildState) within(id string, match func(*Region) bool) bool {
	for seen := 0; id != "" && seen < 8; seen++ {
		r := bs.regionByID[id]
		if r == nil {
			return false
		}
		if match(r) {
			return true
		}
		id = r.Parent
	}
	return false
}

// inDialog reports whether a region is in a dialog or the open modal.
func (bs *buildState) inDialog(id string) bool {
	m := bs.snap.Modal
	return bs.within(id, func(r *Region) bool {
		return r.Role == "dialog" || r.Role == "alertdialog" || (m != nil && m.Region != "" && r.ID == m.Region)
	})
}

// inMain reports whether a region is in the page's main region.
func (bs *buildState) inMain(id string) bool {
	return bs.within(id, func(r *Region) bool { return r.Role == "main" })
}

// controlActions makes one entry per control the collector listed, in
// page order, each counted for its region. A control that cannot be used
// now (disabled, covered, or unavailable as the collector says) becomes
// an unavailable entry with its reason, so the agent knows it is there.
// Inputs, submits and the buttons of a dialog or of the main region are
// page operations, which rank before other buttons.
func (bs *buildState) controlActions() {
	for i, c := range bs.snap.Controls {
		shown := 0
		if c.InViewport && !c.Covered {
			shown = 1
		}
		bs.countRegion(c.Region, 1, shown)
		a := newAction(c, bs.str, bs.regionPath(c.Region))
		a.order = i
		a.key = c.Key
		a.date, a.calendar = c.Date, c.Calendar
		a.listbox, a.listboxName = c.Listbox, bs.str(c.ListboxLabel)
		a.operation = a.Kind == "type" || a.Kind == "select" || c.Kind == "submit" || bs.inDialog(c.Region) ||
			(a.Kind != "link" && bs.inMain(c.Region))
		if reason := unavailableReason(c, bs.o.Modal); reason != "" {
			bs.unavailable = append(bs.unavailable, UnavailableView{Name: a.Name, Reason: bs.str(reason), covered: c.Covered && c.Unavailable == "" && !c.Disabled})
			continue
		}
		bs.actions = append(bs.actions, a)
	}
}

// foldCalendarsAndLinks folds what would be dozens of entries into one:
// a calendar's day cells into choose_day(day) (foldDays), then a
// region's plain links, linkFoldMin or more, into open_<region>(link)
// (foldLinks).
func (bs *buildState) foldCalendarsAndLinks() {
	bs.actions = foldDays(bs.actions, bs.regionPath)
	bs.actions = foldOptions(bs.actions, bs.regionPath)
	bs.actions = foldLinks(bs.actions, bs.regionLabel, bs.regionPath)
}

// optionFoldMin is how many options one listbox shows before they fold:
// a few suggestions stay actions of their own (javascript: option), a
// dropdown's open menu of 400 languages is one entry.
const optionFoldMin = 10

// foldOptions replaces the options of each listbox that shows
// optionFoldMin or more with one entry, choose_<list>(value), whose value
// parameter takes the options' names: MediaWiki's language menu, opened by
// typing into its combobox, was 400 entries that crowded every other
// action out of the observation.
func foldOptions(actions []Action, regionPath func(string) string) []Action {
	byList := map[string][]int{}
	var lists []string
	for i, a := range actions {
		if a.listbox == "" || a.declared || a.Control != "option" {
			continue
		}
		if _, ok := byList[a.listbox]; !ok {
			lists = append(lists, a.listbox)
		}
		byList[a.listbox] = append(byList[a.listbox], i)
	}
	drop := map[int]bool{}
	var groups []Action
	for _, lb := range lists {
		idx := byList[lb]
		if len(idx) < optionFoldMin {
			continue
		}
		first := actions[idx[0]]
		label := strings.TrimRight(first.listboxName, ": ")
		what := "the list"
		if label != "" {
			what = quoteLabel(label)
		}
		g := Action{
			Name:        legalName("choose_" + slug(firstNonEmpty(label, "option"), 40)),
			Kind:        "click",
			Control:     "option",
			Effect:      first.Effect,
			Region:      first.Region,
			regionLabel: regionPath(first.Region),
			order:       first.order,
			operation:   true,
			memberArg:   "value",
			Folded:      len(idx),
			Description: fmt.Sprintf("Choose one of the %d options of %s", len(idx), what),
		}
		labels := linkLabels(actions, idx)
		g.addMembers(actions, idx, labels, drop)
		g.Params = map[string]Param{"value": {Type: "string", Description: "The option to choose, as listed.", Enum: labels}}
		groups = append(groups, g)
	}
	return withFolds(actions, drop, groups)
}

// webmcpTools adds the tools the page declares through WebMCP
// (page/webmcp.go) as actions without a control, each counted as shown
// for its region; what the tools' step noted waits for webmcpNotes.
func (bs *buildState) webmcpTools() {
	tools, notes := webmcpActions(bs.snap, bs.budgets.MaxStringChars, bs.str, bs.regionPath)
	for _, a := range tools {
		bs.countRegion(a.Region, 1, 1)
	}
	bs.actions = append(bs.actions, tools...)
	bs.toolCount, bs.toolNotes = len(tools), notes
}

// rowActions adds one entry per row action shape: one action over every
// row that carries it, which takes a record parameter and ranks by the
// first such row. A shape covered by the open dialog is unavailable.
func (bs *buildState) rowActions() {
	s := bs.snap
	firstRow := map[string]int{} // shape -> first record index
	for i, r := range s.Records {
		for shape := range r.Actions {
			if _, ok := firstRow[shape]; !ok {
				firstRow[shape] = i
			}
		}
	}
	for _, c := range s.RowActions {
		a, count, inView := bs.rowAction(c)
		a.order = len(s.Controls) + firstRow[a.shape]
		bs.countRegion(c.Region, count, inView)
		if c.Covered {
			bs.unavailable = append(bs.unavailable, UnavailableView{Name: a.Name, Reason: "covered by the open dialog", covered: true})
			continue
		}
		bs.actions = append(bs.actions, a)
	}
}

// rowAction is the folded entry of one row action shape, with how many
// rows carry it and how many of those are in view. A slot with no name of
// its own is named by what it does (slotVerb), never by one row's text.
// Rows the collector counted but did not list are in the fold, as
// offscreen.
func (bs *buildState) rowAction(c Control) (a Action, count, inView int) {
	s := bs.snap
	shape := c.Shape
	if shape == "" {
		shape = c.Name
	}
	a = newAction(c, bs.str, bs.regionPath(c.Region))
	// a link whose text is the row's data, named by its column, opens
	// the row's value of it: open_title(record), which no field named
	// by the same column ("Title" in an inline editor) takes
	if c.Does == "open" && c.Name == "" {
		a.Name = legalName("open_" + a.Name)
	}
	if c.Name == "" && c.Label == "" && c.Evidence == "" {
		a.Name = slotVerb(c)
		// a link whose text is the row's data (a file's name, a
		// user's): what it opens is the row, not "the control"
		if c.Description == "" && a.Kind == "link" {
			a.Description = "Open the row's link"
		}
	}
	a.shape = shape
	a.RecordParam = true
	a.operation = true
	offscreen := 0
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
			a.SampleIDs = append(a.SampleIDs, bs.str(r.ID))
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
	return a, count, inView
}

// rankAndName orders the entries by actionRank (page operations before
// navigation, page order within a rank), then names every entry,
// available or not, with one scheme: the first of a name keeps it, the
// next ones are name_2, name_3, … in rank order. Naming comes after
// ranking and before the cut, so a name does not depend on the slice.
func (bs *buildState) rankAndName() {
	actions := bs.actions
	sort.SliceStable(actions, func(i, j int) bool {
		pi, pj := actionRank(actions[i]), actionRank(actions[j])
		if pi != pj {
			return pi < pj
		}
		return actions[i].order < actions[j].order
	})
	nameByContext(actions)
	used := map[string]int{}
	for i := range actions {
		actions[i].Name = uniqueName(actions[i].Name, used)
	}
	for i := range bs.unavailable {
		bs.unavailable[i].Name = uniqueName(legalName(bs.unavailable[i].Name), used)
	}
	// named first, so that a name never depends on where the focus is;
	// then the field the page put the focus in and the controls around it
	// come before the rest (after what the page declares)
	sort.SliceStable(actions, func(i, j int) bool {
		return focusRank(actions[i]) < focusRank(actions[j])
	})
}

// focusRank puts the declared entries first, then the focused field,
// the buttons after it in its container (its form's Reply or Update), the
// other controls after it, those before it, and then every other entry in
// its rank order.
func focusRank(a Action) int {
	switch {
	case a.declared:
		return 0
	case a.focus > 0:
		return a.focus
	}
	return 5
}

// countActions says what was there before folding and budgets: every
// control (the collector's total, each row a folded row action covers,
// each WebMCP tool) and every entry (the controls beyond the collector's
// cap included).
func (bs *buildState) countActions() {
	s, o := bs.snap, bs.o
	o.Counts.Controls = max(s.Stats.ControlsTotal, len(s.Controls))
	for _, a := range bs.actions {
		if a.RecordParam {
			o.Counts.Controls += a.Folded
		}
	}
	o.Counts.Controls += bs.toolCount // WebMCP tools are actions without a control
	o.Counts.Entries = len(bs.actions) + (s.Stats.ControlsTotal - len(s.Controls))
}

// cutActions shows MaxActions entries from opt.ActionOffset: available
// entries first, then unavailable ones, under one budget; the rest, and
// the controls beyond the collector's cap, are Omitted.Actions. Every
// entry stays in o.all and o.allUnavailable, so a name any slice gave
// resolves.
func (bs *buildState) cutActions() {
	o, actions, unavailable := bs.o, bs.actions, bs.unavailable
	o.all, o.allUnavailable = actions, unavailable
	na, nu := len(actions), len(unavailable)
	start := min(max(bs.opt.ActionOffset, 0), na+nu)
	end := min(start+bs.budgets.MaxActions, na+nu)
	o.Actions = actions[min(start, na):min(end, na)]
	o.Unavailable = unavailable[min(max(start-na, 0), nu):min(max(end-na, 0), nu)]
	o.Omitted.Actions = na + nu - end
	if extra := bs.snap.Stats.ControlsTotal - len(bs.snap.Controls); extra > 0 {
		o.Omitted.Actions += extra
	}
}

// regions shows MaxScopes regions from opt.RegionOffset, each with its
// actions shown and in all and its unread prose. Regions the collector
// did not list (beyond its cap) are counted as omitted on the last slice:
// a continuation cannot reach them.
func (bs *buildState) regions() {
	s, o, opt := bs.snap, bs.o, bs.opt
	regions := s.Regions
	if opt.RegionOffset > 0 {
		if opt.RegionOffset >= len(regions) {
			regions = nil
		} else {
			regions = regions[opt.RegionOffset:]
		}
	}
	for i, r := range regions {
		if i >= bs.budgets.MaxScopes {
			o.Omitted.Regions = len(regions) - bs.budgets.MaxScopes
			break
		}
		o.Regions = append(o.Regions, RegionView{ID: bs.str(r.ID), Label: bs.str(r.Label), Purpose: bs.str(r.Purpose),
			Role: bs.str(r.Role), Parent: bs.str(r.Parent), InViewport: r.InViewport,
			ActionsShown: bs.regionShown[r.ID], ActionsTotal: bs.regionTotal[r.ID], ProseChars: s.Prose.in(r.ID)})
	}
	o.ProseOutside = s.Prose.outside()
	if s.Stats.RegionsTotal > len(s.Regions) && opt.RegionOffset+len(o.Regions) >= len(s.Regions) {
		o.Omitted.Regions += s.Stats.RegionsTotal - len(s.Regions)
	}
}

// records shows the fields of the first MaxRecords records that have
// them, fitted to MaxRecordChars (fitRecords), and counts the records in
// view and off it. Omitted.Records is what the slice does not show: of
// every record, or of the matches when the records were found by text.
func (bs *buildState) records() {
	s, o := bs.snap, bs.o
	o.Records.Total = max(s.RecordsTotal, len(s.Records))
	var rows []RecordView
	for _, r := range s.Records {
		if !r.InViewport {
			o.Records.Offscreen++
		} else {
			o.Counts.RecordsInView++
		}
		if !r.HasFields || len(rows) >= bs.budgets.MaxRecords {
			continue
		}
		rows = append(rows, bs.recordView(r))
	}
	dropActionColumns(rows, bs.snap.RowActions)
	o.Records.Shown = fitRecords(rows, bs.budgets.MaxRecordChars, bs.budgets.MaxStringChars)
	o.Records.Offscreen += s.RecordsTotal - len(s.Records) // beyond the collector's id cap: not on screen
	o.Omitted.Records = o.Records.Total - len(o.Records.Shown) - bs.opt.RecordOffset
	if bs.opt.Find != "" {
		o.Find = &FindView{Text: bs.str(bs.opt.Find), Found: s.RecordsFound}
		o.Omitted.Records = s.RecordsFound - len(o.Records.Shown)
	}
	if o.Omitted.Records < 0 {
		o.Omitted.Records = 0
	}
}

// dropActionColumns removes the fields that only restate a row action:
// a column every shown row fills with the same text, that text a row
// action's label (phpMyAdmin's "Browse | Structure | Search | Insert |
// Empty | Drop" on each of its tables, "Edit | Copy | Delete" on each
// row), and a label every row shares that is one. The action says it
// once; the rows' data stays. Two rows at least: one row's text is no
// column.
func dropActionColumns(rows []RecordView, shapes []Control) {
	if len(rows) < 2 || len(shapes) == 0 {
		return
	}
	labels := make(map[string]bool, len(shapes))
	for _, c := range shapes {
		if c.Label != "" {
			labels[strings.ToLower(c.Label)] = true
		}
	}
	var drop []string
	for _, name := range rows[0].Order {
		v := rows[0].Fields[name]
		if !labels[strings.ToLower(strings.TrimSpace(v))] {
			continue
		}
		same := true
		for _, r := range rows[1:] {
			if got, ok := r.Fields[name]; !ok || got != v {
				same = false
				break
			}
		}
		if same {
			drop = append(drop, name)
		}
	}
	// a label every row shares that is a row action's ("Edit": the first
	// link of phpMyAdmin's rows) tells no row from another
	if l := rows[0].Label; l != "" && labels[strings.ToLower(l)] && !slices.ContainsFunc(rows[1:], func(r RecordView) bool { return r.Label != l }) {
		for i := range rows {
			rows[i].Label = ""
		}
	}
	if len(drop) == 0 {
		return
	}
	for i := range rows {
		for _, name := range drop {
			delete(rows[i].Fields, name)
		}
		rows[i].Order = slices.DeleteFunc(rows[i].Order, func(n string) bool { return slices.Contains(drop, n) })
	}
}

// recordView is one record's fields in page order; a field name that
// comes again keeps its first value.
func (bs *buildState) recordView(r Record) RecordView {
	rv := RecordView{ID: bs.str(r.ID), Label: bs.str(r.Label), Fields: map[string]string{}}
	for _, f := range r.Fields {
		name, val := bs.str(f.Name), bs.str(f.Value)
		if _, dup := rv.Fields[name]; dup {
			continue
		}
		rv.Fields[name] = val
		rv.Order = append(rv.Order, name)
		if f.Cut > 0 {
			if rv.Cut == nil {
				rv.Cut = map[string]int{}
			}
			rv.Cut[name] = f.Cut
		}
	}
	return rv
}

// recordIDs lists the first MaxRecordIDs record ids, fields or not: the
// citation index whose ids a row action's record parameter takes; the
// rest are Records.IDsOmitted.
func (bs *buildState) recordIDs() {
	o := bs.o
	for _, r := range bs.snap.Records {
		if len(o.Records.IDs) >= bs.budgets.MaxRecordIDs {
			break
		}
		o.Records.IDs = append(o.Records.IDs, bs.str(r.ID))
	}
	o.Records.IDsOmitted = o.Records.Total - len(o.Records.IDs)
}

// state keeps the page's state items within MaxStateChars; an item that
// does not fit drops its whole group (Omitted.StateGroups counts the
// groups), so what is shown is never half of a group. A name seen before
// is named by its group when in another one ("Music: Folder Path"), else
// numbered within its group ("Status (2)") when its value differs; a
// repeat of a name and value says nothing new and is left, as is an
// ungrouped name or a count seen again. Integers become JSON numbers.
func (bs *buildState) state() {
	o := bs.o
	o.State = map[string]any{}
	stateChars := 2
	droppedGroups := map[string]bool{}
	groupOf := map[string]string{}
	for _, st := range bs.snap.State {
		name, val := bs.str(st.Name), bs.str(st.Value)
		if name == "" {
			continue
		}
		// (the same name in another group, two folders' "Folder Path", is
		// named by its group: "Music: Folder Path")
		if g, dup := groupOf[name]; dup && st.Group != "" && st.Group != g {
			name = bs.str(st.Group) + ": " + name
		}
		// (an ungrouped name or a count seen again, a sidebar's second
		// unread badge, is one whose link says it: left)
		if _, dup := o.State[name]; dup && (st.Group == "" || st.Group == "counts") {
			continue
		}
		if name = seenName(o.State, name, stateValue(val)); name == "" {
			continue
		}
		groupOf[name] = st.Group
		cost := budget.UTF16Len(name) + budget.UTF16Len(val) + 6
		if stateChars+cost > bs.budgets.MaxStateChars {
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
}

// seenName is the state name for value under name: name itself when
// free, else the first free "name (n)"; "" when name or a numbered one
// already holds value.
func seenName(state map[string]any, name string, value any) string {
	for n, cand := 1, name; ; n++ {
		prev, taken := state[cand]
		if !taken {
			return cand
		}
		if prev == value {
			return ""
		}
		cand = name + " (" + strconv.Itoa(n+1) + ")"
	}
}

// feedback shows the page's messages, then the JavaScript dialogs Pling
// answered, under one item count (MaxFeedback) and one character budget
// (MaxFeedbackChars); what does not fit, and the dialogs the driver could
// not record, are Omitted.Feedback.
func (bs *buildState) feedback() {
	s, o, opt := bs.snap, bs.o, bs.opt
	feedback := s.Feedback
	for _, d := range opt.Dialogs {
		o.Omitted.Feedback += d.Unrecorded
	}
	if len(opt.Dialogs) > 0 {
		feedback = append(append([]Feedback(nil), s.Feedback...), dialogFeedback(opt.Dialogs)...)
	}
	fbChars := 0
	for _, f := range feedback {
		if len(o.Feedback) >= bs.budgets.MaxFeedback {
			o.Omitted.Feedback++
			continue
		}
		f.Kind, f.Message, f.Field, f.Region = bs.str(f.Kind), bs.str(f.Message), bs.str(f.Field), bs.str(f.Region)
		cost := budget.UTF16Len(f.Message) + budget.UTF16Len(f.Field) + 16
		if fbChars+cost > bs.budgets.MaxFeedbackChars {
			o.Omitted.Feedback++
			continue
		}
		fbChars += cost
		o.Feedback = append(o.Feedback, f)
	}
}

// hidden lists the regions whose content is not visible now but can be
// revealed (expand, tab, scroll, details), MaxScopes at most; the rest
// are Omitted.Hidden.
func (bs *buildState) hidden() {
	o := bs.o
	for _, h := range bs.snap.Hidden {
		if len(o.Hidden) >= bs.budgets.MaxScopes {
			o.Omitted.Hidden++
			continue
		}
		o.Hidden = append(o.Hidden, HiddenContent{Region: bs.str(h.Region), Label: bs.str(h.Label), How: bs.str(h.How)})
	}
}

// pageNotes are what Pling itself knows was not seen: no page open yet,
// the collector's node budget hit (what lies beyond is unknown, not
// absent), elements that could not be read.
func (bs *buildState) pageNotes() {
	s, o := bs.snap, bs.o
	if s.URL == "" || strings.HasPrefix(s.URL, "about:blank") {
		o.Notes = append(o.Notes, "no page is open yet: call navigate with a URL")
	}
	if s.Stats.NodeLimitHit {
		o.Notes = append(o.Notes, "the page is larger than the collector's node budget: content beyond it is unknown, not absent")
	}
	if n := s.Stats.Unreadable; n > 0 {
		o.Notes = append(o.Notes, strconv.Itoa(n)+" element(s) of the page could not be read and were skipped with their content")
	}
}

// frameNotes name the cross-origin frames the collector could not read,
// maxNotes at most, and count the rest in one closing note.
func (bs *buildState) frameNotes() {
	o := bs.o
	unread := 0
	for _, f := range bs.snap.Frames {
		if f.Walked {
			continue
		}
		unread++
		if unread <= maxNotes {
			o.Notes = append(o.Notes, "a cross-origin frame was not read: "+bs.str(f.URL))
		}
	}
	if unread > maxNotes {
		o.Omitted.Frames = unread - maxNotes
		o.Notes = append(o.Notes, fmt.Sprintf("%d more cross-origin frames were not read", o.Omitted.Frames))
	}
}

// webmcpNotes say what the webmcpTools step left out of the page's
// tools: schemas cut to fit, tools not listed.
func (bs *buildState) webmcpNotes() {
	bs.o.Notes = append(bs.o.Notes, bs.toolNotes...)
}

// noticeNotes are what the page did on its own since the last
// observation (opt.Notices), maxNotes at most, the rest counted in one
// closing note.
func (bs *buildState) noticeNotes() {
	o, notices := bs.o, bs.opt.Notices
	for i, n := range notices {
		if i >= maxNotes {
			o.Omitted.Notices = len(notices) - maxNotes
			o.Notes = append(o.Notes, fmt.Sprintf("%d more things the page did on its own are not listed", o.Omitted.Notices))
			break
		}
		o.Notes = append(o.Notes, bs.str(n))
	}
}

// emptyListsNotNull makes every empty list of the observation an empty
// slice, so its JSON says [] and never null.
func (bs *buildState) emptyListsNotNull() {
	o := bs.o
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
		Control:     controlOf(c),
		NameFrom:    c.NameFrom,
		Effect:      effectOf(c),
		Region:      c.Region,
		Description: str(c.Description),
		Confirm:     c.Confirm,
		Handoff:     c.Handoff,
		Params:      paramsFor(c),
		regionLabel: regionPath,
		label:       str(c.Label),
		context:     str(c.Context),
		evidence:    str(c.Evidence),
		inViewport:  c.InViewport,
		inPage:      c.InPage,
		covered:     c.Covered,
		hoverOnly:   c.HoverOnly,
		double:      c.Double,
		declared:    c.Declared,
		focus:       c.Focus,
		Accept:      c.Accept,
		Multiple:    c.Multiple,
	}
	if a.Description == "" {
		a.Description = str(describe(c))
	} else if c.Checked != nil && !c.Declared {
		// a toggle the page describes (a title, a label's help) still
		// says its state
		a.Description += " (now " + strconv.FormatBool(*c.Checked) + ")"
	}
	if (a.Kind == "type" || a.Kind == "select") && !c.Secret && c.Value != "" {
		// issue 18 pt 3: the field's current content, as the collector
		// bounded it (its head and tail, its length)
		v := &FieldValue{Head: c.Value, Tail: c.ValueTail, Chars: max(c.ValueLen, utf16Len(c.Value)+utf16Len(c.ValueTail))}
		if c.ValueTail != "" {
			v.Cut = max(v.Chars-utf16Len(c.Value)-utf16Len(c.ValueTail), 0)
		}
		a.Value = v
	}
	return a
}

// textEditable reports whether a type control holds text a person edits
// in place (a text input, a text area, a search box, a combobox, an
// editor): it takes args.append and args.replace. A slider, a number
// field or a date field takes a whole value only.
func textEditable(c Control) bool {
	switch controlOf(c) {
	case "textbox", "textarea", "searchbox", "combobox", "email", "url", "tel", "":
		return kindOf(c) == "type"
	}
	return false
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

// controlOf is the kind of control behind an action, as a person names
// it (issue 18: a radio button is no checkbox, a text area no one-line
// input); "" for a plain button or link.
func controlOf(c Control) string {
	switch c.Role {
	case "checkbox", "menuitemcheckbox":
		return "checkbox"
	case "radio", "menuitemradio":
		return "radio"
	case "switch", "slider", "spinbutton", "searchbox", "tab", "option", "listbox":
		return c.Role
	case "menuitem":
		return "menuitem"
	case "combobox":
		if c.Kind == "select" {
			return "dropdown"
		}
		return "combobox"
	case "textbox":
		if c.Multiline {
			return "textarea"
		}
		switch c.InputType {
		case "date", "datetime-local", "time", "month", "week", "email", "url", "tel", "password":
			return c.InputType
		}
		if c.Secret {
			return "secret"
		}
		return "textbox"
	}
	if c.Kind == "upload" {
		return "file"
	}
	return ""
}

// controlWords is how a description names a control kind.
var controlWords = map[string]string{
	"checkbox": "the checkbox", "radio": "the radio option", "switch": "the switch",
	"textarea": "the text area", "slider": "the slider", "spinbutton": "the number field",
	"combobox": "the combobox", "searchbox": "the search box", "dropdown": "the dropdown",
	"listbox": "the list box", "tab": "the tab", "option": "the option", "menuitem": "the menu item",
	"date": "the date field", "datetime-local": "the date and time field", "time": "the time field",
	"month": "the month field", "week": "the week field", "email": "the email field",
	"url": "the URL field", "tel": "the phone number field", "password": "the password field",
	"secret": "the secret field",
}

// kindLabel is "the checkbox \"Remember me\"", or the quoted label alone
// for a plain control.
func kindLabel(control, label string) string {
	w := controlWords[control]
	if w == "" {
		return quoteLabel(label)
	}
	if label == "" {
		return w
	}
	return w + " " + quoteLabel(label)
}

func describe(c Control) string {
	label := c.Label
	if label == "" {
		label = c.Evidence
	}
	ctl := controlOf(c)
	if c.NameFrom == "icon" && label != "" {
		// issue 18: the name is the icon's; say so
		what := "the " + label + " icon"
		switch kindOf(c) {
		case "link":
			if c.Href != "" {
				return "Open " + what + " (" + c.Href + ")"
			}
			return "Open " + what
		}
		if c.Checked != nil {
			return "Toggle " + what + " (now " + strconv.FormatBool(*c.Checked) + ")"
		}
		return "Press " + what
	}
	switch c.Does {
	case "expand":
		return "Expand or collapse the row (a click on the row shows or hides its details)"
	case "click":
		return "Click the row"
	case "cell":
		verb := "Click"
		if c.Double {
			verb = "Double-click"
		}
		if label == "" {
			return verb + " the row's cell"
		}
		return verb + " the row's " + quoteLabel(label) + " cell"
	case "open":
		return "Open the row's " + quoteLabel(label) + " link"
	}
	switch kindOf(c) {
	case "upload":
		return uploadDescription(label, c)
	case "type":
		if ctl == "textarea" {
			return "Type into " + kindLabel(ctl, label) + " (multi-line)"
		}
		return "Type into " + kindLabel(ctl, label)
	case "select":
		if ctl == "listbox" || label == "" {
			return "Choose an option of " + kindLabel(ctl, label)
		}
		return "Choose an option of " + quoteLabel(label)
	case "link":
		if c.Href != "" {
			return "Open " + quoteLabel(label) + " (" + c.Href + ")"
		}
		return "Open " + quoteLabel(label)
	}
	now := ""
	if c.Checked != nil {
		now = " (now " + strconv.FormatBool(*c.Checked) + ")"
	}
	switch ctl {
	case "radio", "option":
		return "Choose " + kindLabel(ctl, label) + now
	case "checkbox", "switch":
		if now == "" {
			return "Check or uncheck " + kindLabel(ctl, label)
		}
		return "Toggle " + kindLabel(ctl, label) + now
	case "tab":
		return "Open " + kindLabel(ctl, label)
	case "menuitem":
		return "Press " + kindLabel(ctl, label)
	}
	if now != "" {
		return "Toggle " + quoteLabel(label) + now
	}
	if c.Kind == "check" {
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
		p := map[string]Param{
			"text":   {Type: "string", Description: "Text to type (replaces the current content)."},
			"submit": {Type: "boolean", Description: "Press Enter after typing."},
		}
		if textEditable(c) {
			// the text's description says what both do: fewer tokens in
			// every schema of a text field
			p["text"] = Param{Type: "string", Description: "Text to type (replaces the current content; with append: true, goes at its end; with replace, over that part, which must occur once)."}
			p["append"] = Param{Type: "boolean"}
			p["replace"] = Param{Type: "string"}
		}
		return p
	case "select":
		if more := c.OptionsTotal - len(c.Options); more > 0 {
			return map[string]Param{"value": {Type: "string", Enum: c.Options, More: more,
				Description: fmt.Sprintf("The option to choose, by its text or value: one of %d (the first %d are listed).", c.OptionsTotal, len(c.Options))}}
		}
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

// actionRank orders entries: declared writes, declared reads, then folded
// row actions (what a list page is for), other page operations (inputs,
// dialog controls, buttons of the main region), other buttons in view,
// other buttons, folded link lists, and single links last: navigation
// never crowds out what the page is for.
func actionRank(a Action) int {
	switch {
	case a.declared && a.Effect == "write":
		return 0
	case a.declared:
		return 1
	case a.RecordParam:
		return 2
	case a.links != nil && a.memberArg == "day":
		return 3
	case a.links != nil:
		return 6
	case a.Kind == "link" && a.inViewport:
		return 7
	case a.Kind == "link":
		return 8
	case a.operation:
		return 3
	case a.inViewport:
		return 4
	}
	return 5
}

// linkLabels are the names of a link list's members, in their order:
// each link's label, a repeated one numbered ("Edit (2)"). Page links are
// numbered before links to a fragment of the page, so that of two links
// named "SQL command" the plain name opens the page and "(2)" is the
// in-page toggle, wherever each stands.
func linkLabels(actions []Action, idx []int) []string {
	labels := make([]string, len(idx))
	seen := map[string]int{}
	for _, inPage := range []bool{false, true} {
		for j, i := range idx {
			a := actions[i]
			if a.inPage != inPage {
				continue
			}
			label := a.label
			if label == "" {
				label = a.Name
			}
			seen[label]++
			if n := seen[label]; n > 1 {
				label += " (" + strconv.Itoa(n) + ")"
			}
			labels[j] = label
		}
	}
	return labels
}

// foldLinks replaces the plain links of a region that has linkFoldMin or
// more of them with one entry, open_<region>(link), whose link parameter
// takes the link names. Declared links stay single entries.
func foldLinks(actions []Action, regionLabel, regionPath func(string) string) []Action {
	byRegion := map[string][]int{}
	var regions []string
	for i, a := range actions {
		if a.Kind != "link" || a.declared {
			continue
		}
		if _, ok := byRegion[a.Region]; !ok {
			regions = append(regions, a.Region)
		}
		byRegion[a.Region] = append(byRegion[a.Region], i)
	}
	drop := map[int]bool{}
	var groups []Action
	for _, rid := range regions {
		idx := byRegion[rid]
		if len(idx) < linkFoldMin {
			continue
		}
		where := "the page"
		if rid != "" {
			where = quoteLabel(regionLabel(rid))
		}
		g := Action{
			Name:        legalName("open_" + slug(firstNonEmpty(rid, "page"), 40)),
			Kind:        "link",
			Effect:      "read",
			Region:      rid,
			Description: fmt.Sprintf("Open one of the %d links of %s", len(idx), where),
			Folded:      len(idx),
			regionLabel: regionPath(rid),
			order:       actions[idx[0]].order,
		}
		names := linkLabels(actions, idx)
		g.addMembers(actions, idx, names, drop)
		g.Params = map[string]Param{"link": {Type: "string", Description: "The name of the link to open, as listed.", Enum: names}}
		groups = append(groups, g)
	}
	return withFolds(actions, drop, groups)
}

// addMembers makes the actions at idx members of the folded entry g, each
// under its label, and marks them to drop; g is in the viewport when one
// of them is, and counts the others as offscreen.
func (g *Action) addMembers(actions []Action, idx []int, labels []string, drop map[int]bool) {
	for j, i := range idx {
		a := actions[i]
		drop[i] = true
		g.links = append(g.links, linkMember{name: a.Name, label: labels[j], key: a.key, hover: a.hoverOnly})
		if a.inViewport {
			g.inViewport = true
		} else {
			g.Offscreen++
		}
	}
}

// withFolds is actions without the dropped ones, the folded entries after
// them.
func withFolds(actions []Action, drop map[int]bool, groups []Action) []Action {
	if len(groups) == 0 {
		return actions
	}
	out := make([]Action, 0, len(actions)-len(drop)+len(groups))
	for i, a := range actions {
		if !drop[i] {
			out = append(out, a)
		}
	}
	return append(out, groups...)
}

// foldDays replaces the day cells of each calendar with one entry,
// choose_day(day), whose day parameter takes the dates shown
// (YYYY-MM-DD): a calendar's days are addressable by their date, never
// 42 buttons or seven per-weekday slots (issue 18 pt 13). A calendar
// whose days are all unavailable folds nothing.
func foldDays(actions []Action, regionPath func(string) string) []Action {
	byCal := map[string][]int{}
	var cals []string
	for i, a := range actions {
		if a.date == "" {
			continue
		}
		if _, ok := byCal[a.calendar]; !ok {
			cals = append(cals, a.calendar)
		}
		byCal[a.calendar] = append(byCal[a.calendar], i)
	}
	if len(cals) == 0 {
		return actions
	}
	drop := map[int]bool{}
	var groups []Action
	for _, cal := range cals {
		idx := byCal[cal]
		first := actions[idx[0]]
		g := Action{
			Name:        "choose_day",
			Kind:        "click",
			Effect:      "write",
			Region:      first.Region,
			regionLabel: regionPath(first.Region),
			order:       first.order,
			operation:   true,
			memberArg:   "day",
			Params:      map[string]Param{},
		}
		seen := map[string]bool{}
		var days []string
		for _, i := range idx {
			a := actions[i]
			drop[i] = true
			if seen[a.date] {
				continue
			}
			seen[a.date] = true
			days = append(days, a.date)
			g.links = append(g.links, linkMember{name: a.Name, label: a.date, key: a.key})
			if a.inViewport {
				g.inViewport = true
			} else {
				g.Offscreen++
			}
		}
		g.Folded = len(days)
		g.Description = fmt.Sprintf("Choose a day of the calendar by its date (%d days shown)", len(days))
		g.Params["day"] = Param{Type: "string", Description: "The date of the day to choose, YYYY-MM-DD, one of the days shown (show another month first for others).", Enum: days}
		groups = append(groups, g)
	}
	return withFolds(actions, drop, groups)
}

// arg is the argument that picks a member of a folded list: "link", or
// "day" for a calendar's days.
func (a *Action) arg() string {
	if a.memberArg != "" {
		return a.memberArg
	}
	return "link"
}

// member finds the link of a folded link list by its listed name, its
// name case-insensitively, or its slug.
func (a *Action) member(name string) (linkMember, bool) {
	for _, m := range a.links {
		if m.label == name {
			return m, true
		}
	}
	for _, m := range a.links {
		if strings.EqualFold(m.label, name) || m.name == legalName(name) {
			return m, true
		}
	}
	return linkMember{}, false
}

// dialogFeedback reports the JavaScript dialogs Pling answered: what they
// said is page data.
func dialogFeedback(ds []DialogRecord) []Feedback {
	out := make([]Feedback, 0, len(ds))
	for _, d := range ds {
		how := "dismissed"
		if d.Accepted {
			how = "accepted"
		}
		out = append(out, Feedback{Kind: "dialog", Message: d.Type + " dialog (" + how + "): " + d.Message})
	}
	return out
}

func firstNonEmpty(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

// inferName names an undeclared control from its accessible name, or from
// the words of its id and class when it has none. Never empty.
func inferName(c Control) string {
	src := c.Label
	// state in a label is no part of the name, which stays when the state
	// changes (the description keeps it), unless nothing else is left: a
	// counter in brackets at the end (Jupyter's prompt "In [1]", "In [ ]"
	// before the cell runs; "Firing (1)"), a clock time or an age
	// ("Checkpoint created 21:28:29", "Last Checkpoint: a few seconds ago")
	for _, state := range stateInLabel {
		if t := state.ReplaceAllLiteralString(src, " "); t != src && slug(t, 40) != "" {
			src = t
		}
	}
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

// counterSuffix is a bracketed count at the end of a label: [1], [ ], [*],
// or a count in parentheses: Prometheus's alert filters "Firing (1)",
// "Pending (0)" (firing_1 became firing_0 when the alert resolved), an
// inbox's "Inbox (3)"; a year is no count ("Vector (2022)", a skin).
var counterSuffix = regexp.MustCompile(`\s*(?:\[[\d\s*]*\]|\((?:\d{1,3}(?:[.,]\d{3})*|(?:[03-9]\d|1[0-8]|2[1-9])\d\d|\d{5,})\+?\))\s*:?\s*$`)

// tickingWords is TickingTime as whole words: an address's port
// ("127.0.0.1:8384") holds no time.
var tickingWords = regexp.MustCompile(`(?i)\b(?:` + TickingTime + `)\b`)

// stateInLabel are the parts of a label inferName leaves out of a name.
var stateInLabel = []*regexp.Regexp{counterSuffix, tickingWords}

// slotVerb names a folded row action whose controls have no name of their
// own once the row's text is removed (a checkbox labelled with its todo, a
// user-name link): by what the control does, never by one row's title.
func slotVerb(c Control) string {
	switch {
	case c.Does == "expand" || c.Does == "click":
		return c.Does
	case c.Does == "cell":
		return "click_cell"
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

// slug lowercases s and joins its words with "_", max bytes at most. A
// cut falls between words when one ends in the second half of max
// (select_folders_all_notebooks_running, not …_running_fil).
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
			if b.Len() > max {
				break
			}
			continue
		}
		pending = true
	}
	out := b.String()
	if len(out) <= max {
		return out
	}
	// one byte past max says whether the cut splits a word
	cut := out[:max]
	switch {
	case out[max] == '_':
		return cut
	case cut[max-1] == '_':
		return cut[:max-1]
	}
	if i := strings.LastIndexByte(cut, '_'); i >= max/2 {
		return cut[:i]
	}
	return cut
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

// nameByContext names the actions that share a name by the heading
// around each (Syncthing's two panels' OK: ok_gui_authentication_set and
// ok_notice, not ok and ok_2), or by the text that leads them ("With
// selected:"), when every one of them has a context of its own and no two
// the same; else they keep the numbered scheme.
func nameByContext(actions []Action) {
	groups := map[string][]int{}
	shapes := map[string][]int{} // row actions of one name (their lists' headings)
	taken := map[string]bool{}   // the names of row actions, link lists, declared ones
	for i, a := range actions {
		if a.shape == "" && a.links == nil && !a.declared {
			groups[a.Name] = append(groups[a.Name], i)
		} else {
			taken[a.Name] = true
			if a.shape != "" && !a.declared {
				shapes[a.Name] = append(shapes[a.Name], i)
			}
		}
	}
	// (row actions of one name over different lists are told apart by
	// each list's heading, or keep the numbers: WordPress's dashboard,
	// open_recently_published(record) where it was open_2(record))
	for name, g := range shapes {
		if len(g) > 1 {
			if tails := contextTails(actions, g); tails != nil {
				for j, i := range g {
					actions[i].Name = legalName(name + "_" + tails[j])
				}
			}
		}
	}
	for name, g := range groups {
		// (one control of a row action's name, phpMyAdmin's bulk Edit
		// after "With selected:" beside each row's edit(record), is
		// edit_with_selected where it was edit_2)
		if len(g) < 2 && !taken[name] {
			continue
		}
		tails := contextTails(actions, g)
		if tails == nil && len(g) > 1 {
			nameByKind(actions, g, name)
			continue
		}
		for j, i := range g[:len(tails)] {
			actions[i].Name = legalName(name + "_" + tails[j])
		}
	}
}

// contextTails are the name tails of the actions g by their contexts,
// nil unless each has one and no two the same.
func contextTails(actions []Action, g []int) []string {
	tails := make([]string, len(g))
	for j, i := range g {
		tails[j] = contextWords(actions[i].context)
		if tails[j] == "" || slices.Contains(tails[:j], tails[j]) {
			return nil
		}
	}
	return tails
}

// nameByKind tells apart the actions of one name and one context by the
// kind of their controls, when no two share one: DokuWiki's search box
// and its Search button were search and search_2, and are search and
// search_button. A field keeps the name (it is what takes the text), a
// plain text box before a dropdown, else the first in rank order does;
// the others say their kind (search_button, search_tab, search_link;
// MediaWiki's Reason text box and its list of reasons: reason,
// reason_dropdown).
func nameByKind(actions []Action, g []int, name string) {
	keep := g[0]
	for _, i := range g {
		if actions[i].Kind == "type" || actions[i].Kind == "select" {
			keep = i
			break
		}
	}
	for _, i := range g {
		if actions[i].Kind == "type" && fieldWord(actions[i]) == "" {
			keep = i
			break
		}
	}
	tails := make([]string, 0, len(g))
	kept := kindWord(actions[keep]) // (two buttons "Print" are not told apart)
	for _, i := range g {
		t := kindWord(actions[i])
		if i == keep {
			t = ""
		} else if t == "" || t == kept || slices.Contains(tails, t) {
			return
		}
		tails = append(tails, t)
	}
	for j, i := range g {
		if tails[j] != "" {
			actions[i].Name = legalName(name + "_" + tails[j])
		}
	}
}

// kindWord is a name's tail for an action's kind: "" for a field (two
// fields of one name are not told apart by kind), but a field that is a
// dropdown says so beside a text box.
func kindWord(a Action) string {
	switch a.Kind {
	case "type", "select":
		return fieldWord(a)
	case "link", "upload":
		return a.Kind
	}
	if t := slug(a.Control, 24); kindTail[t] {
		return t
	}
	return "button"
}

// fieldWord is "dropdown" for a field a person chooses in (a select, a
// dropdown or combobox drawn by a script), "" for one they type into.
func fieldWord(a Action) string {
	if a.Kind == "select" || a.Control == "dropdown" || a.Control == "combobox" || a.Control == "listbox" {
		return "dropdown"
	}
	return ""
}

// kindTail holds every tail kindWord gives: the compact rendering knows
// a name ending in one restates its label (search_button: Press "Search").
var kindTail = func() map[string]bool {
	m := map[string]bool{"button": true, "link": true, "upload": true}
	for c := range controlWords {
		m[slug(c, 24)] = true
	}
	return m
}()

// contextWords is a heading as a name's tail: its first three words, at
// most 24 characters.
func contextWords(s string) string {
	sl := slug(s, 64)
	parts := strings.Split(sl, "_")
	out := ""
	for i, p := range parts {
		if p == "" || i >= 3 || len(out)+len(p)+1 > 25 {
			break
		}
		if out != "" {
			out += "_"
		}
		out += p
	}
	return out
}

// uniqueName makes name unique among used with one scheme: the first keeps
// the name, later ones get _2, _3, … Suffixes always fit the 64-character
// limit (a long base is cut), so the search ends.
func uniqueName(name string, used map[string]int) string {
	if used[name] == 0 {
		used[name] = 1
		return name
	}
	base := name
	if len(base) > 56 {
		base = base[:56]
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
