package realworld

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Debian's dokuwiki package: its code in dwRoot, its settings in dwConf
// and its pages in dwData, which the test copies and never writes.
const (
	dwRoot = "/usr/share/dokuwiki"
	dwConf = "/etc/dokuwiki"
	dwData = "/var/lib/dokuwiki/data"
)

// The wiki's administrator, as the test makes it.
const (
	dwAdmin = "keeper"
	dwPass  = "Harbour-Lights-7"
)

// dwKnownFailing lists the DokuWiki tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var dwKnownFailing = map[string]string{}

// dwSeed are the pages the tasks work on, as DokuWiki stores them.
var dwSeed = map[string]string{
	"holidays": "====== Holidays ======\n\n===== Summer =====\nEveryone gets two weeks in summer.\n\n===== Winter =====\nThe office closes for two weeks in winter.\n",
}

// dwTasks are a wiki keeper's tasks, each checked in the wiki's own
// files (its pages and its user list). They run in one browser session:
// the first signs in.
func dwTasks(dir string) []wpTask {
	page := func(id string) string { return filepath.Join(dir, "data", "pages", id+".txt") }
	return []wpTask{
		{"sign_in", "the session (the page's Log Out)", dwSignIn, wpCheckedInRun},
		{"edit_section", "data/pages/holidays.txt", dwEditSection, dwWantFile(page("holidays"), "Everyone gets three weeks in summer.", "The office closes for two weeks in winter.")},
		{"new_page", "data/pages/meeting_notes.txt", dwNewPage, dwWantFile(page("meeting_notes"), "Boats are moored by noon.")},
		{"add_user", "conf/users.auth.php", dwAddUser, dwWantFile(filepath.Join(dir, "conf", "users.auth.php"), "jdoe:", ":Jane Doe:jane@example.com:user")},
		{"delete_user", "conf/users.auth.php (jdoe gone)", dwDeleteUser, dwWantNoUser(filepath.Join(dir, "conf", "users.auth.php"), "jdoe")},
		{"restore_revision", "data/pages/holidays.txt (the first revision's text again)", dwRestoreRevision, dwWantFile(page("holidays"), "Everyone gets two weeks in summer.")},
		{"wiki_title", "conf/local.php ($conf['title'])", dwWikiTitle, dwWantFile(filepath.Join(dir, "conf", "local.php"), "$conf['title'] = '"+dwNewTitle+"';")},
		{"user_groups", "conf/users.auth.php (mshore's groups)", dwUserGroups, dwWantFile(filepath.Join(dir, "conf", "users.auth.php"), ":Mary Shore:mary@example.com:user,editors\n")},
		{"acl_rule", "conf/acl.auth.php (holidays @editors 2)", dwACLRule, dwWantFile(filepath.Join(dir, "conf", "acl.auth.php"), "holidays\t@editors\t2")},
		{"subscribe", "data/meta/holidays.mlist (keeper digest)", dwSubscribe, dwWantFile(filepath.Join(dir, "data", "meta", "holidays.mlist"), dwAdmin+" digest ")},
	}
}

// TestDokuWiki runs Debian's DokuWiki with PHP's built-in server over a
// copy of its settings and an empty data folder in the test's temporary
// directory, and does a wiki keeper's tasks through `pling serve`: sign
// in, change a sentence in one section, write a new page, add and delete
// a user in the user manager, restore an old revision (Restore asks
// confirm()), change the wiki's title in the Configuration Manager (a form
// of some 300 settings), add a group to a user (the user manager's Edit),
// add an ACL rule (a namespace tree and a form loaded by AJAX) and
// subscribe to a page. Every outcome is checked in the wiki's files.
func TestDokuWiki(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	for _, p := range []string{dwRoot + "/doku.php", dwConf + "/dokuwiki.php", phpBin} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("the DokuWiki corpus needs Debian's dokuwiki package (make wordpress): %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	site, stop, err := startDokuWiki(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "dokuwiki", dwTasks(dir), dwKnownFailing)
}

// startDokuWiki copies Debian's settings into dir/conf (with the test's
// title, superuser and data folder, and its administrator in
// users.auth.php), makes dir/data with the package's empty folders and
// the seeded pages, and serves the wiki on a free loopback port through a
// router that points DokuWiki at dir/conf; stop ends the server.
func startDokuWiki(ctx context.Context, dir string) (*wpSite, func(), error) {
	conf, data := filepath.Join(dir, "conf"), filepath.Join(dir, "data")
	if err := copyTree(dwConf, conf); err != nil {
		return nil, nil, err
	}
	// the package's data folders, empty (its own pages stay where they are)
	if err := filepath.WalkDir(dwData, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dwData, p)
		return os.MkdirAll(filepath.Join(data, rel), 0o755)
	}); err != nil {
		return nil, nil, err
	}
	for id, text := range dwSeed {
		if err := os.WriteFile(filepath.Join(data, "pages", id+".txt"), []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	hash, err := exec.CommandContext(ctx, phpBin, "-r", "echo password_hash('"+dwPass+"', PASSWORD_BCRYPT);").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("hash the administrator's password: %w", err)
	}
	users := "# users.auth.php (the test's)\n" + dwAdmin + ":" + string(hash) + ":Wiki Keeper:keeper@example.com:admin,user\n" +
		"mshore:" + string(hash) + ":Mary Shore:mary@example.com:user\n"
	local := "<?php\n$conf['title'] = 'Harbour Wiki';\n$conf['useacl'] = 1;\n$conf['superuser'] = '@admin';\n" +
		"$conf['savedir'] = " + phpQuote(data) + ";\n$conf['updatecheck'] = 0;\n$conf['breadcrumbs'] = 0;\n$conf['subscribers'] = 1;\n"
	acl := "# acl.auth.php (the test's)\n*\t@ALL\t1\n*\t@user\t8\n"
	for name, text := range map[string]string{"users.auth.php": users, "local.php": local, "acl.auth.php": acl} {
		if err := os.WriteFile(filepath.Join(conf, name), []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	router := "<?php\n$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);\n" +
		"if ($path === '/' || $path === '') { $path = '/doku.php'; }\n" +
		"$file = " + phpQuote(dwRoot) + " . $path;\n" +
		"if (substr($path, -4) !== '.php' || !is_file($file)) { return false; }\n" +
		"define('DOKU_CONF', " + phpQuote(conf+"/") + ");\n" +
		"$_SERVER['SCRIPT_NAME'] = $path; $_SERVER['PHP_SELF'] = $path; $_SERVER['SCRIPT_FILENAME'] = $file;\n" +
		"chdir(dirname($file));\nrequire $file;\n"
	routerPath := filepath.Join(dir, "router.php")
	if err := os.WriteFile(routerPath, []byte(router), 0o644); err != nil {
		return nil, nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	logPath := filepath.Join(dir, "php.log")
	sessions := filepath.Join(dir, "sessions")
	if err := os.MkdirAll(sessions, 0o755); err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(phpBin, "-d", "display_errors=0", "-d", "session.save_path="+sessions, "-S", addr, "-t", dwRoot, routerPath)
	cmd.Dir = dwRoot
	base := "http://" + addr
	stop, err := serveProcess(ctx, cmd, logPath, base+"/doku.php?id=holidays", "php -S for DokuWiki")
	if err != nil {
		return nil, nil, err
	}
	return &wpSite{Base: base, phpLog: logPath}, stop, nil
}

// copyTree copies the regular files under from (following links) into to.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, raw, 0o644)
	})
}

// dwWantFile checks that the file holds every one of wants.
func dwWantFile(path string, wants ...string) func(context.Context, *wpSite) error {
	return func(context.Context, *wpSite) error {
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, want := range wants {
			if !strings.Contains(string(raw), want) {
				return fmt.Errorf("%s does not hold %q: %s", filepath.Base(path), want, clip(string(raw), 400))
			}
		}
		return nil
	}
}

// dwSignIn: the login screen's user name and password, then Log In; the
// receipt must say navigated and the page offer Log Out.
func dwSignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=login")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^user ?name`, dwAdmin}, {`(?i)^password`, dwPass}}); err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^log_?in`)
	if err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("log in: the receipt does not say navigated: %s", firstLine(r.Text))
	}
	_, _, err = pickLink(ctx, s, r.Body.Observation, `(?i)^"log out"$`)
	return err
}

// dwEditSection: the Holidays page, its Summer section's edit button, a
// part of the section's source replaced, Save.
func dwEditSection(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=holidays")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^edit_summer`)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)wiki|text|edit`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": "three weeks", "replace": "two weeks"}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`)
	return err
}

// dwNewPage: a page that does not exist yet, opened to be written (the
// address a person types), its text, Save.
func dwNewPage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=meeting_notes&do=edit")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)wiki|text|edit`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": "====== Meeting notes ======\nBoats are moored by noon.\n"})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`)
	return err
}

// dwAddUser: the user manager, the new user's fields, Add; DokuWiki's
// "User added" must be reported.
func dwAddUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=usermanager")
	if err != nil {
		return err
	}
	obs, err = wpTypeFields(ctx, s, obs, []wpField{
		{`(?i)^user( |$)`, "jdoe"},
		{`(?i)^password( |$)`, "Tide-Table-42"},
		{`(?i)^once_again( |$)`, "Tide-Table-42"},
		{`(?i)^real_name( |$)`, "Jane Doe"},
		{`(?i)^e_?mail( |$)`, "jane@example.com"},
		{`(?i)^groups( |$)`, "user"},
	})
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^add( |$)`)
	if err != nil {
		return err
	}
	return wantFeedback(r, `(?i)user .*added`)
}

// dwDeleteUser: the user manager, the row of the user add_user added,
// its checkbox, Delete Selected.
func dwDeleteUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=usermanager")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "jdoe")
	if err != nil {
		return err
	}
	tick, err := wpPick(ctx, s, obs, "", `(?i)toggle|select|delete|check`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, tick, rec.ID, nil)
	if err != nil {
		return err
	}
	del, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^delete`, false)
	if err != nil {
		return err
	}
	// DokuWiki asks confirm()
	if r, err = actConfirmed(ctx, s, del); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)deleted`)
}

// dwWantNoUser checks that the user file no longer lists user.
func dwWantNoUser(path, user string) func(context.Context, *wpSite) error {
	return func(context.Context, *wpSite) error {
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, user+":") {
				return fmt.Errorf("%s still lists %s", filepath.Base(path), user)
			}
		}
		return nil
	}
}

// What the newer tasks write.
const dwNewTitle = "Harbour Town Wiki"

// dwRestoreRevision: the page's Old revisions (its page tool), the first
// revision's own link in its row, then the Restore page tool, which asks
// confirm().
func dwRestoreRevision(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=holidays")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"old revisions"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	// (the page's first revision: DokuWiki calls it "created")
	rec, err := wpFind(ctx, s, r.Body.Observation, "created")
	if err != nil {
		return err
	}
	open, err := pickRowAction(ctx, s, r.Body.Observation, "link", `(?i)^open|holidays`, rec.ID)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, open, rec.ID, nil); err != nil {
		return err
	}
	restore, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"restore"$`)
	if err != nil {
		return err
	}
	if r, err = actConfirmedWith(ctx, s, restore, args); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)old revision restored`)
}

// dwWikiTitle: the Configuration Manager (a form of some 300 settings,
// one row each), the row of "Wiki title", its field, Save.
func dwWikiTitle(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=config")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "Wiki title")
	if err != nil {
		return err
	}
	field, err := pickRowAction(ctx, s, obs, "type", `.`, rec.ID)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, field, rec.ID, map[string]any{"text": dwNewTitle})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save\b`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)settings updated`)
}

// dwUserGroups: the user manager, Edit on Mary Shore's row, ",editors"
// added at the end of the edit form's Groups (which holds "user"), Save
// Changes.
func dwUserGroups(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=usermanager")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "mshore")
	if err != nil {
		return err
	}
	edit, err := pickRowAction(ctx, s, obs, "", `(?i)\bedit\b`, rec.ID)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, edit, rec.ID, nil)
	if err != nil {
		return err
	}
	groups, err := pickWhere(ctx, s, r.Body.Observation, func(a *action) bool {
		return a.Kind == "type" && regexp.MustCompile(`(?i)group`).MatchString(a.Name+" "+a.Description) && a.Value != nil && a.Value.Head == "user"
	}, "the edit form's Groups (holding user)")
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, groups, "", map[string]any{"text": ",editors", "append": true}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)user updated`)
}

// dwACLRule: Access Control List Management, the page holidays in its
// namespace tree, "Group:" and editors in the "Permissions for" line,
// Select (the new entry's form comes by AJAX), its Edit permission, Save.
func dwACLRule(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=acl")
	if err != nil {
		return err
	}
	node, err := wpFind(ctx, s, obs, "holidays")
	if err != nil {
		return err
	}
	open, err := pickRowAction(ctx, s, obs, "link", `.`, node.ID)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, open, node.ID, nil)
	if err != nil {
		return err
	}
	// (the "Permissions for" line: a select of Group:/User: and a text box)
	who, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^acl\b|permissions.for|group|user`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, who, "", map[string]any{"text": "editors"}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^select\b|press "select"`); err != nil {
		return err
	}
	edit, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^edit\b`, false)
	if err != nil {
		return err
	}
	if r, err = actNoticed(ctx, s, edit, "", nil); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save\b`)
	return err
}

// dwSubscribe: the page's Manage Subscriptions (a page tool), the
// digest option under Receive, Subscribe.
func dwSubscribe(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=holidays")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"manage subscriptions"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	digest, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^digest`, false)
	if err != nil {
		return err
	}
	if r, err = actNoticed(ctx, s, digest, "", nil); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^subscribe\b`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)added .* to subscription list`)
}
