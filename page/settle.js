// settle.js: resolves when the page has been quiet for params.quiet_ms — no
// DOM mutations, no running finite animations, no new resource loads, no
// script, stylesheet, module preload, XHR or fetch in flight (each for at
// most 2 s), no frame loading a document it was given since (an iframe's
// new src), no scrolling, document loaded — or when params.timeout_ms
// passes. Returns {settled: bool}. A watcher installed on the first call
// keeps the time of the last change, so a page that is already quiet
// settles at once: the common case costs no waiting. With params.fresh
// (after an action) a full quiet window is waited from now — unless the
// page has visibly reacted (its DOM changed after the action's input
// event): then the reaction is
// over once the page has been quiet for a third of quiet_ms and has
// rendered two frames since its last change. With params.after_load (a
// navigation) the same shorter window applies when the watcher saw the
// document from its start (the browser installs it in every new
// top-level document with params.install, which only installs it:
// SettleWatchScript) and the document loaded no script from the
// network and made no XHR or fetch. Anything pending keeps the page busy
// either way.
(params) => new Promise((resolve) => {
  const KEY = "__plingQuiet";
  let w = window[KEY];
  if (!w) {
    // mut: the last DOM mutation; input: the last input event (a click, a
    // key, typing); frame/lastFrame: frames rendered during settle waits,
    // and the count at the last change; early: installed before the
    // document was parsed.
    // scripts/requests: external scripts and XHR/fetch the document used.
    w = { last: performance.now(), scrollY: window.scrollY, mut: -1, input: -1, frame: 0, lastFrame: 0,
      early: document.readyState === "loading", scripts: 0, requests: 0 };
    w.touch = () => { w.last = performance.now(); w.lastFrame = w.frame; };
    // Requests in flight: a script, stylesheet or module preload in the
    // document that has not loaded (a module loader fetching the app, a
    // bundle's lazy chunk), an XHR or fetch
    // started since the watcher came. Each counts for at most PENDING_MS
    // from when it was seen, so a long poll or a hung load does not hold
    // every settle to its timeout.
    w.pending = new Map();
    const seen = (url) => {
      try { return performance.getEntriesByName(url, "resource").length > 0; } catch (e) { return true; }
    };
    const track = (n) => {
      let url = "";
      if (n.tagName === "SCRIPT") {
        if (n.type && !/^(module|(text|application)\/(x-)?(java|ecma)script)$/i.test(n.type)) return;
        url = n.src;
        if (url) w.scripts++;
      } else if (n.tagName === "LINK" && /(^|\s)(stylesheet|modulepreload)(\s|$)/i.test(n.rel || "")) {
        // modulepreload: Vite's builds announce a chunk they are about
        // to import() this way (import() itself can't be watched)
        url = n.href;
      }
      if (url && !/^(data|blob|javascript):/i.test(url) && !seen(url)) w.pending.set(n, performance.now());
    };
    // A frame given a document after the watcher came (an iframe added
    // with a src, or its src changed) is in flight until its load or error
    // event: the frame's navigation goes through the browser's policy
    // first, and an action that started it is not over (nor are the
    // policy's notices about it known) until the frame has its document.
    const trackFrame = (n) => {
      if (n.tagName !== "IFRAME" && n.tagName !== "FRAME") return;
      const url = n.src || "";
      if (url && !/^(about|data|blob|javascript):/i.test(url)) w.pending.set(n, performance.now());
    };
    const done = (e) => { if (w.pending.delete(e.target)) w.touch(); };
    document.addEventListener("load", done, true);
    document.addEventListener("error", done, true);
    // The DOM is watched from the end of parsing: while the document
    // loads it is busy anyway, and watching every node the parser inserts
    // slowed the load of big pages.
    const watchDOM = () => {
      w.touch();
      try { document.querySelectorAll("script[src], link[href]").forEach(track); } catch (e) { /* no root */ }
      try {
        w.mo = new MutationObserver((recs) => {
          w.touch();
          w.mut = w.last;
          for (const r of recs) {
            if (r.type === "attributes") {
              if (r.attributeName === "src") trackFrame(r.target);
              continue;
            }
            for (const n of r.addedNodes) {
              if (n.nodeType !== 1) continue;
              track(n);
              trackFrame(n);
              if (n.firstElementChild) {
                n.querySelectorAll("script[src], link[href]").forEach(track);
                n.querySelectorAll("iframe[src], frame[src]").forEach(trackFrame);
              }
            }
          }
        });
        w.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      } catch (e) { /* a document without a root: nothing to watch */ }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchDOM, { once: true });
    else watchDOM();
    try {
      const XHR = window.XMLHttpRequest && XMLHttpRequest.prototype, send = XHR && XHR.send;
      if (send) {
        XHR.send = function (...a) {
          const key = {};
          w.requests++;
          w.pending.set(key, performance.now());
          this.addEventListener("loadend", () => { if (w.pending.delete(key)) w.touch(); });
          return send.apply(this, a);
        };
      }
      const f = window.fetch;
      if (typeof f === "function") {
        window.fetch = function (...a) {
          const key = {};
          w.requests++;
          w.pending.set(key, performance.now());
          const end = () => { if (w.pending.delete(key)) w.touch(); };
          const p = f.apply(this, a);
          p.then(end, end);
          return p;
        };
      }
    } catch (e) { /* frozen globals: requests are not watched */ }
    try {
      // The browser's own favicon request changes nothing in the page.
      w.po = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => !/\/favicon\.ico([?#]|$)/.test(e.name))) w.touch();
      });
      w.po.observe({ type: "resource", buffered: false });
    } catch (e) { /* no PerformanceObserver: resources are not watched */ }
    window.addEventListener("scroll", () => { w.touch(); }, { passive: true, capture: true });
    const onInput = () => { w.input = performance.now(); };
    for (const type of ["pointerdown", "mousedown", "keydown", "input", "change"]) {
      window.addEventListener(type, onInput, { passive: true, capture: true });
    }
    Object.defineProperty(window, KEY, { value: w, enumerable: false });
  }
  if (params.install) { resolve({ settled: true }); return; }
  const start = performance.now();
  // After an action, a full quiet window must pass from now unless the page
  // visibly reacted: it may not have reacted yet (a navigation, a fetch, a
  // timer).
  const floor = params.fresh ? start : -Infinity;
  // A navigation's document: watched from its start, and it loaded no
  // script from the network and made no request (an app that boots from
  // scripts does so in steps the watcher cannot all see: the full window).
  const reacted = () => params.fresh ? (w.input >= 0 && w.mut > w.input)
    : !!(params.after_load && w.early && w.scripts === 0 && w.requests === 0);
  const calm = Math.min(params.quiet_ms, Math.max(16, Math.round(params.quiet_ms / 3)));
  let ticking = true;
  const onFrame = () => { w.frame++; if (ticking) requestAnimationFrame(onFrame); };
  try { requestAnimationFrame(onFrame); } catch (e) { /* no frames: the full window applies */ }
  const finish = (settled) => { ticking = false; resolve({ settled }); };
  const PENDING_MS = 2000;
  const busy = () => {
    if (document.readyState !== "complete") return true;
    const now = performance.now();
    for (const [k, t0] of w.pending) {
      if (now - t0 < PENDING_MS) return true;
      w.pending.delete(k);
    }
    try {
      return document.getAnimations().some(a => a.playState === "running" &&
        isFinite(a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming().endTime : Infinity));
    } catch (e) { return false; }
  };
  const tick = () => {
    const now = performance.now();
    if (busy()) w.touch();
    const quiet = now - Math.max(w.last, floor);
    if (quiet >= params.quiet_ms) { finish(true); return; }
    if (reacted() && now - w.last >= calm && w.frame - w.lastFrame >= 2) { finish(true); return; }
    if (now - start >= params.timeout_ms) { finish(false); return; }
    setTimeout(tick, Math.min(25, Math.max(5, Math.min(params.quiet_ms - quiet, calm - (now - w.last)))));
  };
  tick();
})
