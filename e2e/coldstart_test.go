package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/e2e/internal/mcpstart"
)

// BenchmarkColdStart measures the phases of issue 10 pt 11 through the real
// binary over stdio: spawn to initialize answered, spawn to the first
// observation (navigate to the Todo page), a warm navigate with its
// observation, and an action with its fresh observation. Figures in
// docs/PERFORMANCE.md; rerun on a quiet machine (the default browser, the
// discovered headless shell; PLING_CHROMIUM names another Chromium, such
// as Debian's full one):
//
//	go test ./e2e -run '^$' -bench BenchmarkColdStart -benchtime 5x
//	PLING_CHROMIUM=/usr/bin/chromium go test ./e2e -run '^$' -bench BenchmarkColdStart -benchtime 5x
func BenchmarkColdStart(b *testing.B) {
	var initT, firstT, navT, actT []time.Duration
	args := plingServe(b)
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		start := time.Now()
		c := client.NewClient(transport.NewStdio(binary, []string{"PLING_LOG=warn"}, args...))
		if err := mcpstart.Start(ctx, c, mcpstart.Options{Name: "bench"}); err != nil {
			b.Fatal(err)
		}
		initT = append(initT, time.Since(start))
		callB := func(name string, args map[string]any) {
			var req mcp.CallToolRequest
			req.Params.Name = name
			req.Params.Arguments = args
			res, err := c.CallTool(ctx, req)
			if err != nil || res.IsError {
				b.Fatalf("%s: %v %v", name, err, res)
			}
		}
		callB("navigate", map[string]any{"url": url("/todos")})
		firstT = append(firstT, time.Since(start))
		t0 := time.Now()
		callB("navigate", map[string]any{"url": url("/todos")})
		navT = append(navT, time.Since(t0))
		t0 = time.Now()
		callB("act", map[string]any{"action": "toggle", "record": "t1"})
		actT = append(actT, time.Since(t0))
		_ = c.Close()
		cancel()
	}
	med := func(d []time.Duration) float64 {
		s := append([]time.Duration(nil), d...)
		for i := range s {
			for j := i + 1; j < len(s); j++ {
				if s[j] < s[i] {
					s[i], s[j] = s[j], s[i]
				}
			}
		}
		return float64(s[len(s)/2].Microseconds()) / 1000
	}
	b.ReportMetric(med(initT), "init-ms")
	b.ReportMetric(med(firstT), "first-obs-ms")
	b.ReportMetric(med(navT), "warm-nav-ms")
	b.ReportMetric(med(actT), "act-ms")
}
