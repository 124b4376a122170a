package page_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

var benchPages = []struct{ name, path string }{
	{"todos", "/todos"},
	{"table10k", "/generated/table?rows=10000"},
	{"dashboard5k", "/generated/dashboard?nodes=5000"},
}

// BenchmarkObserve measures one whole observation as an agent gets it:
// the settle check and the collector in one CDP round trip, then Go's
// fold, budget and render. Reported: ns/op (wall), collector-ms (in-page),
// text-bytes (the observation), json-bytes (the snapshot from the page).
func BenchmarkObserve(b *testing.B) {
	for _, bp := range benchPages {
		b.Run(bp.name, func(b *testing.B) {
			s := testbrowser.Open(b, bp.path)
			rt := page.NewRuntime(s, page.RuntimeOptions{SettleTimeout: 3 * time.Second})
			ctx := context.Background()
			if _, err := rt.Observe(ctx, page.ObserveRequest{}); err != nil { // installs the quiet watcher
				b.Fatal(err)
			}
			var o *page.Observation
			var collector float64
			b.ReportAllocs()
			for b.Loop() {
				var err error
				o, err = rt.Observe(ctx, page.ObserveRequest{})
				if err != nil {
					b.Fatal(err)
				}
				collector += o.Snapshot().Stats.ElapsedMS
			}
			text := page.Render(o, page.DefaultBudgets())
			raw, _ := json.Marshal(o.Snapshot())
			b.ReportMetric(collector/float64(b.N), "collector-ms")
			b.ReportMetric(float64(len(text)), "text-bytes")
			b.ReportMetric(float64(len(raw)), "json-bytes")
		})
	}
}

// BenchmarkBuildRender measures the Go side alone (fold, budget, render)
// on a captured snapshot: time and allocations per observation.
func BenchmarkBuildRender(b *testing.B) {
	for _, bp := range benchPages {
		b.Run(bp.name, func(b *testing.B) {
			s := testbrowser.Open(b, bp.path)
			snap, err := page.Collect(context.Background(), s, page.DefaultCollectParams())
			if err != nil {
				b.Fatal(err)
			}
			bud := page.DefaultBudgets()
			b.ReportAllocs()
			for b.Loop() {
				o := page.Build(snap, bud, page.BuildOptions{})
				_ = page.Render(o, bud)
			}
		})
	}
}

// BenchmarkAct measures one whole action as an agent gets it: the
// before-snapshot, resolve, real input events, the settle wait (a full
// quiet window after the action) and the after-observation with its diff.
func BenchmarkAct(b *testing.B) {
	for _, quiet := range []time.Duration{100 * time.Millisecond, 20 * time.Millisecond} {
		b.Run("todos-toggle-quiet"+quiet.String(), func(b *testing.B) {
			s := testbrowser.Open(b, "/todos")
			rt := page.NewRuntime(s, page.RuntimeOptions{SettleQuiet: quiet})
			ctx := context.Background()
			if _, err := rt.Observe(ctx, page.ObserveRequest{}); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := rt.Act(ctx, page.ActRequest{Action: "toggle", Record: "t2"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkActType measures a type action of 20 and of 500 characters
// into a plain text field: the whole act (ns/op, its settle wait
// included) and its input phase alone (input-ms: the prepare step, the
// click, select-all and the key events or paste).
func BenchmarkActType(b *testing.B) {
	for _, n := range []int{20, 120, 500} {
		b.Run(fmt.Sprintf("chars%d", n), func(b *testing.B) {
			s := testbrowser.Open(b, "/form")
			rt := page.NewRuntime(s, page.RuntimeOptions{SettleQuiet: 100 * time.Millisecond})
			ctx := context.Background()
			o, err := rt.Observe(ctx, page.ObserveRequest{})
			if err != nil {
				b.Fatal(err)
			}
			name := ""
			for _, a := range o.Actions {
				if a.Kind == "type" && name == "" {
					name = a.Name
				}
			}
			benchType(b, rt, name, strings.Repeat("Ada Lovelace, 1815. ", n/20))
		})
	}
}

// benchType runs the type action name with text for the benchmark's
// loop and reports its input phase (the trace's "act: input") as
// input-ms beside the whole act's ns/op.
func benchType(b *testing.B, rt *page.Runtime, name, text string) {
	ctx := context.Background()
	var input time.Duration
	for b.Loop() {
		tr := &page.Trace{}
		if _, err := rt.Act(page.WithTrace(ctx, tr), page.ActRequest{Action: name, Args: map[string]any{"text": text}}); err != nil {
			b.Fatal(err)
		}
		for _, sp := range tr.Spans() {
			if sp.Kind == page.SpanPhase && sp.Name == "act: input" {
				input += sp.Dur
			}
		}
	}
	b.ReportMetric(float64(input.Microseconds())/1000/float64(b.N), "input-ms")
}

// BenchmarkContentHash measures the revision fingerprint taken on every
// observation (a re-encoding of the snapshot).
func BenchmarkContentHash(b *testing.B) {
	s := testbrowser.Open(b, "/generated/table?rows=10000")
	snap, err := page.Collect(context.Background(), s, page.DefaultCollectParams())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = page.ContentHash(snap)
	}
}
