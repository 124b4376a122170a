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

// DocumentStartScript is what a browser adds to every new document of a
// tab, before the page's own scripts: settle's watcher in a top-level
// document (so the requests a page starts while it parses are known to be
// in flight) and the click-listener watcher in every document, frames too
// (so the collector knows which elements a click listener makes
// clickable). One statement program, js/docstart.js bundled with -run into
// docstart.gen.js, so a tab's start costs one
// AddScriptToEvaluateOnNewDocument round trip.
//
//go:embed docstart.gen.js
var DocumentStartScript string

// AdoptScript is what a browser runs in a tab the page opened, which it
// attached after the tab's document started (so without
// DocumentStartScript): js/adopt.js, bundled into adopt.gen.js, a
// function of one argument. With null it installs DocumentStartScript's
// watchers where they are missing and returns the document to sweep for
// the click listeners already there (or null); with an element the sweep
// found it records that element's click listener.
//
//go:embed adopt.gen.js
var AdoptScript string

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
// observation is one CDP round trip: js/observe.js over settle/, the
// collector, webmcp/, fillform.js and read.js, bundled minified into
// observe.min.gen.js.
//
//go:embed observe.min.gen.js
var observeScript string

// SettleAndCollect waits for the page to settle (when wait is not nil) and runs the
// collector, in one round trip. A settled observation (the kind that
// reaches the agent) also counts the prose of each region that it does not
// show (read.js), in the same round trip.
func SettleAndCollect(ctx context.Context, ev Evaluator, wait *SettleParams, p CollectParams) (*Snapshot, error) {
	return observeWith(ctx, ev, wait, p, false, "", "")
}

// observeWith is Observe that also takes the salted digest of the field
// with key digestOf (Snapshot.FieldDigest) in the same evaluation.
// A settled observation counts the prose, and so does one with prose set
// (a snapshot before an action, which its receipt compares).
func observeWith(ctx context.Context, ev Evaluator, wait *SettleParams, p CollectParams, prose bool, digestOf, salt string) (*Snapshot, error) {
	var s Snapshot
	if p.Tick == "" {
		p.Tick = TickingTime
	}
	args := map[string]any{"collect": p}
	if wait != nil {
		args["settle"] = wait
	}
	if wait != nil || prose {
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
