// visibility.js: which collections and rows extraction counts as visible
// (ADR-0161): rendered and not aria-hidden. Opacity and off-screen
// position do not hide; a cell's own visibility:hidden is read by the
// text walk (summary.js), not here.

// rendered: el has a layout box (no display:none on it or an ancestor);
// with vis, visibility:hidden counts as not rendered too.
export function rendered(el, vis) {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({visibilityProperty: !!vis});
  return el.getClientRects().length > 0;
}

// ariaHidden: el or an ancestor below stop (null: the document) has
// aria-hidden="true".
export function ariaHidden(el, stop) {
  for (var a = el; a && a !== stop; a = a.parentElement) {
    if (a.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}
