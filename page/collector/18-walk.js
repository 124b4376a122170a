    // ---- the walk
    const stackEl = [], stackCtx = [];
    const root = { region: '', rec: null, modal: false, clip: topClip, fi: -1, shadow: false, sect: false, hover: false, fb: false, pager: false, foot: false };
    if (document.documentElement) { stackEl.push(document.documentElement); stackCtx.push(root); }
    while (stackEl.length) {
      if (nodes >= maxNodes) { limitHit = true; break; }
      const el = stackEl.pop();
      const ctx = stackCtx.pop();
      nodes++;
      // The collector never throws on a page: an element it cannot read
      // (a polyfilled wrapper, an odd prototype, a cross-realm node) is
      // skipped with its subtree and counted.
      let c2 = null;
      try {
        c2 = visit(el, ctx);
      } catch (e) {
        unreadable++;
        c2 = null;
      }
      if (c2 === null) continue;
      for (let ch = el.lastElementChild; ch; ch = ch.previousElementSibling) { stackEl.push(ch); stackCtx.push(c2); }
      const sr = el.shadowRoot;
      if (sr) {
        shadowRoots++;
        const sc = c2.shadow ? c2 : { ...c2, shadow: true };
        for (let ch = sr.lastElementChild; ch; ch = ch.previousElementSibling) { stackEl.push(ch); stackCtx.push(sc); }
      }
    }

    for (const rs of recStates) rs.out.sig = (rs.h >>> 0).toString(36);
    // Run again when the walk contradicts the kept declaration mode or
    // found an aria-modal dialog the first pass did not know.
    if (!hint.again) {
      const kinds = ['regions', 'actions', 'records', 'state'];
      if (cachedMode && kinds.some((k) => seen[k] && !mode[k])) return { again: { mode: scanDecl(), modal: hint.modal } };
      if (cachedMode && kinds.some((k) => mode[k] && !seen[k])) {
        const fresh = scanDecl();
        defHidden(R, 'decl', fresh, true);
        if (kinds.some((k) => fresh[k] !== mode[k])) return { again: { mode: fresh, modal: hint.modal } };
      }
      if (ariaModal && !modalEl) return { again: { mode, modal: ariaModal } };
    }
    for (let i = feedback.length - 1; i >= 0; i--) {
      const f = feedback[i];
      if ((f.kind === 'status' || f.kind === 'info') && stateTexts.has(f.message)) feedback.splice(i, 1);
    }
    // declared state wins over inferred state of the same name
    let st = state;
    if (state.some((s) => s.declared)) {
      const dn = new Set(state.filter((s) => s.declared).map((s) => s.name));
      st = state.filter((s) => s.declared || !dn.has(s.name));
    }
    for (const [sh, sn] of slotNames) {
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
    for (const [sh, label] of slotLabel) {
      if (label && sh.count > 1) {
        sh.label = label;
        delete sh.evidence;
      }
    }
    for (const sh of rowActions) {
      if (sh._covered === sh.count && sh.count > 0) sh.covered = true;
      delete sh._covered;
      if (!sh.offscreen) delete sh.offscreen;
    }

    const snap = {
      document_id: R.docId,
      url: urlOf(location.href),
      title: cut(clean(document.title)),
      path: cut(location.pathname, 500),
      viewport: {
        width: VW, height: VH, scroll_y: Math.round(win.scrollY),
        scroll_height: Math.round(Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)),
      },
      regions, controls, row_actions: rowActions, records, records_total: recordsTotal, records_found: found,
      state: st, feedback, hidden,
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
    if (modal) snap.modal = modal;
    if (frames.length) snap.frames = frames;
    snap.stats = { nodes, controls_total: controlsTotal, elapsed_ms: 0 };
    if (limitHit) snap.stats.node_limit_hit = true;
    if (unreadable) snap.stats.unreadable = unreadable;
    if (shadowRoots) snap.stats.shadow_roots = shadowRoots;
    if (framesWalked) snap.stats.frames_walked = framesWalked;
    if (regionsTotal > regions.length) snap.stats.regions_total = regionsTotal;
    return { snap };
  };
  // Whatever fails outside one element's visit still leaves a snapshot:
  // an empty one that says it could not read the page.
  const safeRun = (hint) => {
    try {
      return run(hint);
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
  let r = safeRun({});
  if (r.again) r = safeRun({ ...r.again, again: true });
  const snap = r.snap;
  snap.stats.elapsed_ms = Math.round((performance.now() - t0) * 1000) / 1000;
  return snap;
}
