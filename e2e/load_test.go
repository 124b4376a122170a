package e2e

import (
	"bufio"
	"context"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// The figures of docs/OPERATIONS.md come from these benchmarks. Run them
// on a quiet machine:
//
//	go test ./e2e -run '^$' -bench 'BenchmarkSessionCost|BenchmarkHTTPLoad' -benchtime 1x

// procStats sums the processes of the tree under pid (pling and its
// Chromium): how many, their RSS and PSS (PSS shares Chromium's common
// pages fairly between its processes), in KiB.
func procStats(pid int) (n int, rssKB, pssKB int64) {
	children := map[int][]int{}
	for _, p := range procs() {
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	var walk func(int)
	walk = func(p int) {
		n++
		rssKB += statusKB(p, "/status", "VmRSS:")
		pssKB += statusKB(p, "/smaps_rollup", "Pss:")
		for _, c := range children[p] {
			walk(c)
		}
	}
	walk(pid)
	return n, rssKB, pssKB
}

// statusKB reads one "Key: N kB" line of a /proc file.
func statusKB(pid int, file, key string) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + file)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			v, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			return v
		}
	}
	return 0
}

// session opens one legacy Streamable HTTP session (no GET stream).
func loadSession(b testing.TB, base string) *client.Client {
	b.Helper()
	tr, err := transport.NewStreamableHTTP(base + "/mcp")
	if err != nil {
		b.Fatal(err)
	}
	c := client.NewClient(tr)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := startLegacy(b, ctx, c, "load"); err != nil {
		b.Fatal(err)
	}
	return c
}

func loadCall(c *client.Client, name string, args map[string]any) (time.Duration, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	start := time.Now()
	res, err := c.CallTool(ctx, req)
	return time.Since(start), err == nil && !res.IsError
}

// BenchmarkSessionCost measures what one live session costs the machine:
// processes and memory of pling plus Chromium, before and after k sessions
// each opened the Todo page.
func BenchmarkSessionCost(b *testing.B) {
	const k = 5
	for range b.N {
		base, pid := startHTTPPid(b, nil)
		warm := loadSession(b, base) // the browser is up
		if _, ok := loadCall(warm, "navigate", map[string]any{"url": url("/todos")}); !ok {
			b.Fatal("warm-up navigate failed")
		}
		time.Sleep(2 * time.Second)
		n0, rss0, pss0 := procStats(pid)
		var cs []*client.Client
		for range k {
			c := loadSession(b, base)
			if _, ok := loadCall(c, "navigate", map[string]any{"url": url("/todos")}); !ok {
				b.Fatal("navigate failed")
			}
			cs = append(cs, c)
		}
		time.Sleep(2 * time.Second)
		n1, rss1, pss1 := procStats(pid)
		for _, c := range cs {
			_ = c.Close()
		}
		time.Sleep(3 * time.Second)
		n2, _, pss2 := procStats(pid)
		b.ReportMetric(float64(n1-n0)/k, "procs/session")
		b.ReportMetric(float64(pss1-pss0)/1024/k, "PSS-MB/session")
		b.ReportMetric(float64(rss1-rss0)/1024/k, "RSS-MB/session")
		b.ReportMetric(float64(n0), "procs-base")
		b.ReportMetric(float64(pss0)/1024, "PSS-MB-base")
		b.ReportMetric(float64(n2-n0), "procs-left-after-close")
		b.ReportMetric(float64(pss2-pss0)/1024, "PSS-MB-left-after-close")
		_ = warm.Close()
	}
}

// BenchmarkHTTPLoad is the load run of docs/OPERATIONS.md: S concurrent
// sessions, each navigating to the Todo page then making C calls (observe,
// act, scroll in turn); it reports call latency p50/p95, errors and the
// peak memory of pling plus Chromium.
func BenchmarkHTTPLoad(b *testing.B) {
	const sessions, calls = 10, 30
	for range b.N {
		base, pid := startHTTPPid(b, nil, "--config", writeConfig(b, "http:\n  maxSessions: 64\n"))
		var mu sync.Mutex
		var lat []time.Duration
		errs := 0
		var peakPSS int64
		stop := make(chan struct{})
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(500 * time.Millisecond):
					_, _, pss := procStats(pid)
					mu.Lock()
					peakPSS = max(peakPSS, pss)
					mu.Unlock()
				}
			}
		}()
		start := time.Now()
		var wg sync.WaitGroup
		for range sessions {
			wg.Go(func() {
				c := loadSession(b, base)
				defer c.Close()
				record := func(d time.Duration, ok bool) {
					mu.Lock()
					lat = append(lat, d)
					if !ok {
						errs++
					}
					mu.Unlock()
				}
				record(loadCall(c, "navigate", map[string]any{"url": url("/todos")}))
				for i := range calls - 1 {
					switch i % 3 {
					case 0:
						record(loadCall(c, "observe", map[string]any{}))
					case 1:
						record(loadCall(c, "act", map[string]any{"action": "toggle", "record": "t" + strconv.Itoa(1+i%12)}))
					case 2:
						record(loadCall(c, "scroll", map[string]any{"direction": "down"}))
					}
				}
			})
		}
		wg.Wait()
		wall := time.Since(start)
		close(stop)
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Milliseconds()) }
		b.ReportMetric(float64(len(lat)), "calls")
		b.ReportMetric(float64(errs), "errors")
		b.ReportMetric(pct(0.50), "p50-ms")
		b.ReportMetric(pct(0.95), "p95-ms")
		b.ReportMetric(float64(len(lat))/wall.Seconds(), "calls/s")
		b.ReportMetric(float64(peakPSS)/1024, "peak-PSS-MB")
	}
}
