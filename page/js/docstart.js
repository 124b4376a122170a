// docstart.js is what a browser adds to every new document of a tab
// (page.DocumentStartScript, AddScriptToEvaluateOnNewDocument), run before
// the page's own scripts: one program, so a tab's start costs one round
// trip. jsgen bundles it with -run, as a statement program. It has no
// 'use strict': it runs sloppy, as the two plain scripts it joins did.
//
// It installs settle's watcher (settle/watch.js) in a top-level document,
// so the requests a page starts while it parses (before its first
// observation) are known to be in flight; frames are skipped: settle
// waits on the top document only. A watcher that fails to install is
// installed by the first observation instead.
//
// It installs listeners.js's click-listener watcher in every document,
// frames too: the collector then knows which elements a click listener
// makes clickable (issue 18 pt 7). A document it missed (a tab the page
// opened, attached once its document had started) gets the watchers and
// the listeners already there from adopt.js.
//
// It installs invalid.js's watcher in every document: the fields the
// browser's own form validation refused on a submit are reported.

import settle from '../settle/settle.js';
import { watchListeners } from './listeners.js';
import { watchInvalid } from './invalid.js';

export default () => {
  try { if (window === window.top) settle({ install: true, quiet_ms: 0, timeout_ms: 0 }); } catch (e) { /* observed later instead */ }
  try { watchListeners(); } catch (e) { /* read without listeners */ }
  try { watchInvalid(); } catch (e) { /* the browser's own validation goes unseen */ }
};
