// visibility.js is the one visibility rule of Pling's in-page scripts
// (the collector, read.js, extract.js): what a person sees counts, what
// the page hides does not.
//
// vis: rendered and not visibility:hidden (opacity does not count);
// shown: rendered (cheaper, for rows that are only counted).
// An element with display:contents has no box of its own, and
// checkVisibility says false, but its children render: it counts as
// visible (framework wrappers and custom elements use it).
export const VIS_OPT = { checkOpacity: false, checkVisibilityCSS: true };
export const HAS_CV = typeof Element.prototype.checkVisibility === 'function';
export const contents = (el) => getComputedStyle(el).display === 'contents';
export const vis = HAS_CV ? (el) => el.checkVisibility(VIS_OPT) || contents(el)
  : (el) => (el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') || contents(el);
export const shown = (el) => (HAS_CV ? el.checkVisibility() : el.getClientRects().length > 0);
