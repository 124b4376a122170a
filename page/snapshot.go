package page

// This file is the contract between the in-page collector (collector/) and
// Go. The collector reports facts about the live page as one JSON document;
// Go folds, budgets and renders them. Field names are the JSON the collector
// emits; change both sides together.

// CollectParams are the parameters passed to one collector run.
type CollectParams struct {
	// RecordOffset is the index, in document order over all records, of the
	// first record whose fields are collected (continuation paging).
	RecordOffset int `json:"record_offset"`
	// RecordFields caps how many records carry full fields.
	RecordFields int `json:"record_fields"`
	// MaxRecordIDs caps how many record ids the collector lists at all.
	MaxRecordIDs int `json:"max_record_ids"`
	// MaxControls caps how many non-row controls are described.
	MaxControls int `json:"max_controls"`
	// MaxText caps every string the collector returns, in UTF-16 units.
	MaxText int `json:"max_text"`
	// FindRecord lists the record with this id even beyond MaxRecordIDs
	// (an action on a row found through continuation).
	FindRecord string `json:"find_record,omitempty"`
	// FindText, when set, gives fields to the records whose text holds
	// every one of its words (case-insensitive), at most RecordFields of
	// them, instead of the window at RecordOffset, and lists them even
	// beyond MaxRecordIDs (observe {find}).
	FindText string `json:"find_text,omitempty"`
	// MaxNodes caps the number of DOM nodes the collector walks.
	MaxNodes int `json:"max_nodes"`
	// MaxRegions caps how many regions are listed; regions beyond it are
	// counted in Stats.RegionsTotal and their content belongs to the
	// nearest listed ancestor region.
	MaxRegions int `json:"max_regions"`
	// WebMCPTitles asks webmcp/ (tools.js) for the titles of the main document's
	// WebMCP tools (the browser's WebMCP domain does not report them); set
	// when the browser reports tools.
	WebMCPTitles bool `json:"webmcp_titles,omitempty"`
	// Tick is the pattern of times that change with the clock alone
	// (TickingTime, which Collect and an observation set): a row's sig
	// and a region's prose digest are of the text with them masked, so a
	// ticking clock changes neither.
	Tick string `json:"tick,omitempty"`
}

// Snapshot is what one collector pass returns: the raw facts of the page at
// one moment. It carries no DOM, selectors or coordinates; elements are
// referred to by opaque keys that the collector maps back to nodes.
type Snapshot struct {
	// DocumentID is random per document (kept in the page for its life): a
	// different id means the page navigated.
	DocumentID string `json:"document_id"`
	// URL is the document URL without its fragment, user info and query.
	URL string `json:"url"`
	// Title is document.title.
	Title string `json:"title"`
	// Path is location.pathname.
	Path string `json:"path"`
	// Route is the declared route name (data-pling-route on <html> or <body>).
	Route string `json:"route,omitempty"`
	// Params are declared route parameters (data-pling-param-NAME on <html>/<body>).
	Params map[string]string `json:"params,omitempty"`
	// Viewport describes the visual viewport and scroll position.
	Viewport Viewport `json:"viewport"`
	// Modal names the open modal dialog covering the rest of the page, if any.
	Modal *Modal `json:"modal,omitempty"`
	// Regions in document order (outer before inner).
	Regions []Region `json:"regions"`
	// Controls are the page's actions that are not row actions.
	Controls []Control `json:"controls"`
	// RowActions are the shapes of row actions, one per (name, region);
	// which records carry them is in Record.Actions.
	RowActions []Control `json:"row_actions"`
	// Records in document order, at most MaxRecordIDs of them.
	Records []Record `json:"records"`
	// RecordsTotal counts all records found, even beyond MaxRecordIDs.
	RecordsTotal int `json:"records_total"`
	// RecordsFound counts the records whose text holds CollectParams.FindText
	// (0 without one).
	RecordsFound int `json:"records_found,omitempty"`
	// State holds declared and inferred read-only state values.
	State []StateItem `json:"state"`
	// Feedback holds validation errors, alerts and status messages.
	Feedback []Feedback `json:"feedback"`
	// Hidden lists regions whose content is collapsed or hidden but can be
	// revealed (closed <details>, aria-expanded=false, hidden tab panels).
	Hidden []HiddenContent `json:"hidden"`
	// Frames lists iframes: walked (same-origin) or not (cross-origin).
	Frames []Frame `json:"frames,omitempty"`
	// Stats says how much the collector walked and what it cut.
	Stats Stats `json:"stats"`
	// Prose counts, per region, the text the observation does not show;
	// set by Observe (read.js), not by the collector.
	Prose *Prose `json:"prose,omitempty"`
	// Settled is set when the observation waited for the page to settle:
	// false when it never went quiet within the timeout.
	Settled *bool `json:"settled,omitempty"`
	// FieldDigest is the salted digest of one field's value, when the
	// observation was asked for it (after a type action); never shown.
	FieldDigest *string `json:"field_digest,omitempty"`
	// WebMCP are the tools the page declared with WebMCP (attachWebMCP:
	// the browser's and a polyfill's), for its current documents.
	WebMCP []WebMCPTool `json:"webmcp,omitempty"`
	// WebMCPPage is what webmcp/ found in the page: declarative forms,
	// iframes and their regions, a polyfill's tools.
	WebMCPPage *WebMCPPage `json:"webmcp_page,omitempty"`
	// Mark is the page's clock (performance.now, ms) when the collector
	// started: an action may resolve against this snapshot as long as
	// the page has not changed since (js/unchanged.js). Never shown.
	Mark float64 `json:"mark,omitempty"`
}

// Viewport is the size of the visible area and where it is scrolled to.
type Viewport struct {
	Width        int `json:"width"`
	Height       int `json:"height"`
	ScrollY      int `json:"scroll_y"`
	ScrollHeight int `json:"scroll_height"`
}

// Modal is an open modal dialog; controls outside it are covered.
type Modal struct {
	Label string `json:"label"`
	// Region is the region id of the dialog, when it is one.
	Region string `json:"region,omitempty"`
}

// Region is a part of the page: declared (data-pling-region) or inferred
// from landmarks and labelled sections.
type Region struct {
	ID string `json:"id"`
	// Key refers to the region's element (for scrolling it).
	Key      string `json:"key,omitempty"`
	Label    string `json:"label"`
	Purpose  string `json:"purpose,omitempty"`
	Role     string `json:"role,omitempty"`
	Parent   string `json:"parent,omitempty"`
	Declared bool   `json:"declared,omitempty"`
	// InViewport is true when any part of the region is on screen.
	InViewport bool `json:"in_viewport"`
	// Active is false for an inactive tab panel or a region behind a modal.
	Active bool `json:"active"`
}

// Control is one actionable element, or (in Snapshot.RowActions) the shape
// shared by one row action across records.
type Control struct {
	// Key refers to the element inside the page (opaque; never shown to the
	// model). Empty in RowActions, where Record.Actions carries per-row keys.
	Key string `json:"key,omitempty"`
	// Name is the declared action name (data-pling-action) or, when
	// inferred, empty: Go derives it from Label/Evidence.
	Name string `json:"name,omitempty"`
	// Shape, on a row action, is the key that Record.Actions uses for it:
	// the declared name, or a key the collector derives for inferred
	// shapes (same label/evidence, kind and region).
	Shape string `json:"shape,omitempty"`
	// Label is the accessible name, or the nearest evidence when there is
	// none (label, title, placeholder).
	Label string `json:"label,omitempty"`
	// Evidence holds words of the element's id and class (e.g. "toggle",
	// "destroy") for naming a control that has no accessible name.
	Evidence string `json:"evidence,omitempty"`
	// Description is data-pling-description, or aria-description/title.
	Description string `json:"description,omitempty"`
	// Kind is one of click, type, select, check, link, submit, upload.
	Kind string `json:"kind"`
	// Role is the element's ARIA role or tag-derived role (button, link,
	// textbox, checkbox, combobox, tab, menuitem, switch, radio, searchbox).
	Role string `json:"role,omitempty"`
	// Effect is read or write when declared; empty when inferred.
	Effect string `json:"effect,omitempty"`
	// Region is the id of the innermost enclosing region.
	Region string `json:"region,omitempty"`
	// Declared is true for data-pling-action controls.
	Declared bool `json:"declared,omitempty"`
	// Disabled is true for disabled or aria-disabled controls.
	Disabled bool `json:"disabled,omitempty"`
	// Unavailable is the declared reason (data-pling-unavailable) or
	// "disabled" when disabled without a reason.
	Unavailable string `json:"unavailable,omitempty"`
	Confirm     bool   `json:"confirm,omitempty"`
	Handoff     bool   `json:"handoff,omitempty"`
	// InViewport is true when the element's box intersects the viewport.
	InViewport bool `json:"in_viewport"`
	// Covered is true when a modal or an overlay covers the element.
	Covered bool `json:"covered,omitempty"`
	// HoverOnly is true for a control shown only on hover or focus.
	HoverOnly bool `json:"hover_only,omitempty"`
	// Double is true for a control a double click operates (a dblclick
	// handler: phpMyAdmin's data cells start editing on one).
	Double bool `json:"double,omitempty"`
	// Focus says how the control stands to the field the page put the
	// focus in (collector/focus.js): 1 that field, 2 a button after it in
	// the smallest container around it that holds a button after it, 3
	// another control after it there, 4 one before it; 0 elsewhere, or
	// when no field has the focus.
	Focus int `json:"focus,omitempty"`
	// InputType is the type attribute of an input (text, email, search...).
	InputType string `json:"input_type,omitempty"`
	// Multiline is true for a text area or a multi-line editable (kind
	// type): Enter adds a line there.
	Multiline bool `json:"multiline,omitempty"`
	// NameFrom is "icon" when Label is the conventional name of the icon
	// of a control that has no text or accessible name of its own
	// (fa-trash, a material-icons ligature, an SVG's title).
	NameFrom string `json:"name_from,omitempty"`
	// Does, on a row action whose control is the record's own element (a
	// clickable row holding no control), says what a click on it does:
	// "expand" for a row that shows or hides the details under it, "click"
	// for any other. It names the folded action (expand(record)). "cell"
	// is a clickable cell of a table's row, named by its column's header
	// and described as the row's cell (never named by the row's data);
	// "open" a link whose text is the row's data, named by its column.
	Does string `json:"does,omitempty"`
	// Context, on a control whose label another control of its kind
	// shares, is the heading of the nearest card, panel or section around
	// it ("Notice", "Earnings Overview"): the build names the controls by
	// it when it tells them apart (ok_notice), instead of ok, ok_2.
	Context string `json:"context,omitempty"`
	// Accept is a file input's accept attribute (kind upload).
	Accept string `json:"accept,omitempty"`
	// Multiple is true for a file input that takes several files.
	Multiple bool `json:"multiple,omitempty"`
	// Options are the visible option labels of a select (bounded).
	Options []string `json:"options,omitempty"`
	// OptionsTotal is how many options a select has when that is more
	// than Options lists (0 otherwise).
	OptionsTotal int `json:"options_total,omitempty"`
	// Checked is the state of a checkbox, radio or switch.
	Checked *bool `json:"checked,omitempty"`
	// Required is true for a required input.
	Required bool `json:"required,omitempty"`
	// Invalid is true for aria-invalid=true.
	Invalid bool `json:"invalid,omitempty"`
	// Secret is true for password and other secret inputs; their values
	// never leave the browser.
	Secret bool `json:"secret,omitempty"`
	// Value is the current content of a non-secret field (a text input,
	// a text area, a select's chosen options, a CodeMirror 5 editor, a
	// contenteditable): page data, at most CollectParams.MaxText UTF-16
	// units. When longer it is the head, ValueTail the end, and ValueLen
	// the whole length (issue 18 pt 3). Never set on a secret field or a
	// row's control.
	Value     string `json:"value,omitempty"`
	ValueTail string `json:"value_tail,omitempty"`
	ValueLen  int    `json:"value_len,omitempty"`
	// Href is the path (same origin) or origin+path of a link's target.
	Href string `json:"href,omitempty"`
	// InPage is set on a link to a fragment of its own document (a
	// toggle, an anchor): of two links of one name in a link list, a page
	// link takes the plain name before it.
	InPage bool `json:"in_page,omitempty"`
	// Date is the date (YYYY-MM-DD) of a calendar's day cell; Build folds
	// the days of one Calendar (an opaque key of the calendar's element)
	// into one choose_day(day) entry (issue 18 pt 13).
	Date     string `json:"date,omitempty"`
	Calendar string `json:"calendar,omitempty"`
	// Listbox is, on an option, the listbox it is one of (an id of this
	// snapshot), and ListboxLabel that list's name (its own, or its
	// combobox's): Build folds a long list into one
	// choose_<list>(value) entry.
	Listbox      string `json:"listbox,omitempty"`
	ListboxLabel string `json:"listbox_label,omitempty"`
	// Count, in RowActions, is how many records carry this action.
	Count int `json:"count,omitempty"`
	// Offscreen, in RowActions, is how many of those records are outside
	// the viewport.
	Offscreen int `json:"offscreen,omitempty"`
	// Frame is the index into Snapshot.Frames when the control is in an
	// iframe, or -1 (omitted) for the main document.
	Frame *int `json:"frame,omitempty"`
	// Shadow is true when the control lives in an open shadow root.
	Shadow bool `json:"shadow,omitempty"`
}

// Record is a business object on the page: a declared record or an
// inferred repeated row.
type Record struct {
	// ID is stable: data-pling-record, else an author id (data-id, id),
	// else an id the collector keeps per DOM node for the document's life.
	ID string `json:"id"`
	// Label is data-pling-label or the row's first text.
	Label string `json:"label,omitempty"`
	// Region is the id of the innermost enclosing region.
	Region string `json:"region,omitempty"`
	// Fields are collected only for records inside the requested window
	// (CollectParams.RecordOffset/RecordFields), in document order.
	Fields []Field `json:"fields,omitempty"`
	// HasFields marks records inside the window (even with no fields).
	HasFields bool `json:"has_fields,omitempty"`
	// Actions maps row action names to the element key in this row.
	Actions map[string]string `json:"actions,omitempty"`
	// Unavailable maps row action names to why they cannot run on this row.
	Unavailable map[string]string `json:"unavailable,omitempty"`
	InViewport  bool              `json:"in_viewport"`
	Declared    bool              `json:"declared,omitempty"`
	// Sig is a short hash of the row's visible text and declared field
	// values, for every record (fields or not), so a receipt can tell a
	// changed row from an unchanged one.
	Sig string `json:"sig,omitempty"`
}

// Field is one readable field of a record.
type Field struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Cut counts the characters of a long value the collector cut (its
	// head is Value, ending in "…"; or, for a find, the window around the
	// first word found, between "…"s).
	Cut int `json:"cut,omitempty"`
}

// StateItem is a read-only state value: a declared data-pling-state, or an
// inferred one (selected tab, aria-sort, pagination, counts).
type StateItem struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Group names the state group (e.g. "pagination", "sort"); omitted
	// groups are counted when the state budget is exceeded.
	Group    string `json:"group,omitempty"`
	Declared bool   `json:"declared,omitempty"`
}

// Feedback is a message the page shows in reaction to the user.
type Feedback struct {
	// Kind is error, warning, status, info or success (a notice whose
	// class says so: "Settings saved.").
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Field is the name of the related field (data-pling-for, or the
	// label/name of an aria-invalid input).
	Field  string `json:"field,omitempty"`
	Region string `json:"region,omitempty"`
}

// HiddenContent is a region holding content that is not visible now but
// can be revealed.
type HiddenContent struct {
	Region string `json:"region"`
	Label  string `json:"label"`
	// How says how to reveal it: expand, tab, scroll, details.
	How string `json:"how"`
}

// Frame is an iframe of the page.
type Frame struct {
	URL string `json:"url"`
	// Walked is true for a same-origin frame whose content was collected.
	Walked bool `json:"walked"`
}

// Stats reports what the collector walked and what it cut.
type Stats struct {
	Nodes int `json:"nodes"`
	// NodeLimitHit is true when MaxNodes stopped the walk early: content
	// beyond is unknown, not absent.
	NodeLimitHit bool `json:"node_limit_hit,omitempty"`
	// ControlsTotal counts all non-row controls, even beyond MaxControls.
	ControlsTotal int `json:"controls_total"`
	// Unreadable counts elements the collector could not read (a
	// polyfilled wrapper, an odd prototype, a cross-realm node): each was
	// skipped with its subtree, and the rest of the page still observed.
	Unreadable int `json:"unreadable,omitempty"`
	// ShadowRoots and FramesWalked count what the walk entered.
	ShadowRoots  int `json:"shadow_roots,omitempty"`
	FramesWalked int `json:"frames_walked,omitempty"`
	// RegionsTotal counts all regions found when more than MaxRegions
	// (omitted otherwise).
	RegionsTotal int `json:"regions_total,omitempty"`
	// ElapsedMS is the collector's own time in the page.
	ElapsedMS float64 `json:"elapsed_ms"`
	// SettleMS is how long the settle wait before the collector took in
	// the page (0 when the observation did not wait).
	SettleMS float64 `json:"settle_ms,omitempty"`
}
