package page

import (
	"context"
	_ "embed" // CollectorScript
	"fmt"
)

// CollectorScript is the in-page collector: one JavaScript function
// expression, applied to CollectParams, that walks the page once within a
// node budget and returns the Snapshot JSON. Besides the snapshot it leaves
// one thing in the page: the non-enumerable registry window.__pling
// ({docId, keys, els, el(key)}) that maps the opaque element keys and
// generated record ids of every snapshot back to elements for the
// document's life. It is the ES modules of collector/ (entry main.js, one
// walk object per run in state.js) bundled and minified by go generate
// (generate.go) into the committed collector.min.gen.js; collector.gen.js
// is the same bundle unminified, to read.
//
//go:embed collector.min.gen.js
var CollectorScript string

// Evaluator runs a script function in the page with JSON args and decodes
// its JSON result into out; browser.Session implements it.
type Evaluator interface {
	CallScript(ctx context.Context, script string, args any, out any) error
}

// Collector defaults (DefaultCollectParams).
const (
	DefaultRecordFields = 20
	DefaultMaxRecordIDs = 1000
	DefaultMaxControls  = 400
	DefaultMaxText      = 160
	DefaultMaxNodes     = 50000
	DefaultMaxRegions   = 100
)

// DefaultCollectParams are the collector's default bounds: fields for the
// first 20 records, ids for up to 1000, 400 described controls, 160 UTF-16
// units per string, 50000 walked elements and 100 listed regions.
func DefaultCollectParams() CollectParams {
	return CollectParams{
		RecordFields: DefaultRecordFields,
		MaxRecordIDs: DefaultMaxRecordIDs,
		MaxControls:  DefaultMaxControls,
		MaxText:      DefaultMaxText,
		MaxNodes:     DefaultMaxNodes,
		MaxRegions:   DefaultMaxRegions,
	}
}

// withDefaults replaces non-positive bounds with the defaults. RecordFields
// may be zero (ids only); a negative RecordOffset or RecordFields is zero.
func (p CollectParams) withDefaults() CollectParams {
	d := DefaultCollectParams()
	p.RecordOffset = max(p.RecordOffset, 0)
	p.RecordFields = max(p.RecordFields, 0)
	if p.MaxRecordIDs <= 0 {
		p.MaxRecordIDs = d.MaxRecordIDs
	}
	if p.MaxControls <= 0 {
		p.MaxControls = d.MaxControls
	}
	if p.MaxText <= 0 {
		p.MaxText = d.MaxText
	}
	if p.MaxNodes <= 0 {
		p.MaxNodes = d.MaxNodes
	}
	if p.MaxRegions <= 0 {
		p.MaxRegions = d.MaxRegions
	}
	if p.Tick == "" {
		p.Tick = TickingTime
	}
	return p
}

// Collect runs the collector once (one round trip) and returns the page's
// snapshot. Bounds left at zero take their defaults (RecordFields zero
// means ids only). Errors are the evaluator's, wrapped as "collect
// snapshot".
func Collect(ctx context.Context, ev Evaluator, p CollectParams) (*Snapshot, error) {
	var s Snapshot
	if err := ev.CallScript(ctx, CollectorScript, p.withDefaults(), &s); err != nil {
		return nil, fmt.Errorf("collect snapshot: %w", err)
	}
	return &s, nil
}
