package websearch

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// Spec defaults (spec/web-search.txt §10.2) and the output ceilings Pling
// adds so a result stays well below the 50,000-character cut MCP hosts apply
// to a tool result.
const (
	DefaultModel           = "gpt-5.4"
	DefaultMaxCalls        = 300
	DefaultMaxSources      = 1000
	DefaultSourcesPerCall  = 100
	DefaultTimeout         = 45 * time.Second
	DefaultMaxOutputTokens = 4096
	DefaultRequestTimeout  = 21600000 * time.Millisecond // six hours
	DefaultMaxResultUTF16  = 24000
	DefaultMaxResultBytes  = 48000
	// DefaultBaseURL is the endpoint used when Options.BaseURL is empty. It
	// is set explicitly so that no ambient OPENAI_BASE_URL can redirect the
	// server's credential.
	DefaultBaseURL = "https://api.openai.com/v1/"
)

// Bounds Validate enforces. They keep a reviewed agent.yaml from asking for
// a limit the implementation cannot honour.
const (
	maxMaxCalls        = 100000
	maxMaxSources      = 1000000
	maxSourcesPerCall  = 1000
	minOutputTokens    = 16 // the Responses API floor for max_output_tokens
	maxOutputTokens    = 128000
	maxTimeout         = time.Hour
	maxRequestTimeout  = 7 * 24 * time.Hour
	minResultCeiling   = 1024
	maxResultUTF16Cap  = 49000 // below the hosts' 50,000-character cut
	maxResultBytesCap  = 4 * maxResultUTF16Cap
	maxModelNameLength = 128
)

// modelPattern accepts an unprefixed OpenAI wire model ID such as
// "gpt-5.4" or "gpt-5.4-mini-2026-01-01"; "openai/gpt-5.4" is rejected.
var modelPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]*$`)

// Options configures the search bridge. Every limit comes from reviewed
// server configuration (agent.yaml), never from tool arguments. Start from
// DefaultOptions and override; Validate rejects zero limits rather than
// guessing.
type Options struct {
	// Model is the unprefixed OpenAI wire ID of the search model.
	Model string
	// MaxCalls is the number of search calls one session may dispatch.
	MaxCalls int
	// MaxSources is the number of distinct normalized source URLs one
	// session may admit into results.
	MaxSources int
	// SourcesPerCall caps the sources in one result.
	SourcesPerCall int
	// Timeout bounds one search call, from dispatch to the last stream byte.
	Timeout time.Duration
	// MaxOutputTokens is sent as the provider's max_output_tokens.
	MaxOutputTokens int
	// RequestTimeout bounds the life of one session: no search starts, and
	// none runs, past this long after the session was created.
	RequestTimeout time.Duration
	// APIKey is the server's OpenAI credential. The caller reads it from
	// OPENAI_API_KEY; it never comes from the config file or tool args.
	APIKey string `json:"-"`
	// BaseURL is the OpenAI endpoint; empty means DefaultBaseURL.
	BaseURL string
	// MaxResultUTF16 is the ceiling, in UTF-16 code units, of a result's
	// JSON encoding (json.Marshal of *Result).
	MaxResultUTF16 int
	// MaxResultBytes is the ceiling, in UTF-8 bytes, of the same encoding.
	MaxResultBytes int
	// Logger receives privacy-safe diagnostics: categories, elapsed time,
	// HTTP status and counts, never queries, text, URLs or keys. Nil
	// discards.
	Logger *slog.Logger `json:"-"`
}

// DefaultOptions returns the spec defaults with no API key.
func DefaultOptions() Options {
	return Options{
		Model:           DefaultModel,
		MaxCalls:        DefaultMaxCalls,
		MaxSources:      DefaultMaxSources,
		SourcesPerCall:  DefaultSourcesPerCall,
		Timeout:         DefaultTimeout,
		MaxOutputTokens: DefaultMaxOutputTokens,
		RequestTimeout:  DefaultRequestTimeout,
		MaxResultUTF16:  DefaultMaxResultUTF16,
		MaxResultBytes:  DefaultMaxResultBytes,
	}
}

// GoString is String, so that %#v cannot leak the key either.
func (o Options) GoString() string { return o.String() }

// String describes o with the API key redacted, so that printing Options
// with %v or %+v cannot leak it (and the key is excluded from JSON).
func (o Options) String() string {
	key := "unset"
	if o.APIKey != "" {
		key = "[redacted]"
	}
	return fmt.Sprintf("websearch.Options{Model:%q MaxCalls:%d MaxSources:%d SourcesPerCall:%d Timeout:%s MaxOutputTokens:%d RequestTimeout:%s APIKey:%s BaseURL:%q MaxResultUTF16:%d MaxResultBytes:%d}",
		o.Model, o.MaxCalls, o.MaxSources, o.SourcesPerCall, o.Timeout, o.MaxOutputTokens, o.RequestTimeout, key, o.BaseURL, o.MaxResultUTF16, o.MaxResultBytes)
}

// Validate checks syntax and bounds and reports every problem at once. It
// does not contact the provider: a valid model name is a declaration, not
// proof that the account may use hosted search (§10.2).
func (o Options) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("websearch: "+format, args...))
	}
	switch {
	case o.Model == "":
		bad("model is required")
	case len(o.Model) > maxModelNameLength || !modelPattern.MatchString(o.Model):
		bad("model %q is not an unprefixed OpenAI model ID", o.Model)
	}
	intRange := func(name string, v, lo, hi int) {
		if v < lo || v > hi {
			bad("%s must be in [%d, %d], got %d", name, lo, hi, v)
		}
	}
	intRange("max_calls", o.MaxCalls, 1, maxMaxCalls)
	intRange("max_sources", o.MaxSources, 1, maxMaxSources)
	intRange("sources_per_call", o.SourcesPerCall, 1, min(maxSourcesPerCall, max(o.MaxSources, 1)))
	intRange("max_output_tokens", o.MaxOutputTokens, minOutputTokens, maxOutputTokens)
	intRange("max_result_utf16", o.MaxResultUTF16, minResultCeiling, maxResultUTF16Cap)
	intRange("max_result_bytes", o.MaxResultBytes, minResultCeiling, maxResultBytesCap)
	if o.Timeout <= 0 || o.Timeout > maxTimeout {
		bad("timeout must be in (0, %s], got %s", maxTimeout, o.Timeout)
	}
	if o.RequestTimeout < o.Timeout || o.RequestTimeout > maxRequestTimeout {
		bad("request_timeout must be in [timeout, %s], got %s", maxRequestTimeout, o.RequestTimeout)
	}
	switch {
	case o.APIKey == "":
		bad("an API key is required (OPENAI_API_KEY)")
	case strings.IndexFunc(o.APIKey, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0:
		bad("the API key contains whitespace or control characters")
	}
	if o.BaseURL != "" {
		if err := checkBaseURL(o.BaseURL); err != nil {
			bad("base_url: %v", err)
		}
	}
	return errors.Join(errs...)
}

func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return errors.New("not a URL")
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("scheme %q is not http or https", u.Scheme)
	case u.Host == "":
		return errors.New("no host")
	case u.User != nil:
		return errors.New("credentials in the URL are not allowed")
	case u.RawQuery != "" || u.Fragment != "":
		return errors.New("a query or fragment is not allowed")
	}
	return nil
}
