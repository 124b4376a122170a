package browser_test

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/pling-dev/pling/browser"
)

// fakeLookup is a machine with the given executables (absolute paths) and
// PATH entries (name → path).
func fakeLookup(goos string, files []string, path map[string]string, env map[string]string) browser.Lookup {
	return browser.Lookup{
		GOOS:       goos,
		Executable: func(p string) bool { return slices.Contains(files, p) },
		LookPath: func(name string) (string, error) {
			if p, ok := path[name]; ok {
				return p, nil
			}
			return "", exec.ErrNotFound
		},
		Getenv: func(k string) string { return env[k] },
	}
}

// Discovery picks what a user expects on each platform: the headless shell
// first when headless, a full browser when headed, the usual names on PATH,
// then Chrome and Chromium where their installers put them.
func TestDiscover(t *testing.T) {
	const (
		shell       = browser.HeadlessShellPath
		chromium    = browser.DebianChromiumPath
		macChrome   = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
		macChromium = "/Applications/Chromium.app/Contents/MacOS/Chromium"
		winChrome   = `C:\Program Files\Google\Chrome\Application\chrome.exe`
		winLocal    = `C:\Users\u\AppData\Local\Chromium\Application\chrome.exe`
	)
	winEnv := map[string]string{"ProgramFiles": `C:\Program Files`, "ProgramFiles(x86)": `C:\Program Files (x86)`, "LocalAppData": `C:\Users\u\AppData\Local`}
	tests := []struct {
		name    string
		goos    string
		headed  bool
		files   []string
		path    map[string]string
		env     map[string]string
		want    string
		wantWhy string
	}{
		{name: "debian with both: the shell", goos: "linux", files: []string{shell, chromium}, want: shell, wantWhy: "headless-shell (the fastest start)"},
		{name: "headed never picks the shell", goos: "linux", headed: true, files: []string{shell, chromium}, want: chromium, wantWhy: "headless: false skips"},
		{name: "debian chromium only", goos: "linux", files: []string{chromium}, want: chromium, wantWhy: "Debian's Chromium"},
		{name: "chromium on PATH", goos: "linux", path: map[string]string{"chromium": "/snap/bin/chromium"}, want: "/snap/bin/chromium", wantWhy: "chromium on PATH"},
		{name: "chromium-browser before google-chrome", goos: "linux",
			path: map[string]string{"chromium-browser": "/usr/bin/chromium-browser", "google-chrome": "/usr/bin/google-chrome"}, want: "/usr/bin/chromium-browser"},
		{name: "google-chrome on PATH", goos: "linux", path: map[string]string{"google-chrome": "/usr/bin/google-chrome"}, want: "/usr/bin/google-chrome"},
		{name: "headed skips a headless shell on PATH", goos: "linux", headed: true,
			path: map[string]string{"chromium": "/opt/x/chrome-headless-shell", "google-chrome": "/usr/bin/google-chrome"}, want: "/usr/bin/google-chrome"},
		{name: "linux google chrome in /opt", goos: "linux", files: []string{"/opt/google/chrome/chrome"}, want: "/opt/google/chrome/chrome"},
		{name: "macos chrome", goos: "darwin", files: []string{macChrome, macChromium}, want: macChrome, wantWhy: "Google Chrome"},
		{name: "macos chromium", goos: "darwin", files: []string{macChromium}, want: macChromium},
		{name: "macos user applications", goos: "darwin", env: map[string]string{"HOME": "/Users/u"},
			files: []string{"/Users/u/Applications/Chromium.app/Contents/MacOS/Chromium"}, want: "/Users/u/Applications/Chromium.app/Contents/MacOS/Chromium"},
		{name: "macos never looks at Debian's paths", goos: "darwin", files: []string{shell, macChromium}, want: macChromium},
		{name: "windows chrome", goos: "windows", env: winEnv, files: []string{winChrome, winLocal}, want: winChrome, wantWhy: "%ProgramFiles%"},
		{name: "windows per-user chromium", goos: "windows", env: winEnv, files: []string{winLocal}, want: winLocal},
		{name: "PATH before the installers' paths", goos: "windows", env: winEnv, files: []string{winChrome},
			path: map[string]string{"chromium": `C:\tools\chromium.exe`}, want: `C:\tools\chromium.exe`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := browser.Discover(tc.headed, fakeLookup(tc.goos, tc.files, tc.path, tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if c.Path != tc.want {
				t.Fatalf("chose %q, want %q (tried %v)", c.Path, tc.want, c.Tried)
			}
			if !strings.Contains(c.Why, "browser.execPath is unset") || !strings.Contains(c.Why, tc.wantWhy) {
				t.Fatalf("why %q does not say %q", c.Why, tc.wantWhy)
			}
			if last := c.Tried[len(c.Tried)-1]; !strings.HasPrefix(last, c.Path) && !strings.HasSuffix(last, " on PATH") {
				t.Fatalf("tried %v does not end with the choice", c.Tried)
			}
		})
	}
}

// None found is one error naming every place tried and how to install a
// browser: nothing is downloaded.
func TestDiscoverNoneFound(t *testing.T) {
	for _, tc := range []struct {
		goos    string
		headed  bool
		env     map[string]string
		places  []string
		install string
	}{
		{goos: "linux", places: []string{browser.HeadlessShellPath, browser.DebianChromiumPath, "chromium on PATH", "chromium-browser on PATH", "google-chrome on PATH", "/opt/google/chrome/chrome"},
			install: "apt-get install -y chromium-headless-shell chromium"},
		{goos: "linux", headed: true, places: []string{browser.DebianChromiumPath, "google-chrome on PATH"}, install: "apt-get install -y chromium)"},
		{goos: "darwin", places: []string{"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"}, install: "brew install --cask chromium"},
		{goos: "windows", env: map[string]string{"ProgramFiles": `C:\PF`}, places: []string{`C:\PF\Google\Chrome\Application\chrome.exe`, "chrome on PATH"}, install: "install Google Chrome"},
	} {
		t.Run(tc.goos, func(t *testing.T) {
			_, err := browser.Discover(tc.headed, fakeLookup(tc.goos, nil, nil, tc.env))
			if !errors.Is(err, browser.ErrNoBrowser) || !errors.Is(err, browser.ErrChromiumMissing) {
				t.Fatalf("want ErrNoBrowser, got %v", err)
			}
			for _, p := range append(tc.places, tc.install, "browser.execPath", "browser.remoteURL") {
				if !strings.Contains(err.Error(), p) {
					t.Errorf("the error does not name %q:\n%v", p, err)
				}
			}
			if tc.headed && strings.Contains(err.Error(), "headless-shell,") {
				t.Errorf("a headed search tried the headless shell: %v", err)
			}
		})
	}
}

// An explicit execPath is honoured as given, even where discovery would
// pick another browser; a bare name is looked up on PATH.
func TestResolveExplicit(t *testing.T) {
	l := fakeLookup("linux", []string{browser.HeadlessShellPath, browser.DebianChromiumPath, "/opt/my/chrome"}, map[string]string{"chromium": "/snap/bin/chromium"}, nil)
	for _, tc := range []struct{ exec, want string }{
		{"/opt/my/chrome", "/opt/my/chrome"},
		{browser.DebianChromiumPath, browser.DebianChromiumPath},
		{"chromium", "/snap/bin/chromium"},
	} {
		c, err := browser.Resolve(browser.Options{ExecPath: tc.exec}, l)
		if err != nil || c.Path != tc.want || !strings.HasPrefix(c.Why, "browser.execPath is set") {
			t.Errorf("Resolve(%q) = %+v, %v; want %s", tc.exec, c, err, tc.want)
		}
	}
	for _, missing := range []string{"/nonexistent/chromium", "no-such-browser"} {
		if _, err := browser.Resolve(browser.Options{ExecPath: missing}, l); !errors.Is(err, browser.ErrChromiumMissing) || !strings.Contains(err.Error(), missing) {
			t.Errorf("Resolve(%q): want ErrChromiumMissing naming it, got %v", missing, err)
		}
	}
	if c, err := browser.Resolve(browser.Options{RemoteURL: "ws://127.0.0.1:9222/"}, fakeLookup("linux", nil, nil, nil)); err != nil || c.Path != "" {
		t.Errorf("a remote browser resolves to no executable: %+v, %v", c, err)
	}
}

// On this machine (Debian with both packages, as `make chromium` installs
// them) the default is the headless shell, and headed the full Chromium.
func TestDiscoverHere(t *testing.T) {
	c, err := browser.Discover(false, browser.OSLookup())
	if err != nil || c.Path != browser.HeadlessShellPath {
		t.Fatalf("headless default is %q (%v), want %s (make chromium installs chromium-headless-shell)", c.Path, err, browser.HeadlessShellPath)
	}
	c, err = browser.Discover(true, browser.OSLookup())
	if err != nil || c.Path != browser.DebianChromiumPath {
		t.Fatalf("headed default is %q (%v), want %s", c.Path, err, browser.DebianChromiumPath)
	}
}
