// Package agent is the model loop of `pling run` (spec/observation.txt,
// "What one model request contains" and "Stateless requests and bounded
// context"): before every model call it takes a fresh observation of the
// page and sends four layers to an OpenAI-compatible /chat/completions
// endpoint — one system message (the framework rules, the application's
// role under "## This application", the rendered observation), the folded
// action schemas of the same snapshot plus the framework's discovery tools
// in the tools field, and the conversation (the user's instruction,
// assistant turns with their tool calls, tool results that are action
// receipts). The conversation is counted with a real tokenizer and
// compacted into a "[Conversation history summary]" message so that every
// request stays within maxTokens − reserveForOutput.
//
// The package knows nothing of MCP. It reaches the browser through Page,
// which *page.Runtime implements; cmd/pling wires the real one in.
package agent

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"github.com/pling-dev/pling/errcode"
	"io"
	"net/http"
	"strings"

	"github.com/pling-dev/pling/config"
	"github.com/pling-dev/pling/page"
)

//go:embed rules.md
var rules string

// Rules returns the framework's rules: the first part of the system message.
func Rules() string { return rules }

// Page is what the loop needs from one browser tab. *page.Runtime
// implements it.
type Page interface {
	// Observe settles the page and takes a fresh observation (or the
	// continuation slice req names).
	Observe(ctx context.Context, req page.ObserveRequest) (*page.Observation, error)
	// Act runs one action of the current observation and returns its receipt.
	Act(ctx context.Context, req page.ActRequest) (*page.ActResult, error)
	// Scroll scrolls the page or a region: a discovery step.
	Scroll(ctx context.Context, region, direction string, pages float64) (*page.ActResult, error)
	// Read returns one page of a region's visible text: a discovery step
	// that changes nothing.
	Read(ctx context.Context, req page.ReadRequest) (*page.ReadResult, error)
	// Budgets are the observation budgets the page section is rendered with.
	Budgets() page.Budgets
}

// Confirmer asks the person running the agent whether an action marked
// confirm may run. cmd/pling asks on the terminal.
type Confirmer interface {
	Confirm(ctx context.Context, question string) (bool, error)
}

// Options configure one run.
type Options struct {
	// Config supplies agent.* (model, maxTurns, timeouts, retries, stream),
	// the conversation and observation budgets, and app.role.
	Config config.Config
	// BaseURL is the endpoint root ("https://api.openai.com/v1/" when
	// empty); requests go to BaseURL + "chat/completions".
	BaseURL string
	// APIKey is sent as a bearer token; it is never traced or printed.
	APIKey string
	// HTTPClient, when set, carries the requests (tests, proxies).
	HTTPClient *http.Client
	// Trace, when set, receives one JSON line per model request: the exact
	// request body and the response (no headers, so no key).
	Trace io.Writer
	// Progress, when set, receives one short line per action and per answer.
	Progress io.Writer
	// Confirm asks about actions marked confirm; nil means nobody can be
	// asked, and such actions return CONFIRMATION_REQUIRED without running.
	Confirm Confirmer
}

// DefaultBaseURL is OpenAI's API root.
const DefaultBaseURL = "https://api.openai.com/v1/"

// Result is how a run ended.
type Result struct {
	// Answer is the model's final answer (empty when Handoff is set).
	Answer string
	// Turns is the number of model calls made.
	Turns int
	// Handoff is set when the run stopped at an action only a human may do.
	Handoff *Handoff
	// Compactions counts how often older messages were summarized.
	Compactions int
}

// Handoff is an action the page reserves for a human.
type Handoff struct {
	// Action is the action id (e.g. pay, or delete@r3).
	Action string
	// Description is the page's description of the action (page-authored,
	// one line).
	Description string
	// Reason is Pling's explanation.
	Reason string
	// Location is the page's title and path when the run stopped.
	Location string
}

// Errors a run can end with; the message of the returned error says more.
var (
	// ErrModel: the model endpoint failed (HTTP error, unreachable,
	// timeout, malformed or empty response).
	ErrModel = errors.New("model request failed")
	// ErrMaxTurns: the run used agent.maxTurns model calls without an answer.
	ErrMaxTurns = errors.New("no answer within agent.maxTurns model calls")
	// ErrBudget: the system message and tools alone leave no room for the
	// conversation within maxTokens − reserveForOutput.
	ErrBudget = errors.New("request does not fit the token budget")
	// ErrPage: the page could not be observed.
	ErrPage = errors.New("page unavailable")
)

// Run operates the page for instruction until the model answers, the page
// needs a human, or a limit is reached.
func Run(ctx context.Context, p Page, instruction string, opts Options) (*Result, error) {
	instruction = strings.TrimSpace(instruction)
	if instruction == "" {
		return nil, errors.New("the instruction is empty")
	}
	cfg := opts.Config
	counter := NewCounter(cfg.Agent.Model)
	model := newChatModel(opts)
	hist := newHistory(instruction, counter, cfg.Observation)
	budgets := p.Budgets()
	res := &Result{}
	view := "" // the continuation slice on show, if the model asked for one
	for res.Turns < cfg.Agent.MaxTurns {
		obs, err := p.Observe(ctx, page.ObserveRequest{Continuation: view})
		if err != nil && view != "" {
			view = ""
			obs, err = p.Observe(ctx, page.ObserveRequest{})
		}
		if err != nil {
			return res, fmt.Errorf("%w: %v", ErrPage, err)
		}
		system := SystemMessage(cfg.App.Role, page.Render(obs, budgets))
		tools := buildTools(obs)
		if err := hist.fit(counter.Count(system)+tokensPerMessage+tools.tokens(counter)+tokensPerRequest, res); err != nil {
			return res, err
		}
		res.Turns++
		reply, err := model.complete(ctx, res.Turns, system, tools, hist)
		if err != nil {
			return res, err
		}
		if len(reply.calls) == 0 {
			res.Answer = strings.TrimSpace(reply.content)
			if res.Answer == "" {
				return res, fmt.Errorf("%w: the model ended its turn with neither an answer nor a tool call", ErrModel)
			}
			progress(opts.Progress, "[%d] answer", res.Turns)
			return res, nil
		}
		hist.add(message{role: "assistant", content: reply.content, calls: reply.calls})
		failed := false
		for _, call := range reply.calls {
			if failed {
				hist.add(toolMessage(call.ID, errorResult(&page.Error{Code: errcode.NotRun,
					Reason: "not run: an earlier call of this turn failed; read the current observation first"}), "not run"))
				continue
			}
			out, err := dispatch(ctx, p, obs, tools, call, opts.Confirm)
			if err != nil {
				return res, err
			}
			progress(opts.Progress, "[%d] %s → %s", res.Turns, out.label, out.outcome)
			if out.handoff != nil {
				out.handoff.Location = location(obs)
				res.Handoff = out.handoff
				return res, nil
			}
			hist.add(toolMessage(call.ID, counter.HeadTail(out.content, cfg.Observation.MaxToolResultTokens), out.outcome))
			failed = out.failed
			switch {
			case out.view != "":
				view = out.view
			case out.ran:
				view = ""
			}
		}
	}
	return res, fmt.Errorf("%w (%d)", ErrMaxTurns, cfg.Agent.MaxTurns)
}

// SystemMessage is messages[0]: the rules, the application's role under
// "## This application" (when set), and the rendered observation.
func SystemMessage(role, observation string) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(rules, "\n"))
	b.WriteString("\n\n")
	if r := strings.TrimSpace(role); r != "" {
		b.WriteString("## This application\n")
		b.WriteString(r)
		b.WriteString("\n\n")
	}
	b.WriteString(observation)
	return b.String()
}

func location(o *page.Observation) string {
	return oneLine(o.Identity.Title, 80) + " (" + oneLine(o.Identity.Path, 200) + ")"
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// oneLine collapses s to one line of at most max runes, without control
// characters (for terminal output of page-authored text).
func oneLine(s string, max int) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ' ' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		if n >= max {
			b.WriteString("…")
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
