package agent

import (
	"strings"
	"sync"

	"github.com/pling-dev/pling/budget"
	"github.com/tiktoken-go/tokenizer"
)

// Counter counts tokens the way the configured model family does. The BPE
// ranks ship inside the tokenizer module: nothing is downloaded at run
// time.
type Counter struct {
	codec tokenizer.Codec
	mu    sync.Mutex
}

// Per-message overheads of the chat format (the role and separators the
// server adds around every message, and the priming of the reply), as
// OpenAI documents them for its chat models.
const (
	tokensPerMessage = 4
	tokensPerRequest = 3
)

// NewCounter picks the encoding for model: cl100k_base for the gpt-4 and
// gpt-3.5 families, o200k_base for every other id (gpt-4o, gpt-4.1,
// gpt-5*, o-series, and models of other vendors, for which it is an
// estimate).
func NewCounter(model string) *Counter {
	enc := tokenizer.O200kBase
	m := strings.ToLower(model)
	if m == "gpt-4" || strings.HasPrefix(m, "gpt-4-") || strings.HasPrefix(m, "gpt-3.5") || strings.HasPrefix(m, "gpt-35") {
		enc = tokenizer.Cl100kBase
	}
	c, err := tokenizer.Get(enc)
	if err != nil {
		panic(err) // both encodings are compiled into the module
	}
	c.SetErrorMode(tokenizer.ErrorModeReplace)
	return &Counter{codec: c}
}

// Encoding names the encoding in use (o200k_base, cl100k_base).
func (c *Counter) Encoding() string { return c.codec.GetName() }

// Count returns the number of tokens of s.
func (c *Counter) Count(s string) int {
	if s == "" {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n, err := c.codec.Count(s)
	if err != nil {
		// ErrorModeReplace cleans invalid UTF-8; an error here is not
		// expected. Fall back to a safe over-estimate (one token a byte).
		return len(s)
	}
	return n
}

// HeadTail shortens s to at most max tokens, keeping its beginning and its
// end around a marker saying how much was left out (spec/observation.txt:
// "a single tool result is truncated, keeping its beginning and end").
func (c *Counter) HeadTail(s string, max int) string {
	if c.Count(s) <= max {
		return s
	}
	// The largest byte budget whose head+tail cut fits max tokens.
	lo, hi := 0, len(s)
	best := ""
	for lo <= hi {
		mid := (lo + hi) / 2
		cut := budget.HeadTail(s, mid)
		if c.Count(cut) <= max {
			best, lo = cut, mid+1
		} else {
			hi = mid - 1
		}
	}
	return best
}
