package e2e

import (
	"io"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

func stateOf(r result, name string) any {
	obs, _ := r.Body["observation"].(map[string]any)
	st, _ := obs["state"].(map[string]any)
	return st[name]
}

// A confirm action never runs without consent: a client that cannot ask
// gets CONFIRMATION_REQUIRED, a user who declines gets
// CONFIRMATION_DECLINED, and only an accepted elicitation (or an explicit
// confirm: true) runs it.
func TestConfirmationGuards(t *testing.T) {
	t.Parallel()
	t.Run("no elicitation", func(t *testing.T) {
		t.Parallel()
		c, _ := stdioClient(t, nil, "--url", url("/actions"))
		obs := mustOK(t, call(t, c, "observe", map[string]any{}))
		contains(t, obs.Text, "@account:\n", "- clear_all: Delete every item [needs the user's confirmation]")
		r := call(t, c, "act", map[string]any{"action": "clear_all"})
		if code(r) != "CONFIRMATION_REQUIRED" {
			t.Fatalf("want CONFIRMATION_REQUIRED, got %s", r.Text)
		}
		after := mustOK(t, call(t, c, "observe", map[string]any{}))
		if stateOf(after, "items") != float64(3) {
			t.Errorf("clear_all ran without consent: items=%v", stateOf(after, "items"))
		}
		ok := mustOK(t, call(t, c, "act", map[string]any{"action": "clear_all", "confirm": true}))
		contains(t, ok.Text, "ran on confirm: true from the caller")
		if stateOf(ok, "items") != float64(0) {
			t.Errorf("clear_all with confirm: items=%v", stateOf(ok, "items"))
		}
	})
	t.Run("declined", func(t *testing.T) {
		t.Parallel()
		c, _ := stdioClient(t, elicitAnswer{mcp.ElicitationResponseActionDecline}, "--url", url("/actions"))
		r := call(t, c, "act", map[string]any{"action": "clear_all"})
		if code(r) != "CONFIRMATION_DECLINED" {
			t.Fatalf("want CONFIRMATION_DECLINED, got %s", r.Text)
		}
		after := mustOK(t, call(t, c, "observe", map[string]any{}))
		if stateOf(after, "items") != float64(3) {
			t.Errorf("declined action ran: items=%v", stateOf(after, "items"))
		}
	})
	t.Run("accepted", func(t *testing.T) {
		t.Parallel()
		c, _ := stdioClient(t, elicitAnswer{mcp.ElicitationResponseActionAccept}, "--url", url("/actions"))
		r := mustOK(t, call(t, c, "act", map[string]any{"action": "clear_all"}))
		if stateOf(r, "items") != float64(0) {
			t.Errorf("accepted action did not run: items=%v", stateOf(r, "items"))
		}
	})
}

func TestHandoffUnavailableAndAlert(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/actions"))
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text, "## Unavailable now", "- export: add at least one report first", "for a human; never runs")
	if r := call(t, c, "act", map[string]any{"action": "pay_invoice", "confirm": true}); code(r) != "HANDOFF_REQUIRED" {
		t.Errorf("handoff: %s", r.Text)
	}
	if r := call(t, c, "act", map[string]any{"action": "export"}); code(r) != "UNAVAILABLE" {
		t.Errorf("unavailable: %s", r.Text)
	} else {
		contains(t, r.Text, "add at least one report first", `"available":[`)
	}
	after := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, after.Text, "## Page: Account — /actions") // the handoff did not pay
	// alert() never hangs a call; it is answered and reported.
	r := mustOK(t, call(t, c, "act", map[string]any{"action": "say_hello"}))
	contains(t, r.Text, "alert dialog (accepted)", "hello from the page")
	if stateOf(r, "greetings") != float64(1) {
		t.Errorf("greetings = %v", stateOf(r, "greetings"))
	}
}

func TestCoveredButtonRefused(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/covered"))
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	var covered string
	un, _ := obs.Body["observation"].(map[string]any)["unavailable"].([]any)
	for _, u := range un {
		m := u.(map[string]any)
		if r, _ := m["reason"].(string); containsText(r, "covered") {
			covered = m["name"].(string)
		}
	}
	if covered == "" {
		t.Fatalf("no covered action listed:\n%s", obs.Text)
	}
	r := call(t, c, "act", map[string]any{"action": covered})
	if code(r) != "TARGET_COVERED" {
		t.Errorf("covered %s: %s", covered, r.Text)
	}
}

// Every tool given bad arguments answers INVALID_ARGUMENT, and nothing runs.
func TestInvalidArguments(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/todos"))
	mustOK(t, call(t, c, "observe", map[string]any{}))
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"observe", map[string]any{"bogus": 1}},
		{"observe", map[string]any{"wait": map[string]any{"for": "settle"}, "continuation": "x"}},
		{"observe", map[string]any{"wait": map[string]any{"for": "later"}}},
		{"observe", map[string]any{"find": map[string]any{"text": "Weekly"}, "continuation": "x"}},
		{"observe", map[string]any{"find": map[string]any{"text": "  "}}},
		{"observe", map[string]any{"find": map[string]any{}}},
		{"observe", map[string]any{"find": map[string]any{"text": "x", "regex": true}}},
		{"observe", map[string]any{"page": 7}},
		{"act", map[string]any{}},
		{"act", map[string]any{"action": ""}},
		{"act", map[string]any{"action": "toggle", "record": 9}},
		{"act", map[string]any{"action": "add_todo", "args": map[string]any{"text": 5}}},
		{"act", map[string]any{"action": "add_todo", "args": map[string]any{"colour": "red"}}},
		{"act", map[string]any{"action": "add_todo"}},
		{"act", map[string]any{"action": "toggle"}},
		{"act", map[string]any{"action": "search", "record": "t1", "args": map[string]any{"text": "x"}}},
		{"navigate", map[string]any{}},
		{"navigate", map[string]any{"url": "not a url"}},
		{"scroll", map[string]any{"direction": "sideways"}},
		{"scroll", map[string]any{"direction": "down", "pages": -1}},
		{"toggle", map[string]any{}},
		{"toggle", map[string]any{"record": "t1", "extra": true}},
		{"add_todo", map[string]any{"text": "x", "submit": "yes"}},
	} {
		r := call(t, c, tc.tool, tc.args)
		if code(r) != "INVALID_ARGUMENT" {
			t.Errorf("%s %v: want INVALID_ARGUMENT, got %s", tc.tool, tc.args, r.Text)
		}
	}
	after := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, after.Text, "## Records (12, ") // nothing was added
}

// A page tool from an older page never acts on the wrong element.
func TestStalePageToolCall(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/todos"))
	mustOK(t, call(t, c, "observe", map[string]any{}))
	mustOK(t, call(t, c, "search", map[string]any{"text": "weekly"}))
	// t3 is filtered out now: the row is not on the page.
	r := call(t, c, "toggle", map[string]any{"record": "t3"})
	if code(r) != "ACTION_NOT_FOUND" {
		t.Fatalf("filtered row: %s", r.Text)
	}
	contains(t, r.Text, `"available":["add_todo","toggle","search"]`)
	// Navigate away: the old page's toggle tool must not act on the new page.
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/actions")}))
	r = call(t, c, "act", map[string]any{"action": "toggle", "record": "t9"})
	if code(r) != "ACTION_NOT_FOUND" {
		t.Errorf("act on a gone action: %s", r.Text)
	}
	contains(t, r.Text, "say_hello")
	after := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, after.Text, "## Page: Account — /actions")
}

// tools.pageTools: false keeps the tool list fixed for hosts that choke on
// changing lists; the core tools still carry everything.
func TestPageToolsSwitchedOff(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/todos"), "--config", "testdata/no_page_tools.yaml")
	mustOK(t, call(t, c, "observe", map[string]any{}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "toggle", "record": "t2"}))
	// Only the core tools that this configuration offers (no upload roots,
	// no search key): nothing named by the page.
	core := []string{"act", "close_page", "fill_form", "navigate", "observe", "screenshot", "scroll"}
	names := toolNames(t, c)
	sort.Strings(names)
	if !slices.Equal(names, core) {
		t.Errorf("tools with page tools switched off: got %v, want the core %v", names, core)
	}
}

// Logs carry tool categories, codes and timings only: no page text, no
// typed values, no URLs, not even at debug level.
func TestLogsCarryNoPageData(t *testing.T) {
	t.Parallel()
	c, _ := stdioClientEnv(t, []string{"PLING_LOG=debug"}, nil, "--url", url("/injection"))
	mustOK(t, call(t, c, "observe", map[string]any{}))
	mustOK(t, call(t, c, "act", map[string]any{"action": "comment", "args": map[string]any{"text": "typed-secret-77"}}))
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	mustOK(t, call(t, c, "toggle", map[string]any{"record": "t9"}))
	_ = call(t, c, "act", map[string]any{"action": "nope"})
	rd, ok := client.GetStderr(c)
	if !ok {
		t.Fatal("no stderr")
	}
	buf := make([]byte, 1<<20)
	n, _ := io.ReadAtLeast(rd, buf, 1)
	logs := string(buf[:n])
	if !strings.Contains(logs, "tool call") {
		t.Fatalf("no tool log at all:\n%s", logs)
	}
	for _, leak := range []string{"mallory", "Ignore previous", "typed-secret-77", "127.0.0.1:", "/todos", "Weekly", "toggle"} {
		if strings.Contains(logs, leak) {
			t.Errorf("logs carry %q:\n%s", leak, logs)
		}
	}
}
