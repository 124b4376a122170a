package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkSessionStartPhases is the profile of a session start (issue 12
// pt 3): N sessions start at once in one browser (no spares) and each then
// navigates to a small local page; every CDP command of the run is timed
// from the moment it is written to the browser to the moment its reply is
// read, and the p50 of each step of the start is reported (ms), with the
// p50 of a whole start and of start + first navigation. Figures in
// docs/OPERATIONS.md ("Session start"); rerun:
//
//	go test ./browser -run '^$' -bench BenchmarkSessionStartPhases -benchtime 1x
func BenchmarkSessionStartPhases(b *testing.B) {
	var mu sync.Mutex
	type sent struct {
		at     time.Time
		method string
	}
	pending := map[int64]sent{}
	lat := map[string][]time.Duration{}
	traceCDP = func(format string, args ...any) {
		if len(args) != 1 {
			return
		}
		raw, ok := args[0].([]byte)
		if !ok {
			return
		}
		var m struct {
			ID     int64  `json:"id"`
			Method string `json:"method"`
		}
		if json.Unmarshal(raw, &m) != nil || m.ID == 0 {
			return
		}
		now := time.Now()
		mu.Lock()
		defer mu.Unlock()
		if strings.HasPrefix(format, "->") {
			pending[m.ID] = sent{now, m.Method}
		} else if p, ok := pending[m.ID]; ok {
			delete(pending, m.ID)
			lat[p.method] = append(lat[p.method], now.Sub(p.at))
		}
	}
	defer func() { traceCDP = nil }()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>start</title><p>hello</p>")
	}))
	defer srv.Close()
	br, err := Start(context.Background(), Options{ExecPath: execPath(), ActionTimeout: 5 * time.Minute})
	if err != nil {
		b.Fatalf("real Chromium is required: %v", err)
	}
	defer br.Close()
	steps := []struct{ metric, method string }{
		{"createBrowserContext", "Target.createBrowserContext"},
		{"setDownloadBehavior", "Browser.setDownloadBehavior"},
		{"createTarget", "Target.createTarget"},
		{"attachToTarget", "Target.attachToTarget"},
		{"Runtime.enable", "Runtime.enable"},
		{"Runtime.evaluate", "Runtime.evaluate"},
		{"Log.enable", "Log.enable"},
		{"Network.enable", "Network.enable"},
		{"Page.enable", "Page.enable"},
		{"DOM.enable", "DOM.enable"},
		{"CSS.enable", "CSS.enable"},
		{"setAutoAttach", "Target.setAutoAttach"},
		{"setDeviceMetrics", "Emulation.setDeviceMetricsOverride"},
		{"Page.navigate", "Page.navigate"},
	}
	for _, n := range []int{1, 5, 20} {
		b.Run(fmt.Sprintf("concurrent=%d", n), func(b *testing.B) {
			var starts, firsts []time.Duration
			mu.Lock()
			clear(lat)
			mu.Unlock()
			for range b.N {
				var wg sync.WaitGroup
				var sessions []*Session
				var smu sync.Mutex
				for range n {
					wg.Go(func() {
						ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
						defer cancel()
						t0 := time.Now()
						s, err := br.NewSessionWith(ctx, SessionOptions{CheckURL: func(string) error { return nil }})
						d := time.Since(t0)
						if err != nil {
							b.Errorf("session start: %v", err)
							return
						}
						err = s.Navigate(ctx, srv.URL)
						smu.Lock()
						defer smu.Unlock()
						sessions = append(sessions, s)
						if err != nil {
							b.Errorf("first navigation: %v", err)
							return
						}
						starts = append(starts, d)
						firsts = append(firsts, time.Since(t0))
					})
				}
				wg.Wait()
				b.StopTimer()
				for _, s := range sessions {
					s.Close()
				}
				b.StartTimer()
			}
			mu.Lock()
			defer mu.Unlock()
			for _, st := range steps {
				if d := lat[st.method]; len(d) > 0 {
					b.ReportMetric(p50(d), st.metric+"-p50-ms")
				}
			}
			if len(starts) > 0 {
				b.ReportMetric(p50(starts), "start-p50-ms")
				b.ReportMetric(p50(firsts), "start+navigate-p50-ms")
			}
		})
	}
}

func p50(d []time.Duration) float64 {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[len(d)/2].Microseconds()) / 1000
}
