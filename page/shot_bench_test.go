package page_test

import (
	"context"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// BenchmarkScreenshot measures one screenshot as the tool takes it: the
// settle check, a snapshot for the revision, the clip, and the captures
// needed to fit the default 200 KB bound. Reported: ns/op (wall), bytes
// (the image), px-w and px-h (its pixels), captures (encodings tried).
func BenchmarkScreenshot(b *testing.B) {
	for _, bp := range benchPages {
		for _, full := range []bool{false, true} {
			name := bp.name + "/viewport"
			if full {
				name = bp.name + "/full"
			}
			b.Run(name, func(b *testing.B) {
				s := testbrowser.Open(b, bp.path)
				rt := page.NewRuntime(s, page.RuntimeOptions{SettleTimeout: 3 * time.Second})
				ctx := context.Background()
				if _, err := rt.Observe(ctx, page.ObserveRequest{}); err != nil {
					b.Fatal(err)
				}
				var shot *page.Screenshot
				b.ReportAllocs()
				for b.Loop() {
					var err error
					if shot, err = rt.Screenshot(ctx, page.ScreenshotRequest{FullPage: full}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(shot.Data)), "bytes")
				b.ReportMetric(float64(shot.Width), "px-w")
				b.ReportMetric(float64(shot.Height), "px-h")
				b.ReportMetric(float64(shot.Captures), "captures")
				b.ReportMetric(float64(shot.Quality), "quality")
			})
		}
	}
}
