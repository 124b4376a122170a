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

func TestNewTabsAndDownloads(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/links"))
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_todos_tab"}))
	pages, _ := r.Body["new_pages"].([]any)
	if len(pages) != 1 {
		t.Fatalf("new tab not reported as a page handle:\n%s", r.Text)
	}
	h := pages[0].(string)
	contains(t, r.Text, "the page opened a new tab: it is page "+h)
	tab := mustOK(t, call(t, c, "observe", map[string]any{"page": h, "wait": map[string]any{"for": "settle", "timeout_ms": 5000}}))
	contains(t, tab.Text, "## Page: Todos — /todos", "toggle(record)")
	// The original page is still there under its own handle.
	d := mustOK(t, call(t, c, "act", map[string]any{"action": "download_report", "page": pageHandle(r)}))
	contains(t, d.Text, "download", "refused")
}
