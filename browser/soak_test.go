package browser_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
)

// Sessions opened and closed one after another leave nothing behind: the
// goroutines and the Go heap after a GC stay within 10 % (plus a small
// constant) of where they were (issue 10 pt 9 soak). The default run is
// short; PLING_SOAK_SESSIONS=1000 runs the long soak.
func TestSessionChurnDoesNotLeak(t *testing.T) {
	n := 20
	if v := os.Getenv("PLING_SOAK_SESSIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			t.Fatalf("PLING_SOAK_SESSIONS: %v", err)
		}
	}
	b := testbrowser.Browser(t)
	base := testbrowser.FixturesURL(t)
	cycle := func() {
		ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
		defer cancel()
		s, err := b.NewSessionWith(ctx, browser.SessionOptions{CheckURL: func(string) error { return nil }})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Navigate(ctx, base+"/todos"); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	measure := func() (int, uint64) {
		var g int
		var ms runtime.MemStats
		// Closing is asynchronous in places (chromedp's target cleanup):
		// let it finish.
		for range 20 {
			runtime.GC()
			g = runtime.NumGoroutine()
			time.Sleep(100 * time.Millisecond)
			if runtime.NumGoroutine() == g {
				break
			}
		}
		runtime.ReadMemStats(&ms)
		return g, ms.HeapAlloc
	}
	for range 5 { // warm up: caches, the first context's one-time work
		cycle()
	}
	g0, h0 := measure()
	for range n {
		cycle()
	}
	g1, h1 := measure()
	t.Logf("%d sessions: goroutines %d -> %d, heap %d KiB -> %d KiB", n, g0, g1, h0/1024, h1/1024)
	if float64(g1) > float64(g0)*1.1+5 {
		t.Errorf("goroutines grew from %d to %d over %d sessions", g0, g1, n)
	}
	if float64(h1) > float64(h0)*1.1+4<<20 {
		t.Errorf("heap grew from %d KiB to %d KiB over %d sessions", h0/1024, h1/1024, n)
	}
}
