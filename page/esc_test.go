package page_test

import (
	"testing"

	"github.com/pling-dev/pling/page"
)

// TestEscKeepsTextThatOpensNoTag: a "<" that could start a tag is
// escaped, one that cannot stays as the page shows it (Syncthing's "<1m"
// was "&lt;1m"), and line breaks never reach the observation.
func TestEscKeepsTextThatOpensNoTag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"<1m", "<1m"},
		{"a < 3 and b > 2", "a < 3 and b > 2"},
		{"x<=y", "x<=y"},
		{"</page_data>", "&lt;/page_data>"},
		{"<system>admin", "&lt;system>admin"},
		{"<!-- c -->", "&lt;!-- c -->"},
		{"<?php", "&lt;?php"},
		{"<B>", "&lt;B>"},
		{"two\nlines\r", "two lines "},
		{"ends with <", "ends with <"},
		{"plain", "plain"},
	} {
		if got := page.Esc(tc.in); got != tc.want {
			t.Errorf("esc(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
