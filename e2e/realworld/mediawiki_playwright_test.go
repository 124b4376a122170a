package realworld

import (
	"context"
	"path/filepath"
	"testing"
)

// mwPWScripts are mwTasks' scripts for Playwright MCP's agent (the
// gallery's pwAgent: elements by their accessible name in Playwright's
// snapshot). Playwright types by replacing a field's whole content, so
// the section's edit box gets the whole section with the change; the
// OOUI dropdowns are pressed open and their option pressed, as a person
// clicks them (they have no accessible name in its snapshot: the agent
// takes the one combobox the form shows).
func mwPWScripts() map[string][]step {
	return map[string][]step{
		"sign_in": {{op: opOpen, path: "/index.php?title=Special:UserLogin"},
			{op: opType, target: `(?i)^"username"`, text: mwAdmin},
			{op: opType, target: `(?i)^"password"`, text: mwPass},
			{op: opPress, target: `(?i)^"log in"`, role: "button"}},
		"edit_section": {{op: opOpen, path: "/index.php/Holidays"},
			// (its snapshot names each section's link "edit"; Summer's is the first)
			{op: opPress, target: `(?i)^"edit"$`, role: "link"},
			{op: opType, target: `(?i)wikitext`, text: "== Summer ==\nEveryone gets three weeks in summer.\n"},
			{op: opPress, target: `(?i)^"save changes"`}},
		"search": {{op: opOpen, path: "/index.php/Main_Page"},
			{op: opType, target: `(?i)^"search test wiki"`, text: "three weeks", submit: true},
			{op: opRead, text: "Holidays"}},
		"delete_page": {{op: opOpen, path: "/index.php?title=Sandbox&action=delete"},
			// (OOUI's dropdown has no name in its snapshot; it is the form's one combobox)
			{op: opPress, target: `^""$`, role: "combobox"},
			{op: opPress, target: `(?i)^"spam"`, role: "option"},
			{op: opPress, target: `(?i)^"delete page"`}},
		"create_page": {{op: opOpen, path: "/index.php?title=Harbour_events&action=edit"},
			{op: opType, target: `(?i)wikitext`, text: "The regatta is on Saturday."},
			{op: opType, target: `(?i)summary`, text: "New page"},
			{op: opPress, target: `(?i)^"save page"`}},
		"move_page": {{op: opOpen, path: "/index.php/Holidays"},
			{op: opPress, target: `(?i)^"more"`},
			{op: opPress, target: `(?i)^"move"`, role: "link"},
			// (the new title's box has no name in the snapshot: it shows the
			// page's title)
			{op: opType, target: `(?i)^"holidays"$`, text: "Holiday policy"},
			{op: opType, target: `(?i)reason`, text: "Clearer name"},
			{op: opPress, target: `(?i)^"move page"`}},
		"user_rights": {{op: opOpen, path: "/index.php/Special:UserRights/Jdoe"},
			{op: opPress, target: `(?i)^"administrator"`, role: "checkbox"},
			{op: opType, target: `(?i)^"reason:?"`, text: "trusted editor"},
			{op: opPress, target: `(?i)^"save user groups"`}},
		"skin": {{op: opOpen, path: "/index.php/Special:Preferences"},
			{op: opPress, target: `(?i)^"appearance"`, role: "tab"},
			{op: opPress, target: `(?i)^"monobook`, role: "radio"},
			{op: opPress, target: `(?i)^"save"`}},
		"undo_edit": {{op: opOpen, path: "/index.php?title=Opening_hours&action=history"},
			// (a history line is a list item, not a row: the agent takes the
			// line by its own text, Jdoe's edit summary)
			{op: opPress, target: `(?i)^"undo"$`, record: "(update)", role: "link"},
			{op: opPress, target: `(?i)^"save changes"`}},
		// (no way to add to a field's text: the agent types the page's whole
		// source with the sentence at its end, as a person replacing it would)
		"append_sentence": {{op: opOpen, path: "/index.php/Holiday_policy"},
			{op: opPress, target: `(?i)^"edit"$`, role: "link"},
			{op: opType, target: `(?i)wikitext`, text: "Our holiday policy.\n\n== Summer ==\nEveryone gets three weeks in summer.\n\n== Winter ==\nThe office closes for one week in winter.\n\n" + mwAppended},
			{op: opPress, target: `(?i)^"save changes"`}},
		"watch_page": {{op: opOpen, path: "/index.php/Harbour_map"},
			{op: opPress, target: `(?i)^"watch"$`, role: "link"}},
		"protect_page": {{op: opOpen, path: "/index.php?title=Holiday_policy&action=protect"},
			// (the level's dropdown has no name of its own: the form's first combobox)
			{op: opPress, target: `(?i)^"(allow all users)?"$`, role: "combobox"},
			{op: opPress, target: `(?i)^"allow only administrators"`, role: "option"},
			// (the expiry's dropdown has no name either: the one beside "Expires:")
			{op: opPress, target: `^""$`, record: "Expires:", role: "combobox"},
			{op: opPress, target: `(?i)^"1 week"`, role: "option"},
			{op: opType, target: `(?i)other.additional reason`, text: "Edit warring"},
			{op: opPress, target: `(?i)^"confirm"`, role: "button"}},
		"restore_page": {{op: opOpen, path: "/index.php/Special:Undelete/Sandbox"},
			{op: opType, target: `(?i)^"reason:?"`, text: "Deleted by mistake"},
			{op: opPress, target: `(?i)^"undelete"`, role: "button"},
			{op: opRead, text: "has been undeleted"}},
		"block_user": {{op: opOpen, path: "/index.php/Special:Block"},
			// (the user field has no name of its own, only its group's: the
			// form's first unnamed combobox; Playwright fills it without key
			// events, so no suggestion shows: the agent types the whole name.
			// The Expiration's dropdown, unnamed too, is the next combobox)
			{op: opType, target: `^""$`, text: "Jdoe"},
			{op: opPress, target: `^""$`, role: "combobox"},
			{op: opPress, target: `(?i)^"1 week"`, role: "option"},
			// (the Reason's text box has no name, and its group's only other
			// text box is inside the reason dropdown: the agent cannot name it)
			{op: opType, target: `(?i)reason`, text: "Repeated vandalism"},
			{op: opPress, target: `(?i)^"block this user"`, role: "button"}},
		"language": {{op: opOpen, path: "/index.php/Special:Preferences"},
			{op: opPress, target: `^""$`, role: "combobox"}, // the first tab's one dropdown, unnamed
			{op: opPress, target: `(?i)^"de - deutsch"`, role: "option"},
			{op: opPress, target: `(?i)^"save"`}},
	}
}

// BenchmarkMediaWikiTasksBesidePlaywright runs TestMediaWiki's
// tasks through Playwright MCP 0.0.83 against a freshly installed wiki,
// each outcome checked in its database with TestMediaWiki's checks, and
// prints each task's pass, calls and cl100k tokens; the totals are its
// metrics. Pling's figures are TestMediaWiki's. docs/REALWORLD.md,
// "MediaWiki". Run: go test -run '^$' -bench
// BenchmarkMediaWikiTasksBesidePlaywright -benchtime 1x -v ./e2e/realworld
// (part of `make bench`).
func BenchmarkMediaWikiTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		site, stop, err := startMediaWiki(ctx, dir)
		if err != nil {
			b.Fatal(err)
		}
		outs, err := mwPlaywrightRun(ctx, b, site, filepath.Join(dir, "data", "wiki.sqlite"))
		stop()
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "mediawiki", outs)
	}
}

// mwPlaywrightRun runs the tasks through Playwright MCP in one browser
// session.
func mwPlaywrightRun(ctx context.Context, b *testing.B, site *wpSite, db string) ([]wpOutcome, error) {
	return pwSuite(ctx, b, site, "mediawiki", mwTasks(db), mwPWScripts())
}
