package realworld

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// mwRoot is Debian's mediawiki package: its web root (symbolic links into
// /usr/share/mediawiki), served with PHP's built-in server. The wiki's
// settings and its SQLite database live in the test's temporary
// directories (MW_CONFIG_FILE), never in /etc or /var/lib.
const (
	mwRoot    = "/var/lib/mediawiki"
	mwInstall = "/usr/share/mediawiki/maintenance/install.php"
	mwAdmin   = "Admin"
	mwPass    = "Adminpass123!"
)

// mwKnownFailing lists the MediaWiki tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var mwKnownFailing = map[string]string{}

// mwSeed are the pages the tasks work on, created with MediaWiki's own
// maintenance/edit.php: a page with sections to edit in part, and one to
// delete.
var mwSeed = map[string]string{
	"Holidays": "Our holiday policy.\n\n== Summer ==\nEveryone gets two weeks in summer.\n\n== Winter ==\nThe office closes for one week in winter.\n",
	"Sandbox":  "A page to try things on.\n",
}

// mwSeedEdits are edits made in order once Jdoe exists: a page whose
// second revision is vandalism to undo, and a page nobody watches yet.
var mwSeedEdits = []struct{ title, user, summary, text string }{
	{"Opening_hours", mwAdmin, "seed", mwOpeningHours},
	{"Opening_hours", "Jdoe", "update", mwOpeningHours + "Free cake for everyone, every day!\n"},
	{"Harbour_map", mwAdmin, "seed", "Where the boats are moored.\n"},
}

// What the newer tasks write.
const (
	mwOpeningHours = "The office is open from nine to five.\n"
	mwAppended     = "The office also closes on New Year's Day."
)

// mwTasks are a wiki administrator's everyday tasks, each checked in the
// wiki's SQLite database (db).
func mwTasks(db string) []wpTask {
	want := func(sql, want string) func(context.Context, *wpSite) error {
		return func(ctx context.Context, _ *wpSite) error {
			got, err := mwQuery(ctx, db, sql)
			if err != nil {
				return err
			}
			if !strings.HasPrefix(got, want) {
				return fmt.Errorf("database: %s: got %q, want %q…", sql, clip(got, 200), want)
			}
			return nil
		}
	}
	latest := func(title string) string {
		return "SELECT old_text FROM page JOIN slots ON slot_revision_id = page_latest JOIN content ON content_id = slot_content_id " +
			"JOIN text ON 'tt:' || old_id = content_address WHERE page_namespace = 0 AND page_title = '" + title + "'"
	}
	return []wpTask{
		{"sign_in", "the personal tools' Log out (MediaWiki keeps the sign-in in its session)", mwSignIn, wpCheckedInRun},
		{"edit_section", "text.old_text of Holidays' latest revision", mwEditSection, want(latest("Holidays"), strings.TrimSpace(strings.Replace(mwSeed["Holidays"], "two weeks", "three weeks", 1)))},
		{"search", "the search results (MediaWiki's own index)", mwSearch, wpCheckedInRun},
		{"delete_page", "logging (the deletion's reason)", mwDelete, want("SELECT comment_text FROM logging JOIN comment ON comment_id = log_comment_id WHERE log_type = 'delete' AND log_title = 'Sandbox'", "Spam")},
		{"create_page", "text.old_text of Harbour_events' latest revision", mwCreatePage, want(latest("Harbour_events"), "The regatta is on Saturday.")},
		{"move_page", "page (Holiday_policy)", mwMovePage, want("SELECT count(*) FROM page WHERE page_namespace = 0 AND page_title = 'Holiday_policy'", "1")},
		{"user_rights", "user_groups of Jdoe", mwUserRights, want("SELECT group_concat(ug_group) FROM user_groups JOIN user ON user_id = ug_user WHERE user_name = 'Jdoe'", "sysop")},
		{"undo_edit", "text.old_text of Opening_hours' latest revision", mwUndoEdit, mwWantText(db, latest("Opening_hours"), []string{strings.TrimSpace(mwOpeningHours)}, "cake")},
		{"append_sentence", "text.old_text of Holiday_policy's latest revision", mwAppendSentence, mwWantText(db, latest("Holiday_policy"), []string{"Our holiday policy.", "three weeks in summer", "one week in winter.", mwAppended})},
		{"watch_page", "watchlist (Admin, Harbour_map)", mwWatchPage, want("SELECT count(*) FROM watchlist JOIN user ON user_id = wl_user WHERE user_name = 'Admin' AND wl_namespace = 0 AND wl_title = 'Harbour_map'", "1")},
		{"protect_page", "page_restrictions of Holiday_policy (edit: sysop, expiring)", mwProtectPage, want("SELECT pr_level || ' ' || (pr_expiry <> 'infinity') FROM page_restrictions JOIN page ON page_id = pr_page WHERE page_title = 'Holiday_policy' AND pr_type = 'edit'", "sysop 1")},
		{"restore_page", "page (Sandbox exists again)", mwRestorePage, want("SELECT count(*) FROM page WHERE page_namespace = 0 AND page_title = 'Sandbox'", "1")},
		{"block_user", "ipblocks of Jdoe (an expiry, the reason)", mwBlockUser, want("SELECT (ipb_expiry <> 'infinity') || ' ' || comment_text FROM ipblocks JOIN comment ON comment_id = ipb_reason_id WHERE ipb_address = 'Jdoe'", "1 Repeated vandalism")},
		{"skin", "user_properties.skin of Admin", mwSkin, want("SELECT up_value FROM user_properties JOIN user ON user_id = up_user WHERE user_name = 'Admin' AND up_property = 'skin'", "monobook")},
		{"language", "user_properties.language of Admin", mwLanguage, want("SELECT up_value FROM user_properties JOIN user ON user_id = up_user WHERE user_name = 'Admin' AND up_property = 'language'", "de")},
	}
}

// TestMediaWiki runs Debian's MediaWiki 1.39 (with its WikiEditor) over
// SQLite with PHP's built-in server, installed non-interactively by its own
// install.php, and does a wiki administrator's tasks through `pling
// serve`: sign in; change two words in one section of a page (the edit
// box shows the section's source; typing replaces that part); search;
// delete a page with a reason chosen in an OOUI dropdown; add a user to a
// group in the user-rights form (a form laid out in tables); change the
// skin (OOUI radio options) and the interface language (a dropdown of
// some 400 options, one choose_language(value)); undo an edit from the
// page's history; add a sentence at the end of a whole page (append: the
// edit box holds the page); watch a page with Vector's star; protect a
// page (OOUI dropdowns for the level and the expiry); restore a deleted
// page; block a user (a user field whose suggestions come as it is typed,
// the Expiration and Reason fields). Every outcome is checked in the
// wiki's database.
func TestMediaWiki(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	for _, p := range []string{mwRoot + "/index.php", mwInstall, phpBin} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("the MediaWiki corpus needs Debian's mediawiki and php-sqlite3 packages (make wordpress): %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 6*time.Minute)
	defer cancel()
	dir := t.TempDir()
	site, stop, err := startMediaWiki(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "mediawiki", mwTasks(filepath.Join(dir, "data", "wiki.sqlite")), mwKnownFailing)
}

// startMediaWiki installs a wiki in dir (its settings, its SQLite
// database, PHP's sessions), seeds its pages and a second user, and
// serves it on a free loopback port; stop ends the server.
func startMediaWiki(ctx context.Context, dir string) (*wpSite, func(), error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	base := "http://" + addr
	conf := filepath.Join(dir, "LocalSettings.php")
	env := append(os.Environ(), "MW_CONFIG_FILE="+conf)
	for _, d := range []string{"data", "sessions"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return nil, nil, err
		}
	}
	run := func(stdin string, args ...string) error {
		cmd := exec.CommandContext(ctx, phpBin, args...)
		cmd.Env, cmd.Dir = env, mwRoot
		cmd.Stdin = strings.NewReader(stdin)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("php %s: %w: %s", filepath.Base(args[0]), err, clip(out.String(), 600))
		}
		return nil
	}
	if err := run("", mwInstall, "--dbtype", "sqlite", "--dbpath", filepath.Join(dir, "data"), "--dbname", "wiki",
		"--server", base, "--scriptpath", "", "--lang", "en", "--pass", mwPass, "--confpath", dir, "Test Wiki", mwAdmin); err != nil {
		return nil, nil, err
	}
	// The editor a person edits with (WikiEditor's toolbar), as Debian's
	// package ships it.
	f, err := os.OpenFile(conf, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return nil, nil, err
	}
	_, err = f.WriteString("\nwfLoadExtension( 'WikiEditor' );\n$wgDefaultUserOptions['usebetatoolbar'] = 1;\n$wgCacheDirectory = " + phpQuote(filepath.Join(dir, "cache")) + ";\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, nil, err
	}
	for title, text := range mwSeed {
		if err := run(text, "maintenance/edit.php", "-u", mwAdmin, "-s", "seed", title); err != nil {
			return nil, nil, err
		}
	}
	if err := run("", "maintenance/createAndPromote.php", "Jdoe", "Secretpass987!"); err != nil {
		return nil, nil, err
	}
	// a page whose last edit (Jdoe's) is to be undone
	for _, e := range mwSeedEdits {
		if err := run(e.text, "maintenance/edit.php", "-u", e.user, "-s", e.summary, e.title); err != nil {
			return nil, nil, err
		}
	}
	logPath := filepath.Join(dir, "php.log")
	cmd := exec.Command(phpBin, "-d", "display_errors=0", "-d", "session.save_path="+filepath.Join(dir, "sessions"), "-S", addr, "-t", mwRoot)
	cmd.Env, cmd.Dir = env, mwRoot
	stop, err := serveProcess(ctx, cmd, logPath, base+"/index.php/Main_Page", "php -S for MediaWiki")
	if err != nil {
		return nil, nil, err
	}
	return &wpSite{Base: base, phpLog: logPath}, stop, nil
}

// phpQuote is s as a PHP string literal.
func phpQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// mwQuery is the first column of the rows sql answers in the wiki's SQLite
// database, one per line, read with PHP's PDO (php-sqlite3, which the wiki
// itself needs).
func mwQuery(ctx context.Context, db, sql string) (string, error) {
	const prog = `$d = new PDO('sqlite:' . $argv[1]); $q = $d->query($argv[2]); if (!$q) { fwrite(STDERR, implode(' ', $d->errorInfo())); exit(1); } foreach ($q->fetchAll(PDO::FETCH_NUM) as $r) echo $r[0], "\n";`
	cmd := exec.CommandContext(ctx, phpBin, "-r", prog, "--", db, sql)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("sqlite %q: %w: %s", clip(sql, 80), err, clip(errb.String(), 300))
	}
	return strings.TrimRight(out.String(), "\n"), nil
}

// mwSignIn: the login form's user name and password, then Log in; the
// receipt says navigated and the personal tools offer Log out.
func mwSignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Special:UserLogin")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^user ?name`, mwAdmin}, {`(?i)^password`, mwPass}}); err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^log_in`)
	if err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("log in: the receipt does not say navigated: %s", firstLine(r.Text))
	}
	if _, _, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"log out"$`); err != nil {
		return fmt.Errorf("signed in, but: %w", err)
	}
	return nil
}

// mwEditSection: the Summer section's edit link on the page, then "two
// weeks" replaced by "three weeks" in the edit box (which shows the
// section's source), Save changes.
func mwEditSection(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Holidays")
	if err != nil {
		return err
	}
	// (a link of its own, or a member of the page's folded link list)
	var args map[string]any
	link, err := wpPick(ctx, s, obs, "link", `(?i)^edit_summer\b`, false)
	if err != nil {
		if link, args, err = pickLink(ctx, s, obs, `(?i)^"edit summer"$`); err != nil {
			return err
		}
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)wikitext|text area`, false)
	if err != nil {
		return err
	}
	if box.Value == nil || !strings.Contains(box.Value.Head+box.Value.Tail, "two weeks") {
		return fmt.Errorf("the edit box does not show the section's text: %+v", box.Value)
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"replace": "two weeks", "text": "three weeks"}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)your edit was saved`)
}

// mwSearch: the search box, "three weeks" and Enter; a result record holds
// the page.
func mwSearch(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Main_Page")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)search`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": "three weeks", "submit": true})
	if err != nil {
		return err
	}
	_, err = wpFind(ctx, s, r.Body.Observation, "Holidays")
	return err
}

// mwDelete: the delete form of Sandbox, its Reason dropdown (typing opens
// its menu), Spam, Delete page.
func mwDelete(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Sandbox&action=delete")
	if err != nil {
		return err
	}
	reason, err := wpPick(ctx, s, obs, "type", `(?i)^reason`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, reason, "", map[string]any{"text": "Spam"})
	if err != nil {
		return err
	}
	spam, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^spam\b`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, spam, "", nil); err != nil {
		return err
	}
	if w := r.Body.Result.Warning; w != "" {
		return fmt.Errorf("choose Spam: %s", w)
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^delete.page`); err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("delete page: the receipt does not say navigated: %s", firstLine(r.Text))
	}
	return nil
}

// mwUserRights: Jdoe's user-rights form, the administrator group's
// checkbox, a reason, Save user groups.
func mwUserRights(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Special:UserRights/Jdoe")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "click", `(?i)^administrator\b`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", nil)
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^reason`, "trusted editor"}}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, obs, `(?i)^save.user.groups`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)user groups of jdoe have been saved`)
}

// mwSkin: the preferences' Appearance tab, the MonoBook skin, Save.
func mwSkin(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Special:Preferences")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^appearance`)
	if err != nil {
		return err
	}
	radio, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^monobook\b`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, radio, "", nil); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)preferences have been saved`)
}

// mwLanguage: the preferences' Language dropdown (a key opens its menu of
// some 400 languages, folded into one choose_language(value)), Deutsch,
// Save.
func mwLanguage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Special:Preferences")
	if err != nil {
		return err
	}
	lang, err := wpPick(ctx, s, obs, "type", `(?i)^language`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, lang, "", map[string]any{"text": "d"})
	if err != nil {
		return err
	}
	choose, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^choose_language`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, choose, "", map[string]any{"value": "de - Deutsch"}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)einstellungen wurden gespeichert|preferences have been saved`)
}

// mwCreatePage: a new page's edit form (the address a red link opens),
// its text and summary, Save page.
func mwCreatePage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Harbour_events&action=edit")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)wikitext|text area`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": "The regatta is on Saturday."})
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)summary`, "New page"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, o, `(?i)^save`)
	return err
}

// mwMovePage: the page's Move (in its More menu, opened first when it is
// hidden), the new title and a reason, Move page.
func mwMovePage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Holidays")
	if err != nil {
		return err
	}
	var args map[string]any
	link, err := wpPick(ctx, s, obs, "link", `(?i)^move\b`, false)
	if err != nil {
		if link, args, err = pickLink(ctx, s, obs, `(?i)^"move"$`); err != nil {
			more, err := wpPress(ctx, s, obs, `(?i)^more\b`)
			if err != nil {
				return err
			}
			if link, args, err = pickLink(ctx, s, more.Body.Observation, `(?i)^"move"$`); err != nil {
				if link, err = wpPick(ctx, s, more.Body.Observation, "link", `(?i)^move\b`, false); err != nil {
					return err
				}
			}
		}
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)new.title|^title`, "Holiday policy"}, {`(?i)reason`, "Clearer name"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, o, `(?i)^move_page`)
	return err
}

// mwWantText checks that the text sql answers (a page's source) holds
// every one of holds and none of lacks: a generic check of a page's text
// in the wiki's database.
func mwWantText(db, sql string, holds []string, lacks ...string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		got, err := mwQuery(ctx, db, sql)
		if err != nil {
			return err
		}
		for _, h := range holds {
			if !strings.Contains(got, h) {
				return fmt.Errorf("database: the text does not hold %q: %q", h, clip(got, 300))
			}
		}
		for _, l := range lacks {
			if strings.Contains(got, l) {
				return fmt.Errorf("database: the text still holds %q: %q", l, clip(got, 300))
			}
		}
		return nil
	}
}

// mwUndoEdit: the page's history, the undo link of Jdoe's revision (the
// last), then Save changes in the edit form it opens.
func mwUndoEdit(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Opening_hours&action=history")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "Jdoe")
	if err != nil {
		return err
	}
	undo, err := wpPick(ctx, s, obs, "", `(?i)\bundo\b`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, undo, rec.ID, nil)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)your edit was saved`)
}

// mwAppendSentence: the whole page's Edit (the page's own tab), a new
// line and a sentence added at the end of its source (the edit box holds
// the page; typing must not replace it), Save changes.
func mwAppendSentence(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Holiday_policy")
	if err != nil {
		return err
	}
	edit, args, err := pickLink(ctx, s, obs, `(?i)^"edit"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, edit, "", args)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)wikitext|text area`, false)
	if err != nil {
		return err
	}
	if box.Value == nil || !strings.Contains(box.Value.Head+box.Value.Tail, "one week in winter") {
		return fmt.Errorf("the edit box does not show the page's text: %+v", box.Value)
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": "\n" + mwAppended, "append": true}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)your edit was saved`)
}

// mwWatchPage: the page's Watch star (Vector's icon-only tab), which
// watches it in place; MediaWiki says so in a notification.
func mwWatchPage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Harbour_map")
	if err != nil {
		return err
	}
	var args map[string]any
	star, err := wpPick(ctx, s, obs, "", `(?i)^watch\b|add this page to your watchlist`, false)
	if err != nil {
		if star, args, err = pickLink(ctx, s, obs, `(?i)^"watch"$`); err != nil {
			return err
		}
	}
	r, err := wpAct(ctx, s, star, "", args)
	if err != nil {
		return err
	}
	return wantFeedback(r, `(?i)added to your watchlist`)
}

// mwProtectPage: the page's protect form, the Edit level (an OOUI
// dropdown that shows its value: typing opens its menu) set to
// administrators, an expiry of a week from its options, a reason,
// Confirm.
func mwProtectPage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Holiday_policy&action=protect")
	if err != nil {
		return err
	}
	// (the level's dropdown has no label of its own: it is named by the
	// legend of its fieldset, "Edit")
	level, err := wpPick(ctx, s, obs, "type", `(?i)^edit(_dropdown)?( |$)`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, level, "", map[string]any{"text": "Allow only administrators"})
	if err != nil {
		return err
	}
	admins, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^allow_only_administrators\b`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, admins, "", nil); err != nil {
		return err
	}
	if r, err = mwChoose(ctx, s, r.Body.Observation, `(?i)^expires\b`, "1 week"); err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)other.additional.reason`, "Edit warring"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, o, `(?i)^confirm\b`)
	return err
}

// mwChoose sets an OOUI dropdown (a combobox that shows its value) like
// re to option: typing opens its menu, whose options are either actions
// of their own or one folded choose_…(value).
func mwChoose(ctx context.Context, s *session, obs *observation, re, option string) (result, error) {
	box, err := wpPick(ctx, s, obs, "type", re, false)
	if err != nil {
		return result{}, err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": option})
	if err != nil {
		return r, err
	}
	if one, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^`+regexp.QuoteMeta(slugName(option))+`\b`, false); err == nil {
		return wpAct(ctx, s, one, "", nil)
	}
	folded, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^choose_`, false)
	if err != nil {
		return r, err
	}
	return wpAct(ctx, s, folded, "", map[string]any{"value": option})
}

// slugName is a label as an action name spells it ("1 week": 1_week).
func slugName(label string) string {
	return strings.Join(strings.Fields(strings.ToLower(label)), "_")
}

// mwRestorePage: Special:Undelete for the page delete_page deleted, a
// reason, Undelete (every revision, as none is ticked).
func mwRestorePage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Special:Undelete/Sandbox")
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, obs, []wpField{{`(?i)^reason`, "Deleted by mistake"}})
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, o, `(?i)^undelete\b`)
	if err != nil {
		return err
	}
	// (MediaWiki says so in the page's text, not in a notice: the agent
	// reads the region whose prose the observation says is unread)
	return wantProse(ctx, s, r, "main", `(?i)has been (restored|undeleted)`)
}

// wantProse checks that the feedback after an act, or else the text of
// the region (its unread prose), says something like re: what an agent
// does when a page answers in plain text rather than in a notice.
func wantProse(ctx context.Context, s *session, r result, region, re string) error {
	if wantFeedback(r, re) == nil {
		return nil
	}
	read, err := s.call(ctx, "observe", map[string]any{"read": map[string]any{"region": region}})
	if err != nil {
		return err
	}
	if read.IsError || !regexp.MustCompile(re).MatchString(read.Text) {
		return fmt.Errorf("neither the feedback nor region %s says %s: %s", region, re, clip(read.Text, 300))
	}
	return nil
}

// mwBlockUser: Special:Block, the user field (an OOUI combobox whose
// suggestions come as the name is typed: Jdoe chosen among them), the
// Expiration (a dropdown of durations: 1 week), a reason in the Reason
// field's text box, Block this user.
func mwBlockUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Special:Block")
	if err != nil {
		return err
	}
	user, err := wpPick(ctx, s, obs, "type", `(?i)user ?name`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, user, "", map[string]any{"text": "Jdo"})
	if err != nil {
		return err
	}
	jdoe, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^jdoe\b`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, jdoe, "", nil); err != nil {
		return err
	}
	// the form's sections are headed Expiration: and Reason:, as a person
	// reads them
	if r, err = mwChoose(ctx, s, r.Body.Observation, `(?i)expiration`, "1 week"); err != nil {
		return err
	}
	// (the Reason fieldset's text box, beside its list of reasons,
	// reason_dropdown)
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^reason( |$)`, "Repeated vandalism"}})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, o, `(?i)^block_this_user`); err != nil {
		return err
	}
	return wantProse(ctx, s, r, "main", `(?i)has been blocked`)
}

// pickRowAction finds the row action of kind ("" for any) like re that
// acts on record rec (its rows include rec): a list's rows fold their
// like controls into several actions (open, open_2), each for some rows.
func pickRowAction(ctx context.Context, s *session, obs *observation, kind, re, rec string) (*action, error) {
	rx := regexp.MustCompile(re)
	return pickWhere(ctx, s, obs, func(a *action) bool {
		return a.RecordParam && (kind == "" || a.Kind == kind) && rx.MatchString(a.Name+" "+a.Description) &&
			(len(a.SampleIDs) == 0 || slices.Contains(a.SampleIDs, rec))
	}, fmt.Sprintf("%s row action like %s for %s", kind, re, rec))
}

// actConfirmedWith is actConfirmed for an action that takes arguments
// (one link of a folded link list): without confirm the receipt must say
// CONFIRMATION_REQUIRED, then the same act with confirm: true must be ok.
func actConfirmedWith(ctx context.Context, s *session, a *action, args map[string]any) (result, error) {
	r, err := wpAct(ctx, s, a, "", args)
	if err != nil {
		return r, err
	}
	if !strings.HasPrefix(r.Body.Result.Warning, "CONFIRMATION_REQUIRED") {
		return r, fmt.Errorf("%s without confirm: warning %q, want CONFIRMATION_REQUIRED", a.Name, r.Body.Result.Warning)
	}
	if r, err = s.call(ctx, "act", map[string]any{"action": a.Name, "args": args, "confirm": true}); err != nil {
		return r, err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK {
		return r, fmt.Errorf("%s with confirm: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// actNoticed is wpAct for a step whose receipt an agent must be able to
// trust: a receipt that says the act did nothing (EXPECTATION_FAILED) is a
// failure, as a model reading it would stop or try again (and a checkbox
// pressed again is unticked).
func actNoticed(ctx context.Context, s *session, a *action, rec string, args map[string]any) (result, error) {
	r, err := wpAct(ctx, s, a, rec, args)
	if err != nil {
		return r, err
	}
	if w := r.Body.Result.Warning; strings.HasPrefix(w, "EXPECTATION_FAILED") {
		return r, fmt.Errorf("act %s %s: the receipt says %s", a.Name, rec, clip(w, 160))
	}
	return r, nil
}
