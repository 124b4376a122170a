package realworld

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// wpTask is one everyday WordPress task: the scripted agent's steps
// through `pling serve`, and where its outcome is checked in the database.
type wpTask struct {
	name    string
	checked string // the table and column the outcome is checked in
	run     func(ctx context.Context, s *session, w *wpSite) error
	check   func(ctx context.Context, w *wpSite) error
}

// wpKnownFailing lists the tasks that fail today because of Pling, each
// with its reason (docs/REALWORLD.md, "WordPress"). The test fails when
// one of them passes, so the list stays honest: remove it here and in the
// docs' table.
var wpKnownFailing = map[string]string{}

// wpTasks are the corpus's tasks, in the order a person would do them.
var wpTasks = []wpTask{
	{"sign_in", "wp_usermeta.session_tokens", wpSignIn, wpCheckSignedIn},
	{"publish_post", "wp_posts.post_status, post_title", wpPublishPost, wpCheckPost(wpNewPost, "publish")},
	{"quick_draft", "wp_posts.post_status, post_title", wpQuickDraft, wpCheckPost(wpDraftTitle, "draft")},
	{"approve_comment", "wp_comments.comment_approved", wpCommentAction("Marta Jensen", `(?i)^approve`), wpCheckComment("Marta Jensen", "1")},
	{"trash_comment", "wp_comments.comment_approved", wpCommentAction("Cheap Pills Online", `(?i)trash`), wpCheckComment("Cheap Pills Online", "trash")},
	{"quick_edit_title", "wp_posts.post_title", wpQuickEditTitle, wpCheckPost(wpEditedTitle, "publish")},
	{"add_category", "wp_terms.name, wp_term_taxonomy.taxonomy", wpAddCategory, wpCheckCategory},
	{"site_title_tagline", "wp_options.blogname, blogdescription", wpSiteTitle, wpCheckSiteTitle},
	{"trash_post", "wp_posts.post_status", wpTrashPost, wpCheckPost(wpTrashTitle, "trash")},
	{"search_posts", "wp_posts.post_title (the rows shown = the matching posts)", wpSearchPosts, wpCheckedInRun},
	{"bulk_trash", "wp_posts.post_status of two posts", wpBulkTrash, wpCheckBulkTrash},
	{"reply_comment", "wp_comments.comment_parent, comment_content", wpReplyComment, wpCheckReply},
	{"add_user", "wp_users.user_email, wp_usermeta.wp_capabilities", wpAddUser, wpCheckUser},
	{"filter_category", "wp_term_relationships (the rows shown = the category's posts)", wpFilterCategory, wpCheckedInRun},
	// The second set (wordpress_more_test.go).
	{"edit_post_body", "wp_posts.post_content", wpEditPostBody, wpCheckPostBody},
	{"editor_add_tag", "wp_term_relationships, wp_terms (post_tag)", wpEditorTag, wpCheckTagged(wpTagPost)},
	{"quick_edit_tag", "wp_term_relationships, wp_terms (post_tag)", wpQuickEditTag, wpCheckTagged(wpQuickTagPost)},
	{"delete_category", "wp_terms.name", wpDeleteCategory, wpCheckCategoryGone},
	{"change_user_role", "wp_usermeta.wp_capabilities", wpChangeRole, wpCheckRole(wpPromoted, "editor")},
	{"delete_user", "wp_users.user_login", wpDeleteUser, wpCheckUserGone},
	{"colour_scheme", "wp_usermeta.admin_color", wpColourScheme, wpCheckScheme},
	{"display_name", "wp_users.display_name", wpDisplayName, wpCheckDisplayName},
	{"static_front_page", "wp_options.show_on_front, page_on_front, page_for_posts", wpStaticFrontPage, wpCheckFrontPage},
	{"close_old_comments", "wp_options.close_comments_for_old_posts, close_comments_days_old", wpCloseComments, wpCheckCloseComments},
	{"quick_edit_comment", "wp_comments.comment_content", wpQuickEditComment, wpCheckCommentText},
	{"restore_post", "wp_posts.post_status (restored as a draft)", wpRestorePost, wpCheckPost(wpRestoreTitle, "draft")},
}

// What the tasks write, and what they work on (testdata/wordpress/seed.php).
const (
	wpNewPost      = "Harbour festival programme"
	wpNewPostBody  = "Boats, music and food on the quay from noon."
	wpDraftTitle   = "Notes for the next newsletter"
	wpDraftBody    = "Remember the festival and the workshop."
	wpQuickEdited  = "Moving the office"
	wpEditedTitle  = "Moving the office to Elm Street"
	wpCategory     = "Events"
	wpSiteName     = "Harbour Town Blog"
	wpSiteTagline  = "News from the harbour"
	wpTrashTitle   = "Winter market stalls"
	wpSearchWord   = "garden"
	wpSearchExpect = "Garden club minutes"
)

// wpOutcome is one task's run.
type wpOutcome struct {
	Suite         string // wordpress, adminer
	Known         string // the reason it is listed as failing, if it is
	Task, Checked string
	OK            bool
	Reason        string
	Calls, Tokens int
	Seconds       float64
}

// TestWordPress runs WordPress from Debian's package with its own MariaDB
// and PHP's built-in server, and does the tasks through `pling serve` as a
// scripted agent would: it reads the results, picks actions by their names
// and descriptions and records by their text, never by CSS. Every outcome
// is checked in the database. A task listed in wpKnownFailing must fail
// (and is reported); every other task must pass.
func TestWordPress(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	ctx, cancel := context.WithTimeout(t.Context(), 8*time.Minute)
	defer cancel()
	w, err := startWordPress(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer w.stop()
	runSuite(ctx, t, start, w, "wordpress", wpTasks, wpKnownFailing)
}

// runSuite is a corpus suite's run once its site is up (started at
// start): one `pling serve` session for every task in order (its calls
// dumped to REALWORLD_DUMP/<suite>.txt when set), the tasks' lines and
// totals logged, the per-task table written to bin/realworld/<suite>.md,
// and every outcome checked against the suite's known failures.
func runSuite(ctx context.Context, t *testing.T, start time.Time, w *wpSite, suite string, tasks []wpTask, known map[string]string) {
	t.Helper()
	setup := time.Since(start)
	s, err := startSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if dir := os.Getenv("REALWORLD_DUMP"); dir != "" {
		if f, err := os.Create(filepath.Join(dir, suite+".txt")); err == nil {
			s.dump = f
			defer f.Close()
		}
	}
	outs := runWPTasks(ctx, t, s, w, suite, tasks, known)
	var b strings.Builder
	for _, o := range outs {
		fmt.Fprintln(&b, o.line())
	}
	passed, calls, tokens := totals(outs)
	fmt.Fprintf(&b, "%s: %d of %d tasks passed; %d calls, %d tokens read (%s); setup %.1f s, total %.1f s\n",
		suite, passed, len(outs), calls, tokens, tokenizerName, setup.Seconds(), time.Since(start).Seconds())
	t.Log("\n" + b.String())
	if err := writeWPReport(outs, suite+".md"); err != nil {
		t.Error(err)
	}
	checkOutcomes(t, outs)
}

// totals are a run's passed tasks, calls and tokens.
func totals(outs []wpOutcome) (passed, calls, tokens int) {
	for _, o := range outs {
		calls += o.Calls
		tokens += o.Tokens
		if o.OK {
			passed++
		}
	}
	return passed, calls, tokens
}

// checkOutcomes fails the test for a task that failed and is not listed
// as failing, and for a listed one that passes now.
func checkOutcomes(t *testing.T, outs []wpOutcome) {
	for _, o := range outs {
		switch {
		case o.OK && o.Known != "":
			t.Errorf("%s passes now: remove it from the known failures (%q) and from docs/REALWORLD.md's failing rows", o.Task, o.Known)
		case !o.OK && o.Known == "":
			t.Errorf("%s failed: %s", o.Task, o.Reason)
		}
	}
}

// runWPTasks runs the tasks of a suite one after another in one session
// (the sign-in cookie carries over), each with its own timeout; known
// lists the tasks that fail today, with their reasons.
func runWPTasks(ctx context.Context, t *testing.T, s *session, w *wpSite, suite string, tasks []wpTask, known map[string]string) []wpOutcome {
	var outs []wpOutcome
	for _, task := range tasks {
		o := wpOutcome{Suite: suite, Known: known[task.name], Task: task.name, Checked: task.checked}
		tctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		tok0, calls0 := s.tokens, s.calls
		began := time.Now()
		if s.dump != nil {
			fmt.Fprintf(s.dump, "######## task %s\n\n", task.name)
		}
		err := task.run(tctx, s, w)
		o.Seconds = time.Since(began).Seconds()
		o.Tokens, o.Calls = s.tokens-tok0, s.calls-calls0
		if err == nil {
			err = task.check(tctx, w)
		}
		cancel()
		if err != nil {
			o.Reason = err.Error()
			var ce *callError
			if errors.As(err, &ce) {
				t.Logf("%s: %v (php: %s)", task.name, err, w.errLog())
			}
		} else {
			o.OK = true
		}
		fmt.Println(o.line())
		outs = append(outs, o)
	}
	return outs
}

func (o wpOutcome) line() string {
	status := "ok"
	if !o.OK {
		status = "FAIL"
		if o.Known != "" {
			status = "known failure (" + o.Known + ")"
		}
	}
	line := fmt.Sprintf("%s %-20s %s: %d calls, %d tokens, %.1f s", o.Suite, o.Task, status, o.Calls, o.Tokens, o.Seconds)
	if !o.OK {
		line += ": " + o.Reason
	}
	return line
}

// writeWPReport writes the per-task table as Markdown to
// $REALWORLD_REPORT_DIR/file when that is set.
func writeWPReport(outs []wpOutcome, file string) error {
	dir := os.Getenv("REALWORLD_REPORT_DIR")
	if dir == "" {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| task | result | calls | tokens | checked in | reason |\n|---|---|---:|---:|---|---|\n")
	for _, o := range outs {
		res := "pass"
		if !o.OK {
			res = "fail"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | `%s` | %s |\n", o.Task, res, o.Calls, o.Tokens, o.Checked, strings.ReplaceAll(o.Reason, "|", `\|`))
	}
	return os.WriteFile(filepath.Join(dir, file), []byte(b.String()), 0o644)
}

// The scripted agent's helpers: it opens a screen by its URL (the admin
// address an agent is given), picks actions by their names and
// descriptions and records by their text.

// wpOpen navigates to a screen of the site and returns its observation.
func wpOpen(ctx context.Context, s *session, w *wpSite, path string) (*observation, error) {
	r, err := s.call(ctx, "navigate", map[string]any{"url": w.Base + path})
	if err != nil {
		return nil, err
	}
	if r.IsError || r.Body.Observation == nil {
		return nil, fmt.Errorf("navigate %s: %s", path, firstLine(r.Text))
	}
	return r.Body.Observation, nil
}

// wpPick finds the action of kind ("" for any) whose name or description
// matches re, in the observation or its continuation slices.
func wpPick(ctx context.Context, s *session, obs *observation, kind, re string, row bool) (*action, error) {
	rx := regexp.MustCompile(re)
	return pickWhere(ctx, s, obs, func(a *action) bool {
		return (kind == "" || a.Kind == kind) && a.RecordParam == row && rx.MatchString(a.Name+" "+a.Description)
	}, fmt.Sprintf("%s action like %s", kind, re))
}

// wpAct runs an action (on a record when rec is not "") and fails on an
// error result or a receipt that is not ok.
func wpAct(ctx context.Context, s *session, a *action, rec string, args map[string]any) (result, error) {
	req := map[string]any{"action": a.Name}
	if rec != "" {
		req["record"] = rec
	}
	if args != nil {
		req["args"] = args
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return r, err
	}
	if r.IsError {
		return r, fmt.Errorf("act %s %s: %s", a.Name, rec, firstLine(r.Text))
	}
	if res := r.Body.Result; res != nil && !res.OK {
		return r, fmt.Errorf("act %s %s: not ok: %s", a.Name, rec, firstLine(r.Text))
	}
	if r.Body.Observation == nil {
		return r, fmt.Errorf("act %s %s: no observation in the result", a.Name, rec)
	}
	return settledAfter(ctx, s, r)
}

// settledAfter observes once more after a result whose page did not
// settle ("did not settle (may still be changing)": a loaded machine, an
// application loading a skin's scripts for the first time), as an agent
// told so does, and returns the result with that observation (the
// receipt kept, the new observation's text added).
func settledAfter(ctx context.Context, s *session, r result) (result, error) {
	if o := r.Body.Observation; o == nil || o.Settled == nil || *o.Settled {
		return r, nil
	}
	next, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 5000}})
	if err != nil {
		return r, err
	}
	if next.IsError || next.Body.Observation == nil {
		return r, fmt.Errorf("observe after a page that did not settle: %s", firstLine(next.Text))
	}
	r.Body.Observation = next.Body.Observation
	r.Text += "\n" + next.Text
	return r, nil
}

// wpFind finds the record holding text: among the shown records, else
// with observe {find} (what the records line offers when rows were cut).
func wpFind(ctx context.Context, s *session, obs *observation, text string) (*record, error) {
	for i := range obs.Records.Shown {
		if holds(obs.Records.Shown[i], text) {
			return &obs.Records.Shown[i], nil
		}
	}
	r, err := s.call(ctx, "observe", map[string]any{"find": map[string]any{"text": text}})
	if err != nil {
		return nil, err
	}
	if r.IsError || r.Body.Observation == nil {
		return nil, fmt.Errorf("observe find %q: %s", text, firstLine(r.Text))
	}
	for i := range r.Body.Observation.Records.Shown {
		if holds(r.Body.Observation.Records.Shown[i], text) {
			return &r.Body.Observation.Records.Shown[i], nil
		}
	}
	return nil, fmt.Errorf("no record holds %q (%d records)", text, obs.Records.Total)
}

// wpPress finds the page's click action like re (in the observation or
// its continuation slices) and runs it.
func wpPress(ctx context.Context, s *session, obs *observation, re string) (result, error) {
	a, err := wpPick(ctx, s, obs, "click", re, false)
	if err != nil {
		return result{}, err
	}
	return wpAct(ctx, s, a, "", nil)
}

// wpField is a type action to find by re and the text to type into it.
type wpField struct{ re, text string }

// wpTypeFields types into each field in turn, each found in the
// observation the previous one left, and returns the last observation.
func wpTypeFields(ctx context.Context, s *session, obs *observation, fields []wpField) (*observation, error) {
	for _, f := range fields {
		a, err := wpPick(ctx, s, obs, "type", f.re, false)
		if err != nil {
			return nil, err
		}
		r, err := wpAct(ctx, s, a, "", map[string]any{"text": f.text})
		if err != nil {
			return nil, err
		}
		obs = r.Body.Observation
	}
	return obs, nil
}

// wpOne is the single value a query returns.
func wpOne(ctx context.Context, w *wpSite, sql string) (string, error) {
	out, err := w.query(ctx, sql)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(out), nil
}

// wpWant checks that sql answers want.
func wpWant(ctx context.Context, w *wpSite, sql, want string) error {
	got, err := wpOne(ctx, w, sql)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("database: %s: got %q, want %q", sql, got, want)
	}
	return nil
}

// wpSignIn: the login screen's user name and password, then Log In.
func wpSignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-login.php")
	if err != nil {
		return err
	}
	user, err := wpPick(ctx, s, obs, "type", `(?i)user ?name|email`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, user, "", map[string]any{"text": wpUser})
	if err != nil {
		return err
	}
	pass, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)password`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, pass, "", map[string]any{"text": wpPassword}); err != nil {
		return err
	}
	login, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^log_?in|"log in"`, false)
	if err != nil {
		return err
	}
	r, err = wpAct(ctx, s, login, "", nil)
	if err != nil {
		return err
	}
	if res := r.Body.Result; res == nil || !res.Changed.Navigated {
		return fmt.Errorf("%s: the receipt does not say it navigated (%s)", login.Name, firstLine(r.Text))
	}
	return nil
}

func wpCheckSignedIn(ctx context.Context, w *wpSite) error {
	got, err := wpOne(ctx, w, "SELECT COUNT(*) FROM wp_usermeta WHERE meta_key='session_tokens' AND user_id=1")
	if err != nil {
		return err
	}
	if got != "1" {
		return fmt.Errorf("database: no session token for the admin (wp_usermeta.session_tokens rows: %s)", got)
	}
	return nil
}

// wpPublishPost writes a post in the block editor and publishes it: the
// welcome guide closed when it shows, the title, a paragraph, Publish and
// the pre-publish panel's Publish.
func wpPublishPost(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/post-new.php")
	if err != nil {
		return err
	}
	if obs, err = wpSettle(ctx, s, obs); err != nil {
		return err
	}
	if c, err := wpPick(ctx, s, obs, "click", `(?i)^close`, false); err == nil {
		r, err := wpAct(ctx, s, c, "", nil)
		if err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	title, err := wpPick(ctx, s, obs, "type", `(?i)title`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, title, "", map[string]any{"text": wpNewPost})
	if err != nil {
		return err
	}
	// The body: a paragraph block to type into, or first the appender a
	// person clicks to start one ("Type / to choose a block").
	body, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)block|paragraph|start writing|type /`, false)
	if err != nil {
		add, err2 := wpPick(ctx, s, r.Body.Observation, "click", `(?i)default.block|start writing|type /`, false)
		if err2 != nil {
			return err
		}
		if r, err = wpAct(ctx, s, add, "", nil); err != nil {
			return err
		}
		if body, err = wpPick(ctx, s, r.Body.Observation, "type", `(?i)block|paragraph|start writing|type /`, false); err != nil {
			return err
		}
	}
	if r, err = wpAct(ctx, s, body, "", map[string]any{"text": wpNewPostBody}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^publish`); err != nil {
		return err
	}
	// The pre-publish check: "Are you ready to publish?" and its Publish.
	if again, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^publish`, false); err == nil {
		if r, err = wpAct(ctx, s, again, "", nil); err != nil {
			return err
		}
	}
	return nil
}

// wpSettle waits for a page that did not settle (the block editor boots
// after its load event) once.
func wpSettle(ctx context.Context, s *session, obs *observation) (*observation, error) {
	r, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 5000}})
	if err != nil {
		return nil, err
	}
	if r.IsError || r.Body.Observation == nil {
		return obs, nil
	}
	return r.Body.Observation, nil
}

// wpQuickDraft fills the dashboard's Quick Draft box and saves it.
func wpQuickDraft(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/")
	if err != nil {
		return err
	}
	title, err := wpPick(ctx, s, obs, "type", `(?i)^title`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, title, "", map[string]any{"text": wpDraftTitle})
	if err != nil {
		return err
	}
	content, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)content|what.s on your mind`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, content, "", map[string]any{"text": wpDraftBody}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)save_draft|"save draft"`)
	return err
}

// wpCommentAction opens the pending comments and runs the row action like
// re on the comment written by author.
func wpCommentAction(author, re string) func(context.Context, *session, *wpSite) error {
	return func(ctx context.Context, s *session, w *wpSite) error {
		obs, err := wpOpen(ctx, s, w, "/wp-admin/edit-comments.php?comment_status=moderated")
		if err != nil {
			return err
		}
		rec, err := wpFind(ctx, s, obs, author)
		if err != nil {
			return err
		}
		a, err := wpPick(ctx, s, obs, "", re, true)
		if err != nil {
			return err
		}
		_, err = wpAct(ctx, s, a, rec.ID, nil)
		return err
	}
}

// wpQuickEditTitle opens a post's Quick Edit from the posts list, changes
// its title and presses Update.
func wpQuickEditTitle(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, wpQuickEdited)
	if err != nil {
		return err
	}
	qe, err := wpPick(ctx, s, obs, "", `(?i)quick.?edit`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, qe, rec.ID, nil)
	if err != nil {
		return err
	}
	title, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)title`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, title, "", map[string]any{"text": wpEditedTitle}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^update`)
	return err
}

// wpAddCategory types a name in Add New Category and submits it.
func wpAddCategory(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit-tags.php?taxonomy=category")
	if err != nil {
		return err
	}
	name, err := wpPick(ctx, s, obs, "type", `(?i)^name`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, name, "", map[string]any{"text": wpCategory})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)add.new.category`)
	return err
}

// wpSiteTitle changes Site Title and Tagline in Settings → General and
// saves.
func wpSiteTitle(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/options-general.php")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)site.title`, wpSiteName}, {`(?i)tagline`, wpSiteTagline}}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)save.changes`)
	return err
}

// wpTrashPost runs Trash on a post's row in the posts list.
func wpTrashPost(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, wpTrashTitle)
	if err != nil {
		return err
	}
	a, err := wpPick(ctx, s, obs, "", `(?i)^trash`, true)
	if err != nil {
		return err
	}
	_, err = wpAct(ctx, s, a, rec.ID, nil)
	return err
}

// wpSearchPosts searches the posts list; the rows shown must be the posts
// the database says match.
func wpSearchPosts(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)search.posts`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": wpSearchWord, "submit": true})
	if err != nil {
		return err
	}
	return wpRowsAre(ctx, w, r.Body.Observation, "searching "+wpSearchWord, wpSearchSQL("ID"))
}

// wpSearchSQL selects col of the posts the search matches, as WordPress's
// list searches them.
func wpSearchSQL(col string) string {
	return "SELECT " + col + " FROM wp_posts WHERE post_type='post' AND post_status IN ('publish','draft','pending','future','private') AND (post_title LIKE '%" + wpSearchWord + "%' OR post_content LIKE '%" + wpSearchWord + "%' OR post_excerpt LIKE '%" + wpSearchWord + "%') ORDER BY ID"
}

// wpRowsAre checks that the post rows obs shows (records post-<ID>) are
// the posts whose IDs query gives.
func wpRowsAre(ctx context.Context, w *wpSite, obs *observation, what, query string) error {
	got := map[string]bool{}
	for _, rec := range obs.Records.Shown {
		if strings.HasPrefix(rec.ID, "post-") {
			got[strings.TrimPrefix(rec.ID, "post-")] = true
		}
	}
	out, err := w.query(ctx, query)
	if err != nil {
		return err
	}
	want := strings.Fields(out)
	if len(want) == 0 {
		return fmt.Errorf("%s: the database has no such post", what)
	}
	for _, id := range want {
		if !got[id] {
			return fmt.Errorf("%s: post %s is in the database and not among the rows shown (%d records)", what, id, obs.Records.Total)
		}
	}
	if len(got) != len(want) {
		return fmt.Errorf("%s: %d post rows shown, the database has %d", what, len(got), len(want))
	}
	return nil
}

// wpCheckedInRun is the check of a task that compares what it read with
// the database as it runs (search_posts: the rows shown against the
// posts that match).
func wpCheckedInRun(context.Context, *wpSite) error { return nil }

// wpCheckPost checks that the post titled title has status.
func wpCheckPost(title, status string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		return wpWant(ctx, w, "SELECT GROUP_CONCAT(post_status) FROM wp_posts WHERE post_type='post' AND post_title='"+title+"'", status)
	}
}

// wpCheckComment checks the moderation state of author's comment.
func wpCheckComment(author, approved string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		return wpWant(ctx, w, "SELECT comment_approved FROM wp_comments WHERE comment_author='"+author+"'", approved)
	}
}

func wpCheckCategory(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT tt.taxonomy FROM wp_terms t JOIN wp_term_taxonomy tt USING (term_id) WHERE t.name='"+wpCategory+"'", "category")
}

func wpCheckSiteTitle(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT GROUP_CONCAT(option_value ORDER BY option_name SEPARATOR ' / ') FROM wp_options WHERE option_name IN ('blogname','blogdescription')", wpSiteTagline+" / "+wpSiteName)
}

// What the second set of tasks work on (testdata/wordpress/seed.php).
const (
	wpBulkA       = "Autumn reading list"
	wpBulkB       = "Board meeting notes"
	wpReplyText   = "Thank you, see you at the workshop."
	wpNewUser     = "harbourmaster"
	wpNewUserMail = "harbourmaster@example.test"
	wpFilterCat   = "Guides"
)

// wpBulkTrash ticks two posts' checkboxes in the posts list, chooses
// Move to Trash among the bulk actions and applies it.
func wpBulkTrash(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	for _, title := range []string{wpBulkA, wpBulkB} {
		rec, err := wpFind(ctx, s, obs, title)
		if err != nil {
			return err
		}
		tg, err := wpPick(ctx, s, obs, "", `(?i)select|toggle`, true)
		if err != nil {
			return err
		}
		r, err := wpAct(ctx, s, tg, rec.ID, nil)
		if err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	bulk, err := wpPick(ctx, s, obs, "select", `(?i)bulk`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, bulk, "", map[string]any{"value": "Move to Trash"})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^apply`)
	return err
}

// wpReplyComment replies to the install's approved comment from the
// comments list: Reply (a row action), the reply box, then the
// reply form's button.
func wpReplyComment(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit-comments.php?comment_status=approved")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "A WordPress Commenter")
	if err != nil {
		return err
	}
	a, err := wpPick(ctx, s, obs, "", `(?i)^reply`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, a, rec.ID, nil)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^(comment|reply)`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": wpReplyText}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^(approve_and_)?reply`)
	return err
}

// wpAddUser fills Users → Add New and presses Add New User.
func wpAddUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/user-new.php")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^user_?name`, wpNewUser}, {`(?i)^email`, wpNewUserMail}}); err != nil {
		return err
	}
	role, err := wpPick(ctx, s, obs, "select", `(?i)role`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, role, "", map[string]any{"value": "Editor"})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^add_new_user`)
	return err
}

// wpFilterCategory filters the posts list by a category; the rows shown
// must be the category's posts.
func wpFilterCategory(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	cat, err := wpPick(ctx, s, obs, "select", `(?i)categor`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, cat, "", map[string]any{"value": wpFilterCat})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^filter`); err != nil {
		return err
	}
	return wpRowsAre(ctx, w, r.Body.Observation, "filtered by "+wpFilterCat, wpCategorySQL("p.ID"))
}

// wpCategorySQL selects col of the published posts in wpFilterCat.
func wpCategorySQL(col string) string {
	return "SELECT " + col + " FROM wp_posts p JOIN wp_term_relationships tr ON tr.object_id=p.ID JOIN wp_term_taxonomy tt USING (term_taxonomy_id) JOIN wp_terms t USING (term_id) WHERE p.post_type='post' AND p.post_status='publish' AND tt.taxonomy='category' AND t.name='" + wpFilterCat + "' ORDER BY p.ID"
}

func wpCheckBulkTrash(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT GROUP_CONCAT(post_status ORDER BY post_title) FROM wp_posts WHERE post_type='post' AND post_title IN ('"+wpBulkA+"','"+wpBulkB+"')", "trash,trash")
}

func wpCheckReply(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT COUNT(*) FROM wp_comments WHERE comment_parent > 0 AND comment_content='"+wpReplyText+"'", "1")
}

func wpCheckUser(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT CONCAT(u.user_email, ' ', m.meta_value) FROM wp_users u JOIN wp_usermeta m ON m.user_id=u.ID AND m.meta_key='wp_capabilities' WHERE u.user_login='"+wpNewUser+"'", wpNewUserMail+` a:1:{s:6:"editor";b:1;}`)
}
