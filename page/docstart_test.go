package page_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// docstartProbe reports, for the top document and its frame, whether the
// watchers docstart.js installs are there: settle's (installed while the
// document was still loading, so by the document-start script, not by a
// later settle) and the click-listener watcher, with the listener the
// page's own script added to a span, and whether the document is among
// the clickers.
const docstartProbe = `export default () => {
  const facts = (win, css) => {
    const q = win.__plingQuiet, clicks = Object.prototype.hasOwnProperty.call(win, '__plingClicks') ? win.__plingClicks : null;
    const clickers = Object.prototype.hasOwnProperty.call(win, '__plingClickers') ? win.__plingClickers : [];
    return { settle: !!q, early: !!(q && q.early), clicks: !!clicks, listener: !!(clicks && clicks.get(win.document.querySelector(css))),
      document: clickers.some((r) => r.deref() === win.document) };
  };
  const f = document.getElementById('frame');
  return { top: facts(window, '#title'), frame: facts(f.contentWindow, '#inner') };
};
`

// The document-start script (js/docstart.js, bundled with -run) installs
// the click-listener watcher in every document, frames too, before the
// page's scripts, and settle's watcher in the top document only; a
// listener on the document (a delegation) is listed among the clickers.
func TestDocumentStartScript(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/docstart.html")
	m := jstest.LoadSource(t, "testdata/jsmodules", docstartProbe)
	m.Run(t, s, []jstest.Case{
		{Name: "top document and frame", Fn: "", Args: nil, Want: map[string]any{
			"top":   map[string]any{"settle": true, "early": true, "clicks": true, "listener": true, "document": true},
			"frame": map[string]any{"settle": false, "early": false, "clicks": true, "listener": true, "document": false},
		}},
	})
}
