package page_test

import (
	"context"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// BenchmarkProseCount measures what counting the unread prose adds to an
// observation: the count runs in the page in the observation's own round
// trip, after the collector. Reported: prose-ms (the count, in-page),
// collector-ms (the collector, in-page, for scale).
func BenchmarkProseCount(b *testing.B) {
	for _, bp := range append(benchPages, struct{ name, path string }{"help", "/help"}) {
		b.Run(bp.name, func(b *testing.B) {
			s := testbrowser.Open(b, bp.path)
			rt := page.NewRuntime(s, page.RuntimeOptions{SettleTimeout: 3 * time.Second})
			ctx := context.Background()
			if _, err := rt.Observe(ctx, page.ObserveRequest{}); err != nil {
				b.Fatal(err)
			}
			var prose, collector float64
			for b.Loop() {
				o, err := rt.Observe(ctx, page.ObserveRequest{})
				if err != nil {
					b.Fatal(err)
				}
				if o.Snapshot().Prose == nil {
					b.Fatal("no prose count in a settled observation")
				}
				prose += o.Snapshot().Prose.ElapsedMS
				collector += o.Snapshot().Stats.ElapsedMS
			}
			b.ReportMetric(prose/float64(b.N), "prose-ms")
			b.ReportMetric(collector/float64(b.N), "collector-ms")
		})
	}
}
