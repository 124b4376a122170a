package page_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// TestSettleSeesRequestsFromDocumentStart: a page that fetches its view
// with an XHR started while it parses, before the load event, and renders
// when the answer comes (a module loader's text plugin), is observed after
// that render: navigate's settle knows the request is in flight although
// it began before the first observation (the watcher is installed when
// the document starts, not when it is first observed).
func TestSettleSeesRequestsFromDocumentStart(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, send string }{
		{"xhr", `const x = new XMLHttpRequest(); x.open("GET", "/view"); x.onload = () => render(x.responseText); x.send();`},
		{"fetch", `fetch("/view").then((r) => r.text()).then(render);`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			base := testbrowser.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				if r.URL.Path == "/view" {
					time.Sleep(800 * time.Millisecond) // within settle's 2 s for one request
					_, _ = w.Write([]byte(`<label>New todo <input id="new"></label>`))
					return
				}
				_, _ = w.Write([]byte(`<!doctype html><title>Late view</title><main id="app"><p>Loading…</p></main>
<script>function render(html) { document.getElementById("app").innerHTML = html; }
` + tc.send + `</script>`))
			}))
			s := testbrowser.New(t)
			rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: page.DefaultBudgets(), SettleTimeout: 10 * time.Second})
			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
			defer cancel()
			res, err := rt.Navigate(ctx, base+"/")
			if err != nil {
				t.Fatal(err)
			}
			text := page.Render(res.Observation, page.DefaultBudgets())
			if !strings.Contains(text, "New todo") {
				t.Fatalf("navigate's observation came before the view the page was fetching:\n%s", text)
			}
		})
	}
}
