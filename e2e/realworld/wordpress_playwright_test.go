package realworld

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The WordPress tasks through Playwright MCP (issue 18: the per-task
// table beside Playwright MCP running the same script): each task of
// wpTasks as a script of the gallery's steps, run by the gallery's
// Playwright agent (pwAgent: elements picked by their accessible name in
// Playwright's snapshot, a row hovered before its actions are read), and
// checked in the database by the task's own check.

// wpPWScripts are wpTasks' scripts in a person's steps, by task name.
// Paths resolve on the site (galleryBases.gallery is its base URL).
var wpPWScripts = map[string][]step{
	"sign_in": {{op: opOpen, path: "/wp-login.php"},
		{op: opType, target: `(?i)user ?name|email`, text: wpUser},
		{op: opType, target: `(?i)"password"`, text: wpPassword},
		{op: opPress, target: `(?i)"log in"`}},
	"publish_post": {{op: opOpen, path: "/wp-admin/post-new.php"},
		{op: opPress, target: `(?i)^"close`},
		{op: opType, target: `(?i)add title`, text: wpNewPost},
		{op: opPress, target: `(?i)default.block|start writing|type /`},
		{op: opType, target: `(?i)block|paragraph|start writing|type /`, text: wpNewPostBody},
		{op: opPress, target: `(?i)^"publish`},
		{op: opPress, target: `(?i)^"publish"`}},
	"quick_draft": {{op: opOpen, path: "/wp-admin/"},
		{op: opType, target: `(?i)^"title"`, text: wpDraftTitle},
		{op: opType, target: `(?i)content|what.s on your mind`, text: wpDraftBody},
		{op: opPress, target: `(?i)"save draft"`}},
	"approve_comment": {{op: opOpen, path: "/wp-admin/edit-comments.php?comment_status=moderated"},
		{op: opPress, target: `(?i)^"approve`, record: "Marta Jensen"}},
	"trash_comment": {{op: opOpen, path: "/wp-admin/edit-comments.php?comment_status=moderated"},
		{op: opPress, target: `(?i)trash`, record: "Cheap Pills Online"}},
	"quick_edit_title": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)quick.?edit`, record: wpQuickEdited},
		{op: opType, target: `(?i)^"title"`, text: wpEditedTitle},
		{op: opPress, target: `(?i)^"update"`}},
	"add_category": {{op: opOpen, path: "/wp-admin/edit-tags.php?taxonomy=category"},
		{op: opType, target: `(?i)^"name"`, text: wpCategory},
		{op: opPress, target: `(?i)"add new category"`}},
	"site_title_tagline": {{op: opOpen, path: "/wp-admin/options-general.php"},
		{op: opType, target: `(?i)site title`, text: wpSiteName},
		{op: opType, target: `(?i)tagline`, text: wpSiteTagline},
		{op: opPress, target: `(?i)"save changes"`}},
	"trash_post": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)trash`, record: wpTrashTitle}},
	"search_posts": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opType, target: `(?i)search posts`, text: wpSearchWord, submit: true}},
	"bulk_trash": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)^"select ` + wpBulkA, role: "checkbox"},
		{op: opPress, target: `(?i)^"select ` + wpBulkB, role: "checkbox"},
		{op: opChoose, target: `(?i)bulk`, text: "Move to Trash"},
		{op: opPress, target: `(?i)^"apply"`}},
	"reply_comment": {{op: opOpen, path: "/wp-admin/edit-comments.php?comment_status=approved"},
		{op: opPress, target: `(?i)^"reply`, record: "A WordPress Commenter"},
		{op: opType, target: `(?i)^"comment"`, text: wpReplyText},
		{op: opPress, target: `(?i)^"reply"`, role: "button"}},
	"add_user": {{op: opOpen, path: "/wp-admin/user-new.php"},
		{op: opType, target: `(?i)^"username`, text: wpNewUser},
		{op: opType, target: `(?i)^"email`, text: wpNewUserMail},
		{op: opChoose, target: `(?i)^"role"`, text: "Editor"},
		{op: opPress, target: `(?i)^"add new user"`}},
	"filter_category": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opChoose, target: `(?i)categor`, text: wpFilterCat},
		{op: opPress, target: `(?i)^"filter"`}},
	// The second set (wordpress_more_test.go). Playwright's browser_type
	// fills a field: where Pling's agent replaces a few words or appends
	// (args.replace, args.append), this one types the whole new text, as
	// read in the snapshot and changed.
	"edit_post_body": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)^"edit`, record: wpBodyPost},
		{op: opPress, target: `(?i)^"close dialog"`, wait: true},
		{op: opType, target: `(?i)paragraph`, text: wpBodyPost + ": " + wpBodyReplaced + "." + wpBodyAppended},
		{op: opPress, target: `(?i)^"update"`, role: "button"}},
	"editor_add_tag": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)^"edit`, record: wpTagPost},
		{op: opPress, target: `(?i)^"tags"`, role: "button", wait: true},
		{op: opType, target: `(?i)add new tag`, text: wpTagTyped},
		// (the suggestion's option has no name of its own in the
		// snapshot: its text is a child's, generic "Recipes")
		{op: opPress, target: `(?i)^"` + wpTag + `"`, wait: true},
		{op: opPress, target: `(?i)^"update"`, role: "button"}},
	"quick_edit_tag": {{op: opOpen, path: "/wp-admin/edit.php"},
		{op: opPress, target: `(?i)quick.?edit`, record: wpQuickTagPost},
		{op: opType, target: `(?i)^"tags"`, text: wpTagTyped},
		{op: opPress, target: `(?i)^"` + wpTag + `"`, role: "option", wait: true},
		{op: opPress, target: `(?i)^"update"`, role: "button"}},
	"delete_category": {{op: opOpen, path: "/wp-admin/edit-tags.php?taxonomy=category"},
		{op: opAccept, target: `(?i)^"delete`, record: wpOldCategory}},
	"change_user_role": {{op: opOpen, path: "/wp-admin/users.php"},
		{op: opPress, target: `(?i)^"select ` + wpPromoted + `"`, role: "checkbox"},
		{op: opChoose, target: `(?i)change role to`, text: "Editor"},
		{op: opPress, target: `(?i)^"change"`, role: "button"}},
	"delete_user": {{op: opOpen, path: "/wp-admin/users.php"},
		{op: opType, target: `(?i)search users`, text: wpDeletedUser, submit: true},
		{op: opPress, target: `(?i)^"delete"`, record: wpDeletedUser + "@"},
		{op: opPress, target: `(?i)"confirm deletion"`}},
	"colour_scheme": {{op: opOpen, path: "/wp-admin/profile.php"},
		{op: opPress, target: `(?i)^"` + wpScheme + `"`, role: "radio"},
		{op: opPress, target: `(?i)"update profile"`}},
	"display_name": {{op: opOpen, path: "/wp-admin/profile.php"},
		{op: opType, target: `(?i)^"first name"`, text: wpFirstName},
		{op: opType, target: `(?i)^"last name"`, text: wpLastName},
		{op: opChoose, target: `(?i)display name`, text: wpFirstName + " " + wpLastName},
		{op: opPress, target: `(?i)"update profile"`}},
	"static_front_page": {{op: opOpen, path: "/wp-admin/options-reading.php"},
		{op: opPress, target: `(?i)^"a static page`, role: "radio"},
		{op: opChoose, target: `(?i)homepage`, text: wpFrontPage},
		{op: opChoose, target: `(?i)posts page`, text: wpPostsPage},
		{op: opPress, target: `(?i)"save changes"`}},
	"close_old_comments": {{op: opOpen, path: "/wp-admin/options-discussion.php"},
		{op: opPress, target: `(?i)automatically close comments`, role: "checkbox"},
		{op: opType, target: `(?i)days`, text: wpCloseDays},
		{op: opPress, target: `(?i)"save changes"`}},
	"quick_edit_comment": {{op: opOpen, path: "/wp-admin/edit-comments.php"},
		{op: opPress, target: `(?i)quick.?edit`, record: wpEditedComment},
		{op: opType, target: `(?i)^"comment"`, text: "Thanks, I will bring " + wpCommentNew + "."},
		{op: opPress, target: `(?i)"update comment"`}},
	"restore_post": {{op: opOpen, path: "/wp-admin/edit.php?post_status=trash&post_type=post"},
		{op: opPress, target: `(?i)^"restore`, record: wpRestoreTitle}},
}

// BenchmarkWordPressTasksBesidePlaywright runs the WordPress corpus's ten
// tasks through Playwright MCP 0.0.83 (from npm, as the token comparison)
// against a fresh WordPress, each outcome checked in the database with
// TestWordPress's checks, and prints each task's pass, calls and cl100k
// tokens (every result the agent read); the totals are its metrics.
// Pling's figures are TestWordPress's. A task that fails is reported with
// its reason, never retried. docs/REALWORLD.md, "WordPress". Run: go test
// -run '^$' -bench BenchmarkWordPressTasksBesidePlaywright -benchtime 1x
// -v ./e2e/realworld (part of `make bench`).
func BenchmarkWordPressTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := wpPlaywrightRun(ctx, b.TempDir(), b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "wordpress", outs)
	}
}

// wpPlaywrightRun starts a fresh site and Playwright MCP and runs every
// task in one browser session (the sign-in cookie carries over).
func wpPlaywrightRun(ctx context.Context, wdir, pdir string) ([]wpOutcome, error) {
	w, err := startWordPress(ctx, wdir)
	if err != nil {
		return nil, err
	}
	defer w.stop()
	c, err := startPlaywright(ctx, pdir, nil)
	if err != nil {
		return nil, fmt.Errorf("Playwright MCP: %w", err)
	}
	defer c.Close()
	p := &pwSession{c: c}
	if d := os.Getenv("REALWORLD_DUMP"); d != "" {
		if f, err := os.Create(filepath.Join(d, "wordpress-playwright.txt")); err == nil {
			p.dump = f
			defer f.Close()
		}
	}
	bases := galleryBases{gallery: w.Base}
	return pwRunTasks(ctx, p, bases, w, "wordpress", wpPWOrder(), wpPWScripts, func(ctx context.Context, task string, a *pwAgent) error {
		switch task {
		case "search_posts":
			return wpPWCheckSearch(ctx, a, w)
		case "filter_category":
			return wpPWCheckRows(ctx, a, w, "filtered by "+wpFilterCat, wpCategorySQL("post_title"))
		}
		return nil
	})
}

// pwSuite runs a suite's tasks through Playwright MCP 0.0.83 on site, in
// one browser session (its calls dumped to
// REALWORLD_DUMP/<suite>-playwright.txt when set).
func pwSuite(ctx context.Context, b *testing.B, site *wpSite, suite string, tasks []wpTask, scripts map[string][]step) ([]wpOutcome, error) {
	c, err := startPlaywright(ctx, b.TempDir(), nil)
	if err != nil {
		return nil, fmt.Errorf("Playwright MCP: %w", err)
	}
	defer c.Close()
	p := &pwSession{c: c}
	if d := os.Getenv("REALWORLD_DUMP"); d != "" {
		if f, err := os.Create(filepath.Join(d, suite+"-playwright.txt")); err == nil {
			p.dump = f
			defer f.Close()
		}
	}
	return pwRunTasks(ctx, p, galleryBases{gallery: site.Base}, site, suite, tasks, scripts, nil)
}

// reportPWRun prints a suite's Playwright outcomes, a line each and the
// totals, and reports tasks_passed, calls and tokens as the benchmark's
// metrics.
func reportPWRun(b *testing.B, suite string, outs []wpOutcome) {
	for _, o := range outs {
		fmt.Println(o.pwLine())
	}
	passed, calls, tokens := totals(outs)
	fmt.Printf("%s playwright: %d of %d tasks passed; %d calls, %d tokens read (%s)\n", suite, passed, len(outs), calls, tokens, tokenizerName)
	b.ReportMetric(float64(passed), "tasks_passed")
	b.ReportMetric(float64(calls), "calls")
	b.ReportMetric(float64(tokens), "tokens")
}

// pwRunTasks runs a suite's tasks through Playwright MCP, each by its
// script (by task name) in one browser session, then after (a check that
// needs the agent's last snapshot, or nil), then the task's own check in
// the database. A failed call of the server itself ends the run.
func pwRunTasks(ctx context.Context, p *pwSession, bases galleryBases, w *wpSite, suite string, tasks []wpTask,
	scripts map[string][]step, after func(context.Context, string, *pwAgent) error) ([]wpOutcome, error) {
	var outs []wpOutcome
	for _, task := range tasks {
		script, ok := scripts[task.name]
		if !ok {
			return outs, fmt.Errorf("task %s has no Playwright script", task.name)
		}
		o := wpOutcome{Suite: suite + " playwright", Task: task.name, Checked: task.checked}
		tctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		calls0, tok0, began := p.calls, p.tokens, time.Now()
		if p.dump != nil {
			fmt.Fprintf(p.dump, "######## task %s\n\n", task.name)
		}
		a := &pwAgent{p: p}
		err := a.run(tctx, bases, script)
		if err == nil && after != nil {
			err = after(tctx, task.name, a)
		}
		o.Seconds = time.Since(began).Seconds()
		o.Calls, o.Tokens = p.calls-calls0, p.tokens-tok0
		if err == nil {
			err = task.check(tctx, w)
		}
		cancel()
		if err != nil {
			o.Reason = err.Error()
		} else {
			o.OK = true
		}
		outs = append(outs, o)
		var ce *callError
		if errors.As(err, &ce) {
			return outs, err // the server itself failed: the rest cannot run
		}
	}
	return outs, nil
}

// wpPWCheckSearch checks the post rows Playwright's snapshot shows after
// the search against the posts the database says match.
func wpPWCheckSearch(ctx context.Context, a *pwAgent, w *wpSite) error {
	return wpPWCheckRows(ctx, a, w, "searching "+wpSearchWord, wpSearchSQL("post_title"))
}

// wpPWCheckRows checks that the post rows of Playwright's snapshot (rows
// with a "Select …" checkbox) are the posts whose titles query gives.
func wpPWCheckRows(ctx context.Context, a *pwAgent, w *wpSite, what, query string) error {
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return err
	}
	var rows []string
	for _, n := range nodes {
		if n.role != "row" {
			continue
		}
		for _, x := range nodes {
			if x.role == "checkbox" && x.within(n) && strings.HasPrefix(x.name, "Select ") && !strings.HasPrefix(x.name, "Select All") {
				rows = append(rows, subtreeText(nodes, n))
				break
			}
		}
	}
	out, err := w.query(ctx, query)
	if err != nil {
		return err
	}
	want := strings.Split(strings.TrimSpace(out), "\n")
	if len(want) == 0 || want[0] == "" {
		return fmt.Errorf("%s: the database has no such post", what)
	}
	for _, title := range want {
		found := false
		for _, r := range rows {
			if strings.Contains(r, title) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s: %q is in the database and not among the %d post rows shown", what, title, len(rows))
		}
	}
	if len(rows) != len(want) {
		return fmt.Errorf("%s: %d post rows shown, the database has %d", what, len(rows), len(want))
	}
	return nil
}

func (o wpOutcome) pwLine() string {
	status := "ok"
	if !o.OK {
		status = "FAIL"
	}
	line := fmt.Sprintf("%s %-20s %s: %d calls, %d tokens, %.1f s", o.Suite, o.Task, status, o.Calls, o.Tokens, o.Seconds)
	if !o.OK {
		line += ": " + o.Reason
	}
	return line
}

// wpPWOrder is wpTasks with the block editor's tasks last, publish_post
// the very last: when it fails it leaves a post with unsaved changes,
// whose beforeunload dialog holds the next screen Playwright opens (a
// task of its own would fail for it). The first of the others to open
// the editor (edit_post_body) closes its welcome guide.
func wpPWOrder() []wpTask {
	var tasks, editor, last []wpTask
	for _, t := range wpTasks {
		switch t.name {
		case "publish_post":
			last = append(last, t)
		case "edit_post_body", "editor_add_tag":
			editor = append(editor, t)
		default:
			tasks = append(tasks, t)
		}
	}
	return append(append(tasks, editor...), last...)
}
