package page_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/budget"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// The budgets issue 10 found bypassed, on real pages in Chromium: dialog
// messages (12 alerts; the browser itself records at most 16 per call)
// go through the feedback budget, maxPageChars bounds the title
// and the path, unread cross-origin frames are bounded notes with a count,
// and unavailable entries share maxActions with the available ones.
func TestBudgetsOnLivePages(t *testing.T) {
	t.Parallel()
	var base string
	mux := http.NewServeMux()
	mux.HandleFunc("/blank", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>blank</title><p>framed</p>`)
	})
	mux.HandleFunc("/dialogs", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>Dialogs</title><main><button onclick="for (let i = 0; i < 30; i++) alert('dialog number ' + i + ' says ' + 'x'.repeat(120))">Alert many</button></main>`)
	})
	mux.HandleFunc("/frames", func(w http.ResponseWriter, r *http.Request) {
		other := strings.Replace(base, "127.0.0.1", "localhost", 1) // another origin
		var b strings.Builder
		b.WriteString(`<!doctype html><title>Frames</title><main><button>Here</button>`)
		for i := 0; i < 40; i++ {
			fmt.Fprintf(&b, `<iframe src="%s/blank?%d" width="20" height="20"></iframe>`, other, i)
		}
		b.WriteString(`</main>`)
		fmt.Fprint(w, b.String())
	})
	mux.HandleFunc("/disabled", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		b.WriteString(`<!doctype html><title>Disabled</title><main>`)
		for i := 0; i < 30; i++ {
			fmt.Fprintf(&b, `<button>Go %d</button><button disabled>Stop %d</button>`, i, i)
		}
		fmt.Fprint(w, b.String()+`</main>`)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>%s</title><main><button>Ok</button></main>`, strings.Repeat("Long title ", 44))
	})
	base = testbrowser.Serve(t, mux)

	for _, tc := range []struct {
		name, path string
		set        func(*page.Budgets)
		act        string
		check      func(o *page.Observation) string
	}{
		{"maxFeedback and maxFeedbackChars take dialogs", "/dialogs", func(b *page.Budgets) {}, "alert_many", func(o *page.Observation) string {
			n := 0
			for _, f := range o.Feedback {
				n += budget.UTF16Len(f.Message)
			}
			if len(o.Feedback) == 0 || len(o.Feedback) > 8 || n > 800 || len(o.Feedback)+o.Omitted.Feedback != 30 {
				return fmt.Sprintf("%d dialog items (%d chars), %d omitted; want at most 8 and 800, 30 in all (16 kept by the browser, the rest counted)", len(o.Feedback), n, o.Omitted.Feedback)
			}
			return ""
		}},
		{"maxPageChars bounds title and path", "/" + strings.Repeat("p", 400), func(b *page.Budgets) { b.MaxPageChars = 64 }, "", func(o *page.Observation) string {
			n := budget.UTF16Len(o.Identity.Title) + budget.UTF16Len(o.Identity.Path)
			if n > 64 || o.Omitted.PageChars == 0 {
				return fmt.Sprintf("identity of %d chars (%q, %q), %d cut", n, o.Identity.Title, o.Identity.Path, o.Omitted.PageChars)
			}
			return ""
		}},
		{"unread frames are bounded notes with a count", "/frames", func(b *page.Budgets) {}, "", func(o *page.Observation) string {
			if len(o.Notes) > 4 || o.Omitted.Frames != 37 {
				return fmt.Sprintf("%d notes, %d frames counted: %v", len(o.Notes), o.Omitted.Frames, o.Notes)
			}
			return ""
		}},
		{"maxActions covers unavailable entries", "/disabled", func(b *page.Budgets) { b.MaxActions = 40 }, "", func(o *page.Observation) string {
			if len(o.Actions)+len(o.Unavailable) != 40 || o.Omitted.Actions != 20 {
				return fmt.Sprintf("%d + %d entries, %d omitted; want 40 and 20", len(o.Actions), len(o.Unavailable), o.Omitted.Actions)
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := page.DefaultBudgets()
			tc.set(&b)
			rt := page.NewRuntime(testbrowser.New(t), page.RuntimeOptions{Budgets: b, SettleTimeout: 2 * time.Second})
			ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
			defer cancel()
			res, err := rt.Navigate(ctx, base+tc.path)
			if err != nil {
				t.Fatal(err)
			}
			o := res.Observation
			if tc.act != "" {
				r, err := rt.Act(ctx, page.ActRequest{Action: tc.act})
				if err != nil {
					t.Fatal(err)
				}
				o = r.Observation
			}
			if msg := tc.check(o); msg != "" {
				t.Error(msg)
			}
		})
	}
}
