package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// docid.js answers "" in a document no collector has read and, once one
// has, the id its snapshot carries; a new document answers "" again.
func TestDocumentIDScript(t *testing.T) {
	s := testbrowser.Open(t, "/todos")
	id := func() string {
		t.Helper()
		var got string
		if err := s.CallScript(t.Context(), page.DocumentIDScript, nil, &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := id(); got != "" {
		t.Fatalf("before any collector: %q, want \"\"", got)
	}
	snap, err := page.Collect(t.Context(), s, page.DefaultCollectParams())
	if err != nil {
		t.Fatal(err)
	}
	if got := id(); got == "" || got != snap.DocumentID {
		t.Fatalf("after the collector: %q, want the snapshot's %q", got, snap.DocumentID)
	}
	if err := s.Navigate(t.Context(), testbrowser.FixturesURL(t)+"/form"); err != nil {
		t.Fatal(err)
	}
	if got := id(); got != "" {
		t.Fatalf("in a new document: %q, want \"\"", got)
	}
}
