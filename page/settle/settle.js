// settle.js: resolves when the page has been quiet for params.quiet_ms — no
// DOM mutations, no running finite animations, no new resource loads, no
// script, stylesheet, module preload, XHR or fetch in flight (each for at
// most 2 s), no frame loading a document it was given since (an iframe's
// new src), no scrolling, document loaded — or when params.timeout_ms
// passes. Returns {settled: bool}. A watcher installed on the first call
// (watch.js) keeps the time of the last change, so a page that is already
// quiet settles at once: the common case costs no waiting. With
// params.fresh (after an action) a full quiet window is waited from now —
// unless the page has visibly reacted (its DOM changed after the action's
// input event): then the reaction is over once the page has been quiet for
// a third of quiet_ms and has rendered two frames since its last change.
// With params.after_load (a navigation) the same shorter window applies
// when the watcher saw the document from its start (the browser installs
// it in every new top-level document with params.install, which only
// installs it: docstart.js) and the document loaded no script from the
// network and made no XHR or fetch. Anything pending keeps the page busy
// either way (wait.js).
'use strict';

import { watcher } from './watch.js';
import { wait } from './wait.js';

export default (params) => new Promise((resolve) => {
  const w = watcher();
  if (params.install) { resolve({ settled: true }); return; }
  wait(w, params, resolve);
});
