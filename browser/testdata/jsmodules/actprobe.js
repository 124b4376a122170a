// actprobe.js applies act.js to the element css names, keyed through the
// shared registry as the collector keys it, and answers what does not
// depend on the layout: ok, code, done, has_row and nav's paths (once
// act has waited for the page after a scroll that moved the element), and
// for a covered one its reason and whether it asks for a pointer move.
import { keyOf, registry } from '../../../internal/js/registry.js';
import act from '../../js/act.js';

export const acted = (css, p) => {
  const R = registry();
  const key = css ? keyOf(R, document.querySelector(css)) : 'e999';
  const fin = (r) => {
    const out = { ok: r.ok, code: r.code || '' };
    if (r.done) out.done = true;
    if (r.has_row) out.has_row = true;
    if (r.nav) out.nav = r.nav.map((u) => new URL(u).pathname);
    if (r.code === 'TARGET_COVERED') {
      out.reason = r.reason;
      if (r.move) out.move = typeof r.x === 'number' && typeof r.y === 'number';
    }
    return out;
  };
  // (act answers a promise when the scroll moved the element)
  const r = act({ ...p, key });
  return r && typeof r.then === 'function' ? r.then(fin) : fin(r);
};

// actedAfterMove is acted with params.moved (the pointer was moved onto
// the element), the element cover covers removed after ms (never when
// negative), as a tooltip the move dismissed goes; the cover is put back
// afterwards.
export const actedAfterMove = (css, cover, ms, p) => {
  const c = document.querySelector(cover);
  const parent = c.parentNode, next = c.nextSibling;
  if (ms >= 0) setTimeout(() => c.remove(), ms);
  const back = (r) => {
    if (!c.isConnected) parent.insertBefore(c, next);
    return r;
  };
  return Promise.resolve(acted(css, { ...p, moved: true })).then(back);
};

