package page

import "regexp"

// TickingTime matches text that changes with the clock alone: a time of
// day or an elapsed time ("12:03:45", "4:59 pm", "0:07"), a relative time
// ("5 seconds ago", "3.2s ago", "a minute ago", "a few seconds ago") and
// "just now"; action names leave it out (inferName). A receipt
// compares text with it masked (steady), so a page's ticking clock is no
// effect of an act; the collector (a row's sig) and prosecount.js (a
// region's digest) mask the same pattern, which CollectParams.Tick passes
// to them, case-insensitive (Go's and JavaScript's regular expressions
// agree on this syntax: TestTickingTime runs both). It starts at no word
// boundary, since a row's sig is of its textContent, whose cells run
// together ("up3.2s ago").
const TickingTime = `\d+:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:\s?[ap]\.?m\b\.?)?|(?:\d+(?:[.,]\d+)?|a few|an?|one|few)\s*(?:ms|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)\s+ago\b|just now\b`

var tickingTime = regexp.MustCompile(`(?i)` + TickingTime)

// steady is s with every ticking time masked as "#".
func steady(s string) string {
	if len(s) < 3 {
		return s
	}
	return tickingTime.ReplaceAllLiteralString(s, "#")
}
