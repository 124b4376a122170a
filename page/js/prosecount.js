// prosecount.js: how much prose an observation does not show, per region,
// so the observation can say "N chars of prose" where it shows none.
// observe.go runs it after the collector, in the observation's round trip.
import { NONSPACE, WS, fnv1a, noProse as skip, tickMask } from '../../internal/js/text.js';
import { readable as visible } from '../../internal/js/visibility.js';

// Not prose: what the observation shows otherwise — controls and field
// labels (actions), tables and grids (records, extract), lists whose items
// were records, declared records, description lists and declared state,
// feedback (alerts, status and live regions).
const NOT_PROSE_TAGS = new Set(['a', 'summary', 'label', 'table', 'dl', 'legend']);
const NOT_PROSE_ROLES = /^(button|link|tab|menuitem|menuitemcheckbox|menuitemradio|option|checkbox|radio|switch|table|grid|treegrid|row|status|alert|log|marquee|timer|tablist|menu|menubar|toolbar|tree)\b/;

// notProse: c's subtree is shown otherwise, or gives no text at all.
const notProse = (c, tag, lists) => {
  if (NOT_PROSE_TAGS.has(tag) || skip(c, tag, true) || (lists && lists.has(c))) return true;
  if (c.hasAttributes()) {
    const r = c.getAttribute('role');
    if (r && NOT_PROSE_ROLES.test(r)) return true;
    if (c.hasAttribute('aria-live') || c.hasAttribute('data-pling-record') || c.hasAttribute('data-pling-state') ||
        c.hasAttribute('data-pling-feedback') || c.hasAttribute('data-pling-action')) return true;
  }
  return false;
};

// regionsOf maps each listed region's element (R.el of its key) to its id.
const regionsOf = (R, regions) => {
  const byEl = new Map();
  if (R && typeof R.el === 'function') {
    for (const pair of regions) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') continue;
      const el = R.el(pair[1]);
      if (el) byEl.set(el, pair[0]);
    }
  }
  return byEl;
};

// mix adds a text run to a region's digest (FNV-1a over the runs, each
// ended by a space), so a receipt sees a text change of the same length
// ("42" to "43": receipt.go's diffProse).
const mix = (h, run) => fnv1a(' ', fnv1a(run, h));

// count: the prose an observation does not show, per listed region.
// regions is [[id, key], ...] (the snapshot's regions), R the registry;
// text counts for the innermost listed region around it, or outside every
// region; tick is page.TickingTime's source (masked in the digests).
// Returns {regions: {id: n}, outside: n, digests: {id: d},
// outside_digest: d, cut, elapsed_ms}, n in
// characters after white space is collapsed (one space between text
// runs); cut when more than maxNodes elements were walked.
export const count = (R, regions, maxNodes, tick) => {
  const t0 = performance.now();
  const steady = tickMask(tick);
  const byEl = regionsOf(R, regions);
  const out = {};
  const digests = {};
  let outside = 0;
  let outsideDigest;
  let nodes = 0;
  let cut = false;
  const lists = R && R.lists instanceof WeakSet ? R.lists : null;
  const body = document.body || document.documentElement;
  // Iterative walk (a stack of sibling cursors: any depth is safe).
  const frames = [{ c: body.firstChild, list: null, i: 0, region: byEl.get(body) || '', vis: undefined }];
  while (frames.length) {
    const f = frames[frames.length - 1];
    let c = null;
    if (f.list) c = f.i < f.list.length ? f.list[f.i++] : null;
    else if (f.c) { c = f.c; f.c = c.nextSibling; }
    if (!c) { frames.pop(); continue; }
    const t = c.nodeType;
    if (t === 3) {
      const v = c.data;
      if (!v || !NONSPACE.test(v)) continue;
      if (f.vis === undefined) f.vis = !c.parentElement || visible(c.parentElement);
      if (!f.vis) continue;
      const run = v.replace(WS, ' ').trim();
      const n = run.length + 1;
      const kept = steady(run);
      if (f.region) {
        out[f.region] = (out[f.region] || 0) + n;
        digests[f.region] = mix(digests[f.region], kept);
      } else {
        outside += n;
        outsideDigest = mix(outsideDigest, kept);
      }
      continue;
    }
    if (t !== 1) continue;
    if (++nodes > maxNodes) { cut = true; break; }
    const tag = c.localName;
    if (notProse(c, tag, lists)) continue;
    if (frames.length > 512) continue;
    const region = byEl.get(c) || f.region;
    if (tag === 'slot') {
      const as = c.assignedNodes({ flatten: true });
      if (as.length) {
        frames.push({ c: null, list: as, i: 0, region, vis: undefined });
        continue;
      }
    }
    frames.push({ c: (c.shadowRoot || c).firstChild, list: null, i: 0, region, vis: undefined });
  }
  return { regions: out, outside, digests, outside_digest: outsideDigest || 0, cut, elapsed_ms: performance.now() - t0 };
};
