// main.js is the in-page collector's entry: its default export, applied
// to a CollectParams object, walks the page once, within a node budget,
// and returns a Snapshot (page/snapshot.go): facts about regions,
// controls, records, state and feedback. It never returns secret input
// values (passwords, one-time codes, card fields), hidden inputs, the DOM,
// selectors or coordinates; a non-secret field's value comes bounded
// (head and tail, its length counted); elements are named by opaque keys
// that window.__pling.el(key) maps back to nodes. internal/jsbundle
// bundles it (go generate) into page/collector.gen.js.
'use strict';

import { begin } from './state.js';
import { initParams } from './params.js';
import { initRegistry } from './registry.js';
import { initIcons } from './icons.js';
import { initHover } from './hover.js';
import { initGeometry } from './geometry.js';
import { initDeclarations } from './declarations.js';
import { initOutput } from './output.js';
import { initModal } from './modal.js';
import { initFocus } from './focus.js';
import { initRecords } from './records.js';
import { initRepeated } from './repeated.js';
import { initVisit } from './visit.js';
import { initFolding } from './folding.js';
import { initWidgets } from './widgets.js';
import { walkPage } from './walk.js';

// prepare starts a run: a fresh walk object over params and hint, and
// each module's per-run state, in the order the modules depend on. The
// modules' own tests call it before one module's export.
export const prepare = (params, hint) => {
  begin(params, hint);
  initParams();
  initRegistry();
  initIcons();
  initHover();
  initGeometry();
  initDeclarations();
  initOutput();
  initModal();
  initFocus();
  initRecords();
  initRepeated();
  initVisit();
  initFolding();
  initWidgets();
};

// run is one pass; hint carries what a first pass learnt: the declaration
// mode and an aria-modal dialog. It returns {snap} or {again: hint}.
const run = (params, hint) => {
  prepare(params, hint);
  return walkPage();
};

// Whatever fails outside one element's visit still leaves a snapshot:
// an empty one that says it could not read the page.
const safeRun = (params, hint) => {
  try {
    return run(params, hint);
  } catch (e) {
    let docId = '';
    try { docId = window.__pling && typeof window.__pling.docId === 'string' ? window.__pling.docId : ''; } catch (e2) { docId = ''; }
    let url = '', path = '';
    try { url = String(location.origin + location.pathname).slice(0, 500); path = String(location.pathname).slice(0, 500); } catch (e2) { url = ''; }
    return {
      snap: {
        document_id: docId, url, title: '', path,
        viewport: { width: window.innerWidth || 0, height: window.innerHeight || 0, scroll_y: 0, scroll_height: 0 },
        regions: [], controls: [], row_actions: [], records: [], records_total: 0, state: [], feedback: [], hidden: [],
        stats: { nodes: 0, controls_total: 0, elapsed_ms: 0, unreadable: 1 },
      },
    };
  }
};

// The collector: at most two runs (the second when the first learnt a
// declaration mode or a modal it did not know), timed.
export default (params) => {
  const t0 = performance.now();
  let r = safeRun(params, {});
  if (r.again) r = safeRun(params, { ...r.again, again: true });
  const snap = r.snap;
  snap.stats.elapsed_ms = Math.round((performance.now() - t0) * 1000) / 1000;
  return snap;
};
