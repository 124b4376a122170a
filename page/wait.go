package page

import (
	"context"
	"errors"
	"time"
)

type waitKey struct{}

// WithWait tells the driver that the call made with ctx may legitimately
// wait d inside the page (a settle wait the agent asked for) on top of the
// driver's own bound for one operation, so a long requested wait is not
// cut short by that bound.
func WithWait(ctx context.Context, d time.Duration) context.Context {
	if d <= 0 {
		return ctx
	}
	return context.WithValue(ctx, waitKey{}, d)
}

// WaitFrom returns the in-page wait set by WithWait (0 when none).
func WaitFrom(ctx context.Context) time.Duration {
	d, _ := ctx.Value(waitKey{}).(time.Duration)
	return d
}

// ErrDocumentReplaced is what a driver's evaluation fails with when the
// page navigated under it (its document, and the script's context, went
// away mid-call): the page is fine, another read may succeed.
var ErrDocumentReplaced = errors.New("the document was replaced while it was read")
