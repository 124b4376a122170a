// settle.js: resolves when the page has been quiet for params.quiet_ms (no
// DOM mutations, no running animations, no new resource loads, no scroll
// movement) or when params.timeout_ms passes. Returns {settled: bool}.
(params) => new Promise((resolve) => {
  const start = performance.now();
  let last = start;
  let lastResources = performance.getEntriesByType("resource").length;
  let lastScroll = window.scrollY;
  const mo = new MutationObserver(() => { last = performance.now(); });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const tick = () => {
    const now = performance.now();
    const res = performance.getEntriesByType("resource").length;
    if (res !== lastResources || window.scrollY !== lastScroll) {
      lastResources = res; lastScroll = window.scrollY; last = now;
    }
    let animating = false;
    try {
      animating = document.getAnimations().some(a => a.playState === "running" && isFinite(a.effect?.getComputedTiming?.().endTime ?? Infinity));
    } catch (e) { animating = false; }
    if (animating) last = now;
    const loading = document.readyState !== "complete";
    if (loading) last = now;
    if (now - last >= params.quiet_ms) { mo.disconnect(); resolve({ settled: true }); return; }
    if (now - start >= params.timeout_ms) { mo.disconnect(); resolve({ settled: false }); return; }
    setTimeout(tick, 25);
  };
  setTimeout(tick, 25);
})
