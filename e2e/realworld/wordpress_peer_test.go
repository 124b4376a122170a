package realworld

import (
	"fmt"
	"regexp"
	"testing"
)

// wpScreens are the WordPress screens the tasks start on.
var wpScreens = []string{
	"/wp-admin/",
	"/wp-admin/post-new.php",
	"/wp-admin/edit-comments.php?comment_status=moderated",
	"/wp-admin/edit.php",
	"/wp-admin/edit-tags.php?taxonomy=category",
	"/wp-admin/options-general.php",
}

// BenchmarkWordPressScreens opens each screen of the WordPress corpus,
// signed in, in Pling and in Playwright MCP (each through its real server
// over stdio) and reports the cl100k tokens of what the agent reads first:
// Pling's navigate result, Playwright's browser_snapshot (its navigate
// only links to a file). A first view, not a task: docs/REALWORLD.md,
// "WordPress". Run: go test -run '^$' -bench BenchmarkWordPressScreens
// -benchtime 1x -v ./e2e/realworld (about 2.5 min).
func BenchmarkWordPressScreens(b *testing.B) {
	ctx := b.Context()
	w, err := startWordPress(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer w.stop()
	pw, err := startPlaywright(ctx, b.TempDir(), nil)
	if err != nil {
		b.Fatalf("Playwright MCP: %v", err)
	}
	defer pw.Close()
	s, err := startSession(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer s.close()
	if err := wpSignIn(ctx, s, w); err != nil {
		b.Fatalf("Pling sign-in: %v", err)
	}
	// Playwright signs in the same way: the login form's two text boxes
	// by their names in its snapshot, then submit.
	if _, err := callPeer(ctx, pw, "browser_navigate", map[string]any{"url": w.Base + "/wp-login.php"}); err != nil {
		b.Fatal(err)
	}
	snap, err := callPeer(ctx, pw, "browser_snapshot", map[string]any{})
	if err != nil {
		b.Fatal(err)
	}
	ref := func(name string) string {
		m := regexp.MustCompile(`textbox "` + name + `"[^\n]*\[ref=(e\d+)\]`).FindStringSubmatch(snap)
		if m == nil {
			b.Fatalf("no text box %q in Playwright's snapshot", name)
		}
		return m[1]
	}
	user, pass := ref("Username or Email Address"), ref("Password")
	if _, err := callPeer(ctx, pw, "browser_type", map[string]any{"element": "Username or Email Address", "target": user, "text": wpUser}); err != nil {
		b.Fatal(err)
	}
	if _, err := callPeer(ctx, pw, "browser_type", map[string]any{"element": "Password", "target": pass, "text": wpPassword, "submit": true}); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		for _, path := range wpScreens {
			r, err := s.call(ctx, "navigate", map[string]any{"url": w.Base + path})
			if err != nil || r.IsError {
				b.Fatalf("pling navigate %s: %v %s", path, err, firstLine(r.Text))
			}
			if _, err := callPeer(ctx, pw, "browser_navigate", map[string]any{"url": w.Base + path}); err != nil {
				b.Fatal(err)
			}
			snap, err := callPeer(ctx, pw, "browser_snapshot", map[string]any{})
			if err != nil {
				b.Fatal(err)
			}
			if regexp.MustCompile(`textbox "Password"`).MatchString(snap) {
				b.Fatalf("Playwright is not signed in on %s", path)
			}
			p, q := countTokens(r.Text), countTokens(snap)
			fmt.Printf("wordpress screen %-52s pling %5d  playwright %6d  1/%.1f\n", path, p, q, float64(q)/float64(p))
		}
	}
}
