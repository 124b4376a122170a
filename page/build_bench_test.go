package page_test

import (
	"context"
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// BenchmarkBuild measures Build alone (naming, folding, budgets; no
// rendering) on a snapshot captured once per page: Chromium serves the
// capture, the loop runs in Go only.
func BenchmarkBuild(b *testing.B) {
	for _, bp := range benchPages {
		b.Run(bp.name, func(b *testing.B) {
			s := testbrowser.Open(b, bp.path)
			snap, err := page.Collect(context.Background(), s, page.DefaultCollectParams())
			if err != nil {
				b.Fatal(err)
			}
			bud := page.DefaultBudgets()
			var o *page.Observation
			b.ReportAllocs()
			for b.Loop() {
				o = page.Build(snap, bud, page.BuildOptions{})
			}
			b.ReportMetric(float64(len(o.Actions)), "actions")
		})
	}
}
