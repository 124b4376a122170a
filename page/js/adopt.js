// adopt.js: a tab the page opened is attached once its document has
// loaded (browser/intercept.go says why), so docstart.js never ran in
// that document: the click listeners its page added while loading were
// not recorded, and a <span> a plain addEventListener makes clickable (a
// notebook's title) was no action (issue 18 pt 7). The browser calls this
// when it adopts such a tab.
//
// Called with null, it installs docstart.js's watchers if the document
// has none and then returns the document, which the browser sweeps for
// the click listeners already there (DOMDebugger.getEventListeners);
// where the watchers were there already it returns null: nothing to
// sweep. Called with an element (or a document) the sweep found, in that
// element's own realm (a frame's too), it records its listener there,
// installing the watcher where it is missing (listeners.js
// markClickable), and returns null.

import docstart from './docstart.js';
import { markClickable } from './listeners.js';

export default (el) => {
  if (el) {
    markClickable(el);
    return null;
  }
  if (Object.prototype.hasOwnProperty.call(window, "__plingClicks")) return null;
  docstart();
  return Object.prototype.hasOwnProperty.call(window, "__plingClicks") ? document : null;
};
