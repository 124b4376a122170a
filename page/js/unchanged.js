// unchanged.js: unchanged(since, doc) is true when the page is provably as an
// observation taken at in-page time `since` saw it: the same document
// (window.__pling.docId === doc), and nothing the quiet watcher of
// settle/watch.js tracks happened since — no DOM mutation, resource load or
// scroll (its `last`), and no request in flight. False whenever it cannot
// tell (no watcher yet, another document): the caller observes afresh.
// browser's prep.js runs it before a step that carries Step.Since, in the
// step's own evaluation.
'use strict';

import { KEY } from '../settle/watch.js';
import { PENDING_MS } from '../settle/wait.js';
import { existingLoose } from '../../internal/js/registry.js';

export const unchanged = (since, doc) => {
  const w = window[KEY], reg = existingLoose();
  if (!w || !reg || reg.docId !== doc || typeof since !== "number") return false;
  if (!(w.last < since)) return false;
  if (document.readyState !== "complete") return false;
  const now = performance.now();
  for (const [, t0] of w.pending) if (now - t0 < PENDING_MS) return false;
  return true;
};
