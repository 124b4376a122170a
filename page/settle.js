// settle.js: resolves when the page has been quiet for params.quiet_ms — no
// DOM mutations, no running finite animations, no new resource loads, no
// script, stylesheet, XHR or fetch in flight (each for at most 2 s), no
// scrolling, document loaded — or when params.timeout_ms passes. Returns
// {settled: bool}. A watcher installed on the first call keeps the time of
// the last change, so a page that is already quiet settles at once: the
// common case costs no waiting. With params.fresh (after an action) a full
// quiet window is always waited.
(params) => new Promise((resolve) => {
  const KEY = "__plingQuiet";
  let w = window[KEY];
  if (!w) {
    w = { last: performance.now(), scrollY: window.scrollY };
    // Requests in flight: a script or stylesheet in the document that has
    // not loaded (a module loader fetching the app), an XHR or fetch
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
      } else if (n.tagName === "LINK" && /(^|\s)stylesheet(\s|$)/i.test(n.rel || "")) {
        url = n.href;
      }
      if (url && !/^(data|blob|javascript):/i.test(url) && !seen(url)) w.pending.set(n, performance.now());
    };
    const done = (e) => { if (w.pending.delete(e.target)) w.last = performance.now(); };
    document.addEventListener("load", done, true);
    document.addEventListener("error", done, true);
    try { document.querySelectorAll("script[src], link[href]").forEach(track); } catch (e) { /* no root */ }
    try {
      w.mo = new MutationObserver((recs) => {
        w.last = performance.now();
        for (const r of recs) {
          for (const n of r.addedNodes) {
            if (n.nodeType !== 1) continue;
            track(n);
            if (n.firstElementChild) n.querySelectorAll("script[src], link[href]").forEach(track);
          }
        }
      });
      w.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    } catch (e) { /* a document without a root: nothing to watch */ }
    try {
      const XHR = window.XMLHttpRequest && XMLHttpRequest.prototype, send = XHR && XHR.send;
      if (send) {
        XHR.send = function (...a) {
          const key = {};
          w.pending.set(key, performance.now());
          this.addEventListener("loadend", () => { if (w.pending.delete(key)) w.last = performance.now(); });
          return send.apply(this, a);
        };
      }
      const f = window.fetch;
      if (typeof f === "function") {
        window.fetch = function (...a) {
          const key = {};
          w.pending.set(key, performance.now());
          const end = () => { if (w.pending.delete(key)) w.last = performance.now(); };
          const p = f.apply(this, a);
          p.then(end, end);
          return p;
        };
      }
    } catch (e) { /* frozen globals: requests are not watched */ }
    try {
      w.po = new PerformanceObserver(() => { w.last = performance.now(); });
      w.po.observe({ type: "resource", buffered: false });
    } catch (e) { /* no PerformanceObserver: resources are not watched */ }
    window.addEventListener("scroll", () => { w.last = performance.now(); }, { passive: true, capture: true });
    Object.defineProperty(window, KEY, { value: w, enumerable: false });
  }
  const start = performance.now();
  // After an action, a full quiet window must pass from now: the page may
  // not have reacted yet (a navigation, a fetch, a timer).
  if (params.fresh && w.last < start) w.last = start;
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
    if (busy()) w.last = now;
    if (now - w.last >= params.quiet_ms) { resolve({ settled: true }); return; }
    if (now - start >= params.timeout_ms) { resolve({ settled: false }); return; }
    setTimeout(tick, Math.min(25, Math.max(5, params.quiet_ms - (now - w.last))));
  };
  tick();
})
