package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// errCase is one bad document: where the error must point and what its
// message must contain.
type errCase struct {
	name      string
	in        string
	line, col int
	path      string
	msg       string
}

func runErrCases(t *testing.T, cases []errCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tc.in))
			if err == nil {
				t.Fatalf("Parse(%q) = nil error, want %q", tc.in, tc.msg)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error %T %v is not *Error", tc.in, err, err)
			}
			if e.Line != tc.line || e.Col != tc.col || e.Path != tc.path {
				t.Errorf("position = %d:%d %q, want %d:%d %q (error: %v)", e.Line, e.Col, e.Path, tc.line, tc.col, tc.path, err)
			}
			if !strings.Contains(e.Message, tc.msg) {
				t.Errorf("message %q does not contain %q", e.Message, tc.msg)
			}
			if e.File != "agent.yaml" {
				t.Errorf("file = %q, want agent.yaml", e.File)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	_, err := Parse([]byte("observation:\n  maxActions: 0\n"))
	want := "agent.yaml:2:15: observation.maxActions must be between 1 and 500 (got 0)"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
	e := &Error{File: "x.yaml", Message: "is larger than 1 bytes"}
	if got, want := e.Error(), "x.yaml: is larger than 1 bytes"; got != want {
		t.Errorf("unpositioned error = %q, want %q", got, want)
	}
}

func TestUnknownKeys(t *testing.T) {
	runErrCases(t, []errCase{
		{"top level", "app:\n  role: x\nobservaton:\n  maxActions: 3\n", 3, 1, "observaton", "is not a known section (did you mean observation?)"},
		{"top level no suggestion", "zzz: 1\n", 1, 1, "zzz", "known: agent, app, browser, http, navigation, observation, tools, web_search"},
		{"key of another section", "role: x\n", 1, 1, "role", "did you mean app.role?"},
		{"nested", "observation:\n  maxTokens: 9000\n  maxActoins: 3\n", 3, 3, "observation.maxActoins", "is not a known key in observation (did you mean maxActions?)"},
		{"nested case", "observation:\n  MaxActions: 3\n", 2, 3, "observation.MaxActions", "did you mean maxActions?"},
		{"snake case", "observation:\n  max_actions: 3\n", 2, 3, "observation.max_actions", "did you mean maxActions?"},
		{"two levels", "browser:\n  viewport:\n    width: 800\n    depth: 3\n", 4, 5, "browser.viewport.depth", "is not a known key in browser.viewport"},
		{"flow mapping", "browser: {viewport: {width: 800, hieght: 600}}\n", 1, 34, "browser.viewport.hieght", "did you mean height?"},
		{"websearch name", "web_search:\n  name: web_search\n", 2, 3, "web_search.name", "is not a known key in web_search"},
		{"web_search camel", "webSearch:\n  enabled: false\n", 1, 1, "webSearch", "did you mean web_search?"},
		{"non-name key", "observation:\n  1: 2\n", 2, 3, "observation", "has a key that is not a plain name"},
	})
}

func TestWrongTypes(t *testing.T) {
	runErrCases(t, []errCase{
		{"float for int", "observation:\n  maxActions: 1.5\n", 2, 15, "observation.maxActions", "must be a whole number (got 1.5)"},
		{"quoted int", "observation:\n  maxActions: \"40\"\n", 2, 15, "observation.maxActions", `must be a whole number (got "40")`},
		{"word for int", "observation:\n  maxActions: many\n", 2, 15, "observation.maxActions", `must be a whole number (got "many")`},
		{"bool for int", "observation:\n  maxActions: true\n", 2, 15, "observation.maxActions", "must be a whole number (got true)"},
		{"list for int", "observation:\n  maxActions: [1]\n", 2, 15, "observation.maxActions", "must be a whole number (got a list)"},
		{"string for float", "observation:\n  compactRatio: high\n", 2, 17, "observation.compactRatio", "must be a number"},
		{"nan for float", "observation:\n  compactRatio: .nan\n", 2, 17, "observation.compactRatio", "must be a number"},
		{"yes for bool", "browser:\n  headless: yes\n", 2, 13, "browser.headless", "must be true or false (got \"yes\")"},
		{"quoted bool", "browser:\n  headless: \"true\"\n", 2, 13, "browser.headless", "must be true or false"},
		{"int for bool", "tools:\n  pageTools: 1\n", 2, 14, "tools.pageTools", "must be true or false (got 1)"},
		{"int for string", "web_search:\n  model: 5\n", 2, 10, "web_search.model", "must be a string (got 5); quote it"},
		{"list for string", "app:\n  role: [a]\n", 2, 9, "app.role", "must be a string (got a list)"},
		{"mapping for string", "app:\n  role: {a: b}\n", 2, 9, "app.role", "must be a string (got a mapping)"},
		{"scalar for list", "navigation:\n  allow: https://example.com\n", 2, 10, "navigation.allow", "must be a list"},
		{"number in list", "browser:\n  extraFlags: [--a, 7]\n", 2, 21, "browser.extraFlags[1]", "must be a string (got 7)"},
		{"scalar for section", "observation: 5\n", 1, 14, "observation", "must be a mapping of keys"},
		{"list for section", "browser:\n  - a\n", 2, 3, "browser", "must be a mapping of keys"},
		{"list document", "- a\n- b\n", 1, 1, "", "the top level must be a mapping of sections"},
		{"scalar document", "hello\n", 1, 1, "", "the top level must be a mapping of sections"},
		{"top-level empty key", "\"\": 1\n", 1, 1, "", "a top-level key is not a plain name"},
		{"null list item", "navigation:\n  allow: [~]\n", 2, 11, "navigation.allow[0]", "has no value"},
		{"deep nesting", "observation: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n", 1, 14, "observation", "must be a mapping of keys"},
		{"null section", "observation: ~\n", 1, 1, "observation", "has no value"},
		{"empty value", "observation:\n  maxActions:\n  maxRecords: 3\n", 2, 3, "observation.maxActions", "delete the line to take the default (40)"},
		{"empty list value", "navigation:\n  allow:\n", 2, 3, "navigation.allow", "default ([])"},
		{"empty section", "observation:\n", 1, 1, "observation", "has no value"},
		{"int too large", "observation:\n  maxActions: 99999999999999999999999\n", 2, 15, "observation.maxActions", "must be between 1 and 500 (got 99999999999999999999999)"},
		{"uint64 too large", "observation:\n  maxActions: 18446744073709551615\n", 2, 15, "observation.maxActions", "must be between 1 and 500 (got 18446744073709551615)"},
	})
}

func TestSyntaxAndStructure(t *testing.T) {
	runErrCases(t, []errCase{
		{"duplicate top-level key", "app:\n  role: a\napp:\n  role: b\n", 3, 1, "", `mapping key "app" already defined at [1:1]`},
		{"duplicate nested key", "observation:\n  maxActions: 3\n  maxActions: 4\n", 3, 3, "", `mapping key "maxActions" already defined at [2:3]`},
		{"duplicate in flow", "browser: {headless: true, headless: false}\n", 1, 27, "", `mapping key "headless" already defined`},
		{"unterminated quote", "app:\n  role: 'open\n", 2, 9, "", "could not find end character of single-quoted text"},
		{"tab indent", "app:\n\trole: x\n", 2, 1, "", ""},
		{"two documents", "app:\n  role: a\n---\napp:\n  role: b\n", 4, 1, "", "holds more than one YAML document"},
		{"anchor", "observation: &o\n  maxActions: 3\n", 1, 14, "observation", "anchor or alias"},
		{"alias", "app:\n  role: &r hi\nweb_search:\n  model: *r\n", 2, 9, "app.role", "anchor or alias"},
		{"merge key", "observation:\n  <<: {maxActions: 3}\n", 2, 3, "observation", "merge key"},
		{"tag", "app:\n  role: !!str hi\n", 2, 9, "app.role", "has a tag"},
		{"not utf8", "app:\n  role: \xff\n", 2, 9, "", "not valid UTF-8"},
	})
	// The syntax errors keep go-yaml's error for callers that want it.
	_, err := Parse([]byte("app:\n  role: a\napp:\n  role: b\n"))
	var ye yaml.Error
	if !errors.As(err, &ye) {
		t.Errorf("duplicate key error %v does not unwrap to yaml.Error", err)
	}
}

func TestCredentialsRejected(t *testing.T) {
	const msg = "never holds credentials"
	runErrCases(t, []errCase{
		{"apiKey in web_search", "web_search:\n  model: gpt-5.4\n  apiKey: sk-test\n", 3, 3, "web_search.apiKey", msg},
		{"api_key top level", "api_key: abc\n", 1, 1, "api_key", msg},
		{"OPENAI_API_KEY", "OPENAI_API_KEY: abc\n", 1, 1, "OPENAI_API_KEY", msg},
		{"api-key", "web_search:\n  api-key: abc\n", 2, 3, "web_search.api-key", msg},
		{"under unknown section", "openai:\n  organization: o\n  key: abc\n", 3, 3, "openai.key", msg},
		{"http token", "http:\n  token: abc\n", 2, 3, "http.token", msg},
		{"bearer token", "http:\n  bearerToken: abc\n", 2, 3, "http.bearerToken", msg},
		{"password", "browser:\n  password: hunter2\n", 2, 3, "browser.password", msg},
		{"secret in list item", "navigation:\n  allow:\n    - {clientSecret: x}\n", 3, 8, "navigation.allow[0].clientSecret", msg},
		{"credential before unknown key", "zzz: 1\nweb_search:\n  apiKey: x\n", 3, 3, "web_search.apiKey", msg},
		{"key-like value", "app:\n  role: sk-proj-abcdefghijklmnopqrstuvwx\n", 2, 9, "app.role", "looks like an API key"},
		{"key-like list value", "browser:\n  extraFlags: [\"sk-abcdefghijklmnopqrstuvwx\"]\n", 2, 16, "browser.extraFlags[0]", "looks like an API key"},
	})
	// The value never appears in the message.
	_, err := Parse([]byte("web_search:\n  apiKey: sk-SECRETSECRETSECRETSECRET\n"))
	if err == nil || strings.Contains(err.Error(), "SECRET") {
		t.Errorf("error %v echoes the secret", err)
	}
}

// TestTokenCountsAreNotCredentials guards the credential rule against the
// real keys that end in "Tokens".
func TestTokenCountsAreNotCredentials(t *testing.T) {
	in := "observation:\n  maxTokens: 8192\n  maxToolResultTokens: 1000\nweb_search:\n  maxOutputTokens: 4096\n"
	if _, err := Parse([]byte(in)); err != nil {
		t.Fatal(err)
	}
}

// TestAgentModelIDs: agent.model admits the ids local OpenAI-compatible
// servers use, not only OpenAI's.
func TestAgentModelIDs(t *testing.T) {
	for _, id := range []string{"gpt-5.4", "llama3.1:8b", "Qwen/Qwen2.5-7B-Instruct", "model@q4_k_m", "gpt-4o-mini"} {
		c, err := Parse([]byte("agent:\n  model: " + id + "\n"))
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		if c.Agent.Model != id {
			t.Errorf("model = %q, want %q", c.Agent.Model, id)
		}
	}
}

func TestInvalidStrings(t *testing.T) {
	runErrCases(t, []errCase{
		{"listen without port", "http:\n  listen: localhost\n", 2, 11, "http.listen", "must be host:port"},
		{"listen bad port", "http:\n  listen: 127.0.0.1:99999\n", 2, 11, "http.listen", "port between 0 and 65535"},
		{"remote scheme", "browser:\n  remoteURL: ftp://x:9222\n", 2, 14, "browser.remoteURL", `got scheme "ftp"`},
		{"remote no host", "browser:\n  remoteURL: ws:///devtools\n", 2, 14, "browser.remoteURL", "must name a host"},
		{"remote header name", "browser:\n  remoteURL: ws://h:1\n  remoteHeaders:\n    - {name: \"Bad Name\", env: POOL_AUTH}\n", 4, 14, "browser.remoteHeaders[0].name", "must be an HTTP header name"},
		{"remote header host", "browser:\n  remoteURL: ws://h:1\n  remoteHeaders:\n    - name: Host\n      env: X\n", 4, 13, "browser.remoteHeaders[0].name", "set by the WebSocket handshake"},
		{"remote header env", "browser:\n  remoteURL: ws://h:1\n  remoteHeaders:\n    - name: Authorization\n      env: 1TOKEN\n", 5, 12, "browser.remoteHeaders[0].env", "must name an environment variable"},
		{"remote header without url", "browser:\n  remoteHeaders: [{name: Authorization, env: POOL_AUTH}]\n", 2, 18, "browser.remoteHeaders", "set browser.remoteURL"},
		{"remote header unknown key", "browser:\n  remoteURL: ws://h:1\n  remoteHeaders: [{name: Authorization, value: x}]\n", 3, 41, "browser.remoteHeaders[0].value", "is not a known key"},
		{"per session without url", "browser:\n  remotePerSession: true\n", 2, 21, "browser.remotePerSession", "needs browser.remoteURL"},
		{"model with provider", "web_search:\n  model: openai/gpt-5.4\n", 2, 10, "web_search.model", "unprefixed"},
		{"model empty", "web_search:\n  model: \"\"\n", 2, 10, "web_search.model", "must be an OpenAI model id"},
		{"agent model empty", "agent:\n  model: \"\"\n", 2, 10, "agent.model", "must be a model id"},
		{"agent model space", "agent:\n  model: \"gpt 5\"\n", 2, 10, "agent.model", "no spaces"},
		{"dialogs", "navigation:\n  dialogs: ignore\n", 2, 12, "navigation.dialogs", `must be accept or dismiss (got "ignore")`},
		{"confirm policy", "tools:\n  confirmWithoutElicitation: always\n", 2, 30, "tools.confirmWithoutElicitation", "must be require_flag or refuse"},
		{"scheme with colon", "navigation:\n  blockedSchemes: [javascript, \"ftp:\"]\n", 2, 32, "navigation.blockedSchemes[1]", "without a colon"},
		{"allow path", "navigation:\n  allow:\n    - https://example.com/app\n", 3, 7, "navigation.allow[0]", "must not have a path"},
		{"allow no scheme", "navigation:\n  allow: [example.com]\n", 2, 11, "navigation.allow[0]", "must be scheme://host[:port]"},
		{"deny bad wildcard", "navigation:\n  deny: [\"https://ex*.com\"]\n", 2, 10, "navigation.deny[0]", "may use * only"},
		{"deny wildcard ip", "navigation:\n  deny: [\"https://*.10.0.0.1\"]\n", 2, 10, "navigation.deny[0]", "IP address"},
		{"origin bad port", "http:\n  allowedOrigins: [\"http://localhost:0\"]\n", 2, 20, "http.allowedOrigins[0]", "port between 1 and 65535"},
		{"host with scheme", "http:\n  allowedHosts: [\"https://mcp.example.com\"]\n", 2, 18, "http.allowedHosts[0]", "without scheme or wildcard"},
		{"host bad port", "http:\n  allowedHosts: [\"mcp.example.com:0\"]\n", 2, 18, "http.allowedHosts[0]", "port between 1 and 65535"},
		{"request bytes too small", "http:\n  maxRequestBytes: 100\n", 2, 20, "http.maxRequestBytes", "between 65536 and 67108864"},
		{"sessions zero", "http:\n  maxSessions: 0\n", 2, 16, "http.maxSessions", "between 1 and 10000"},
		{"flag without dashes", "browser:\n  extraFlags: [-x]\n", 2, 16, "browser.extraFlags[0]", "starting with --"},
		{"flag control char", "browser:\n  extraFlags: [\"--a\\u0001\"]\n", 2, 16, "browser.extraFlags[0]", "control characters"},
		{"role too long", "app:\n  role: " + strings.Repeat("x", 2001) + "\n", 2, 9, "app.role", "at most 2000 characters (got 2001)"},
		{"upload root relative", "browser:\n  uploadRoots: [uploads]\n", 2, 17, "browser.uploadRoots[0]", "absolute directory path"},
		{"upload root is /", "browser:\n  uploadRoots:\n    - /tmp\n    - /\n", 4, 7, "browser.uploadRoots[1]", "must not be the file system root"},
		{"upload root control char", "browser:\n  uploadRoots: [\"/tmp/a\\u0001\"]\n", 2, 17, "browser.uploadRoots[0]", "control characters"},
		{"role control char", "app:\n  role: \"a\\u0007b\"\n", 2, 9, "app.role", "control characters"},
	})
}

// TestCrossKeyRules: a rule between two keys points at the key the file
// sets, preferring the one the message is about.
func TestCrossKeyRules(t *testing.T) {
	runErrCases(t, []errCase{
		{"sourcesPerCall set", "web_search:\n  sourcesPerCall: 200\n  maxSources: 150\n", 2, 19, "web_search.sourcesPerCall", "must not exceed web_search.maxSources (got 200 > 150)"},
		{"only maxSources set", "web_search:\n  maxSources: 50\n", 2, 15, "web_search.sourcesPerCall", "(got 100 > 50)"},
		{"timeout over request", "web_search:\n  requestTimeoutMs: 30000\n", 2, 21, "web_search.timeoutMs", "must not exceed web_search.requestTimeoutMs"},
		{"reserve over half", "observation:\n  maxTokens: 2000\n", 2, 14, "observation.reserveForOutput", "at most half of observation.maxTokens (got 1024 of 2000)"},
		{"tool result over usable", "observation:\n  maxToolResultTokens: 7169\n", 2, 24, "observation.maxToolResultTokens", "usable 7168"},
		{"quiet over timeout", "observation:\n  settleTimeoutMs: 50\n", 2, 20, "observation.settleQuietMs", "(got 100 > 50)"},
		{"first in file order", "web_search:\n  maxCalls: 0\nobservation:\n  maxActions: 0\n", 2, 13, "web_search.maxCalls", "between 1 and 10000"},
	})
}

// TestEveryIntOutOfRange checks, for every whole-number key, that one below
// the minimum and one above the maximum are refused at the value's position,
// and that the bounds themselves pass the range check.
func TestEveryIntOutOfRange(t *testing.T) {
	for _, r := range intRanges {
		parts := strings.Split(r.path, ".")
		doc := func(v int) string {
			var b strings.Builder
			for i, p := range parts {
				b.WriteString(strings.Repeat("  ", i) + p + ":")
				if i == len(parts)-1 {
					fmt.Fprintf(&b, " %d", v)
				}
				b.WriteString("\n")
			}
			return b.String()
		}
		line := len(parts)
		col := 2*(len(parts)-1) + len(parts[len(parts)-1]) + 3
		for _, v := range []int{r.min - 1, r.max + 1} {
			t.Run(fmt.Sprintf("%s=%d", r.path, v), func(t *testing.T) {
				_, err := Parse([]byte(doc(v)))
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("Parse = %v, want *Error", err)
				}
				want := fmt.Sprintf("agent.yaml:%d:%d: %s must be between %d and %d (got %d)", line, col, r.path, r.min, r.max, v)
				if err.Error() != want {
					t.Errorf("error = %q\nwant    %q", err, want)
				}
			})
		}
		for _, v := range []int{r.min, r.max} {
			_, err := Parse([]byte(doc(v)))
			if err != nil && strings.Contains(err.Error(), r.path+" must be between") {
				t.Errorf("%s=%d (a bound) refused: %v", r.path, v, err)
			}
		}
	}
}

func TestCompactRatioRange(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{{"0.1", true}, {"1", true}, {"1.0", true}, {"0.5", true}, {"0", false}, {"0.05", false}, {"1.01", false}, {"-1", false}, {".inf", false}, {"1e400", false}} {
		_, err := Parse([]byte("observation:\n  compactRatio: " + tc.in + "\n"))
		if (err == nil) != tc.ok {
			t.Errorf("compactRatio %s: err = %v, want ok=%v", tc.in, err, tc.ok)
			continue
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Line != 2 || e.Col != 17 || e.Path != "observation.compactRatio") {
			t.Errorf("compactRatio %s: error %v not at 2:17 observation.compactRatio", tc.in, err)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	if err := os.WriteFile(good, []byte("observation:\n  maxActions: 12\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(good)
	if err != nil || cfg.Observation.MaxActions != 12 || cfg.Observation.MaxRecords != 20 {
		t.Errorf("Load(good) = %v, %v", cfg.Observation, err)
	}

	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("# comment\nobservation:\n  maxActions: 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Load(bad)
	if want := bad + ":3:15: observation.maxActions must be between 1 and 500 (got 0)"; err == nil || err.Error() != want {
		t.Errorf("Load(bad) = %v, want %s", err, want)
	}

	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", MaxFileBytes)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := Load(big); !errors.As(err, &e) || e.File != big || !strings.Contains(e.Message, "larger than") {
		t.Errorf("Load(big) = %v, want a size *Error", err)
	}

	_, err = Load(filepath.Join(dir, "missing.yaml"))
	if err == nil || errors.As(err, &e) || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want a plain not-exist error", err)
	}
}
