package browser_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// browser.headless reaches Chromium's command line: a stand-in executable
// records the arguments it was launched with (no display here, so a headed
// Chromium itself cannot run).
func TestHeadlessFlagReachesLaunch(t *testing.T) {
	for _, tc := range []struct {
		name         string
		headed       bool
		wantHeadless bool
	}{
		{"default is headless", false, true},
		{"headed", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := filepath.Join(dir, "args")
			exe := filepath.Join(dir, "chromium")
			script := "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > " + args + "\nexit 3\n"
			if err := os.WriteFile(exe, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			_, err := browser.Start(ctx, browser.Options{ExecPath: exe, Headed: tc.headed, StartTimeout: 15 * time.Second})
			if err == nil {
				t.Fatal("the stand-in exits at once: Start must fail")
			}
			raw, err := os.ReadFile(args)
			if err != nil {
				t.Fatalf("the stand-in was not launched: %v", err)
			}
			lines := strings.Split(string(raw), "\n")
			got := false
			for _, l := range lines {
				got = got || l == "--headless"
			}
			if got != tc.wantHeadless {
				t.Errorf("--headless on the command line: %v, want %v\n%s", got, tc.wantHeadless, raw)
			}
			if !contains(lines, "--remote-debugging-pipe") {
				t.Errorf("not a chromedp launch:\n%s", raw)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Every in-page evaluation is bounded by Options.ActionTimeout, extended by
// the settle wait the caller declared with page.WithWait: a requested
// wait longer than the bound completes, a script that never answers gives
// up after the bound, not after a hard-coded 30 s.
func TestActionTimeoutBoundsEvaluation(t *testing.T) {
	b, err := browser.Start(t.Context(), browser.Options{ExecPath: testbrowser.ExecPath(), StartTimeout: 60 * time.Second, ActionTimeout: time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	t.Cleanup(b.Close)
	s, err := b.NewSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	const never = `new Promise(() => {})`
	const after2s = `new Promise(r => setTimeout(() => r(7), 2000))`

	// t.Context() has no deadline, so a deadline error is the bound's; the
	// 2 s script below failing on it proves the bound is ActionTimeout
	// (1 s), not a longer fixed one (a mechanism, not a wall-clock limit).
	err = s.Evaluate(t.Context(), never, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a promise that never settles: want a deadline error, got %v", err)
	}

	if err := s.Evaluate(t.Context(), after2s, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a 2 s script without a declared wait must hit the 1 s bound, got %v", err)
	}
	var n int
	if err := s.Evaluate(page.WithWait(t.Context(), 3*time.Second), after2s, &n); err != nil || n != 7 {
		t.Errorf("a declared 3 s wait must let a 2 s script finish: %d, %v", n, err)
	}
}
