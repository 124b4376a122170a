package page_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// serveRealapp serves page/testdata/realapp (the failure classes of issue
// 18, each a small page) plus the extra handlers a test adds, and returns
// its base URL.
func serveRealapp(t *testing.T, extra map[string]http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/realapp")))
	for p, h := range extra {
		mux.HandleFunc(p, h)
	}
	return testbrowser.Serve(t, mux)
}

// openURL is openTab for a URL of a test's own server.
func openURL(t *testing.T, url string) (*page.Runtime, *browser.Session) {
	t.Helper()
	s := testbrowser.New(t)
	rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: page.DefaultBudgets(), SettleTimeout: 2 * time.Second})
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	if _, err := rt.Navigate(ctx, url); err != nil {
		t.Fatalf("navigate %s: %v", url, err)
	}
	return rt, s
}

func evalString(t *testing.T, s *browser.Session, expr string) string {
	t.Helper()
	var got string
	if err := s.Evaluate(t.Context(), expr, &got); err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return got
}

// Issue 18 pt 1: WordPress's row actions sit at left: -9999em until their
// row is hovered or focused. Acting on one reveals it as a person would
// (hover the row, focus the control), hit-tests it and clicks it; a
// control that stays out of reach is an error (TARGET_NOT_REACHED), never
// ok: true.
func TestActRevealedOnHoverOrFocus(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/rowactions.html")
	ctx := t.Context()
	o := rt.Last()
	if os.Getenv("PLING_DEBUG_RENDER") != "" {
		t.Log(page.Render(o, page.DefaultBudgets()))
	}
	approve := ""
	for _, a := range o.Actions {
		if strings.HasPrefix(a.Name, "approve") && a.RecordParam {
			approve = a.Name
		}
	}
	if approve == "" {
		t.Fatalf("no approve row action in %s", page.Render(o, page.DefaultBudgets()))
	}
	rec := ""
	for _, r := range o.Records.Shown {
		if strings.Contains(r.Label, "disagree") {
			rec = r.ID
		}
	}
	if rec == "" {
		t.Fatalf("no record for comment 2 in %s", page.Render(o, page.DefaultBudgets()))
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: approve, Record: rec})
	if err != nil {
		t.Fatalf("act %s@%s: %v", approve, rec, err)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "approve:comment-2 " {
		t.Fatalf("the click did not reach the row action: log %q, receipt %+v", got, res.Receipt)
	}
	if !res.Receipt.OK || res.Receipt.Warning != "" {
		t.Errorf("receipt %+v", res.Receipt)
	}
	// A control that no hover or focus brings into view is not reached:
	// an error with a code, and the page is untouched.
	_, err = rt.Act(ctx, page.ActRequest{Action: "export_everything"})
	if page.ErrorCode(err) != page.CodeTargetNotReached {
		t.Fatalf("export_everything: %v, want %s", err, page.CodeTargetNotReached)
	}
	if !strings.Contains(err.Error(), "observe") {
		t.Errorf("the error does not say what to do: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "approve:comment-2 " {
		t.Errorf("log %q after the unreachable control", got)
	}
}
