import { w } from './state.js';
// ---- registry: element keys and generated record ids for the document's
// life, on window.__pling (non-enumerable). Other scripts (extract.js,
// act.js) share it: an existing registry is extended, never replaced,
// unless it belongs to an earlier document of a reused window.
export const win = window;
export const defHidden = (o, k, v, w) => Object.defineProperty(o, k, { value: v, enumerable: false, configurable: true, writable: !!w });
export const keyOf = (el) => {
  let k = w.R.keys.get(el);
  if (k === undefined) {
    k = 'e' + (w.R.next++);
    w.R.keys.set(el, k);
    w.R.els.set(k, new WeakRef(el));
  }
  return k;
};

export function initRegistry() {
  w.R = Object.prototype.hasOwnProperty.call(win, '__pling') ? win.__pling : undefined;
  if (w.R && typeof w.R === 'object' && w.R.doc !== undefined && w.R.doc !== document) w.R = undefined;
  if (!w.R || typeof w.R !== 'object') {
    w.R = {};
    defHidden(win, '__pling', w.R, false);
  }
  if (typeof w.R.docId !== 'string' || !w.R.docId) {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    let s = '';
    for (let i = 0; i < a.length; i++) s += (a[i] < 16 ? '0' : '') + a[i].toString(16);
    defHidden(w.R, 'docId', s, false);
  }
  if (!(w.R.keys instanceof WeakMap) || !(w.R.els instanceof Map) || typeof w.R.el !== 'function') {
    const els = new Map();
    defHidden(w.R, 'doc', document, false);
    defHidden(w.R, 'keys', new WeakMap(), false);
    defHidden(w.R, 'els', els, false);
    defHidden(w.R, 'next', 1, true);
    defHidden(w.R, 'sweepAt', 4096, true);
    // lists: containers whose items were records, so a list filtered down
    // to one item still holds a record.
    defHidden(w.R, 'lists', new WeakSet(), false);
    // el returns the live element for a key ("e12") or for a generated
    // record id ("r12"), or null when it is gone.
    defHidden(w.R, 'el', (k) => {
      if (typeof k !== 'string' || k.length < 2) return null;
      if (k[0] === 'r') k = 'e' + k.slice(1);
      const w = els.get(k);
      const e = w ? w.deref() : undefined;
      return e && e.isConnected ? e : null;
    }, false);
  }
  // recBySig maps a hash of a record's text to the keys of the record
  // elements that held it, so a row a framework re-renders (a new element,
  // the same content) keeps the generated id its old element had.
  if (!(w.R.recBySig instanceof Map)) defHidden(w.R, 'recBySig', new Map(), false);
  // pageIds maps a record element's key to the DOM id its row was first
  // seen with (pageIdOf).
  if (!(w.R.pageIds instanceof Map)) defHidden(w.R, 'pageIds', new Map(), false);
  if (w.R.els.size > w.R.sweepAt) {
    for (const [k, ref] of w.R.els) if (!ref.deref()) w.R.els.delete(k);
    w.R.sweepAt = Math.max(4096, w.R.els.size * 2);
  }
}
