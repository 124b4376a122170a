package browser_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
)

// BenchmarkSessionStart measures session-start latency (a new browser
// context and its first tab, intercepted) when N sessions start at once
// (issue 12 pt 3), through the Manager as pling serve opens sessions,
// with no spare session and with browser.spareSessions' default (1, the
// pool full before each burst). It reports the p50 and max latency of one
// start. Figures in docs/PERFORMANCE.md and docs/OPERATIONS.md; rerun on a
// quiet machine:
//
//	go test ./browser -run '^$' -bench BenchmarkSessionStart -benchtime 3x
func BenchmarkSessionStart(b *testing.B) {
	check := func(string) error { return nil }
	for _, spares := range []int{0, 1} {
		// startTimeoutMs at its default (30 s): no start of a burst may fail on it.
		m := browser.NewManager(browser.Options{ExecPath: testbrowser.ExecPath()})
		m.KeepSpares(spares, browser.SessionOptions{CheckURL: check})
		m.Prestart()
		for _, n := range []int{1, 5, 20} {
			b.Run(fmt.Sprintf("spares=%d/concurrent=%d", spares, n), func(b *testing.B) {
				var all []time.Duration
				for range b.N {
					b.StopTimer()
					waitSpares(b, m, spares)
					b.StartTimer()
					var mu sync.Mutex
					var wg sync.WaitGroup
					var sessions []*browser.Session
					for range n {
						wg.Go(func() {
							ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
							defer cancel()
							start := time.Now()
							s, err := m.OpenSession(ctx)
							d := time.Since(start)
							if err != nil {
								b.Errorf("session start: %v", err)
								return
							}
							mu.Lock()
							all = append(all, d)
							sessions = append(sessions, s)
							mu.Unlock()
						})
					}
					wg.Wait()
					b.StopTimer()
					for _, s := range sessions {
						s.CloseSession()
					}
					b.StartTimer()
				}
				if len(all) == 0 {
					return
				}
				sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
				b.ReportMetric(float64(all[len(all)/2].Milliseconds()), "p50-ms")
				b.ReportMetric(float64(all[len(all)-1].Milliseconds()), "max-ms")
			})
		}
		m.Close()
	}
}

// waitSpares waits until the Manager's pool holds n ready spares (the
// browser started and the replacements opened).
func waitSpares(b *testing.B, m *browser.Manager, n int) {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := m.Browser(ctx); err != nil {
		b.Fatalf("real Chromium is required: %v", err)
	}
	for m.Spares() < n {
		if ctx.Err() != nil {
			b.Fatalf("the pool did not refill (%d of %d spares)", m.Spares(), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
