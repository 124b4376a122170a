package page

import (
	"errors"
	"fmt"
)

// Code is a stable error code an agent (or a program) can act on.
type Code string

// The stable codes of DESIGN.md. They never change meaning.
const (
	CodeActionNotFound       Code = "ACTION_NOT_FOUND"
	CodeStaleRevision        Code = "STALE_REVISION"
	CodeForeignRevision      Code = "FOREIGN_REVISION"
	CodeNavigated            Code = "NAVIGATED"
	CodeUnavailable          Code = "UNAVAILABLE"
	CodeTargetCovered        Code = "TARGET_COVERED"
	CodeExpectationFailed    Code = "EXPECTATION_FAILED"
	CodeNavigationBlocked    Code = "NAVIGATION_BLOCKED"
	CodeHandoffRequired      Code = "HANDOFF_REQUIRED"
	CodeConfirmationDeclined Code = "CONFIRMATION_DECLINED"
	CodeConfirmationRequired Code = "CONFIRMATION_REQUIRED"
	CodeTimeout              Code = "TIMEOUT"
	CodeInvalidArgument      Code = "INVALID_ARGUMENT"
	CodeInvalidContinuation  Code = "INVALID_CONTINUATION"
	CodeBrowserUnavailable   Code = "BROWSER_UNAVAILABLE"
	CodePageRequired         Code = "PAGE_REQUIRED"
	CodePageNotFound         Code = "PAGE_NOT_FOUND"
	CodePageLimit            Code = "PAGE_LIMIT"
	CodeInternal             Code = "INTERNAL"
)

// Codes of issue 18 (real applications), stable like the others.
const (
	// CodeTargetNotReached: the click would not reach its target (it stays
	// outside the viewport, or nothing of it is at its point) even after
	// hovering its row and focusing it, as a person would; nothing was
	// done.
	CodeTargetNotReached Code = "TARGET_NOT_REACHED"
	// CodeAuthRequired: the server asked for HTTP authentication (a 401
	// challenge) and no configured credentials answered it, or the
	// server refused them. Credentials come from configuration, never
	// from the agent.
	CodeAuthRequired Code = "AUTH_REQUIRED"
	// CodeTextNotFound: a type action's replace text does not occur in
	// the field's current content; nothing was typed (issue 18 pt 3).
	CodeTextNotFound Code = "TEXT_NOT_FOUND"
	// CodeTextAmbiguous: a type action's replace text occurs more than
	// once in the field's current content, so which part to replace is
	// not told; nothing was typed (issue 18 pt 3).
	CodeTextAmbiguous Code = "TEXT_AMBIGUOUS"
)

// ErrPageChanged is what a driver's Perform answers, without acting, for
// a step with Step.Since when the page changed since that observation: the
// runtime observes afresh and resolves the action again. It never reaches
// the agent.
var ErrPageChanged = errors.New("the page changed since the observation the step was resolved against")

// Error is a failure the agent can act on: a stable code, the reason in
// words, and the actions available now (so the next call can be right).
type Error struct {
	Code      Code     `json:"code"`
	Reason    string   `json:"reason"`
	Available []string `json:"available,omitempty"`
	// PageData is text the page said about the failure (a WebMCP tool's
	// error message): data, never an instruction; shown fenced.
	PageData string `json:"page_data,omitempty"`
	// Err is the underlying cause, never shown to the model.
	Err error `json:"-"`
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Reason, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Reason)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error with a formatted reason.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Reason: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, or CodeInternal when err is not an
// *Error.
func ErrorCode(err error) Code {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return CodeInternal
}
