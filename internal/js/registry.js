// registry.js sets up the registry Pling's in-page scripts share:
// window.__pling (non-enumerable), which maps the opaque element keys
// ("e12") and generated record ids ("r12") of every snapshot back to
// elements for the document's life. The collector, read.js and extract.js
// use it: an existing registry is extended, never replaced, unless it
// belongs to an earlier document of a reused window.
export const win = window;
export const defHidden = (o, k, v, w) => Object.defineProperty(o, k, { value: v, enumerable: false, configurable: true, writable: !!w });

// adopt is the one setup of the registry's base: window.__pling of this
// document with its docId (128 random bits in hex), created when absent
// or left by an earlier document of a reused window, extended never
// replaced otherwise. The collector's registry builds on it; extract.js's
// documentId is it alone.
export const adopt = () => {
  let R = Object.prototype.hasOwnProperty.call(win, '__pling') ? win.__pling : undefined;
  if (R && typeof R === 'object' && R.doc !== undefined && R.doc !== document) R = undefined;
  if (!R || typeof R !== 'object') {
    R = {};
    defHidden(win, '__pling', R, false);
  }
  if (typeof R.docId !== 'string' || !R.docId) {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    let s = '';
    for (let i = 0; i < a.length; i++) s += (a[i] < 16 ? '0' : '') + a[i].toString(16);
    defHidden(R, 'docId', s, false);
  }
  return R;
};

// registry returns window.__pling, set up (or extended) for this
// document, its dead keys swept when it has grown.
export const registry = () => {
  const R = adopt();
  if (!(R.keys instanceof WeakMap) || !(R.els instanceof Map) || typeof R.el !== 'function') {
    const els = new Map();
    defHidden(R, 'doc', document, false);
    defHidden(R, 'keys', new WeakMap(), false);
    defHidden(R, 'els', els, false);
    defHidden(R, 'next', 1, true);
    defHidden(R, 'sweepAt', 4096, true);
    // lists: containers whose items were records, so a list filtered down
    // to one item still holds a record.
    defHidden(R, 'lists', new WeakSet(), false);
    // el returns the live element for a key ("e12") or for a generated
    // record id ("r12"), or null when it is gone.
    defHidden(R, 'el', (k) => {
      if (typeof k !== 'string' || k.length < 2) return null;
      if (k[0] === 'r') k = 'e' + k.slice(1);
      const ref = els.get(k);
      const e = ref ? ref.deref() : undefined;
      return e && e.isConnected ? e : null;
    }, false);
  }
  // recBySig maps a hash of a record's text to the keys of the record
  // elements that held it, so a row a framework re-renders (a new element,
  // the same content) keeps the generated id its old element had.
  if (!(R.recBySig instanceof Map)) defHidden(R, 'recBySig', new Map(), false);
  // repeats maps a parent to the templates of its children that were
  // records, so a list of div rows shrunk to one keeps its record.
  if (!(R.repeats instanceof WeakMap)) defHidden(R, 'repeats', new WeakMap(), false);
  // pageIds maps a record element's key to the DOM id its row was first
  // seen with (pageIdOf).
  if (!(R.pageIds instanceof Map)) defHidden(R, 'pageIds', new Map(), false);
  if (R.els.size > R.sweepAt) {
    for (const [k, ref] of R.els) if (!ref.deref()) R.els.delete(k);
    R.sweepAt = Math.max(4096, R.els.size * 2);
  }
  return R;
};

// keyOf returns el's key in registry R, giving it the next one when it
// has none.
export const keyOf = (R, el) => {
  let k = R.keys.get(el);
  if (k === undefined) {
    k = 'e' + (R.next++);
    R.keys.set(el, k);
    R.els.set(k, new WeakRef(el));
  }
  return k;
};

// documentId is extract.js's registry use: adopt, and stamp the document
// on a registry that has none, so the collector adopts it later and a
// reused window's next document does not; it returns the docId. A page
// that froze or poisoned the registry gets '' (Go refuses the read)
// instead of an exception, so extraction still answers.
export const documentId = () => {
  try {
    const R = adopt();
    if (R.doc === undefined) defHidden(R, 'doc', document, false);
    return typeof R.docId === 'string' ? R.docId : '';
  } catch (e) {
    return '';
  }
};

// Readers that never set the registry up (read.js, fillform.js) only
// look keys up in the one the collector left.

// existing is the registry the collector left, or undefined; never
// created (read.js must not mint a document id). Only an own property of
// window counts, so a page's Object.prototype.__pling is not it.
export const existing = () => (Object.prototype.hasOwnProperty.call(win, '__pling') ? win.__pling : undefined);

// existingLoose is the registry as fillform.js has always read it:
// window.__pling however it is found, an inherited property included.
// It differs from existing only on a page that plants __pling on a
// prototype; kept as it was so fill_form's behaviour does not change
// in this refactor (issue 22), and a candidate to fold into existing.
export const existingLoose = () => win.__pling;

// elOf is the live element registry R keys as key, or null (no registry,
// a foreign one, or the element is gone).
export const elOf = (R, key) => (R && typeof R.el === 'function' ? R.el(key) : null);
