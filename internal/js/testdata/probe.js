// probe.js exposes internal/js's modules to variants_test.go: each export
// answers in JSON what a variant decides for an element or a string.
import { ariaHidden, readable, rendered, shown, vis } from '../visibility.js';
import { HTML_WS_EDGE, HTML_WS_RUN, NOTEXT, PROSE_NOTEXT, clean, fnv1a, gather, noProse } from '../text.js';
import { adopt, documentId, elOf, existing, existingLoose, keyOf, registry } from '../registry.js';

// visibility.js: every rule's answer for one element.
export const visibility = (el) => ({
  vis: vis(el), shown: shown(el), readable: readable(el),
  rendered: rendered(el, true), renderedBox: rendered(el, false), ariaHidden: ariaHidden(el, null)
});

// text.js: whether read.js's prose rule and gather's tag list leave el out.
export const noText = (el, lazy) => ({
  noProse: noProse(el, el.localName, lazy), proseTag: PROSE_NOTEXT.has(el.localName), gatherTag: NOTEXT.has(el.localName)
});
export const gathered = (el) => gather(el, {}, 1000);
export const trims = (s) => ({ html: s.replace(HTML_WS_EDGE, '').replace(HTML_WS_RUN, ' '), clean: clean(s) });
export const hash = (s) => fnv1a(s);

// registry.js: the one setup and its readers.
export const fresh = () => ({ existing: existing() === undefined, loose: existingLoose() === undefined });
export const idTwice = () => {
  const a = documentId();
  const b = documentId();
  return { same: a === b, hex: /^[0-9a-f]{32}$/.test(a), doc: window.__pling.doc === document, enumerable: Object.keys(window).includes('__pling'), keys: window.__pling.keys === undefined };
};
export const collectorAdopts = () => {
  const id = documentId();
  const R = registry();
  return { same: R.docId === id, adopted: adopt() === R, el: typeof R.el === 'function' };
};
export const keyed = (el) => {
  const R = registry();
  const k = keyOf(R, el);
  return { key: /^e\d+$/.test(k), again: keyOf(R, el) === k, back: elOf(R, k) === el, noRegistry: elOf(undefined, k) === null, gone: elOf(R, 'e999999') === null, existing: existing() === R };
};
export const planted = () => {
  Object.prototype.__pling = { docId: 'planted' };
  try {
    const loose = existingLoose();
    return { existing: existing() === undefined, loose: loose ? loose.docId : null };
  } finally {
    delete Object.prototype.__pling;
  }
};
export const frozen = () => {
  Object.defineProperty(window, '__pling', { value: Object.freeze({}), configurable: false });
  let threw = false;
  try { adopt(); } catch (e) { threw = true; }
  return { id: documentId(), adoptThrows: threw };
};
