package page

// DocumentIDScript exposes docid.js to the external tests.
var DocumentIDScript = documentIDScript

// ObserveScript exposes the observation's bundle (js/observe.js) to the
// external tests: a replay driver tells an observation by it.
var ObserveScript = observeScript

// Steady exposes the receipt's masking of ticking times (ticking.go).
var Steady = steady

// Esc exposes the escaping of page text on an observation's line.
var Esc = esc
