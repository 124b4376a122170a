package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
	"github.com/pling-dev/pling/page"
)

// tickProbe masks a text with internal/js/text.js's tickMask over
// page.TickingTime, as the collector and prosecount.js do.
const tickProbe = `import { tickMask } from '../../../internal/js/text.js';
export default ({ args }) => tickMask(args[0])(args[1]);
`

// A time that changes with the clock alone is masked, in Go (a record's
// label and fields, declared state) and in the page (a row's sig, a
// region's prose digest) alike; a number that is no time stays.
func TestTickingTime(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"a clock", "Last updated 12:03:45", "Last updated #"},
		{"a clock with seconds' fraction and pm", "at 4:59:07.250 pm.", "at #"},
		{"an elapsed time", "0:07 elapsed", "# elapsed"},
		{"seconds ago", "5 seconds ago", "#"},
		{"short unit, run into a cell before", "up3.2s ago", "up#"},
		{"a minute ago", "a minute ago", "#"},
		{"an hour ago, any case", "An Hour Ago", "#"},
		{"just now", "Saved just now", "Saved #"},
		{"a plain number stays", "42 items left", "42 items left"},
		{"a price stays", "$5.10", "$5.10"},
		{"a date stays", "2026-12-02", "2026-12-02"},
		{"an amount is no pm", "12:00 amount", "# amount"},
	}
	for _, c := range cases {
		if got := page.Steady(c.in); got != c.want {
			t.Errorf("%s: Go masks %q as %q, want %q", c.name, c.in, got, c.want)
		}
	}
	s := jstest.Open(t, "testdata/jsmodules/read.html")
	m := jstest.LoadSource(t, "testdata/jsmodules", tickProbe)
	var jc []jstest.Case
	for _, c := range cases {
		jc = append(jc, jstest.Case{Name: c.name, Fn: "", Args: []any{page.TickingTime, c.in}, Want: c.want})
	}
	m.Run(t, s, jc)
}
