package agent

import (
	"fmt"
	"strings"

	"github.com/pling-dev/pling/config"
)

// SummaryPrefix begins the synthetic user message that replaces older
// messages (spec/observation.txt, "Stateless requests and bounded context").
const SummaryPrefix = "[Conversation history summary]"

// message is one entry of the messages array after the system message.
type message struct {
	role    string // user | assistant | tool
	content string
	calls   []toolCall // assistant
	callID  string     // tool
	outcome string     // tool: short outcome, for the summary
	summary bool       // the synthetic summary message
	tokens  int
}

// toolCall is one function call of an assistant message.
type toolCall struct {
	ID, Name, Args string
}

func toolMessage(id, content, outcome string) message {
	return message{role: "tool", callID: id, content: content, outcome: outcome}
}

// history is the conversation: the verbatim messages (the first may be the
// summary) and what compaction has cut so far, from which the summary is
// rebuilt deterministically.
type history struct {
	task    string
	msgs    []message
	dropped []message
	c       *Counter
	cfg     config.Observation
	// summaryMax bounds the summary in tokens; fit lowers it when even the
	// summary does not leave room.
	summaryMax int
}

func newHistory(task string, c *Counter, cfg config.Observation) *history {
	h := &history{task: task, c: c, cfg: cfg}
	h.summaryMax = h.limit() / 4
	h.add(message{role: "user", content: task})
	return h
}

// limit is the token budget of one whole request.
func (h *history) limit() int { return h.cfg.MaxTokens - h.cfg.ReserveForOutput }

func (h *history) add(m message) {
	m.tokens = h.count(m)
	h.msgs = append(h.msgs, m)
}

func (h *history) count(m message) int {
	n := tokensPerMessage + h.c.Count(m.content)
	for _, tc := range m.calls {
		n += h.c.Count(tc.ID) + h.c.Count(tc.Name) + h.c.Count(tc.Args) + 8
	}
	if m.callID != "" {
		n += h.c.Count(m.callID) + 2
	}
	return n
}

func (h *history) tokens() int {
	n := 0
	for _, m := range h.msgs {
		n += m.tokens
	}
	return n
}

// fit compacts the history when fixed (system message and tools) plus the
// messages cross compactRatio × limit, and makes sure the request stays
// within the limit: fewer verbatim messages first, then a shorter summary.
func (h *history) fit(fixed int, res *Result) error {
	limit := h.limit()
	if float64(fixed+h.tokens()) <= h.cfg.CompactRatio*float64(limit) {
		return nil
	}
	compacted := false
	for keep := h.cfg.KeepRecent; keep >= 0; keep-- {
		if h.compact(keep) {
			compacted = true
		}
		if fixed+h.tokens() <= limit {
			break
		}
	}
	for fixed+h.tokens() > limit && h.summaryMax > 64 && len(h.msgs) > 0 && h.msgs[0].summary {
		h.summaryMax /= 2
		h.rebuildSummary()
	}
	if compacted {
		res.Compactions++
	}
	if fixed+h.tokens() > limit {
		return fmt.Errorf("%w: the system message and tools take %d tokens and the conversation %d, over maxTokens − reserveForOutput = %d; raise observation.maxTokens or lower the observation budgets", ErrBudget, fixed, h.tokens(), limit)
	}
	return nil
}

// compact moves all but the keep most recent verbatim messages into the
// summary. The cut never separates an assistant's tool calls from their
// results: it moves earlier to the assistant message, or, when that would
// keep everything, later past the results. It reports whether anything moved.
func (h *history) compact(keep int) bool {
	start := 0
	if len(h.msgs) > 0 && h.msgs[0].summary {
		start = 1
	}
	verbatim := h.msgs[start:]
	cut := len(verbatim) - keep
	if cut <= 0 {
		return false
	}
	for cut > 0 && cut < len(verbatim) && verbatim[cut].role == "tool" {
		cut--
	}
	if cut == 0 {
		cut = len(verbatim) - keep
		for cut < len(verbatim) && verbatim[cut].role == "tool" {
			cut++
		}
	}
	if cut == 0 {
		return false
	}
	h.dropped = append(h.dropped, verbatim[:cut]...)
	rest := append([]message(nil), verbatim[cut:]...)
	h.msgs = append([]message{{role: "user", summary: true}}, rest...)
	h.rebuildSummary()
	return true
}

// rebuildSummary writes the summary from the task and the dropped
// messages: every call with its outcome, and what the assistant said,
// oldest first, the oldest lines left out when it exceeds summaryMax.
func (h *history) rebuildSummary() {
	results := map[string]string{}
	for _, m := range h.dropped {
		if m.role == "tool" {
			results[m.callID] = m.outcome
		}
	}
	var steps []string
	for _, m := range h.dropped {
		if m.role != "assistant" {
			continue
		}
		if t := oneLine(m.content, 200); t != "" {
			steps = append(steps, "- you wrote: "+t)
		}
		for _, tc := range m.calls {
			r, ok := results[tc.ID]
			if !ok {
				r = "no result recorded"
			}
			steps = append(steps, fmt.Sprintf("- you called %s %s → %s", oneLine(tc.Name, 64), oneLine(tc.Args, 160), r))
		}
	}
	head := SummaryPrefix + "\n" +
		"Older messages were replaced by this summary to keep the request within its budget. It records what happened; the page observation in the system message describes the page now.\n" +
		"The user's task: " + h.task + "\n"
	build := func(from int) string {
		var b strings.Builder
		b.WriteString(head)
		if len(steps) > 0 {
			b.WriteString("Earlier steps (oldest first):\n")
			if from > 0 {
				fmt.Fprintf(&b, "- (%d earlier steps not listed)\n", from)
			}
			for _, s := range steps[from:] {
				b.WriteString(s)
				b.WriteByte('\n')
			}
		}
		return strings.TrimRight(b.String(), "\n")
	}
	text := build(0)
	for from := 1; from <= len(steps) && h.c.Count(text) > h.summaryMax; from++ {
		text = build(from)
	}
	h.msgs[0].content = text
	h.msgs[0].tokens = h.count(h.msgs[0])
}
