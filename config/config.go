// Package config holds the schema of agent.yaml: every number the specs name
// (spec/observation.txt "Control / Default / What it limits", spec/web-search.txt
// §10.2) plus Pling's own limits, with their defaults, strict decoding (unknown
// keys, wrong types and duplicate keys are errors), range validation with
// file:line:column positions, the navigation policy (Navigation.Check) and the
// environment checks behind `pling config check` (Check).
//
// The file never holds credentials: the OpenAI key comes from OPENAI_API_KEY
// and the HTTP bearer token from PLING_HTTP_TOKEN. A key that looks like a
// credential is rejected wherever it appears.
//
// The package imports nothing of Pling's. docs/CONFIG.md is the reference for
// every key; the top-level agent.yaml is the full default file.
package config

import (
	"fmt"
	"os"
	"time"
)

// Environment variables Pling reads instead of the file.
const (
	// EnvOpenAIKey holds the OpenAI API key; web_search is offered only when it is set.
	EnvOpenAIKey = "OPENAI_API_KEY"
	// EnvHTTPToken holds the bearer token the HTTP transport requires when it
	// listens on a non-loopback address.
	EnvHTTPToken = "PLING_HTTP_TOKEN"
)

// Config is the decoded agent.yaml. Its zero value is not useful: start from
// Default, which Parse and Load decode onto, so a missing key keeps its default.
type Config struct {
	// App describes the application Pling operates for.
	App App `yaml:"app"`
	// Observation holds the observation and conversation budgets
	// (spec/observation.txt, the defaults table) and Pling's own bounds.
	Observation Observation `yaml:"observation"`
	// Browser configures the local Chromium or the remote CDP browser.
	Browser Browser `yaml:"browser"`
	// Navigation decides which URLs the browser may open.
	Navigation Navigation `yaml:"navigation"`
	// Tools shapes the MCP tool surface.
	Tools Tools `yaml:"tools"`
	// HTTP configures the Streamable HTTP (and legacy SSE) transport.
	HTTP HTTP `yaml:"http"`
	// WebSearch is the web_search tool binding (spec/web-search.txt §10.2).
	WebSearch WebSearch `yaml:"web_search"`
	// Agent configures `pling run`, Pling's own model loop.
	Agent Agent `yaml:"agent"`
}

// App is the application section of the system message.
type App struct {
	// Role is a short role statement appended once to the agent rules under
	// "## This application", e.g. "You help the user manage a personal task
	// list." Empty means no application section. At most 2000 characters.
	Role string `yaml:"role"`
}

// Observation holds the budgets that keep one observation and one model
// request bounded. The first thirteen fields are the defaults table of
// spec/observation.txt; the rest are Pling's own.
type Observation struct {
	// MaxTokens is the total history budget in tokens.
	MaxTokens int `yaml:"maxTokens"`
	// ReserveForOutput is the space, in tokens, reserved for the model's answer.
	ReserveForOutput int `yaml:"reserveForOutput"`
	// CompactRatio is the fraction of the usable budget that triggers compaction.
	CompactRatio float64 `yaml:"compactRatio"`
	// KeepRecent is the number of recent messages kept verbatim by compaction.
	KeepRecent int `yaml:"keepRecent"`
	// MaxActions is the number of action entries shown after folding.
	MaxActions int `yaml:"maxActions"`
	// MaxRecords is the number of records shown with full fields.
	MaxRecords int `yaml:"maxRecords"`
	// MaxScopes is the number of page regions listed.
	MaxScopes int `yaml:"maxScopes"`
	// MaxFeedback is the number of feedback items shown.
	MaxFeedback int `yaml:"maxFeedback"`
	// MaxStateChars bounds the state section text.
	MaxStateChars int `yaml:"maxStateChars"`
	// MaxRecordChars bounds the record section text.
	MaxRecordChars int `yaml:"maxRecordChars"`
	// MaxFeedbackChars bounds the feedback section text.
	MaxFeedbackChars int `yaml:"maxFeedbackChars"`
	// MaxPageChars bounds the page identity text.
	MaxPageChars int `yaml:"maxPageChars"`
	// MaxToolResultTokens bounds one tool result sent back to the model.
	MaxToolResultTokens int `yaml:"maxToolResultTokens"`
	// MaxRecordIDs is the number of ids in the citation record index, which is
	// separate from the full-field budget (MaxRecords).
	MaxRecordIDs int `yaml:"maxRecordIds"`
	// MaxStringChars bounds one string value (a label, a field, a message).
	MaxStringChars int `yaml:"maxStringChars"`
	// MaxObservationBytes bounds the rendered observation in UTF-8 bytes.
	MaxObservationBytes int `yaml:"maxObservationBytes"`
	// MaxReadChars bounds one page of a region's text read on demand
	// (observe's read), in characters.
	MaxReadChars int `yaml:"maxReadChars"`
	// SettleTimeoutMs is the longest wait, in milliseconds, for the page to
	// settle before a snapshot; on expiry the snapshot is taken anyway.
	SettleTimeoutMs int `yaml:"settleTimeoutMs"`
	// SettleQuietMs is how long, in milliseconds, the page must stay quiet (no
	// DOM mutation, load or request in flight) to count as settled; a third
	// of it once the page visibly answered an action, or after a navigation
	// watched from its document start (docs/CONFIG.md).
	SettleQuietMs int `yaml:"settleQuietMs"`
}

// SettleTimeout is SettleTimeoutMs as a duration.
func (o Observation) SettleTimeout() time.Duration { return ms(o.SettleTimeoutMs) }

// SettleQuiet is SettleQuietMs as a duration.
func (o Observation) SettleQuiet() time.Duration { return ms(o.SettleQuietMs) }

// Browser configures the browser Pling drives.
type Browser struct {
	// ExecPath is the Chromium executable: an absolute path, or a bare name
	// looked up on PATH, used as given. Empty (the default) discovers one:
	// Debian's headless shell, else Debian's Chromium, else chromium,
	// chromium-browser or google-chrome on PATH, else Google Chrome or
	// Chromium at their usual macOS and Windows paths; with headless false,
	// never the headless shell. Unused when RemoteURL is set.
	ExecPath string `yaml:"execPath"`
	// RemoteURL is the CDP endpoint of a remote browser (ws://, wss://,
	// http:// or https://). Empty starts a local Chromium.
	RemoteURL string `yaml:"remoteURL"`
	// RemoteHeaders are HTTP headers sent with the WebSocket handshake (and
	// the /json/version request) to RemoteURL, each value read from an
	// environment variable: agent.yaml never holds the credential itself.
	RemoteHeaders []RemoteHeader `yaml:"remoteHeaders"`
	// RemotePerSession is pool mode: each MCP session dials its own
	// connection to RemoteURL (a browser pool gives each its own browser),
	// instead of every session sharing one connection.
	RemotePerSession bool `yaml:"remotePerSession"`
	// Headless runs the local Chromium without a window.
	Headless bool `yaml:"headless"`
	// ExtraFlags are extra command-line flags for the local Chromium, each
	// starting with "--".
	ExtraFlags []string `yaml:"extraFlags"`
	// StartTimeoutMs bounds, in milliseconds, starting or attaching to the browser.
	StartTimeoutMs int `yaml:"startTimeoutMs"`
	// ActionTimeoutMs bounds, in milliseconds, one page operation (an action,
	// a navigation, a snapshot), settle wait included.
	ActionTimeoutMs int `yaml:"actionTimeoutMs"`
	// Viewport is the size of every page's viewport in CSS pixels.
	Viewport Viewport `yaml:"viewport"`
	// UploadRoots lists the directories the upload tool may take files
	// from (absolute paths; symlinks are resolved before the check). Empty:
	// the upload tool is not offered.
	UploadRoots []string `yaml:"uploadRoots"`
	// ScreenshotMaxBytes bounds one screenshot's encoded image: quality and
	// then scale are reduced until it fits.
	ScreenshotMaxBytes int `yaml:"screenshotMaxBytes"`
	// SpareSessions is how many sessions (a browser context with a blank
	// tab) are kept opened ahead of need, so a new session starts without
	// waiting for Chromium to create its tab and renderer. 0 keeps none.
	SpareSessions int `yaml:"spareSessions"`
	// HTTPCredentials answer HTTP authentication (a 401 Basic or Digest
	// challenge of a page) per origin. The password is read from the
	// named environment variable when Pling starts, never from this file,
	// never from the model, and never logged.
	HTTPCredentials []HTTPCredential `yaml:"httpCredentials"`
}

// HTTPCredential is one origin's HTTP authentication.
type HTTPCredential struct {
	// Origin is scheme://host[:port] (http or https, no path).
	Origin string `yaml:"origin"`
	// Username is the user name sent to that origin.
	Username string `yaml:"username"`
	// PasswordEnv names the environment variable holding the password.
	PasswordEnv string `yaml:"passwordEnv"`
}

// Password reads the credential's password from its environment
// variable; an unset or empty variable is an error naming the variable
// (never a value).
func (c HTTPCredential) Password() (string, error) {
	v := os.Getenv(c.PasswordEnv)
	if v == "" {
		return "", fmt.Errorf("browser.httpCredentials for %s: the environment variable %s (passwordEnv) is not set", c.Origin, c.PasswordEnv)
	}
	return v, nil
}

// RemoteHeader is one HTTP header sent to a remote browser, its value
// taken from the environment.
type RemoteHeader struct {
	// Name is the header's name, such as Authorization.
	Name string `yaml:"name"`
	// Env names the environment variable holding the header's whole value
	// (for example "Bearer …"). It is read when Pling starts, never logged.
	Env string `yaml:"env"`
}

// StartTimeout is StartTimeoutMs as a duration.
func (b Browser) StartTimeout() time.Duration { return ms(b.StartTimeoutMs) }

// ActionTimeout is ActionTimeoutMs as a duration.
func (b Browser) ActionTimeout() time.Duration { return ms(b.ActionTimeoutMs) }

// Viewport is a viewport size in CSS pixels.
type Viewport struct {
	// Width is the viewport width in CSS pixels.
	Width int `yaml:"width"`
	// Height is the viewport height in CSS pixels.
	Height int `yaml:"height"`
}

// DialogPolicy says what Pling does with a page's confirm and prompt
// dialogs; alerts are always accepted (they have only one button).
type DialogPolicy string

// Dialog policies.
const (
	// DialogsAccept presses OK on confirm and prompt dialogs.
	DialogsAccept DialogPolicy = "accept"
	// DialogsDismiss presses Cancel on confirm and prompt dialogs.
	DialogsDismiss DialogPolicy = "dismiss"
)

// Navigation is the URL policy applied to every navigation the browser makes:
// the agent's navigate calls, links, redirects, and new tabs. See Check for
// the order of the rules.
type Navigation struct {
	// Allow lists origin patterns ("https://*.example.com",
	// "http://127.0.0.1:*"). When non-empty, an http(s) URL must match one.
	Allow []string `yaml:"allow"`
	// Deny lists origin patterns that are always refused; Deny wins over Allow.
	Deny []string `yaml:"deny"`
	// BlockedSchemes lists URL schemes that are refused. Only http, https,
	// file and data are ever navigable (plus about:blank, always allowed), so
	// removing file or data from this list is the only way it widens access;
	// the other default entries document what is refused regardless.
	BlockedSchemes []string `yaml:"blockedSchemes"`
	// BlockMetadata refuses cloud metadata endpoints (169.254.169.254,
	// 169.254.170.2, 100.100.100.200, fd00:ec2::254, metadata.google.internal)
	// in every spelling the browser accepts.
	BlockMetadata bool `yaml:"blockMetadata"`
	// Dialogs is what Pling answers to confirm and prompt dialogs: "accept"
	// or "dismiss". Alerts are always accepted.
	Dialogs DialogPolicy `yaml:"dialogs"`
}

// ConfirmPolicy says how an action marked confirm runs when the MCP client
// does not support elicitation.
type ConfirmPolicy string

// Confirmation policies.
const (
	// ConfirmRequireFlag runs the action only when the call carries
	// confirm: true, and says so in the result.
	ConfirmRequireFlag ConfirmPolicy = "require_flag"
	// ConfirmRefuse never runs it; the result says a human must confirm.
	ConfirmRefuse ConfirmPolicy = "refuse"
)

// Tools shapes the MCP tool surface.
type Tools struct {
	// PageTools publishes every folded page action as its own per-session
	// MCP tool and sends tools/list_changed. Set false for hosts that cope
	// badly with a changing tool list; the core tools carry everything anyway.
	PageTools bool `yaml:"pageTools"`
	// ConfirmWithoutElicitation is the policy for confirm actions when the
	// client cannot be asked: "require_flag" or "refuse".
	ConfirmWithoutElicitation ConfirmPolicy `yaml:"confirmWithoutElicitation"`
}

// HTTP configures the HTTP transport of `pling serve --http`.
type HTTP struct {
	// Listen is the host:port to listen on. A non-loopback address needs
	// PLING_HTTP_TOKEN (see Check).
	Listen string `yaml:"listen"`
	// AllowedOrigins lists origin patterns (the Navigation.Allow syntax)
	// accepted in a request's Origin header. Requests without Origin are
	// accepted; with an empty list every request carrying Origin is refused.
	AllowedOrigins []string `yaml:"allowedOrigins"`
	// AllowedHosts lists Host header values ("host" or "host:port")
	// accepted besides the listen address itself (and, on a loopback
	// listen address, localhost/127.0.0.1/[::1] with its port): the public
	// name of a reverse proxy in front of Pling. Other Host values are
	// refused (DNS-rebinding protection).
	AllowedHosts []string `yaml:"allowedHosts"`
	// SessionIdleTTLMs closes an MCP session without an open stream, its
	// browser context and pages after this many idle milliseconds. A
	// session whose client keeps a stream open (GET /mcp, /sse) stays alive;
	// an SSE session ends when its stream closes.
	SessionIdleTTLMs int `yaml:"sessionIdleTTLMs"`
	// MaxSessions bounds the live MCP sessions (each holds a browser
	// context); the next initialize is refused with HTTP 503.
	MaxSessions int `yaml:"maxSessions"`
	// MaxRequestBytes bounds one HTTP request body (413 beyond it) and one
	// line on stdio (a JSON-RPC error beyond it).
	MaxRequestBytes int `yaml:"maxRequestBytes"`
	// MaxPages bounds the open pages (handles) of one session, or of one
	// bearer token for stateless callers.
	MaxPages int `yaml:"maxPages"`
	// PageIdleTTLMs closes a stateless caller's page handle after this many
	// idle milliseconds; a session's pages live as long as the session.
	PageIdleTTLMs int `yaml:"pageIdleTTLMs"`
}

// SessionIdleTTL is SessionIdleTTLMs as a duration.
func (h HTTP) SessionIdleTTL() time.Duration { return ms(h.SessionIdleTTLMs) }

// PageIdleTTL is PageIdleTTLMs as a duration.
func (h HTTP) PageIdleTTL() time.Duration { return ms(h.PageIdleTTLMs) }

// WebSearch is the web_search binding of spec/web-search.txt §10.2. Callers
// cannot change any of it; the credential comes from OPENAI_API_KEY only.
type WebSearch struct {
	// Enabled offers web_search; it is offered only when OPENAI_API_KEY is set too.
	Enabled bool `yaml:"enabled"`
	// Model is the unprefixed OpenAI wire id of the search model.
	Model string `yaml:"model"`
	// MaxCalls is the number of search calls one BoundedSearchSession admits.
	MaxCalls int `yaml:"maxCalls"`
	// MaxSources is the number of distinct source URLs one session admits.
	MaxSources int `yaml:"maxSources"`
	// SourcesPerCall bounds the sources of one result, independently of MaxSources.
	SourcesPerCall int `yaml:"sourcesPerCall"`
	// TimeoutMs bounds one search call in milliseconds.
	TimeoutMs int `yaml:"timeoutMs"`
	// MaxOutputTokens is the provider output-token setting of one search call.
	MaxOutputTokens int `yaml:"maxOutputTokens"`
	// RequestTimeoutMs is the whole-request deadline of one session in milliseconds.
	RequestTimeoutMs int `yaml:"requestTimeoutMs"`
}

// Agent configures `pling run`: the model it calls through an
// OpenAI-compatible /chat/completions endpoint (OPENAI_BASE_URL, key from
// OPENAI_API_KEY) and the bounds of one run. The conversation budgets are
// in Observation (maxTokens, reserveForOutput, compactRatio, keepRecent,
// maxToolResultTokens).
type Agent struct {
	// Model is the model id sent in every request: an OpenAI id (gpt-5.4)
	// or whatever a local server calls its model (llama3.1:8b,
	// Qwen/Qwen2.5-7B-Instruct). It also picks the tokenizer.
	Model string `yaml:"model"`
	// MaxTurns bounds the model calls of one run.
	MaxTurns int `yaml:"maxTurns"`
	// RequestTimeoutMs bounds one model request (each attempt), in milliseconds.
	RequestTimeoutMs int `yaml:"requestTimeoutMs"`
	// MaxRetries is how often the SDK retries a failed request (5xx, 429,
	// refused connection, timeout) before the run ends.
	MaxRetries int `yaml:"maxRetries"`
	// Stream asks the endpoint for a server-sent-event stream instead of one
	// JSON body.
	Stream bool `yaml:"stream"`
}

// RequestTimeout is RequestTimeoutMs as a duration.
func (a Agent) RequestTimeout() time.Duration { return ms(a.RequestTimeoutMs) }

// Timeout is TimeoutMs as a duration.
func (w WebSearch) Timeout() time.Duration { return ms(w.TimeoutMs) }

// RequestTimeout is RequestTimeoutMs as a duration.
func (w WebSearch) RequestTimeout() time.Duration { return ms(w.RequestTimeoutMs) }

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// Default returns the configuration every missing key takes: the spec
// defaults and Pling's own. Each call returns fresh slices.
func Default() Config {
	return Config{
		App: App{Role: ""},
		Observation: Observation{
			MaxTokens:           8192,
			ReserveForOutput:    1024,
			CompactRatio:        0.8,
			KeepRecent:          6,
			MaxActions:          40,
			MaxRecords:          20,
			MaxScopes:           24,
			MaxFeedback:         8,
			MaxStateChars:       1200,
			MaxRecordChars:      1500,
			MaxFeedbackChars:    800,
			MaxPageChars:        500,
			MaxToolResultTokens: 1000,
			MaxRecordIDs:        40,
			MaxStringChars:      160,
			MaxObservationBytes: 12000,
			MaxReadChars:        2000,
			SettleTimeoutMs:     3000,
			SettleQuietMs:       100,
		},
		Browser: Browser{
			ExecPath:           "",
			RemoteURL:          "",
			RemoteHeaders:      []RemoteHeader{},
			RemotePerSession:   false,
			Headless:           true,
			ExtraFlags:         []string{},
			StartTimeoutMs:     30000,
			ActionTimeoutMs:    10000,
			Viewport:           Viewport{Width: 1280, Height: 800},
			UploadRoots:        []string{},
			ScreenshotMaxBytes: 204800,
			SpareSessions:      1,
			HTTPCredentials:    []HTTPCredential{},
		},
		Navigation: Navigation{
			Allow: []string{},
			Deny:  []string{},
			BlockedSchemes: []string{
				"file", "data", "javascript", "blob", "filesystem",
				"chrome", "chrome-extension", "chrome-untrusted", "devtools", "view-source", "about",
			},
			BlockMetadata: true,
			Dialogs:       DialogsDismiss,
		},
		Tools: Tools{
			PageTools:                 true,
			ConfirmWithoutElicitation: ConfirmRequireFlag,
		},
		HTTP: HTTP{
			Listen:           "127.0.0.1:8931",
			AllowedOrigins:   []string{},
			AllowedHosts:     []string{},
			SessionIdleTTLMs: 300000,
			MaxSessions:      16,
			MaxRequestBytes:  1 << 20,
			MaxPages:         16,
			PageIdleTTLMs:    900000,
		},
		WebSearch: WebSearch{
			Enabled:          true,
			Model:            "gpt-5.4",
			MaxCalls:         300,
			MaxSources:       1000,
			SourcesPerCall:   100,
			TimeoutMs:        45000,
			MaxOutputTokens:  4096,
			RequestTimeoutMs: 21600000,
		},
		Agent: Agent{
			Model:            "gpt-5.4",
			MaxTurns:         30,
			RequestTimeoutMs: 120000,
			MaxRetries:       1,
			Stream:           false,
		},
	}
}
