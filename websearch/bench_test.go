package websearch

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3/responses"
)

// BenchmarkAdmission64 measures the post-receipt path of 64 calls completing
// at once on one session: normalizing 100 candidate URLs each (half shared
// with other calls), fitting notes and sources to the default ceilings, and
// the atomic source admission. One op is one wave of 64 completions; the
// provider round trip is not included.
func BenchmarkAdmission64(b *testing.B) {
	const calls = 64
	finals := make([]*responses.Response, calls)
	for g := range finals {
		sc := scenario{text: strings.Repeat("Generated notes with a citation. ", 200)}
		urls := append(manyURLs(fmt.Sprintf("own%d", g), 50), manyURLs("shared", 50)...)
		for _, u := range urls[:20] {
			sc.citations = append(sc.citations, cite{u, "A page title of ordinary length"})
		}
		sc.calls = []wsCall{{sources: urls}}
		raw, err := json.Marshal(sc.response())
		if err != nil {
			b.Fatal(err)
		}
		finals[g] = new(responses.Response)
		if err := json.Unmarshal(raw, finals[g]); err != nil {
			b.Fatal(err)
		}
	}
	opts := DefaultOptions()
	opts.APIKey = testKey
	bridge, err := NewBridge(opts)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var total time.Duration
	for b.Loop() {
		s := bridge.NewSession()
		start := time.Now()
		var wg sync.WaitGroup
		for g := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, ferr := s.admit("benchmark query", outcome{final: finals[g]}); ferr != nil {
					b.Error(ferr)
				}
			}()
		}
		wg.Wait()
		total += time.Since(start)
		if _, left := s.Remaining(); left != 0 {
			b.Fatalf("%d source slots left; 64 x 50 new URLs should exhaust 1,000", left)
		}
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N*calls), "ns/call")
}
