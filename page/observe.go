package page

import (
	"context"
	_ "embed"
	"fmt"
)

// SettleScript waits in the page until it is quiet (settle.js).
//
//go:embed settle.js
var SettleScript string

// SettleWatchScript installs settle.js's watcher in a top-level document
// as it starts, before the page's own scripts run: a browser adds it to
// every new document of a tab, so the requests a page starts while it
// parses (before its first observation) are known to be in flight. Frames
// are skipped: settle waits on the top document only.
var SettleWatchScript = `try { if (window === window.top) (` + SettleScript + `)({ quiet_ms: 0, timeout_ms: 0 }); } catch (e) { /* observed later instead */ }`

// SettleParams bound the settle wait.
type SettleParams struct {
	TimeoutMS int64 `json:"timeout_ms"`
	QuietMS   int64 `json:"quiet_ms"`
	// Fresh waits a full quiet window from now (after an action).
	Fresh bool `json:"fresh,omitempty"`
}

// observeScript settles (optionally) and collects in one evaluation, so an
// observation is one CDP round trip.
var observeScript = `async (p) => {
  let settled = null;
  if (p.settle) { settled = (await (` + SettleScript + `)(p.settle)).settled; }
  const snap = (` + CollectorScript + `)(p.collect);
  if (settled !== null) snap.settled = settled;
  return snap;
}`

// Observe waits for the page to settle (when wait is not nil) and runs the
// collector, in one round trip.
func Observe(ctx context.Context, ev Evaluator, wait *SettleParams, p CollectParams) (*Snapshot, error) {
	var s Snapshot
	args := map[string]any{"collect": p}
	if wait != nil {
		args["settle"] = wait
	}
	if err := ev.CallScript(ctx, observeScript, args, &s); err != nil {
		return nil, fmt.Errorf("observe page: %w", err)
	}
	return &s, nil
}
