package config

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Severity ranks a Finding.
type Severity string

// Severities.
const (
	// SeverityError: serving with this configuration fails or is unsafe;
	// `pling config check` exits non-zero.
	SeverityError Severity = "error"
	// SeverityWarning: it works, but weakens a protection or wastes a setting.
	SeverityWarning Severity = "warning"
	// SeverityNote: how the configuration will behave in this environment.
	SeverityNote Severity = "note"
)

// Finding is one result of Check.
type Finding struct {
	// Severity ranks the finding.
	Severity Severity
	// Path is the key path the finding is about ("web_search", "http.listen").
	Path string
	// Message says what Pling will do or what to change.
	Message string
}

// String returns "severity: path: message".
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s: %s", f.Severity, f.Path, f.Message)
}

// HasErrors reports whether any finding is an error.
func HasErrors(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Check looks at a parsed configuration in its environment, for `pling
// config check FILE`: env reads environment variables (os.Getenv in
// production; PATH is read through it too), and execPath is looked up on
// the file system. The findings come in file order. Check never reports the
// value of a secret, only whether it is set.
func Check(cfg Config, env func(string) string) []Finding {
	return CheckWith(cfg, env, nil)
}

// BrowserFinder picks the browser an unset browser.execPath starts
// (cmd/pling passes browser.Discover): its path and why, or an error
// naming every place tried.
type BrowserFinder func(headless bool) (path, why string, err error)

// CheckWith is Check with the browser discovery of this machine: an unset
// browser.execPath is reported as the binary find chose and why, or as an
// error when it finds none. A nil find reports only that one is searched.
func CheckWith(cfg Config, env func(string) string, find BrowserFinder) []Finding {
	var fs []Finding
	add := func(sev Severity, path, format string, args ...any) {
		fs = append(fs, Finding{Severity: sev, Path: path, Message: fmt.Sprintf(format, args...)})
	}

	o := cfg.Observation
	if o.MaxRecordIDs < o.MaxRecords {
		add(SeverityWarning, "observation.maxRecordIds",
			"is smaller than observation.maxRecords (%d < %d); the citation index usually carries more ids than the records shown in full",
			o.MaxRecordIDs, o.MaxRecords)
	}
	if sum := o.MaxStateChars + o.MaxRecordChars + o.MaxFeedbackChars + o.MaxPageChars; sum > o.MaxObservationBytes {
		add(SeverityNote, "observation.maxObservationBytes",
			"is smaller than the section budgets together (%d bytes < %d characters); observations will be cut to fit", o.MaxObservationBytes, sum)
	}

	checkBrowser(cfg.Browser, env, find, add)
	checkUploadRoots(cfg.Browser, add)
	for i, hc := range cfg.Browser.HTTPCredentials {
		if env(hc.PasswordEnv) == "" {
			add(SeverityError, fmt.Sprintf("browser.httpCredentials[%d].passwordEnv", i), "names %s, which is not set: serving stops at start", hc.PasswordEnv)
		}
		if strings.HasPrefix(strings.ToLower(hc.Origin), "http://") && !loopbackOrigin(hc.Origin) {
			add(SeverityWarning, fmt.Sprintf("browser.httpCredentials[%d].origin", i), "is plain http: the password crosses the network unencrypted (Basic authentication sends it with every request)")
		}
	}

	n := cfg.Navigation
	if !n.BlockMetadata {
		add(SeverityWarning, "navigation.blockMetadata", "is false: cloud metadata endpoints are reachable, and a page can lead the agent to instance credentials")
	}
	if !n.blocked("file") {
		add(SeverityWarning, "navigation.blockedSchemes", "does not list file: the agent can open local files")
	}
	if !n.blocked("data") {
		add(SeverityNote, "navigation.blockedSchemes", "does not list data: the agent can open data: URLs")
	}
	if len(n.Allow) == 0 {
		add(SeverityNote, "navigation.allow", "is empty: every http(s) origin not denied may be opened")
	}

	h := cfg.HTTP
	token := env(EnvHTTPToken)
	if !h.Loopback() {
		if token == "" {
			add(SeverityError, "http.listen",
				"%s is reachable beyond this machine and %s is not set: anyone who reaches the port could drive the browser", h.Listen, EnvHTTPToken)
		} else {
			add(SeverityNote, "http.listen", "%s is reachable beyond this machine; requests must carry the bearer token from %s", h.Listen, EnvHTTPToken)
		}
	}
	for i, t := range HTTPTokens(token) {
		if len(t) < 16 {
			add(SeverityWarning, "http.listen", "%s token %d is shorter than 16 characters", EnvHTTPToken, i+1)
		}
	}
	for i, a := range h.AllowedOrigins {
		if p, err := parsePattern(a); err == nil && p.anyHost {
			add(SeverityWarning, fmt.Sprintf("http.allowedOrigins[%d]", i), "%q accepts every browser origin, which gives up DNS-rebinding protection", a)
		}
	}

	ws := cfg.WebSearch
	switch {
	case !ws.Enabled:
		add(SeverityNote, "web_search", "not offered: disabled in agent.yaml")
	case env(EnvOpenAIKey) == "":
		add(SeverityNote, "web_search", "not offered: %s is not set", EnvOpenAIKey)
	default:
		add(SeverityNote, "web_search",
			"offered: queries go to a separate OpenAI search model (%s); public-network activity and charges may occur, and results are candidates, not verified sources", ws.Model)
	}
	return fs
}

func checkBrowser(b Browser, env func(string) string, find BrowserFinder, add func(Severity, string, string, ...any)) {
	if b.RemoteURL != "" {
		where := b.RemoteURL
		if u, err := url.Parse(b.RemoteURL); err == nil {
			if u.User != nil || u.RawQuery != "" {
				add(SeverityWarning, "browser.remoteURL", "carries a user name or a query (often a token); keep this agent.yaml out of shared places, or send the token from the environment with browser.remoteHeaders")
			}
			where = u.Scheme + "://" + u.Host
		}
		add(SeverityNote, "browser.remoteURL", "attaching to the remote browser at %s; execPath and headless are not used", where)
		for i, h := range b.RemoteHeaders {
			if env(h.Env) == "" {
				add(SeverityError, fmt.Sprintf("browser.remoteHeaders[%d].env", i), "%s is not set: the %s header would have no value, and Pling refuses to start", h.Env, h.Name)
			}
		}
		if b.RemotePerSession {
			add(SeverityNote, "browser.remotePerSession", "pool mode: each MCP session dials its own connection (its own pooled browser); browser.spareSessions connections are dialed ahead")
		} else {
			add(SeverityNote, "browser.remotePerSession", "is false: every session shares one connection to the remote browser, and its loss empties them all")
		}
		if len(b.ExtraFlags) > 0 {
			add(SeverityWarning, "browser.extraFlags", "are ignored: a remote browser is started by its own host")
		}
		return
	}
	switch p := b.ExecPath; {
	case p == "" && find == nil:
		add(SeverityNote, "browser.execPath", "is unset: the headless shell, Chromium and Chrome are searched at their usual places")
	case p == "":
		if path, why, err := find(b.Headless); err != nil {
			add(SeverityError, "browser.execPath", "is unset and %v", err)
		} else {
			add(SeverityNote, "browser.execPath", "starting %s (%s)", path, why)
		}
	case strings.ContainsRune(p, '/') || strings.ContainsRune(p, filepath.Separator):
		if msg := executable(p); msg != "" {
			add(SeverityError, "browser.execPath", "%s %s; install Chromium, or set browser.execPath or browser.remoteURL", p, msg)
		} else if find != nil {
			add(SeverityNote, "browser.execPath", "starting %s (browser.execPath is set)", p)
		}
	default:
		found := false
		for _, dir := range filepath.SplitList(env("PATH")) {
			if dir != "" && executable(filepath.Join(dir, p)) == "" {
				found = true
				break
			}
		}
		if !found {
			add(SeverityError, "browser.execPath", "%s is not on PATH; install Chromium, or set browser.execPath or browser.remoteURL", p)
		} else if find != nil {
			add(SeverityNote, "browser.execPath", "starting %s from PATH (browser.execPath is set)", p)
		}
	}
	// A headless shell (Debian's chromium-headless-shell, Chrome's
	// chrome-headless-shell) has no windowed mode.
	shell := strings.HasSuffix(b.ExecPath, "headless-shell")
	if shell && !b.Headless {
		add(SeverityWarning, "browser.headless", "is false but %s is a headless shell, which never opens a window", b.ExecPath)
	}
	if !shell && !b.Headless && runtime.GOOS == "linux" && env("DISPLAY") == "" && env("WAYLAND_DISPLAY") == "" {
		add(SeverityWarning, "browser.headless", "is false but neither DISPLAY nor WAYLAND_DISPLAY is set; Chromium will fail to open a window")
	}
	for i, f := range b.ExtraFlags {
		name, _, _ := strings.Cut(f, "=")
		p := fmt.Sprintf("browser.extraFlags[%d]", i)
		switch name {
		case "--no-sandbox":
			add(SeverityWarning, p, "%s turns off Chromium's sandbox: a compromised page can reach this machine", name)
		case "--disable-web-security":
			add(SeverityWarning, p, "%s turns off the same-origin policy for every page", name)
		case "--remote-debugging-port", "--remote-debugging-address", "--remote-debugging-pipe", "--remote-allow-origins":
			add(SeverityWarning, p, "%s exposes the browser's DevTools endpoint, which bypasses every Pling policy", name)
		case "--user-data-dir":
			add(SeverityWarning, p, "%s shares one profile (cookies, logins) with every session; Pling isolates sessions with browser contexts", name)
		}
	}
}

// executable returns "" when path is an executable file, otherwise why not.
func executable(path string) string {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return "does not exist"
	case fi.IsDir():
		return "is a directory"
	case fi.Mode().Perm()&0o111 == 0:
		return "is not executable"
	}
	return ""
}

// Loopback reports whether Listen accepts connections from this machine
// only: a loopback IP or "localhost". An empty host (":8931"), 0.0.0.0, ::
// and any other name listen beyond it.
func (h HTTP) Loopback() bool {
	host, _, err := net.SplitHostPort(h.Listen)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// HTTPTokens splits the value of PLING_HTTP_TOKEN into its bearer tokens:
// comma-separated (a comma is not a bearer-token character, RFC 6750
// b64token), spaces trimmed, empty entries dropped.
func HTTPTokens(v string) []string {
	var out []string
	for _, t := range strings.Split(v, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// checkUploadRoots reports upload roots that are not directories, and the
// remote-browser case where paths name files on the browser's machine.
func checkUploadRoots(b Browser, add func(Severity, string, string, ...any)) {
	for i, root := range b.UploadRoots {
		p := fmt.Sprintf("browser.uploadRoots[%d]", i)
		st, err := os.Stat(root)
		switch {
		case err != nil:
			add(SeverityError, p, "%s does not exist or cannot be read", root)
		case !st.IsDir():
			add(SeverityError, p, "%s is not a directory", root)
		}
	}
	if b.RemoteURL != "" && len(b.UploadRoots) > 0 {
		add(SeverityWarning, "browser.uploadRoots", "is used with a remote browser: it reads the uploaded paths on its own machine, not this one")
	}
}

// loopbackOrigin reports whether an http(s) origin's host is a loopback
// name or address.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.IsLoopback()
}
