package config

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// intRange is the accepted range of one whole-number key. docs/CONFIG.md
// shows the same ranges (a test keeps them in step).
type intRange struct {
	path     string // dotted key path, e.g. "observation.maxActions"
	min, max int    // inclusive bounds
	get      func(*Config) int
}

// intRanges lists the range of every whole-number key, in file order.
var intRanges = []intRange{
	{"observation.maxTokens", 1024, 2_000_000, func(c *Config) int { return c.Observation.MaxTokens }},
	{"observation.reserveForOutput", 0, 1_000_000, func(c *Config) int { return c.Observation.ReserveForOutput }},
	{"observation.keepRecent", 0, 1000, func(c *Config) int { return c.Observation.KeepRecent }},
	{"observation.maxActions", 1, 500, func(c *Config) int { return c.Observation.MaxActions }},
	{"observation.maxRecords", 0, 500, func(c *Config) int { return c.Observation.MaxRecords }},
	{"observation.maxScopes", 1, 500, func(c *Config) int { return c.Observation.MaxScopes }},
	{"observation.maxFeedback", 0, 100, func(c *Config) int { return c.Observation.MaxFeedback }},
	{"observation.maxStateChars", 0, 100_000, func(c *Config) int { return c.Observation.MaxStateChars }},
	{"observation.maxRecordChars", 0, 100_000, func(c *Config) int { return c.Observation.MaxRecordChars }},
	{"observation.maxFeedbackChars", 0, 100_000, func(c *Config) int { return c.Observation.MaxFeedbackChars }},
	{"observation.maxPageChars", 64, 100_000, func(c *Config) int { return c.Observation.MaxPageChars }},
	{"observation.maxToolResultTokens", 100, 1_000_000, func(c *Config) int { return c.Observation.MaxToolResultTokens }},
	{"observation.maxRecordIds", 0, 10_000, func(c *Config) int { return c.Observation.MaxRecordIDs }},
	{"observation.maxStringChars", 16, 10_000, func(c *Config) int { return c.Observation.MaxStringChars }},
	{"observation.maxObservationBytes", 2048, 1_000_000, func(c *Config) int { return c.Observation.MaxObservationBytes }},
	{"observation.maxReadChars", 100, 1_000_000, func(c *Config) int { return c.Observation.MaxReadChars }},
	{"observation.settleTimeoutMs", 0, 60_000, func(c *Config) int { return c.Observation.SettleTimeoutMs }},
	{"observation.settleQuietMs", 0, 10_000, func(c *Config) int { return c.Observation.SettleQuietMs }},
	{"browser.startTimeoutMs", 1000, 600_000, func(c *Config) int { return c.Browser.StartTimeoutMs }},
	{"browser.actionTimeoutMs", 100, 600_000, func(c *Config) int { return c.Browser.ActionTimeoutMs }},
	{"browser.viewport.width", 320, 7680, func(c *Config) int { return c.Browser.Viewport.Width }},
	{"browser.viewport.height", 240, 4320, func(c *Config) int { return c.Browser.Viewport.Height }},
	{"browser.screenshotMaxBytes", 16384, 10_000_000, func(c *Config) int { return c.Browser.ScreenshotMaxBytes }},
	{"browser.spareSessions", 0, 16, func(c *Config) int { return c.Browser.SpareSessions }},
	{"http.sessionIdleTTLMs", 1000, 604_800_000, func(c *Config) int { return c.HTTP.SessionIdleTTLMs }},
	{"http.maxSessions", 1, 10_000, func(c *Config) int { return c.HTTP.MaxSessions }},
	{"http.maxRequestBytes", 65_536, 67_108_864, func(c *Config) int { return c.HTTP.MaxRequestBytes }},
	{"http.maxPages", 1, 1000, func(c *Config) int { return c.HTTP.MaxPages }},
	{"http.pageIdleTTLMs", 60_000, 604_800_000, func(c *Config) int { return c.HTTP.PageIdleTTLMs }},
	{"web_search.maxCalls", 1, 10_000, func(c *Config) int { return c.WebSearch.MaxCalls }},
	{"web_search.maxSources", 1, 100_000, func(c *Config) int { return c.WebSearch.MaxSources }},
	{"web_search.sourcesPerCall", 1, 1000, func(c *Config) int { return c.WebSearch.SourcesPerCall }},
	{"web_search.timeoutMs", 1000, 600_000, func(c *Config) int { return c.WebSearch.TimeoutMs }},
	{"web_search.maxOutputTokens", 16, 128_000, func(c *Config) int { return c.WebSearch.MaxOutputTokens }},
	{"web_search.requestTimeoutMs", 1000, 86_400_000, func(c *Config) int { return c.WebSearch.RequestTimeoutMs }},
	{"agent.maxTurns", 1, 1000, func(c *Config) int { return c.Agent.MaxTurns }},
	{"agent.requestTimeoutMs", 1000, 600_000, func(c *Config) int { return c.Agent.RequestTimeoutMs }},
	{"agent.maxRetries", 0, 3, func(c *Config) int { return c.Agent.MaxRetries }},
}

// Bounds of the other keys (documented in docs/CONFIG.md).
const (
	minCompactRatio, maxCompactRatio = 0.1, 1.0
	maxRoleChars                     = 2000
	maxPatterns                      = 1000
	maxFlags                         = 100
	maxFlagChars                     = 1024
	maxPathChars                     = 4096
	maxURLChars                      = 2048
	maxSchemes                       = 64
	maxUploadRoots                   = 64
	maxRemoteHeaders                 = 16
)

// validate checks every value against its range and syntax and returns the
// first problem in file order, positioned with index (key path -> value
// position). A problem with a value the file does not set (a cross-key rule
// against a default) is placed at the nearest key that is set.
func validate(c *Config, index map[string]*token.Position) error {
	var errs []*Error
	add := func(msg string, paths ...string) {
		e := &Error{File: defaultFile, Path: paths[0], Message: msg}
		if pos := locate(index, paths...); pos != nil {
			e.Line, e.Col = pos.Line, pos.Column
		}
		errs = append(errs, e)
	}

	for _, r := range intRanges {
		if v := r.get(c); v < r.min || v > r.max {
			add(fmt.Sprintf("must be between %d and %d (got %d)", r.min, r.max, v), r.path)
		}
	}
	o := c.Observation
	if v := o.CompactRatio; !(v >= minCompactRatio && v <= maxCompactRatio) {
		add(fmt.Sprintf("must be between %g and %g (got %g)", minCompactRatio, maxCompactRatio, v), "observation.compactRatio")
	}
	if o.ReserveForOutput > o.MaxTokens/2 {
		add(fmt.Sprintf("must be at most half of observation.maxTokens (got %d of %d)", o.ReserveForOutput, o.MaxTokens),
			"observation.reserveForOutput", "observation.maxTokens")
	}
	if usable := o.MaxTokens - o.ReserveForOutput; o.MaxToolResultTokens > usable {
		add(fmt.Sprintf("must not exceed observation.maxTokens minus observation.reserveForOutput (got %d, usable %d)", o.MaxToolResultTokens, usable),
			"observation.maxToolResultTokens", "observation.maxTokens", "observation.reserveForOutput")
	}
	if o.SettleQuietMs > o.SettleTimeoutMs {
		add(fmt.Sprintf("must not exceed observation.settleTimeoutMs (got %d > %d)", o.SettleQuietMs, o.SettleTimeoutMs),
			"observation.settleQuietMs", "observation.settleTimeoutMs")
	}

	if msg := checkText(c.App.Role, maxRoleChars, true); msg != "" {
		add(msg, "app.role")
	}

	b := c.Browser
	if msg := checkText(b.ExecPath, maxPathChars, false); msg != "" {
		add(msg, "browser.execPath")
	}
	if b.RemoteURL != "" {
		if msg := checkRemoteURL(b.RemoteURL); msg != "" {
			add(msg, "browser.remoteURL")
		}
	}
	if len(b.RemoteHeaders) > maxRemoteHeaders {
		add(fmt.Sprintf("must have at most %d entries (got %d)", maxRemoteHeaders, len(b.RemoteHeaders)), "browser.remoteHeaders")
	}
	for i, h := range b.RemoteHeaders {
		p := fmt.Sprintf("browser.remoteHeaders[%d]", i)
		if msg := checkHeaderName(h.Name); msg != "" {
			add(msg, p+".name", p)
		}
		if !envName.MatchString(h.Env) {
			add(fmt.Sprintf("must name an environment variable (letters, digits and _, not starting with a digit; got %q)", clip(h.Env, 40)), p+".env", p)
		}
	}
	if len(b.RemoteHeaders) > 0 && b.RemoteURL == "" {
		add("are only sent to a remote browser: set browser.remoteURL, or remove them", "browser.remoteHeaders")
	}
	if b.RemotePerSession && b.RemoteURL == "" {
		add("needs browser.remoteURL (a browser pool): a local Chromium is always shared", "browser.remotePerSession")
	}
	if len(b.ExtraFlags) > maxFlags {
		add(fmt.Sprintf("must have at most %d entries (got %d)", maxFlags, len(b.ExtraFlags)), "browser.extraFlags")
	}
	for i, f := range b.ExtraFlags {
		p := fmt.Sprintf("browser.extraFlags[%d]", i)
		if !strings.HasPrefix(f, "--") || len(f) < 3 {
			add(fmt.Sprintf("must be a flag starting with -- (got %q)", clip(f, 40)), p)
		} else if msg := checkText(f, maxFlagChars, false); msg != "" {
			add(msg, p)
		}
	}

	if len(b.UploadRoots) > maxUploadRoots {
		add(fmt.Sprintf("must have at most %d entries (got %d)", maxUploadRoots, len(b.UploadRoots)), "browser.uploadRoots")
	}
	for i, root := range b.UploadRoots {
		p := fmt.Sprintf("browser.uploadRoots[%d]", i)
		if msg := checkText(root, maxPathChars, false); msg != "" {
			add(msg, p, "browser.uploadRoots")
		} else if !filepath.IsAbs(root) {
			add(fmt.Sprintf("must be an absolute directory path (got %q)", clip(root, 60)), p, "browser.uploadRoots")
		} else if filepath.Clean(root) == string(filepath.Separator) {
			add("must not be the file system root: name the directory uploads come from", p, "browser.uploadRoots")
		}
	}

	n := c.Navigation
	for _, list := range []struct {
		name     string
		patterns []string
	}{{"navigation.allow", n.Allow}, {"navigation.deny", n.Deny}, {"http.allowedOrigins", c.HTTP.AllowedOrigins}} {
		if len(list.patterns) > maxPatterns {
			add(fmt.Sprintf("must have at most %d entries (got %d)", maxPatterns, len(list.patterns)), list.name)
		}
		for i, s := range list.patterns {
			if _, err := parsePattern(s); err != nil {
				add(err.Error(), fmt.Sprintf("%s[%d]", list.name, i), list.name)
			}
		}
	}
	if len(n.BlockedSchemes) > maxSchemes {
		add(fmt.Sprintf("must have at most %d entries (got %d)", maxSchemes, len(n.BlockedSchemes)), "navigation.blockedSchemes")
	}
	for i, s := range n.BlockedSchemes {
		if !schemeName.MatchString(s) {
			add(fmt.Sprintf("must be a scheme name such as javascript, without a colon (got %q)", clip(s, 40)),
				fmt.Sprintf("navigation.blockedSchemes[%d]", i), "navigation.blockedSchemes")
		}
	}
	if n.Dialogs != DialogsAccept && n.Dialogs != DialogsDismiss {
		add(fmt.Sprintf("must be accept or dismiss (got %q)", clip(string(n.Dialogs), 40)), "navigation.dialogs")
	}

	if p := c.Tools.ConfirmWithoutElicitation; p != ConfirmRequireFlag && p != ConfirmRefuse {
		add(fmt.Sprintf("must be require_flag or refuse (got %q)", clip(string(p), 40)), "tools.confirmWithoutElicitation")
	}

	if msg := checkListen(c.HTTP.Listen); msg != "" {
		add(msg, "http.listen")
	}
	if len(c.HTTP.AllowedHosts) > maxPatterns {
		add(fmt.Sprintf("must have at most %d entries (got %d)", maxPatterns, len(c.HTTP.AllowedHosts)), "http.allowedHosts")
	}
	for i, h := range c.HTTP.AllowedHosts {
		if msg := checkHost(h); msg != "" {
			add(msg, fmt.Sprintf("http.allowedHosts[%d]", i), "http.allowedHosts")
		}
	}

	ws := c.WebSearch
	if !modelID.MatchString(ws.Model) {
		msg := fmt.Sprintf("must be an OpenAI model id such as gpt-5.4 (got %q)", clip(ws.Model, 40))
		if strings.Contains(ws.Model, "/") {
			msg = fmt.Sprintf("must be an unprefixed OpenAI model id such as gpt-5.4, not a provider/model route (got %q)", clip(ws.Model, 40))
		}
		add(msg, "web_search.model")
	}
	if ws.SourcesPerCall > ws.MaxSources {
		add(fmt.Sprintf("must not exceed web_search.maxSources (got %d > %d)", ws.SourcesPerCall, ws.MaxSources),
			"web_search.sourcesPerCall", "web_search.maxSources")
	}
	if ws.TimeoutMs > ws.RequestTimeoutMs {
		add(fmt.Sprintf("must not exceed web_search.requestTimeoutMs (got %d > %d)", ws.TimeoutMs, ws.RequestTimeoutMs),
			"web_search.timeoutMs", "web_search.requestTimeoutMs")
	}

	if !agentModel.MatchString(c.Agent.Model) {
		add(fmt.Sprintf("must be a model id: 1 to 128 letters, digits and . _ - : / @ + characters, no spaces (got %q)", clip(c.Agent.Model, 40)), "agent.model")
	}

	if len(errs) == 0 {
		return nil
	}
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if a.Line == 0 || b.Line == 0 {
			return a.Line != 0 && b.Line == 0
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return errs[0]
}

// locate returns the position of the first of paths the file sets, falling
// back to their enclosing sections.
func locate(index map[string]*token.Position, paths ...string) *token.Position {
	for _, p := range paths {
		if pos := index[p]; pos != nil {
			return pos
		}
	}
	for _, p := range paths {
		for {
			i := strings.LastIndexAny(p, ".[")
			if i < 0 {
				break
			}
			p = p[:i]
			if pos := index[p]; pos != nil {
				return pos
			}
		}
	}
	return nil
}

var (
	schemeName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]{0,31}$`)
	modelID    = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
	// agentModel admits the ids local servers use too (llama3.1:8b,
	// Qwen/Qwen2.5-7B-Instruct, model@q4).
	agentModel = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$`)
)

// checkText returns a message when s is longer than max runes or holds
// control characters (newlines and tabs allowed when multiline).
func checkText(s string, max int, multiline bool) string {
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Sprintf("must be at most %d characters (got %d)", max, n)
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			return fmt.Sprintf("must not contain control characters (found %U)", r)
		}
	}
	return ""
}

func checkRemoteURL(s string) string {
	if len(s) > maxURLChars {
		return fmt.Sprintf("must be at most %d characters", maxURLChars)
	}
	u, err := url.Parse(s)
	if err != nil {
		return "must be a ws://, wss://, http:// or https:// URL of a CDP endpoint (does not parse)"
	}
	switch u.Scheme {
	case "ws", "wss", "http", "https":
	default:
		return fmt.Sprintf("must be a ws://, wss://, http:// or https:// URL of a CDP endpoint (got scheme %q)", clip(u.Scheme, 20))
	}
	if u.Host == "" || u.Hostname() == "" {
		return "must name a host, e.g. ws://127.0.0.1:9222/devtools/browser/…"
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Sprintf("has a port out of range (got %s)", clip(p, 10))
		}
	}
	return ""
}

// envName matches an environment variable name.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,127}$`)

// httpToken matches an HTTP header name (RFC 9110 token).
var httpToken = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$")

// checkHeaderName checks a browser.remoteHeaders name: a header token that
// the WebSocket handshake does not set itself.
func checkHeaderName(s string) string {
	if !httpToken.MatchString(s) {
		return fmt.Sprintf("must be an HTTP header name such as Authorization (got %q)", clip(s, 40))
	}
	switch strings.ToLower(s) {
	case "host", "connection", "upgrade", "content-length", "transfer-encoding":
		return fmt.Sprintf("is set by the WebSocket handshake itself (got %q)", clip(s, 40))
	}
	if strings.HasPrefix(strings.ToLower(s), "sec-websocket-") {
		return fmt.Sprintf("is set by the WebSocket handshake itself (got %q)", clip(s, 40))
	}
	return ""
}

func checkListen(s string) string {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return fmt.Sprintf("must be host:port such as 127.0.0.1:8931 (got %q)", clip(s, 60))
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Sprintf("must have a port between 0 and 65535 (got %q)", clip(port, 10))
	}
	if strings.ContainsFunc(host, func(r rune) bool { return r <= ' ' || r == '/' || r >= utf8.RuneSelf }) {
		return fmt.Sprintf("has an invalid host (got %q)", clip(host, 60))
	}
	return ""
}

// checkHost checks one http.allowedHosts entry: a host name or IP, with an
// optional port, as a Host header carries it.
func checkHost(s string) string {
	host := s
	if strings.Contains(s, "/") {
		host = ""
	} else if h, port, err := net.SplitHostPort(s); err == nil {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return fmt.Sprintf("must have a port between 1 and 65535 (got %q)", clip(port, 10))
		}
		host = h
	}
	if host == "" || strings.ContainsFunc(host, func(r rune) bool {
		return r <= ' ' || r == '/' || r == '@' || r == '*' || r >= utf8.RuneSelf
	}) {
		return fmt.Sprintf("must be a host such as mcp.example.com or mcp.example.com:443, without scheme or wildcard (got %q)", clip(s, 60))
	}
	return ""
}
