package js_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// options.js names the option of a select a value names, for act's
// choice and fill_form's read-back alike: by text, by value, the same
// but for case and spaces, the one option holding it (a long select's
// unlisted option: WordPress's "Berlin" among 400 time zones); with none
// or several, the options that come closest.
func TestOptionsModule(t *testing.T) {
	s := jstest.Open(t, "testdata/options.html")
	m := jstest.Load(t, "testdata/optprobe.js")
	m.Run(t, s, []jstest.Case{
		{Name: "by text", Fn: "chosen", Args: []any{"#tz", "Berlin"}, Want: "Europe/Berlin"},
		{Name: "by value", Fn: "chosen", Args: []any{"#tz", "Europe/Oslo"}, Want: "Europe/Oslo"},
		{Name: "by text, case and spaces aside", Fn: "chosen", Args: []any{"#tz", " utc+1 "}, Want: "UTC+1"},
		{Name: "the one option holding it", Fn: "chosen", Args: []any{"#tz", "abidj"}, Want: "Africa/Abidjan"},
		{Name: "several hold it", Fn: "chosen", Args: []any{"#tz", "Be"}, Want: `2 options hold "Be": pass one whole; options like it: "Berlin", "Bern"`},
		{Name: "none: the closest by a word", Fn: "chosen", Args: []any{"#tz", "Berlin Germany"}, Want: `no option "Berlin Germany" among its 8; options like it: "Berlin"`},
		{Name: "a disabled option is no choice", Fn: "chosen", Args: []any{"#tz", "Old Berlin"}, Want: `no option "Old Berlin" among its 8; options like it: "Berlin"`},
	})
}
