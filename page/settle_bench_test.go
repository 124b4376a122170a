package page_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// BenchmarkActStartsAFrameLoop measures the settle cost of counting the
// page's frame callbacks as in flight (watch.js, CHAIN_MAX): a click
// whose handler writes a line and starts a canvas animation that asks
// for a frame on every frame and never ends. The first ten frames of
// that chain are waited for, the rest are not; a page whose loop began
// before the action costs nothing (BenchmarkAct).
func BenchmarkActStartsAFrameLoop(b *testing.B) {
	base := testbrowser.Serve(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!doctype html><title>Spinner</title>
<main><button id="go">Start</button><p id="out">idle</p><canvas id="c" width="40" height="40"></canvas></main>
<script>
let n = 0, loop = 0;
document.getElementById("go").addEventListener("click", () => {
  document.getElementById("out").textContent = "started " + (++n);
  const id = ++loop, g = document.getElementById("c").getContext("2d");
  const draw = (t) => { if (id !== loop) return; g.clearRect(0, 0, 40, 40); g.fillRect(0, 0, (t / 10) % 40, 40); requestAnimationFrame(draw); };
  requestAnimationFrame(draw);
});
</script>`))
	}))
	rt := page.NewRuntime(testbrowser.New(b), page.RuntimeOptions{Budgets: page.DefaultBudgets()})
	ctx := context.Background()
	if _, err := rt.Navigate(ctx, base+"/"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := rt.Act(ctx, page.ActRequest{Action: "start"}); err != nil {
			b.Fatal(err)
		}
	}
}
