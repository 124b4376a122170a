// hoverowner.js: the element whose hover shows a hidden part of the page.
// The collector lists the controls such a part holds as shown on hover,
// and act.js hovers that element before it reaches one of them, as a
// person's pointer does (Adminer's column headers show their
// sort-descending link on mouseover).

// hoverOwner is the nearest of el's ancestors, three at most, that a
// mouseover or mouseenter handler watches (an onmouseover or onmouseenter
// handler, inline or set by script as Adminer's mixin() sets its own, or a
// listener the document-start watcher recorded in window.__plingHovers),
// null when none does.
export const hoverOwner = (el) => {
  const doc = el && el.ownerDocument;
  const win = doc && doc.defaultView;
  const hs = win && win.__plingHovers;
  for (let n = el && el.parentElement, d = 0; n && d < 3; n = n.parentElement, d++) {
    if (typeof n.onmouseover === 'function' || typeof n.onmouseenter === 'function' || (hs && hs.has(n))) return n;
  }
  return null;
};
