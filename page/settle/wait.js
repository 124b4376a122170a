// wait.js is settle's wait: it polls the watcher (watch.js) until the page
// has been quiet long enough, or the timeout passes.
'use strict';

// PENDING_MS is the longest one request counts as in flight, from when it
// was seen, so a long poll or a hung load does not hold every settle to
// its timeout. An XHR or fetch still open then is late; its address is a
// long poll, whose later requests are not counted at all, once the page
// asks it again within PENDING_MS of that late request's end (watch.js).
export const PENDING_MS = 2000;

// busy says whether the page is still changing on its own: the document
// has not loaded, a request is in flight, or a finite animation runs.
const busy = (w) => {
  if (document.readyState !== 'complete') return true;
  const now = performance.now();
  for (const [k, t0] of w.pending) {
    if (now - t0 < PENDING_MS) return true;
    w.pending.delete(k);
    // (an XHR or fetch open this long is late: asked again as soon as it
    // ends, its address is a long poll, watch.js)
    if (k.poll) {
      k.late = true;
      if (!w.late.has(k.poll)) w.late.set(k.poll, new Set());
      w.late.get(k.poll).add(k);
    }
  }
  try {
    return document.getAnimations().some(a => a.playState === 'running' &&
      isFinite(a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming().endTime : Infinity));
  } catch (e) { return false; }
};

// wait resolves {settled} once the page watched by w is quiet for
// params (settle.js says when), polling every 5-25 ms.
export const wait = (w, params, resolve) => {
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
  // (the original requestAnimationFrame: the watcher counts the page's
  // frame callbacks as in flight, not its own)
  const raf = w.raf || ((f) => requestAnimationFrame(f));
  const onFrame = () => { w.frame++; if (ticking) raf(onFrame); };
  try { raf(onFrame); } catch (e) { /* no frames: the full window applies */ }
  const finish = (settled) => { ticking = false; resolve({ settled }); };
  const tick = () => {
    const now = performance.now();
    if (busy(w)) w.touch();
    const quiet = now - Math.max(w.last, floor);
    if (quiet >= params.quiet_ms) { finish(true); return; }
    if (reacted() && now - w.last >= calm && w.frame - w.lastFrame >= 2) { finish(true); return; }
    if (now - start >= params.timeout_ms) { finish(false); return; }
    setTimeout(tick, Math.min(25, Math.max(5, Math.min(params.quiet_ms - quiet, calm - (now - w.last)))));
  };
  tick();
};
