package e2e

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// BenchmarkSessionStartHTTP is issue 12 pt 3 as a host sees it: N MCP
// sessions over Streamable HTTP (handshakes done) send their first
// navigate (the Todo page) at once to one warm `pling serve --http`; it
// reports the p50 and max latency of that first navigate (session start,
// navigation, settle and observation), the errors, and among them the
// failed session starts (BROWSER_UNAVAILABLE, or no answer at all), with
// browser.spareSessions at its default (1) and at 0. Figures in
// docs/OPERATIONS.md; rerun on a quiet machine:
//
//	go test ./e2e -run '^$' -bench BenchmarkSessionStartHTTP -benchtime 1x -timeout 20m
func BenchmarkSessionStartHTTP(b *testing.B) {
	for _, spares := range []int{1, 0} {
		for _, n := range []int{1, 5, 20} {
			b.Run(fmt.Sprintf("spares=%d/sessions=%d", spares, n), func(b *testing.B) {
				cfg := writeConfig(b, fmt.Sprintf("http:\n  maxSessions: 64\nbrowser:\n  spareSessions: %d\n", spares))
				base, _ := startHTTPPid(b, nil, "--config", cfg)
				warm := loadSession(b, base) // the browser is up
				if _, ok := loadCall(warm, "navigate", map[string]any{"url": url("/todos")}); !ok {
					b.Fatal("warm-up navigate failed")
				}
				var lat []time.Duration
				errs := 0
				reasons := map[string]int{} // error text (its code first) -> count
				for range b.N {
					b.StopTimer()
					time.Sleep(2 * time.Second) // the spare pool refills
					cs := make([]*client.Client, n)
					var wg sync.WaitGroup
					for i := range cs {
						wg.Go(func() { cs[i] = loadSession(b, base) })
					}
					wg.Wait()
					b.StartTimer()
					var mu sync.Mutex
					for _, c := range cs {
						wg.Go(func() {
							d, why := firstNavigate(c)
							mu.Lock()
							defer mu.Unlock()
							lat = append(lat, d)
							if why != "" {
								errs++
								reasons[why]++
							}
						})
					}
					wg.Wait()
					b.StopTimer()
					for _, c := range cs {
						_ = c.Close()
					}
					b.StartTimer()
				}
				_ = warm.Close()
				for why, k := range reasons {
					b.Logf("%d× %s", k, why)
				}
				sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
				b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-ms")
				b.ReportMetric(float64(lat[len(lat)-1].Milliseconds()), "max-ms")
				b.ReportMetric(float64(errs), "errors")
				starts := 0 // failed session starts (the rest: the page's own bounds)
				for why, k := range reasons {
					if strings.Contains(why, `"BROWSER_UNAVAILABLE"`) || strings.HasPrefix(why, "transport") {
						starts += k
					}
				}
				b.ReportMetric(float64(starts), "start-failures")
			})
		}
	}
}

// firstNavigate sends a session's first navigate (the Todo page): its
// latency, and the start of the error text when it failed.
func firstNavigate(c *client.Client) (time.Duration, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = "navigate"
	req.Params.Arguments = map[string]any{"url": url("/todos")}
	start := time.Now()
	res, err := c.CallTool(ctx, req)
	d := time.Since(start)
	switch {
	case err != nil:
		return d, "transport: " + err.Error()
	case res.IsError:
		text := ""
		for _, ct := range res.Content {
			if tc, ok := ct.(mcp.TextContent); ok {
				text += tc.Text
			}
		}
		return d, text[:min(len(text), 160)]
	}
	return d, ""
}

// BenchmarkSpareCost measures what a spare session (browser.spareSessions)
// costs while it waits: processes and PSS of pling plus Chromium, warm
// (one page open) with 4 spares against 0, per spare. Rerun:
//
//	go test ./e2e -run '^$' -bench BenchmarkSpareCost -benchtime 1x
func BenchmarkSpareCost(b *testing.B) {
	const k = 4
	measure := func(spares int) (int, int64) {
		cfg := writeConfig(b, fmt.Sprintf("browser:\n  spareSessions: %d\n", spares))
		base, pid := startHTTPPid(b, nil, "--config", cfg)
		c := loadSession(b, base)
		defer c.Close()
		if _, ok := loadCall(c, "navigate", map[string]any{"url": url("/todos")}); !ok {
			b.Fatal("navigate failed")
		}
		time.Sleep(5 * time.Second) // the spares are opened
		n, _, pss := procStats(pid)
		return n, pss
	}
	for range b.N {
		n0, pss0 := measure(0)
		n1, pss1 := measure(k)
		b.ReportMetric(float64(n1-n0)/k, "procs/spare")
		b.ReportMetric(float64(pss1-pss0)/1024/k, "PSS-MB/spare")
	}
}
