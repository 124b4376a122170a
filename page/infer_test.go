package page_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pling-dev/pling/page"
)

// TestCollectRowInference: the classes of issue 8 points 9 and 10 that
// rows of lists and tables did not cover, one fixture each
// (testdata/infer): repeated items that are not <li> or <tr> (a mail list
// of role=option items with star buttons, a grid of user cards) are
// records whose controls fold into one entry per slot; a control whose
// text differs per row (a role chip, Star/Unstar) is one entry; a contact
// card is one record, not an address record and a phone record, and a
// lone card's "Key: value" lines are state; a footer's copyright line is
// no record; a row's label is the name beside its avatar, not the
// avatar's initials.
func TestCollectRowInference(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file     string
		labels   []string          // the records' labels, in order
		folded   []string          // the folded row actions' names, in order
		rows     int               // how many rows each folded action covers
		controls []string          // labels that must not be separate page controls
		state    map[string]string // state items that must be there
	}{
		{"mail.html", []string{"Sarah K.", "GitHub", "Stripe", "Michael R.", "Linear", "Vercel"},
			[]string{"choose", "unstar_star"}, 6, []string{"Star", "Unstar"}, nil},
		{"cards.html", []string{"Aigars Silkalns", "Sarah Kowalski", "Michael Reyes", "Emily Wang"},
			[]string{"message", "view"}, 4, []string{"Message", "View"}, nil},
		{"chips.html", []string{"Aigars Silkalns", "Sarah Kowalski", "Michael Reyes", "Emily Wang", "Lina Park"},
			[]string{"select_row", "role_chip", "more"}, 5, nil, nil},
		{"contacts.html", []string{"Jane Cooper", "Wade Warren", "Esther Howard"},
			[]string{"open", "edit_contact"}, 3, []string{"Edit contact"}, nil},
		{"contact.html", nil, nil, 0, nil, map[string]string{"Address": "12 Main Street, Springfield", "Phone": "+1 555 0101",
			"Email": "help@acme.test", "Hours": "Mon–Fri 9:00–17:00"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			html, err := os.ReadFile(filepath.Join("testdata", "infer", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			s := serveHTML(t, string(html))
			snap, _ := collectSnapshot(t, s, page.DefaultCollectParams())
			var labels []string
			for _, r := range snap.Records {
				labels = append(labels, r.Label)
			}
			if diff := cmp.Diff(tc.labels, labels); diff != "" {
				t.Errorf("record labels (-want +got):\n%s", diff)
			}
			o := page.Build(snap, page.DefaultBudgets(), page.BuildOptions{})
			var folded []string
			for _, a := range o.Actions {
				if !a.RecordParam {
					continue
				}
				folded = append(folded, a.Name)
				if a.Folded != tc.rows {
					t.Errorf("%s folds %d rows, want %d", a.Name, a.Folded, tc.rows)
				}
			}
			if diff := cmp.Diff(tc.folded, folded); diff != "" {
				t.Errorf("folded row actions (-want +got):\n%s", diff)
			}
			for _, c := range snap.Controls {
				if slices.Contains(tc.controls, c.Label) {
					t.Errorf("%q is a page control, not a folded row action", c.Label)
				}
			}
			st := stateMap(snap)
			for k, v := range tc.state {
				if st[k] != v {
					t.Errorf("state %s = %q, want %q (state: %v)", k, st[k], v, st)
				}
			}
			for _, r := range snap.Records {
				for _, f := range r.Fields {
					if strings.Contains(f.Value, "Copyright") {
						t.Errorf("record %s is the footer's copyright line: %+v", r.ID, r)
					}
				}
			}
		})
	}
}

// A row's text keeps the word breaks the page shows: an inline element the
// CSS makes a block (a count above its caption, a flex item) is separated
// from its neighbours as a <div> would be, and an avatar's initials before
// the name they abbreviate are not part of it (gentelella's contact cards
// read "SK Sarah Kowalski Designer 64Projects 7Tasks"), in a list row or a
// table cell.
func TestCollectRowText(t *testing.T) {
	t.Parallel()
	html, err := os.ReadFile(filepath.Join("testdata", "infer", "rowtext.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := serveHTML(t, string(html))
	snap, _ := collectSnapshot(t, s, page.DefaultCollectParams())
	got := map[string]string{}
	for _, r := range snap.Records {
		for _, f := range r.Fields {
			if f.Name == "text" || f.Name == "Customer" {
				got[r.Label] = f.Value
			}
		}
	}
	want := map[string]string{
		"Aigars Silkalns": "Aigars Silkalns Admin 148 Projects 12 Tasks",
		"Sarah Kowalski":  "Sarah Kowalski Designer 64 Projects 7 Tasks",
		"Michael Reyes":   "Michael Reyes Engineer 98 Projects 11 Tasks",
		// a table cell's avatar too (gentelella's orders read "JD John
		// Doe"); "AB" before words it does not abbreviate stays
		"#7841": "John Doe",
		"#7840": "Anna Smith",
		"#7839": "AB tests",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("record text (-want +got):\n%s", diff)
	}
}
