package page

import (
	"context"
	_ "embed"
	"fmt"
)

// SettleScript waits in the page until it is quiet: the ES modules in
// settle/ (entry settle.js), bundled into settle.gen.js.
//
//go:embed settle.gen.js
var SettleScript string

// SettleWatchScript installs settle.js's watcher in a top-level document
// as it starts, before the page's own scripts run: a browser adds it to
// every new document of a tab, so the requests a page starts while it
// parses (before its first observation) are known to be in flight. Frames
// are skipped: settle waits on the top document only.
var SettleWatchScript = `try { if (window === window.top) (` + SettleScript + `)({ install: true, quiet_ms: 0, timeout_ms: 0 }); } catch (e) { /* observed later instead */ }`

// ListenerScript is listeners.js: the watcher of click listeners.
//
//go:embed listeners.js
var ListenerScript string

// ListenerWatchScript installs listeners.js in every document (frames
// too) as it starts, before the page's own scripts: the collector then
// knows which elements a click listener makes clickable (issue 18 pt 7).
// A document it missed (one already loaded when Pling attached) is read
// by cursor: pointer and onclick alone.
var ListenerWatchScript = `try { ` + ListenerScript + ` } catch (e) { /* read without listeners */ }`

// DocumentStartScript is what a browser adds to every new document of a
// tab: the settle watcher and the click-listener watcher, one script so
// a tab's start costs one AddScriptToEvaluateOnNewDocument round trip.
var DocumentStartScript = SettleWatchScript + "\n" + ListenerWatchScript

// SettleParams bound the settle wait.
type SettleParams struct {
	TimeoutMS int64 `json:"timeout_ms"`
	QuietMS   int64 `json:"quiet_ms"`
	// Fresh waits a full quiet window from now (after an action), or a
	// shorter one once the page visibly reacted (settle.js).
	Fresh bool `json:"fresh,omitempty"`
	// AfterLoad (after a navigation) lets a document the watcher saw from
	// its start settle after the shorter window (settle.js).
	AfterLoad bool `json:"after_load,omitempty"`
}

// observeScript settles (optionally) and collects in one evaluation, so an
// observation is one CDP round trip.
var observeScript = `async (p) => {
  let settled = null, t0 = performance.now();
  if (p.settle) { settled = (await (` + SettleScript + `)(p.settle)).settled; }
  const mark = performance.now(), waited = mark - t0;
  const snap = (` + CollectorScript + `)(p.collect);
  snap.mark = mark;
  if (settled !== null) { snap.settled = settled; if (snap.stats) snap.stats.settle_ms = waited; }
  try { const w = await (` + webmcpScript + `)({snap, opts: p.collect}); if (w) snap.webmcp_page = w; } catch (e) { /* no WebMCP facts */ }
  if (p.digest) snap.field_digest = (` + fillFormScript + `)(p.digest).digest;
  if (p.prose && Array.isArray(snap.regions)) snap.prose = (` + readScript + `)({count: snap.regions.map((r) => [r.id, r.key || ''])});
  return snap;
}`

// UnchangedScript is the in-page check (unchanged.js), applied as
// (since, doc), that a page is still as the observation with Snapshot.Mark
// since and DocumentID doc saw it. A driver runs it before a step that
// carries Step.Since, in the step's own evaluation.
//
//go:embed unchanged.js
var UnchangedScript string

// SettleAndCollect waits for the page to settle (when wait is not nil) and runs the
// collector, in one round trip. A settled observation (the kind that
// reaches the agent) also counts the prose of each region that it does not
// show (read.js), in the same round trip.
func SettleAndCollect(ctx context.Context, ev Evaluator, wait *SettleParams, p CollectParams) (*Snapshot, error) {
	return observeWith(ctx, ev, wait, p, "", "")
}

// observeWith is Observe that also takes the salted digest of the field
// with key digestOf (Snapshot.FieldDigest) in the same evaluation.
func observeWith(ctx context.Context, ev Evaluator, wait *SettleParams, p CollectParams, digestOf, salt string) (*Snapshot, error) {
	var s Snapshot
	args := map[string]any{"collect": p}
	if wait != nil {
		args["settle"] = wait
		args["prose"] = true
	}
	if digestOf != "" {
		args["digest"] = map[string]any{"digest_of": digestOf, "salt": salt}
	}
	if err := ev.CallScript(ctx, observeScript, args, &s); err != nil {
		return nil, fmt.Errorf("observe page: %w", err)
	}
	return &s, nil
}
