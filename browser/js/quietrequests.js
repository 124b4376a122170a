// quietrequests.js: resolves once no XHR or fetch the page started is in
// flight (settle's watcher, page/settle/watch.js, keeps them in
// window.__plingQuiet's pending map, keyed by an object holding their
// address), or after max ms. A code editor whose completion loads its
// words when typing starts (phpMyAdmin asks the server for its tables on
// the first key) has them once its request is back: the last key of a
// word is typed then, as a person's pause before it lets the page
// answer, so the list it opens holds them.
'use strict';

export default (max) => new Promise((resolve) => {
  const w = window.__plingQuiet;
  const busy = () => {
    if (!w || !w.pending) return false;
    for (const k of w.pending.keys()) if (k && typeof k === 'object' && 'poll' in k) return true;
    return false;
  };
  const t0 = performance.now();
  const tick = () => {
    if (!busy() || performance.now() - t0 >= max) resolve(true);
    else setTimeout(tick, 20);
  };
  tick();
});
