package realworld

import (
	"context"
	"testing"
)

// dwPWScripts are dwTasks' scripts for Playwright MCP's agent (the
// gallery's pwAgent: elements by their accessible name in Playwright's
// snapshot). Without a way to change a part of a field's text, its agent
// types the Summer section's whole source, as a person replacing it
// would; the edit box has no name in its snapshot, so it types into the
// focused unnamed text box (the edit summary's name says "edit" too).
func dwPWScripts() map[string][]step {
	return map[string][]step{
		"sign_in": {{op: opOpen, path: "/doku.php?id=start&do=login"},
			{op: opType, target: `(?i)^"user ?name`, text: dwAdmin},
			{op: opType, target: `(?i)^"password`, text: dwPass},
			{op: opPress, target: `(?i)^"log in"`, role: "button"}},
		"edit_section": {{op: opOpen, path: "/doku.php?id=holidays"},
			{op: opPress, target: `(?i)^"edit"`, role: "button"}, // the first section's: Summer
			{op: opType, target: `(?i)^"wiki ?text"`, text: "===== Summer =====\nEveryone gets three weeks in summer.\n"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"new_page": {{op: opOpen, path: "/doku.php?id=meeting_notes&do=edit"},
			{op: opType, target: `(?i)^"wiki ?text"`, text: "====== Meeting notes ======\nBoats are moored by noon.\n"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"add_user": {{op: opOpen, path: "/doku.php?id=start&do=admin&page=usermanager"},
			{op: opType, target: `(?i)^"user:?"$`, text: "jdoe"},
			{op: opType, target: `(?i)^"password:?"$`, text: "Tide-Table-42"},
			{op: opType, target: `(?i)^"once again:?"$`, text: "Tide-Table-42"},
			{op: opType, target: `(?i)^"real name:?"$`, text: "Jane Doe"},
			{op: opType, target: `(?i)^"e-?mail:?"$`, text: "jane@example.com"},
			{op: opType, target: `(?i)^"groups:?"$`, text: "user"},
			{op: opPress, target: `(?i)^"add"$`, role: "button"}},
		"delete_user": {{op: opOpen, path: "/doku.php?id=start&do=admin&page=usermanager"},
			{op: opPress, target: `.`, record: "jdoe", role: "checkbox"},
			{op: opAccept, target: `(?i)^"delete selected"`, role: "button"}},
		"restore_revision": {{op: opOpen, path: "/doku.php?id=holidays"},
			{op: opPress, target: `(?i)^"old revisions`, role: "link"}, // ("Old revisions [o]": its access key)
			// (the first revision's own link: the page's name in its row)
			{op: opPress, target: `(?i)^"holidays"$`, record: "created", role: "link"},
			{op: opAccept, target: `(?i)^"restore`, role: "link"}},
		"wiki_title": {{op: opOpen, path: "/doku.php?id=start&do=admin&page=config"},
			{op: opType, target: `(?i)^"wiki title`, text: dwNewTitle},
			{op: opPress, target: `(?i)^"save"$`, role: "button"}},
		"user_groups": {{op: opOpen, path: "/doku.php?id=start&do=admin&page=usermanager"},
			// (the user's name in the row is the link that edits the user; the
			// Edit user form's "Groups:" comes after the Add user form's, and
			// the agent, by name, types into the first: it cannot tell them
			// apart, and types the whole value, having no way to add to it)
			{op: opPress, target: `(?i)^"mshore"$`, record: "mshore", role: "link"},
			{op: opType, target: `(?i)^"groups:?"$`, text: "user,editors"},
			{op: opPress, target: `(?i)^"save changes"`, role: "button"}},
		"acl_rule": {{op: opOpen, path: "/doku.php?id=start&do=admin&page=acl"},
			{op: opPress, target: `(?i)^"holidays"$`, role: "link"},
			// (the "Permissions for" line's text box has no name: the one on
			// the line that says so)
			{op: opType, record: "Permissions for", text: "editors"},
			{op: opPress, target: `(?i)^"select"$`, role: "button"},
			{op: opPress, target: `(?i)^"edit"`, role: "radio"},
			{op: opPress, target: `(?i)^"save"$`, role: "button"}},
		"subscribe": {{op: opOpen, path: "/doku.php?id=holidays"},
			{op: opPress, target: `(?i)^"manage subscriptions"`, role: "link"},
			{op: opPress, target: `(?i)^"digest`, role: "radio"},
			{op: opPress, target: `(?i)^"subscribe"$`, role: "button"}},
	}
}

// BenchmarkDokuWikiTasksBesidePlaywright runs TestDokuWiki's tasks
// through Playwright MCP 0.0.83 against a fresh wiki, each outcome
// checked in its files with TestDokuWiki's checks, and prints each task's
// pass, calls and cl100k tokens; the totals are its metrics. Pling's
// figures are TestDokuWiki's. docs/REALWORLD.md, "DokuWiki". Run: go test
// -run '^$' -bench BenchmarkDokuWikiTasksBesidePlaywright -benchtime 1x -v
// ./e2e/realworld (part of `make bench`).
func BenchmarkDokuWikiTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := dwPlaywrightRun(ctx, b)
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "dokuwiki", outs)
	}
}

// dwPlaywrightRun starts a fresh wiki and runs the tasks through
// Playwright MCP in one browser session.
func dwPlaywrightRun(ctx context.Context, b *testing.B) ([]wpOutcome, error) {
	dir := b.TempDir()
	site, stop, err := startDokuWiki(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer stop()
	return pwSuite(ctx, b, site, "dokuwiki", dwTasks(dir), dwPWScripts())
}
