package browser_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/internal/testpool"
	"github.com/pling-dev/pling/page"
)

// BenchmarkBrowserPool measures a session's start as pling serve opens it
// (Manager.OpenSession) and its first navigate + observation of the todo
// fixture page, one session at a time, on a local Chromium (one browser,
// a browser context per session) and on a real browser pool in pool mode
// (browserless on 127.0.0.1, one connection and pooled browser per
// session), each without a spare and with one (browser.spareSessions: on
// the pool, a connection dialed ahead). It reports the p50 of each step
// and of both. Figures in docs/OPERATIONS.md, "Running on a browser pool";
// rerun (needs node and npm; browserless is installed the first time):
//
//	go test ./browser -run '^$' -bench BenchmarkBrowserPool -benchtime 5x
func BenchmarkBrowserPool(b *testing.B) {
	pool := testpool.Start(b, testpool.Options{ExecPath: testbrowser.ExecPath()})
	base := testbrowser.FixturesURL(b)
	for _, tc := range []struct {
		name string
		opts browser.Options
	}{
		{"local", browser.Options{ExecPath: testbrowser.ExecPath()}},
		{"pool", browser.Options{RemoteURL: pool.WebSocketURL(pool.Token), PerSession: true}},
	} {
		for _, spares := range []int{0, 1} {
			b.Run(fmt.Sprintf("%s/spares=%d", tc.name, spares), func(b *testing.B) {
				m := browser.NewManager(tc.opts)
				defer m.Close()
				m.KeepSpares(spares, browser.SessionOptions{})
				m.Prestart()
				var starts, firsts, totals []time.Duration
				for range b.N {
					b.StopTimer()
					waitReady(b, m, tc.opts.PerSession, spares)
					b.StartTimer()
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
					t0 := time.Now()
					s, err := m.OpenSession(ctx)
					if err != nil {
						cancel()
						b.Fatalf("session start: %v", err)
					}
					t1 := time.Now()
					rt := page.NewRuntime(s, page.RuntimeOptions{})
					res, err := rt.Navigate(ctx, base+"/todos")
					t2 := time.Now()
					cancel()
					if err != nil || res.Observation == nil {
						b.Fatalf("first navigate: %v", err)
					}
					starts, firsts, totals = append(starts, t1.Sub(t0)), append(firsts, t2.Sub(t1)), append(totals, t2.Sub(t0))
					b.StopTimer()
					s.CloseSession()
					b.StartTimer()
				}
				b.ReportMetric(p50ms(starts), "start-ms")
				b.ReportMetric(p50ms(firsts), "first-obs-ms")
				b.ReportMetric(p50ms(totals), "start+obs-ms")
			})
		}
	}
}

func p50ms(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return float64(ds[len(ds)/2].Milliseconds())
}

// waitReady waits until the Manager can start a session as in steady
// service: its browser up (a local one) and n spares ready.
func waitReady(b *testing.B, m *browser.Manager, perSession bool, n int) {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if !perSession {
		if _, err := m.Browser(ctx); err != nil {
			b.Fatalf("real Chromium is required: %v", err)
		}
	}
	for m.Spares() < n {
		if ctx.Err() != nil {
			b.Fatalf("the spares did not refill (%d of %d)", m.Spares(), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
