// quietrequests.js: resolves once no XHR or fetch the page started is in
// flight (settle's watcher, page/settle/watch.js, requestsInFlight), or
// after max ms. A code editor whose completion loads its words when
// typing starts (phpMyAdmin asks the server for its tables on the first
// key) has them once its request is back: the last key of a word is
// typed then, as a person's pause before it lets the page answer, so the
// list it opens holds them.
'use strict';

import { requestsInFlight } from '../../page/settle/watch.js';

export default (max) => new Promise((resolve) => {
  const t0 = performance.now();
  const tick = () => {
    if (!requestsInFlight() || performance.now() - t0 >= max) resolve(true);
    else setTimeout(tick, 20);
  };
  tick();
});
