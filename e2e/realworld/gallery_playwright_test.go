package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// The gallery's scripts run through Playwright MCP too (issue 18: the
// per-task table beside Playwright MCP running the same script): the same
// steps, with the elements picked by their accessible name in its
// snapshot, the way a scripted agent reads it.

// pwSession is one Playwright MCP process and what the agent read.
type pwSession struct {
	c             *client.Client
	calls, tokens int
	dump          io.Writer
}

// call runs one Playwright MCP tool: its text and whether it was an error.
func (p *pwSession) call(ctx context.Context, name string, args map[string]any) (string, bool, error) {
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	t0 := time.Now()
	res, err := p.c.CallTool(cctx, req)
	if err != nil {
		return "", false, &callError{name: name, err: err}
	}
	took := time.Since(t0)
	p.calls++
	text := resultText(res)
	p.tokens += countTokens(text)
	if p.dump != nil {
		raw, _ := json.Marshal(args)
		fmt.Fprintf(p.dump, "### %s %s (%d ms)\n%s\n\n", name, raw, took.Milliseconds(), text)
	}
	return text, res.IsError, nil
}

// pwNode is one element of a Playwright aria snapshot.
type pwNode struct {
	depth            int
	role, name, text string // text: what follows the colon on the element's line
	ref              string
	attrs            string // [active], [checked], …
	parent           *pwNode
}

// label is what the agent matches a target against: the accessible name
// in quotes, else the element's own text in quotes.
func (n *pwNode) label() string {
	if n.name != "" {
		return `"` + n.name + `"`
	}
	return `"` + n.text + `"`
}

func (n *pwNode) within(anc *pwNode) bool {
	for p := n.parent; p != nil; p = p.parent {
		if p == anc {
			return true
		}
	}
	return false
}

var pwRef = regexp.MustCompile(`\[ref=([a-z0-9]+)\]`)

var pwLine = regexp.MustCompile(`^(\s*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::\s*(.*))?$`)

// parseSnapshot reads the YAML aria snapshot in a Playwright MCP result.
func parseSnapshot(text string) []*pwNode {
	var nodes []*pwNode
	var stack []*pwNode
	for _, line := range strings.Split(text, "\n") {
		m := pwLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n := &pwNode{depth: len(m[1]), role: m[2], name: pwName(strings.ReplaceAll(m[3], `\"`, `"`)), attrs: m[4], text: pwName(strings.Trim(m[5], `"`))}
		if r := pwRef.FindStringSubmatch(m[4]); r != nil {
			n.ref = r[1]
		}
		for len(stack) > 0 && stack[len(stack)-1].depth >= n.depth {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			n.parent = stack[len(stack)-1]
			if n.role == "text" && n.parent.text == "" {
				n.parent.text = n.text
			}
		}
		stack = append(stack, n)
		nodes = append(nodes, n)
	}
	return nodes
}

// pwName is a name as an agent reads it: an icon font's glyph (a
// character of Unicode's private use area, Syncthing's Font Awesome
// icons before "Add Folder") is no part of it.
func pwName(s string) string {
	if !strings.ContainsFunc(s, pwGlyph) {
		return s
	}
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if pwGlyph(r) {
			return -1
		}
		return r
	}, s))
}

func pwGlyph(r rune) bool { return r >= 0xE000 && r <= 0xF8FF }

// pwTabLine is one tab of browser_tabs' list ("- 0: (current) [Title] (url)").
var pwTabLine = regexp.MustCompile(`(?m)^- \d+: `)

var pwTypeRoles = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true}

// pwPressRoles are the roles of the controls a person presses.
var pwPressRoles = map[string]bool{"button": true, "link": true, "checkbox": true, "radio": true, "switch": true,
	"tab": true, "menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "option": true, "treeitem": true, "combobox": true}

// pwAgent runs gallery scripts through Playwright MCP.
type pwAgent struct {
	p    *pwSession
	snap []*pwNode // the latest snapshot; nil when an action made it stale
	text string    // its text
	// patient: the step being run waits for its control (step.wait)
	patient bool
}

// snapshot returns the latest snapshot, taking a new one when stale.
func (a *pwAgent) snapshot(ctx context.Context) ([]*pwNode, error) {
	if a.snap != nil {
		return a.snap, nil
	}
	text, isErr, err := a.p.call(ctx, "browser_snapshot", map[string]any{})
	if err != nil {
		return nil, err
	}
	if isErr {
		return nil, fmt.Errorf("browser_snapshot: %s", pwErrLine(text))
	}
	a.snap, a.text = parseSnapshot(text), text
	return a.snap, nil
}

// acted records an action's result: its inline snapshot when it has one,
// else the snapshot is stale.
func (a *pwAgent) acted(text string) {
	a.snap, a.text = nil, ""
	if strings.Contains(text, "```yaml") {
		a.snap, a.text = parseSnapshot(text), text
	}
}

// find looks for the element named like rx whose role ok accepts, in
// scope when it is set.
// With patient set (a step's wait), an element not in the snapshot is
// looked for again a second later, up to three times (a
// browser_wait_for, a new snapshot), as an agent does when a page draws
// its dialog after it loaded (Syncthing's usage-report question, some
// 3 s after its load).
func (a *pwAgent) find(ctx context.Context, rx *regexp.Regexp, ok func(*pwNode) bool, scope *pwNode) (*pwNode, error) {
	for try := 0; ; try++ {
		nodes, err := a.snapshot(ctx)
		if err != nil {
			return nil, err
		}
		for _, n := range nodes {
			if n.ref != "" && ok(n) && (scope == nil || n.within(scope)) && rx.MatchString(n.label()) {
				return n, nil
			}
		}
		if !a.patient || try >= 3 || scope != nil {
			return nil, nil
		}
		if _, isErr, err := a.p.call(ctx, "browser_wait_for", map[string]any{"time": 1}); err != nil || isErr {
			return nil, err
		}
		a.snap, a.text = nil, ""
	}
}

func (a *pwAgent) run(ctx context.Context, bases galleryBases, script []step) error {
	for i, st := range script {
		if err := a.step(ctx, bases, st); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	return nil
}

func (a *pwAgent) step(ctx context.Context, bases galleryBases, st step) error {
	rx := regexp.MustCompile(st.target)
	a.patient = st.wait
	switch st.op {
	case opOpen, opAuth:
		text, isErr, err := a.p.call(ctx, "browser_navigate", map[string]any{"url": bases.url(st.path)})
		if err != nil {
			return err
		}
		if isErr && st.op == opAuth && strings.Contains(text, "ERR_INVALID_AUTH_CREDENTIALS") {
			return nil
		}
		if isErr {
			return fmt.Errorf("browser_navigate: %s", pwErrLine(text))
		}
		a.acted(text)
		if st.op == opAuth {
			if _, err := a.snapshot(ctx); err != nil {
				return err
			}
			// Playwright answers a challenge it has no credentials for
			// with the browser's error, or shows the 401 page; neither
			// names the realm.
			if !strings.Contains(a.text, "401") {
				return fmt.Errorf("nothing says authentication is required: %s", clip(a.text, 300))
			}
		}
		return nil
	case opTab:
		// the tab the page opened is the last of the list its click
		// answered with (Playwright MCP keeps the current tab where it was)
		text, isErr, err := a.p.call(ctx, "browser_tabs", map[string]any{"action": "list"})
		if err != nil {
			return err
		}
		if isErr {
			return fmt.Errorf("browser_tabs list: %s", pwErrLine(text))
		}
		last := len(pwTabLine.FindAllString(text, -1)) - 1
		if last < 1 {
			return fmt.Errorf("the page opened no tab: %s", clip(text, 300))
		}
		// (path "first": back to the first tab, as a person goes back to
		// the file list beside the notebook)
		if st.path == "first" {
			last = 0
		}
		text, isErr, err = a.p.call(ctx, "browser_tabs", map[string]any{"action": "select", "index": last})
		if err != nil {
			return err
		}
		if isErr {
			return fmt.Errorf("browser_tabs select: %s", pwErrLine(text))
		}
		a.acted(text)
		return nil
	case opRead:
		if _, err := a.snapshot(ctx); err != nil {
			return err
		}
		if !strings.Contains(a.text, st.text) {
			return fmt.Errorf("the snapshot does not show %q", st.text)
		}
		return nil
	case opType:
		if st.record != "" {
			// an unnamed field is the one in the row whose text is its
			// label (a form laid out as a table: Adminer's)
			el, err := a.inRow(ctx, st.record, func(n *pwNode) bool { return pwTypeRoles[n.role] && n.role != "combobox" })
			if el == nil || err != nil {
				return fmt.Errorf("no text box in the row of %q (%v)", st.record, err)
			}
			return a.typeInto(ctx, el, st)
		}
		el, err := a.find(ctx, rx, func(n *pwNode) bool { return pwTypeRoles[n.role] }, nil)
		if err != nil {
			return err
		}
		if el == nil {
			if el, err = a.onlyTextbox(ctx); err != nil {
				return err
			}
		}
		if el == nil {
			// an unnamed field under its column's header
			nodes, err := a.snapshot(ctx)
			if err != nil {
				return err
			}
			if el = inColumn(nodes, rx, func(n *pwNode) bool { return pwTypeRoles[n.role] && n.role != "combobox" }); el == nil {
				return fmt.Errorf("no text box named like %s", st.target)
			}
		}
		return a.typeInto(ctx, el, st)
	case opChoose:
		el, err := a.find(ctx, rx, func(n *pwNode) bool { return n.role == "combobox" || n.role == "listbox" }, nil)
		if err != nil {
			return err
		}
		if el == nil {
			// An unlabeled select: the agent takes the one in the row
			// whose text is the label.
			if el, err = a.selectInRow(ctx, rx); el == nil || err != nil {
				return fmt.Errorf("no select named like %s (%v)", st.target, err)
			}
		}
		return a.do(ctx, "browser_select_option", map[string]any{"element": el.label(), "target": el.ref, "values": []string{st.text}})
	}
	// opPress, opAccept: in a row when the step names one (hovered first:
	// its actions may show only then).
	var scope *pwNode
	if st.record != "" {
		row, err := a.rowHolding(ctx, st.record)
		if err != nil {
			return err
		}
		if err := a.do(ctx, "browser_hover", map[string]any{"element": row.label(), "target": row.ref}); err != nil {
			return err
		}
		if scope, err = a.rowHolding(ctx, st.record); err != nil {
			return err
		}
	}
	// A control's role first (a form's heading can carry its button's
	// words), else any element that takes no text.
	el, err := a.find(ctx, rx, func(n *pwNode) bool { return pwPressRoles[n.role] && (st.role == "" || n.role == st.role) }, scope)
	if err == nil && el == nil && st.role == "" {
		el, err = a.find(ctx, rx, func(n *pwNode) bool { return !pwTypeRoles[n.role] || n.role == "combobox" }, scope)
	}
	if err != nil {
		return err
	}
	if el == nil {
		return fmt.Errorf("no control named like %s", st.target)
	}
	text, isErr, err := a.p.call(ctx, "browser_click", map[string]any{"element": el.label(), "target": el.ref})
	if err == nil && isErr && strings.Contains(text, "not found in the current page snapshot") {
		// (the page changed since the snapshot: as the error says, the
		// agent takes a new one and clicks the element there, once)
		a.snap, a.text = nil, ""
		var again *pwNode
		if again, err = a.find(ctx, rx, func(n *pwNode) bool { return n.role == el.role }, nil); err == nil && again != nil {
			text, isErr, err = a.p.call(ctx, "browser_click", map[string]any{"element": again.label(), "target": again.ref})
		}
	}
	if err != nil {
		return err
	}
	if isErr {
		return fmt.Errorf("browser_click: %s", pwErrLine(text))
	}
	a.acted(text)
	if st.op == opAccept && strings.Contains(text, "browser_handle_dialog") {
		args := map[string]any{"accept": true}
		if st.text != "" {
			args["promptText"] = st.text
		}
		return a.do(ctx, "browser_handle_dialog", args)
	}
	return nil
}

// typeInto types into el; an element that takes no text (a select2
// box) is clicked, and the text typed into the field it focuses.
func (a *pwAgent) typeInto(ctx context.Context, el *pwNode, st step) error {
	args := map[string]any{"element": el.label(), "target": el.ref, "text": st.text}
	if st.submit {
		args["submit"] = true
	}
	text, isErr, err := a.p.call(ctx, "browser_type", args)
	if err != nil {
		return err
	}
	a.acted(text)
	if !isErr {
		return nil
	}
	if err := a.do(ctx, "browser_click", map[string]any{"element": el.label(), "target": el.ref}); err != nil {
		return err
	}
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return err
	}
	for _, n := range nodes {
		if n.ref != "" && pwTypeRoles[n.role] && strings.Contains(n.attrs, "[active]") && n.ref != el.ref {
			args["element"], args["target"] = n.label(), n.ref
			return a.do(ctx, "browser_type", args)
		}
	}
	return fmt.Errorf("browser_type: %s", pwErrLine(text))
}

// do runs an action tool and fails on an error result.
func (a *pwAgent) do(ctx context.Context, name string, args map[string]any) error {
	text, isErr, err := a.p.call(ctx, name, args)
	if err != nil {
		return err
	}
	if isErr {
		return fmt.Errorf("%s: %s", name, pwErrLine(text))
	}
	a.acted(text)
	return nil
}

// rowHolding is the row whose text holds text, in a fresh snapshot when
// the last is stale (a hovered row is a new element: its name changed).
func (a *pwAgent) rowHolding(ctx context.Context, text string) (*pwNode, error) {
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	for _, n := range nodes {
		if n.role == "row" && n.ref != "" && strings.Contains(subtreeText(nodes, n), text) {
			return n, nil
		}
	}
	// a row built of divs has no row role in the snapshot (Jupyter's file
	// list: a generic holding a checkbox and the file's link): the
	// element around the one that shows the text is its row, as a
	// person reads the line
	for _, n := range nodes {
		if p := n.parent; p != nil && p.ref != "" && strings.Contains(n.name+" "+n.text, text) {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no row holds %q", text)
}

// onlyTextbox is the page's one text box, when it has exactly one.
func (a *pwAgent) onlyTextbox(ctx context.Context) (*pwNode, error) {
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var only, active *pwNode
	several := false
	for _, n := range nodes {
		if n.ref != "" && (n.role == "textbox" || n.role == "searchbox") {
			// (an unnamed editor the page focused is the one a person
			// types into: phpMyAdmin's SQL box among its other fields)
			if active == nil && n.name == "" && strings.Contains(n.attrs, "[active]") {
				active = n
			}
			several = several || only != nil
			only = n
		}
	}
	if several {
		return active, nil
	}
	return only, nil
}

// inRow is the first element that ok accepts inside the first row whose
// text holds text.
func (a *pwAgent) inRow(ctx context.Context, text string, ok func(*pwNode) bool) (*pwNode, error) {
	row, err := a.rowHolding(ctx, text)
	if err != nil {
		return nil, err
	}
	for _, n := range a.snap {
		if n.ref != "" && ok(n) && n.within(row) {
			return n, nil
		}
	}
	return nil, nil
}

// selectInRow is the one select inside the row whose text matches rx.
func (a *pwAgent) selectInRow(ctx context.Context, rx *regexp.Regexp) (*pwNode, error) {
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	for _, row := range nodes {
		if row.role != "row" || !rx.MatchString(subtreeText(nodes, row)) {
			continue
		}
		for _, n := range nodes {
			if n.role == "combobox" && n.ref != "" && n.within(row) {
				return n, nil
			}
		}
	}
	return inColumn(nodes, rx, func(n *pwNode) bool { return n.role == "combobox" }), nil
}

// inColumn is the control (of a role is) under the column header like rx,
// in the first row below the header's (phpMyAdmin's new column: "Type"
// over an unnamed select, "Length/Values" over an unnamed text box), as a
// person reads a form laid out in columns; or nil.
func inColumn(nodes []*pwNode, rx *regexp.Regexp, is func(*pwNode) bool) *pwNode {
	cells := func(row *pwNode) []*pwNode {
		var out []*pwNode
		for _, x := range nodes {
			if x.parent == row {
				out = append(out, x)
			}
		}
		return out
	}
	for i, h := range nodes {
		if h.role != "columnheader" || h.parent == nil || !rx.MatchString(`"`+strings.Join(strings.Fields(subtreeText(nodes, h)), " ")+`"`) {
			continue
		}
		col := slices.Index(cells(h.parent), h)
		for _, row := range nodes[i+1:] {
			if row.role != "row" || row == h.parent {
				continue
			}
			cs := cells(row)
			if col < 0 || col >= len(cs) {
				return nil
			}
			for _, n := range nodes {
				if is(n) && n.ref != "" && n.within(cs[col]) {
					return n
				}
			}
			return nil
		}
	}
	return nil
}

// subtreeText is the names and texts of n and everything inside it.
func subtreeText(nodes []*pwNode, n *pwNode) string {
	var b strings.Builder
	for _, x := range nodes {
		if x == n || x.within(n) {
			b.WriteString(x.name + " " + x.text + " ")
		}
	}
	return b.String()
}

// pwErrLine is the first line of a Playwright MCP error result that says
// what went wrong: its "### Error" heading skipped.
func pwErrLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "### ") {
			return l
		}
	}
	return firstLine(text)
}
