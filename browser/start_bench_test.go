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
// context and its first tab, guarded) when N sessions start at once
// (issue 12 pt 3). It reports the p50 and max latency of one start.
// Figures in docs/PERFORMANCE.md; rerun on a quiet machine:
//
//	go test ./browser -run '^$' -bench BenchmarkSessionStart -benchtime 3x
func BenchmarkSessionStart(b *testing.B) {
	br := testbrowser.Browser(b)
	check := func(string) error { return nil }
	for _, n := range []int{1, 5, 20} {
		b.Run(fmt.Sprintf("concurrent=%d", n), func(b *testing.B) {
			var all []time.Duration
			for range b.N {
				var mu sync.Mutex
				var wg sync.WaitGroup
				var sessions []*browser.Session
				for range n {
					wg.Go(func() {
						ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
						defer cancel()
						start := time.Now()
						s, err := br.NewSessionWith(ctx, browser.SessionOptions{CheckURL: check})
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
					s.Close()
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
}
