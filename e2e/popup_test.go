package e2e

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/npmcache"
)

// twoOrigins serves an opener page on 127.0.0.1 (allowed) and counts every
// request that reaches a second server on 127.0.0.2 (denied by the config
// it returns). The opener's links and buttons open tabs to the denied
// origin and to the metadata address.
func twoOrigins(t *testing.T) (opener string, deniedHits *atomic.Int32, cfg string) {
	t.Helper()
	deniedHits = &atomic.Int32{}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listen on 127.0.0.2 (the denied origin): %v", err)
	}
	denied := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		deniedHits.Add(1)
		fmt.Fprint(w, `<!doctype html><title>Denied origin</title><p>secret</p>`)
	})}
	go func() { _ = denied.Serve(ln) }()
	t.Cleanup(func() { _ = denied.Close() })
	deniedURL := "http://" + ln.Addr().String() + "/secret"
	const meta = "http://169.254.169.254/latest/meta-data/"
	page := fmt.Sprintf(`<!doctype html><title>Opener</title>
<main data-pling-region="main" data-pling-label="Main">
<a href=%q target="_blank" data-pling-action="open_denied_tab" data-pling-effect="read">Denied in a new tab</a>
<a href=%q target="_blank" data-pling-action="open_metadata_tab" data-pling-effect="read">Metadata in a new tab</a>
<button onclick="window.open('%s')" data-pling-action="popup_denied" data-pling-effect="read">Popup</button>
<button onclick="window.open('%s')" data-pling-action="popup_metadata" data-pling-effect="read">Popup metadata</button>
<a href="javascript:document.title='pwned'" data-pling-action="js_link" data-pling-effect="read">Run script</a>
<a href="javascript:void(document.title='pwned')" data-pling-action="js_link_inner" data-pling-effect="read"><span>Run script too</span></a>
<a href="JavaScript:document.title='pwned'" data-pling-action="js_link_case" data-pling-effect="read">Run script, mixed case</a>
<button onclick="window.open('%s', '_blank', 'noopener,width=400,height=300')" data-pling-action="window_denied" data-pling-effect="read">Window</button>
<iframe src="about:blank" id="f"></iframe>
<button onclick="document.getElementById('f').src='%s'" data-pling-action="frame_denied" data-pling-effect="read">Frame</button>
</main>`, deniedURL, meta, deniedURL, meta, deniedURL, deniedURL)
	mux := http.NewServeMux()
	mux.HandleFunc("/opener", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	allowed := &http.Server{Handler: mux}
	go func() { _ = allowed.Serve(ln2) }()
	t.Cleanup(func() { _ = allowed.Close() })
	cfg = filepath.Join(t.TempDir(), "agent.yaml")
	yaml := fmt.Sprintf("navigation:\n  deny: [\"http://%s\"]\n", ln.Addr().String())
	if err := os.WriteFile(cfg, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return "http://" + ln2.Addr().String() + "/opener", deniedHits, cfg
}

// withBrowser adds the browser section selecting execPath to the config
// file cfg.
func withBrowser(t *testing.T, cfg, execPath string) {
	t.Helper()
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(browserYAML(t, execPath)); err != nil {
		t.Fatal(err)
	}
}

// Tabs, windows and frames the page opens are under the navigation policy
// before their first request leaves: the denied server never sees one.
func TestPopupsAreUnderThePolicy(t *testing.T) {
	t.Parallel()
	for _, br := range testBrowsers {
		t.Run(br.name, func(t *testing.T) {
			t.Parallel()
			popupsUnderThePolicy(t, br.execPath)
		})
	}
}

func popupsUnderThePolicy(t *testing.T, execPath string) {
	opener, hits, cfg := twoOrigins(t)
	withBrowser(t, cfg, execPath)
	c, _ := stdioClient(t, nil, "--url", opener, "--config", cfg)
	for _, tc := range []struct{ action, blocked string }{
		{"popup_denied", "127.0.0.2"},
		{"popup_metadata", "169.254.169.254 is a cloud metadata endpoint"},
		{"window_denied", "127.0.0.2"},
		{"frame_denied", "127.0.0.2"},
	} {
		t.Run(tc.action, func(t *testing.T) {
			r := mustOK(t, call(t, c, "act", map[string]any{"action": tc.action}))
			if on, _ := r.Body["acted_on"].(string); on != "" {
				t.Errorf("the result shows the refused tab, not the page acted on (%s):\n%s", on, r.Text)
			}
			if !strings.Contains(r.Text, "a navigation was blocked by the policy") || !strings.Contains(r.Text, tc.blocked) {
				t.Errorf("the blocked navigation is not reported:\n%s", r.Text)
			}
			if n := hits.Load(); n != 0 {
				t.Fatalf("the denied origin received %d request(s)", n)
			}
		})
	}
}

// A link is a navigation like any other: its resolved href (javascript:,
// a denied origin, the metadata address) is checked against the policy and
// refused with NAVIGATION_BLOCKED before the click, so nothing runs.
func TestLinksAreCheckedBeforeTheClick(t *testing.T) {
	t.Parallel()
	opener, hits, cfg := twoOrigins(t)
	c, _ := stdioClient(t, nil, "--url", opener, "--config", cfg)
	for _, tc := range []struct{ action, reason string }{
		{"js_link", "javascript: URLs are blocked"},
		{"js_link_inner", "javascript: URLs are blocked"},
		{"js_link_case", "javascript: URLs are blocked"},
		{"open_denied_tab", "matches navigation.deny"},
		{"open_metadata_tab", "169.254.169.254 is a cloud metadata endpoint"},
	} {
		t.Run(tc.action, func(t *testing.T) {
			r := call(t, c, "act", map[string]any{"action": tc.action})
			if code(r) != "NAVIGATION_BLOCKED" || !strings.Contains(r.Text, tc.reason) {
				t.Fatalf("want NAVIGATION_BLOCKED (%s), got:\n%s", tc.reason, r.Text)
			}
			o := mustOK(t, call(t, c, "observe", map[string]any{}))
			contains(t, o.Text, "## Page: Opener")
			if n := hits.Load(); n != 0 {
				t.Fatalf("the denied origin received %d request(s)", n)
			}
		})
	}
}

// The pages of one session share its browser context: a cookie set on one
// page is sent by the next (navigate {new_page: true}) and by a tab the
// page opened, as in one browser profile.
func TestPagesOfOneSessionShareCookies(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/links"))
	r := mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/cookie/set?v=alice")}))
	if v := stateOf(r, "cookie"); v != "alice" {
		t.Fatalf("cookie not set: %v\n%s", v, r.Text)
	}
	first := pageHandle(r)
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/cookie/show"), "new_page": true}))
	if pageHandle(r) == first {
		t.Fatalf("new_page reused page %s", first)
	}
	if v := stateOf(r, "cookie"); v != "alice" {
		t.Errorf("the second page of the session does not see the first page's cookie: %v\n%s", v, r.Text)
	}
	// A tab the page opens is in the same context too.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/links"), "page": first}))
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "open_todos_tab", "page": first}))
	pages, _ := r.Body["new_pages"].([]any)
	if len(pages) != 1 {
		t.Fatalf("new tab not reported:\n%s", r.Text)
	}
	r = mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/cookie/show"), "page": pages[0].(string)}))
	if v := stateOf(r, "cookie"); v != "alice" {
		t.Errorf("the tab the page opened does not see the session's cookie: %v", v)
	}
}

// Tabs the page opens count against http.maxPages: over the cap the new
// tab is closed and the agent is told, not given a handle.
func TestPopupsCountAgainstMaxPages(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "agent.yaml")
	if err := os.WriteFile(cfg, []byte("http:\n  maxPages: 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, _ := stdioClient(t, nil, "--url", url("/links"), "--config", cfg)
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_todos_tab"}))
	if pages, _ := r.Body["new_pages"].([]any); len(pages) != 0 {
		t.Fatalf("a tab beyond maxPages got a handle: %v", pages)
	}
	contains(t, r.Text, "the page opened a new tab; it was closed: too many open pages (1)")
}

// After a blocked redirect the observation is the page the agent is really
// on (the one it came from), not Chromium's error page under the refused
// host, and it says what was blocked; a redirect to file:// is
// NAVIGATION_BLOCKED, not BROWSER_UNAVAILABLE.
func TestIdentityAfterABlockedRedirect(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/links"))
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_metadata"}))
	contains(t, r.Text, "## Page: Links", "a navigation was blocked by the policy", "169.254.169.254 is a cloud metadata endpoint")
	if strings.Contains(r.Text, "## Page: 169.254.169.254") {
		t.Errorf("the observation claims the agent is on the metadata host:\n%s", r.Text)
	}
	for _, u := range []string{
		url("/redirect?to=http://169.254.169.254/latest/meta-data/"),
		url("/redirect?to=file:///etc/passwd"),
	} {
		r = call(t, c, "navigate", map[string]any{"url": u})
		if code(r) != "NAVIGATION_BLOCKED" {
			t.Errorf("navigate %s: want NAVIGATION_BLOCKED, got %s", u, r.Text)
		}
		o := mustOK(t, call(t, c, "observe", map[string]any{}))
		contains(t, o.Text, "## Page: Links")
	}
}

// A tab the page opens is attached after its first document loaded (an
// earlier attach hangs Chromium's popup: intercept.go), so its document
// has no document-start scripts and the click listeners its page added
// while loading were not recorded: Jupyter's notebook, opened by "New" in
// a new tab, titles it with a <span> that $('#name').click() makes
// clickable, which was no action there. The browser now reads those
// listeners when it adopts the tab (browser/adopt.go), so a plain
// addEventListener counts as jQuery's does (jQuery binds through it too),
// in the tab's frames as well; a listener the page adds after the
// adoption is seen through the watcher installed then.
func TestPopupsSeeTheirClickHandlers(t *testing.T) {
	t.Parallel()
	jq, err := npmcache.Pack(t.Context(), "jquery@3.7.1")
	if err != nil {
		t.Fatalf("install jquery: %v", err)
	}
	scripts := map[string]string{
		"jquery": `<script src="/npm/jquery/dist/jquery.min.js"></script>
<script>$("#name").click(function () { $("#renamed").text("rename asked"); });</script>`,
		"plain": `<script>document.getElementById("name").addEventListener("click", () => { document.getElementById("renamed").textContent = "rename asked"; });</script>`,
		"late":  `<script>setTimeout(() => document.getElementById("name").addEventListener("click", () => { document.getElementById("renamed").textContent = "rename asked"; }), 1500);</script>`,
	}
	mux := http.NewServeMux()
	mux.Handle("/npm/jquery/", http.StripPrefix("/npm/jquery/", http.FileServer(http.Dir(jq))))
	mux.HandleFunc("/opener/{kind}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Tree</title><main><button onclick="window.open('/notebook/%s')">New notebook</button></main>`, r.PathValue("kind"))
	})
	mux.HandleFunc("/inner", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><span id="name">Untitled</span>
<script>document.getElementById("name").addEventListener("click", () => { parent.document.getElementById("renamed").textContent = "rename asked"; });</script>`)
	})
	mux.HandleFunc("/notebook/frame", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>Notebook</title><main><iframe src="/inner"></iframe>
<p id="renamed" role="status"></p></main>`)
	})
	mux.HandleFunc("/notebook/{kind}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Notebook</title><main>
<span id="name">Untitled</span> <span>Last checkpoint: a few seconds ago</span>
<p id="renamed" role="status"></p></main>
%s`, scripts[r.PathValue("kind")])
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	base := "http://" + ln.Addr().String()
	for _, kind := range []string{"jquery", "plain", "late", "frame"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			c, _ := stdioClient(t, nil, "--url", base+"/opener/"+kind)
			r := mustOK(t, call(t, c, "act", map[string]any{"action": "new_notebook"}))
			pages, _ := r.Body["new_pages"].([]any)
			if len(pages) != 1 {
				t.Fatalf("new tab not reported:\n%s", r.Text)
			}
			tab := pages[0].(string)
			o := mustOK(t, call(t, c, "observe", map[string]any{"page": tab}))
			if kind == "late" && !strings.Contains(o.Text, "- untitled") {
				time.Sleep(2 * time.Second) // the page adds its listener 1.5 s after it loads
				o = mustOK(t, call(t, c, "observe", map[string]any{"page": tab}))
			}
			if !strings.Contains(o.Text, "- untitled") {
				t.Fatalf("the opened tab's clickable title is no action:\n%s", o.Text)
			}
			r = mustOK(t, call(t, c, "act", map[string]any{"action": "untitled", "page": tab}))
			contains(t, r.Text, "rename asked")
		})
	}
}
