package page

// Observation is the bounded capability model of a page at one moment: what
// the agent sees. It is built from one Snapshot by Build and rendered to text
// by Render; its JSON form follows the contract sketch of DESIGN.md.
type Observation struct {
	Page        string            `json:"page,omitempty"`
	Revision    string            `json:"revision"`
	Identity    Identity          `json:"identity"`
	Regions     []RegionView      `json:"regions"`
	Actions     []Action          `json:"actions"`
	Unavailable []UnavailableView `json:"unavailable"`
	Records     RecordsView       `json:"records"`
	State       map[string]any    `json:"state"`
	Feedback    []Feedback        `json:"feedback"`
	Hidden      []HiddenContent   `json:"hidden"`
	Omitted     Omitted           `json:"omitted"`
	// Counts says what was there before budgets and folding.
	Counts Counts `json:"counts"`
	// Settled is false when the page never went quiet within the settle
	// timeout; the observation may describe a page still changing.
	Settled bool `json:"settled"`
	// Modal names an open modal dialog; controls behind it are covered.
	Modal string `json:"modal,omitempty"`
	// ProseOutside is ProseChars for the text outside every listed region
	// (observe {read: {}} reads the whole page).
	ProseOutside int `json:"prose_outside,omitempty"`
	// Continuation, when set, fetches the next slice of what budgets cut.
	Continuation string `json:"continuation,omitempty"`
	// Slice is set on a continuation observation: which slice this is.
	Slice *Slice `json:"slice,omitempty"`
	// Find is set on the result of observe {find}: what was looked for.
	Find *FindView `json:"find,omitempty"`
	// Notes are Pling's own remarks (unwalked frames, node limit hit,
	// dialogs answered), never page text.
	Notes []string `json:"notes,omitempty"`

	snap *Snapshot
	// dialogs are the JavaScript dialogs answered before this
	// observation (its feedback reports them too).
	dialogs []DialogRecord
	// notices are the tab's notices this observation reported.
	notices []string
	// all and allUnavailable are every entry before the MaxActions cut
	// and the continuation offset: any name an observation or one of its
	// slices gave resolves against them.
	all            []Action
	allUnavailable []UnavailableView
	// capBytes, when set by Fit, caps the rendering below the budgets'
	// MaxObservationBytes.
	capBytes int
	// incremental: the observation's continuation slices (or this find)
	// bring only what earlier ones did not (RuntimeOptions.IncrementalSlices).
	incremental bool
}

// Identity answers "where am I?".
type Identity struct {
	Title  string            `json:"title"`
	Path   string            `json:"path"`
	Route  string            `json:"route"`
	Params map[string]string `json:"params"`
}

// RegionView is a listed region with its action counts.
type RegionView struct {
	ID           string `json:"id"`
	Label        string `json:"label"`
	Purpose      string `json:"purpose"`
	Role         string `json:"role"`
	Parent       string `json:"parent"`
	InViewport   bool   `json:"in_viewport"`
	ActionsShown int    `json:"actions_shown"`
	ActionsTotal int    `json:"actions_total"`
	// ProseChars counts the region's prose the observation does not show
	// (paragraphs, headings: not actions, records, state or feedback), in
	// characters; observe {read: {region}} reads it. Counts below
	// MinProseChars are left out.
	ProseChars int `json:"prose_chars,omitempty"`
}

// Action is one entry of the folded action list: a single control, or a
// row action folded across records (RecordParam true).
type Action struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// Control is the kind of control behind the action, as a person
	// names it (checkbox, radio, switch, textarea, date, slider,
	// spinbutton, combobox, dropdown, tab…); empty for a plain button or
	// link, and for a folded link list or a WebMCP tool.
	Control string `json:"control,omitempty"`
	// NameFrom is "icon" when the name is the icon's conventional name
	// (an icon-only control: no text, no accessible name).
	NameFrom    string           `json:"name_from,omitempty"`
	Effect      string           `json:"effect"`
	Region      string           `json:"region"`
	Description string           `json:"description"`
	Folded      int              `json:"folded"`
	RecordParam bool             `json:"record_param"`
	Offscreen   int              `json:"offscreen"`
	Confirm     bool             `json:"confirm"`
	Handoff     bool             `json:"handoff"`
	Params      map[string]Param `json:"params"`
	// SampleIDs are a few record ids this row action applies to.
	SampleIDs []string `json:"sample_ids,omitempty"`
	// Accept and Multiple describe a file input (kind upload): the
	// accepted types as the page declares them, and whether it takes
	// several files.
	Accept   string `json:"accept,omitempty"`
	Multiple bool   `json:"multiple,omitempty"`
	// Value is the current content of a non-secret field (a type or
	// select action): page data, bounded; nil when empty or secret.
	Value *FieldValue `json:"value,omitempty"`
	// Source is "webmcp" for a tool the page declared with WebMCP (kind
	// tool; its params are its bounded input schema); empty otherwise.
	Source string `json:"source,omitempty"`

	regionLabel string       // outer-to-inner region path for the tag
	label       string       // the control's accessible name
	context     string       // the heading around it, when its name is shared
	evidence    string       // its id and class words, when it has no name
	links       []linkMember // the links of a folded link list, or the days of a calendar
	memberArg   string       // the argument that picks one of links: "link" ("" too), "day" or "value"
	date        string       // a calendar day's date (YYYY-MM-DD), before foldDays
	calendar    string       // its calendar's key
	listbox     string       // an option's listbox, before foldOptions
	listboxName string       // that listbox's label
	operation   bool         // a page operation: ranks before navigation
	key         string       // element key of a single control
	shape       string       // key into Record.Actions of a row action
	order       int          // document position, for stable ordering
	inViewport  bool
	inPage      bool // a link to a fragment of its own document
	covered     bool
	hoverOnly   bool
	double      bool // a double click operates it
	declared    bool
	focus       int            // Control.Focus: where it stands to the focused field
	tool        *WebMCPTool    // the WebMCP tool a "tool" entry runs
	schema      map[string]any // its bounded input schema
	submitKey   string         // a form tool's submit button
}

// FieldValue is a field's current content as an observation shows it
// (issue 18 pt 3): page data, never instructions. A value longer than the
// string budget keeps its beginning (Head) and its end (Tail) and counts
// the characters cut between them; observe {read: {field}} reads it all.
type FieldValue struct {
	Head string `json:"head"`
	Tail string `json:"tail,omitempty"`
	// Chars is the whole value's length and Cut the characters left out
	// between Head and Tail, in UTF-16 units.
	Chars int `json:"chars"`
	Cut   int `json:"cut,omitempty"`
}

// linkMember is one link of a folded link list.
type linkMember struct {
	name  string // the name it would have as its own entry
	label string // its name in the list (the link parameter's value)
	key   string
	hover bool // shown only on hover (its owner is hovered before the click)
}

// Param is the JSON Schema of one action argument.
type Param struct {
	Type        string   `json:"type"`
	Description string   `json:"description,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	// More is how many choices exist beyond Enum (a long select lists its
	// first options): any of them is taken by its text or value, so Enum
	// is then a sample, not a bound.
	More int `json:"more,omitempty"`
}

// UnavailableView is an action that exists but cannot run now.
type UnavailableView struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`

	covered bool // refused with TARGET_COVERED rather than UNAVAILABLE
}

// RecordsView holds the records with full fields and the id index.
type RecordsView struct {
	Total      int          `json:"total"`
	Shown      []RecordView `json:"shown"`
	IDs        []string     `json:"ids"`
	IDsOmitted int          `json:"ids_omitted"`
	Offscreen  int          `json:"offscreen"`
}

// RecordView is one record with its readable fields.
type RecordView struct {
	ID     string            `json:"id"`
	Label  string            `json:"label"`
	Fields map[string]string `json:"fields"`
	// Order keeps the page's field order for rendering.
	Order []string `json:"-"`
	// Cut counts, per field, the characters cut from its value so that
	// more rows fit the record budget (observe {find} shows fewer rows,
	// whole).
	Cut map[string]int `json:"cut,omitempty"`
}

// FindView says what an observe {find} looked for: the records shown are
// the ones whose text holds Text's words.
type FindView struct {
	Text string `json:"text"`
	// Found counts the matching records (those shown and those cut).
	Found int `json:"found"`
}

// Omitted counts what budgets left out, per section.
type Omitted struct {
	Actions     int `json:"actions"`
	Records     int `json:"records"`
	Regions     int `json:"regions"`
	Feedback    int `json:"feedback"`
	StateGroups int `json:"state_groups"`
	// Hidden counts hidden-content regions not listed (MaxScopes).
	Hidden int `json:"hidden,omitempty"`
	// PageChars counts characters cut from the identity (MaxPageChars);
	// Params counts route parameters dropped whole.
	PageChars int `json:"page_chars,omitempty"`
	Params    int `json:"params,omitempty"`
	// Frames counts unread frames and Notices page notices beyond the
	// notes listed.
	Frames  int `json:"frames,omitempty"`
	Notices int `json:"notices,omitempty"`
}

// Counts are the totals before folding and budgets.
type Counts struct {
	Controls      int `json:"controls"` // actions before folding
	Entries       int `json:"entries"`  // entries after folding
	RecordsInView int `json:"records_in_view"`
}

// Slice describes a continuation slice.
type Slice struct {
	RecordOffset int `json:"record_offset"`
	ActionOffset int `json:"action_offset"`
	RegionOffset int `json:"region_offset"`
}

// Snapshot returns the snapshot the observation was built from.
func (o *Observation) Snapshot() *Snapshot { return o.snap }
