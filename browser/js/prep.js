// prep.js: prepares one input step in one evaluation. It composes three
// in-page modules (page/js/unchanged.js, act.js, page/js/fillform.js) and
// is bundled into prep.gen.js (generate.go): called as (p) => result, p
// being act.js's params and optionally
// since and doc (the mark and document of the observation the step was
// resolved against) and salt. With since, the page must be unchanged since
// (unchanged(since, doc)), else nothing is done and the answer is
// {ok: false, changed: true} (the caller's page.ErrPageChanged, a signal
// to plan again that never reaches an agent, so not an error code); then
// act(p) (a promise when it waits for the page after a scroll that moved
// the target);
// then, when act placed the step and p carries a salt, the target
// field's salted digest (fillForm's digest_of) goes in the answer as
// digest: taken before act for a select, which act chooses itself.
'use strict';

import { unchanged } from '../../page/js/unchanged.js';
import act from './act.js';
import fillForm from '../../page/js/fillform.js';

export default (p) => {
  if (p.since && !unchanged(p.since, p.doc)) return { ok: false, changed: true };
  // a select is chosen inside act itself: its digest is taken first
  const early = p.salt && p.op === "select" ? fillForm({ digest_of: p.key, salt: p.salt }).digest : undefined;
  const done = (r) => {
    if (r && r.ok && p.salt) r.digest = early !== undefined ? early : fillForm({ digest_of: p.key, salt: p.salt }).digest;
    return r;
  };
  // (act answers a promise when it waits for the page to place things
  // after a scroll)
  const r = act(p);
  return r && typeof r.then === "function" ? r.then(done) : done(r);
};
