package page_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// serveRealapp serves page/testdata/realapp (the failure classes of issue
// 18, each a small page) plus the extra handlers a test adds, and returns
// its base URL.
func serveRealapp(t testing.TB, extra map[string]http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/realapp")))
	for p, h := range extra {
		mux.HandleFunc(p, h)
	}
	return testbrowser.Serve(t, mux)
}

// openURL is openTab for a URL of a test's own server.
func openURL(t testing.TB, url string) (*page.Runtime, *browser.Session) {
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

func evalString(t testing.TB, s *browser.Session, expr string) string {
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

// Issue 18 pt 2: a form whose server answers slowly with a redirect. The
// act waits for the navigation to land and its receipt says navigated,
// with the new page's observation, never "no visible change" with the old
// page.
func TestActWaitsForTheNavigationItStarted(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var posts []string
	base := serveRealapp(t, map[string]http.HandlerFunc{
		"/login": func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				http.Error(w, "POST only", http.StatusMethodNotAllowed)
				return
			}
			mu.Lock()
			posts = append(posts, r.FormValue("user"))
			mu.Unlock()
			time.Sleep(700 * time.Millisecond)
			http.Redirect(w, r, "/welcome.html", http.StatusSeeOther)
		},
	})
	rt, _ := openURL(t, base+"/signin.html")
	ctx := t.Context()
	if _, err := rt.Act(ctx, page.ActRequest{Action: "username", Args: map[string]any{"text": "ada"}}); err != nil {
		t.Fatalf("type: %v", err)
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "log_in"})
	if err != nil {
		t.Fatalf("log_in: %v", err)
	}
	mu.Lock()
	got := append([]string(nil), posts...)
	mu.Unlock()
	if len(got) != 1 || got[0] != "ada" {
		t.Errorf("the server got the POSTs %q, want one from ada", got)
	}
	if !res.Receipt.Changed.Navigated || !res.Receipt.Changed.Observed || res.Receipt.Warning != "" {
		t.Errorf("receipt %+v, want navigated with no warning", res.Receipt)
	}
	if res.Observation.Identity.Title != "Welcome" {
		t.Errorf("observation of %q, want the new page (Welcome)", res.Observation.Identity.Title)
	}
}

// Issue 18 pt 9: a confirm() or prompt() an action raises is a
// confirmation. Without confirm it is dismissed, and the receipt quotes the
// question (page data) and says how to accept; with it, it is accepted (a
// prompt gets args.text).
func TestActAnswersNativeDialogsByConfirmation(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/dialogs.html")
	ctx := t.Context()
	table := func() string { return evalString(t, tab, `document.getElementById("table").textContent`) }
	res, err := rt.Act(ctx, page.ActRequest{Action: "drop_table"})
	if err != nil {
		t.Fatalf("drop_table: %v", err)
	}
	if table() != "temp_import" {
		t.Fatalf("an unconfirmed confirm() was accepted: table %q", table())
	}
	if !strings.HasPrefix(res.Receipt.Warning, "CONFIRMATION_REQUIRED") || !strings.Contains(res.Receipt.Warning, "confirm: true") {
		t.Errorf("warning %q does not say how to accept", res.Receipt.Warning)
	}
	text := page.ReceiptText(res.Receipt)
	if !strings.Contains(text, `"page_data":"Drop temp_import? \u003cb\u003eThis cannot be undone.\u003c/b\u003e"`) || strings.Contains(res.Receipt.Warning, "Drop temp_import") {
		t.Errorf("the receipt does not quote the question as page data (and only there): %s", text)
	}
	res, err = rt.Act(ctx, page.ActRequest{Action: "drop_table", Confirmed: true})
	if err != nil {
		t.Fatalf("drop_table confirmed: %v", err)
	}
	if table() != "(dropped)" {
		t.Fatalf("a confirmed confirm() was not accepted: table %q, receipt %+v", table(), res.Receipt)
	}
	if len(res.Receipt.Dialogs) != 1 || !res.Receipt.Dialogs[0].Accepted || res.Receipt.Warning != "" {
		t.Errorf("receipt %+v", res.Receipt)
	}
	// A prompt takes args.text when confirmed; dismissed without.
	if _, err := rt.Act(ctx, page.ActRequest{Action: "rename_table", Args: map[string]any{"text": "imports_2026"}}); err != nil {
		t.Fatalf("rename_table: %v", err)
	}
	if table() != "(dropped)" {
		t.Fatalf("an unconfirmed prompt() was answered: table %q", table())
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "rename_table", Args: map[string]any{"text": "imports_2026"}, Confirmed: true}); err != nil {
		t.Fatalf("rename_table confirmed: %v", err)
	}
	if table() != "imports_2026" {
		t.Fatalf("the prompt did not get args.text: table %q", table())
	}
}

// Issue 18 pt 9: a Bootstrap modal shown without ARIA (.modal.show and its
// backdrop) is an open dialog, like an ARIA one: named by its title, the
// controls behind it covered, its own controls listed.
func TestObserveBootstrapModalWithoutARIA(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/bsmodal.html")
	ctx := t.Context()
	res, err := rt.Act(ctx, page.ActRequest{Action: "delete_file"})
	if err != nil {
		t.Fatalf("delete_file: %v", err)
	}
	o := res.Observation
	if o.Modal != "Delete report.pdf?" {
		t.Fatalf("modal %q, want the Bootstrap modal's title; observation:\n%s", o.Modal, page.Render(o, page.DefaultBudgets()))
	}
	if find(o, "delete") == nil || find(o, "cancel") == nil {
		t.Fatalf("the modal's own controls are not actions: %v", o.Actions)
	}
	// Like an ARIA dialog's, the modal's controls are in its own dialog
	// region, named by its title.
	for _, r := range o.Regions {
		if r.ID == find(o, "delete").Region && (r.Role != "dialog" || r.Label != "Delete report.pdf?") {
			t.Errorf("the modal's Delete is in region %+v, want the modal's dialog region", r)
		}
	}
	if find(o, "delete").Region == "" || find(o, "delete").Region != find(o, "cancel").Region {
		t.Errorf("the modal's controls are in regions %q and %q, want its dialog region; observation:\n%s", find(o, "delete").Region, find(o, "cancel").Region, page.Render(o, page.DefaultBudgets()))
	}
	covered := false
	for _, u := range o.Unavailable {
		covered = covered || u.Name == "delete_file"
	}
	if !covered {
		t.Errorf("delete_file behind the modal is not covered: %+v", o.Unavailable)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "delete"}); err != nil {
		t.Fatalf("delete in the modal: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("file").textContent`); got != "(deleted)" {
		t.Errorf("file %q after Delete in the modal", got)
	}
}

// Issue 18 pt 11: success notices (WordPress's notice-success, a
// Bootstrap alert-success with role=alert, DokuWiki's class="success")
// are success feedback, info notices (Adminer's class="message",
// Bootstrap's alert-primary) info, an assertive live region a status
// unless its class says error, a red link (text-danger) no message at
// all, and errors stay errors.
func TestFeedbackKindsOfNotices(t *testing.T) {
	t.Parallel()
	base := serveRealapp(t, nil)
	got := map[string]string{}
	for _, file := range []string{"/notices.html", "/notices-levels.html", "/notices-more.html"} {
		rt, _ := openURL(t, base+file)
		for _, f := range rt.Last().Feedback {
			got[f.Message] = f.Kind
		}
	}
	for msg, kind := range map[string]string{
		"Settings saved.":                 "success",
		"A new version is available.":     "info",
		"The tagline could not be saved.": "error",
		"1 row affected.":                 "success",
		"The connection was lost.":        "error",
		// Adminer's bare "message" class (the message goes on with its
		// time and query link) and DokuWiki's level-only classes
		"Tables have been dropped.":           "info",
		"Query executed OK, 1 row affected.":  "info",
		"User jdoe added":                     "success",
		"Nothing to do.":                      "info",
		"The page is locked by another user.": "info",
		// an assertive live region is spoken at once, not an error
		// (WordPress's speak(), its profile's Sessions cell), unless its
		// class says error; Bootstrap's alert-primary is a notice; a
		// red paragraph still an error
		"Tag added": "status",
		"You are only logged in at this location.":   "status",
		"Your password is too short.":                "error",
		"No partitioning defined!":                   "info",
		"The table could not be emptied.":            "error",
		"The entered device ID does not look valid.": "error",
	} {
		k, ok := got[msg]
		for m, mk := range got {
			if !ok && strings.HasPrefix(m, msg) {
				k, ok = mk, true
			}
		}
		if k != kind {
			t.Errorf("%q: kind %q, want %q (all: %v)", msg, k, kind, got)
		}
	}
	// a class that only begins with a kind, an inline element and a
	// record are no notices
	for m := range got {
		for _, not := range []string{"Opening hours", "inline text", "Hi there", "See you", "Empty the table", "Delete the table", "Remove Folder", "Shown instead of Device ID"} {
			if strings.Contains(m, not) {
				t.Errorf("%q is no notice (all: %v)", m, got)
			}
		}
	}
}

// A link whose navigation never commits a document (a 204 answer, a
// download the browser refuses) is over when the browser stops loading:
// the act returns with the page it stayed on, not after the action
// timeout.
func TestActOnANavigationThatNeverCommits(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	hits := map[string]int{}
	base := serveRealapp(t, map[string]http.HandlerFunc{
		"/ping": func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			hits["ping"]++
			mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		},
		"/report.csv": func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			hits["report"]++
			mu.Unlock()
			w.Header().Set("Content-Type", "text/csv")
			w.Header().Set("Content-Disposition", `attachment; filename="report.csv"`)
			_, _ = w.Write([]byte("a,b\n1,2\n"))
		},
	})
	rt, _ := openURL(t, base+"/nocommit.html")
	for _, name := range []string{"ping_the_server", "download_the_report"} {
		start := time.Now()
		res, err := rt.Act(t.Context(), page.ActRequest{Action: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s answered in %s", name, time.Since(start).Round(time.Millisecond))
		if res.Receipt.Changed.Navigated || res.Observation.Identity.Title != "Reports" {
			t.Errorf("%s: receipt %+v on %q, want the same page", name, res.Receipt, res.Observation.Identity.Title)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if hits["ping"] != 1 || hits["report"] != 1 {
		t.Errorf("the server saw %v, want one ping and one report", hits)
	}
}
