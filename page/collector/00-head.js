// collector.js is the in-page collector: one function expression, evaluated
// as (collector.js)(params) with params a CollectParams object. It walks the
// page once, within a node budget, and returns a Snapshot (page/snapshot.go):
// facts about regions, controls, records, state and feedback. It never
// returns secret input values (passwords, one-time codes, card fields),
// hidden inputs, the DOM, selectors or coordinates; a non-secret field's
// value comes bounded (head and tail, its length counted); elements
// are named by opaque keys that window.__pling.el(key) maps back to nodes.
(params) => {
  'use strict';
  const t0 = performance.now();
  // run is one pass; hint carries what a first pass learnt: the declaration
  // mode and an aria-modal dialog. It returns {snap} or {again: hint}.
  const run = (hint) => {
    const P = params || {};
    const pos = (v, d) => (typeof v === 'number' && v > 0 ? Math.floor(v) : d);
    const maxText = pos(P.max_text, 160);
    const maxNodes = pos(P.max_nodes, 50000);
    const maxIDs = pos(P.max_record_ids, 1000);
    const maxControls = pos(P.max_controls, 400);
    const maxRegions = pos(P.max_regions, 100);
    const recOffset = typeof P.record_offset === 'number' && P.record_offset > 0 ? Math.floor(P.record_offset) : 0;
    const recFields = typeof P.record_fields === 'number' && P.record_fields >= 0 ? Math.floor(P.record_fields) : 20;
    // find_record lists one record by id even beyond max_record_ids, so an
    // action can reach a row the model found through continuation.
    const findRec = typeof P.find_record === 'string' ? P.find_record : '';
    // find_text gives fields to the records whose text holds every one of
    // its words (case-insensitive) instead of the window at record_offset,
    // and lists them even beyond max_record_ids (observe {find}).
    const findWords = typeof P.find_text === 'string' ? P.find_text.toLowerCase().split(/\s+/).filter(Boolean) : [];
    const inWin = (i) => findWords.length === 0 && i >= recOffset && i < recOffset + recFields;
    // A row's text for a find: its text nodes joined by spaces, so the
    // words of two cells never run together ("9" and "5.10" are no "95").
    const textHas = (el) => {
      if (findWords.length === 0) return false;
      const parts = [];
      const tw = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) parts.push(n.nodeValue);
      const t = parts.join(' ').toLowerCase();
      return findWords.every((w) => t.includes(w));
    };
    let found = 0;
    const MAX_FIELDS = 30, MAX_OPTIONS = 25, MAX_FEEDBACK = 100, MAX_HIDDEN = 50, MAX_STATE = 100, MAX_HITS = 300;
    const NAME_TEXT = 80;
    const GATHER_DEPTH = 256;

