// selectall.js: places the caret or selection in the focused field (through
// open shadow roots and same-origin frames) for what typing does, and
// answers how the caller types. Called with p = {append, find}:
// - neither: the whole content is selected, so typing replaces it;
// - append: the caret goes to the end of the content;
// - find: the one occurrence of find in the content is selected, so typing
//   replaces that part (issue 18 pt 3); it must occur exactly once, else
//   {code: "TEXT_NOT_FOUND" | "TEXT_AMBIGUOUS", n: occurrences} and nothing
//   is changed.
// A text field's and text area's own selection, a CodeMirror 5 or Monaco
// editor's own model (its setSelection), a contenteditable's DOM selection
// (CodeMirror 6 reads it) are used, as a person's click and drag would set
// them; the page's own input and key handlers then see the typing.
// Returns {how, code, n}: how is "keys" in a code editor whose whole text
// is replaced (the caller presses Ctrl+A, the editor's select-all),
// "keys-end" in one that cannot be reached here for append (the caller
// presses Ctrl+End), "keys-set" in a code editor whose selection is set
// (keys, no select-all), "watch" for a field that announces suggestions (a
// MutationObserver counts the page's reaction for suggest.js), else "". A
// watch a failed step left behind is stopped.
(p) => { p = p || {};
  let el = document.activeElement;
  for (let i = 0; el && i < 16; i++) {
    if (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    else if (el.contentDocument && el.contentDocument.activeElement) el = el.contentDocument.activeElement;
    else break;
  }
  const stale = window.__plingTypeWatch;
  if (stale) { stale.mo.disconnect(); delete window.__plingTypeWatch; }
  if (!el) return { how: "" };
  const find = typeof p.find === "string" && p.find !== "" ? p.find : "";
  const mode = find ? "find" : p.append ? "end" : "all";
  // where: the index of find's one occurrence in text, or an error
  const where = (text) => {
    const i = text.indexOf(find);
    if (i < 0) return { code: "TEXT_NOT_FOUND", n: 0 };
    let n = 1;
    for (let j = text.indexOf(find, i + 1); j >= 0 && n < 100; j = text.indexOf(find, j + 1)) n++;
    return n > 1 ? { code: "TEXT_AMBIGUOUS", n } : { i };
  };
  const editor = el.closest ? el.closest(".CodeMirror, .cm-editor, .monaco-editor") : null;
  if (editor) {
    if (mode === "all") return { how: "keys" };
    const cm = editor.classList.contains("CodeMirror") ? editor.CodeMirror : null;
    if (cm && typeof cm.getValue === "function") {
      if (mode === "end") cm.execCommand("goDocEnd");
      else {
        const w = where(cm.getValue());
        if (w.code) return w;
        cm.setSelection(cm.posFromIndex(w.i), cm.posFromIndex(w.i + find.length));
      }
      return { how: "keys-set" };
    }
    if (mode === "end") return { how: "keys-end" };
    // Monaco: its own model and selection, through the page's monaco global
    const m = window.monaco;
    if (editor.classList.contains("monaco-editor") && m && m.editor && typeof m.editor.getEditors === "function" && m.Range) {
      for (const ed of m.editor.getEditors()) {
        if (ed.getDomNode() !== editor || !ed.getModel()) continue;
        const model = ed.getModel();
        const w = where(model.getValue());
        if (w.code) return w;
        ed.setSelection(m.Range.fromPositions(model.getPositionAt(w.i), model.getPositionAt(w.i + find.length)));
        ed.focus();
        return { how: "keys-set" };
      }
    }
    if (editor.classList.contains("monaco-editor")) {
      return { code: "INVALID_ARGUMENT", reason: "replace works in text fields, text areas, contenteditable, CodeMirror and Monaco editors whose model the page exposes, not in this editor: type its whole text, or append" };
    }
  }
  let how = "";
  const ac = (el.getAttribute("aria-autocomplete") || "").toLowerCase();
  const pop = (el.getAttribute("aria-haspopup") || "").toLowerCase();
  const watch = () => {
    const w = { n: 0, on: null };
    w.mo = new MutationObserver((recs) => { w.n += recs.length; if (w.on) w.on(); });
    w.mo.observe(el.ownerDocument, { subtree: true, childList: true, attributes: true, characterData: true });
    window.__plingTypeWatch = w;
    how = "watch";
  };
  const suggests = !editor && (el.getAttribute("role") === "combobox" || (ac && ac !== "none") || pop === "listbox" || pop === "true" ||
      el.classList.contains("ui-autocomplete-input"));
  if (typeof el.select === "function" && typeof el.value === "string") {
    const v = el.value;
    if (mode === "all") el.select();
    else {
      let a = v.length, b = v.length;
      if (mode === "find") {
        const w = where(v);
        if (w.code) return w;
        a = w.i; b = w.i + find.length;
      }
      try { el.setSelectionRange(a, b); } catch (e) {
        return { code: "INVALID_ARGUMENT", reason: "this field (type " + el.type + ") takes a whole value only: type it without append or replace" };
      }
    }
    if (suggests) watch();
    return { how };
  }
  if (el.isContentEditable) {
    const doc = el.ownerDocument;
    const r = doc.createRange();
    if (mode === "all") r.selectNodeContents(el);
    else if (mode === "end") { r.selectNodeContents(el); r.collapse(false); }
    else {
      // the text nodes in order, their text joined as textContent joins it
      const nodes = [], starts = [];
      let text = "";
      const tw = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) { nodes.push(n); starts.push(text.length); text += n.data; }
      const w = where(text);
      if (w.code) return w;
      const at = (off, end) => {
        let k = 0;
        while (k + 1 < nodes.length && (end ? starts[k + 1] < off : starts[k + 1] <= off)) k++;
        return [nodes[k], off - starts[k]];
      };
      const [sn, so] = at(w.i, false), [en, eo] = at(w.i + find.length, true);
      r.setStart(sn, so); r.setEnd(en, eo);
    }
    const s = doc.getSelection(); s.removeAllRanges(); s.addRange(r);
    if (suggests) watch();
    return { how: editor ? "keys-set" : how };
  }
  if (mode !== "all") return { code: "INVALID_ARGUMENT", reason: "this control takes its whole text only: type it without append or replace" };
  if (suggests) watch();
  return { how };
}
