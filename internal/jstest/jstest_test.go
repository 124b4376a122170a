package jstest_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

func TestCallExports(t *testing.T) {
	s := jstest.Open(t, "testdata/sum.html")
	m := jstest.Load(t, "testdata/sum.js")
	for _, tc := range []struct {
		fn   string
		args []any
		want any
	}{
		{"sum", []any{2, 3}, float64(5)},
		{"textOf", []any{map[string]any{"$": "#a"}}, "hello"},
		{"textOf", []any{map[string]any{"$": "#none"}}, nil},
	} {
		var got any
		m.Call(t, s, tc.fn, tc.args, &got)
		if got != tc.want {
			t.Errorf("%s(%v) = %v, want %v", tc.fn, tc.args, got, tc.want)
		}
	}
}
