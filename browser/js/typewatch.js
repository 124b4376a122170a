// typewatch.js: the watch over a field that announces suggestions: a
// MutationObserver counts the page's reaction to typing for suggest.js,
// kept as window.__plingTypeWatch until the next selection.

// stopWatch stops the watch a failed step left behind.
export const stopWatch = () => {
  const stale = window.__plingTypeWatch;
  if (stale) { stale.mo.disconnect(); delete window.__plingTypeWatch; }
};

// suggests: el (outside a code editor) announces suggestions: a combobox,
// aria-autocomplete, a listbox popup, or jQuery UI's autocomplete.
export const suggests = (el, editor) => {
  const ac = (el.getAttribute("aria-autocomplete") || "").toLowerCase();
  const pop = (el.getAttribute("aria-haspopup") || "").toLowerCase();
  return !editor && (el.getAttribute("role") === "combobox" || (ac && ac !== "none") || pop === "listbox" || pop === "true" ||
      el.classList.contains("ui-autocomplete-input"));
};

// watch starts counting the mutations of el's document.
export const watch = (el) => {
  const w = { n: 0, on: null };
  w.mo = new MutationObserver((recs) => { w.n += recs.length; if (w.on) w.on(); });
  w.mo.observe(el.ownerDocument, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__plingTypeWatch = w;
};
