package browser_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
)

// A remote browser is reached over CDP (browser.remoteURL): here a
// Chromium we start ourselves with a debugging port on 127.0.0.1.
func TestRemoteBrowserOverCDP(t *testing.T) {
	dir, err := os.MkdirTemp("", "pling-remote")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir) // best effort: children may still write
	cmd := exec.Command(testbrowser.ExecPath(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir="+dir, "about:blank")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var ws string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		b, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); err == nil && len(lines) == 2 {
			ws = "ws://127.0.0.1:" + lines[0] + lines[1]
			break
		}
	}
	if ws == "" {
		t.Fatal("chromium wrote no DevToolsActivePort")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	b, err := browser.Start(ctx, browser.Options{RemoteURL: ws})
	if err != nil {
		t.Fatalf("attach: %v", err)
	}
	defer b.Close()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Navigate(ctx, testbrowser.FixturesURL(t)+"/todos"); err != nil {
		t.Fatal(err)
	}
	var title string
	if err := s.Evaluate(ctx, "document.title", &title); err != nil || title != "Todos" {
		t.Fatalf("title %q, %v", title, err)
	}
}
