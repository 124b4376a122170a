package agent

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pling-dev/pling/config"
)

// A conversation of n turns, each an assistant message with calls tool
// calls followed by their results (long results when big).
func conversation(c *Counter, cfg config.Observation, n, calls int, big bool) *history {
	h := newHistory("Toggle every task.", c, cfg)
	for i := 1; i <= n; i++ {
		m := message{role: "assistant", content: fmt.Sprintf("Step %d.", i)}
		for j := 1; j <= calls; j++ {
			m.calls = append(m.calls, toolCall{ID: fmt.Sprintf("c%d_%d", i, j), Name: "toggle", Args: fmt.Sprintf(`{"record":"t%d"}`, i)})
		}
		h.add(m)
		for j := 1; j <= calls; j++ {
			body := `{"result":{"ok":true}}`
			if big {
				body = `{"result":{"ok":true,"x":"` + strings.Repeat("data ", 300) + `"}}`
			}
			h.add(toolMessage(fmt.Sprintf("c%d_%d", i, j), body, "ok"))
		}
	}
	return h
}

// checkPairs fails when a tool message's call is not in the messages, or
// a call has no result.
func checkPairs(t *testing.T, h *history) {
	t.Helper()
	open := map[string]bool{}
	for i, m := range h.msgs {
		if i > 0 && m.summary {
			t.Errorf("summary at %d", i)
		}
		for _, tc := range m.calls {
			open[tc.ID] = true
		}
		if m.role == "tool" {
			if !open[m.callID] {
				t.Errorf("orphaned tool result %s at %d", m.callID, i)
			}
			delete(open, m.callID)
		}
	}
	if len(open) > 0 {
		t.Errorf("calls without results: %v", open)
	}
}

// Compaction under every pressure: the cut never orphans a result, the
// summary comes first and keeps the task, and the request fits or the run
// ends with ErrBudget — never a panic.
func TestFitUnderPressure(t *testing.T) {
	c := NewCounter("gpt-4o")
	cfg := config.Default().Observation
	cfg.MaxTokens, cfg.ReserveForOutput = 4096, 512
	limit := cfg.MaxTokens - cfg.ReserveForOutput
	for _, keep := range []int{0, 1, 2, 3, 6} {
		for _, calls := range []int{1, 2, 3} {
			for _, big := range []bool{false, true} {
				for _, fixed := range []int{500, 2500, 3400, 4000} {
					name := fmt.Sprintf("keep%d/calls%d/big%v/fixed%d", keep, calls, big, fixed)
					t.Run(name, func(t *testing.T) {
						cfg := cfg
						cfg.KeepRecent = keep
						h := conversation(c, cfg, 12, calls, big)
						res := &Result{}
						err := h.fit(fixed, res)
						if err != nil {
							if !errors.Is(err, ErrBudget) {
								t.Fatalf("err = %v", err)
							}
							return
						}
						if got := fixed + h.tokens(); got > limit {
							t.Errorf("%d tokens over %d", got, limit)
						}
						checkPairs(t, h)
						if res.Compactions > 0 {
							if !h.msgs[0].summary || !strings.HasPrefix(h.msgs[0].content, SummaryPrefix+"\n") ||
								!strings.Contains(h.msgs[0].content, "The user's task: Toggle every task.") {
								t.Errorf("summary: %q", h.msgs[0].content)
							}
							if len(h.msgs) > 1 && h.msgs[1].role == "tool" {
								t.Error("a tool result right after the summary")
							}
						}
					})
				}
			}
		}
	}
}

// Repeated compaction folds earlier steps into one summary: every dropped
// call appears once, oldest first.
func TestSummaryAccumulates(t *testing.T) {
	c := NewCounter("gpt-4o")
	cfg := config.Default().Observation
	cfg.KeepRecent = 2
	h := conversation(c, cfg, 3, 1, false)
	if !h.compact(2) {
		t.Fatal("nothing compacted")
	}
	for i := 4; i <= 6; i++ {
		h.add(message{role: "assistant", calls: []toolCall{{ID: fmt.Sprintf("c%d_1", i), Name: "toggle", Args: fmt.Sprintf(`{"record":"t%d"}`, i)}}})
		h.add(toolMessage(fmt.Sprintf("c%d_1", i), `{"error":{"code":"UNAVAILABLE"}}`, "UNAVAILABLE"))
	}
	h.compact(2)
	s := h.msgs[0].content
	for i := 1; i <= 5; i++ {
		if strings.Count(s, fmt.Sprintf(`toggle {"record":"t%d"}`, i)) != 1 {
			t.Errorf("step %d not listed once:\n%s", i, s)
		}
	}
	if strings.Contains(s, `"t6"`) || !strings.Contains(s, `{"record":"t4"} → UNAVAILABLE`) || strings.Index(s, `"t1"`) > strings.Index(s, `"t5"`) {
		t.Errorf("summary:\n%s", s)
	}
	checkPairs(t, h)
}
