// visibility.js is the one visibility rule of Pling's in-page scripts
// (the collector, read.js, extract.js): what a person sees counts, what
// the page hides does not. The collector's rule (vis, shown) comes first;
// read.js's readable and extract.js's rendered and ariaHidden follow as
// named variants, each saying how it differs and why.
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

// Named variants. The rule above is the collector's; read.js and
// extract.js decide visibility for other readers, and where their rule
// differs it differs on purpose. Each variant says how and why.

const READ_VIS = { checkOpacity: true, checkVisibilityCSS: true };

// readable is read.js's rule for prose (observe {read}): vis, and an
// opacity of 0 hides too, because the README's read contract promises
// that text at opacity 0 is never read (a faded-out panel is no prose a
// person reads); the collector's vis does not look at opacity (it lists
// what the page offers, and an element at opacity 0 is still there to
// act on). Without checkVisibility a box is enough (visibility:hidden is
// not checked), as read.js always did.
export const readable = (el) => {
  if (HAS_CV ? el.checkVisibility(READ_VIS) : el.getClientRects().length > 0) return true;
  return contents(el);
};

// rendered is extract.js's rule (ADR-0161, "the currently visible
// collection"): el has a layout box — no display:none on it or an
// ancestor — and, with visibility, no visibility:hidden either. Unlike
// vis it makes no display:contents exception (a collection or row is an
// element with a box of its own; a contents wrapper has none) and it
// asks the element itself whether it can checkVisibility, so a page
// that removed the method from one element reads by its boxes instead
// of failing the extraction. Opacity does not hide, as in vis.
export function rendered(el, visibility) {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({visibilityProperty: !!visibility});
  return el.getClientRects().length > 0;
}

// ariaHidden is extract.js's aria-hidden rule: el or an ancestor below
// stop (null: the document) has aria-hidden="true". The collector and
// read.js skip an aria-hidden subtree as their walk meets it; extract
// asks about one element (a collection, a row) it found by a scan that
// does not skip, so it climbs.
export function ariaHidden(el, stop) {
  for (var a = el; a && a !== stop; a = a.parentElement) {
    if (a.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}
