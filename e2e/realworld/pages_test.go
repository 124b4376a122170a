package realworld

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/npmcache"
)

// The other real pages: admin templates from npm, each page with a task
// (a scripted step that must work) and the golden of its first
// observation (testdata/pages/<name>.md, reviewed by hand; regenerate with
// UPDATE_GOLDEN=1 and review the diff).
const (
	gentelellaSpec = "gentelella@4.2.0"                // Vite-built admin template: dist/production/*.html
	sbAdmin2Spec   = "startbootstrap-sb-admin-2@4.1.4" // Bootstrap 4 + jQuery + DataTables admin template
)

// page is one real page and its task.
type realPage struct {
	name, spec, dir, path string
	task                  func(ctx context.Context, s *session, first *observation) error
}

var realPages = []realPage{
	{"gentelella-login", gentelellaSpec, "dist", "production/login.html", signIn(`(?i)"email`, `(?i)"password`, `(?i)"sign in"`)},
	{"gentelella-user-management", gentelellaSpec, "dist", "production/user_management.html", filterBySelect(`(?i)filter by role`, "Admin")},
	{"gentelella-orders", gentelellaSpec, "dist", "production/orders.html", pressRowAction(`(?i)"more"`)},
	{"gentelella-settings", gentelellaSpec, "dist", "production/settings.html", fillSettings},
	{"gentelella-form-validation", gentelellaSpec, "dist", "production/form_validation.html", submitEmptyForm(`(?i)"validate"`)},
	{"gentelella-inbox", gentelellaSpec, "dist", "production/inbox.html", pressAndSeeChange(`(?i)"compose"`)},
	{"gentelella-register", gentelellaSpec, "dist", "production/register.html", checkBox(`(?i)"i agree to the terms`)},
	// A grid of user cards (divs, not list items): avatars, Message and View on every card.
	{"gentelella-contacts", gentelellaSpec, "dist", "production/contacts.html", pressRowAction(`(?i)"view"`)},
	{"sb-admin-2-tables", sbAdmin2Spec, "", "tables.html", searchTable(`(?i)"search:"`, "Tiger", "Tiger Nixon")},
	{"sb-admin-2-login", sbAdmin2Spec, "", "login.html", signIn(`(?i)"enter email`, `(?i)"password"`, `(?i)"login"`)},
	{"sb-admin-2-dashboard", sbAdmin2Spec, "", "index.html", pressAndSeeChange(`(?i)"douglas mcgee"`)},
}

func TestRealPages(t *testing.T) {
	var list []app
	only := os.Getenv("REALWORLD_APPS")
	for _, p := range realPages {
		if only != "" && len(filterApps([]string{p.name}, strings.Split(only, ","))) == 0 {
			continue
		}
		pkg, err := npmcache.Pack(context.Background(), p.spec)
		if err != nil {
			t.Fatalf("the corpus needs npm and the registry: %v", err)
		}
		p := p
		list = append(list, app{Name: p.name, Dir: filepath.Join(pkg, p.dir), Path: p.path, Fresh: true,
			Task: func(ctx context.Context, s *session, url string) error {
				nav, err := s.call(ctx, "navigate", map[string]any{"url": url})
				if err != nil {
					return err
				}
				if nav.IsError || nav.Body.Observation == nil {
					return fmt.Errorf("navigate: %s", firstLine(nav.Text))
				}
				// The golden is taken after the page has settled once more:
				// some pages finish building their tables after load.
				obs, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 3000}})
				if err != nil {
					return err
				}
				if obs.IsError || obs.Body.Observation == nil {
					return fmt.Errorf("observe: %s", firstLine(obs.Text))
				}
				if err := golden(p.name, normalize(obs.Text, url)); err != nil {
					return err
				}
				return p.task(ctx, s, obs.Body.Observation)
			}})
	}
	outs := runApps(t, list)
	passed, medTok, _ := summarize(outs)
	var b strings.Builder
	for _, o := range outs {
		fmt.Fprintln(&b, o.line())
		if !o.OK {
			t.Errorf("%s: %s", o.App, o.Reason)
		}
	}
	fmt.Fprintf(&b, "pages: %d of %d passed; median %d tokens read per page (%s)\n", passed, len(outs), medTok, tokenizerName)
	t.Log("\n" + b.String())
	if err := writeReport("pages", outs); err != nil {
		t.Error(err)
	}
}

var (
	revisionLine = regexp.MustCompile(`(?m)^- revision: .*$`)
	pageLine     = regexp.MustCompile(`(?m)^- page: .*\n`)
	contToken    = regexp.MustCompile(`"c\.[A-Za-z0-9_.-]+"`)
	revPageLine  = regexp.MustCompile(`(?m)^revision \S+; page [^;\s]+`)
	generatedID  = regexp.MustCompile(`\br[0-9]+\b`)
)

// normalize drops what changes from run to run: the server's port, the
// revision, the page handle and the continuation token.
func normalize(text, url string) string {
	origin := url[:strings.Index(url[len("http://"):], "/")+len("http://")]
	text = strings.ReplaceAll(text, origin, "http://127.0.0.1:PORT")
	text = revisionLine.ReplaceAllString(text, "- revision: REVISION")
	text = pageLine.ReplaceAllString(text, "")
	text = contToken.ReplaceAllString(text, `"CONTINUATION"`)
	text = revPageLine.ReplaceAllString(text, "revision REVISION; page PAGE")
	// Generated record ids are stable within a document, but their numbers
	// depend on how many elements the collector met before (a page's own
	// scripts, timing): number them by first appearance instead.
	ids := map[string]string{}
	text = generatedID.ReplaceAllStringFunc(text, func(id string) string {
		if n, ok := ids[id]; ok {
			return n
		}
		ids[id] = "r" + strconv.Itoa(len(ids)+1)
		return ids[id]
	})
	// What comes before the page heading is not the page's: navigate's
	// receipt and the reading guidance said once per session (every page
	// runs in a fresh session, so the budgets left for the page are the
	// same each time).
	if i := strings.Index(text, "## Page:"); i > 0 {
		text = text[i:]
	}
	return text
}

// golden compares text with testdata/pages/name.md (UPDATE_GOLDEN=1
// rewrites it).
func golden(name, text string) error {
	file := filepath.Join("testdata", "pages", name+".md")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		return os.WriteFile(file, []byte(text), 0o644)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("golden %s: %w (UPDATE_GOLDEN=1 writes it)", file, err)
	}
	if string(want) != text {
		return fmt.Errorf("the first observation differs from %s (UPDATE_GOLDEN=1 rewrites it; review the diff):\n%s", file, firstDiff(string(want), text))
	}
	return nil
}

// firstDiff shows the first line that differs.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d\n- want: %s\n- got:  %s", i+1, wl, gl)
		}
	}
	return "(same lines)"
}

// pick finds the action whose kind matches and whose description matches
// re, following continuation slices: tasks name controls by their label,
// as a person would, not by Pling's generated names.
func pick(ctx context.Context, s *session, obs *observation, kind, re string) (*action, error) {
	rx := regexp.MustCompile(re)
	return pickWhere(ctx, s, obs, func(a *action) bool { return a.Kind == kind && rx.MatchString(a.Description) },
		fmt.Sprintf("%s action described like %s", kind, re))
}

// pickWhere finds the first action that match accepts, in the observation
// or its continuation slices; what says in the error what was looked for.
func pickWhere(ctx context.Context, s *session, obs *observation, match func(*action) bool, what string) (*action, error) {
	a, err := findAction(ctx, s, obs, func(acts []action) *action {
		for i := range acts {
			if match(&acts[i]) {
				return &acts[i]
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, fmt.Errorf("no %s (actions: %s)", what, actionList(obs))
	}
	return a, nil
}

func pickLink(ctx context.Context, s *session, obs *observation, re string) (*action, map[string]any, error) {
	rx := regexp.MustCompile(re)
	var args map[string]any
	a, err := findAction(ctx, s, obs, func(acts []action) *action {
		for i := range acts {
			if acts[i].Kind != "link" {
				continue
			}
			if p, ok := acts[i].Params["link"].(map[string]any); ok {
				names, _ := p["enum"].([]any)
				for _, n := range names {
					if name, _ := n.(string); rx.MatchString(`"` + name + `"`) {
						args = map[string]any{"link": name}
						return &acts[i]
					}
				}
				continue
			}
			if rx.MatchString(acts[i].Description) {
				return &acts[i]
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if a == nil {
		return nil, nil, fmt.Errorf("no link described like %s (actions: %s)", re, actionList(obs))
	}
	return a, args, nil
}

// act runs an action and fails on an error result.
func act(ctx context.Context, s *session, a *action, args map[string]any) (result, error) {
	req := map[string]any{"action": a.Name}
	if args != nil {
		req["args"] = args
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return r, err
	}
	if r.IsError {
		return r, fmt.Errorf("act %s: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// signIn types an email and a password and presses the sign-in control
// (a button or a link styled as one); the page must react.
func signIn(email, password, submit string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		e, err := pick(ctx, s, obs, "type", email)
		if err != nil {
			return err
		}
		if _, err := act(ctx, s, e, map[string]any{"text": "ada@example.com"}); err != nil {
			return err
		}
		p, err := pick(ctx, s, obs, "type", password)
		if err != nil {
			return err
		}
		if _, err := act(ctx, s, p, map[string]any{"text": "correct horse battery"}); err != nil {
			return err
		}
		go_, err := pick(ctx, s, obs, "click", submit)
		var args map[string]any
		if err != nil {
			if go_, args, err = pickLink(ctx, s, obs, submit); err != nil {
				return err
			}
		}
		r, err := act(ctx, s, go_, args)
		if err != nil {
			return err
		}
		if res := r.Body.Result; res == nil || !res.Changed.Observed {
			return fmt.Errorf("%s: no visible effect (receipt: %s)", go_.Name, firstLine(r.Text))
		}
		return nil
	}
}

// filterBySelect chooses an option of a filter and expects fewer rows.
func filterBySelect(label, option string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		before := obs.Records.Total
		if before < 2 {
			return fmt.Errorf("expected a table of rows, got %d records", before)
		}
		f, err := pick(ctx, s, obs, "select", label)
		if err != nil {
			return err
		}
		r, err := act(ctx, s, f, map[string]any{"value": option})
		if err != nil {
			return err
		}
		after := r.Body.Observation.Records.Total
		if after == 0 || after >= before {
			return fmt.Errorf("%s %q: %d records before, %d after (expected fewer, not none)", f.Name, option, before, after)
		}
		return nil
	}
}

// fillSettings types a name into the settings form and picks a timezone.
func fillSettings(ctx context.Context, s *session, obs *observation) error {
	n, err := pick(ctx, s, obs, "type", `(?i)"full name"`)
	if err != nil {
		return err
	}
	r, err := act(ctx, s, n, map[string]any{"text": "Ada Lovelace"})
	if err != nil {
		return err
	}
	if res := r.Body.Result; res == nil || !res.OK {
		return fmt.Errorf("%s: not ok: %s", n.Name, firstLine(r.Text))
	}
	tz, err := pick(ctx, s, r.Body.Observation, "select", `(?i)"timezone"`)
	if err != nil {
		return err
	}
	r, err = act(ctx, s, tz, map[string]any{"value": "(UTC+00:00) London"})
	if err != nil {
		return err
	}
	if res := r.Body.Result; res == nil || !res.OK {
		return fmt.Errorf("%s: not ok: %s", tz.Name, firstLine(r.Text))
	}
	return nil
}

// submitEmptyForm presses submit on an empty form and expects the
// validation feedback to be reported.
func submitEmptyForm(submit string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		b, err := pick(ctx, s, obs, "click", submit)
		if err != nil {
			return err
		}
		r, err := act(ctx, s, b, nil)
		if err != nil {
			return err
		}
		if o := r.Body.Observation; o == nil || len(o.Feedback) == 0 {
			return fmt.Errorf("%s on the empty form: no feedback reported", b.Name)
		}
		return nil
	}
}

// pressAndSeeChange presses a control and expects a visible change (a
// dialog, a menu, new actions).
func pressAndSeeChange(label string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		b, err := pick(ctx, s, obs, "click", label)
		if err != nil {
			return err
		}
		r, err := act(ctx, s, b, nil)
		if err != nil {
			return err
		}
		if res := r.Body.Result; res == nil || !res.Changed.Observed {
			return fmt.Errorf("%s: no visible change (receipt: %s)", b.Name, firstLine(r.Text))
		}
		return nil
	}
}

// searchTable types into a table's search field and expects the row.
func searchTable(label, text, want string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		f, err := pick(ctx, s, obs, "type", label)
		if err != nil {
			return err
		}
		r, err := act(ctx, s, f, map[string]any{"text": text})
		if err != nil {
			return err
		}
		rec, _, err := findRecord(ctx, s, r.Body.Observation, want)
		if err != nil {
			return err
		}
		if rec == nil {
			return fmt.Errorf("no record holds %q after searching %q (%d records)", want, text, r.Body.Observation.Records.Total)
		}
		if n := r.Body.Observation.Records.Total; n >= obs.Records.Total {
			return fmt.Errorf("searching %q left %d of %d records", text, n, obs.Records.Total)
		}
		return nil
	}
}

// pressRowAction runs a folded row action on the first record and expects
// a visible change (a row menu opening).
func pressRowAction(label string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		if len(obs.Records.Shown) == 0 {
			return fmt.Errorf("no records shown")
		}
		rx := regexp.MustCompile(label)
		var a *action
		for i := range obs.Actions {
			if obs.Actions[i].RecordParam && rx.MatchString(obs.Actions[i].Description) {
				a = &obs.Actions[i]
				break
			}
		}
		if a == nil {
			return fmt.Errorf("no folded row action described like %s (actions: %s)", label, actionList(obs))
		}
		id := obs.Records.Shown[0].ID
		r, err := s.call(ctx, "act", map[string]any{"action": a.Name, "record": id})
		if err != nil {
			return err
		}
		if r.IsError {
			return fmt.Errorf("act %s on %s: %s", a.Name, id, firstLine(r.Text))
		}
		if res := r.Body.Result; res == nil || !res.Changed.Observed {
			return fmt.Errorf("%s on %s: no visible change (receipt: %s)", a.Name, id, firstLine(r.Text))
		}
		return nil
	}
}

// checkBox presses an unchecked checkbox and confirms from the next
// observation that it is checked (the action's description says "now
// true").
func checkBox(label string) func(context.Context, *session, *observation) error {
	return func(ctx context.Context, s *session, obs *observation) error {
		b, err := pick(ctx, s, obs, "click", label)
		if err != nil {
			return err
		}
		r, err := act(ctx, s, b, nil)
		if err != nil {
			return err
		}
		for _, a := range r.Body.Observation.Actions {
			if a.Name == b.Name && strings.Contains(a.Description, "(now true)") {
				return nil
			}
		}
		return fmt.Errorf("%s: the next observation does not show it checked", b.Name)
	}
}
