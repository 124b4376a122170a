// geometry.js: a clip is the visible box of a (frame) viewport, in top
// coordinates; meets and mostly say how much of a box it shows;
// clipsAll finds a box clipped to a pixel or none.
import { w } from './state.js';
import { win } from './registry.js';

export const meets = (r, c) => {
  const t = r.top + c.oy, b = r.bottom + c.oy, l = r.left + c.ox, rr = r.right + c.ox;
  return b > c.t && t < c.b && rr > c.l && l < c.r && (r.width > 0 || r.height > 0);
};
// mostly: at least half the element (or half the viewport) is visible.
export const mostly = (r, c) => {
  const t = Math.max(r.top + c.oy, c.t), b = Math.min(r.bottom + c.oy, c.b);
  const l = Math.max(r.left + c.ox, c.l), rr = Math.min(r.right + c.ox, c.r);
  if (b <= t || rr <= l) return false;
  const h = b - t;
  return h >= r.height / 2 - 0.5 || h >= (c.b - c.t) / 2;
};

// clipsAll: n is rendered but clipped to a box of a pixel or none, the
// screen-reader-only pattern (Bootstrap's sr-only, OOUI's screen-reader
// mode). Each element is measured once per collection (a row's controls
// share their row and table).
export const clipsAll = (n) => {
  if (!w.clipMemo) return clipsNow(n);
  let c = w.clipMemo.get(n);
  if (c === undefined) w.clipMemo.set(n, (c = clipsNow(n)));
  return c;
};
const clipsNow = (n) => {
  const r = n.getBoundingClientRect();
  if (r.width > 1 && r.height > 1) return false;
  if (r.width === 0 && r.height === 0 && !n.firstChild) return false; // an empty box (an icon's span)
  const cs = getComputedStyle(n);
  if (cs.display === 'contents') return false;
  return cs.overflow !== 'visible' || (!!cs.clip && cs.clip !== 'auto');
};

export function initGeometry() {
  // geometry: a clip is the visible box of a (frame) viewport, in top coordinates.
  w.VW = win.innerWidth; w.VH = win.innerHeight;
  w.topClip = { l: 0, t: 0, r: w.VW, b: w.VH, ox: 0, oy: 0 };
}
