// observe.js is one observation in one evaluation, so an observation is
// one CDP round trip (page.observeWith). Called as (p) => snapshot with p
// {settle, collect, digest, prose}: it waits for the page to settle when
// p.settle is given (settle/, with SettleParams), runs the collector
// (collector/main.js) with p.collect (CollectParams), adds what
// webmcp/ finds, the salted digest of one field when p.digest is given
// (fillform.js, {digest_of, salt}) and, with p.prose, the prose each
// region does not show (read.js's count, ticking times masked by
// p.collect.tick). The snapshot it returns carries mark
// (performance.now() when the collector started), settled and
// stats.settle_ms (when it settled), webmcp_page, field_digest and prose.
'use strict';

import collect from '../collector/main.js';
import settle from '../settle/settle.js';
import { webmcp } from '../webmcp/main.js';
import fillform from './fillform.js';
import read from './read.js';

export default async (p) => {
  let settled = null, t0 = performance.now();
  if (p.settle) { settled = (await settle(p.settle)).settled; }
  const mark = performance.now(), waited = mark - t0;
  const snap = collect(p.collect);
  snap.mark = mark;
  if (settled !== null) { snap.settled = settled; if (snap.stats) snap.stats.settle_ms = waited; }
  try { const w = await webmcp(snap, p.collect); if (w) snap.webmcp_page = w; } catch (e) { /* no WebMCP facts */ }
  if (p.digest) snap.field_digest = fillform(p.digest).digest;
  if (p.prose && Array.isArray(snap.regions)) snap.prose = read({ count: snap.regions.map((r) => [r.id, r.key || '']), tick: p.collect && p.collect.tick });
  return snap;
};
