package realworld

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/npmcache"
)

// galleryPackages are the widget libraries of issue 18's gallery, from
// npm at test time (their own dist files, nothing vendored), served under
// /npm/<name>/.
var galleryPackages = func() map[string]string {
	m := map[string]string{
		"jquery":                        "jquery@3.7.1",
		"jquery-ui":                     "jquery-ui@1.14.1",
		"codemirror":                    "codemirror@5.65.21",
		"select2":                       "select2@4.1.0-rc.0",
		"bootstrap":                     "bootstrap@5.3.8",
		"bootstrap3":                    "bootstrap@3.4.1",
		"datatables.net":                "datatables.net@2.3.5",
		"datatables.net-dt":             "datatables.net-dt@2.3.5",
		"angular":                       "angular@1.8.3",
		"@fortawesome/fontawesome-free": "@fortawesome/fontawesome-free@6.7.2",
	}
	maps.Copy(m, npmcache.CodeMirror6) // its ES modules, through an import map
	return m
}()

// galleryAuth is the Basic-auth realm of the gallery's protected server;
// galleryUser and galleryPassword are what its config gives Pling (the
// password through the environment variable galleryPasswordEnv).
const (
	galleryAuth        = "Staff area"
	galleryUser        = "grace"
	galleryPassword    = "c0b0l-1959"
	galleryPasswordEnv = "PLING_GALLERY_PASSWORD"
)

// galleryState is what the gallery's pages posted, by key: the widget's
// own state as the page read it (the chosen option, the editor's text,
// the rows DataTables still holds), and what the protected server let in.
type galleryState struct {
	mu         sync.Mutex
	posts      map[string][]string
	authorized int
}

func (g *galleryState) reset() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.posts = map[string][]string{}
	g.authorized = 0
}

func (g *galleryState) add(key, v string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.posts[key] = append(g.posts[key], v)
}

// got returns what the pages posted under key.
func (g *galleryState) got(key string) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.posts[key]...)
}

// newGalleryHandler installs the packages and returns, for a state g, the
// handler of a gallery server: the gallery's pages (testdata/gallery, the
// page package's widget fixtures under /realapp/, e2e's under /e2e/), the
// npm packages, and a record of what the pages post.
func newGalleryHandler(t *testing.T) func(g *galleryState) http.Handler {
	t.Helper()
	dirs := map[string]string{}
	for name, spec := range galleryPackages {
		dir, err := npmcache.Pack(t.Context(), spec)
		if err != nil {
			t.Fatalf("the gallery needs npm and the registry: install %s: %v", spec, err)
		}
		dirs[name] = dir
	}
	return func(g *galleryState) http.Handler { return g.handler(dirs) }
}

// handler serves the gallery with the npm packages unpacked in dirs (by
// their /npm/ name) and records in g what the pages post.
func (g *galleryState) handler(dirs map[string]string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join("testdata", "gallery"))))
	mux.Handle("/realapp/", http.StripPrefix("/realapp/", http.FileServer(http.Dir(filepath.Join("..", "..", "page", "testdata", "realapp")))))
	mux.Handle("/e2e/", http.StripPrefix("/e2e/", http.FileServer(http.Dir(filepath.Join("..", "testdata", "realapp")))))
	for name, dir := range dirs {
		prefix := "/npm/" + name + "/"
		mux.Handle(prefix, http.StripPrefix(prefix, http.FileServer(http.Dir(dir))))
	}
	post := func(path string, value func(r *http.Request, body string) (key, v string)) {
		mux.HandleFunc("POST "+path, func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
			k, v := value(r, string(body))
			g.add(k, v)
			// A body: Playwright MCP waits up to 5 s for an empty one to finish.
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = io.WriteString(w, "recorded\n")
		})
	}
	post("/report", func(r *http.Request, body string) (string, string) { return r.URL.Query().Get("k"), body })
	post("/chosen", func(r *http.Request, _ string) (string, string) { return "chosen", r.URL.Query().Get("v") })
	post("/run", func(_ *http.Request, body string) (string, string) { return "run", body })
	post("/drop", func(*http.Request, string) (string, string) { return "tables", "drop" })
	post("/rename", func(r *http.Request, _ string) (string, string) { return "tables", "rename " + r.URL.Query().Get("to") })
	return mux
}

// protected answers every request with a Basic challenge for galleryAuth
// unless it carries galleryUser's credentials; the page behind it is
// testdata/gallery/protected.html.
func (g *galleryState) protected() http.Handler {
	page := filepath.Join("testdata", "gallery", "protected.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, p, ok := r.BasicAuth()
		if !ok || u != galleryUser || p != galleryPassword {
			w.Header().Set("WWW-Authenticate", `Basic realm="`+galleryAuth+`"`)
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		g.mu.Lock()
		g.authorized++
		g.mu.Unlock()
		http.ServeFile(w, r, page)
	})
}

// stepOp is what one step of a gallery script does, in a person's terms.
type stepOp int

const (
	opOpen   stepOp = iota // open the page at path
	opType                 // type text into the control named like target (submit: press Enter)
	opPress                // press the control named like target; in the row that holds record, when set
	opChoose               // choose the option text of the select named like target
	opAccept               // press the control named like target and accept the dialog it raises (text answers a prompt)
	opRead                 // the page shows text
	opAuth                 // opening path is refused: authentication for realm text is required
	opTab                  // go to the tab the page opened last (Playwright's agent; Pling hands it over as new_pages)
)

// step is one step of a gallery script. target is a regular expression
// over what an agent reads of a control: Pling's action name or its
// description (which quotes the label), a snapshot's accessible name in
// quotes.
type step struct {
	op     stepOp
	path   string // opOpen, opAuth: on the gallery server, or on the protected ones ("auth:", "noauth:"); opTab: "first" goes back to the first tab
	target string
	record string // opPress: the text of the row to act in; opType (Playwright's agent): of the row whose unnamed field to type into
	text   string
	submit bool
	// wait: Playwright MCP's agent looks again, up to three times a
	// second apart, for a control a page draws a while after it loaded
	// (Syncthing's usage-report question); Pling's settle waits itself
	wait bool
	role string // opPress (Playwright's agent): the role the control has, when its name is another's too
}

// galleryTask is one widget of the gallery: its page, the script a
// person would follow, and the check in the widget's own state.
type galleryTask struct {
	name, widget, pkgs, task, checked string
	script                            []step
	check                             func(g *galleryState) error
	// knownFailing, when set, is why Pling cannot do the task yet: the
	// test fails if it passes unexpectedly.
	knownFailing string
}

// wantPosts checks that the pages posted exactly want under key.
func wantPosts(key string, want ...string) func(*galleryState) error {
	return func(g *galleryState) error {
		got := g.got(key)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			return fmt.Errorf("the page posted %s %q, want %q", key, got, want)
		}
		return nil
	}
}

// wantAuthorized checks that the protected server let n page loads in.
func wantAuthorized(n int) func(*galleryState) error {
	return func(g *galleryState) error {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.authorized != n {
			return fmt.Errorf("the server let %d page loads in, want %d", g.authorized, n)
		}
		return nil
	}
}

var cm6Query = "SELECT id FROM users\nWHERE active;"

var galleryTasks = []galleryTask{
	{
		name: "codemirror5", widget: "CodeMirror 5 over a textarea", pkgs: "codemirror@5.65.21",
		task: "type a two-line query into the editor, press Run", checked: "`editor.getValue()` as Run posts it",
		script: []step{{op: opOpen, path: "/realapp/codemirror5.html"},
			{op: opType, target: `(?i)sql|query`, text: "SELECT title FROM posts\nWHERE status = 'draft';"},
			{op: opPress, target: `(?i)"run"`}},
		check: wantPosts("run", "SELECT title FROM posts\nWHERE status = 'draft';"),
	},
	{
		name: "codemirror6", widget: "CodeMirror 6 (ES modules, import map)", pkgs: "@codemirror/view@6.43.15, @codemirror/state@6.7.6 (+9 deps, the autocompletion's among them)",
		task: "type a two-line query into the editor, press Run", checked: "`view.state.doc.toString()` as Run posts it",
		script: []step{{op: opOpen, path: "/realapp/codemirror6.html"},
			{op: opType, target: `(?i)sql|query`, text: cm6Query},
			{op: opPress, target: `(?i)"run"`}},
		check: wantPosts("run", cm6Query),
	},
	{
		name: "jquery-ui-autocomplete", widget: "jQuery UI autocomplete", pkgs: "jquery@3.7.1, jquery-ui@1.14.1",
		task: "type \"ja\", choose JavaScript from the suggestions", checked: "the widget's `select` event as the page posts it",
		script: []step{{op: opOpen, path: "/realapp/autocomplete.html"},
			{op: opType, target: `(?i)language`, text: "ja"},
			{op: opPress, target: `(?i)^"?javascript"?$`}},
		check: wantPosts("chosen", "JavaScript"),
	},
	{
		name: "select2", widget: "select2 searchable select", pkgs: "select2@4.1.0-rc.0, jquery@3.7.1",
		task: "type \"Portu\" into the country box, choose Portugal", checked: "the native select's value after select2's `change`",
		script: []step{{op: opOpen, path: "/select2.html"},
			{op: opType, target: `(?i)country`, text: "Portu"},
			{op: opPress, target: `(?i)^"?portugal"?$`}},
		check: wantPosts("country", "PT"),
	},
	{
		name: "bootstrap-modal", widget: "Bootstrap 5 modal, markup without ARIA", pkgs: "bootstrap@5.3.8",
		task: "open Edit profile, change the display name, press Save changes", checked: "the modal's input as its Save handler posts it",
		script: []step{{op: opOpen, path: "/bootstrap-modal.html"},
			{op: opPress, target: `(?i)"edit profile"`},
			{op: opType, target: `(?i)display name`, text: "Grace Hopper"},
			{op: opPress, target: `(?i)"save changes"`}},
		check: wantPosts("profile", "Grace Hopper"),
	},
	{
		name: "bootstrap3-modal", widget: "Bootstrap 3 modal: no ARIA, its script adds none", pkgs: "bootstrap@3.4.1, jquery@3.7.1",
		task: "press Delete file, press the modal's Delete", checked: "the modal's Delete handler as the page posts it",
		script: []step{{op: opOpen, path: "/bootstrap3-modal.html"},
			{op: opPress, target: `(?i)"delete file"`},
			{op: opPress, target: `(?i)^"?delete"?$|press "delete"$`}},
		check: wantPosts("files", "deleted report.pdf"),
	},
	{
		name: "datatables-row-actions", widget: "DataTables table, row actions shown on :hover", pkgs: "datatables.net@2.3.5, datatables.net-dt@2.3.5, jquery@3.7.1",
		task: "delete the row of Garrett Winters", checked: "the names DataTables holds after `row().remove().draw()`",
		script: []step{{op: opOpen, path: "/datatables.html"},
			{op: opPress, target: `(?i)delete`, record: "Garrett Winters"}},
		check: wantPosts("staff", "Airi Satou|Ashton Cox|Brielle Williamson|Cedric Kelly|Tiger Nixon"),
	},
	{
		name: "angularjs-form", widget: "AngularJS form, selects labelled by their row's text", pkgs: "angular@1.8.3",
		task: "choose Portuguese and Europe/Lisbon, press Save preferences", checked: "the scope's model as `$http.post` sends it",
		script: []step{{op: opOpen, path: "/angular.html"},
			{op: opChoose, target: `(?i)language`, text: "Portuguese"},
			{op: opChoose, target: `(?i)time zone`, text: "Europe/Lisbon"},
			{op: opPress, target: `(?i)"save preferences"`}},
		check: wantPosts("prefs", `{"language":"Portuguese","zone":"Europe/Lisbon"}`),
	},
	{
		name: "fontawesome-toolbar", widget: "toolbar of Font Awesome icon-only buttons", pkgs: "@fortawesome/fontawesome-free@6.7.2",
		task: "star the message, then trash it", checked: "the buttons' click handlers as the page posts them",
		script: []step{{op: opOpen, path: "/fontawesome.html"},
			{op: opPress, target: `(?i)\bstar\b`},
			{op: opPress, target: `(?i)\btrash\b`}},
		check: wantPosts("toolbar", "star", "trash"),
	},
	{
		name: "confirm-and-prompt", widget: "native `confirm()` and `prompt()`", pkgs: "(the browser's own)",
		task: "drop the table (accept the confirm), rename it to imports_2026 (answer the prompt)", checked: "what the page posts after each dialog",
		script: []step{{op: opOpen, path: "/e2e/tables.html"},
			{op: opAccept, target: `(?i)"drop table"`},
			{op: opAccept, target: `(?i)"rename table"`, text: "imports_2026"}},
		check: wantPosts("tables", "drop", "rename imports_2026"),
	},
	{
		name: "basic-auth", widget: "HTTP Basic auth, credentials from the config", pkgs: "(Go's net/http)",
		task: "open the protected page, read its figures", checked: "the server's count of authorized page loads",
		script: []step{{op: opOpen, path: "auth:/"},
			{op: opRead, text: "Revenue grew 12 %"}},
		check: wantAuthorized(1),
	},
	{
		name: "basic-auth-refused", widget: "HTTP Basic auth, an origin without credentials", pkgs: "(Go's net/http)",
		task: "open it: told authentication is required, with the realm", checked: "the server let nothing in",
		script: []step{{op: opAuth, path: "noauth:/", text: galleryAuth}},
		check:  wantAuthorized(0),
	},
}

// galleryRun is one task's run by one server.
type galleryRun struct {
	ok            bool
	reason        string
	calls, tokens int
	seconds       float64
}

// galleryBases are the three servers' URLs a script's paths resolve on.
type galleryBases struct{ gallery, auth, noauth string }

func (b galleryBases) url(path string) string {
	switch {
	case strings.HasPrefix(path, "auth:"):
		return b.auth + strings.TrimPrefix(path, "auth:")
	case strings.HasPrefix(path, "noauth:"):
		return b.noauth + strings.TrimPrefix(path, "noauth:")
	}
	return b.gallery + path
}

// TestWidgetGallery is issue 18's widget gallery: each real library's
// page gets a person's task, run by a scripted agent through the built
// binary over stdio (actions chosen by their names and descriptions,
// records by their text), and each outcome is checked in what the page
// posted of the widget's own state. Calls and cl100k tokens of the text
// the agent read are counted per task (the session's one-time guide is
// taken by a warm-up and not counted). The same scripts run through
// Playwright MCP at the same time (its own servers and browser), picking
// elements by their accessible name in its snapshot; its figures are
// reported beside Pling's, not held to a goal. docs/REALWORLD.md has the
// table.
func TestWidgetGallery(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	handler := newGalleryHandler(t)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()

	var pw []galleryRun
	var pwErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		pw, pwErr = galleryPlaywright(ctx, handler, t.TempDir())
	}()
	pl, err := galleryPling(ctx, handler, t.TempDir())
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if pwErr != nil {
		t.Errorf("Playwright MCP: %v", pwErr)
	}
	var rows []string
	for i, task := range galleryTasks {
		run := pl[i]
		switch {
		case run.ok && task.knownFailing != "":
			t.Errorf("%s passes, but is listed as known-failing (%s): take it off the list", task.name, task.knownFailing)
		case !run.ok && task.knownFailing == "":
			t.Errorf("%s: %s", task.name, run.reason)
		case !run.ok:
			t.Logf("%s fails as known: %s (%s)", task.name, task.knownFailing, run.reason)
		}
		var p *galleryRun
		if i < len(pw) {
			p = &pw[i]
		}
		rows = append(rows, galleryRow(task, run, p))
		fmt.Println(galleryLine(task, run, p))
	}
	fmt.Printf("widget gallery: %d tasks in %.1f s\n", len(galleryTasks), time.Since(start).Seconds())
	if err := writeGalleryReport(rows); err != nil {
		t.Error(err)
	}
}

// galleryServers serves the gallery and the two protected origins with
// their own state, until stop.
func galleryServers(handler func(*galleryState) http.Handler) (*galleryState, galleryBases, func()) {
	g := &galleryState{}
	g.reset()
	srv := httptest.NewServer(handler(g))
	auth := httptest.NewServer(g.protected())
	noauth := httptest.NewServer(g.protected())
	return g, galleryBases{gallery: srv.URL, auth: auth.URL, noauth: noauth.URL}, func() {
		srv.Close()
		auth.Close()
		noauth.Close()
	}
}

// galleryPling runs every task through `pling serve`, whose config gives
// the credentials of the protected origin (the password through the
// environment), in one session.
func galleryPling(ctx context.Context, handler func(*galleryState) http.Handler, dir string) ([]galleryRun, error) {
	g, bases, stop := galleryServers(handler)
	defer stop()
	cfg := filepath.Join(dir, "gallery.yaml")
	creds := "  httpCredentials:\n    - origin: " + bases.auth + "\n      username: " + galleryUser + "\n      passwordEnv: " + galleryPasswordEnv + "\n"
	yaml := strings.Replace(corpusConfig, "browser:\n", "browser:\n"+creds, 1)
	if err := os.WriteFile(cfg, []byte(yaml), 0o600); err != nil {
		return nil, err
	}
	s, err := startSessionWith(ctx, cfg, galleryPasswordEnv+"="+galleryPassword)
	if err != nil {
		return nil, err
	}
	defer s.close()
	if warm, err := s.call(ctx, "navigate", map[string]any{"url": bases.gallery + "/index.html"}); err != nil || warm.IsError {
		return nil, fmt.Errorf("warm-up navigate: %v %s", err, firstLine(warm.Text))
	}
	var runs []galleryRun
	for _, task := range galleryTasks {
		g.reset()
		f := galleryDump("pling", task)
		s.dump = f
		tok0, calls0, t0 := s.tokens, s.calls, time.Now()
		err := plingScript(ctx, s, bases, task.script)
		runs = append(runs, finish(err, task, g, s.calls-calls0, s.tokens-tok0, t0))
		s.dump = nil
		if f != nil {
			_ = f.Close()
		}
	}
	return runs, nil
}

// galleryPlaywright runs every task through Playwright MCP, whose context
// options give the same credentials for the protected origin.
func galleryPlaywright(ctx context.Context, handler func(*galleryState) http.Handler, dir string) ([]galleryRun, error) {
	g, bases, stop := galleryServers(handler)
	defer stop()
	c, err := startPlaywright(ctx, dir, map[string]any{"httpCredentials": map[string]any{
		"username": galleryUser, "password": galleryPassword, "origin": bases.auth}})
	if err != nil {
		return nil, err
	}
	defer c.Close()
	p := &pwSession{c: c}
	var runs []galleryRun
	for _, task := range galleryTasks {
		g.reset()
		f := galleryDump("playwright", task)
		p.dump = f
		calls0, tok0, t0 := p.calls, p.tokens, time.Now()
		a := &pwAgent{p: p}
		err := a.run(ctx, bases, task.script)
		runs = append(runs, finish(err, task, g, p.calls-calls0, p.tokens-tok0, t0))
		p.dump = nil
		if f != nil {
			_ = f.Close()
		}
		var ce *callError
		if errors.As(err, &ce) {
			return runs, err
		}
	}
	return runs, nil
}

// galleryDump opens $REALWORLD_DUMP/gallery-<server>-<task>.txt, when
// that is set, for every call and its result.
func galleryDump(server string, task galleryTask) *os.File {
	dir := os.Getenv("REALWORLD_DUMP")
	if dir == "" {
		return nil
	}
	f, err := os.Create(filepath.Join(dir, "gallery-"+server+"-"+task.name+".txt"))
	if err != nil {
		return nil
	}
	return f
}

// finish checks a task's outcome in what its pages posted.
func finish(err error, task galleryTask, g *galleryState, calls, tokens int, start time.Time) galleryRun {
	if err == nil {
		err = settleCheck(task.check, g)
	}
	run := galleryRun{ok: err == nil, calls: calls, tokens: tokens, seconds: time.Since(start).Seconds()}
	if err != nil {
		run.reason = err.Error()
	}
	return run
}

// settleCheck runs check until it passes or a second has gone: a page's
// fetch can land just after the action's receipt.
func settleCheck(check func(*galleryState) error, g *galleryState) error {
	deadline := time.Now().Add(time.Second)
	for {
		err := check(g)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// plingScript is the scripted agent over Pling: it reads the structured
// content of each result and picks actions by name or description.
func plingScript(ctx context.Context, s *session, bases galleryBases, script []step) error {
	var last result
	for i, st := range script {
		var err error
		switch st.op {
		case opOpen:
			last, err = s.call(ctx, "navigate", map[string]any{"url": bases.url(st.path)})
			if err == nil && last.IsError {
				err = fmt.Errorf("navigate: %s", firstLine(last.Text))
			}
		case opAuth:
			last, err = s.call(ctx, "navigate", map[string]any{"url": bases.url(st.path)})
			if err == nil && (last.Code != "AUTH_REQUIRED" || !strings.Contains(last.Text, st.text)) {
				err = fmt.Errorf("navigate: %s, want AUTH_REQUIRED for realm %q", firstLine(last.Text), st.text)
			}
		case opRead:
			// The observation lists what the page offers; its prose is
			// read with observe's read.
			var read result
			read, err = s.call(ctx, "observe", map[string]any{"read": map[string]any{}})
			if err == nil && (read.IsError || !strings.Contains(read.Text, st.text)) {
				err = fmt.Errorf("the page does not show %q:\n%s", st.text, clip(read.Text, 600))
			}
		default:
			last, err = plingAct(ctx, s, last, st)
		}
		if err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	return nil
}

// plingAct runs one act step on the latest observation.
func plingAct(ctx context.Context, s *session, last result, st step) (result, error) {
	obs := last.Body.Observation
	if obs == nil {
		return last, fmt.Errorf("no observation to act on")
	}
	rx := regexp.MustCompile(st.target)
	kindOK := func(k string) bool {
		switch st.op {
		case opType:
			return k == "type"
		case opChoose:
			return k == "select"
		}
		return k != "select"
	}
	a, err := findAction(ctx, s, obs, func(acts []action) *action {
		for i := range acts {
			x := &acts[i]
			if kindOK(x.Kind) && x.RecordParam == (st.record != "") && (rx.MatchString(x.Name) || rx.MatchString(x.Description)) {
				return x
			}
		}
		return nil
	})
	if err != nil {
		return last, err
	}
	if a == nil {
		return last, fmt.Errorf("no action named like %s (actions: %s)", st.target, actionList(obs))
	}
	req := map[string]any{"action": a.Name}
	args := map[string]any{}
	switch st.op {
	case opType:
		args["text"] = st.text
		if st.submit {
			args["submit"] = true
		}
	case opChoose:
		args["value"] = st.text
	}
	if st.record != "" {
		rec, _, err := findRecord(ctx, s, obs, st.record)
		if err != nil {
			return last, err
		}
		if rec == nil {
			return last, fmt.Errorf("no record holds %q", st.record)
		}
		req["record"] = rec.ID
	}
	if len(args) > 0 {
		req["args"] = args
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return r, err
	}
	if rc := r.Body.Result; st.op == opAccept && rc != nil && strings.HasPrefix(rc.Warning, "CONFIRMATION_REQUIRED") {
		// The page asked; the agent wants the yes: the same action with
		// confirm, and the prompt's answer as text.
		req["confirm"] = true
		if st.text != "" {
			req["args"] = map[string]any{"text": st.text}
		}
		if r, err = s.call(ctx, "act", req); err != nil {
			return r, err
		}
	}
	// A warning (no visible change) does not stop the agent: the outcome
	// is checked in what the page posted.
	if r.IsError {
		return r, fmt.Errorf("act %s: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// galleryRow is a task's row of the report table: Pling's figures, then
// Playwright MCP's.
func galleryRow(task galleryTask, run galleryRun, pw *galleryRun) string {
	pass := func(r galleryRun, known string) string {
		switch {
		case r.ok:
			return "yes"
		case known != "":
			return "**no** (known: " + known + ")"
		}
		return "**no**: " + strings.NewReplacer("|", `\|`, "\n", " ").Replace(clip(r.reason, 100))
	}
	pwCols := "| | |"
	if pw != nil {
		pwCols = fmt.Sprintf("%s | %d | %d |", pass(*pw, ""), pw.calls, pw.tokens)
	}
	return fmt.Sprintf("| %s | `%s` | %s | %s | %d | %d | %s %s |", task.widget, task.pkgs, task.task,
		pass(run, task.knownFailing), run.calls, run.tokens, pwCols, task.checked)
}

// galleryLine is a task's line in the test's output.
func galleryLine(task galleryTask, run galleryRun, pw *galleryRun) string {
	line := fmt.Sprintf("%-24s pling %-5v %2d calls %5d tokens %4.1f s", task.name, run.ok, run.calls, run.tokens, run.seconds)
	if pw != nil {
		line += fmt.Sprintf("  playwright %-5v %2d calls %5d tokens %4.1f s", pw.ok, pw.calls, pw.tokens, pw.seconds)
	}
	for _, r := range []string{run.reason, pwReason(pw)} {
		if r != "" {
			line += "\n    " + clip(r, 300)
		}
	}
	return line
}

func pwReason(pw *galleryRun) string {
	if pw == nil || pw.reason == "" {
		return ""
	}
	return "playwright: " + pw.reason
}

// writeGalleryReport writes the per-task table as Markdown to
// $REALWORLD_REPORT_DIR/gallery.md when that is set.
func writeGalleryReport(rows []string) error {
	dir := os.Getenv("REALWORLD_REPORT_DIR")
	if dir == "" {
		return nil
	}
	head := "| widget | package@version | task | Pling: pass | calls | tokens | Playwright MCP: pass | calls | tokens | checked in |\n|---|---|---|---|---:|---:|---|---:|---:|---|\n"
	return os.WriteFile(filepath.Join(dir, "gallery.md"), []byte(head+strings.Join(rows, "\n")+"\n"), 0o644)
}
