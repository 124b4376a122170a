package page

import (
	"encoding/json"
	"sort"
)

// Receipt is what one action did, from the before/after snapshots
// (spec/observation.txt, "Tool message appended").
type Receipt struct {
	OK      bool          `json:"ok"`
	Action  ReceiptAction `json:"action"`
	Changed Changes       `json:"changed"`
	Warning string        `json:"warning"`
	// Output is a WebMCP tool's answer (page data), when the action was one.
	Output *ToolOutput `json:"output,omitempty"`
	// Dialogs are the JavaScript dialogs the action raised and how they
	// were answered (their messages are page data).
	Dialogs []DialogRecord `json:"dialogs,omitempty"`
}

// ReceiptAction names the original action that ran (e.g. toggle@t9).
type ReceiptAction struct {
	ID          string `json:"id"`
	Description string `json:"description"`
}

// Changes is the before/after comparison.
type Changes struct {
	Observed  bool          `json:"observed"`
	Records   RecordChanges `json:"records"`
	Actions   ActionChanges `json:"actions"`
	State     []string      `json:"state"`
	Feedback  []string      `json:"feedback"`
	Navigated bool          `json:"navigated"`
	// Fields names the type actions whose field value changed, compared
	// inside the page by a salted digest (so a secret field's value never
	// leaves it; a non-secret field's new value is in the observation).
	Fields []string `json:"fields,omitempty"`
	// Prose lists the regions whose unread text changed ("page" for the
	// text outside every region), by its length: an output, a result or a
	// message an observation does not show (a notebook cell's "42");
	// observe {read} shows it. Not set across a navigation.
	Prose []string `json:"prose,omitempty"`
	// Revealed lists records that came into the viewport (bounded). It
	// alone does not make an action observed: auto-scrolling to a target
	// reveals rows too. A scroll counts it.
	Revealed []string `json:"revealed,omitempty"`
}

// RecordChanges lists record ids added, removed or changed (bounded).
type RecordChanges struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []string `json:"changed"`
}

// ActionChanges lists folded action names that appeared or disappeared.
type ActionChanges struct {
	Appeared    []string `json:"appeared"`
	Disappeared []string `json:"disappeared"`
}

// DialogRecord is a JavaScript dialog the page opened, and how Pling
// answered it (reported as feedback).
type DialogRecord struct {
	Type     string `json:"type"`
	Message  string `json:"message"`
	Accepted bool   `json:"accepted"`
	// Unrecorded counts the dialogs answered after this one whose text the
	// browser did not keep (it keeps a bounded number per call): they are
	// counted as omitted feedback.
	Unrecorded int `json:"unrecorded,omitempty"`
}

const maxDiffIDs = 20

// Diff compares two observations of the same session.
func Diff(before, after *Observation) Changes {
	c := Changes{
		Records:  RecordChanges{Added: []string{}, Removed: []string{}, Changed: []string{}},
		Actions:  ActionChanges{Appeared: []string{}, Disappeared: []string{}},
		State:    []string{},
		Feedback: []string{},
	}
	b, a := before.snap, after.snap
	if b == nil || a == nil {
		return c
	}
	c.Navigated = b.DocumentID != a.DocumentID || b.URL != a.URL
	diffRecords(&c, b, a)
	diffActions(&c, before, after)
	c.State = diffState(c.State, b, a)
	seen := map[string]bool{}
	for _, f := range b.Feedback {
		seen[f.Kind+"\x00"+f.Message] = true
	}
	for _, f := range after.Feedback {
		if !seen[f.Kind+"\x00"+f.Message] {
			c.Feedback = append(c.Feedback, f.Kind+": "+f.Message)
		}
	}
	if !c.Navigated {
		c.Prose = diffProse(b.Prose, a.Prose)
	}
	c.Observed = c.Navigated || len(c.Prose) > 0 || len(c.Records.Added)+len(c.Records.Removed)+len(c.Records.Changed) > 0 ||
		len(c.Actions.Appeared)+len(c.Actions.Disappeared) > 0 || len(c.State) > 0 || len(c.Feedback) > 0 ||
		b.Title != a.Title || b.Modal != nil != (a.Modal != nil) || len(b.Hidden) != len(a.Hidden)
	return c
}

// diffProse lists the regions whose unread text changed between two prose
// counts of one document ("page" for the text outside the regions),
// sorted, bounded. The digests are of the text with its ticking times
// masked (TickingTime), so they alone say whether it changed; a count
// without digests is compared by its lengths.
func diffProse(b, a *Prose) []string {
	if b == nil || a == nil || b.Cut || a.Cut {
		return nil
	}
	var out []string
	digests := b.Digests != nil && a.Digests != nil
	if b.OutsideDigest != a.OutsideDigest || (!digests && b.Outside != a.Outside) {
		out = append(out, "page")
	}
	var ids []string
	for id, n := range a.Regions {
		if b.Digests[id] != a.Digests[id] || (!digests && b.Regions[id] != n) {
			ids = append(ids, id)
		}
	}
	for id, n := range b.Regions {
		if _, ok := a.Regions[id]; !ok && n > 0 {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		out = appendBounded(out, id)
	}
	return out
}

// diffRecords lists the records added, changed, revealed and removed
// between snapshots b and a (each list bounded).
func diffRecords(c *Changes, b, a *Snapshot) {
	bRec := recordMap(b)
	aRec := recordMap(a)
	for _, r := range a.Records {
		old, ok := bRec[r.ID]
		switch {
		case !ok:
			c.Records.Added = appendBounded(c.Records.Added, r.ID)
		case recordSig(old, old.HasFields && r.HasFields) != recordSig(r, old.HasFields && r.HasFields):
			c.Records.Changed = appendBounded(c.Records.Changed, r.ID)
		}
		if ok && r.InViewport && !old.InViewport {
			c.Revealed = appendBounded(c.Revealed, r.ID)
		}
	}
	for _, r := range b.Records {
		if _, ok := aRec[r.ID]; !ok {
			c.Records.Removed = appendBounded(c.Records.Removed, r.ID)
		}
	}
}

// diffActions lists the folded action names that appeared, in the order
// the new observation ranks them (the field the page put the caret in
// and its form's buttons first: WordPress's reply form is "comment,
// reply, cancel, bold, …", not "blockquote, bold, …"), and those that
// disappeared, in the old observation's order; the receipt's text names
// the first of each.
func diffActions(c *Changes, before, after *Observation) {
	bAct, aAct := actionNames(before), actionNames(after)
	bLinks := map[string]map[string]bool{}
	for _, a := range before.Actions {
		if e := a.Params["link"].Enum; len(e) > 0 {
			bLinks[a.Name] = map[string]bool{}
			for _, l := range e {
				bLinks[a.Name][l] = true
			}
		}
	}
	for _, a := range after.Actions {
		if !bAct[a.Name] {
			c.Actions.Appeared = append(c.Actions.Appeared, a.Name)
			continue
		}
		// a folded link list that gained links (a menu opened: Jupyter's
		// File menu, its eight entries in the navigation's list) shows
		// them as its entries, name:link, as act names them
		if had := bLinks[a.Name]; had != nil {
			for _, l := range a.Params["link"].Enum {
				if !had[l] {
					c.Actions.Appeared = append(c.Actions.Appeared, a.Name+":"+l)
				}
			}
		}
	}
	for _, a := range before.Actions {
		if !aAct[a.Name] {
			c.Actions.Disappeared = append(c.Actions.Disappeared, a.Name)
		}
	}
}

// diffState appends to changed the state names whose value changed,
// appeared or went between snapshots b and a, sorted.
func diffState(changed []string, b, a *Snapshot) []string {
	bState, aState := stateMap(b), stateMap(a)
	for k, v := range aState {
		if bv, ok := bState[k]; !ok || bv != v {
			changed = append(changed, k)
		}
	}
	for k := range bState {
		if _, ok := aState[k]; !ok {
			changed = append(changed, k)
		}
	}
	sort.Strings(changed)
	return changed
}

func appendBounded(s []string, v string) []string {
	if len(s) >= maxDiffIDs {
		return s
	}
	return append(s, v)
}

func recordMap(s *Snapshot) map[string]Record {
	m := make(map[string]Record, len(s.Records))
	for _, r := range s.Records {
		m[r.ID] = r
	}
	return m
}

// recordSig summarizes what of a record can change visibly: label, fields
// (when both snapshots carry them), its row actions and their availability.
func recordSig(r Record, withFields bool) string {
	s := steady(r.Label) + "\x00" + r.Sig + "\x00"
	for _, f := range r.Fields {
		if withFields {
			s += f.Name + "=" + steady(f.Value) + "\x00"
		}
	}
	names := make([]string, 0, len(r.Actions))
	for n := range r.Actions {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s += n + ":" + r.Unavailable[n] + "\x00"
	}
	return s
}

func actionNames(o *Observation) map[string]bool {
	m := map[string]bool{}
	for _, a := range o.Actions {
		m[a.Name] = true
	}
	return m
}

func stateMap(s *Snapshot) map[string]string {
	m := map[string]string{}
	for _, st := range s.State {
		m[st.Name] = steady(st.Value)
	}
	return m
}

// receiptNamesShown is how many appeared or disappeared action names the
// receipt's text gives; the rest are counted (a dialog that covers the
// page took 21 names away in Jupyter, and the observation that follows
// says what is there). The structured content keeps them all.
const receiptNamesShown = 8

// cutNames is names cut to the first n and the count of the rest (a
// receipt's appeared actions, the names a dialog covers).
func cutNames(names []string, n int) ([]string, int) {
	if len(names) <= n {
		return names, 0
	}
	return names[:n], len(names) - n
}

// ReceiptText is the receipt as a tool result shows it: the JSON of the
// spec's tool message ({"result":{"ok":…,"action":…,"changed":…}}, in that
// order) without empty lists, empty strings and false flags, as in the
// spec's own example ({"changed":{"observed":true}}). After a navigation
// the lists of appeared and disappeared actions and records are left out:
// the new page's observation follows. Fields (the type actions whose
// content changed: a field's value, a code editor's own model) are kept,
// so a typing step says it took. Appeared and disappeared actions are
// named up to receiptNamesShown each, the rest counted (appeared_more,
// disappeared_more). The structured content keeps the whole receipt.
func ReceiptText(rec Receipt) string {
	type records struct {
		Added   []string `json:"added,omitempty"`
		Removed []string `json:"removed,omitempty"`
		Changed []string `json:"changed,omitempty"`
	}
	type actions struct {
		Appeared        []string `json:"appeared,omitempty"`
		AppearedMore    int      `json:"appeared_more,omitempty"`
		Disappeared     []string `json:"disappeared,omitempty"`
		DisappearedMore int      `json:"disappeared_more,omitempty"`
	}
	type changes struct {
		Observed  bool     `json:"observed"`
		Records   *records `json:"records,omitempty"`
		Actions   *actions `json:"actions,omitempty"`
		State     []string `json:"state,omitempty"`
		Feedback  []string `json:"feedback,omitempty"`
		Navigated bool     `json:"navigated,omitempty"`
		Fields    []string `json:"fields,omitempty"`
		Prose     []string `json:"prose,omitempty"`
		Revealed  []string `json:"revealed,omitempty"`
	}
	type action struct {
		ID          string `json:"id"`
		Description string `json:"description,omitempty"`
	}
	// dialog is a JavaScript dialog the action raised; its text is page
	// data, and says so by its key.
	type dialog struct {
		Type     string `json:"type"`
		Accepted bool   `json:"accepted"`
		PageData string `json:"page_data"`
	}
	type result struct {
		OK      bool     `json:"ok"`
		Action  action   `json:"action"`
		Changed changes  `json:"changed"`
		Dialogs []dialog `json:"dialogs,omitempty"`
		Warning string   `json:"warning,omitempty"`
	}
	c := rec.Changed
	out := result{OK: rec.OK, Action: action{rec.Action.ID, rec.Action.Description}, Warning: rec.Warning,
		Changed: changes{Observed: c.Observed, State: c.State, Feedback: c.Feedback, Navigated: c.Navigated, Fields: c.Fields}}
	for _, d := range rec.Dialogs {
		out.Dialogs = append(out.Dialogs, dialog{d.Type, d.Accepted, clean(d.Message, 300)})
	}
	if !c.Navigated {
		if r := c.Records; len(r.Added)+len(r.Removed)+len(r.Changed) > 0 {
			out.Changed.Records = &records{r.Added, r.Removed, r.Changed}
		}
		if a := c.Actions; len(a.Appeared)+len(a.Disappeared) > 0 {
			ap, apMore := cutNames(a.Appeared, receiptNamesShown)
			dis, disMore := cutNames(a.Disappeared, receiptNamesShown)
			out.Changed.Actions = &actions{ap, apMore, dis, disMore}
		}
		out.Changed.Revealed = c.Revealed
		out.Changed.Prose = c.Prose
	}
	raw, _ := json.Marshal(map[string]any{"result": out})
	if rec.Output != nil {
		return string(raw) + toolOutputText(rec.Output)
	}
	return string(raw)
}
