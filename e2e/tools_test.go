package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// writeConfig writes an agent.yaml for one test and returns its path.
func writeConfig(t testing.TB, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "agent.yaml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// shotOf decodes the one image of a screenshot result and its text line.
func shotOf(t *testing.T, r result) (image.Image, string, int, string) {
	t.Helper()
	mustOK(t, r)
	var img image.Image
	n, mime := 0, ""
	for _, ct := range r.raw.Content {
		ic, ok := ct.(mcp.ImageContent)
		if !ok {
			continue
		}
		n++
		raw, err := base64.StdEncoding.DecodeString(ic.Data)
		if err != nil {
			t.Fatalf("image data is not base64: %v", err)
		}
		if img, _, err = image.Decode(bytes.NewReader(raw)); err != nil {
			t.Fatalf("decode %s: %v", ic.MIMEType, err)
		}
		mime = ic.MIMEType
		n = len(raw)
	}
	if img == nil {
		t.Fatalf("no image content in %s", r.Text)
	}
	return img, mime, n, r.Text
}

func reddish(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 170 && g>>8 < 90 && b>>8 < 90
}

// TestScreenshot: the viewport, the whole page and one region, as MCP image
// content with one text line naming page, revision and size; the region
// clip shows the region (the canvas chart is red); bad arguments fail with
// INVALID_ARGUMENT.
func TestScreenshot(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/signup"))
	if has(toolNames(t, c), "upload") {
		t.Error("upload is offered without browser.uploadRoots")
	}
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	page, _ := obs.Body["page"].(string)
	rev, _ := obs.Body["observation"].(map[string]any)["revision"].(string)
	lineRE := regexp.MustCompile(`^Screenshot of (.+), page (pg_\w+), revision (\S+): (\d+)×(\d+) px .*, (\d+) bytes \(bound 204800\)\.`)
	for _, tc := range []struct {
		name       string
		args       map[string]any
		what, mime string
		size       func(w, h int) bool
	}{
		{"viewport", map[string]any{}, "the viewport", "image/jpeg",
			func(w, h int) bool { return w == 1280 && h == 800 }},
		{"full page png", map[string]any{"full_page": true, "format": "png"}, "the full page", "image/png",
			func(w, h int) bool { return h > w*4/10 && h*1280 > 800*w }}, // taller than the viewport's aspect
		{"region", map[string]any{"region": "sign-ups-chart"}, "region sign-ups-chart", "image/jpeg",
			func(w, h int) bool { return h >= 120 && h < 400 && w > 300 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, mime, n, text := shotOf(t, call(t, c, "screenshot", tc.args))
			m := lineRE.FindStringSubmatch(text)
			if m == nil {
				t.Fatalf("text line %q does not match %s", text, lineRE)
			}
			if m[1] != tc.what || m[2] != page || m[3] != rev {
				t.Errorf("line names %q, %s, %s; want %q, %s, %s", m[1], m[2], m[3], tc.what, page, rev)
			}
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if lw, _ := strconv.Atoi(m[4]); lw != w {
				t.Errorf("line says width %s, image is %d", m[4], w)
			}
			if lh, _ := strconv.Atoi(m[5]); lh != h {
				t.Errorf("line says height %s, image is %d", m[5], h)
			}
			if lb, _ := strconv.Atoi(m[6]); lb != n {
				t.Errorf("line says %s bytes, image has %d", m[6], n)
			}
			if mime != tc.mime || !tc.size(w, h) || n > 204800 {
				t.Errorf("image %s %d×%d, %d bytes; want %s within the bound", mime, w, h, n, tc.mime)
			}
			if tc.name == "region" {
				// The canvas (300×120, red) fills the region's bottom-left.
				s := float64(w) / 1232 // about the region's CSS width
				if !reddish(img.At(int(150*s), h-int(60*s))) {
					t.Errorf("pixel at the chart is %v, want red: the clip misses the region", img.At(int(150*s), h-int(60*s)))
				}
			}
		})
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"unknown region", map[string]any{"region": "nope"}, "REGION_NOT_FOUND"},
		{"region and full page", map[string]any{"region": "sign-ups-chart", "full_page": true}, "INVALID_ARGUMENT"},
		{"bad format", map[string]any{"format": "gif"}, "INVALID_ARGUMENT"},
		{"unknown page", map[string]any{"page": "pg_nope"}, "PAGE_NOT_FOUND"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := code(call(t, c, "screenshot", tc.args)); got != tc.want {
				t.Errorf("code = %q, want %s", got, tc.want)
			}
		})
	}
}

// TestScreenshotBound: with browser.screenshotMaxBytes at its minimum the
// full page still fits, at a lower quality and scale.
func TestScreenshotBound(t *testing.T) {
	t.Parallel()
	cfg := writeConfig(t, "browser:\n  screenshotMaxBytes: 16384\n")
	c, _ := stdioClient(t, nil, "--url", url("/signup"), "--config", cfg)
	img, _, n, text := shotOf(t, call(t, c, "screenshot", map[string]any{"full_page": true}))
	if n > 16384 {
		t.Errorf("image has %d bytes, bound 16384", n)
	}
	if img.Bounds().Dx() >= 1280 {
		t.Errorf("image is %d px wide: the scale was not reduced", img.Bounds().Dx())
	}
	contains(t, text, "(bound 16384)")
}

// state reads a state value from a page result.
func state(r result, name string) string {
	obs, _ := r.Body["observation"].(map[string]any)
	st, _ := obs["state"].(map[string]any)
	if v, ok := st[name]; ok {
		return fmt.Sprint(v) // numbers are typed
	}
	return ""
}

// TestUpload: file inputs are actions of kind upload with accept and
// multiple; upload sets files from inside browser.uploadRoots only (after
// symlinks); the page sees them; act and page tools never reach a file
// input; anything else is INVALID_ARGUMENT.
func TestUpload(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := t.TempDir()
	for _, p := range []string{filepath.Join(root, "avatar.png"), filepath.Join(root, "a.pdf"), filepath.Join(root, "b.pdf"), filepath.Join(outside, "secret.txt")} {
		if err := os.WriteFile(p, []byte("file "+filepath.Base(p)), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	cfg := writeConfig(t, "browser:\n  uploadRoots: ["+root+"]\n")
	c, n := stdioClient(t, nil, "--url", url("/signup"), "--config", cfg)
	before := n.count("notifications/tools/list_changed")
	obs := mustOK(t, call(t, c, "observe", map[string]any{}))
	contains(t, obs.Text,
		"@sign-up:\n",
		`- avatar: Upload files to "Avatar" (accepts image/png,image/jpeg; one file; use the upload tool)`,
		`- documents: Upload files to "Documents" (several files; use the upload tool)`)
	for _, x := range obs.Body["observation"].(map[string]any)["actions"].([]any) {
		a := x.(map[string]any)
		if a["name"] == "avatar" && (a["kind"] != "upload" || a["accept"] != "image/png,image/jpeg" || a["multiple"] != nil) {
			t.Errorf("avatar action = %v", a)
		}
		if a["name"] == "documents" && (a["kind"] != "upload" || a["multiple"] != true) {
			t.Errorf("documents action = %v", a)
		}
	}
	n.waitFor(t, "notifications/tools/list_changed", before)
	tools := toolNames(t, c)
	if !has(tools, "upload") || !has(tools, "email") || has(tools, "avatar") || has(tools, "documents") {
		t.Errorf("tools = %v: want upload and page tools, but no page tool for a file input", tools)
	}

	r := mustOK(t, call(t, c, "upload", map[string]any{"action": "avatar", "paths": []any{filepath.Join(root, "avatar.png")}}))
	if got := state(r, "files"); got != "avatar.png" {
		t.Errorf("files after avatar = %q, want avatar.png", got)
	}
	if rec, _ := r.Body["result"].(map[string]any); rec["ok"] != true {
		t.Errorf("receipt = %v", rec)
	}
	r = mustOK(t, call(t, c, "upload", map[string]any{"action": "documents", "paths": []any{"a.pdf", filepath.Join(root, "b.pdf")}}))
	if got := state(r, "files"); got != "avatar.png, a.pdf, b.pdf" {
		t.Errorf("files after documents = %q", got)
	}
	// A file input hidden behind its label (a styled upload button) is
	// listed and takes files too.
	contains(t, r.Text, `Upload files to "Attach CV (PDF)" (accepts .pdf; one file; use the upload tool)`)
	r = mustOK(t, call(t, c, "upload", map[string]any{"action": "attach_cv_pdf", "paths": []any{"a.pdf"}}))
	if got := state(r, "files"); got != "avatar.png, a.pdf, b.pdf, a.pdf" {
		t.Errorf("files after the CV = %q", got)
	}

	for _, tc := range []struct {
		name string
		tool string
		args map[string]any
		want string
	}{
		{"one-file input, two files", "upload", map[string]any{"action": "avatar", "paths": []any{"a.pdf", "b.pdf"}}, "INVALID_ARGUMENT"},
		{"outside the roots", "upload", map[string]any{"action": "documents", "paths": []any{filepath.Join(outside, "secret.txt")}}, "INVALID_ARGUMENT"},
		{"symlink out of the root", "upload", map[string]any{"action": "documents", "paths": []any{"link.txt"}}, "INVALID_ARGUMENT"},
		{"traversal", "upload", map[string]any{"action": "documents", "paths": []any{"../" + filepath.Base(outside) + "/secret.txt"}}, "INVALID_ARGUMENT"},
		{"system file", "upload", map[string]any{"action": "documents", "paths": []any{"/etc/hostname"}}, "INVALID_ARGUMENT"},
		{"not a file input", "upload", map[string]any{"action": "email", "paths": []any{"a.pdf"}}, "INVALID_ARGUMENT"},
		{"unknown action", "upload", map[string]any{"action": "nope", "paths": []any{"a.pdf"}}, "ACTION_NOT_FOUND"},
		{"no paths", "upload", map[string]any{"action": "documents", "paths": []any{}}, "INVALID_ARGUMENT"},
		{"act on a file input", "act", map[string]any{"action": "avatar"}, "INVALID_ARGUMENT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := call(t, c, tc.tool, tc.args)
			if got := code(r); got != tc.want {
				t.Errorf("code = %q, want %s (%s)", got, tc.want, r.Text)
			}
			if strings.Contains(r.Text, "secret") {
				t.Errorf("the result names the file outside the roots: %s", r.Text)
			}
		})
	}
	r = mustOK(t, call(t, c, "observe", map[string]any{}))
	if got := state(r, "files"); got != "avatar.png, a.pdf, b.pdf, a.pdf" {
		t.Errorf("a refused upload changed the files: %q", got)
	}
}

// formReceipt returns the fill_form receipt of a result and its field
// statuses.
func formReceipt(t *testing.T, r result) (map[string]any, []string) {
	t.Helper()
	rec, _ := r.Body["result"].(map[string]any)
	if rec == nil {
		t.Fatalf("no receipt in %s", r.Text)
	}
	var st []string
	for _, x := range rec["fields"].([]any) {
		st = append(st, x.(map[string]any)["status"].(string))
	}
	return rec, st
}

func fieldOf(rec map[string]any, i int) map[string]any {
	return rec["fields"].([]any)[i].(map[string]any)
}

// TestFillForm: a whole sign-up form in one call with one receipt (per
// field status, took, feedback) and the fresh observation; it stops at the
// first refusal and says which fields ran; what can be refused before any
// input is refused like act, changing nothing; the password never leaves
// the browser.
func TestFillForm(t *testing.T) {
	t.Parallel()
	c, _ := stdioClient(t, nil, "--url", url("/signup"))
	const canary = "Canary-Pw-7731-secret"
	fresh := func(t *testing.T) result {
		t.Helper()
		return mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/signup")}))
	}
	f := func(action string, kv ...any) map[string]any {
		m := map[string]any{"action": action}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}

	t.Run("whole form and submit", func(t *testing.T) {
		fresh(t)
		r := mustOK(t, call(t, c, "fill_form", map[string]any{"fields": []any{
			f("full_name", "text", "Ada Lovelace"),
			f("email", "text", "ada@example.com"),
			f("password", "text", canary),
			f("age", "text", "36"),
			f("country", "value", "Japan"),
			f("pro"),
			f("send_me_the_newsletter", "checked", false),
			f("i_accept_the_terms", "checked", true),
		}, "submit": "create_account"}))
		rec, st := formReceipt(t, r)
		if rec["ok"] != true || rec["ran"] != float64(8) {
			t.Errorf("receipt ok=%v ran=%v", rec["ok"], rec["ran"])
		}
		for i, s := range st {
			if s != "filled" {
				t.Errorf("fields[%d] = %s, want filled", i, s)
			}
			if took, _ := fieldOf(rec, i)["took"].(bool); !took {
				t.Errorf("fields[%d] took = %v", i, fieldOf(rec, i)["took"])
			}
		}
		if sub, _ := rec["submit"].(map[string]any); sub["status"] != "filled" {
			t.Errorf("submit = %v", sub)
		}
		if got := state(r, "welcome"); got != "Ada (jp, pro)" {
			t.Errorf("welcome = %q, want the submitted form's values", got)
		}
		if strings.Contains(r.Text, canary) || strings.Contains(fmtJSON(r.Body), canary) {
			t.Error("the password left the browser")
		}
	})

	t.Run("took false and unchanged", func(t *testing.T) {
		fresh(t)
		r := mustOK(t, call(t, c, "fill_form", map[string]any{"fields": []any{
			f("postal_code", "text", "1234567"), // maxlength 5
			f("send_me_the_newsletter"),         // already checked
			f("free", "checked", true),          // already chosen
		}}))
		rec, st := formReceipt(t, r)
		if want := []string{"filled", "unchanged", "unchanged"}; strings.Join(st, ",") != strings.Join(want, ",") {
			t.Errorf("statuses %v, want %v", st, want)
		}
		if took, ok := fieldOf(rec, 0)["took"].(bool); !ok || took {
			t.Errorf("postal code took = %v, want false (maxlength cut it)", fieldOf(rec, 0)["took"])
		}
	})

	t.Run("stops at a refusal", func(t *testing.T) {
		fresh(t)
		r := call(t, c, "fill_form", map[string]any{"fields": []any{
			f("full_name", "text", "Ada"),
			f("invite_code", "text", "X"), // disabled
			f("email", "text", "ada@example.com"),
		}, "submit": "create_account"})
		if !r.IsError {
			t.Fatalf("a refused field is not an error: %s", r.Text)
		}
		rec, st := formReceipt(t, r)
		if want := "filled,refused,not_run"; strings.Join(st, ",") != want {
			t.Errorf("statuses %v, want %s", st, want)
		}
		if rec["code"] != "UNAVAILABLE" || fieldOf(rec, 1)["code"] != "UNAVAILABLE" || rec["ran"] != float64(1) {
			t.Errorf("receipt = %v", rec)
		}
		if sub, _ := rec["submit"].(map[string]any); sub["status"] != "not_run" {
			t.Errorf("submit ran after a refusal: %v", sub)
		}
		if got := state(r, "edits"); got == "0" || got == "" {
			t.Errorf("no fresh observation after a partial fill (edits = %q)", got)
		}
	})

	t.Run("invalid value stops", func(t *testing.T) {
		fresh(t)
		r := call(t, c, "fill_form", map[string]any{"fields": []any{
			f("email", "text", "not-an-email"),
			f("full_name", "text", "Ada"),
		}})
		rec, st := formReceipt(t, r)
		if !r.IsError || rec["code"] != "EXPECTATION_FAILED" || st[0] != "refused" || st[1] != "not_run" {
			t.Fatalf("receipt = %v", rec)
		}
		contains(t, fieldOf(rec, 0)["reason"].(string), "did not accept the value")
	})

	t.Run("page validation on blur", func(t *testing.T) {
		fresh(t)
		r := call(t, c, "fill_form", map[string]any{"fields": []any{
			f("password", "text", "short"),
			f("full_name", "text", "Ada"),
			f("age", "text", "36"),
		}})
		rec, st := formReceipt(t, r)
		// The page marks the password invalid when focus leaves it.
		if !r.IsError || st[0] != "refused" || st[2] != "not_run" {
			t.Fatalf("statuses %v, receipt %v", st, rec)
		}
		contains(t, fieldOf(rec, 0)["reason"].(string), "Password must be at least 8 characters")
	})

	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"button as a field", map[string]any{"fields": []any{f("full_name", "text", "A"), f("create_account")}}, "INVALID_ARGUMENT"},
		{"value for a text field", map[string]any{"fields": []any{f("full_name", "text", "A"), f("email", "value", "x")}}, "INVALID_ARGUMENT"},
		{"text for a select", map[string]any{"fields": []any{f("country", "text", "Japan")}}, "INVALID_ARGUMENT"},
		{"file input", map[string]any{"fields": []any{f("full_name", "text", "A"), f("avatar", "text", "x")}}, "INVALID_ARGUMENT"},
		{"unknown first field", map[string]any{"fields": []any{f("nope", "text", "A")}}, "ACTION_NOT_FOUND"},
		{"uncheck a radio", map[string]any{"fields": []any{f("free", "checked", false)}}, "INVALID_ARGUMENT"},
		{"submit is a field", map[string]any{"fields": []any{f("full_name", "text", "A")}, "submit": "email"}, "INVALID_ARGUMENT"},
		{"nothing to do", map[string]any{"fields": []any{}}, "INVALID_ARGUMENT"},
		{"unknown key", map[string]any{"fields": []any{map[string]any{"action": "email", "selector": "#x"}}}, "INVALID_ARGUMENT"},
		{"foreign revision", map[string]any{"fields": []any{f("full_name", "text", "A")}, "expected_revision": "1.abcd.xyz"}, "FOREIGN_REVISION"},
	} {
		t.Run("refused before input: "+tc.name, func(t *testing.T) {
			fresh(t)
			r := call(t, c, "fill_form", tc.args)
			if got := code(r); got != tc.want {
				t.Fatalf("code = %q, want %s: %s", got, tc.want, r.Text)
			}
			after := mustOK(t, call(t, c, "observe", map[string]any{}))
			if got := state(after, "edits"); got != "0" {
				t.Errorf("the refused call typed into the page (edits = %s)", got)
			}
		})
	}

	t.Run("stale revision", func(t *testing.T) {
		old := fresh(t).Body["observation"].(map[string]any)["revision"].(string)
		mustOK(t, call(t, c, "fill_form", map[string]any{"fields": []any{f("i_accept_the_terms")}}))
		r := call(t, c, "fill_form", map[string]any{"fields": []any{f("full_name", "text", "A")}, "expected_revision": old})
		if got := code(r); got != "STALE_REVISION" {
			t.Errorf("code = %q, want STALE_REVISION", got)
		}
	})
}

func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestFillFormGuards: fill_form's submit goes through act's guards: a
// confirm action is refused without consent (nothing runs), runs with
// confirm: true or after the user accepts the elicitation, and not after a
// decline; a handoff action never runs; an unavailable one is refused.
func TestFillFormGuards(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		elicit client.ElicitationHandler
		args   map[string]any
		code   string // "" for success
		items  string // the page's item count afterwards
	}{
		{"confirm refused without consent", nil, map[string]any{"submit": "clear_all"}, "CONFIRMATION_REQUIRED", "3"},
		{"confirm flag", nil, map[string]any{"submit": "clear_all", "confirm": true}, "", "0"},
		{"user accepts", elicitAnswer{mcp.ElicitationResponseActionAccept}, map[string]any{"submit": "clear_all"}, "", "0"},
		{"user declines", elicitAnswer{mcp.ElicitationResponseActionDecline}, map[string]any{"submit": "clear_all"}, "CONFIRMATION_DECLINED", "3"},
		{"handoff", nil, map[string]any{"submit": "pay_invoice", "confirm": true}, "HANDOFF_REQUIRED", "3"},
		{"unavailable", nil, map[string]any{"submit": "export"}, "UNAVAILABLE", "3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, _ := stdioClient(t, tc.elicit, "--url", url("/actions"))
			mustOK(t, call(t, c, "observe", map[string]any{}))
			r := call(t, c, "fill_form", tc.args)
			if got := code(r); got != tc.code {
				t.Fatalf("code = %q, want %q: %s", got, tc.code, r.Text)
			}
			after := mustOK(t, call(t, c, "observe", map[string]any{}))
			if got := state(after, "items"); got != tc.items {
				t.Errorf("items = %s, want %s", got, tc.items)
			}
			if title := after.Body["observation"].(map[string]any)["identity"].(map[string]any)["title"]; title == "PAID" {
				t.Error("the handoff action ran")
			}
		})
	}
}
