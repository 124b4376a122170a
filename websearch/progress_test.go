package websearch

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pling-dev/pling/budget"
)

// keyForms are the spellings of testKey that must never be shown.
func keyForms() []string {
	return []string{testKey, url.QueryEscape(testKey), url.PathEscape(testKey)}
}

// TestProgressOverWire streams a long answer that echoes the key, split
// across deltas, and checks every provisional report: labelled, bounded,
// cumulative, batched, redacted (no whole key, no key prefix at the end),
// and closed by a Done report; the result carries nothing provisional.
func TestProgressOverWire(t *testing.T) {
	t.Parallel()
	sc := defaultScenario()
	sc.text = strings.Repeat("Provisional text. ", 20) + testKey + " middle " + url.QueryEscape(testKey) +
		strings.Repeat(" More text follows here.", 400)
	f := newFake(t, streamEvents(sc.events(), 0))
	var reports []Progress
	res, err := newSession(t, f.options()).Search(t.Context(), "q", func(p Progress) { reports = append(reports, p) })
	if err != nil {
		t.Fatalf("Search: %v", err)
	}

	var stages []Stage
	prev := ""
	for i, p := range reports {
		if p.Label != ProgressLabel {
			t.Errorf("report %d label %q", i, p.Label)
		}
		if len(stages) == 0 || stages[len(stages)-1] != p.Stage {
			stages = append(stages, p.Stage)
		}
		if n := budget.UTF16Len(p.Text); n > MaxProgressUTF16 {
			t.Errorf("report %d: %d units > %d", i, n, MaxProgressUTF16)
		}
		for _, k := range keyForms() {
			if strings.Contains(p.Text, k) {
				t.Errorf("report %d shows the key (%q)", i, k)
			}
			for n := 4; n < len(k); n++ {
				if strings.HasSuffix(p.Text, k[:n]) {
					t.Errorf("report %d ends with a %d-byte key prefix", i, n)
				}
			}
		}
		if p.Stage == StageWriting {
			if !strings.HasPrefix(p.Text, prev) {
				t.Errorf("report %d is not cumulative", i)
			}
			prev = p.Text
		}
	}
	want := []Stage{StageDispatched, StageSearching, StageSearched, StageWriting, StageDone}
	if diff := cmp.Diff(want, stages); diff != "" {
		t.Errorf("stages (-want +got):\n%s", diff)
	}
	if len(reports) > maxProgressReports+1 {
		t.Errorf("%d reports, want at most %d", len(reports), maxProgressReports+1)
	}
	last := reports[len(reports)-2]
	if !last.Truncated || budget.UTF16Len(last.Text) != MaxProgressUTF16 {
		t.Errorf("last text report: truncated=%v, %d units", last.Truncated, budget.UTF16Len(last.Text))
	}
	if !strings.Contains(last.Text, Redacted) {
		t.Error("the key echo was not replaced by the redaction marker")
	}
	// 9,000-odd bytes in 40-byte deltas: batching must merge them.
	if writing := len(reports) - 4; writing > 9000/progressBatchBytes+2 {
		t.Errorf("%d text reports: deltas were not batched", writing)
	}
	if strings.Contains(res.Notes.Text, testKey) {
		t.Error("notes carry the key")
	}
}

// TestProgressBatching drives the progressor with a fake clock.
func TestProgressBatching(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	var got []string
	p := newProgressor(func(p Progress) { got = append(got, string(p.Stage)+":"+p.Text) }, newRedactor(testKey), clock)

	p.setStage(StageSearching)
	p.delta("a")                                     // stage change to writing: reported
	p.delta("b")                                     // small, soon: held
	now = now.Add(progressInterval)                  //
	p.delta("c")                                     // interval passed: reported
	p.delta(strings.Repeat("d", progressBatchBytes)) // batch size reached: reported
	p.delta("x sk-pl")                               // ends with a key prefix
	now = now.Add(progressInterval)                  //
	p.delta("")                                      // due, but the prefix is held back
	p.delta("ing-test+k/ey=0123456789abcdef y")      // completes the key: redacted
	now = now.Add(progressInterval)
	p.delta("")
	p.finish(true)

	d := strings.Repeat("d", progressBatchBytes)
	want := []string{
		"searching:",
		"writing:a",
		"writing:abc",
		"writing:abc" + d,
		"writing:abc" + d + "x ",
		"writing:abc" + d + "x " + Redacted + " y",
		"done:",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reports (-want +got):\n%s", diff)
	}
}

func TestProgressNilCallback(t *testing.T) {
	var p *progressor = newProgressor(nil, newRedactor(testKey), time.Now)
	if p != nil {
		t.Fatal("want nil progressor")
	}
	p.setStage(StageSearching) // must not panic
	p.delta("x")
	p.finish(false)
}

func TestRedactorPending(t *testing.T) {
	r := newRedactor("abcdef")
	tests := []struct {
		in   string
		want int
	}{
		{"xx", 0},
		{"xxa", 1},
		{"xxabc", 3},
		{"xxabcde", 5},
		{"xxabcdef", 0}, // whole key: redact, not hold
		{"abx", 0},
	}
	for _, tt := range tests {
		if got := r.pending(tt.in); got != tt.want {
			t.Errorf("pending(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	if got := r.redact("1abcdef2ABCDEF"); got != "1"+Redacted+"2ABCDEF" {
		t.Errorf("redact = %q", got)
	}
	if got := newRedactor("a+b/c").redact("x a%2Bb%2Fc y a%2bb%2fc z a+b/c"); got != "x "+Redacted+" y "+Redacted+" z "+Redacted {
		t.Errorf("encoded redact = %q", got)
	}
}
