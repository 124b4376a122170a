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

// adoptProbe runs adopt.js as the browser does in a document the watchers
// are already in (null: nothing to sweep) and on an element the sweep
// found (its listener recorded, the element listed among the clickers,
// once however often it is reported).
const adoptProbe = `import adopt from './js/adopt.js';
export default ({ args }) => {
  const el = document.querySelector(args[0]), clicks = window.__plingClicks;
  const before = !!(clicks.get(el) && clicks.get(el).size);
  const none = adopt(null);
  adopt(el); adopt(el);
  const listed = window.__plingClickers.filter((r) => r.deref() === el).length;
  return { before, sweep: none === null, after: clicks.get(el).size, listed };
};
`

// adopt.js records a click listener the browser reports on an element,
// in that element's window, and finds nothing to sweep where docstart.js
// ran (TestPopupsSeeTheirClickHandlers adopts a tab where it did not).
func TestAdoptScript(t *testing.T) {
	s := jstest.Open(t, "testdata/jsmodules/docstart.html")
	m := jstest.LoadSource(t, ".", adoptProbe)
	m.Run(t, s, []jstest.Case{
		{Name: "an element without a listener", Args: []any{"main"}, Want: map[string]any{"before": false, "sweep": true, "after": 1, "listed": 1}},
		{Name: "an element with one", Args: []any{"#title"}, Want: map[string]any{"before": true, "sweep": true, "after": 2, "listed": 1}},
	})
}
