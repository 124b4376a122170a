package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// More of the collector's modules, each over its own small page in
// testdata/collector-modules/, through harness-more.js (which prepares a
// run's walk object before it calls one module's export).

const moreHarness = modulePages + "harness-more.js"

// runModule opens page and applies cases of harness-more.js to it.
func runModule(t *testing.T, page string, cases []jstest.Case) {
	t.Helper()
	m := jstest.Load(t, moreHarness)
	s := jstest.Open(t, modulePages+page)
	m.Run(t, s, cases)
}

type bounds struct {
	MaxText     int      `json:"maxText"`
	MaxNodes    int      `json:"maxNodes"`
	MaxIDs      int      `json:"maxIDs"`
	MaxControls int      `json:"maxControls"`
	MaxRegions  int      `json:"maxRegions"`
	RecOffset   int      `json:"recOffset"`
	RecFields   int      `json:"recFields"`
	FindRec     string   `json:"findRec"`
	FindWords   []string `json:"findWords"`
}

func TestParamsModule(t *testing.T) {
	defaults := bounds{MaxText: 160, MaxNodes: 50000, MaxIDs: 1000, MaxControls: 400, MaxRegions: 100, RecFields: 20, FindWords: []string{}}
	with := func(f func(*bounds)) bounds {
		b := defaults
		b.FindWords = []string{}
		f(&b)
		return b
	}
	runModule(t, "params.html", []jstest.Case{
		{Name: "defaults", Fn: "bounds", Args: []any{map[string]any{}}, Want: defaults},
		{Name: "given bounds, floored", Fn: "bounds", Args: []any{map[string]any{"max_text": 40.7, "max_nodes": 10, "max_record_ids": 5, "max_controls": 7, "max_regions": 3}},
			Want: with(func(b *bounds) { b.MaxText, b.MaxNodes, b.MaxIDs, b.MaxControls, b.MaxRegions = 40, 10, 5, 7, 3 })},
		{Name: "zero and negative bounds are the defaults", Fn: "bounds", Args: []any{map[string]any{"max_text": 0, "max_nodes": -5, "max_controls": "9"}}, Want: defaults},
		{Name: "record window", Fn: "bounds", Args: []any{map[string]any{"record_offset": 40.2, "record_fields": 0}},
			Want: with(func(b *bounds) { b.RecOffset, b.RecFields = 40, 0 })},
		{Name: "negative record window is the default", Fn: "bounds", Args: []any{map[string]any{"record_offset": -3, "record_fields": -1}}, Want: defaults},
		{Name: "find text: lower-case words", Fn: "bounds", Args: []any{map[string]any{"find_text": "  Invoice   PAID ", "find_record": "r12"}},
			Want: with(func(b *bounds) { b.FindWords, b.FindRec = []string{"invoice", "paid"}, "r12" })},
		{Name: "find matches every word in any case", Fn: "found", Args: []any{jstest.El("#row"), "paid invoice"}, Want: true},
		{Name: "find needs every word", Fn: "found", Args: []any{jstest.El("#row"), "invoice refunded"}, Want: false},
		{Name: "find never joins two cells' words", Fn: "found", Args: []any{jstest.El("#row"), "95.10"}, Want: false},
		{Name: "find within one cell", Fn: "found", Args: []any{jstest.El("#row"), "5.10"}, Want: true},
		{Name: "window at an offset", Fn: "recWindow", Args: []any{map[string]any{"record_offset": 2, "record_fields": 3}, 10}, Want: []int{2, 3, 4}},
		{Name: "no window while finding", Fn: "recWindow", Args: []any{map[string]any{"find_text": "x"}, 5}, Want: []int{}},
	})
}

func TestGeometryModule(t *testing.T) {
	type vis struct {
		Meets  bool `json:"meets"`
		Mostly bool `json:"mostly"`
	}
	runModule(t, "geometry.html", []jstest.Case{
		{Name: "in view", Fn: "onScreen", Args: []any{jstest.El("#top")}, Want: vis{true, true}},
		{Name: "offscreen below", Fn: "onScreen", Args: []any{jstest.El("#below")}, Want: vis{false, false}},
		{Name: "offscreen left", Fn: "onScreen", Args: []any{jstest.El("#left")}, Want: vis{false, false}},
		{Name: "a fifth in view meets, not mostly", Fn: "onScreen", Args: []any{jstest.El("#edge")}, Want: vis{true, false}},
		{Name: "over half in view is mostly", Fn: "onScreen", Args: []any{jstest.El("#halfin")}, Want: vis{true, true}},
		{Name: "an empty box meets nothing", Fn: "onScreen", Args: []any{jstest.El("#empty")}, Want: vis{false, false}},
		{Name: "text clipped to a pixel is for screen readers", Fn: "clipped", Args: []any{jstest.El("#sronly")}, Want: true},
		{Name: "a pixel of text that overflows is seen", Fn: "clipped", Args: []any{jstest.El("#dot")}, Want: false},
		{Name: "an empty icon box is not clipped", Fn: "clipped", Args: []any{jstest.El("#icon")}, Want: false},
	})
}

type declKinds struct {
	Regions bool `json:"regions"`
	Actions bool `json:"actions"`
	Records bool `json:"records"`
	State   bool `json:"state"`
}

type declMode struct {
	Scan declKinds `json:"scan"`
	declKinds
}

func TestDeclarationsModule(t *testing.T) {
	m := jstest.Load(t, moreHarness)
	for _, c := range []struct {
		page string
		want declKinds
	}{
		{"declarations.html", declKinds{Regions: true, State: true}}, // declared regions and state, inferred actions and records
		{"plain.html", declKinds{}},                                  // nothing declared: all inferred
	} {
		t.Run(c.page, func(t *testing.T) {
			s := jstest.Open(t, modulePages+c.page)
			m.Check(t, s, jstest.Case{Name: c.page, Fn: "declMode", Want: declMode{Scan: c.want, declKinds: c.want}})
		})
	}
	t.Run("a second run keeps the first's mode", func(t *testing.T) {
		s := jstest.Open(t, modulePages+"plain.html") // no declarations: the hint, not the scan, decides
		hint := declKinds{Actions: true}
		m.Check(t, s, jstest.Case{Name: "hint", Fn: "hintedMode", Args: []any{hint},
			Want: map[string]any{"regions": false, "actions": true, "records": false, "state": false, "cached": false}})
	})
}

func TestModalModule(t *testing.T) {
	runModule(t, "modal.html", []jstest.Case{
		// the open modal <dialog>, named by its heading; Bootstrap's
		// backdrop shows (the walk makes the .modal beside it a dialog)
		{Name: "open dialog and backdrop", Fn: "modalNow", Want: map[string]any{"modal": map[string]string{"label": "Delete project?"}, "backdrop": true}},
		{Name: "close them", Fn: "closeAll", Want: true},
		{Name: "none open", Fn: "modalNow", Want: map[string]any{"modal": nil, "backdrop": false}},
	})
}

func TestFeedbackModule(t *testing.T) {
	runModule(t, "feedback.html", []jstest.Case{
		{Name: "WordPress success notice", Fn: "notice", Args: []any{jstest.El("#wpok")}, Want: "success"},
		{Name: "Bootstrap info alert", Fn: "notice", Args: []any{jstest.El("#bsinfo")}, Want: "info"},
		{Name: "warning", Fn: "notice", Args: []any{jstest.El("#bswarn")}, Want: "warning"},
		{Name: "danger is an error", Fn: "notice", Args: []any{jstest.El("#danger")}, Want: "error"},
		{Name: "flash error on a paragraph", Fn: "notice", Args: []any{jstest.El("#flash")}, Want: "error"},
		{Name: "legacy updated around a paragraph is a success", Fn: "notice", Args: []any{jstest.El("#updated")}, Want: "success"},
		{Name: "updated without a paragraph is nothing", Fn: "notice", Args: []any{jstest.El("#updatedbare")}, Want: ""},
		{Name: "a microformat's time.updated is a date", Fn: "notice", Args: []any{jstest.El("#time")}, Want: ""},
		{Name: "a bare inline element is no notice", Fn: "notice", Args: []any{jstest.El("#span")}, Want: ""},
		{Name: "an inline status with a role is", Fn: "notice", Args: []any{jstest.El("#rolespan")}, Want: "success"},
		{Name: "no notice class", Fn: "notice", Args: []any{jstest.El("#plain")}, Want: ""},
		{Name: "DokuWiki's level as the only class", Fn: "notice", Args: []any{jstest.El("#dwsuccess")}, Want: "success"},
		{Name: "Adminer's bare message class is info", Fn: "notice", Args: []any{jstest.El("#admmsg")}, Want: "info"},
		{Name: "notify is info", Fn: "notice", Args: []any{jstest.El("#notify")}, Want: "info"},
		{Name: "a class that begins with a level is none", Fn: "notice", Args: []any{jstest.El("#infopanel")}, Want: ""},
		{Name: "a level among other classes is none", Fn: "notice", Args: []any{jstest.El("#twoclasses")}, Want: ""},
		{Name: "a level class on an inline element is none", Fn: "notice", Args: []any{jstest.El("#spansuccess")}, Want: ""},
		{Name: "error names the field before it", Fn: "errorField", Args: []any{jstest.El("#emailerr")}, Want: "Email"},
		{Name: "error names a field in the sibling before", Fn: "errorField", Args: []any{jstest.El("#ziperr")}, Want: "Postcode"},
		{Name: "a field anywhere before counts, in the parent's siblings too", Fn: "errorField", Args: []any{jstest.El("#aftererr")}, Want: "Email"},
		{Name: "error with no field before", Fn: "errorField", Args: []any{jstest.El("#loneerr")}, Want: ""},
	})
}

func TestHoverModule(t *testing.T) {
	runModule(t, "hover.html", []jstest.Case{
		{Name: "shown by a row's :hover rule", Fn: "hoverOnly", Args: []any{jstest.El("#actions")}, Want: true},
		{Name: "shown by :focus-within on a parent", Fn: "hoverOnly", Args: []any{jstest.El("#tools")}, Want: true},
		{Name: "an inline display:none is never shown", Fn: "hoverOnly", Args: []any{jstest.El("#inline")}, Want: false},
		{Name: "a hover rule that keeps it transparent", Fn: "hoverOnly", Args: []any{jstest.El("#fade")}, Want: false},
		{Name: "the pseudo on the element itself", Fn: "hoverOnly", Args: []any{jstest.El("#tip")}, Want: false},
		{Name: "no class", Fn: "hoverOnly", Args: []any{jstest.El("#plain")}, Want: false},
	})
}

// focus.js: the focused field (1), the buttons after it (2), the other
// controls after it (3) and those before it (4) in the smallest container
// around it that holds a button after it; a select counts as a field; a
// focused button, a checkbox, a read-only field or no focus marks
// nothing, and a field alone in its region marks only itself.
func TestFocusModule(t *testing.T) {
	els := []string{"#text", "#send", "#cancel", "#bold", "#rowreply", "#search", "#wrap", "#cc"}
	runModule(t, "focus.html", []jstest.Case{
		{Name: "a text area in an inline form", Fn: "focusMarks", Args: []any{jstest.El("#text"), els}, Want: []int{1, 2, 2, 4, 0, 0, 1, 3}},
		{Name: "a search box beside its button", Fn: "focusMarks", Args: []any{jstest.El("#search"), []string{"#search", "#go", "#text"}}, Want: []int{1, 2, 0}},
		{Name: "a field alone in its region", Fn: "focusMarks", Args: []any{jstest.El("#lonely"), []string{"#lonely", "#near", "#go"}}, Want: []int{1, 0, 0}},
		{Name: "a focused button marks nothing", Fn: "focusMarks", Args: []any{jstest.El("#rowreply"), els}, Want: []int{0, 0, 0, 0, 0, 0, 0, 0}},
		{Name: "a read-only field marks nothing", Fn: "focusMarks", Args: []any{jstest.El("#ro"), []string{"#ro", "#near"}}, Want: []int{0, 0}},
		{Name: "a select its Apply follows", Fn: "focusMarks", Args: []any{jstest.El("#bulk"), []string{"#bulk", "#apply", "#go"}}, Want: []int{1, 2, 0}},
		{Name: "a focused checkbox marks nothing", Fn: "focusMarks", Args: []any{jstest.El("#tick"), []string{"#tick", "#after"}}, Want: []int{0, 0}},
		{Name: "no focus", Fn: "focusMarks", Args: []any{nil, els}, Want: []int{0, 0, 0, 0, 0, 0, 0, 0}},
	})
}

func TestRegionsModule(t *testing.T) {
	type region struct {
		Base  string `json:"base"`
		Label string `json:"label"`
		Role  string `json:"role"`
	}
	reg := func(css string, want *region) jstest.Case {
		return jstest.Case{Name: css, Fn: "region", Args: []any{jstest.El(css), false}, Want: want}
	}
	runModule(t, "regions.html", []jstest.Case{
		reg("#main", &region{"main", "Main", "main"}),
		reg("#banner", &region{"header", "Header", "banner"}),
		reg("#mainnav", &region{"main-nav", "Main", "navigation"}), // a label that is another landmark's id is qualified
		reg("#crumbs", &region{"breadcrumbs", "Breadcrumbs", "navigation"}),
		reg("#anon", nil), // a section is a region only when named
		reg("#named", &region{"billing", "Billing", "region"}),
		reg("#searchform", &region{"search-form", "search-form", "form"}),
		reg("#anonform", nil),
		reg("#tbl", &region{"invoices", "Invoices", "table"}),
		reg("#post", &region{"release-notes", "Release notes", "article"}), // a lone article, named by its heading
		reg("#dlg", &region{"upload-files", "Upload files", "dialog"}),
		reg("#side", &region{"aside", "Sidebar", "complementary"}),
		reg("#foot", &region{"footer", "Footer", "contentinfo"}),
		reg("#plain", nil),
		{Name: "a section's header is no banner", Fn: "region", Args: []any{jstest.El("#secthead"), true}, Want: nil},
		{Name: "ids unique in a run", Fn: "regionIds", Args: []any{[]string{"main", "nav", "main", "main"}}, Want: []string{"main", "nav", "main-2", "main-3"}},
	})
}

func TestOutputModule(t *testing.T) {
	type item struct {
		Name  string `json:"name"`
		Value string `json:"value"`
		Group string `json:"group,omitempty"`
	}
	runModule(t, "output.html", []jstest.Case{
		{Name: "terms and descriptions, buttons left out", Fn: "dl", Args: []any{jstest.El("#flat"), "order"},
			Want: []item{{"Status", "Shipped", "order details"}, {"Carrier", "DHL", "order details"}}},
		{Name: "wrapped in divs, a hidden description left out", Fn: "dl", Args: []any{jstest.El("#wrapped"), ""},
			Want: []item{{"Owner", "Ana", "details"}}},
		{Name: "a description without a term", Fn: "dl", Args: []any{jstest.El("#noterm"), ""}, Want: []item{}},
	})
}

func TestDescribeModule(t *testing.T) {
	type secret struct {
		Secret bool   `json:"secret"`
		Value  string `json:"value"`
	}
	sv := func(name, css string, want secret) jstest.Case {
		return jstest.Case{Name: name, Fn: "secretValue", Args: []any{jstest.El(css)}, Want: want}
	}
	desc := func(name, css string, want map[string]any) jstest.Case {
		return jstest.Case{Name: name, Fn: "described", Args: []any{jstest.El(css), false}, Want: want}
	}
	runModule(t, "describe.html", []jstest.Case{
		sv("a text field gives its value", "#name", secret{false, "Ana Lima"}),
		sv("a password gives none", "#pw", secret{true, ""}),
		sv("a one-time code gives none", "#otp", secret{true, ""}),
		sv("a card field (cc-*) gives none", "#cc", secret{true, ""}),
		sv("a new password gives none", "#newpw", secret{true, ""}),
		{Name: "a hidden input is no control", Fn: "isControl", Args: []any{jstest.El("#hidden")}, Want: false},
		desc("text field: label, value, required", "#name", map[string]any{"kind": "type", "label": "Name", "role": "textbox", "input_type": "text", "required": true, "value": "Ana Lima", "value_len": 8}),
		desc("password: secret, no value", "#pw", map[string]any{"kind": "type", "label": "Password", "role": "textbox", "input_type": "password", "secret": true}),
		desc("card field: secret, no value", "#cc", map[string]any{"kind": "type", "label": "Card", "role": "textbox", "input_type": "text", "secret": true}),
		desc("text area is multiline", "#notes", map[string]any{"kind": "type", "label": "Notes", "role": "textbox", "multiline": true, "value": "Draft text", "value_len": 10}),
		desc("select: options and the chosen one", "#size", map[string]any{"kind": "select", "label": "Size", "role": "combobox", "options": []string{"S", "M", "L"}, "value": "M", "value_len": 1}),
		desc("checkbox: checked", "#agree", map[string]any{"kind": "check", "label": "Agree", "role": "checkbox", "input_type": "checkbox", "checked": true}),
		desc("disabled button (a form's: submit)", "#off", map[string]any{"kind": "submit", "label": "Send", "role": "button", "disabled": true, "unavailable": "disabled"}),
		desc("declared unavailable", "#why", map[string]any{"kind": "submit", "label": "Pay", "role": "button", "unavailable": "Fill the form first"}),
		desc("invalid field", "#bad", map[string]any{"kind": "type", "label": "Email", "role": "textbox", "input_type": "text", "invalid": true, "value": "x@", "value_len": 2}),
		desc("file input: what it accepts", "#file", map[string]any{"kind": "upload", "label": "Upload", "role": "button", "input_type": "file", "accept": ".pdf", "multiple": true}),
		// a field nothing labels: the words of one source, its name
		// attribute, else its id, else its class words
		desc("unlabelled field: its id's words, not its classes' too", "#select-all", map[string]any{"kind": "check", "role": "checkbox", "input_type": "checkbox", "checked": false, "evidence": "select all"}),
		desc("unlabelled field with only classes: no layout utility", ".row-picker", map[string]any{"kind": "check", "role": "checkbox", "input_type": "checkbox", "checked": false, "evidence": "row picker"}),
		desc("unlabelled field: its name attribute's words first", "#wiki__text", map[string]any{"kind": "type", "role": "textbox", "multiline": true, "evidence": "wikitext", "value": "Staff take two weeks.", "value_len": 21}),
		{Name: "a row's field gives no value (its row shows its data)", Fn: "described", Args: []any{jstest.El("#name"), true},
			Want: map[string]any{"kind": "type", "label": "Name", "role": "textbox", "input_type": "text", "required": true}},
	})
}

func TestWidgetsModule(t *testing.T) {
	type widget struct {
		Day   string `json:"day"`
		Month string `json:"month"`
		Spin  string `json:"spin"`
		Tree  string `json:"tree"`
	}
	wid := func(name, css string, want widget) jstest.Case {
		return jstest.Case{Name: name, Fn: "widget", Args: []any{jstest.El(css)}, Want: want}
	}
	type tree struct {
		Item   string `json:"item"`
		Label  string `json:"label"`
		Twisty string `json:"twisty"`
	}
	runModule(t, "widgets.html", []jstest.Case{
		wid("a day button takes its month from the grid's label", "#d1", widget{Day: "2024-03-01"}),
		wid("the second week", "#d8", widget{Day: "2024-03-08"}),
		wid("a number in a data table is no day", "#cell", widget{}),
		wid("a day that says its date", "#dated", widget{Day: "2024-05-17"}),
		wid("previous month beside a calendar", "#prev", widget{Month: "previous"}),
		wid("next month beside a calendar", "#next", widget{Month: "next"}),
		wid("next year is no month step", "#nextyear", widget{}),
		wid("a Next far from a calendar", "#lonenext", widget{}),
		wid("spinner up beside a number field", "#up", widget{Spin: "up"}),
		wid("spinner down", "#down", widget{Spin: "down"}),
		wid("an up arrow with no field", "#upnofield", widget{}),
		wid("a treeitem is a tree node", "#n1", widget{Tree: "tree"}),
		wid("jsTree: the li holding the treeitem is the node", "#js", widget{Tree: "tree"}),
		wid("not the treeitem inside it", "#jsitem", widget{}),
		{Name: "tree parts: a twisty before the label", Fn: "treeOf", Args: []any{jstest.El("#n1")}, Want: tree{"n1", "lab1", "tw1"}},
		{Name: "tree parts: jsTree's link is item and label", Fn: "treeOf", Args: []any{jstest.El("#js")}, Want: tree{"jsitem", "jsitem", "jsicon"}},
	})
}

func TestRepeatedModule(t *testing.T) {
	rep := func(name, css, want string) jstest.Case {
		return jstest.Case{Name: name, Fn: "repeat", Args: []any{jstest.El(css)}, Want: want}
	}
	runModule(t, "repeated.html", []jstest.Case{
		rep("three cards with the same button are rows", "#c2", "repeat"),
		rep("a sibling of another template is not", "#other", ""),
		rep("two items with the same button are rows (Jupyter's Running tab)", "#p1", "repeat"),
		rep("two items with other buttons are too few", "#q1", ""),
		rep("different buttons side by side are settings", "#s1", ""),
		rep("items holding text fields are a form", "#f1", ""),
		rep("labelled sections are regions", "#sec1", ""),
		rep("list items are records by their tag, not repeats", "#li1", ""),
	})
	// a row's text parts are named by their class words, never by a
	// layout utility's (Bootstrap's pull-left, pull-right)
	runModule(t, "repeated.html", []jstest.Case{
		{Name: "Jupyter's file row", Fn: "parts", Args: []any{jstest.El("#nb1")}, Want: [][]string{{"name", "data.csv"}, {"modified", "seconds ago"}, {"file size", "8 B"}}},
	})
}

func TestVisitModule(t *testing.T) {
	type clickable struct {
		Button bool `json:"button"`
		Row    bool `json:"row"`
	}
	cl := func(name, css string, want clickable) jstest.Case {
		return jstest.Case{Name: name, Fn: "clickable", Args: []any{jstest.El(css)}, Want: want}
	}
	runModule(t, "visit.html", []jstest.Case{
		cl("an onclick div", "#handler", clickable{true, true}),
		cl("a pointer span", "#pointer", clickable{true, true}),
		cl("plain text", "#nopointer", clickable{false, false}),
		cl("too long a label for a button", "#long", clickable{false, true}),
		cl("a pointer box holding a button", "#hasbutton", clickable{false, false}),
		cl("a pointer group of two boxes is no button", "#group", clickable{false, true}),
		cl("a row with a click handler", "#row", clickable{false, true}),
		cl("a row holding a link", "#rowlink", clickable{false, false}),
		cl("a pointer its list inherits from further out", "#inherit", clickable{false, false}),
		cl("a list item's own pointer", "#own", clickable{true, true}),
	})
}

func TestWalkModule(t *testing.T) {
	m := jstest.Load(t, moreHarness)
	for _, c := range []struct {
		name, page string
		params     map[string]any
		want       map[string]any
	}{
		{"a plain page gives the snapshot", "plain.html", nil,
			map[string]any{"again": false, "controls": 3, "regions": []string{"main", "site"}, "stats": map[string]any{"limit": false, "unreadable": 0}}},
		{"the node budget stops the walk", "plain.html", map[string]any{"max_nodes": 3},
			map[string]any{"again": false, "controls": 0, "regions": []string{}, "stats": map[string]any{"limit": true, "unreadable": 0}}},
		{"an element that throws is skipped with its subtree and counted", "unreadable.html", nil,
			map[string]any{"again": false, "controls": 1, "regions": []string{"main"}, "stats": map[string]any{"limit": false, "unreadable": 1}}},
		{"an aria-modal dialog asks for a second run", "aria-modal.html", nil, map[string]any{"again": true, "modal": "confirm"}},
		{"a Bootstrap modal without ARIA, over its backdrop, too", "bootstrap-modal.html", nil, map[string]any{"again": true, "modal": "bs"}},
		{"a Bootstrap modal with role=dialog and no aria-modal (Jupyter's), too", "bootstrap-role-dialog.html", nil, map[string]any{"again": true, "modal": "jd"}},
		{"of two modals open, the one on top (Syncthing's confirmation)", "stacked-modals.html", nil, map[string]any{"again": true, "modal": "confirm"}},
		{"of two modals open, the one on top, earlier in the document", "stacked-modals.html?below", nil, map[string]any{"again": true, "modal": "edit"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := jstest.Open(t, modulePages+c.page)
			m.Check(t, s, jstest.Case{Name: c.name, Fn: "walkOnce", Args: []any{c.params}, Want: c.want})
		})
	}
}

// snapFacts is what TestMainModule reads of a snapshot.
type snapFacts struct {
	Modal *struct {
		Label string `json:"label"`
	} `json:"modal"`
	Regions []struct {
		ID   string `json:"id"`
		Role string `json:"role"`
	} `json:"regions"`
	Controls []struct {
		Label  string `json:"label"`
		Region string `json:"region"`
	} `json:"controls"`
	Stats struct {
		Nodes      int `json:"nodes"`
		Unreadable int `json:"unreadable"`
	} `json:"stats"`
}

func TestMainModule(t *testing.T) {
	m := jstest.Load(t, moreHarness)
	snap := func(t *testing.T, page string) snapFacts {
		s := jstest.Open(t, modulePages+page)
		var got snapFacts
		m.Call(t, s, "snapshot", nil, &got)
		return got
	}
	t.Run("a page that throws gives the empty unreadable snapshot", func(t *testing.T) {
		got := snap(t, "throws.html")
		if got.Stats.Unreadable != 1 || got.Stats.Nodes != 0 || len(got.Regions) != 0 || len(got.Controls) != 0 {
			t.Errorf("snapshot = %+v, want no regions, no controls, nodes 0, unreadable 1", got)
		}
	})
	for _, c := range []struct{ page, label, region string }{
		{"aria-modal.html", "Confirm delete", "Yes"},
		{"bootstrap-modal.html", "Sign in", "OK"},
	} {
		t.Run("the second run knows the modal of "+c.page, func(t *testing.T) {
			got := snap(t, c.page)
			if got.Modal == nil || got.Modal.Label != c.label {
				t.Fatalf("modal = %+v, want label %q", got.Modal, c.label)
			}
			var dialog string
			for _, r := range got.Regions {
				if r.Role == "dialog" {
					dialog = r.ID
				}
			}
			found := false
			for _, ctl := range got.Controls {
				if ctl.Label == c.region && ctl.Region == dialog && dialog != "" {
					found = true
				}
			}
			if !found {
				t.Errorf("regions %+v, controls %+v: want %q in the dialog region", got.Regions, got.Controls, c.region)
			}
		})
	}
}
