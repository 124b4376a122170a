// watch.js is settle's watcher: what it installs once per document,
// window.__plingQuiet (non-enumerable), keeps the time of the last change
// of the page (a DOM mutation, a resource load, a scroll) and what is in
// flight (scripts, stylesheets, module preloads, frames, XHR and fetch,
// the short timers an input's handlers set, and the frame and idle
// callbacks a page chains a change through),
// so a later wait (wait.js) can tell a page that is already quiet at once.
'use strict';

import { PENDING_MS } from './wait.js';

export const KEY = '__plingQuiet';

// A script type that runs: none, module, or a JavaScript MIME type.
const RUNS = /^(module|(text|application)\/(x-)?(java|ecma)script)$/i;
// TRACKED selects what track looks at: scripts with a src, inline
// modules, and links (track keeps those whose rel LOADS).
const TRACKED = 'script[src], script[type=module], link[href]';

// rel values that load something the page waits on. modulepreload:
// Vite's builds announce a chunk they are about to import() this way
// (import() itself can't be watched).
const LOADS = /(^|\s)(stylesheet|modulepreload)(\s|$)/i;

// fresh is a new watcher's state. mut: the last DOM mutation; input: the
// last input event (a click, a key, typing); frame/lastFrame: frames
// rendered during settle waits, and the count at the last change; early:
// installed before the document was parsed. scripts/requests: external
// scripts and XHR/fetch the document used. pending: requests in flight,
// each with when it was seen (wait.js lets one count for at most 2 s),
// keyed by the element loading it or, for an XHR or fetch, by an object
// holding its address (poll).
const fresh = () => {
  const w = { last: performance.now(), scrollY: window.scrollY, mut: -1, input: -1, frame: 0, lastFrame: 0,
    early: document.readyState === 'loading', scripts: 0, requests: 0 };
  w.touch = () => { w.last = performance.now(); w.lastFrame = w.frame; };
  w.pending = new Map();
  // late: the requests to an address still open past PENDING_MS (late),
  // until they end; lateEnds: when a late request to an address ended;
  // longPolls: the addresses asked again within
  // PENDING_MS of such an end (an XHR's or fetch's pending key holds its
  // address, as poll)
  w.late = new Map();
  w.lateEnds = new Map();
  w.longPolls = new Set();
  return w;
};

// trackers returns track, which counts a script, stylesheet or module
// preload in the document that has not loaded (a module loader fetching
// the app, a bundle's lazy chunk) as in flight, and trackFrame, which
// counts a frame given a document after the watcher came (an iframe added
// with a src, or its src changed) as in flight until its load or error
// event: the frame's navigation goes through the browser's policy first,
// and an action that started it is not over (nor are the policy's notices
// about it known) until the frame has its document.
const trackers = (w) => {
  const seen = (url) => {
    try { return performance.getEntriesByName(url, 'resource').length > 0; } catch (e) { return true; }
  };
  const track = (n) => {
    let url = '';
    if (n.tagName === 'SCRIPT') {
      if (n.type && !RUNS.test(n.type)) return;
      url = n.src;
      // an inline module loads from the network too: what it imports,
      // through an import map or with import() (a native-ESM app)
      if (url || /^module$/i.test(n.type)) w.scripts++;
    } else if (n.tagName === 'LINK' && LOADS.test(n.rel || '')) {
      url = n.href;
    }
    if (url && !/^(data|blob|javascript):/i.test(url) && !seen(url)) w.pending.set(n, performance.now());
  };
  const trackFrame = (n) => {
    if (n.tagName !== 'IFRAME' && n.tagName !== 'FRAME') return;
    const url = n.src || '';
    if (url && !/^(about|data|blob|javascript):/i.test(url)) w.pending.set(n, performance.now());
  };
  return { track, trackFrame };
};

// observeDOM watches the DOM: every mutation is a change, and the nodes
// it adds are tracked.
const observeDOM = (w, track, trackFrame) => {
  w.mo = new MutationObserver((recs) => {
    w.touch();
    w.mut = w.last;
    for (const r of recs) {
      if (r.type === 'attributes') {
        if (r.attributeName === 'src') trackFrame(r.target);
        continue;
      }
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        track(n);
        trackFrame(n);
        if (n.firstElementChild) {
          n.querySelectorAll(TRACKED).forEach(track);
          n.querySelectorAll('iframe[src], frame[src]').forEach(trackFrame);
        }
      }
    }
  });
  w.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
};

// watchDOM starts watching the DOM at the end of parsing: while the
// document loads it is busy anyway, and watching every node the parser
// inserts slowed the load of big pages.
const watchDOM = (w) => {
  const { track, trackFrame } = trackers(w);
  const done = (e) => { if (w.pending.delete(e.target)) w.touch(); };
  document.addEventListener('load', done, true);
  document.addEventListener('error', done, true);
  const start = () => {
    w.touch();
    try { document.querySelectorAll(TRACKED).forEach(track); } catch (e) { /* no root */ }
    try { observeDOM(w, track, trackFrame); } catch (e) { /* a document without a root: nothing to watch */ }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
};

// watchRequests counts every XHR and fetch started since the watcher
// came as in flight until it ends. A page's frozen XMLHttpRequest or
// fetch is not watched; each is tried on its own, so one frozen global
// does not leave the other unwatched.
// A request to an address (origin and path) asked again within
// PENDING_MS of the end of an earlier request that was still open after
// PENDING_MS is a long poll (Syncthing's /rest/events, open until an
// event comes, asked again at once): it and the later ones are not
// counted, or every settle after an action waited the 2 s for the poll
// the action's own events restarted. A request that was only slow (an
// application's first answers on a loaded machine) makes no long poll
// of its address: what the page asks there later counts again.
const watchRequests = (w) => {
  // begin counts a request to url in flight and returns its end; xhr (or
  // null, a fetch) tells a late request that has ended before its end ran
  // (a page's onloadend, which asks again, runs before the watcher's
  // loadend listener).
  const begin = (url, xhr) => {
    w.requests++;
    const path = pathOf(url);
    if (path && w.longPolls.has(path)) return () => {};
    const now = performance.now();
    const late = path ? w.late.get(path) : null;
    if (late) {
      for (const k of late) {
        if (k.done()) { late.delete(k); w.lateEnds.set(path, now); }
      }
    }
    if (path && w.lateEnds.has(path) && now - w.lateEnds.get(path) < PENDING_MS) {
      w.longPolls.add(path);
      return () => {};
    }
    const key = { poll: path, ended: false };
    key.done = () => key.ended || (xhr !== null && xhr.readyState === 4);
    w.pending.set(key, now);
    return () => {
      key.ended = true;
      if (key.late && path) {
        const l = w.late.get(path);
        if (l) l.delete(key);
        w.lateEnds.set(path, performance.now());
      }
      if (w.pending.delete(key)) w.touch();
    };
  };
  const urls = new WeakMap();
  try {
    const XHR = window.XMLHttpRequest && XMLHttpRequest.prototype, send = XHR && XHR.send, open = XHR && XHR.open;
    if (open) {
      XHR.open = function (...a) {
        try { urls.set(this, String(a[1])); } catch (e) { /* an address that is no string */ }
        return open.apply(this, a);
      };
    }
    if (send) {
      XHR.send = function (...a) {
        this.addEventListener('loadend', begin(urls.get(this), this));
        return send.apply(this, a);
      };
    }
  } catch (e) { /* a frozen XMLHttpRequest: XHR is not watched */ }
  try {
    const f = window.fetch;
    if (typeof f === 'function') {
      window.fetch = function (...a) {
        let url = '';
        try { url = a[0] && typeof a[0] === 'object' && 'url' in a[0] ? a[0].url : String(a[0]); } catch (e) { /* unreadable */ }
        const end = begin(url, null);
        const p = f.apply(this, a);
        p.then(end, end);
        return p;
      };
    }
  } catch (e) { /* a frozen fetch: fetch is not watched */ }
};

// requestsInFlight says whether an XHR or fetch the page started is in
// flight in this document's watcher (none when there is no watcher): a
// pending key that holds an address (poll), not a script, frame, timer
// or callback.
export const requestsInFlight = () => {
  const w = window[KEY];
  if (!w || !w.pending) return false;
  for (const k of w.pending.keys()) if (k && typeof k === 'object' && 'poll' in k) return true;
  return false;
};

// pathOf is a request's origin and path (its query left out: a long
// poll asks again with a new since=), or '' when it has none.
const pathOf = (url) => {
  if (!url) return '';
  try { const u = new URL(url, location.href); return u.origin + u.pathname; } catch (e) { return ''; }
};

// watchPage counts a resource load (the browser's own favicon request
// changes nothing in the page) and a scroll as changes, and keeps the
// time of the last input event.
const watchPage = (w) => {
  try {
    w.po = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => !/\/favicon\.ico([?#]|$)/.test(e.name))) w.touch();
    });
    w.po.observe({ type: 'resource', buffered: false });
  } catch (e) { /* no PerformanceObserver: resources are not watched */ }
  window.addEventListener('scroll', () => { w.touch(); }, { passive: true, capture: true });
  const onInput = () => { w.input = performance.now(); };
  for (const type of ['pointerdown', 'mousedown', 'keydown', 'input', 'change']) {
    window.addEventListener(type, onInput, { passive: true, capture: true });
  }
};

// TIMER_MAX_MS is the longest timer an input's handler sets that counts
// as in flight: a page that answers a click or a key a moment later
// (WordPress's Reply focuses its text area 600 ms after the click, a
// typeahead asks for suggestions 300 ms after the last key) has not
// finished answering until the timer ran. Longer timers (a notice that
// hides after 5 s) are no part of the answer.
export const TIMER_MAX_MS = 1000;

// INPUT_EVENT are the events a person's input dispatches.
const INPUT_EVENT = /^(?:click|dblclick|auxclick|contextmenu|mouse(?:down|up)|pointer(?:down|up)|key(?:down|up|press)|input|beforeinput|change|submit|focus(?:in)?|touch(?:start|end))$/;

// watchTimers counts a timer set by the page's handler of a trusted input
// event (window.event is that event while its handlers run), of 1 ms to
// TIMER_MAX_MS, as in flight until it runs or is cleared. Timers set by
// timers (a poll loop), by the page at any other time, or by Pling's own
// scripts (no event is being dispatched) are not counted.
const watchTimers = (w) => {
  try {
    const st = window.setTimeout, ct = window.clearTimeout;
    if (typeof st !== 'function' || typeof ct !== 'function') return;
    const keys = new Map();
    window.setTimeout = function (fn, ms, ...rest) {
      let ev = null;
      try { ev = window.event; } catch (e) { ev = null; }
      const d = Number(ms) || 0;
      if (typeof fn !== 'function' || d < 1 || d > TIMER_MAX_MS || !ev || !ev.isTrusted || !INPUT_EVENT.test(ev.type)) {
        return st.call(window, fn, ms, ...rest);
      }
      const key = { timer: true };
      let id = 0;
      const run = function (...a) {
        keys.delete(id);
        if (w.pending.delete(key)) w.touch();
        return fn.apply(this, a);
      };
      id = st.call(window, run, ms, ...rest);
      keys.set(id, key);
      w.pending.set(key, performance.now());
      return id;
    };
    window.clearTimeout = function (id) {
      const key = keys.get(id);
      if (key) {
        keys.delete(id);
        w.pending.delete(key);
      }
      return ct.call(window, id);
    };
  } catch (e) { /* a frozen setTimeout: timers are not watched */ }
};

// CHAIN_MAX is how many frame or idle callbacks, each asked for by the
// one before, count as in flight: a page that shows what it did a few
// hops later (MediaWiki's "Your edit was saved." comes after an idle
// callback runs the module, a frame adds its styles, and two more frames
// fade the notice in) is not done until the last hop ran, however slowly
// a loaded machine renders its frames. A loop that asks for a frame on
// every frame (an animation, a canvas) stops counting after CHAIN_MAX.
export const CHAIN_MAX = 10;

// watchCallbacks counts a requestAnimationFrame or requestIdleCallback
// callback as in flight until it runs or is cancelled, when it is one of
// the first CHAIN_MAX of a chain (asked for by the page's own code, or by
// a callback within the chain). A frame callback is not counted in a
// hidden document (it would not run until the tab is shown). The
// watcher's own frame counter (wait.js) uses the original, w.raf.
const watchCallbacks = (w) => {
  let depth = 0; // the chain position of the callback running now
  const wrap = (ask, cancel, counts) => {
    try {
      const req = window[ask], can = window[cancel];
      if (typeof req !== 'function' || typeof can !== 'function') return null;
      const keys = new Map();
      window[ask] = function (fn, ...rest) {
        if (typeof fn !== 'function') return req.call(window, fn, ...rest);
        const d = depth + 1;
        const key = d <= CHAIN_MAX && counts() ? { callback: true } : null;
        let id = 0;
        const run = function (...a) {
          keys.delete(id);
          const had = key !== null && w.pending.delete(key);
          const outer = depth;
          depth = d;
          try {
            return fn.apply(this, a);
          } finally {
            depth = outer;
            if (had) w.touch();
          }
        };
        id = req.call(window, run, ...rest);
        if (key) {
          keys.set(id, key);
          w.pending.set(key, performance.now());
        }
        return id;
      };
      window[cancel] = function (id) {
        const key = keys.get(id);
        if (key) {
          keys.delete(id);
          w.pending.delete(key);
        }
        return can.call(window, id);
      };
      return req;
    } catch (e) { return null; /* a frozen global: its callbacks are not watched */ }
  };
  const raf = wrap('requestAnimationFrame', 'cancelAnimationFrame', () => document.visibilityState !== 'hidden');
  wrap('requestIdleCallback', 'cancelIdleCallback', () => true);
  // (bound: the original is called on window, whatever calls it)
  if (raf) w.raf = (f) => raf.call(window, f);
};

// watcher returns this document's watcher, installing it on the first
// call.
export const watcher = () => {
  let w = window[KEY];
  if (w) return w;
  w = fresh();
  watchDOM(w);
  watchRequests(w);
  watchTimers(w);
  watchCallbacks(w);
  watchPage(w);
  Object.defineProperty(window, KEY, { value: w, enumerable: false });
  return w;
};
