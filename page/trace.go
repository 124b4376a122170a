package page

import (
	"context"
	"sync"
	"time"
)

// Trace records the driver calls and phases of operations made with a
// context that carries it (WithTrace): one Span per CDP round trip, per
// in-page evaluation and per phase of the runtime. It is how tests pin the
// number of round trips an operation costs and how benchmarks split an
// operation into phases; nothing is logged. A nil *Trace records nothing.
type Trace struct {
	mu    sync.Mutex
	spans []Span
}

// Span kinds.
const (
	// SpanEval is one in-page evaluation (Runtime.evaluate): one CDP round
	// trip that runs a script in the page.
	SpanEval = "eval"
	// SpanCDP is one other CDP command round trip (input events, bring to
	// front, navigate).
	SpanCDP = "cdp"
	// SpanPhase is a phase of an operation (a span around others).
	SpanPhase = "phase"
)

// Span is one recorded call or phase.
type Span struct {
	Kind string        // SpanEval, SpanCDP or SpanPhase
	Name string        // what ran (e.g. "observe", "Input.dispatchMouseEvent")
	Dur  time.Duration // how long it took, the wait for the answer included
}

type traceKey struct{}

// WithTrace returns a context whose operations record into t.
func WithTrace(ctx context.Context, t *Trace) context.Context {
	return context.WithValue(ctx, traceKey{}, t)
}

// TraceFrom returns the trace ctx carries (nil when none).
func TraceFrom(ctx context.Context) *Trace {
	t, _ := ctx.Value(traceKey{}).(*Trace)
	return t
}

// Start begins a span and returns the function that ends it; on a nil
// trace both cost nothing.
func (t *Trace) Start(kind, name string) func() {
	if t == nil {
		return func() {}
	}
	start := time.Now()
	return func() { t.add(Span{Kind: kind, Name: name, Dur: time.Since(start)}) }
}

func (t *Trace) add(s Span) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.spans = append(t.spans, s)
}

// Spans returns a copy of what was recorded, in the order spans ended.
func (t *Trace) Spans() []Span {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Span(nil), t.spans...)
}

// Count returns how many spans of kind were recorded; kind "" counts the
// round trips (SpanEval and SpanCDP together).
func (t *Trace) Count(kind string) int {
	n := 0
	for _, s := range t.Spans() {
		if s.Kind == kind || (kind == "" && s.Kind != SpanPhase) {
			n++
		}
	}
	return n
}

// Reset forgets every span.
func (t *Trace) Reset() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.spans = nil
}
