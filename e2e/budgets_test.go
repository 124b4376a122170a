package e2e

import (
	"testing"
)

// maxToolResultTokens bounds the whole text of an MCP result (receipt and
// observation together, at 3 bytes per token): on a page that exceeds it,
// the cut entries are counted and sit behind the continuation, which
// returns them for the same revision. The first result of a session
// carries the reading guide, the next ones do not.
func TestToolResultBound(t *testing.T) {
	t.Parallel()
	cfg := writeConfig(t, "observation:\n  maxToolResultTokens: 500\n")
	c, _ := stdioClient(t, nil, "--url", url("/generated/admin?links=60&rows=300"), "--config", cfg)
	const limit = 500 * 3
	first := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, first.Text, "Read once: act with")
	for i, r := range []result{first, mustOK(t, call(t, c, "act", map[string]any{"action": "edit", "record": "o2"}))} {
		if len(r.Text) > limit {
			t.Errorf("result %d: %d bytes of text, bound %d:\n%s", i, len(r.Text), limit, r.Text)
		}
		obs := r.Body["observation"].(map[string]any)
		omitted := obs["omitted"].(map[string]any)
		if obs["continuation"] == "" || omitted["records"].(float64) < 280 {
			t.Errorf("result %d: cut without a continuation or count: %v", i, omitted)
		}
		if i == 1 && containsText(r.Text, "Read once:") {
			t.Error("the guide was repeated in the second result")
		}
	}
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	o := obs.Body["observation"].(map[string]any)
	tok, _ := o["continuation"].(string)
	shown := len(o["actions"].([]any))
	next := mustOK(t, call(t, c, "observe", map[string]any{"continuation": tok}))
	n := next.Body["observation"].(map[string]any)
	if n["revision"] != o["revision"] || len(next.Text) > limit {
		t.Errorf("continuation: revision %v (first %v), %d bytes", n["revision"], o["revision"], len(next.Text))
	}
	if o["omitted"].(map[string]any)["actions"].(float64) > 0 && len(n["actions"].([]any)) == 0 {
		t.Errorf("the %d actions cut after the first %d are not in the next slice", int(o["omitted"].(map[string]any)["actions"].(float64)), shown)
	}
}

// A long menu is one entry over MCP too: act runs a link of it by name
// through args.link, and the published page tool takes link with the names
// as its enum.
func TestFoldedLinksOverMCP(t *testing.T) {
	t.Parallel()
	c, n := stdioClient(t, nil, "--url", url("/generated/admin?links=60&rows=30"))
	before := n.count("notifications/tools/list_changed")
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text, "- open_main_nav(link) @main-nav: Open one of the 60 links of \"Main\"")
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "open_main_nav", "args": map[string]any{"link": "Billing (2)"}}))
	contains(t, r.Text, `"id":"open_main_nav:Billing (2)"`)
	n.waitFor(t, "notifications/tools/list_changed", before)
	r = mustOK(t, call(t, c, "open_main_nav", map[string]any{"link": "Orders"}))
	contains(t, r.Text, `"id":"open_main_nav:Orders"`)
	if bad := call(t, c, "open_main_nav", map[string]any{"link": "Nowhere"}); code(bad) != "INVALID_ARGUMENT" {
		t.Errorf("a link name outside the enum: %s", bad.Text)
	}
}

// Issue 19 over MCP: a continuation slice of a long table brings only
// rows (never the page header, regions or actions again), and
// observe {find} returns the row holding some words, with its fields, in
// one call, changing nothing (the same revision); the first result's
// records line says find exists.
func TestListSlicesAndFindOverMCP(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/customers"))
	first := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, first.Text, "observe {find: {text}}")
	o := first.Body["observation"].(map[string]any)
	tok, _ := o["continuation"].(string)
	next := mustOK(t, call(t, c, "observe", map[string]any{"continuation": tok}))
	for _, h := range []string{"## Page:", "## Regions", "## Actions", "Read once:"} {
		if containsText(next.Text, h) {
			t.Errorf("the slice repeats %q:\n%s", h, next.Text)
		}
	}
	contains(t, next.Text, "## Records 21–40 of 100")
	found := mustOK(t, call(t, c, "observe", map[string]any{"find": map[string]any{"text": "C-1093"}}))
	contains(t, found.Text, "- c93: Number C-1093; Name")
	f := found.Body["observation"].(map[string]any)
	if f["revision"] != o["revision"] || f["find"].(map[string]any)["found"].(float64) != 1 {
		t.Errorf("find: revision %v (first %v), %v", f["revision"], o["revision"], f["find"])
	}
	mustOK(t, call(t, c, "act", map[string]any{"action": "open", "record": "c93", "expected_revision": o["revision"]}))
}
