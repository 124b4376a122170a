package budget

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLedgerTrySpend(t *testing.T) {
	tests := []struct {
		name      string
		max       int
		spends    []int
		want      []bool
		remaining int
	}{
		{"exact", 3, []int{1, 1, 1, 1}, []bool{true, true, true, false}, 0},
		{"all or nothing", 3, []int{2, 2, 1}, []bool{true, false, true}, 0},
		{"zero always", 0, []int{0, 1}, []bool{true, false}, 0},
		{"negative n", 5, []int{-1, 5}, []bool{false, true}, 0},
		{"negative max", -4, []int{1}, []bool{false}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLedger(tt.max)
			var got []bool
			for _, n := range tt.spends {
				got = append(got, l.TrySpend(n))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("TrySpend mismatch (-want +got):\n%s", diff)
			}
			if r := l.Remaining(); r != tt.remaining {
				t.Errorf("Remaining() = %d, want %d", r, tt.remaining)
			}
			if l.Spent()+l.Remaining() != l.Max() {
				t.Errorf("Spent %d + Remaining %d != Max %d", l.Spent(), l.Remaining(), l.Max())
			}
		})
	}
}

func TestLedgerAdmit(t *testing.T) {
	type step struct {
		keys  []string
		limit int
		want  Admission
	}
	tests := []struct {
		name  string
		max   int
		steps []step
	}{
		{
			name: "seen keys are free, new keys spend",
			max:  3,
			steps: []step{
				{keys: []string{"a", "b"}, want: Admission{Admitted: []string{"a", "b"}, New: 2, Remaining: 1}},
				{keys: []string{"b", "c", "d", "a"}, want: Admission{Admitted: []string{"b", "c", "a"}, New: 1, Refused: 1, Remaining: 0}},
				{keys: []string{"x", "a", "c"}, want: Admission{Admitted: []string{"a", "c"}, Refused: 1, Remaining: 0}},
			},
		},
		{
			name: "duplicates in one call count once",
			max:  5,
			steps: []step{
				{keys: []string{"a", "a", "b", "a"}, want: Admission{Admitted: []string{"a", "b"}, New: 2, Remaining: 3}},
			},
		},
		{
			name: "per-call limit",
			max:  10,
			steps: []step{
				{keys: []string{"a", "b", "c", "d"}, limit: 2, want: Admission{Admitted: []string{"a", "b"}, New: 2, OverLimit: 2, Remaining: 8}},
				{keys: []string{"c", "a", "d"}, limit: 2, want: Admission{Admitted: []string{"c", "a"}, New: 1, OverLimit: 1, Remaining: 7}},
			},
		},
		{
			name: "empty ledger",
			max:  0,
			steps: []step{
				{keys: []string{"a"}, want: Admission{Refused: 1}},
				{keys: nil, want: Admission{}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLedger(tt.max)
			for i, s := range tt.steps {
				got := l.Admit(s.keys, s.limit)
				if diff := cmp.Diff(s.want, got); diff != "" {
					t.Errorf("step %d: Admit mismatch (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

func TestLedgerAdmitFitSpendsOnlyKept(t *testing.T) {
	l := NewLedger(10)
	l.Admit([]string{"seen"}, 0)
	var saw []string
	got := l.AdmitFit([]string{"seen", "a", "b", "c"}, 0, func(sel []string) int {
		saw = append([]string(nil), sel...)
		return 2
	})
	want := Admission{Admitted: []string{"seen", "a"}, New: 1, Trimmed: 2, Remaining: 8}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("AdmitFit mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"seen", "a", "b", "c"}, saw); diff != "" {
		t.Errorf("fit saw (-want +got):\n%s", diff)
	}
	if l.Seen("b") || l.Seen("c") {
		t.Error("trimmed keys were recorded as seen")
	}
	// Out-of-range answers from fit are clamped.
	if a := l.AdmitFit([]string{"d"}, 0, func([]string) int { return 99 }); a.New != 1 || a.Trimmed != 0 {
		t.Errorf("clamp high: %+v", a)
	}
	if a := l.AdmitFit([]string{"e"}, 0, func([]string) int { return -3 }); a.New != 0 || a.Trimmed != 1 {
		t.Errorf("clamp low: %+v", a)
	}
	if r := l.Remaining(); r != 7 {
		t.Errorf("Remaining() = %d, want 7", r)
	}
}

// TestLedgerConcurrentNeverOverbooks runs many goroutines that mix anonymous
// spends and keyed admissions with overlapping keys, and checks the ledger's
// books afterwards: every slot accounted for, none beyond the maximum, and
// every key charged exactly once.
func TestLedgerConcurrentNeverOverbooks(t *testing.T) {
	t.Parallel()
	const (
		max        = 1000
		goroutines = 128
		perG       = 40
	)
	l := NewLedger(max)
	var (
		anon     atomic.Int64
		mu       sync.Mutex
		admitted = map[string]int{}
		wg       sync.WaitGroup
	)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perG {
				if i%4 == 0 {
					if l.TrySpend(1) {
						anon.Add(1)
					}
					continue
				}
				keys := make([]string, 0, 10)
				for k := range 10 {
					keys = append(keys, fmt.Sprintf("https://example.com/%d", (g*7+i*13+k)%1500))
				}
				a := l.AdmitFit(keys, 8, func(sel []string) int { return len(sel) - len(sel)/5 })
				if len(a.Admitted) > 8 {
					t.Errorf("admitted %d > limit 8", len(a.Admitted))
				}
				if a.Remaining < 0 {
					t.Errorf("Remaining %d < 0", a.Remaining)
				}
				mu.Lock()
				for _, k := range a.Admitted {
					admitted[k]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	distinct := len(admitted)
	if spent := l.Spent(); spent != int(anon.Load())+distinct {
		t.Errorf("Spent() = %d, want anon %d + distinct keys %d", spent, anon.Load(), distinct)
	}
	if l.Spent() > max || l.Remaining() < 0 {
		t.Errorf("overbooked: spent %d of %d", l.Spent(), max)
	}
	if l.Remaining() != 0 {
		t.Errorf("Remaining() = %d; the workload should exhaust the ledger", l.Remaining())
	}
	for k := range admitted {
		if !l.Seen(k) {
			t.Errorf("admitted key %q not recorded", k)
		}
	}
}

func BenchmarkLedgerAdmit64(b *testing.B) {
	keys := make([][]string, 64)
	for g := range keys {
		for k := range 100 {
			keys[g] = append(keys[g], fmt.Sprintf("https://example.com/%d/%d", g%8, k))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		l := NewLedger(1000)
		var wg sync.WaitGroup
		for g := range 64 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l.Admit(keys[g], 100)
			}()
		}
		wg.Wait()
	}
}
