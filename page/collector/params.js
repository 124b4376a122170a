// params.js: the CollectParams a run is given, as bounds on the walk
// object, and the find's text match.
import { w } from './state.js';
import { tickMask } from '../../internal/js/text.js';
import { isSecret } from '../../internal/js/secret.js';

// VALUE_FIELDS are the fields whose value is text a row shows (a grid of
// fields: Adminer's Alter table) and a find reads.
export const VALUE_FIELDS = 'input:not([type]),input[type=text],input[type=number],input[type=search],input[type=email],input[type=url],input[type=tel],select,textarea';
export const pos = (v, d) => (typeof v === 'number' && v > 0 ? Math.floor(v) : d);
export const inWin = (i) => w.findWords.length === 0 && i >= w.recOffset && i < w.recOffset + w.recFields;
// A row's text for a find: its text nodes joined by spaces, so the
// words of two cells never run together ("9" and "5.10" are no "95"),
// and what its text boxes and selects hold (a row of fields, Adminer's
// Alter table, is found by its column's name), never a secret's.
export const textHas = (el) => {
  if (w.findWords.length === 0) return false;
  const parts = [];
  const tw = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = tw.nextNode(); n; n = tw.nextNode()) parts.push(n.nodeValue);
  for (const f of el.querySelectorAll(VALUE_FIELDS)) {
    if (isSecret(f)) continue;
    if (f.localName === 'select') { for (const o of f.selectedOptions || []) parts.push(o.label || o.text); }
    else parts.push(String(f.value || ''));
  }
  const t = parts.join(' ').toLowerCase();
  return w.findWords.every((w) => t.includes(w));
};
export const MAX_FIELDS = 30, MAX_OPTIONS = 25, MAX_FEEDBACK = 100, MAX_HIDDEN = 50, MAX_STATE = 100, MAX_HITS = 300;
export const NAME_TEXT = 80;

export function initParams() {
  w.P = w.params || {};
  w.maxText = pos(w.P.max_text, 160);
  w.maxNodes = pos(w.P.max_nodes, 50000);
  w.maxIDs = pos(w.P.max_record_ids, 1000);
  w.maxControls = pos(w.P.max_controls, 400);
  w.maxRegions = pos(w.P.max_regions, 100);
  w.recOffset = typeof w.P.record_offset === 'number' && w.P.record_offset > 0 ? Math.floor(w.P.record_offset) : 0;
  w.recFields = typeof w.P.record_fields === 'number' && w.P.record_fields >= 0 ? Math.floor(w.P.record_fields) : 20;
  // find_record lists one record by id even beyond max_record_ids, so an
  // action can reach a row the model found through continuation.
  w.findRec = typeof w.P.find_record === 'string' ? w.P.find_record : '';
  // find_text gives fields to the records whose text holds every one of
  // its words (case-insensitive) instead of the window at record_offset,
  // and lists them even beyond max_record_ids (observe {find}).
  w.findWords = typeof w.P.find_text === 'string' ? w.P.find_text.toLowerCase().split(/\s+/).filter(Boolean) : [];
  w.found = 0;
  // a row's sig is of its text with the clock's ticking times masked
  w.steady = tickMask(w.P.tick);
}
