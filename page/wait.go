package page

import (
	"context"
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
