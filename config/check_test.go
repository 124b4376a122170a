package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// fakeChromium writes an executable file and returns its directory and path.
func fakeChromium(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "chromium")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// messages renders findings as "severity path: message" lines for comparison.
func messages(fs []Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	return out
}

func TestCheckDefaults(t *testing.T) {
	_, chromium := fakeChromium(t)
	cfg := Default()
	cfg.Browser.ExecPath = chromium

	got := messages(Check(cfg, envOf(nil)))
	want := []string{
		"note: navigation.allow: is empty: every http(s) origin not denied may be opened",
		"note: web_search: not offered: OPENAI_API_KEY is not set",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}

	got = messages(Check(cfg, envOf(map[string]string{EnvOpenAIKey: "sk-test"})))
	if last := got[len(got)-1]; !strings.HasPrefix(last, "note: web_search: offered: queries go to a separate OpenAI search model (gpt-5.4)") {
		t.Errorf("with a key, last finding = %q", last)
	}
	for _, m := range got {
		if strings.Contains(m, "sk-test") {
			t.Errorf("finding %q shows the key", m)
		}
	}

	cfg.WebSearch.Enabled = false
	got = messages(Check(cfg, envOf(map[string]string{EnvOpenAIKey: "sk-test"})))
	if last := got[len(got)-1]; last != "note: web_search: not offered: disabled in agent.yaml" {
		t.Errorf("disabled: last finding = %q", last)
	}
}

// With the machine's discovery, an unset execPath is reported as the binary
// chosen and why, or as an error naming what was tried; a set one as
// starting that binary.
func TestCheckWithBrowserFinder(t *testing.T) {
	_, chromium := fakeChromium(t)
	var asked []bool
	found := func(headless bool) (string, string, error) {
		asked = append(asked, headless)
		return "/usr/lib/chromium/chromium-headless-shell", "the first browser found: the shell", nil
	}
	none := func(bool) (string, string, error) {
		return "", "", errors.New("chromium not found (tried /a, /b); install Chromium")
	}
	cfg := Default()
	got := messages(CheckWith(cfg, envOf(nil), found))
	if want := "note: browser.execPath: starting /usr/lib/chromium/chromium-headless-shell (the first browser found: the shell)"; !containsPrefix(got, want) {
		t.Errorf("no finding %q in:\n%s", want, strings.Join(got, "\n"))
	}
	if len(asked) != 1 || !asked[0] {
		t.Errorf("the finder was asked %v, want once for a headless browser", asked)
	}
	fs := CheckWith(cfg, envOf(nil), none)
	if want := "error: browser.execPath: is unset and chromium not found (tried /a, /b); install Chromium"; !containsPrefix(messages(fs), want) || !HasErrors(fs) {
		t.Errorf("no finding %q in:\n%s", want, strings.Join(messages(fs), "\n"))
	}
	cfg.Browser.ExecPath = chromium
	if want := "note: browser.execPath: starting " + chromium + " (browser.execPath is set)"; !containsPrefix(messages(CheckWith(cfg, envOf(nil), none)), want) {
		t.Errorf("no finding %q", want)
	}
}

func TestCheckFindings(t *testing.T) {
	dir, chromium := fakeChromium(t)
	notExec := filepath.Join(dir, "plain")
	if err := os.WriteFile(notExec, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	shell := filepath.Join(dir, "chromium-headless-shell")
	if err := os.WriteFile(shell, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		edit   func(*Config)
		env    map[string]string
		want   string // one finding that must be present
		absent string // a path that must have no finding
	}{
		{"execPath missing", func(c *Config) { c.Browser.ExecPath = filepath.Join(dir, "nope") }, nil,
			"error: browser.execPath: " + filepath.Join(dir, "nope") + " does not exist; install Chromium, or set browser.execPath or browser.remoteURL", ""},
		{"execPath directory", func(c *Config) { c.Browser.ExecPath = dir }, nil, "error: browser.execPath: " + dir + " is a directory", ""},
		{"execPath not executable", func(c *Config) { c.Browser.ExecPath = notExec }, nil, "error: browser.execPath: " + notExec + " is not executable", ""},
		{"execPath on PATH", func(c *Config) { c.Browser.ExecPath = "chromium" }, map[string]string{"PATH": "/nonexistent:" + dir}, "", "browser.execPath"},
		{"execPath not on PATH", func(c *Config) { c.Browser.ExecPath = "chromium" }, map[string]string{"PATH": "/nonexistent"},
			"error: browser.execPath: chromium is not on PATH", ""},
		{"execPath empty", func(c *Config) { c.Browser.ExecPath = "" }, nil, "note: browser.execPath: is unset: the headless shell, Chromium and Chrome are searched", ""},
		{"remote browser", func(c *Config) {
			c.Browser.RemoteURL = "ws://10.0.0.5:9222/devtools/browser/x"
			c.Browser.ExecPath = "/nope"
		}, nil,
			"note: browser.remoteURL: attaching to the remote browser at ws://10.0.0.5:9222; execPath and headless are not used", "browser.execPath"},
		{"remote with token", func(c *Config) { c.Browser.RemoteURL = "wss://chrome.example.com?token=abc" }, nil,
			"warning: browser.remoteURL: carries a user name or a query", ""},
		{"remote header unset", func(c *Config) {
			c.Browser.RemoteURL = "ws://h:1"
			c.Browser.RemoteHeaders = []RemoteHeader{{Name: "Authorization", Env: "POOL_AUTH"}}
		}, nil, "error: browser.remoteHeaders[0].env: POOL_AUTH is not set", ""},
		{"remote header set", func(c *Config) {
			c.Browser.RemoteURL = "ws://h:1"
			c.Browser.RemoteHeaders = []RemoteHeader{{Name: "Authorization", Env: "POOL_AUTH"}}
		}, map[string]string{"POOL_AUTH": "Bearer x"}, "", "browser.remoteHeaders"},
		{"remote per session", func(c *Config) { c.Browser.RemoteURL = "ws://h:1"; c.Browser.RemotePerSession = true }, nil,
			"note: browser.remotePerSession: pool mode", ""},
		{"remote without upload roots", func(c *Config) { c.Browser.RemoteURL = "ws://h:1" }, nil, "", "browser.uploadRoots"},
		{"remote with flags", func(c *Config) { c.Browser.RemoteURL = "ws://h:1"; c.Browser.ExtraFlags = []string{"--x"} }, nil,
			"warning: browser.extraFlags: are ignored", ""},
		{"headful without display", func(c *Config) { c.Browser.Headless = false }, nil, "warning: browser.headless: is false but neither DISPLAY", ""},
		{"headful with display", func(c *Config) { c.Browser.Headless = false }, map[string]string{"DISPLAY": ":0"}, "", "browser.headless"},
		{"headful headless shell", func(c *Config) { c.Browser.ExecPath, c.Browser.Headless = shell, false }, map[string]string{"DISPLAY": ":0"},
			"warning: browser.headless: is false but " + shell + " is a headless shell, which never opens a window", ""},
		{"headless shell", func(c *Config) { c.Browser.ExecPath = shell }, nil, "", "browser.execPath"},
		{"no sandbox", func(c *Config) { c.Browser.ExtraFlags = []string{"--lang=en", "--no-sandbox"} }, nil,
			"warning: browser.extraFlags[1]: --no-sandbox turns off Chromium's sandbox", ""},
		{"remote debugging", func(c *Config) { c.Browser.ExtraFlags = []string{"--remote-debugging-port=9222"} }, nil,
			"warning: browser.extraFlags[0]: --remote-debugging-port exposes the browser's DevTools endpoint", ""},
		{"metadata open", func(c *Config) { c.Navigation.BlockMetadata = false }, nil, "warning: navigation.blockMetadata: is false", ""},
		{"file allowed", func(c *Config) { c.Navigation.BlockedSchemes = []string{"javascript", "data"} }, nil,
			"warning: navigation.blockedSchemes: does not list file", ""},
		{"allow set", func(c *Config) { c.Navigation.Allow = []string{"https://*.example.com"} }, nil, "", "navigation.allow"},
		{"public listen without token", func(c *Config) { c.HTTP.Listen = "0.0.0.0:8931" }, nil,
			"error: http.listen: 0.0.0.0:8931 is reachable beyond this machine and PLING_HTTP_TOKEN is not set", ""},
		{"all interfaces without token", func(c *Config) { c.HTTP.Listen = ":8931" }, nil, "error: http.listen: :8931 is reachable", ""},
		{"named host without token", func(c *Config) { c.HTTP.Listen = "pling.internal:8931" }, nil, "error: http.listen:", ""},
		{"public listen with token", func(c *Config) { c.HTTP.Listen = "[::]:8931" }, map[string]string{EnvHTTPToken: strings.Repeat("t", 32)},
			"note: http.listen: [::]:8931 is reachable beyond this machine; requests must carry the bearer token", ""},
		{"localhost listen", func(c *Config) { c.HTTP.Listen = "localhost:8931" }, nil, "", "http.listen"},
		{"ipv6 loopback listen", func(c *Config) { c.HTTP.Listen = "[::1]:8931" }, nil, "", "http.listen"},
		{"short token", func(c *Config) {}, map[string]string{EnvHTTPToken: "abc"}, "warning: http.listen: PLING_HTTP_TOKEN token 1 is shorter than 16 characters", ""},
		{"short second token", func(c *Config) {}, map[string]string{EnvHTTPToken: "0123456789abcdef, xyz"}, "warning: http.listen: PLING_HTTP_TOKEN token 2 is shorter than 16 characters", ""},
		{"any origin", func(c *Config) { c.HTTP.AllowedOrigins = []string{"http://localhost:*", "https://*"} }, nil,
			`warning: http.allowedOrigins[1]: "https://*" accepts every browser origin`, ""},
		{"record ids below records", func(c *Config) { c.Observation.MaxRecordIDs = 10 }, nil,
			"warning: observation.maxRecordIds: is smaller than observation.maxRecords (10 < 20)", ""},
		{"observation bytes below sections", func(c *Config) { c.Observation.MaxObservationBytes = 3000 }, nil,
			"note: observation.maxObservationBytes: is smaller than the section budgets together (3000 bytes < 4000 characters)", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Default()
			cfg.Browser.ExecPath = chromium
			tc.edit(&cfg)
			fs := Check(cfg, envOf(tc.env))
			got := messages(fs)
			if tc.want != "" && !containsPrefix(got, tc.want) {
				t.Errorf("no finding starting %q in:\n%s", tc.want, strings.Join(got, "\n"))
			}
			if tc.absent != "" {
				for _, f := range fs {
					if f.Path == tc.absent {
						t.Errorf("unexpected finding %s", f)
					}
				}
			}
			if strings.HasPrefix(tc.want, "error:") != HasErrors(fs) {
				t.Errorf("HasErrors = %v for:\n%s", HasErrors(fs), strings.Join(got, "\n"))
			}
		})
	}
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

func TestLoopback(t *testing.T) {
	for listen, want := range map[string]bool{
		"127.0.0.1:8931": true, "127.0.0.2:1": true, "localhost:8931": true, "[::1]:8931": true,
		"0.0.0.0:8931": false, ":8931": false, "[::]:8931": false, "192.168.1.2:8931": false,
		"example.com:80": false, "nonsense": false,
	} {
		if got := (HTTP{Listen: listen}).Loopback(); got != want {
			t.Errorf("Loopback(%q) = %v, want %v", listen, got, want)
		}
	}
}

func TestHTTPTokens(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"abc", []string{"abc"}},
		{" a , b,,c ", []string{"a", "b", "c"}},
	} {
		if got := HTTPTokens(tc.in); strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("HTTPTokens(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCheckUploadRoots: a root that is missing or a file is an error; with
// a remote browser the roots draw a warning (paths are read over there).
func TestCheckUploadRoots(t *testing.T) {
	_, chromium := fakeChromium(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		roots  []string
		remote string
		want   []string
	}{
		{"directory", []string{dir}, "", nil},
		{"missing", []string{filepath.Join(dir, "nope")}, "", []string{"error: browser.uploadRoots[0]: " + filepath.Join(dir, "nope") + " does not exist or cannot be read"}},
		{"file", []string{dir, file}, "", []string{"error: browser.uploadRoots[1]: " + file + " is not a directory"}},
		{"remote", []string{dir}, "ws://127.0.0.1:9222/", []string{"warning: browser.uploadRoots: is used with a remote browser: it reads the uploaded paths on its own machine, not this one"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Default()
			cfg.Browser.ExecPath = chromium
			cfg.Browser.UploadRoots = tc.roots
			cfg.Browser.RemoteURL = tc.remote
			var got []string
			for _, m := range messages(Check(cfg, envOf(nil))) {
				if strings.Contains(m, "browser.uploadRoots") {
					got = append(got, m)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}
