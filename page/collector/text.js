// text.js: the shared ones are internal/js/text.js and
// internal/js/visibility.js; this module re-exports them for the
// collector's modules and adds the collector's defaults (cut bounds to
// max_text unless told) and its counter-name rule.
import { w } from './state.js';
import { cut as cutTo, idrefText as idrefTextTo } from '../../internal/js/text.js';

export { WS, NONSPACE, LETTER, clean, INITIALS, abbreviates, NOTEXT, BLOCK, blockBox, dropInitials, fnv1a, gather, rootOf, idrefEls } from '../../internal/js/text.js';
export { VIS_OPT, HAS_CV, contents, vis, shown } from '../../internal/js/visibility.js';
export const COUNT_NAME = /(^|[\s_-])(count|counter|total|results)([\s_-]|$)/i;
// cut bounds s to n UTF-16 units (max_text by default), never splitting a
// surrogate pair, and marks the cut with an ellipsis.
export const cut = (s, n) => cutTo(s, n === undefined ? w.maxText : n);
// idrefText is the text of the elements el's attr names, each up to twice
// max_text.
export const idrefText = (el, attr) => idrefTextTo(el, attr, w.maxText * 2);
