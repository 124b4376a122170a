package agent

import (
	"strings"
	"testing"

	"github.com/pling-dev/pling/config"
)

// benchText is about the size of a full observation (12 KB): rendered
// lines of records and actions.
var benchText = strings.Repeat("- 1. t9 (Send the weekly report): title Send the weekly report; done false\n", 160)

// BenchmarkCount: counting one full-size observation, done once per model call.
func BenchmarkCount(b *testing.B) {
	c := NewCounter("gpt-5.4")
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		c.Count(benchText)
	}
}

// BenchmarkHeadTail: cutting a 12 KB tool result to 1000 tokens (the
// default maxToolResultTokens), a binary search of token counts.
func BenchmarkHeadTail(b *testing.B) {
	c := NewCounter("gpt-5.4")
	for b.Loop() {
		c.HeadTail(benchText, 1000)
	}
}

// BenchmarkFit: one compaction check of a 30-turn conversation that must
// be compacted (keepRecent 6), summary rebuilt.
func BenchmarkFit(b *testing.B) {
	c := NewCounter("gpt-5.4")
	cfg := config.Default().Observation
	for b.Loop() {
		h := conversation(c, cfg, 30, 1, true)
		if err := h.fit(3000, &Result{}); err != nil {
			b.Fatal(err)
		}
	}
}
