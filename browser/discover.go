package browser

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// HeadlessShellPath is Debian's headless shell (package
// chromium-headless-shell): the same Chromium build without the full
// browser's UI, which starts about twice as fast (docs/PERFORMANCE.md).
// It has no windowed mode.
const HeadlessShellPath = "/usr/lib/chromium/chromium-headless-shell"

// DebianChromiumPath is Debian's Chromium (package chromium).
const DebianChromiumPath = "/usr/bin/chromium"

// Lookup is what discovery asks of the machine; the zero value is not
// usable, OSLookup is the real one. Tests inject a fake file system and
// PATH.
type Lookup struct {
	// GOOS selects the usual places ("linux", "darwin", "windows").
	GOOS string
	// Executable reports whether path is an executable file.
	Executable func(path string) bool
	// LookPath finds a bare name on PATH (exec.LookPath).
	LookPath func(name string) (string, error)
	// Getenv reads an environment variable (the Windows install roots).
	Getenv func(string) string
}

// OSLookup is the Lookup of this machine.
func OSLookup() Lookup {
	return Lookup{GOOS: runtime.GOOS, Executable: isExecutable, LookPath: exec.LookPath, Getenv: os.Getenv}
}

// isExecutable reports whether path is a regular file that can be run
// (any file on Windows, which has no executable bit).
func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return false
	}
	return runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0
}

// Choice is the browser discovery picked, and why.
type Choice struct {
	// Path is the executable to start.
	Path string
	// Why says which rule chose it, for `pling config check`, `pling
	// doctor` and the start log.
	Why string
	// Tried lists, in order, every place looked at up to and including
	// the chosen one.
	Tried []string
}

// candidate is one place discovery looks: an absolute path, or a bare name
// looked up on PATH.
type candidate struct {
	where string // absolute path, or name on PATH
	label string
	shell bool // a headless shell: skipped for a windowed browser
	path  bool // look where up on PATH
}

// candidates are the places discovery looks on goos, in order: Debian's
// headless shell, Debian's Chromium, the usual names on PATH, then Google
// Chrome and Chromium where their installers put them on macOS and
// Windows.
func candidates(l Lookup) []candidate {
	var cs []candidate
	if l.GOOS == "linux" {
		cs = append(cs,
			candidate{where: HeadlessShellPath, label: "Debian's chromium-headless-shell", shell: true},
			candidate{where: DebianChromiumPath, label: "Debian's Chromium"})
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		cs = append(cs, candidate{where: name, label: name + " on PATH", path: true})
	}
	switch l.GOOS {
	case "linux":
		cs = append(cs, candidate{where: "/opt/google/chrome/chrome", label: "Google Chrome"})
	case "darwin":
		roots := []string{"/Applications"}
		if home := getenv(l, "HOME"); home != "" {
			roots = append(roots, home+"/Applications")
		}
		for _, root := range roots {
			cs = append(cs,
				candidate{where: root + "/Google Chrome.app/Contents/MacOS/Google Chrome", label: "Google Chrome"},
				candidate{where: root + "/Chromium.app/Contents/MacOS/Chromium", label: "Chromium"})
		}
	case "windows":
		for _, env := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
			root := getenv(l, env)
			if root == "" {
				continue
			}
			cs = append(cs,
				candidate{where: root + `\Google\Chrome\Application\chrome.exe`, label: "Google Chrome (%" + env + "%)"},
				candidate{where: root + `\Chromium\Application\chrome.exe`, label: "Chromium (%" + env + "%)"})
		}
		cs = append(cs, candidate{where: "chrome", label: "chrome on PATH", path: true})
	}
	return cs
}

func getenv(l Lookup, key string) string {
	if l.Getenv == nil {
		return ""
	}
	return l.Getenv(key)
}

// ErrNoBrowser: discovery found no Chromium or Chrome (errors.Is with
// ErrChromiumMissing holds too).
var ErrNoBrowser = fmt.Errorf("%w: no Chromium or Chrome found", ErrChromiumMissing)

// Discover picks the browser to start when browser.execPath is not set:
// Debian's headless shell if installed (unless headed: a headless shell
// never opens a window), else Debian's Chromium, else chromium,
// chromium-browser or google-chrome on PATH, else Google Chrome or
// Chromium at their usual macOS and Windows paths. Nothing is ever
// downloaded: with none found it returns ErrNoBrowser, naming every place
// tried and how to install one.
func Discover(headed bool, l Lookup) (Choice, error) {
	var tried []string
	for _, c := range candidates(l) {
		if c.shell && headed {
			continue
		}
		if c.path {
			tried = append(tried, c.where+" on PATH")
			if l.LookPath == nil {
				continue
			}
			if p, err := l.LookPath(c.where); err == nil {
				if headed && strings.HasSuffix(p, "headless-shell") {
					continue
				}
				return Choice{Path: p, Why: why(c.label, headed), Tried: tried}, nil
			}
			continue
		}
		tried = append(tried, c.where)
		if l.Executable != nil && l.Executable(c.where) {
			return Choice{Path: c.where, Why: why(c.label, headed), Tried: tried}, nil
		}
	}
	return Choice{Tried: tried}, fmt.Errorf("%w (tried %s); %s, or set browser.execPath or browser.remoteURL",
		ErrNoBrowser, strings.Join(tried, ", "), installHint(l.GOOS, headed))
}

func why(label string, headed bool) string {
	w := "browser.execPath is unset; the first browser found: " + label
	switch {
	case headed:
		w += " (headless: false skips the headless shell)"
	case strings.Contains(label, "headless-shell"):
		w += " (the fastest start)"
	}
	return w
}

// installHint says how to install a browser on goos, never by Pling.
func installHint(goos string, headed bool) string {
	switch goos {
	case "darwin":
		return "install Google Chrome (https://www.google.com/chrome/) or Chromium (brew install --cask chromium)"
	case "windows":
		return "install Google Chrome (https://www.google.com/chrome/)"
	}
	if headed {
		return "install Chromium (Debian/Ubuntu: apt-get install -y chromium)"
	}
	return "install Chromium (Debian/Ubuntu: apt-get install -y chromium-headless-shell chromium)"
}

// Resolve returns the executable opts start: the configured ExecPath as
// given (a bare name is looked up on PATH), or the discovered one when it
// is empty. A remote browser resolves to an empty Choice. Its errors wrap
// ErrChromiumMissing.
func Resolve(opts Options, l Lookup) (Choice, error) {
	if opts.RemoteURL != "" {
		return Choice{Why: "browser.remoteURL is set"}, nil
	}
	p := opts.ExecPath
	if p == "" {
		return Discover(opts.Headed, l)
	}
	if !strings.ContainsAny(p, `/\`) {
		found, err := l.LookPath(p)
		if err != nil {
			return Choice{Tried: []string{p + " on PATH"}}, fmt.Errorf("%w: browser.execPath %s is not on PATH (%s, or set browser.execPath to its absolute path)",
				ErrChromiumMissing, p, installHint(l.GOOS, opts.Headed))
		}
		return Choice{Path: found, Why: "browser.execPath is set (" + p + " on PATH)", Tried: []string{p + " on PATH"}}, nil
	}
	if !l.Executable(p) {
		return Choice{Tried: []string{p}}, fmt.Errorf("%w at %s: browser.execPath is not an executable file (%s)", ErrChromiumMissing, p, installHint(l.GOOS, opts.Headed))
	}
	return Choice{Path: p, Why: "browser.execPath is set", Tried: []string{p}}, nil
}
