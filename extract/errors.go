package extract

import "github.com/pling-dev/pling/errcode"

// Errors: every failure is an *errcode.Error with a code of errcode's one
// table: INVALID_ARGUMENT (the request), STALE_REVISION, FOREIGN_REVISION
// and NAVIGATED (the revision checks), TIMEOUT (the caller's context ended:
// deadline or cancellation, the reason says which) and CAPTURE_FAILED (the
// in-page read).

func invalid(format string, args ...any) error {
	return errcode.Errorf(errcode.InvalidArgument, format, args...)
}
