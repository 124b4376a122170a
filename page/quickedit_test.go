package page_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pling-dev/pling/page"
)

// TestInlineEditRowIsAForm: a form opened inside a table as one row whose
// single cell spans the columns (WordPress's Quick Edit) is a form whose
// fields are named by their labels, not a record of the table whose
// fields are named by its first column's header (issue 18 point 4: "a
// form laid out as a table is a form ... not a list of records").
func TestInlineEditRowIsAForm(t *testing.T) {
	t.Parallel()
	html, err := os.ReadFile(filepath.Join("testdata", "infer", "quickedit.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := serveHTML(t, string(html))
	snap, _ := collectSnapshot(t, s, page.DefaultCollectParams())
	o := page.Build(snap, page.DefaultBudgets(), page.BuildOptions{})
	compact := page.RenderCompact(o, page.DefaultBudgets(), false)
	byName := map[string]page.Action{}
	for _, a := range o.Actions {
		byName[a.Name] = a
	}
	for _, w := range []struct{ name, desc string }{
		{"title", `Type into "Title"`},
		{"slug", `Type into "Slug"`},
		// (a post's password, a text field labelled Password: its value
		// stays in the browser, secret.js)
		{"password", `Type into the secret field "Password"`},
		{"update", `Press "Update"`},
		{"cancel", `Press "Cancel"`},
	} {
		a, ok := byName[w.name]
		switch {
		case !ok:
			t.Errorf("no action %s in\n%s", w.name, compact)
		case a.RecordParam:
			t.Errorf("%s is a row action: the Quick Edit row was taken for a record\n%s", w.name, compact)
		case a.Description != w.desc:
			t.Errorf("%s: description %q, want %q", w.name, a.Description, w.desc)
		}
	}
	// "Select All" is the header's checkbox; no text field takes its name
	for _, n := range []string{"select_all_2", "select_all_3", "select_all_4"} {
		if _, ok := byName[n]; ok {
			t.Errorf("action %s is there (a field named by the first column's header):\n%s", n, compact)
		}
	}
	if a, ok := byName["select_all"]; ok && a.Kind != "click" {
		t.Errorf("select_all is a %s action, want the header's checkbox:\n%s", a.Kind, compact)
	}
	// the two shown posts stay records; the form row is none
	for _, r := range snap.Records {
		if r.ID == "edit-2" {
			t.Errorf("the Quick Edit row is a record:\n%s", compact)
		}
	}
	if len(snap.Records) != 2 {
		t.Errorf("%d records, want the 2 shown posts:\n%s", len(snap.Records), compact)
	}
}
