package websearch

import (
	"encoding/json"
	"math"
	"sort"

	"github.com/pling-dev/pling/budget"
)

// Labels every result carries, so that neither the notes nor the sources
// can be mistaken for read or verified evidence (§10.8, §10.10).
const (
	ResultNotice = "Search candidates from a separate search model: not read or verified by Pling. Open a source before relying on it."
	NotesLabel   = "model synthesis, not quotations"
)

// Result is one bounded web_search result (§10.8). Its JSON encoding
// (json.Marshal, not indented) fits both Options.MaxResultUTF16 and
// Options.MaxResultBytes. The remaining-call and remaining-source figures are
// snapshots taken at admission and may be stale under concurrency.
type Result struct {
	Notice           string   `json:"notice"`
	QueryPreview     string   `json:"query_preview"`
	Notes            *Notes   `json:"notes,omitempty"`
	Sources          []Source `json:"sources"`
	Dropped          Dropped  `json:"dropped"`
	RemainingCalls   int      `json:"remaining_calls"`
	RemainingSources int      `json:"remaining_sources"`
}

// Notes is the search model's generated text, kept apart from the sources
// and labelled as synthesis: it is not a quotation of any page, even where
// it mentions one.
type Notes struct {
	Label string `json:"label"`
	Text  string `json:"text"`
}

// Source is one admitted candidate URL. Cited means the search model's
// answer linked it (a url_citation); otherwise the search consulted it. The
// title is the model's and is bounded to MaxTitleUTF16 units.
type Source struct {
	URL   string `json:"url"`
	Title string `json:"title,omitempty"`
	Cited bool   `json:"cited"`
}

// Dropped counts what normalization, admission and fitting left out, so a
// result reports its gaps instead of implying completeness.
type Dropped struct {
	// NotesUTF16 is how many UTF-16 units of notes fitting removed.
	NotesUTF16 int `json:"notes_utf16"`
	// SourcesRejected counts unsafe, malformed or over-long URL candidates.
	SourcesRejected int `json:"sources_rejected"`
	// SourcesDuplicate counts candidates equal to an earlier one.
	SourcesDuplicate int `json:"sources_duplicate"`
	// SourcesOverCallLimit counts sources beyond Options.SourcesPerCall.
	SourcesOverCallLimit int `json:"sources_over_call_limit"`
	// SourcesOverBudget counts new sources refused because the session's
	// source slots were used up.
	SourcesOverBudget int `json:"sources_over_budget"`
	// SourcesUnfit counts sources removed to fit the output ceilings.
	SourcesUnfit int `json:"sources_unfit"`
	// TitlesShortened counts titles cut to MaxTitleUTF16 units.
	TitlesShortened int `json:"titles_shortened"`
	// QueryPreviewUTF16 is how many UTF-16 units of the query preview
	// fitting removed.
	QueryPreviewUTF16 int `json:"query_preview_utf16"`
}

// encodedSize reports the UTF-16 units and bytes of r's JSON encoding.
func encodedSize(r *Result) (units, bytes int) {
	b, err := json.Marshal(r)
	if err != nil { // unreachable: Result holds only strings, ints and bools
		return math.MaxInt, math.MaxInt
	}
	return budget.UTF16Len(string(b)), len(b)
}

// boundSize is encodedSize with every counter at its widest, so that a
// result fitted before its counters are final still fits once they are.
func boundSize(r *Result) (units, bytes int) {
	const wide = math.MaxInt32
	m := *r
	m.RemainingCalls, m.RemainingSources = wide, wide
	m.Dropped = Dropped{wide, wide, wide, wide, wide, wide, wide, wide}
	return encodedSize(&m)
}

// fit shapes r to the ceilings (§10.8): notes are shortened and then
// removed first, then sources are dropped from the end, then the query
// preview is shortened. It counts what it removed in r.Dropped and reports
// false if even the emptiest envelope does not fit. Sizes are measured with
// boundSize, so the counters may still grow afterwards.
func fit(r Result, maxUnits, maxBytes int) (Result, bool) {
	fits := func(r *Result) bool {
		u, b := boundSize(r)
		return u <= maxUnits && b <= maxBytes
	}
	if fits(&r) {
		return r, true
	}

	// 1. Notes: the longest prefix that fits, else none.
	if r.Notes != nil {
		text := r.Notes.Text
		total := budget.UTF16Len(text)
		r.Notes = nil
		if fits(&r) {
			n := longestFitting(text, func(prefix string) bool {
				r.Notes = &Notes{Label: NotesLabel, Text: prefix + budget.Ellipsis}
				return fits(&r)
			})
			if n > 0 {
				r.Notes = &Notes{Label: NotesLabel, Text: text[:n] + budget.Ellipsis}
				r.Dropped.NotesUTF16 += total - budget.UTF16Len(text[:n])
				return r, true
			}
			r.Notes = nil
			r.Dropped.NotesUTF16 += total
			return r, true
		}
		r.Dropped.NotesUTF16 += total
	}

	// 2. Sources from the end.
	all := r.Sources
	k := sort.Search(len(all)+1, func(k int) bool {
		r.Sources = all[:len(all)-k]
		return fits(&r)
	})
	r.Sources = all[:len(all)-min(k, len(all))]
	r.Dropped.SourcesUnfit += len(all) - len(r.Sources)
	if fits(&r) {
		return r, true
	}

	// 3. The query preview.
	q := r.QueryPreview
	total := budget.UTF16Len(q)
	n := longestFitting(q, func(prefix string) bool {
		r.QueryPreview = prefix + budget.Ellipsis
		return fits(&r)
	})
	switch {
	case n > 0:
		r.QueryPreview = q[:n] + budget.Ellipsis
	default:
		r.QueryPreview = ""
		if !fits(&r) {
			return r, false
		}
	}
	r.Dropped.QueryPreviewUTF16 += total - budget.UTF16Len(q[:n])
	return r, true
}

// longestFitting returns the byte length of the longest proper prefix of s,
// cut at a rune boundary and at least one rune long, for which ok holds, or
// 0 if none does. ok must be monotone: true for a prefix implies true for
// every shorter one.
func longestFitting(s string, ok func(prefix string) bool) int {
	starts := make([]int, 0, len(s))
	for i := range s {
		starts = append(starts, i)
	}
	// Candidate cut points are starts[1:], i.e. prefixes s[:starts[j]].
	cuts := starts[min(1, len(starts)):]
	j := sort.Search(len(cuts), func(j int) bool {
		return !ok(s[:cuts[j]])
	})
	if j == 0 {
		return 0
	}
	return cuts[j-1]
}
