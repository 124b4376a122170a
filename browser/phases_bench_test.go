package browser_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// BenchmarkPhases splits issue 10 pt 11's latencies into their phases,
// in process (no MCP, no stdio): Chromium's launch, the session's browser
// context and tab, the first navigation (load, then the settle wait, the
// collector and the rest: transfer, fold and render), a warm navigation,
// and an action with its fresh observation. Each figure is the median of
// b.N runs; the round trips are counted with page.Trace. Figures in
// docs/PERFORMANCE.md; rerun on a quiet machine:
//
//	go test ./browser -run '^$' -bench BenchmarkPhases -benchtime 5x
func BenchmarkPhases(b *testing.B) {
	base := testbrowser.FixturesURL(b)
	phases := map[string][]time.Duration{}
	counts := map[string]int{}
	add := func(name string, d time.Duration) { phases[name] = append(phases[name], d) }
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		t0 := time.Now()
		br, err := browser.Start(ctx, browser.Options{ExecPath: testbrowser.ExecPath(), StartTimeout: time.Minute, ActionTimeout: time.Minute})
		if err != nil {
			b.Fatal(err)
		}
		add("1 launch Chromium", time.Since(t0))
		t1 := time.Now()
		s, err := br.NewSession(ctx)
		if err != nil {
			b.Fatal(err)
		}
		add("2 browser context and tab", time.Since(t1))
		rt := page.NewRuntime(s, page.RuntimeOptions{})
		nav := func(prefix, path string) {
			tr := &page.Trace{}
			t := time.Now()
			res, err := rt.Navigate(page.WithTrace(ctx, tr), base+path)
			if err != nil {
				b.Fatal(err)
			}
			total := time.Since(t)
			add(prefix+" total", total)
			var load time.Duration
			for _, sp := range tr.Spans() {
				if sp.Name == "navigate: load" {
					load = sp.Dur
				}
			}
			st := res.Observation.Snapshot().Stats
			add(prefix+" a load", load)
			add(prefix+" b settle wait", ms(st.SettleMS))
			add(prefix+" c collector", ms(st.ElapsedMS))
			add(prefix+" d rest", total-load-ms(st.SettleMS)-ms(st.ElapsedMS))
			counts[prefix+" round trips"] = tr.Count("")
			counts[prefix+" evaluations"] = tr.Count(page.SpanEval)
		}
		nav("3 first navigate /todos", "/todos")
		add("4 launch to first observation", time.Since(t0))
		nav("5 warm navigate /todos", "/todos")
		nav("6 warm navigate 1000-row table", "/generated/table?rows=1000")
		nav("7 navigate /todos again", "/todos")
		tr := &page.Trace{}
		t := time.Now()
		res, err := rt.Act(page.WithTrace(ctx, tr), page.ActRequest{Action: "toggle", Record: "t1"})
		if err != nil {
			b.Fatal(err)
		}
		add("8 act toggle total", time.Since(t))
		for _, sp := range tr.Spans() {
			if sp.Kind == page.SpanPhase && sp.Name != "observe" {
				add("8 "+sp.Name, sp.Dur)
			}
		}
		add("8 act: settle wait", ms(res.Observation.Snapshot().Stats.SettleMS))
		counts["8 act round trips"] = tr.Count("")
		counts["8 act evaluations"] = tr.Count(page.SpanEval)
		s.Close()
		br.Close()
		cancel()
	}
	names := make([]string, 0, len(phases))
	for n := range phases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		d := phases[n]
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		b.Logf("%-45s %8.1f ms", n, float64(d[len(d)/2].Microseconds())/1000)
	}
	cn := make([]string, 0, len(counts))
	for n := range counts {
		cn = append(cn, n)
	}
	sort.Strings(cn)
	for _, n := range cn {
		b.Logf("%-45s %5d", n, counts[n])
	}
}
