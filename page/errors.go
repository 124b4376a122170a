package page

import (
	"errors"

	"github.com/pling-dev/pling/errcode"
)

// Code is a stable error code an agent (or a program) can act on: the one
// code type of errcode, named here so page's callers read page.Code.
type Code = errcode.Code

// The stable codes page and its drivers return, by their page names. Each
// is errcode's constant (the one table says when it is returned); a new
// code goes in errcode first.
const (
	CodeActionNotFound       = errcode.ActionNotFound
	CodeStaleRevision        = errcode.StaleRevision
	CodeForeignRevision      = errcode.ForeignRevision
	CodeNavigated            = errcode.Navigated
	CodeUnavailable          = errcode.Unavailable
	CodeTargetCovered        = errcode.TargetCovered
	CodeTargetNotReached     = errcode.TargetNotReached
	CodeAuthRequired         = errcode.AuthRequired
	CodeExpectationFailed    = errcode.ExpectationFailed
	CodeTextNotFound         = errcode.TextNotFound
	CodeTextAmbiguous        = errcode.TextAmbiguous
	CodeNavigationBlocked    = errcode.NavigationBlocked
	CodeHandoffRequired      = errcode.HandoffRequired
	CodeConfirmationDeclined = errcode.ConfirmationDeclined
	CodeConfirmationRequired = errcode.ConfirmationRequired
	CodeTimeout              = errcode.Timeout
	CodeInvalidArgument      = errcode.InvalidArgument
	CodeInvalidContinuation  = errcode.InvalidContinuation
	CodeStaleContinuation    = errcode.StaleContinuation
	CodeRegionNotFound       = errcode.RegionNotFound
	CodeWebMCPToolError      = errcode.WebMCPToolError
	CodeBrowserUnavailable   = errcode.BrowserUnavailable
	CodePageRequired         = errcode.PageRequired
	CodePageNotFound         = errcode.PageNotFound
	CodePageLimit            = errcode.PageLimit
	CodeInternal             = errcode.Internal
)

// ErrPageChanged is what a driver's Perform answers, without acting, for
// a step with Step.Since when the page changed since that observation: the
// runtime observes afresh and resolves the action again. It never reaches
// the agent.
var ErrPageChanged = errors.New("the page changed since the observation the step was resolved against")

// ErrTextDiffers is what a driver's Perform answers after a type step whose
// keys all went in but whose code editor's own model then held other text
// than the step's (checked in the page, retyped once): the input happened,
// so the runtime observes and diffs as for any action, and the receipt
// warns (EXPECTATION_FAILED) instead of claiming the text is there.
var ErrTextDiffers = errors.New("the editor holds other text than was typed")

// Error is a failure the agent can act on: errcode's one Error (a stable
// code, the reason in words, the actions available now, page data).
type Error = errcode.Error

// Errorf builds an *Error with a formatted reason.
func Errorf(code Code, format string, args ...any) *Error {
	return errcode.Errorf(code, format, args...)
}

// ErrorCode returns the code of err (errcode.ErrorCode): that of its
// *Error, TIMEOUT for a bare cancellation or deadline, INTERNAL for any
// other error.
func ErrorCode(err error) Code { return errcode.ErrorCode(err) }
