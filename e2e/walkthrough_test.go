package e2e

import (
	"testing"
)

// The spec's first walkthrough: the model does not know t9's title, so it
// searches, then toggles t9 through the folded page tool.
func TestWalkthroughSearchThenToggle(t *testing.T) {
	t.Parallel()
	c, n := stdioClient(t, nil, "--url", url("/todos"))
	before := n.count("notifications/tools/list_changed")
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text,
		"## Actions (3; folded from 14 controls)",
		"@todos:\n",
		"- toggle(record): Mark the task as complete | 12 rows (t1 t2 t9 …; 9 offscreen)")
	n.waitFor(t, "notifications/tools/list_changed", before)
	names := toolNames(t, c)
	for _, want := range []string{"observe", "act", "navigate", "scroll", "add_todo", "toggle", "search"} {
		if !has(names, want) {
			t.Errorf("tool %s missing from %v", want, names)
		}
	}
	s := mustOK(t, call(t, c, "search", map[string]any{"text": "Weekly report"}))
	contains(t, s.Text, `"id":"search"`, "## Records (1, 1 with fields)", "- t9: title Send the weekly report")
	tg := mustOK(t, call(t, c, "toggle", map[string]any{"record": "t9"}))
	contains(t, tg.Text, `{"result":{"ok":true,"action":{"id":"toggle@t9"`, `"changed":["t9"]`)
	final := mustOK(t, call(t, c, "observe", map[string]any{}))
	if got := field(t, final, "t9", "done"); got != "true" {
		t.Errorf("t9 done = %q, want true", got)
	}
}

// The spec's second walkthrough: "mark the ninth task as done" — t9 is
// targeted by id from the citation index, offscreen, without its fields.
func TestWalkthroughToggleByIDOffscreen(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/todos"), "--config", "testdata/two_records.yaml")
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text, "## Records (12, 2 with fields)", "ids: t9 +9 more")
	if containsText(obs.Text, "Send the weekly report") {
		t.Fatalf("t9's fields should not be loaded yet:\n%s", obs.Text)
	}
	rev, _ := obs.Body["observation"].(map[string]any)["revision"].(string)
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t12", "expected_revision": rev}))
	contains(t, r.Text, `"id":"toggle@t12"`, `"changed":["t12"]`)
	// By action id, without a record argument.
	r = mustOK(t, call(t, c, "act", map[string]any{"action": "toggle@t9"}))
	contains(t, r.Text, `"id":"toggle@t9"`, `"changed":["t9"]`)
	// The page says so: search shows t9 with its fields.
	s := mustOK(t, call(t, c, "act", map[string]any{"action": "search", "args": map[string]any{"text": "weekly"}}))
	if got := field(t, s, "t9", "done"); got != "true" {
		t.Errorf("t9 done = %q, want true", got)
	}
	// The old revision is now stale: nothing runs.
	stale := call(t, c, "act", map[string]any{"action": "toggle", "record": "t9", "expected_revision": rev})
	if code(stale) != "STALE_REVISION" {
		t.Errorf("stale revision: %s", stale.Text)
	}
}

func containsText(s, sub string) bool {
	return len(sub) > 0 && len(s) >= len(sub) && indexOf(s, sub) >= 0
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// Continuation and scroll through the real binary: the token from a cut
// observation returns the next slice for the same revision (no scrolling),
// a token from an older revision is refused, and scroll is a discovery
// step whose receipt lists what came into view.
func TestContinuationAndScrollOverMCP(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/todos"), "--config", "testdata/two_records.yaml")
	first := mustOK(t, call(t, c, "observe", map[string]any{}))
	obs := first.Body["observation"].(map[string]any)
	tok, _ := obs["continuation"].(string)
	if tok == "" {
		t.Fatalf("no continuation token:\n%s", first.Text)
	}
	next := mustOK(t, call(t, c, "observe", map[string]any{"continuation": tok}))
	contains(t, next.Text, "records 3–4 of 12", "columns: title | done\n", "- t9: Send the weekly report | false\n")
	if containsText(next.Text, "## Actions") || containsText(next.Text, "## Page:") {
		t.Errorf("the slice repeats the first view:\n%s", next.Text)
	}
	if next.Body["observation"].(map[string]any)["revision"] != obs["revision"] {
		t.Error("a continuation slice changed the revision")
	}
	sc := mustOK(t, call(t, c, "scroll", map[string]any{"direction": "down"}))
	contains(t, sc.Text, `"id":"scroll"`, `"revealed":[`)
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t1"}))
	if r := call(t, c, "observe", map[string]any{"continuation": tok}); code(r) != "STALE_REVISION" {
		t.Errorf("old token: %s", r.Text)
	}
}
