package page

import (
	"fmt"
	"strings"
)

// compactVoice writes the sections for an MCP tool result (RenderCompact):
// the facts, headings, counts and omission notices of the full voice
// without its guidance sentences (Guide, the rules and the tool
// descriptions carry them once), and no heading for an empty section.
// guide prepends Guide.
type compactVoice struct {
	lines
	guide bool
}

func (v *compactVoice) head(p headPart) {
	if v.guide {
		v.line("%s", Guide)
	}
	if p.Partial {
		// A continuation slice or a find: one line of where, then only
		// what the first view did not bring.
		v.line("%s", p.Where)
	}
}

func (v *compactVoice) identity(p identityPart) {
	title := esc(p.Title)
	if title == "" {
		title = "(untitled)"
	}
	v.line("## Page: %s — %s", title, esc(p.Path))
	facts := []string{"revision " + p.Revision}
	if p.Page != "" {
		facts = append(facts, "page "+p.Page)
	}
	if p.Route != "" {
		facts = append(facts, "route "+esc(p.Route))
	}
	for _, kv := range p.Params {
		facts = append(facts, esc(kv[0])+"="+esc(kv[1]))
	}
	if p.ParamsCut > 0 {
		facts = append(facts, fmt.Sprintf("%d params cut", p.ParamsCut))
	}
	if p.CharsCut > 0 {
		facts = append(facts, fmt.Sprintf("%d chars of title, path and route cut", p.CharsCut))
	}
	if !p.Settled {
		facts = append(facts, "did not settle (may still be changing)")
	}
	if p.Modal != "" {
		facts = append(facts, fmt.Sprintf("dialog %q open (controls behind it covered)", esc(p.Modal)))
	}
	if p.Slice != nil {
		facts = append(facts, fmt.Sprintf("continuation slice: records from %d, actions from %d, regions from %d", p.Slice.RecordOffset+1, p.Slice.ActionOffset+1, p.Slice.RegionOffset+1))
	}
	if p.ProseOutside > 0 {
		facts = append(facts, proseNote(p.ProseOutside)+" outside the regions")
	}
	v.line("%s", strings.Join(facts, "; "))
}

func (v *compactVoice) regions(p regionsPart) {
	if len(p.Regions) == 0 && p.Cut == 0 {
		return
	}
	v.line("## Regions")
	descs := make([]string, len(p.Regions))
	for i, r := range p.Regions {
		descs[i] = regionDesc(r)
	}
	// A run of like regions (widget-6 … widget-20, the same role, place
	// and counts) is one line.
	for i := 0; i < len(p.Regions); {
		j := regionRunEnd(p.Regions, descs, i)
		if j-i >= 3 {
			d := descs[i]
			if p.Regions[i].ActionsTotal > 0 {
				d += " each"
			}
			v.line("- %s..%s (%d regions): %s", esc(p.Regions[i].ID), esc(p.Regions[j-1].ID), j-i, d)
			i = j
			continue
		}
		v.line("- %s: %s", esc(p.Regions[i].ID), descs[i])
		i++
	}
	if p.Cut > 0 {
		v.line("(%d more regions)", p.Cut)
	}
}

// regionRunEnd is the end of the run of like regions starting at i: the
// same description, ids numbered one apart.
func regionRunEnd(regions []RegionView, descs []string, i int) int {
	pre, n, ok := splitID(regions[i].ID)
	j := i + 1
	for ok && j < len(regions) && descs[j] == descs[i] {
		p, m, ok2 := splitID(regions[j].ID)
		if !ok2 || p != pre || m != n+(j-i) {
			break
		}
		j++
	}
	return j
}

func (v *compactVoice) actions(p actionsPart) {
	head := fmt.Sprintf("## Actions (%d", len(p.Actions))
	if p.Counts.Entries != len(p.Actions) {
		head = fmt.Sprintf("## Actions (showing %d of %d entries", len(p.Actions), p.Counts.Entries)
	}
	if p.Counts.Controls != p.Counts.Entries {
		head += fmt.Sprintf("; folded from %d controls", p.Counts.Controls)
	}
	v.line("%s)", head)
	// Entries of one region in a row go under a heading `@x:`; a lone
	// entry carries its region inline (`@x`).
	group := "\x00"
	for i, a := range p.Actions {
		switch {
		case a.Region == group:
		case a.Region == "" || i+1 < len(p.Actions) && p.Actions[i+1].Region == a.Region:
			group = a.Region
			if group == "" {
				v.line("(no region):")
			} else {
				v.line("@%s:", esc(group))
			}
		default:
			group = "\x00"
			v.line("- %s", compactAction(a, true))
			continue
		}
		v.line("- %s", compactAction(a, false))
	}
	if p.Cut > 0 {
		v.line("(%d more entries cut)", p.Cut)
	}
	v.unavailable(p.Unavailable, p.Modal)
}

// unavailable writes the entries that cannot run now: those with the
// same reason share a line; the open dialog is named once, in the
// identity line.
func (v *compactVoice) unavailable(us []UnavailableView, modal string) {
	if len(us) == 0 {
		return
	}
	v.line("## Unavailable now")
	var reasons []string
	names := map[string][]string{}
	for _, u := range us {
		r := u.Reason
		if modal != "" && r == "covered by the open dialog \""+modal+"\"" {
			r = "covered by the open dialog"
		}
		if names[r] == nil {
			reasons = append(reasons, r)
		}
		names[r] = append(names[r], u.Name)
	}
	for _, r := range reasons {
		ns := names[r]
		// the whole page behind a dialog is covered (Jupyter's Delete
		// dialog over 25 actions): a few names say what waits behind it,
		// a count the rest; every one returns when the dialog closes
		// ("and 1 more" would be longer than the name)
		if r == "covered by the open dialog" && len(ns) > coveredNamesShown+1 {
			shown, more := cutNames(ns, coveredNamesShown)
			v.line("- %s and %d more: %s", strings.Join(shown, ", "), more, esc(r))
			continue
		}
		v.line("- %s: %s", strings.Join(ns, ", "), esc(r))
	}
}

// coveredNamesShown is how many of the actions an open dialog covers the
// compact voice names; the full voice and the JSON name them all.
const coveredNamesShown = 6

// records writes the records: a table's columns once, then one line per
// row, the count of those cut and the ids not shown.
func (v *compactVoice) records(p recordsPart) {
	if p.Records.Total == 0 && p.Find == nil {
		return
	}
	switch {
	case p.Find != nil:
		v.line("## Records holding the words (%d, %d with fields)", p.Find.Found, len(p.Records.Shown))
	case p.Slice != nil:
		v.line("## Records %s of %d", p.Range, p.Records.Total)
	default:
		v.line("## Records (%d, %d with fields)", p.Records.Total, len(p.Records.Shown))
	}
	v.recordRows(p.Records.Shown)
	switch {
	case p.Find != nil && p.Find.Found == 0:
		v.line("(no record of the active set holds %q)", esc(p.Find.Text))
	case p.Find != nil && p.Cut > 0:
		v.line("(%d more records hold the words; add words to narrow the find)", p.Cut)
	case p.Cut > 0 && !p.Partial:
		v.line("(%d more records without fields; observe {find: {text}} returns the rows holding some words)", p.Cut)
	case p.Cut > 0:
		v.line("(%d more records without fields)", p.Cut)
	}
	v.recordIDs(p)
}

// recordRows writes one line per record. A run of records with the same
// fields is a table: its columns are said once, each row gives the values.
func (v *compactVoice) recordRows(rows []RecordView) {
	columns := ""
	for i, r := range rows {
		s := "- " + esc(r.ID)
		if labelApart(r) {
			s += " \"" + esc(r.Label) + "\""
		}
		cols := strings.Join(r.Order, "\x00")
		table := len(r.Order) > 0 && (cols == columns ||
			i+1 < len(rows) && strings.Join(rows[i+1].Order, "\x00") == cols)
		switch {
		case table:
			if cols != columns {
				v.line("columns: %s", joinCells(r.Order))
			}
			vals := make([]string, len(r.Order))
			for j, k := range r.Order {
				vals[j] = r.Fields[k]
			}
			s += ": " + joinCellsCut(vals, r)
		case len(r.Order) > 0:
			fields := make([]string, len(r.Order))
			for j, k := range r.Order {
				fields[j] = esc(k) + " " + esc(r.Fields[k]) + cutMark(r, k)
			}
			s += ": " + strings.Join(fields, "; ")
		}
		if table {
			columns = cols
		} else {
			columns = ""
		}
		v.line("%s", s)
	}
}

// recordIDs writes the ids of the index not shown with their fields, and
// how many the index left out.
func (v *compactVoice) recordIDs(p recordsPart) {
	shown := map[string]bool{}
	for _, r := range p.Records.Shown {
		shown[r.ID] = true
	}
	var ids []string
	for _, id := range p.Records.IDs {
		if !shown[id] {
			ids = append(ids, esc(id))
		}
	}
	// The ids neither listed nor shown with fields: what "+N more" counts
	// (a row shown with its fields is not missing from the index).
	unlisted := 0
	if !p.Partial {
		unlisted = max(p.Records.Total-len(ids)-len(shown), 0)
	}
	if len(ids) > 0 || unlisted > 0 {
		more := ""
		if unlisted > 0 {
			more = fmt.Sprintf(" +%d more", unlisted)
		}
		v.line("ids: %s", strings.TrimSpace(strings.Join(idRuns(ids), " ")+more))
	}
}

func (v *compactVoice) hidden(p hiddenPart) {
	if len(p.Hidden) == 0 && p.Cut == 0 {
		return
	}
	v.line("## Hidden content")
	for _, h := range p.Hidden {
		v.line("- %s (%s): reveal by %s", esc(h.Label), esc(h.Region), esc(h.How))
	}
	if p.Cut > 0 {
		v.line("(%d more)", p.Cut)
	}
}

func (v *compactVoice) state(p statePart) {
	if len(p.State) == 0 && p.Cut == 0 {
		return
	}
	v.line("## State")
	if len(p.State) > 0 {
		v.line("<page_data>%s</page_data>", pageDataJSON(p.State))
	}
	if p.Cut > 0 {
		v.line("(%d state groups cut)", p.Cut)
	}
}

func (v *compactVoice) feedback(p feedbackPart) {
	if len(p.Feedback) == 0 && p.Cut == 0 {
		return
	}
	v.line("## Feedback")
	for _, f := range p.Feedback {
		t := esc(f.Kind)
		if f.Field != "" {
			t += " field:" + esc(f.Field)
		}
		if f.Region != "" {
			t += " @" + esc(f.Region)
		}
		v.line("- %s: <page_data>%s</page_data>", t, esc(f.Message))
	}
	if p.Cut > 0 {
		v.line("(%d more feedback items cut)", p.Cut)
	}
}

func (v *compactVoice) notes(p notesPart) {
	if len(p.Notes) > 0 {
		v.line("## Notes from Pling")
		for _, n := range p.Notes {
			v.line("- %s", esc(n))
		}
	}
	if p.Continuation != "" {
		v.line("## More: observe with continuation %q", p.Continuation)
	}
}

// compactAction is one entry of the compact action list: name and
// arguments, region id when tagged, what it does (when the name does not already say
// it), fold and link summaries, flags.
func compactAction(a Action, tagged bool) string {
	s := a.Name + compactArgs(a)
	if tagged {
		s += " @" + esc(a.Region)
	}
	if d := compactDescription(a); d != "" {
		s += ": " + esc(d)
	}
	if a.Kind == "select" && len(a.Params["value"].Enum) > 0 {
		s += " | options: " + optionList(a)
	}
	if a.RecordParam {
		s += fmt.Sprintf(" | %d rows (%s", a.Folded, joinEsc(a.SampleIDs, " "))
		if a.Folded > len(a.SampleIDs) {
			s += " …"
		}
		if a.Offscreen > 0 {
			s += fmt.Sprintf("; %d offscreen", a.Offscreen)
		}
		s += ")"
	}
	s += compactLinks(a) + valueText(a, true) + compactFlags(a)
	return s
}

// compactLinks sums up a folded link list (the first eight names and how
// many more) or a calendar's days (first … last); "" for other entries.
func compactLinks(a Action) string {
	switch {
	case a.links == nil:
		return ""
	case a.arg() == "day":
		return " | days " + esc(a.links[0].label) + " … " + esc(a.links[len(a.links)-1].label)
	}
	const show = 8
	names := make([]string, 0, show)
	for i, m := range a.links {
		if i >= show {
			break
		}
		names = append(names, m.label)
	}
	s := " | " + joinEsc(names, " / ")
	if len(a.links) > show {
		s += fmt.Sprintf(" … +%d more", len(a.links)-show)
	}
	return s
}

// compactFlags are an entry's flags in brackets: an effect its kind does
// not imply, confirmation, handoff, hover.
func compactFlags(a Action) string {
	var flags []string
	switch {
	case a.Effect == "write" && a.Kind == "link":
		flags = append(flags, "writes")
	case a.Effect == "read" && a.Kind != "link":
		flags = append(flags, "reads only")
	}
	if a.Confirm {
		flags = append(flags, "needs the user's confirmation")
	}
	if a.Handoff {
		flags = append(flags, "for a human; never runs")
	}
	if a.hoverOnly {
		flags = append(flags, "on hover")
	}
	if len(flags) == 0 {
		return ""
	}
	return " [" + strings.Join(flags, "; ") + "]"
}

// compactArgs is an entry's argument list, "(record, value)"; "" when it
// takes none.
func compactArgs(a Action) string {
	var args []string
	switch {
	case a.RecordParam:
		args = append(args, "record")
	case a.links != nil:
		args = append(args, a.arg())
	}
	switch a.Kind {
	case "type":
		args = append(args, "text")
	case "select":
		args = append(args, "value")
	}
	args = append(args, toolArgs(a)...) // page/webmcp.go
	if len(args) == 0 {
		return ""
	}
	return "(" + strings.Join(args, ", ") + ")"
}

// compactDescription drops an inferred description that only restates the
// name (Press "Save" for save, Type into "Email" for email(text));
// declared descriptions, toggles with their state, links with their
// target and uploads with their limits are kept.
//
// Issue 18: what the name does not say of the control's kind is said in a
// word or two (checkbox, now false; radio; text area; date; icon), so a
// radio is no checkbox and a text area no one-line input, and the line
// stays short.
func compactDescription(a Action) string {
	if a.declared || a.links != nil || a.Description == "" {
		return a.Description
	}
	said := a.label
	if said == "" {
		said = a.evidence
	}
	restates := said != "" && restatesName(slug(said, 40), a.Name)
	// a folded row action named by what it does (toggle, choose) says only its control
	if said == "" && a.Control != "" && a.RecordParam {
		restates = true
	}
	// a row link named by its title (show_structure: Show structure)
	if restates && a.Description == said && a.Kind != "click" && a.Kind != "type" && a.Kind != "select" {
		return ""
	}
	if restates && (a.Kind == "click" || a.Kind == "type" || a.Kind == "select") {
		var parts []string
		if a.NameFrom == "icon" {
			parts = append(parts, "icon")
		}
		if w := compactControl[a.Control]; w != "" && !strings.Contains(a.Name, slug(w, 40)) {
			parts = append(parts, w) // not email(text): email
		}
		if i := strings.Index(a.Description, "(now "); i >= 0 {
			parts = append(parts, strings.TrimSuffix(a.Description[i+1:], ")"))
		}
		return strings.Join(parts, ", ")
	}
	return a.Description
}

// restatesName: a name is its label's slug, or that slug with the _2, _3
// uniqueName adds (a label that ends in a number, "Vector (2022)", is
// its own name: no suffix is cut from it).
func restatesName(labelSlug, name string) bool {
	if labelSlug == name {
		return true
	}
	rest, ok := strings.CutPrefix(name, labelSlug+"_")
	if !ok || rest == "" {
		return false
	}
	// a kind that told two of one name apart (search_button: Press "Search")
	if kindTail[rest] {
		return true
	}
	for _, r := range rest {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// compactControl is the compact rendering's word for a control kind;
// plain buttons, links, one-line text boxes and dropdowns (whose kind
// says it) have none.
var compactControl = map[string]string{
	"checkbox": "checkbox", "radio": "radio", "switch": "switch", "textarea": "text area",
	"slider": "slider", "spinbutton": "number", "combobox": "combobox", "searchbox": "search box",
	"listbox": "list box", "tab": "tab", "option": "option", "menuitem": "menu item",
	"date": "date", "datetime-local": "date and time", "time": "time", "month": "month", "week": "week",
	"email": "email", "url": "URL", "tel": "phone", "password": "password", "secret": "secret",
}

// regionDesc is what the compact form says of a region after its id:
// role, label (unless the id spells it), purpose, place, action counts.
func regionDesc(r RegionView) string {
	role := r.Role
	if role == "" {
		role = "region"
	}
	s := esc(role)
	if !spells(r.ID, r.Label) {
		s += fmt.Sprintf(" %q", esc(r.Label))
	}
	if r.Purpose != "" {
		s += " (" + esc(r.Purpose) + ")"
	}
	if r.Parent != "" {
		s += " in " + esc(r.Parent)
	}
	if !r.InViewport {
		s += " offscreen"
	}
	switch {
	case r.ActionsTotal > 0 && r.ActionsShown == r.ActionsTotal:
		s += fmt.Sprintf(", actions %d", r.ActionsTotal)
	case r.ActionsTotal > 0:
		s += fmt.Sprintf(", actions %d/%d", r.ActionsShown, r.ActionsTotal)
	}
	if r.ProseChars > 0 {
		s += ", " + proseNote(r.ProseChars)
	}
	return s
}

// spells says whether id is what the region's label becomes as an id
// ("primary-navigation" for "Primary navigation"): the label then adds
// nothing to the id.
func spells(id, label string) bool {
	return label == "" || strings.ReplaceAll(slug(label, 64), "_", "-") == id
}

// joinCells joins the cells of a table row with " | "; a "|" inside a
// cell is escaped, an empty cell is "".
func joinCells(v []string) string {
	out := make([]string, len(v))
	for i, s := range v {
		switch s {
		case "":
			out[i] = `""`
		default:
			out[i] = strings.ReplaceAll(esc(s), "|", `\|`)
		}
	}
	return strings.Join(out, " | ")
}

// joinCellsCut is joinCells with each cut value's count.
func joinCellsCut(v []string, r RecordView) string {
	if len(r.Cut) == 0 {
		return joinCells(v)
	}
	out := make([]string, len(v))
	for i, s := range v {
		switch s {
		case "":
			out[i] = `""`
		default:
			out[i] = strings.ReplaceAll(esc(s), "|", `\|`) + cutMark(r, r.Order[i])
		}
	}
	return strings.Join(out, " | ")
}

// idRuns writes runs of three or more consecutive ids (the same prefix,
// numbers one apart: o21 o22 … o40) as first..last.
func idRuns(ids []string) []string {
	var out []string
	for i := 0; i < len(ids); {
		pre, n, ok := splitID(ids[i])
		j := i + 1
		for ok && j < len(ids) {
			p, m, ok2 := splitID(ids[j])
			if !ok2 || p != pre || m != n+(j-i) {
				break
			}
			j++
		}
		if j-i >= 3 {
			out = append(out, ids[i]+".."+ids[j-1])
		} else {
			out = append(out, ids[i:j]...)
		}
		i = j
	}
	return out
}

// splitID splits an id into its prefix and its decimal number ("o21" is
// "o", 21); ok is false when it does not end in one, or it has a leading
// zero (o021 is not o21's neighbour o22's form).
func splitID(id string) (prefix string, n int, ok bool) {
	k := len(id)
	for k > 0 && id[k-1] >= '0' && id[k-1] <= '9' {
		k--
	}
	digits := id[k:]
	if digits == "" || len(digits) > 9 || (digits[0] == '0' && len(digits) > 1) || strings.Contains(id[:k], "..") {
		return "", 0, false
	}
	for _, c := range digits {
		n = n*10 + int(c-'0')
	}
	return id[:k], n, true
}
