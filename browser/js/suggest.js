// suggest.js: called as (ms) after a type step into a field selectall.js
// watches; resolves true once the page reacted to the keys (at once when
// the DOM changed while they went in, else at the first change after
// them), false after ms. With ms 0 it only stops the watch. The watch and
// its reader are typewatch.js's, so the two share one window key. No
// 'use strict': it runs sloppy, as the plain script did (its delete of
// the watch never throws).

import { reacted } from './typewatch.js';

export default (ms) => reacted(ms);
