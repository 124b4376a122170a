package extract

import (
	"errors"
	"fmt"
)

// Code is a stable, machine-readable error code. The MCP layer maps codes to
// tool results; the strings never change.
type Code string

// Error codes an extraction can fail with.
const (
	// CodeInvalidArgument: the request is malformed or out of bounds.
	CodeInvalidArgument Code = "INVALID_ARGUMENT"
	// CodeStaleRevision: expected_revision is an older revision of this page.
	CodeStaleRevision Code = "STALE_REVISION"
	// CodeForeignRevision: expected_revision belongs to another page or session.
	CodeForeignRevision Code = "FOREIGN_REVISION"
	// CodeNavigated: the page navigated since the revision was observed, or
	// during the read.
	CodeNavigated Code = "NAVIGATED"
	// CodeCancelled: the caller's context ended before the read completed.
	CodeCancelled Code = "CANCELLED"
	// CodeTimeout: the caller's deadline passed before the read completed.
	CodeTimeout Code = "TIMEOUT"
	// CodeCaptureFailed: the in-page read failed (script error, closed tab,
	// unreadable result).
	CodeCaptureFailed Code = "CAPTURE_FAILED"
)

// Error is an extraction error with a stable code and a precise message. Err,
// when set, is the underlying cause (errors.Is and errors.As see it).
type Error struct {
	Code    Code
	Message string
	Err     error
}

// Error implements error as "CODE: message".
func (e *Error) Error() string {
	if e.Message == "" && e.Err != nil {
		return string(e.Code) + ": " + e.Err.Error()
	}
	return string(e.Code) + ": " + e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// NewError returns an *Error with code and a formatted message. Revision
// checkers outside this package use it to report STALE_REVISION,
// FOREIGN_REVISION and NAVIGATED.
func NewError(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, or "" when
// there is none (a bug, not an outcome the agent can act on).
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func invalid(format string, args ...any) error {
	return &Error{Code: CodeInvalidArgument, Message: fmt.Sprintf(format, args...)}
}
