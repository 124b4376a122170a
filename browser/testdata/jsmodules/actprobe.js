// actprobe.js applies act.js to the element css names, keyed through the
// shared registry as the collector keys it, and answers what does not
// depend on the layout: ok, code, done, has_row and nav's paths (once
// act has waited for the page after a scroll that moved the element).
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
    return out;
  };
  // (act answers a promise when the scroll moved the element)
  const r = act({ ...p, key });
  return r && typeof r.then === 'function' ? r.then(fin) : fin(r);
};

