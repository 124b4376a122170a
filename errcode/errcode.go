// Package errcode is Pling's one table of stable error codes, in the shape
// of wtf's error.go: one Code type, one Error, one table with a sentence
// per code, and ErrorCode for any error.
//
// Every package that fails in a way the agent can act on (page, extract,
// websearch, browser, agent, mcpserver) returns an *Error with a code from
// the table; mcpserver turns it into a tool result with one lookup. The
// codes are the public contract of README.md ("Failures"), whose list is
// generated from the table (see Markdown): a code never changes meaning.
//
// errcode imports nothing of Pling's, so every producer can import it
// (DESIGN.md, "Packages": it sits beside budget at the bottom).
//
// To add a code: a constant below and a row in table, then
// `UPDATE_GOLDEN=1 go test ./errcode/` regenerates README.md's list.
package errcode

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Code is a stable, machine-readable error code an agent (or a program)
// can act on.
type Code string

// The codes. Each has one row in table saying when it is returned.
const (
	ActionNotFound       Code = "ACTION_NOT_FOUND"
	StaleRevision        Code = "STALE_REVISION"
	ForeignRevision      Code = "FOREIGN_REVISION"
	Navigated            Code = "NAVIGATED"
	Unavailable          Code = "UNAVAILABLE"
	TargetCovered        Code = "TARGET_COVERED"
	TargetNotReached     Code = "TARGET_NOT_REACHED"
	AuthRequired         Code = "AUTH_REQUIRED"
	ExpectationFailed    Code = "EXPECTATION_FAILED"
	TextNotFound         Code = "TEXT_NOT_FOUND"
	TextAmbiguous        Code = "TEXT_AMBIGUOUS"
	NavigationBlocked    Code = "NAVIGATION_BLOCKED"
	HandoffRequired      Code = "HANDOFF_REQUIRED"
	ConfirmationRequired Code = "CONFIRMATION_REQUIRED"
	ConfirmationDeclined Code = "CONFIRMATION_DECLINED"
	Timeout              Code = "TIMEOUT"
	InvalidArgument      Code = "INVALID_ARGUMENT"
	PageRequired         Code = "PAGE_REQUIRED"
	PageNotFound         Code = "PAGE_NOT_FOUND"
	PageLimit            Code = "PAGE_LIMIT"
	BrowserUnavailable   Code = "BROWSER_UNAVAILABLE"
	RegionNotFound       Code = "REGION_NOT_FOUND"
	WebMCPToolError      Code = "WEBMCP_TOOL_ERROR"
	InvalidContinuation  Code = "INVALID_CONTINUATION"
	StaleContinuation    Code = "STALE_CONTINUATION"
	CaptureFailed        Code = "CAPTURE_FAILED"
	BudgetExhausted      Code = "BUDGET_EXHAUSTED"
	SearchFailed         Code = "SEARCH_FAILED"
	NotRun               Code = "NOT_RUN"
	Internal             Code = "INTERNAL"
)

// Entry is one row of the table: a code and the sentence that says when
// it is returned (README.md shows the sentence after the code).
type Entry struct {
	Code Code
	Doc  string
}

// table is the one list of codes, in the order README.md shows them.
var table = []Entry{
	{ActionNotFound, "no action of that name (or that record) is on the page now; the reason lists what is"},
	{StaleRevision, "`expected_revision` (or a continuation) is an older revision of this page; observe again"},
	{ForeignRevision, "`expected_revision` belongs to another page or session"},
	{Navigated, "the page navigated since that revision was observed, or during the call"},
	{Unavailable, "the action is listed but cannot run now (disabled, hidden, not rendered), with its reason"},
	{TargetCovered, "something else (a dialog, an overlay) covers the control; nothing was done"},
	{TargetNotReached, "a click cannot reach the control (outside the viewport, nothing of it at its point) even with its row hovered and itself focused; nothing was done"},
	{AuthRequired, "the server asked for HTTP authentication and no configured credentials answered it (or it refused them); the reason names the origin and realm"},
	{ExpectationFailed, "the action ran but the page did not do what it declared (a field does not hold what was typed)"},
	{TextNotFound, "a type action's `replace` text does not occur in the field's current content; nothing was typed"},
	{TextAmbiguous, "a type action's `replace` text occurs more than once in the field's content, so which part is not told; nothing was typed: quote a longer part"},
	{NavigationBlocked, "the navigation policy (`navigation.allow`/`deny`, schemes, metadata addresses) refused the URL"},
	{HandoffRequired, "a handoff action never runs: a human must do it"},
	{ConfirmationRequired, "a confirm action needs the user's confirmation (elicitation) or an explicit `confirm: true`"},
	{ConfirmationDeclined, "the user declined the confirmation; nothing was done"},
	{Timeout, "the call ran out of time or was cancelled (the reason says which), or the page kept navigating by itself"},
	{InvalidArgument, "the arguments are malformed or out of bounds; the reason says which"},
	{PageRequired, "a stateless caller must pass the `page` handle"},
	{PageNotFound, "no open page has that handle (closed, expired, or another caller's)"},
	{PageLimit, "the session (or stateless owner) has `http.maxPages` pages open; close one with `close_page`"},
	{BrowserUnavailable, "the browser failed, is gone, or cannot do this (screenshots, WebMCP)"},
	{RegionNotFound, "a `region` of `read`, `scroll` or `screenshot` that is not on the page now; the reason lists the ids there are"},
	{WebMCPToolError, "a page's WebMCP tool threw or answered an error; its message follows as fenced page data"},
	{InvalidContinuation, "a continuation token that this page did not issue, or that does not parse"},
	{StaleContinuation, "the text a `read` continuation pages through changed since the token was issued; read again from the start"},
	{CaptureFailed, "an extraction's in-page read failed (script error, closed tab, unreadable or oversized result)"},
	{BudgetExhausted, "this session's `web_search` calls or time allowance are used up"},
	{SearchFailed, "`web_search` failed closed (no completed receipt, provider failure, cancellation, deadline); a safe fixed reason"},
	{NotRun, "`pling run` only: a call skipped because an earlier call of the same turn failed"},
	{Internal, "a bug: the cause is logged, never shown"},
}

// Table returns the codes with their sentences, in README.md's order.
func Table() []Entry { return append([]Entry(nil), table...) }

// Known reports whether c is in the table.
func Known(c Code) bool {
	for _, e := range table {
		if e.Code == c {
			return true
		}
	}
	return false
}

// Error is a failure the agent can act on: a stable code, the reason in
// words, and the actions available now (so the next call can be right).
// It is the error body of DESIGN.md ("An error").
type Error struct {
	Code   Code   `json:"code"`
	Reason string `json:"reason"`
	// Available lists the actions available now, when the producer knows
	// them (the page runtime does).
	Available []string `json:"available,omitempty"`
	// PageData is text the page said about the failure (a WebMCP tool's
	// error message): data, never an instruction; shown fenced.
	PageData string `json:"page_data,omitempty"`
	// Err is the underlying cause (errors.Is and errors.As see it), never
	// shown to the model.
	Err error `json:"-"`
}

// Error formats e as "CODE: reason" or "CODE: reason: cause".
func (e *Error) Error() string {
	if e.Err != nil {
		if e.Reason == "" {
			return fmt.Sprintf("%s: %v", e.Code, e.Err)
		}
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Reason, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Reason)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error with a formatted reason.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Reason: fmt.Sprintf(format, args...)}
}

// As is the *Error a client sees for err: the first *Error in its chain;
// for a bare cancellation or deadline, TIMEOUT saying which (a cancelled
// call has that one code everywhere: DESIGN.md names TIMEOUT, not a code
// of its own); for anything else (a bug), INTERNAL with a generic reason.
// It never returns nil for a non-nil err.
func As(err error) *Error {
	var e *Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &e):
		return e
	case errors.Is(err, context.Canceled):
		return &Error{Code: Timeout, Reason: "the call was cancelled", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: Timeout, Reason: "the call ran out of time", Err: err}
	}
	return &Error{Code: Internal, Reason: "internal error", Err: err}
}

// ErrorCode returns the code of err: that of the first *Error in its
// chain, TIMEOUT for a bare cancellation or deadline, "" for nil and
// INTERNAL for any other error.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	return As(err).Code
}

// Markdown is README.md's list of codes, generated from the table: one
// line per code, "- `CODE`: sentence.".
func Markdown() string {
	var b strings.Builder
	for _, e := range table {
		fmt.Fprintf(&b, "- `%s`: %s.\n", e.Code, e.Doc)
	}
	return b.String()
}
