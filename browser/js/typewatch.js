// typewatch.js: the watch over a field that announces suggestions: a
// MutationObserver counts the page's reaction to typing, kept as
// window.__plingTypeWatch until the next selection, and reacted (through
// suggest.js) waits for that reaction after a type step.

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

// reacted resolves true once the page reacted to the keys of a type step
// (at once when the DOM changed while they went in, else at the first
// change after them), false after ms; it ends the watch. With ms 0 it only
// stops the watch.
export const reacted = (ms) => { const w = window.__plingTypeWatch; delete window.__plingTypeWatch;
  if (!w) return Promise.resolve(false);
  if (w.n > 0 || ms === 0) { w.mo.disconnect(); return Promise.resolve(w.n > 0); }
  return new Promise((res) => {
    const t = setTimeout(() => { w.mo.disconnect(); res(false); }, ms);
    w.on = () => { clearTimeout(t); w.mo.disconnect(); res(true); };
  }); };
