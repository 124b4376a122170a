package e2e

import (
	"strings"
	"testing"
)

// The navigation policy holds on navigate, on every redirect hop and on
// link-driven navigations; new tabs become page handles; downloads are
// refused and reported.
func TestNavigationPolicy(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/links"))
	for _, u := range []string{
		"http://169.254.169.254/latest/meta-data/",
		"file:///etc/passwd",
		"javascript:alert(1)",
		"chrome://settings",
		url("/redirect?to=http://169.254.169.254/latest/meta-data/"),
		url("/redirect?to=" + "http://[fd00:ec2::254]/"),
	} {
		r := call(t, c, "navigate", map[string]any{"url": u})
		if code(r) != "NAVIGATION_BLOCKED" {
			t.Errorf("navigate %s: want NAVIGATION_BLOCKED, got %s", u, r.Text)
		}
	}
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/links")}))
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_metadata"}))
	contains(t, r.Text, "a navigation was blocked by the policy", "169.254.169.254 is a cloud metadata endpoint")
	if strings.Contains(r.Text, "meta-data") && !strings.Contains(r.Text, "refused") {
		t.Errorf("link navigation not reported as refused:\n%s", r.Text)
	}
}

// A tab the page opens is the action's result: the result shows it (its
// handle is the result's page and the session's page from then on), and
// the page acted on stays open under its own handle (acted_on).
func TestNewTabsAndDownloads(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/links"))
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_todos_tab"}))
	pages, _ := r.Body["new_pages"].([]any)
	if len(pages) != 1 {
		t.Fatalf("new tab not reported as a page handle:\n%s", r.Text)
	}
	h := pages[0].(string)
	opener, _ := r.Body["acted_on"].(string)
	if pageHandle(r) != h || opener == "" || opener == h {
		t.Fatalf("the result shows page %q (acted on %q), want the new tab %s:\n%s", pageHandle(r), opener, h, r.Text)
	}
	contains(t, r.Text, "## Page: Todos — /todos", "toggle(record)", "opened this tab, page "+h, "page "+opener+" stays open")
	// Without a handle, the next call goes to the tab the action opened.
	tab := mustOK(t, call(t, c, "observe", map[string]any{}))
	if pageHandle(tab) != h {
		t.Errorf("after the new tab, observe without a page went to %s, want %s", pageHandle(tab), h)
	}
	// The original page is still there under its own handle.
	d := mustOK(t, call(t, c, "act", map[string]any{"action": "download_report", "page": opener}))
	contains(t, d.Text, "download", "refused")
}
