package websearch

import (
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/openai/openai-go/v3/responses"
	"github.com/pling-dev/pling/budget"
)

// Bounds on untrusted candidate fields (§10.5).
const (
	// MaxURLBytes bounds a source URL, before and after normalization.
	MaxURLBytes = 2048
	// MaxTitleUTF16 bounds a source title.
	MaxTitleUTF16 = 200
)

// candidate is one untrusted URL the provider's output mentioned.
type candidate struct {
	url   string
	title string
	cited bool
}

// normalizeURL admits an untrusted URL candidate (§10.5): http or https
// only, a host, no user information (username or password), valid UTF-8
// of at most MaxURLBytes before and after, and re-serialized by net/url so that
// equality of the returned strings is the dedupe rule. Exact string
// equality is all it promises: it invents no stronger equivalence (host
// case, tracking parameters and fragments are kept as given). A URL whose
// serialization does not survive a second parse unchanged is rejected.
func normalizeURL(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > MaxURLBytes || !utf8.ValidString(raw) {
		return "", false
	}
	s, ok := serializeURL(raw)
	if !ok {
		return "", false
	}
	if again, ok := serializeURL(s); !ok || again != s {
		return "", false
	}
	return s, true
}

func serializeURL(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	if u.Opaque != "" || u.User != nil || u.Host == "" || u.Hostname() == "" {
		return "", false
	}
	s := u.String()
	if len(s) > MaxURLBytes || strings.ContainsAny(s, " \t\r\n") {
		return "", false
	}
	return s, true
}

// extract collects the generated notes and the URL candidates of a response
// whose receipts already passed: url_citation annotations first (answer
// linked), then the consulted sources of the search action, in output order.
// It reads the unions' own fields, as the As* conversions re-parse JSON.
func extract(r *responses.Response) (notes string, cands []candidate) {
	var text strings.Builder
	var consulted []candidate
	for _, item := range r.Output {
		switch item.Type {
		case "message":
			for _, c := range item.Content {
				if c.Type != "output_text" {
					continue
				}
				if text.Len() > 0 && c.Text != "" {
					text.WriteString("\n\n")
				}
				text.WriteString(c.Text)
				for _, an := range c.Annotations {
					if an.Type == "url_citation" {
						cands = append(cands, candidate{url: an.URL, title: an.Title, cited: true})
					}
				}
			}
		case "web_search_call":
			switch a := item.Action; a.Type {
			case "search":
				for _, s := range a.Sources {
					consulted = append(consulted, candidate{url: s.URL})
				}
			case "open_page", "find_in_page":
				consulted = append(consulted, candidate{url: a.URL})
			}
		}
	}
	return text.String(), append(cands, consulted...)
}

// normalizeCandidates turns candidates into distinct sources in order,
// counting what it rejects (unsafe, malformed, too long, or carrying the
// server key) and the repeats it folds. A repeated URL keeps its first
// position and cited flag and takes the first non-empty title.
func normalizeCandidates(cands []candidate, red *redactor) (sources []Source, d Dropped) {
	index := make(map[string]int, len(cands))
	for _, c := range cands {
		u, ok := normalizeURL(c.url)
		if !ok || red.contains(c.url) || red.contains(u) {
			d.SourcesRejected++
			continue
		}
		if i, dup := index[u]; dup {
			d.SourcesDuplicate++
			if sources[i].Title == "" && c.title != "" {
				sources[i].Title, d.TitlesShortened = withTitle(c.title, red, d.TitlesShortened)
			}
			continue
		}
		index[u] = len(sources)
		src := Source{URL: u, Cited: c.cited}
		src.Title, d.TitlesShortened = withTitle(c.title, red, d.TitlesShortened)
		sources = append(sources, src)
	}
	return sources, d
}

func withTitle(raw string, red *redactor, shortened int) (string, int) {
	t, cut := cleanTitle(raw, red)
	if cut {
		shortened++
	}
	return t, shortened
}

// cleanTitle makes an untrusted title safe to show: valid UTF-8, no control
// characters, whitespace collapsed, the server key redacted, and at most
// MaxTitleUTF16 units. It reports whether it had to shorten the title.
func cleanTitle(raw string, red *redactor) (string, bool) {
	// Cut early so a 100 KB title costs little, but leave room for a whole
	// key to be redacted before the final cut (a cut key would leak a part).
	pre, cut := budget.TruncateBytes(raw, 3*MaxTitleUTF16+2*red.longest()+8)
	s := red.redact(strings.Join(strings.Fields(stripControls(pre)), " "))
	if !cut && budget.UTF16Len(s) <= MaxTitleUTF16 {
		return s, false
	}
	s, _ = budget.TruncateUTF16(s, MaxTitleUTF16-1)
	return s + budget.Ellipsis, true
}

// cleanNotes makes generated text safe to return as notes: valid UTF-8,
// control characters other than newline and tab removed, the server key
// redacted, and at most maxBytes bytes (the fitter may cut further). It
// also reports how many UTF-16 units it cut.
func cleanNotes(raw string, maxBytes int, red *redactor) (string, int) {
	s := strings.TrimSpace(red.redact(stripControls(raw)))
	if len(s) <= maxBytes {
		return s, 0
	}
	kept, _ := budget.TruncateBytes(s, maxBytes-len(budget.Ellipsis))
	return kept + budget.Ellipsis, budget.UTF16Len(s) - budget.UTF16Len(kept)
}

// stripControls returns s as valid UTF-8 without control characters other
// than newline and tab, and without bidirectional-text controls (which can
// make displayed text read differently from what it is). It runs before
// redaction, so a key cannot hide from the redactor behind one of them.
func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// Redacted replaces an echo of the server key in provider text.
const Redacted = "[redacted]"

// redactor finds the server key in provider text, raw or URL/form-encoded
// (§10.7). It covers these known patterns only; it is not a general
// confidentiality classifier.
type redactor struct {
	forms []string // longest first
	rep   *strings.Replacer
}

func newRedactor(key string) *redactor {
	r := &redactor{}
	if key == "" {
		return r
	}
	set := map[string]bool{}
	for _, f := range []string{key, url.QueryEscape(key), url.PathEscape(key), strings.ReplaceAll(url.QueryEscape(key), "+", "%20")} {
		set[f] = true
		set[lowerHex(f)] = true
	}
	for f := range set {
		r.forms = append(r.forms, f)
	}
	sort.Slice(r.forms, func(i, j int) bool {
		if len(r.forms[i]) != len(r.forms[j]) {
			return len(r.forms[i]) > len(r.forms[j])
		}
		return r.forms[i] < r.forms[j]
	})
	pairs := make([]string, 0, 2*len(r.forms))
	for _, f := range r.forms {
		pairs = append(pairs, f, Redacted)
	}
	r.rep = strings.NewReplacer(pairs...)
	return r
}

// lowerHex lowercases the hex digits of percent escapes ("%2B" -> "%2b"),
// a spelling some encoders use.
func lowerHex(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			for j := i + 1; j <= i+2; j++ {
				if b[j] >= 'A' && b[j] <= 'F' {
					b[j] += 'a' - 'A'
				}
			}
		}
	}
	return string(b)
}

func (r *redactor) redact(s string) string {
	if r.rep == nil {
		return s
	}
	return r.rep.Replace(s)
}

func (r *redactor) contains(s string) bool {
	for _, f := range r.forms {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
}

func (r *redactor) longest() int {
	if len(r.forms) == 0 {
		return 0
	}
	return len(r.forms[0])
}

// pending reports the length of the longest suffix of s that is a proper
// prefix of a key form: text a streaming display must hold back, because
// the next delta could complete the key.
func (r *redactor) pending(s string) int {
	best := 0
	for _, f := range r.forms {
		for n := min(len(f)-1, len(s)); n > best; n-- {
			if strings.HasSuffix(s, f[:n]) {
				best = n
				break
			}
		}
	}
	return best
}
