package page

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer"
)

// Tokens of the two renderings, counted with cl100k_base (the yardstick of
// issue 8): the spec's 12-row Todo page in the compact form, with the
// one-time guide, stays under Playwright MCP's 802-token snapshot of a
// 12-row todo page, and every fixture page's compact golden takes at most
// 60% of its full form. `go test ./page -run TestCompactTokens -v` prints
// the figures of docs/PERFORMANCE.md.
func TestCompactTokens(t *testing.T) {
	enc, err := tokenizer.Get(tokenizer.Cl100kBase)
	if err != nil {
		t.Fatal(err)
	}
	count := func(s string) int {
		ids, _, _ := enc.Encode(s)
		return len(ids)
	}
	b := DefaultBudgets()
	o := Build(specTodoSnapshot(), b, BuildOptions{})
	o.Revision = "7.a1b2c3d4.AbCdEfGhIjKl"
	full, compact, guide := count(Render(o, b)), count(RenderCompact(o, b, false)), count(Guide)
	t.Logf("spec todos (12 rows, default budgets): full %d, compact %d, guide %d tokens", full, compact, guide)
	if compact+guide >= 802 || compact*2 > full {
		t.Errorf("spec todos: compact %d + guide %d tokens (full %d): want under 802 and at most half", compact, guide, full)
	}
	files, _ := filepath.Glob("testdata/fixtures/*.compact.md")
	if len(files) == 0 {
		t.Fatal("no compact goldens")
	}
	for _, f := range files {
		c, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fu, err := os.ReadFile(strings.TrimSuffix(f, ".compact.md") + ".md")
		if err != nil {
			t.Fatal(err)
		}
		nc, nf := count(string(c)), count(string(fu))
		t.Logf("%s: full %d, compact %d tokens", filepath.Base(f), nf, nc)
		if nc*10 > nf*6 {
			t.Errorf("%s: compact %d tokens, full %d: want at most 60%%", f, nc, nf)
		}
	}
}

// The compact forms that save tokens keep every fact: runs of ids and of
// like regions name their ends and count, a table's columns are said once
// and a cell never runs into the next, entries of one region go under one
// heading and a lone entry carries its region, entries unavailable for
// the same reason share a line.
func TestCompactForms(t *testing.T) {
	runs := []struct {
		ids  []string
		want string
	}{
		{[]string{"o21", "o22", "o23", "o24"}, "o21..o24"},
		{[]string{"o1", "o2"}, "o1 o2"},
		{[]string{"r4", "r7", "r10"}, "r4 r7 r10"},
		{[]string{"a1", "a2", "a3", "b4", "b5", "b6", "x"}, "a1..a3 b4..b6 x"},
		{[]string{"o9", "o10", "o11", "o011"}, "o9..o11 o011"},
		{[]string{"t1", "t2", "t9", "t3"}, "t1 t2 t9 t3"},
		{[]string{"1", "2", "3"}, "1..3"},
		{[]string{"a..1", "a..2", "a..3"}, "a..1 a..2 a..3"},
		{nil, ""},
	}
	for _, c := range runs {
		if got := strings.Join(idRuns(c.ids), " "); got != c.want {
			t.Errorf("idRuns(%v) = %q, want %q", c.ids, got, c.want)
		}
	}
	var regions []RegionView
	regions = append(regions, RegionView{ID: "main", Role: "main", Label: "Main", InViewport: true, ActionsShown: 3, ActionsTotal: 9})
	for i := 0; i < 5; i++ {
		regions = append(regions, RegionView{ID: fmt.Sprintf("widget-%d", i), Label: fmt.Sprintf("Widget %d", i), Parent: "main", ActionsTotal: 2})
	}
	regions = append(regions, RegionView{ID: "widget-5", Label: "Sales", Parent: "main", ActionsTotal: 2})
	o := &Observation{
		Identity: Identity{Title: "T", Path: "/t"},
		Revision: "1.a.b",
		Regions:  regions,
		Actions: []Action{
			{Name: "edit", Kind: "click", Region: "main", RecordParam: true, Folded: 3, SampleIDs: []string{"o1", "o2", "o3"}},
			{Name: "delete", Kind: "click", Region: "main", RecordParam: true, Folded: 3, SampleIDs: []string{"o1", "o2", "o3"}},
			{Name: "refresh", Kind: "click", Region: "widget-0"},
			{Name: "skip", Kind: "click"},
		},
		Counts: Counts{Controls: 9, Entries: 4},
		Modal:  "Delete?",
		Unavailable: []UnavailableView{
			{Name: "a", Reason: "covered by another element"},
			{Name: "b", Reason: `covered by the open dialog "Delete?"`},
			{Name: "c", Reason: "covered by another element"},
			{Name: "d", Reason: "disabled"},
		},
		Records: RecordsView{Total: 3, IDs: []string{"o1", "o2", "o3"}, Shown: []RecordView{
			{ID: "o1", Label: "A|B", Fields: map[string]string{"name": "A|B", "status": ""}, Order: []string{"name", "status"}},
			{ID: "o2", Label: "C", Fields: map[string]string{"name": "C", "status": "paid"}, Order: []string{"name", "status"}},
			{ID: "o3", Label: "D", Fields: map[string]string{"note": "x"}, Order: []string{"note"}},
		}},
	}
	text := RenderCompact(o, DefaultBudgets(), false)
	for _, want := range []string{
		"- main: main, actions 3/9\n",
		"- widget-0..widget-4 (5 regions): region in main offscreen, actions 0/2 each\n",
		"- widget-5: region \"Sales\" in main offscreen, actions 0/2\n",
		"@main:\n- edit(record) | 3 rows (o1 o2 o3)\n- delete(record) | 3 rows (o1 o2 o3)\n- refresh @widget-0\n(no region):\n- skip\n",
		"## Unavailable now\n- a, c: covered by another element\n- b: covered by the open dialog\n- d: disabled\n",
		"dialog \"Delete?\" open",
		"columns: name | status\n- o1: A\\|B | \"\"\n- o2: C | paid\n- o3 \"D\": note x\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "ids:") {
		t.Errorf("every id has its record shown; no ids line expected:\n%s", text)
	}
}
