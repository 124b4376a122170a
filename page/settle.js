// settle.js: resolves when the page has been quiet for params.quiet_ms — no
// DOM mutations, no running finite animations, no new resource loads, no
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
    try {
      w.mo = new MutationObserver(() => { w.last = performance.now(); });
      w.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    } catch (e) { /* a document without a root: nothing to watch */ }
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
  const busy = () => {
    if (document.readyState !== "complete") return true;
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
