package page_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pling-dev/pling/page"
)

// Issue 18 (Prometheus's console): a result row's cell of 225
// characters, the series' labels, is cut with its count (…(+N)), and
// observe {find} shows the window around the word it found past the
// cut: the version label, the answer, was beyond reach (a bare "…", and
// find returned the same cut cell).
func TestLongCellCountedAndFound(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/long-cell.html")
	o := rt.Last()
	b := page.DefaultBudgets()
	text := page.RenderCompact(o, b, false)
	if len(o.Records.Shown) != 2 || !regexp.MustCompile(`prometheus_build_info\{branch="debian/sid",[^\n]*…\(\+\d+\)`).MatchString(text) {
		t.Fatalf("the long cells are not cut with their count:\n%s", text)
	}
	found, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "prometheus_build_info version"})
	if err != nil {
		t.Fatal(err)
	}
	ft := page.RenderCompact(found, b, false)
	if len(found.Records.Shown) != 2 || !strings.Contains(ft, `version="2.42.0+ds"}`) || strings.Contains(ft, `r1 "prometheus`) {
		t.Errorf("find does not show the part of the cell it found:\n%s", ft)
	}
}

// Issue 18 (Adminer's Alter table, Create table, Alter indexes): a grid
// whose cells are fields has rows that say what their fields hold, the
// first box's value their label, so the row of the column "price" is
// found by its name (its records read "NULL | Default value" and find
// found nothing).
func TestRowsOfFieldsShowTheirValues(t *testing.T) {
	t.Parallel()
	rt, _ := openURL(t, serveRealapp(t, nil)+"/input-grid.html")
	o := rt.Last()
	var labels []string
	for _, r := range o.Records.Shown {
		labels = append(labels, r.Label)
	}
	if strings.Join(labels, ",") != "id,name,price,stock" {
		t.Fatalf("records %q, want the columns' names:\n%s", labels, page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	found, err := rt.Observe(t.Context(), page.ObserveRequest{Find: "price"})
	if err != nil {
		t.Fatal(err)
	}
	if len(found.Records.Shown) != 1 || found.Records.Shown[0].Label != "price" || !strings.Contains(page.RenderCompact(found, page.DefaultBudgets(), false), "decimal") {
		t.Errorf("find price:\n%s", page.RenderCompact(found, page.DefaultBudgets(), false))
	}
}
