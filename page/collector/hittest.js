// hittest.js: is the control under something else (overlaid)?
import { w } from './state.js';
import { MAX_HITS } from './params.js';

export const overlaid = (el, r) => {
  try {
    return overlaidAt(el, r);
  } catch (e) {
    return false; // a wrapped hit (a shadow DOM polyfill) is no cover
  }
};
export const overlaidAt = (el, r) => {
  if (w.hits++ >= MAX_HITS) return false;
  const x = Math.min(Math.max((Math.max(r.left, 0) + Math.min(r.right, w.VW)) / 2, 0), w.VW - 1);
  const y = Math.min(Math.max((Math.max(r.top, 0) + Math.min(r.bottom, w.VH)) / 2, 0), w.VH - 1);
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const h2 = hit.shadowRoot.elementFromPoint(x, y);
    if (!h2 || h2 === hit) break;
    hit = h2;
  }
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return false;
  if (el.labels) for (const l of el.labels) if (l === hit || l.contains(hit)) return false;
  // a hit inside the same shadow host, or the host of el's tree
  for (let n = el.getRootNode(); n && n.host; n = n.host.getRootNode()) if (n.host === hit || n.host.contains(hit)) return false;
  // Something else is on top. It blocks the control when it is a large
  // layer (a backdrop, a full-page overlay), or when the control is
  // fixed or sticky and scrolling it into view would not move it out
  // from under: a sticky header or a small banner over a scrolling
  // control is not a cover (acting scrolls the control to the centre).
  return bigLayer(hit) || pinned(el);
};
export const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
export const bigLayer = (hit) => {
  for (let n = hit, d = 0; n && d < 32; n = up(n), d++) {
    const pos = getComputedStyle(n).position;
    if (pos !== 'fixed' && pos !== 'absolute' && pos !== 'sticky') continue;
    const r = n.getBoundingClientRect();
    const wd = Math.min(r.right, w.VW) - Math.max(r.left, 0), h = Math.min(r.bottom, w.VH) - Math.max(r.top, 0);
    if (wd > 0 && h > 0 && wd * h >= (w.VW * w.VH) / 2) return true;
  }
  return false;
};
export const pinned = (el) => {
  for (let n = el, d = 0; n && d < 64; n = up(n), d++) {
    const pos = getComputedStyle(n).position;
    if (pos === 'fixed' || pos === 'sticky') return true;
  }
  return false;
};
