package websearch

import (
	"errors"
	"fmt"

	"github.com/pling-dev/pling/errcode"
)

// Category names the kind of a failure without carrying any provider text.
// Categories are safe to log and to show.
type Category string

// Categories of failure.
const (
	// CategoryQuery: the query is empty, too long, or not valid UTF-8.
	CategoryQuery Category = "query"
	// CategoryCalls: the session has no search calls left.
	CategoryCalls Category = "calls"
	// CategoryExpired: the session outlived Options.RequestTimeout.
	CategoryExpired Category = "expired"

	// CategoryReceiptMissing: no terminal response, or no completed
	// web_search_call in it.
	CategoryReceiptMissing Category = "receipt_missing"
	// CategoryReceiptConflict: receipts disagree (duplicate terminal events,
	// events after the terminal, conflicting observations of a call, more
	// than one distinct search execution, mismatched response IDs).
	CategoryReceiptConflict Category = "receipt_conflict"
	// CategoryIncomplete: the response or the search call did not complete.
	CategoryIncomplete Category = "incomplete"
	// CategoryFailed: the provider reported failure (response.failed, an
	// error event, a failed search call, a streamed error payload).
	CategoryFailed Category = "failed"
	// CategoryMalformed: the stream or its output could not be understood
	// or was larger than the bridge reads.
	CategoryMalformed Category = "malformed"
	// CategoryUnfit: the result could not be fitted to the output ceilings.
	CategoryUnfit Category = "unfit"
	// CategoryCancelled: the caller cancelled the call.
	CategoryCancelled Category = "cancelled"
	// CategoryDeadline: the per-call timeout or the session deadline passed.
	CategoryDeadline Category = "deadline"
	// CategoryHTTP4xx and CategoryHTTP5xx: the provider answered with that
	// class of HTTP status (Error.HTTPStatus has the number). No retry is
	// made.
	CategoryHTTP4xx Category = "http_4xx"
	CategoryHTTP5xx Category = "http_5xx"
	// CategoryTransport: the connection failed or broke.
	CategoryTransport Category = "transport"
)

// messages holds the only text an Error ever carries: fixed sentences, so
// that no provider body, query, provisional text or key can leak through.
var messages = map[Category]string{
	CategoryQuery:           "the query must be 1 to 192 Unicode code points of valid text after trimming",
	CategoryCalls:           "this session has used all of its web_search calls",
	CategoryExpired:         "this session's web_search time allowance has ended",
	CategoryReceiptMissing:  "web search failed: the provider did not return a completed search receipt",
	CategoryReceiptConflict: "web search failed: the provider's receipts were inconsistent",
	CategoryIncomplete:      "web search failed: the provider did not complete the search",
	CategoryFailed:          "web search failed: the provider reported a failure",
	CategoryMalformed:       "web search failed: the provider's output could not be understood",
	CategoryUnfit:           "web search failed: the result could not be fitted to the output limits",
	CategoryCancelled:       "web search was cancelled",
	CategoryDeadline:        "web search timed out",
	CategoryHTTP4xx:         "web search failed: the provider rejected the request",
	CategoryHTTP5xx:         "web search failed: the provider had a server error",
	CategoryTransport:       "web search failed: the connection to the provider failed",
}

// Failure is the cause inside every error Search returns (an
// *errcode.Error whose Reason is the fixed sentence of its Kind): what kind
// of failure it was and, for HTTP failures, the status. Both are safe to
// log and to show. A call slot spent before the failure stays spent.
type Failure struct {
	Kind       Category `json:"category"`
	HTTPStatus int      `json:"http_status,omitempty"`
}

// Error implements error as "category" or "category (HTTP status)".
func (f *Failure) Error() string {
	if f.HTTPStatus != 0 {
		return fmt.Sprintf("%s (HTTP %d)", f.Kind, f.HTTPStatus)
	}
	return string(f.Kind)
}

// Category names the failure for the log (mcpserver's cause category).
func (f *Failure) Category() string { return string(f.Kind) }

// CategoryOf returns the Kind of the Failure in err's chain, or "" when
// there is none.
func CategoryOf(err error) Category {
	var f *Failure
	if errors.As(err, &f) {
		return f.Kind
	}
	return ""
}

func newError(code errcode.Code, cat Category) *errcode.Error {
	return &errcode.Error{Code: code, Reason: messages[cat], Err: &Failure{Kind: cat}}
}

// failed is the spec's search_failed outcome (§10.8): a safe replacement
// for anything the provider did, with a Category saying what kind of
// failure it was.
func failed(cat Category) *errcode.Error {
	return newError(errcode.SearchFailed, cat)
}

func httpFailure(status int) *errcode.Error {
	cat := CategoryTransport
	switch {
	case status >= 400 && status < 500:
		cat = CategoryHTTP4xx
	case status >= 500:
		cat = CategoryHTTP5xx
	}
	e := failed(cat)
	e.Err.(*Failure).HTTPStatus = status
	return e
}
