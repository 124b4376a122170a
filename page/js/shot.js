// shot.js: where one screenshot is taken, in document CSS pixels. Called as
// (params) => result with params {key, full, max_side}: the region element
// a collector key names (translated out of same-origin frames), the whole
// document (full), or else the visible viewport. The clip is kept inside the
// document and each side is cut at max_side (cut: true says so). Returns
// {ok, x, y, width, height, cut, in_viewport} or {ok:false, code, reason}.
// The region comes from the collector's registry (internal/js).
'use strict';

import { elOf, existingLoose } from '../../internal/js/registry.js';

export default (params) => {
  const de = document.documentElement, body = document.body;
  const docW = Math.max(de.scrollWidth, body ? body.scrollWidth : 0, de.clientWidth);
  const docH = Math.max(de.scrollHeight, body ? body.scrollHeight : 0, window.innerHeight);
  const sx = window.scrollX, sy = window.scrollY;
  const vw = de.clientWidth || window.innerWidth, vh = window.innerHeight;
  let x, y, w, h;
  if (params.key) {
    const el = elOf(existingLoose(), params.key);
    if (!el || !el.isConnected) {
      return { ok: false, code: "INVALID_ARGUMENT", reason: "the region is gone from the page; observe again" };
    }
    const r = el.getBoundingClientRect();
    let px = r.left, py = r.top;
    for (let win = el.ownerDocument.defaultView; win && win !== window && win.frameElement; win = win.parent) {
      const fe = win.frameElement, fr = fe.getBoundingClientRect();
      px += fr.left + fe.clientLeft;
      py += fr.top + fe.clientTop;
    }
    x = px + sx; y = py + sy; w = r.width; h = r.height;
  } else if (params.full) {
    x = 0; y = 0; w = docW; h = docH;
  } else {
    x = sx; y = sy; w = vw; h = vh;
  }
  const x0 = Math.max(0, x), y0 = Math.max(0, y);
  w = Math.min(docW, x + w) - x0;
  h = Math.min(docH, y + h) - y0;
  if (!(w >= 1 && h >= 1)) {
    return { ok: false, code: "UNAVAILABLE", reason: "the region is not rendered (hidden, empty or outside the page)" };
  }
  let cut = false;
  if (w > params.max_side) { w = params.max_side; cut = true; }
  if (h > params.max_side) { h = params.max_side; cut = true; }
  const inVP = x0 >= sx && y0 >= sy && x0 + w <= sx + vw + 0.5 && y0 + h <= sy + vh + 0.5;
  return { ok: true, x: x0, y: y0, width: w, height: h, cut, in_viewport: inVP };
};
