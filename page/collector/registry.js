// registry.js: element keys and generated record ids for the document's
// life, on window.__pling (internal/js/registry.js, shared with read.js
// and extract.js); each run holds it as w.R.
import { w } from './state.js';
import { elOf as elIn, keyOf as keyIn, registry } from '../../internal/js/registry.js';

export { win, defHidden } from '../../internal/js/registry.js';
// keyOf returns el's key in this document's registry.
export const keyOf = (el) => keyIn(w.R, el);
// elOf returns the element of a key this run gave (keyOf), or null.
export const elOf = (key) => elIn(w.R, key);

export function initRegistry() {
  w.R = registry();
}
