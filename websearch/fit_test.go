package websearch

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pling-dev/pling/budget"
)

func sourcesN(n int, title string) []Source {
	out := make([]Source, n)
	for i, u := range manyURLs("fit", n) {
		out[i] = Source{URL: u, Title: title, Cited: i%2 == 0}
	}
	return out
}

func TestFitOrder(t *testing.T) {
	t.Parallel()
	base := func(notes string, srcs []Source) Result {
		r := Result{Notice: ResultNotice, QueryPreview: "a query", Sources: srcs}
		if notes != "" {
			r.Notes = &Notes{Label: NotesLabel, Text: notes}
		}
		return r
	}
	tests := []struct {
		name                     string
		in                       Result
		units, bytes             int
		wantNotes                string // "" = none; "*" = shortened
		wantSources, wantUnfit   int
		wantQuery                string
		wantNotesDropped, wantQD int
	}{
		{name: "fits untouched", in: base("short notes", sourcesN(3, "t")), units: 24000, bytes: 48000,
			wantNotes: "short notes", wantSources: 3, wantQuery: "a query"},
		{name: "notes shortened before any source goes", in: base(strings.Repeat("n", 5000), sourcesN(3, "t")), units: 2000, bytes: 48000,
			wantNotes: "*", wantSources: 3, wantQuery: "a query"},
		{name: "notes dropped, then sources from the end", in: base(strings.Repeat("n", 5000), sourcesN(40, strings.Repeat("t", 100))), units: 2000, bytes: 48000,
			wantSources: -1, wantUnfit: -1, wantQuery: "a query", wantNotesDropped: 5000},
		{name: "query preview last", in: Result{Notice: ResultNotice, QueryPreview: strings.Repeat("\x01", 192)}, units: 1024, bytes: 1024,
			wantQuery: "*", wantQD: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := fit(tt.in, tt.units, tt.bytes)
			if !ok {
				t.Fatal("fit failed")
			}
			u, b := boundSize(&got)
			if u > tt.units || b > tt.bytes {
				t.Fatalf("%d units / %d bytes over %d / %d", u, b, tt.units, tt.bytes)
			}
			switch {
			case tt.wantNotes == "" && got.Notes != nil:
				t.Errorf("notes kept: %.40q", got.Notes.Text)
			case tt.wantNotes == "*" && (got.Notes == nil || !strings.HasSuffix(got.Notes.Text, budget.Ellipsis)):
				t.Errorf("notes not shortened: %+v", got.Notes)
			case tt.wantNotes != "" && tt.wantNotes != "*" && (got.Notes == nil || got.Notes.Text != tt.wantNotes):
				t.Errorf("notes = %+v, want %q", got.Notes, tt.wantNotes)
			}
			if tt.wantSources >= 0 && len(got.Sources) != tt.wantSources {
				t.Errorf("%d sources, want %d", len(got.Sources), tt.wantSources)
			}
			if tt.wantSources < 0 && (len(got.Sources) == 0 || len(got.Sources) == len(tt.in.Sources)) {
				t.Errorf("%d of %d sources kept, want a partial cut", len(got.Sources), len(tt.in.Sources))
			}
			if got.Dropped.SourcesUnfit != len(tt.in.Sources)-len(got.Sources) {
				t.Errorf("unfit %d, want %d", got.Dropped.SourcesUnfit, len(tt.in.Sources)-len(got.Sources))
			}
			if tt.wantQuery == "*" {
				if got.Dropped.QueryPreviewUTF16 == 0 || got.QueryPreview == tt.in.QueryPreview {
					t.Errorf("query preview not shortened: %q", got.QueryPreview)
				}
			} else if got.QueryPreview != tt.wantQuery {
				t.Errorf("query preview %q, want %q", got.QueryPreview, tt.wantQuery)
			}
			if tt.wantNotesDropped > 0 && got.Dropped.NotesUTF16 != tt.wantNotesDropped {
				t.Errorf("notes dropped %d, want %d", got.Dropped.NotesUTF16, tt.wantNotesDropped)
			}
		})
	}
}

// FuzzFit checks the fitter on arbitrary content and ceilings within the
// bounds Validate allows: it always succeeds, the JSON fits both ceilings
// whatever the counters become, and it only cuts (prefixes of the notes,
// the source list and the query preview) while counting what it cut.
func FuzzFit(f *testing.F) {
	f.Add("latest Go release", "The latest Go release is Go 1.26.", "https://go.dev/doc/go1.26|Go 1.26 Release Notes", 24000, 48000)
	f.Add(strings.Repeat("😀", 192), strings.Repeat("<&>\"", 3000), strings.Repeat("https://a.example/x|漢字漢字\n", 200), 1024, 1024)
	f.Add(strings.Repeat("\x00", 192), "", "", 1024, 4000)
	f.Add("q", strings.Repeat("é", 30000), "", 49000, 1024)
	f.Fuzz(func(t *testing.T, query, notes, srcs string, units, bytes int) {
		units = minResultCeiling + abs(units)%(maxResultUTF16Cap-minResultCeiling+1)
		bytes = minResultCeiling + abs(bytes)%(maxResultBytesCap-minResultCeiling+1)
		query = strings.ToValidUTF8(query, "")
		if utf8.RuneCountInString(query) > MaxQueryRunes {
			query = string([]rune(query)[:MaxQueryRunes])
		}
		in := Result{Notice: ResultNotice, QueryPreview: query}
		if notes != "" {
			in.Notes = &Notes{Label: NotesLabel, Text: notes}
		}
		for _, line := range strings.Split(srcs, "\n") {
			if line == "" {
				continue
			}
			u, title, _ := strings.Cut(line, "|")
			in.Sources = append(in.Sources, Source{URL: u, Title: title, Cited: len(title)%2 == 0})
		}

		got, ok := fit(in, units, bytes)
		if !ok {
			t.Fatalf("fit failed at %d units / %d bytes", units, bytes)
		}
		got.RemainingCalls, got.RemainingSources = math.MaxInt32, math.MaxInt32
		got.Dropped.SourcesOverBudget, got.Dropped.SourcesOverCallLimit = math.MaxInt32, math.MaxInt32
		b, err := json.Marshal(&got)
		if err != nil {
			t.Fatal(err)
		}
		if u := budget.UTF16Len(string(b)); u > units || len(b) > bytes {
			t.Fatalf("%d units / %d bytes over %d / %d", u, len(b), units, bytes)
		}
		if len(got.Sources) > len(in.Sources) || got.Dropped.SourcesUnfit != len(in.Sources)-len(got.Sources) {
			t.Fatalf("sources %d of %d, unfit %d", len(got.Sources), len(in.Sources), got.Dropped.SourcesUnfit)
		}
		for i := range got.Sources {
			if got.Sources[i] != in.Sources[i] {
				t.Fatalf("source %d changed", i)
			}
		}
		kept := ""
		if got.Notes != nil {
			kept = got.Notes.Text
			if kept != notes {
				kept = strings.TrimSuffix(kept, budget.Ellipsis)
			}
			if !strings.HasPrefix(notes, kept) {
				t.Fatalf("notes are not a prefix")
			}
		}
		if want := budget.UTF16Len(notes) - budget.UTF16Len(kept); got.Dropped.NotesUTF16 != want {
			t.Fatalf("notes dropped %d, want %d", got.Dropped.NotesUTF16, want)
		}
		pq := got.QueryPreview
		if pq != query {
			pq = strings.TrimSuffix(pq, budget.Ellipsis)
		}
		if !strings.HasPrefix(query, pq) {
			t.Fatalf("query preview %q is not a prefix of %q", got.QueryPreview, query)
		}
		if want := budget.UTF16Len(query) - budget.UTF16Len(pq); got.Dropped.QueryPreviewUTF16 != want {
			t.Fatalf("query dropped %d, want %d", got.Dropped.QueryPreviewUTF16, want)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		if n == math.MinInt {
			return 0
		}
		return -n
	}
	return n
}
