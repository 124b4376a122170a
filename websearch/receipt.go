package websearch

import (
	"encoding/json"

	"github.com/openai/openai-go/v3/responses"
)

// maxExecutions is the native search allowance of one application call:
// the request asks for max_tool_calls 1, and more distinct web_search_call
// executions than this fail closed (§10.6).
const maxExecutions = 1

// execution is the comparable identity of one observed web_search_call:
// what must agree for two observations to be consolidated as one.
type execution struct {
	id      string
	status  string
	action  string
	query   string
	queries string
	url     string
	pattern string
	sources string
}

// executionOf reads a web_search_call output item through the union's own
// fields: the union's As* conversions re-parse the raw JSON on every call.
func executionOf(item responses.ResponseOutputItemUnion) execution {
	a := item.Action
	e := execution{
		id:      item.ID,
		status:  item.Status,
		action:  a.Type,
		query:   a.Query,
		url:     a.URL,
		pattern: a.Pattern,
	}
	urls := make([]string, len(a.Sources))
	for i, s := range a.Sources {
		urls[i] = s.URL
	}
	e.queries, e.sources = listKey(a.Queries), listKey(urls)
	return e
}

// listKey encodes a list of strings unambiguously, for comparison.
func listKey(list []string) string {
	b, _ := json.Marshal(list) // cannot fail for []string
	return string(b)
}

// receipts watches one response stream and decides whether it earned
// authority (§10.6): exactly one completed response, no error or other
// terminal events, and exactly one completed web_search_call whose every
// streamed observation agrees with the final one. It stops at the first
// violation.
type receipts struct {
	responseID string
	final      *responses.Response
	violation  Category
	streamed   map[string]execution // web_search_call items seen in output_item.done
	mentioned  map[string]bool      // web_search_call IDs seen in any event
	events     int
	// consolidated counts repeated identical observations folded together.
	consolidated int
}

func newReceipts() *receipts {
	return &receipts{streamed: map[string]execution{}, mentioned: map[string]bool{}}
}

// fail records the first violation.
func (r *receipts) fail(c Category) {
	if r.violation == "" {
		r.violation = c
	}
}

// observe takes one stream event and reports whether reading should stop.
func (r *receipts) observe(ev responses.ResponseStreamEventUnion) (stop bool) {
	r.events++
	if r.final != nil {
		// Anything after the terminal event, a second response.completed
		// included, contradicts it.
		r.fail(CategoryReceiptConflict)
		return true
	}
	switch e := ev.AsAny().(type) {
	case responses.ResponseCreatedEvent:
		r.noteResponse(e.Response.ID)
	case responses.ResponseInProgressEvent:
		r.noteResponse(e.Response.ID)
	case responses.ResponseQueuedEvent:
		r.noteResponse(e.Response.ID)
	case responses.ResponseOutputItemAddedEvent:
		if e.Item.Type == "web_search_call" {
			r.mention(e.Item.ID)
		}
	case responses.ResponseOutputItemDoneEvent:
		if e.Item.Type == "web_search_call" {
			r.stream(executionOf(e.Item))
		}
	case responses.ResponseWebSearchCallInProgressEvent:
		r.mention(e.ItemID)
	case responses.ResponseWebSearchCallSearchingEvent:
		r.mention(e.ItemID)
	case responses.ResponseWebSearchCallCompletedEvent:
		r.mention(e.ItemID)
	case responses.ResponseCompletedEvent:
		r.noteResponse(e.Response.ID)
		r.final = &e.Response
	case responses.ResponseIncompleteEvent:
		r.fail(CategoryIncomplete)
	case responses.ResponseFailedEvent:
		r.fail(CategoryFailed)
	case responses.ResponseErrorEvent:
		r.fail(CategoryFailed)
	}
	if len(r.mentioned) > maxExecutions {
		r.fail(CategoryReceiptConflict)
	}
	return r.violation != ""
}

func (r *receipts) noteResponse(id string) {
	switch {
	case id == "":
		r.fail(CategoryMalformed)
	case r.responseID == "":
		r.responseID = id
	case r.responseID != id:
		r.fail(CategoryReceiptConflict)
	}
}

func (r *receipts) mention(id string) {
	if id == "" {
		r.fail(CategoryMalformed)
		return
	}
	r.mentioned[id] = true
}

func (r *receipts) stream(e execution) {
	r.mention(e.id)
	if prev, ok := r.streamed[e.id]; ok {
		if prev != e {
			r.fail(CategoryReceiptConflict)
			return
		}
		r.consolidated++
		return
	}
	r.streamed[e.id] = e
}

// verdict judges the stream once it ended cleanly: the final response if
// it carries a valid receipt, or the category of why not.
func (r *receipts) verdict() (*responses.Response, Category) {
	if r.violation != "" {
		return nil, r.violation
	}
	f := r.final
	if f == nil {
		return nil, CategoryReceiptMissing
	}
	switch f.Status {
	case responses.ResponseStatusCompleted:
	case responses.ResponseStatusIncomplete:
		return nil, CategoryIncomplete
	case responses.ResponseStatusFailed, responses.ResponseStatusCancelled:
		return nil, CategoryFailed
	default:
		return nil, CategoryReceiptConflict
	}

	finals := map[string]execution{}
	for _, item := range f.Output {
		switch item.Type {
		case "web_search_call":
			e := executionOf(item)
			if e.id == "" {
				return nil, CategoryMalformed
			}
			if prev, ok := finals[e.id]; ok {
				if prev != e {
					return nil, CategoryReceiptConflict
				}
				r.consolidated++
				continue
			}
			finals[e.id] = e
		case "message":
			if item.Status != "" && item.Status != string(responses.ResponseOutputMessageStatusCompleted) {
				return nil, CategoryIncomplete
			}
			for _, c := range item.Content {
				if c.Type != "output_text" && c.Type != "refusal" {
					return nil, CategoryMalformed
				}
			}
		case "reasoning":
			// Allowed and ignored: reasoning summaries are not output.
		default:
			// The only tool offered is web_search; any other item is
			// something this bridge did not ask for.
			return nil, CategoryMalformed
		}
	}
	switch {
	case len(finals) == 0:
		return nil, CategoryReceiptMissing
	case len(finals) > maxExecutions:
		return nil, CategoryReceiptConflict
	}
	for _, e := range finals {
		switch e.status {
		case string(responses.ResponseFunctionWebSearchStatusCompleted):
		case string(responses.ResponseFunctionWebSearchStatusFailed):
			return nil, CategoryFailed
		default:
			return nil, CategoryIncomplete
		}
	}
	// Every streamed observation must be of the final execution, and agree.
	for id := range r.mentioned {
		if _, ok := finals[id]; !ok {
			return nil, CategoryReceiptConflict
		}
	}
	for id, e := range r.streamed {
		if finals[id] != e {
			return nil, CategoryReceiptConflict
		}
	}
	return f, ""
}
