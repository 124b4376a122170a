package page_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/internal/npmcache"
	"github.com/pling-dev/pling/page"
)

// The real widget libraries of issue 18 pts 5 and 6, installed from npm
// at test time (their own dist files, nothing vendored).
// CodeMirror 6 is npmcache.CodeMirror6 (its view and what the view
// imports, its autocompletion with what that imports, loaded by an
// import map in the page).
var widgetPackages = func() map[string]string {
	m := map[string]string{
		"jquery":        "jquery@3.7.1",
		"jquery-ui":     "jquery-ui@1.14.1",
		"codemirror":    "codemirror@5.65.21",
		"monaco-editor": "monaco-editor@0.52.2",
		// issue 18 pt 13: a date picker and a tree
		"flatpickr": "flatpickr@4.6.13",
		"jstree":    "jstree@3.3.17",
		"select2":   "select2@4.1.0-rc.0",
		// issue 18 pt 7: click handlers React serves from its root
		"react":     "react@18.3.1",
		"react-dom": "react-dom@18.3.1",
	}
	maps.Copy(m, npmcache.CodeMirror6)
	return m
}()

// serveWidgets is serveRealapp that also serves the npm packages'
// files under /npm/<name>/.
func serveWidgets(t testing.TB, extra map[string]http.HandlerFunc) string {
	t.Helper()
	if extra == nil {
		extra = map[string]http.HandlerFunc{}
	}
	for name, spec := range widgetPackages {
		dir, err := npmcache.Pack(t.Context(), spec)
		if err != nil {
			t.Fatalf("install %s: %v", spec, err)
		}
		prefix := "/npm/" + name + "/"
		fs := http.StripPrefix(prefix, http.FileServer(http.Dir(dir)))
		extra[prefix] = fs.ServeHTTP
	}
	return serveRealapp(t, extra)
}

func appeared(res *page.ActResult) []string { return res.Receipt.Changed.Actions.Appeared }

func mustAct(t *testing.T, rt *page.Runtime, req page.ActRequest) *page.ActResult {
	t.Helper()
	res, err := rt.Act(t.Context(), req)
	if err != nil {
		t.Fatalf("act %s: %v\n%s", req.Action, err, page.Render(rt.Last(), page.DefaultBudgets()))
	}
	return res
}

// Issue 18 pt 6: typing is key presses. A typeahead that listens to keys
// only (no input handler) opens; its suggestions are actions, the receipt
// says they appeared, and choosing one works. A text a person pastes
// (longer than browser.PasteOver, or one token of browser.PasteToken
// characters or more) is one insertText inside its last character's key
// press.
func TestTypeFiresKeyEvents(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, nil)+"/typeahead.html")
	res := mustAct(t, rt, page.ActRequest{Action: "city", Args: map[string]any{"text": "Be"}})
	if got := evalString(t, tab, `window.keyLog.join(" ")`); got != "down:B:KeyB up:B down:e:KeyE up:e" {
		t.Errorf("key events %q", got)
	}
	if a := appeared(res); !slices.Contains(a, "berlin") || !slices.Contains(a, "bern") {
		t.Fatalf("the suggestions did not appear in the receipt: %+v\n%s", res.Receipt.Changed, page.Render(res.Observation, page.DefaultBudgets()))
	}
	if !slices.Contains(res.Receipt.Changed.Fields, "city") || res.Receipt.Warning != "" {
		t.Errorf("receipt %+v", res.Receipt)
	}
	mustAct(t, rt, page.ActRequest{Action: "bern"})
	if got := evalString(t, tab, `window.chosen + "|" + document.getElementById("city").value`); got != "Bern|Bern" {
		t.Errorf("chosen %q", got)
	}
	// Other printable characters are keys named by themselves; an emoji
	// goes in with insertText.
	evalString(t, tab, `(window.keyLog = [], "")`)
	mustAct(t, rt, page.ActRequest{Action: "city", Args: map[string]any{"text": "Zé 中🙂"}})
	if got := evalString(t, tab, `document.getElementById("city").value`); got != "Zé 中🙂" {
		t.Errorf("typed value %q", got)
	}
	if got := evalString(t, tab, `window.keyLog.join(" ")`); got != "down:Z:KeyZ up:Z down:é: up:é down: :Space up:  down:中: up:中" {
		t.Errorf("key events %q", got)
	}
	// args.submit is still the Enter press after the text.
	mustAct(t, rt, page.ActRequest{Action: "city", Args: map[string]any{"text": "Athens", "submit": true}})
	if got := evalString(t, tab, `String(window.submitted) + "|" + document.getElementById("city").value`); got != "1|Athens" {
		t.Errorf("submitted|value = %q", got)
	}
	long := strings.Repeat("Lisbon ", 60) + "x"
	evalString(t, tab, `(window.keyLog = [], "")`)
	mustAct(t, rt, page.ActRequest{Action: "city", Args: map[string]any{"text": long}})
	if got := evalString(t, tab, `document.getElementById("city").value`); got != long {
		t.Errorf("pasted value %q", got)
	}
	if got := evalString(t, tab, `window.keyLog.join(" ")`); got != "down:x:KeyX up:x" {
		t.Errorf("a long text's key events %q, want its last character only", got)
	}
}

// Issue 18 pt 6 with the real library: jQuery UI's autocomplete (from
// npm) searches on keydown after its 300 ms delay. Its suggestions are
// actions, and choosing one runs its select handler.
func TestTypeOpensJQueryUIAutocomplete(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, map[string]http.HandlerFunc{"/chosen": func(http.ResponseWriter, *http.Request) {}})+"/autocomplete.html")
	res := mustAct(t, rt, page.ActRequest{Action: "programming_language", Args: map[string]any{"text": "ja"}})
	if a := appeared(res); !slices.Contains(a, "java") || !slices.Contains(a, "javascript") {
		t.Fatalf("the suggestions did not appear in the receipt: %+v\n%s", res.Receipt.Changed, page.Render(res.Observation, page.DefaultBudgets()))
	}
	mustAct(t, rt, page.ActRequest{Action: "javascript"})
	if got := evalString(t, tab, `String(window.chosen) + "|" + document.getElementById("tags").value`); got != "JavaScript|JavaScript" {
		t.Errorf("chosen %q", got)
	}
}

// Issue 18 pt 5: CodeMirror 5 (from npm) is one type action named by its
// textarea's label; typing goes in as keys into the focused editor, so
// its own model holds the text, and the receipt says the content changed.
// Typing again replaces it (Ctrl+A, the editor's select-all).
func TestTypeIntoCodeMirror5(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, map[string]http.HandlerFunc{"/run": func(http.ResponseWriter, *http.Request) {}})+"/codemirror5.html")
	o := rt.Last()
	a := find(o, "sql_query")
	if a == nil || a.Kind != "type" || find(o, "textbox") != nil {
		t.Fatalf("the editor is not one type action sql_query:\n%s", page.Render(o, page.DefaultBudgets()))
	}
	for _, text := range []string{"SELECT name FROM users WHERE id = 7;", "SELECT 1\nFROM dual;", "BEGIN\n  SELECT 1;\nEND", strings.Repeat("SELECT 1;\n", 20) + "END"} {
		res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": text}})
		if got := evalString(t, tab, `window.editor.getValue()`); got != text {
			t.Errorf("editor.getValue() = %q, want %q", got, text)
		}
		if !slices.Contains(res.Receipt.Changed.Fields, "sql_query") || res.Receipt.Warning != "" {
			t.Errorf("receipt %+v", res.Receipt)
		}
	}
}

// Issue 18 pt 5: a contenteditable SQL editor whose application syncs its
// form from keyup and its model from input events gets the text in both.
func TestTypeIntoContentEditableEditor(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveRealapp(t, map[string]http.HandlerFunc{"/exec": func(http.ResponseWriter, *http.Request) {}})+"/ceditor.html")
	res := mustAct(t, rt, page.ActRequest{Action: "sql_command", Args: map[string]any{"text": "DROP TABLE temp_import;"}})
	if got := evalString(t, tab, `window.model + "|" + document.getElementById("query").value`); got != "DROP TABLE temp_import;|DROP TABLE temp_import;" {
		t.Errorf("the application got %q", got)
	}
	if !slices.Contains(res.Receipt.Changed.Fields, "sql_command") {
		t.Errorf("receipt %+v", res.Receipt)
	}
	mustAct(t, rt, page.ActRequest{Action: "execute"})
	if got := evalString(t, tab, `document.getElementById("result").textContent`); got != "Executed: 23 characters" {
		t.Errorf("result %q", got)
	}
}

// Issue 18 pt 5: CodeMirror 6 (its own ES modules from npm): its
// contenteditable content is the type action; the keys go into the
// focused editor, whose own state holds the text.
func TestTypeIntoCodeMirror6(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/codemirror6.html")
	o := rt.Last()
	if a := find(o, "sql_query"); a == nil || a.Kind != "type" {
		t.Fatalf("the editor is not one type action sql_query:\n%s", page.Render(o, page.DefaultBudgets()))
	}
	for _, text := range []string{"SELECT name FROM users WHERE id = 7;", "SELECT 1\nFROM dual;", "BEGIN\n  SELECT 1;\nEND", strings.Repeat("SELECT 1;\n", 20) + "END"} {
		res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": text}})
		if got := evalString(t, tab, `window.editor6.state.doc.toString()`); got != text {
			t.Errorf("the editor's state holds %q, want %q", got, text)
		}
		if !slices.Contains(res.Receipt.Changed.Fields, "sql_query") || res.Receipt.Warning != "" {
			t.Errorf("receipt %+v", res.Receipt)
		}
	}
}

// Issue 18 pt 5: CodeMirror 6 with its own autocompletion
// (@codemirror/autocomplete from npm) completing SQL keywords. A list
// open at a line break takes the Enter: it is closed by Escape, which its
// keymap binds ("at once": the list opens and takes Enter without
// delay). With its default delays the list opens 100 ms after the last
// key, after the act had ended, and stayed open over the editor (the
// observation then showed its option as an action "select"): it is
// waited for and closed.
func TestTypeIntoCodeMirror6WithCompletion(t *testing.T) {
	t.Parallel()
	base := serveWidgets(t, nil)
	for _, tc := range []struct{ name, query string }{
		{"list at once", "?complete=1&delay=0"},
		{"list after its delay", "?complete=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typeWithCompletion(t, base+"/codemirror6.html"+tc.query, `window.editor6.state.doc.toString()`, ".cm-tooltip-autocomplete")
		})
	}
}

// typeWithCompletion types three texts into the sql_query editor of the
// page at url, each ending where a completion list has a match: the
// editor's model (read by the expression model) holds each as typed, the
// receipt has no warning, and no list (css) is on screen 300 ms after
// the act (a list still to come, answered 150 ms late, would be).
func typeWithCompletion(t *testing.T, url, model, css string) {
	t.Helper()
	rt, tab := openURL(t, url)
	for _, text := range []string{"BEGIN\n  SELECT 1;\nEND", "SELECT name\nFROM users\nWHERE id = 7;", "SEL"} {
		res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": text}})
		if got := evalString(t, tab, model); got != text {
			t.Errorf("the editor's model holds %q, want %q", got, text)
		}
		if res.Receipt.Warning != "" {
			t.Errorf("receipt %+v", res.Receipt)
		}
		open := evalString(t, tab, `new Promise((r) => setTimeout(() => r(String([...document.querySelectorAll(`+strconv.Quote(css)+`)].some((w) => w.getClientRects().length > 0))), 300))`)
		if open != "false" {
			t.Errorf("after typing %q a completion list is open over the editor", text)
		}
	}
}

// Issue 18 pt 5: Monaco (its AMD build from npm) is one type action named
// by its ariaLabel; the keys go into the focused editor, whose own model
// holds the text.
func TestTypeIntoMonaco(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/monaco.html")
	o := rt.Last()
	if a := find(o, "sql_query"); a == nil || a.Kind != "type" {
		t.Fatalf("the editor is not one type action sql_query:\n%s", page.Render(o, page.DefaultBudgets()))
	}
	for _, text := range []string{"SELECT name FROM users WHERE id = 7;", "SELECT 1\nFROM dual;", "BEGIN\n  SELECT 1;\nEND"} {
		res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": text}})
		if got := evalString(t, tab, `window.monacoEditor.getValue()`); got != text {
			t.Errorf("the editor's model holds %q, want %q", got, text)
		}
		if !slices.Contains(res.Receipt.Changed.Fields, "sql_query") || res.Receipt.Warning != "" {
			t.Errorf("receipt %+v", res.Receipt)
		}
	}
}

// Issue 18 pt 5: Monaco with SQL keyword completion (as SQL tools
// register it), shown while typing. Monaco asks for its suggestions a
// moment after the last key and shows them when its provider answers, so
// a list may open between the close before a line break and the Enter,
// which it would pick: with quickSuggestionsDelay 0 the editor held
// "  SELECT 1;\nEND" (what CI saw), and a list answered 150 ms late was
// left open over the editor after the act. The close waits the delay out
// and cancels what is under way.
func TestTypeIntoMonacoWithCompletion(t *testing.T) {
	t.Parallel()
	base := serveWidgets(t, nil)
	for _, tc := range []struct{ name, query string }{
		{"keywords at once", "?complete=keywords&delay=0"},
		{"keywords answered late", "?complete=slow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typeWithCompletion(t, base+"/monaco.html"+tc.query, `window.monacoEditor.getValue()`, ".suggest-widget")
		})
	}
}

// Issue 18 pts 5 and 6: CodeMirror 5 with its own SQL completion shown
// while typing (show-hint and sql-hint, as phpMyAdmin's SQL box): a line
// break typed while the list is open breaks the line instead of picking a
// completion (without the close, the editor held "WHERE id = 7;" for the
// first text), and a step that submits closes it before its Enter. A list
// open after the last key of a step that ends in a word stays open: its
// suggestions are options in the observation, and choosing one completes
// the word, as a person's click on it does.
func TestTypeIntoEditorWithCompletion(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, nil)+"/codemirror5-hint.html")
	listOpen := func() string { return evalString(t, tab, `String(!!document.querySelector(".CodeMirror-hints"))`) }
	for _, tc := range []struct {
		text string
		list string // whether a list is open after the step
	}{
		{"SELECT name FROM users\nWHERE id = 7;", "false"},
		{"BEGIN\n  SELECT 1;\nEND", "true"}, // (END, a keyword)
		{"SELECT * FROM ord", "true"},       // (orders and order_items)
	} {
		res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": tc.text}})
		if got := evalString(t, tab, `window.editor.getValue()`); got != tc.text {
			t.Errorf("the editor holds %q, want %q", got, tc.text)
		}
		if open := listOpen(); open != tc.list {
			t.Errorf("after %q a completion list is open: %s, want %s", tc.text, open, tc.list)
		}
		if !slices.Contains(res.Receipt.Changed.Fields, "sql_query") || res.Receipt.Warning != "" {
			t.Errorf("receipt %+v", res.Receipt)
		}
	}
	// the open list's suggestions are options: choosing orders completes it
	o := rt.Last()
	var choose *page.Action
	for i, a := range o.Actions {
		if a.Control == "option" && (a.Name == "orders" || slices.Contains(a.Params["value"].Enum, "orders")) {
			choose = &o.Actions[i]
		}
	}
	if choose == nil {
		t.Fatalf("the list's suggestions are no options:\n%s", page.Render(o, page.DefaultBudgets()))
	}
	req := page.ActRequest{Action: choose.Name}
	if choose.Name != "orders" {
		req.Args = map[string]any{"value": "orders"}
	}
	mustAct(t, rt, req)
	if got, want := evalString(t, tab, `window.editor.getValue()`), "SELECT * FROM orders"; got != want {
		t.Errorf("after choosing the suggestion the editor holds %q, want %q", got, want)
	}
	// a list a step's keys opened on the way is closed: its Enter breaks
	// the line, and a step that ends in no word leaves none
	mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": "\nJOIN users\nWHERE id = 7;", "append": true}})
	if got, want := evalString(t, tab, `window.editor.getValue()`), "SELECT * FROM orders\nJOIN users\nWHERE id = 7;"; got != want {
		t.Errorf("after the append the editor holds %q, want %q", got, want)
	}
	if open := listOpen(); open != "false" {
		t.Errorf("a completion list is left open after a step that ends in no word")
	}
}

// Issue 18 pt 5, the receipt: after typing a code editor's whole text
// the editor's own model is checked. A key the editor took once (a
// completion that was open, a late selection) is typed over once more,
// as a person who saw it would; an editor that never holds the text
// (its Enter bound to something else) gets a receipt that warns
// EXPECTATION_FAILED, never one that claims the text is there.
func TestTypeIntoEditorChecksItsModel(t *testing.T) {
	t.Parallel()
	const text = "SELECT 1\nFROM dual;"
	for _, c := range []struct {
		swallow, want, warning string
	}{
		{"1", text, ""},
		{"all", "FROM dual;", "EXPECTATION_FAILED: sql_query holds other text than was typed"},
	} {
		t.Run("swallow="+c.swallow, func(t *testing.T) {
			t.Parallel()
			rt, tab := openURL(t, serveWidgets(t, nil)+"/codemirror5-enter.html?swallow="+c.swallow)
			res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": text}})
			if got := evalString(t, tab, `window.editor.getValue()`); got != c.want {
				t.Errorf("the editor holds %q, want %q", got, c.want)
			}
			if !res.Receipt.OK || !strings.HasPrefix(res.Receipt.Warning, c.warning) || (c.warning == "") != (res.Receipt.Warning == "") {
				t.Errorf("receipt %+v, want warning %q", res.Receipt, c.warning)
			}
		})
	}
}

// Issue 18 pt 6: a searchable select box whose click opens a panel and
// focuses its own search field a moment later (select2 does in a
// timeout): the keys wait for the focus to move, so the search field
// gets all of them, not the rest after the first few ("rtu" for
// "Portu"), and choosing the suggestion works. Checked on the fixture,
// whose delay is 30 ms, and on select2 itself.
func TestTypeWaitsForTheSearchField(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ page, box, search, chosen string }{
		{"/delayed-search.html", "country", `document.getElementById("search").value`, `String(window.chosen)`},
		{"/select2.html", "country", `document.querySelector(".select2-search__field").value`, `document.getElementById("country").value`},
	} {
		t.Run(c.page, func(t *testing.T) {
			t.Parallel()
			rt, tab := openURL(t, serveWidgets(t, map[string]http.HandlerFunc{
				"/report": func(http.ResponseWriter, *http.Request) {},
				// the widget gallery's own select2 page (e2e/realworld)
				"/select2.html": func(w http.ResponseWriter, r *http.Request) {
					http.ServeFile(w, r, "../e2e/realworld/testdata/gallery/select2.html")
				},
			})+c.page)
			res := mustAct(t, rt, page.ActRequest{Action: c.box, Args: map[string]any{"text": "Portu"}})
			if got := evalString(t, tab, c.search); got != "Portu" {
				t.Errorf("the search field holds %q, want Portu", got)
			}
			if !slices.Contains(appeared(res), "portugal") {
				t.Fatalf("portugal did not appear: %v\n%s", appeared(res), page.Render(res.Observation, page.DefaultBudgets()))
			}
			mustAct(t, rt, page.ActRequest{Action: "portugal"})
			if got := evalString(t, tab, c.chosen); got != "Portugal" && got != "PT" {
				t.Errorf("chosen %q", got)
			}
		})
	}
}

// Issue 18 pt 6 (phpMyAdmin's SQL box): the editor's completion asks the
// server for the tables on the first key (here answered 300 ms later) and
// opens a list on a word's key when none is open, keeping the words it
// started with. Typed at once, "UPDATE shop_pr" started the list of "s"
// before the tables came (the task's suggestion shop_products was there
// only when the machine happened to be fast): the first key waits for
// the page's requests in flight, and the list holds the table.
func TestTypeIntoEditorWhoseCompletionLoads(t *testing.T) {
	t.Parallel()
	rt, tab := openURL(t, serveWidgets(t, map[string]http.HandlerFunc{
		"/tables": func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(300 * time.Millisecond)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"shop_products": ["id", "name", "stock"], "shop_import": ["id"]}`)
		},
	})+"/codemirror5-tables.html")
	res := mustAct(t, rt, page.ActRequest{Action: "sql_query", Args: map[string]any{"text": "UPDATE shop_pr"}})
	if got := evalString(t, tab, `window.editor.getValue()`); got != "UPDATE shop_pr" {
		t.Errorf("the editor holds %q", got)
	}
	if !slices.Contains(appeared(res), "shop_products") {
		t.Fatalf("the list's table is no option (appeared %v):\n%s", appeared(res), page.Render(res.Observation, page.DefaultBudgets()))
	}
	mustAct(t, rt, page.ActRequest{Action: "shop_products"})
	if got := evalString(t, tab, `window.editor.getValue()`); got != "UPDATE shop_products" {
		t.Errorf("after choosing the suggestion the editor holds %q", got)
	}
}
