import { w } from './state.js';
import { scanDecl } from './declarations.js';
import { urlOf } from './icons.js';
import { NAME_TEXT } from './params.js';
import { defHidden, win } from './registry.js';
import { clean, cut } from './text.js';
import { visit } from './visit.js';

export function initWalk() {
  // ---- the walk
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

  for (const rs of w.recStates) rs.out.sig = (rs.h >>> 0).toString(36);
  // Run again when the walk contradicts the kept declaration mode or
  // found an aria-modal dialog the first pass did not know.
  if (!w.hint.again) {
    const kinds = ['regions', 'actions', 'records', 'state'];
    if (w.cachedMode && kinds.some((k) => w.seen[k] && !w.mode[k])) return { again: { mode: scanDecl(), modal: w.hint.modal } };
    if (w.cachedMode && kinds.some((k) => w.mode[k] && !w.seen[k])) {
      const fresh = scanDecl();
      defHidden(w.R, 'decl', fresh, true);
      if (kinds.some((k) => fresh[k] !== w.mode[k])) return { again: { mode: fresh, modal: w.hint.modal } };
    }
    if (w.ariaModal && !w.modalEl) return { again: { mode: w.mode, modal: w.ariaModal } };
  }
  for (let i = w.feedback.length - 1; i >= 0; i--) {
    const f = w.feedback[i];
    if ((f.kind === 'status' || f.kind === 'info') && w.stateTexts.has(f.message)) w.feedback.splice(i, 1);
  }
  // declared state wins over inferred state of the same name
  w.st = w.state;
  if (w.state.some((s) => s.declared)) {
    const dn = new Set(w.state.filter((s) => s.declared).map((s) => s.name));
    w.st = w.state.filter((s) => s.declared || !dn.has(s.name));
  }
  for (const [sh, sn] of w.slotNames) {
    // one slot, several names: up to three names are the label ("Star /
    // Unstar"); more, or a name that was the row's own text, leave the
    // slot's evidence (its class words) or what the control does
    if (sn.names.length < 2) continue;
    if (sn.names.length <= 3 && !sn.names.includes('')) {
      sh.label = cut(sn.names.join(' / '));
      delete sh.evidence;
    } else {
      delete sh.label;
      if (sn.ev) sh.evidence = cut(sn.ev, NAME_TEXT);
    }
  }
  for (const [sh, label] of w.slotLabel) {
    if (label && sh.count > 1) {
      sh.label = label;
      delete sh.evidence;
    }
  }
  for (const sh of w.rowActions) {
    if (sh._covered === sh.count && sh.count > 0) sh.covered = true;
    delete sh._covered;
    if (!sh.offscreen) delete sh.offscreen;
  }

  w.snap = {
    document_id: w.R.docId,
    url: urlOf(location.href),
    title: cut(clean(document.title)),
    path: cut(location.pathname, 500),
    viewport: {
      width: w.VW, height: w.VH, scroll_y: Math.round(win.scrollY),
      scroll_height: Math.round(Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)),
    },
    regions: w.regions, controls: w.controls, row_actions: w.rowActions, records: w.records, records_total: w.recordsTotal, records_found: w.found,
    state: w.st, feedback: w.feedback, hidden: w.hidden,
  };
  for (const e of [document.documentElement, document.body]) {
    if (!e) continue;
    const rt = e.getAttribute('data-pling-route');
    if (rt && !w.snap.route) w.snap.route = cut(clean(rt), NAME_TEXT);
    for (const a of e.attributes) {
      if (!a.name.startsWith('data-pling-param-')) continue;
      const n = a.name.slice('data-pling-param-'.length);
      if (!n) continue;
      (w.snap.params || (w.snap.params = {}))[cut(n, NAME_TEXT)] = cut(clean(a.value));
    }
  }
  if (w.modal) w.snap.modal = w.modal;
  if (w.frames.length) w.snap.frames = w.frames;
  w.snap.stats = { nodes: w.nodes, controls_total: w.controlsTotal, elapsed_ms: 0 };
  if (w.limitHit) w.snap.stats.node_limit_hit = true;
  if (w.unreadable) w.snap.stats.unreadable = w.unreadable;
  if (w.shadowRoots) w.snap.stats.shadow_roots = w.shadowRoots;
  if (w.framesWalked) w.snap.stats.frames_walked = w.framesWalked;
  if (w.regionsTotal > w.regions.length) w.snap.stats.regions_total = w.regionsTotal;
  return { snap: w.snap };
}
