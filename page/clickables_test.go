package page_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pling-dev/pling/page"
)

// recordByLabel is the id of the shown record whose label is label.
func recordByLabel(t *testing.T, o *page.Observation, label string) string {
	t.Helper()
	for _, r := range o.Records.Shown {
		if r.Label == label {
			return r.ID
		}
	}
	t.Fatalf("no record labelled %q in %s", label, page.Render(o, page.DefaultBudgets()))
	return ""
}

// recordField is the value of the field name of the shown record id, or
// "" when it has none.
func recordField(o *page.Observation, id, name string) string {
	for _, r := range o.Records.Shown {
		if r.ID == id {
			return r.Fields[name]
		}
	}
	return ""
}

// rowActions are the names of o's folded row actions.
func rowActions(o *page.Observation) []string {
	var out []string
	for _, a := range o.Actions {
		if a.RecordParam {
			out = append(out, a.Name)
		}
	}
	return out
}

// Issue 18 pt 7: a table whose rows show their log when clicked (no role,
// no button, no link: cursor: pointer and a listener, or only a handler
// jQuery delegates to the rows from the table body). The rows are
// records and each row is its own action, folded into one
// expand(record); acting on one row expands that row, and only it.
func TestActClickableRowExpands(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"rowexpand.html", "rowdelegated.html", "rowdelegated.html?on=document", "rowreact.html"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testActClickableRowExpands(t, name)
		})
	}
}

// testActClickableRowExpands is TestActClickableRowExpands on the job
// table of one page: rowexpand.html's rows have their own listener and
// cursor: pointer; rowdelegated.html's have neither, their click handler
// being one jQuery delegates from the table body (issue 18 pt 7).
func testActClickableRowExpands(t *testing.T, name string) {
	rt, tab := openURL(t, serveWidgets(t, nil)+"/"+name)
	o := rt.Last()
	a := find(o, "expand")
	if a == nil || !a.RecordParam || a.Folded != 3 {
		t.Fatalf("want one expand(record) over the 3 rows, got %+v in\n%s", a, page.Render(o, page.DefaultBudgets()))
	}
	if got := rowActions(o); len(got) != 1 {
		t.Errorf("row actions %v, want only expand", got)
	}
	if !strings.Contains(a.Description, "Expand") {
		t.Errorf("description %q", a.Description)
	}
	rec := recordByLabel(t, o, "rotate-logs")
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "expand", Record: rec})
	if err != nil {
		t.Fatalf("expand@%s: %v", rec, err)
	}
	logs := evalString(t, tab, `Array.from(document.querySelectorAll("tr.log")).map((r) => r.hidden ? "-" : "+").join("")`)
	if logs != "-+-" {
		t.Fatalf("logs shown %q after expanding rotate-logs, want only its own (-+-); receipt %+v", logs, res.Receipt)
	}
	if !res.Receipt.OK || res.Receipt.Warning != "" {
		t.Errorf("receipt %+v", res.Receipt)
	}
	// The shown log is data of the page now, the details of its job's
	// record (not a record of its own): the receipt says that record
	// changed; the same action collapses the row again.
	if !strings.Contains(page.Render(res.Observation, page.DefaultBudgets()), "Rotated 14 files") {
		t.Errorf("the expanded log is not in the observation:\n%s", page.Render(res.Observation, page.DefaultBudgets()))
	}
	if got := res.Receipt.Changed.Records; len(got.Added) != 0 || !slices.Contains(got.Changed, rec) {
		t.Errorf("records in the receipt %+v, want %s changed and none added", got, rec)
	}
	if d := recordField(res.Observation, rec, "details"); d != "Rotated 14 files" {
		t.Errorf("the details of %s are %q, want the log shown under it:\n%s", rec, d, page.Render(res.Observation, page.DefaultBudgets()))
	}
	if n := len(res.Observation.Records.Shown); n != 3 {
		t.Errorf("%d records after expanding, want the 3 jobs", n)
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: "expand", Record: rec}); err != nil {
		t.Fatalf("expand@%s again: %v", rec, err)
	}
	if got := evalString(t, tab, `document.getElementById("opened").textContent`); got != "job-102 job-102 " {
		t.Errorf("clicks reached %q, want job-102 twice", got)
	}
}

// Issue 18 pt 7: a notebook's title is a <span> beside the checkpoint
// text whose only sign of being clickable is a click listener (Jupyter's
// classic notebook: no role, no cursor: pointer). It is an action; acting
// on it opens the rename dialog, and the notebook is renamed through it.
func TestActNotebookTitleSpan(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/notebook.html")
	ctx := t.Context()
	o := rt.Last()
	a := find(o, "untitled")
	if a == nil || a.Kind != "click" || a.RecordParam {
		t.Fatalf("the title is not a click action: %+v in\n%s", a, page.Render(o, page.DefaultBudgets()))
	}
	if find(o, "last_checkpoint_a_few_seconds_ago") != nil {
		t.Errorf("the checkpoint text beside the title is an action")
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "untitled"})
	if err != nil {
		t.Fatalf("untitled: %v", err)
	}
	if got := evalString(t, tab, `String(document.getElementById("rename").open)`); got != "true" {
		t.Fatalf("the rename dialog did not open: %q, receipt %+v", got, res.Receipt)
	}
	field := ""
	for _, a := range res.Observation.Actions {
		if a.Kind == "type" {
			field = a.Name
		}
	}
	if field == "" || find(res.Observation, "rename") == nil {
		t.Fatalf("the dialog's field and Rename are not actions:\n%s", page.Render(res.Observation, page.DefaultBudgets()))
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: field, Args: map[string]any{"text": "Sales analysis"}}); err != nil {
		t.Fatalf("type %s: %v", field, err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "rename"}); err != nil {
		t.Fatalf("rename: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("notebook_name").textContent + " | " + document.title`); got != "Sales analysis | Sales analysis - Notebook" {
		t.Errorf("after renaming: %q", got)
	}
}

// Issue 18 pt 8: a file list of two files (Jupyter's folder holding a
// notebook and a text file) is two records with their row actions, not two
// checkboxes click_here_to_rename_delete_etc and _2 beside two links: two
// items of one template that each hold one checkbox are rows, and one
// left of a list that held records is a row still.
func TestActDivRowFileListOfTwo(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/filelist-two.html")
	o := rt.Last()
	var labels []string
	for _, r := range o.Records.Shown {
		labels = append(labels, r.Label)
	}
	if strings.Join(labels, ",") != "analysis.ipynb,report.csv" {
		t.Fatalf("records %q, want the two files; observation:\n%s", labels, page.Render(o, page.DefaultBudgets()))
	}
	toggle := find(o, "toggle")
	if toggle == nil || !toggle.RecordParam || toggle.Folded != 2 {
		t.Fatalf("toggle %+v, want toggle(record) over the 2 rows", toggle)
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: "toggle", Record: recordByLabel(t, o, "report.csv")}); err != nil {
		t.Fatal(err)
	}
	checked := evalString(t, tab, `Array.from(document.querySelectorAll(".list_item")).map((r) => r.querySelector(".item_name").textContent + "=" + r.querySelector("input").checked).join(" ")`)
	if checked != "analysis.ipynb=false report.csv=true" {
		t.Fatalf("checkboxes %q after toggling report.csv", checked)
	}
	// deleting one of the two leaves a list of one file: it is still a
	// record under its id, and the receipt removes only the deleted one
	// (it said both were removed, the kept file turned into a checkbox
	// click_here_to_rename_delete_etc beside a link)
	kept, gone := recordByLabel(t, o, "analysis.ipynb"), recordByLabel(t, o, "report.csv")
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "delete"})
	if err != nil {
		t.Fatalf("delete: %v", err)
	}
	if got := res.Receipt.Changed.Records.Removed; len(got) != 1 || got[0] != gone {
		t.Errorf("the receipt removed %v, want only %s (report.csv)", got, gone)
	}
	after := res.Observation
	if len(after.Records.Shown) != 1 || after.Records.Shown[0].ID != kept || after.Records.Shown[0].Label != "analysis.ipynb" {
		t.Fatalf("after the delete the records are %+v, want %s analysis.ipynb alone:\n%s", after.Records.Shown, kept, page.Render(after, page.DefaultBudgets()))
	}
	if a := find(after, "toggle"); a == nil || !a.RecordParam {
		t.Errorf("toggle(record) is gone with one file left: %+v", a)
	}
	for _, a := range after.Actions {
		if strings.HasPrefix(a.Name, "click_here") {
			t.Errorf("the kept file's checkbox became a page action: %s", a.Name)
		}
	}
}

// Issue 18 pt 8: a file list whose rows are divs (Jupyter's file tree):
// each row a checkbox titled "Click here to rename, delete, etc." (the same
// on every row), a link with the file's name, its age and size. The rows
// are records labelled by their file names; the checkbox and the link are
// row actions folded per slot (toggle(record), open(record)), not three
// checkboxes named …_2, …_3 beside a list of links; acting on a record
// hits that row's checkbox, and the file list's Delete deletes that file.
func TestActDivRowFileList(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/filelist.html")
	ctx := t.Context()
	o := rt.Last()
	var labels []string
	for _, r := range o.Records.Shown {
		labels = append(labels, r.Label)
	}
	if strings.Join(labels, ",") != "analysis.ipynb,report.csv,notes.txt" {
		t.Fatalf("records %q, want the three files; observation:\n%s", labels, page.Render(o, page.DefaultBudgets()))
	}
	toggle, open := find(o, "toggle"), find(o, "open")
	if toggle == nil || !toggle.RecordParam || toggle.Folded != 3 || toggle.Control != "checkbox" {
		t.Fatalf("toggle %+v, want toggle(record) over the 3 rows", toggle)
	}
	if open == nil || !open.RecordParam || open.Folded != 3 || open.Kind != "link" {
		t.Fatalf("open %+v, want open(record) over the 3 rows", open)
	}
	if !strings.Contains(toggle.Description, "rename, delete") {
		t.Errorf("the checkbox's title is not its description: %q", toggle.Description)
	}
	for _, a := range o.Actions {
		if strings.HasPrefix(a.Name, "click_here") || strings.HasSuffix(a.Name, "_ipynb") || strings.HasSuffix(a.Name, "_csv") {
			t.Errorf("a row control stayed a page action: %s", a.Name)
		}
	}
	rec := recordByLabel(t, o, "report.csv")
	res, err := rt.Act(ctx, page.ActRequest{Action: "toggle", Record: rec})
	if err != nil {
		t.Fatalf("toggle@%s: %v", rec, err)
	}
	checked := evalString(t, tab, `Array.from(document.querySelectorAll(".list_item")).map((r) => r.querySelector(".item_name").textContent + "=" + r.querySelector("input").checked).join(" ")`)
	if checked != "analysis.ipynb=false report.csv=true notes.txt=false" {
		t.Fatalf("checkboxes %q after toggling report.csv", checked)
	}
	if find(res.Observation, "delete") == nil {
		t.Fatalf("Delete did not appear after selecting a file:\n%s", page.Render(res.Observation, page.DefaultBudgets()))
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "delete"}); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("deleted").textContent`); got != "report.csv " {
		t.Errorf("deleted %q, want report.csv", got)
	}
}

// TestCollectClickableRowsAndItemShapes: which rows are their own action
// (issue 18 pt 7) and which sibling items are records by their shape
// (pt 8). A row is its own action when it has a click handler or
// cursor: pointer set on it or its table, and holds no control; items
// are records when their controls sit in the same places, links and
// checkboxes differing, buttons the same.
func TestCollectClickableRowsAndItemShapes(t *testing.T) {
	t.Parallel()
	const css = `<style>.p{cursor:pointer}</style>`
	rows := func(tr string) string {
		return `<table><thead><tr><th>Job</th><th>Status</th></tr></thead><tbody>` +
			strings.ReplaceAll(tr, "NAME", "backup") + strings.ReplaceAll(tr, "NAME", "rotate") + strings.ReplaceAll(tr, "NAME", "reindex") + `</tbody></table>`
	}
	items := func(item string) string {
		return `<div>` + strings.ReplaceAll(item, "NAME", "a.txt") + strings.ReplaceAll(item, "NAME", "b.csv") + strings.ReplaceAll(item, "NAME", "c.py") + `</div>`
	}
	tests := []struct {
		name, body string
		records    int
		does       []string // the Does of the row actions, in order ("" for a control in the row)
	}{
		{"rows with a listener each", rows(`<tr class="job"><td>NAME</td><td>ok</td></tr>`) + `<script>for (const r of document.querySelectorAll("tr.job")) r.addEventListener("click", () => {})</script>`, 3, []string{"click"}},
		{"rows with the pointer, details rows hidden between", rows(`<tr class="job p"><td>NAME</td><td>ok</td></tr><tr class="log" hidden><td colspan="2">log of NAME</td></tr>`), 3, []string{"expand"}},
		{"rows with aria-expanded", rows(`<tr class="p" aria-expanded="false"><td>NAME</td><td>ok</td></tr>`), 3, []string{"expand"}},
		{"the pointer on the table (a handler on tbody)", `<div class="wrap">` + strings.Replace(rows(`<tr><td>NAME</td><td>ok</td></tr>`), "<table>", `<table class="p">`, 1) + `</div>`, 3, []string{"click"}},
		{"the pointer from further out is no row's", `<div class="p">` + rows(`<tr><td>NAME</td><td>ok</td></tr>`) + `</div>`, 3, nil},
		{"a row holding a button: the button is its action", rows(`<tr class="p"><td>NAME</td><td><button>Retry</button></td></tr>`), 3, []string{""}},
		{"plain rows", rows(`<tr><td>NAME</td><td>ok</td></tr>`), 3, nil},
		{"div rows: a checkbox and a file link", items(`<div class="item"><input type="checkbox" title="Click here to rename, delete, etc."><a href="/f/NAME">NAME</a> <span>2 kB</span></div>`), 3, []string{"", ""}},
		{"div rows: a file link and its size", items(`<div class="item"><a href="/f/NAME">NAME</a> <span>2 kB</span></div>`), 3, []string{""}},
		{"settings side by side, each its own button", `<div><div class="set"><b>Export all</b> Download an archive <button>Export</button></div><div class="set"><b>Transfer</b> Hand it over <button>Transfer</button></div><div class="set"><b>Delete</b> Remove it all <button>Delete</button></div></div>`, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := serveHTML(t, `<!doctype html><title>Jobs</title>`+css+`<main>`+tc.body+`</main>`)
			snap, _ := collectSnapshot(t, s, page.DefaultCollectParams())
			if len(snap.Records) != tc.records {
				t.Fatalf("records %v, want %d", recordIDs(snap), tc.records)
			}
			var does []string
			for _, c := range snap.RowActions {
				does = append(does, c.Does)
			}
			if diff := cmp.Diff(tc.does, does); diff != "" {
				t.Errorf("row actions (-want +got):\n%s\n%+v", diff, snap.RowActions)
			}
		})
	}
}

// Issue 18 pt 8 (Jupyter's Running tab): two rows of divs, each a
// notebook's link and its own Shutdown button, are records, so the
// agent shuts down the notebook it means (they were shutdown and
// shutdown_2, tied to no row).
func TestActDivRowsOfTwoWithAButtonEach(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/running-list.html")
	o := rt.Last()
	shutdown := find(o, "shutdown")
	if shutdown == nil || !shutdown.RecordParam || shutdown.Folded != 2 {
		t.Fatalf("shutdown %+v, want shutdown(record) over the 2 rows:\n%s", shutdown, page.Render(o, page.DefaultBudgets()))
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: "shutdown", Record: recordByLabel(t, o, "harbour.ipynb")}); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, tab, `document.getElementById("out").textContent`); got != "harbour.ipynb shut down" {
		t.Errorf("the page says %q", got)
	}
}

// Issue 18 (phpMyAdmin's grid editing): a data cell with a dblclick
// handler turns into a text box on a double click; one click only marks
// the row. Its action says so and acting on it double-clicks, as a
// person does: the cell's box has the caret, typing a value and Enter
// saves it (the click changed nothing and answered "no visible change").
func TestActDoubleClicksACellThatEditsOnOne(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/dblclick-cell.html")
	o := rt.Last()
	price := find(o, "price")
	if price == nil || !price.RecordParam || price.Description != `Double-click the row's "price" cell` {
		t.Fatalf("price %+v, want price(record): double-click the row's price cell:\n%s", price, page.Render(o, page.DefaultBudgets()))
	}
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "price", Record: o.Records.Shown[0].ID}) // Widget
	if err != nil {
		t.Fatal(err)
	}
	// the row's price cell is a text box now: price(record), a type action
	box := find(res.Observation, "price")
	if box == nil || box.Kind != "type" {
		t.Fatalf("after the double click price is %+v, want the cell's text box:\n%s", box, page.Render(res.Observation, page.DefaultBudgets()))
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: box.Name, Record: o.Records.Shown[0].ID, Args: map[string]any{"text": "11.50", "submit": true}}); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, tab, `document.querySelector("tbody tr td:nth-child(7)").textContent + " / " + document.getElementById("saved").textContent`); got != "11.50 / 1 row affected." {
		t.Errorf("the page says %q", got)
	}
}

// Issue 18 pts 7 and 8 (Jupyter's notebook): each cell is a div with a
// prompt and a CodeMirror 5 editor, selected by a click on it (its own
// click handler); the toolbar's "move selected cells up" acts on the
// selected cell. The cells are records (their editor the row's field,
// their code their text) with a row click, so a given cell is selected
// and moved; only their editors were listed before, edit_code_here_3.
func TestActSelectsANotebookCell(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/notebook-cells.html")
	o := rt.Last()
	var rec string
	for _, r := range o.Records.Shown {
		for _, v := range r.Fields {
			if strings.Contains(v, "print(high - low)") {
				rec = r.ID
			}
		}
	}
	click := find(o, "click")
	if rec == "" || click == nil || !click.RecordParam {
		t.Fatalf("no record of the cell print(high - low) with a row click:\n%s", page.Render(o, page.DefaultBudgets()))
	}
	if _, err := rt.Act(t.Context(), page.ActRequest{Action: "click", Record: rec}); err != nil {
		t.Fatal(err)
	}
	mustAct(t, rt, page.ActRequest{Action: "move_selected_cells_up"})
	if got := evalString(t, tab, `document.getElementById("order").textContent`); got != "Order: high = 6.12 | print(high - low) | low = 0.4" {
		t.Errorf("the page says %q", got)
	}
}
