// walk.js: the walk: an iterative walk of the page (a stack of elements and
// their contexts, no recursion) within max_nodes, then the snapshot.
import { w } from './state.js';
import { scanDecl } from './declarations.js';
import { finishShapes, sameNamedContexts } from './folding.js';
import { nativeInvalid } from './feedback.js';
import { urlOf } from './icons.js';
import { NAME_TEXT } from './params.js';
import { defHidden, win } from './registry.js';
import { clean, cut } from './text.js';
import { visit } from './visit.js';


// walkPage walks the page and returns {snap}, or {again: hint} when the
// walk contradicts the kept declaration mode or found an aria-modal
// dialog the first pass did not know.
export const walkPage = () => {
  walkTree();
  nativeInvalid();
  for (const rs of w.recStates) rs.out.sig = (rs.h >>> 0).toString(36);
  if (!w.hint.again) {
    const again = runAgain();
    if (again) return { again };
  }
  for (let i = w.feedback.length - 1; i >= 0; i--) {
    const f = w.feedback[i];
    if ((f.kind === 'status' || f.kind === 'info') && w.stateTexts.has(f.message)) w.feedback.splice(i, 1);
  }
  const state = mergedState();
  finishShapes();
  sameNamedContexts();
  return { snap: snapshot(state) };
};

// walkTree visits every element from the document's root (shadow roots
// and readable frames included) until max_nodes.
const walkTree = () => {
  w.stackEl = []; w.stackCtx = [];
  w.root = { region: '', rec: null, modal: false, clip: w.topClip, fi: -1, shadow: false, sect: false, hover: false, fb: false, pager: false, foot: false };
  if (document.documentElement) { w.stackEl.push(document.documentElement); w.stackCtx.push(w.root); }
  while (w.stackEl.length) {
    if (w.nodes >= w.maxNodes) { w.limitHit = true; break; }
    const el = w.stackEl.pop();
    const ctx = w.stackCtx.pop();
    w.nodes++;
    // The collector never throws on a page: an element it cannot read
    // (a polyfilled wrapper, an odd prototype, a cross-realm node) is
    // skipped with its subtree and counted.
    let c2 = null;
    try {
      c2 = visit(el, ctx);
    } catch (e) {
      w.unreadable++;
      c2 = null;
    }
    if (c2 === null) continue;
    for (let ch = el.lastElementChild; ch; ch = ch.previousElementSibling) { w.stackEl.push(ch); w.stackCtx.push(c2); }
    const sr = el.shadowRoot;
    if (sr) {
      w.shadowRoots++;
      const sc = c2.shadow ? c2 : { ...c2, shadow: true };
      for (let ch = sr.lastElementChild; ch; ch = ch.previousElementSibling) { w.stackEl.push(ch); w.stackCtx.push(sc); }
    }
  }

};

// runAgain is the hint for a second run, or null: when the walk
// contradicts the kept declaration mode or found an aria-modal dialog the
// first pass did not know.
const runAgain = () => {
  const kinds = ['regions', 'actions', 'records', 'state'];
  if (w.cachedMode && kinds.some((k) => w.seen[k] && !w.mode[k])) return { mode: scanDecl(), modal: w.hint.modal };
  if (w.cachedMode && kinds.some((k) => w.mode[k] && !w.seen[k])) {
    const fresh = scanDecl();
    defHidden(w.R, 'decl', fresh, true);
    if (kinds.some((k) => fresh[k] !== w.mode[k])) return { mode: fresh, modal: w.hint.modal };
  }
  if (w.ariaModal && !w.modalEl) return { mode: w.mode, modal: w.ariaModal };
  return null;
};

// mergedState is the state items: declared state wins over inferred
// state of the same name.
const mergedState = () => {
  let st = w.state;
  if (w.state.some((s) => s.declared)) {
    const dn = new Set(w.state.filter((s) => s.declared).map((s) => s.name));
    st = w.state.filter((s) => s.declared || !dn.has(s.name));
  }
  return st;
};

// snapshot is the run's Snapshot over state.
const snapshot = (state) => {
  const snap = {
    document_id: w.R.docId,
    url: urlOf(location.href),
    title: cut(clean(document.title)),
    path: cut(location.pathname, 500),
    viewport: {
      width: w.VW, height: w.VH, scroll_y: Math.round(win.scrollY),
      scroll_height: Math.round(Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)),
    },
    regions: w.regions, controls: w.controls, row_actions: w.rowActions, records: w.records, records_total: w.recordsTotal, records_found: w.found,
    state, feedback: w.feedback, hidden: w.hidden,
  };
  for (const e of [document.documentElement, document.body]) {
    if (!e) continue;
    const rt = e.getAttribute('data-pling-route');
    if (rt && !snap.route) snap.route = cut(clean(rt), NAME_TEXT);
    for (const a of e.attributes) {
      if (!a.name.startsWith('data-pling-param-')) continue;
      const n = a.name.slice('data-pling-param-'.length);
      if (!n) continue;
      (snap.params || (snap.params = {}))[cut(n, NAME_TEXT)] = cut(clean(a.value));
    }
  }
  if (w.modal) snap.modal = w.modal;
  if (w.frames.length) snap.frames = w.frames;
  snap.stats = { nodes: w.nodes, controls_total: w.controlsTotal, elapsed_ms: 0 };
  if (w.limitHit) snap.stats.node_limit_hit = true;
  if (w.unreadable) snap.stats.unreadable = w.unreadable;
  if (w.shadowRoots) snap.stats.shadow_roots = w.shadowRoots;
  if (w.framesWalked) snap.stats.frames_walked = w.framesWalked;
  if (w.regionsTotal > w.regions.length) snap.stats.regions_total = w.regionsTotal;
  return snap;
};
