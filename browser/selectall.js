// selectall.js: selects the focused field's content (through open shadow
// roots and same-origin frames) so typing replaces it, and answers how the
// caller types: "keys" in a code editor (CodeMirror 5 and 6, Monaco: the
// focused element is the editor's own input, not its content; the caller
// presses Ctrl+A, the editor's select-all), "watch" for a field that
// announces suggestions (a MutationObserver counts the page's reaction
// for suggest.js), else "". A watch a failed step left behind is stopped.
() => { let el = document.activeElement;
  for (let i = 0; el && i < 16; i++) {
    if (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    else if (el.contentDocument && el.contentDocument.activeElement) el = el.contentDocument.activeElement;
    else break;
  }
  const stale = window.__plingTypeWatch;
  if (stale) { stale.mo.disconnect(); delete window.__plingTypeWatch; }
  if (!el) return "";
  if (el.closest && el.closest(".CodeMirror, .cm-editor, .monaco-editor")) return "keys";
  let how = "";
  const ac = (el.getAttribute("aria-autocomplete") || "").toLowerCase();
  const pop = (el.getAttribute("aria-haspopup") || "").toLowerCase();
  if (el.getAttribute("role") === "combobox" || (ac && ac !== "none") || pop === "listbox" || pop === "true" ||
      el.classList.contains("ui-autocomplete-input")) {
    const w = { n: 0, on: null };
    w.mo = new MutationObserver((recs) => { w.n += recs.length; if (w.on) w.on(); });
    w.mo.observe(el.ownerDocument, { subtree: true, childList: true, attributes: true, characterData: true });
    window.__plingTypeWatch = w;
    how = "watch";
  }
  if (typeof el.select === "function") { el.select(); return how; }
  if (el.isContentEditable) { const r = document.createRange(); r.selectNodeContents(el);
    const s = el.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r); }
  return how; }
