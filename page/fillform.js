// fillform.js: reads back the fields fill_form filled, without reading
// their values out. Called as (params) => result with params {fields:
// [{key, kind, text?, value?, checked?}], state_of?}. With state_of (a key)
// it returns that check control's state {checked, radio} so a field
// already in the wanted state is not clicked. Otherwise, per field: took
// (the field holds exactly what was given; null when it cannot be told),
// invalid (constraint validation or aria-invalid) and message (the
// browser's validation message, or the page's error text the field points
// to; never for secret fields, whose message could describe the value).
// With digest_of (a key) and salt it returns {digest}: a salted hash of that
// field's value computed here, so an act can tell whether typing changed
// the field; the value itself never leaves the page, and the digest is only
// compared, never shown (null when the field is gone).
(params) => {
  const reg = window.__pling;
  const elOf = (k) => (reg && typeof reg.el === "function" ? reg.el(k) : null);
  const isChecked = (el) => {
    if (el.type === "checkbox" || el.type === "radio") return el.checked;
    const a = el.getAttribute("aria-checked");
    return a === null ? null : a === "true";
  };
  // A field's text: its value, a code editor's own model (CodeMirror 5's
  // wrapper holds its instance; Monaco's editors are listed by its global),
  // or a contenteditable's text.
  const valueOf = (el) => {
    try {
      if (el.CodeMirror && typeof el.CodeMirror.getValue === "function") return String(el.CodeMirror.getValue());
      const m = window.monaco;
      if (el.classList && el.classList.contains("monaco-editor") && m && m.editor && typeof m.editor.getEditors === "function") {
        for (const ed of m.editor.getEditors()) if (el.contains(ed.getContainerDomNode()) || ed.getContainerDomNode().contains(el)) return String(ed.getValue());
      }
    } catch (e) { /* the page's own text below */ }
    return "value" in el && typeof el.value === "string" ? el.value : (el.innerText || "");
  };
  if (params.digest_of) {
    const el = elOf(params.digest_of);
    if (!el || !el.isConnected) return { digest: null };
    const cur = valueOf(el);
    const src = String(params.salt || "") + "\u0000" + cur;
    let h = 0x811c9dc5;
    for (let i = 0; i < src.length; i++) {
      h ^= src.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return { digest: h.toString(16) + ":" + cur.length };
  }
  if (params.state_of) {
    const el = elOf(params.state_of);
    if (!el) return { checked: null, radio: false };
    return { checked: isChecked(el), radio: el.type === "radio" || el.getAttribute("role") === "radio" };
  }
  // the collector's secret fields (collector/14-describe.js isSecret): every card field cc-*
  const SECRET = /(^|\s)(one-time-code|current-password|new-password|cc-[a-z-]+)(\s|$)/i;
  const text = (ids, doc) => (ids || "").split(/\s+/).map((id) => id && doc.getElementById(id))
    .filter(Boolean).map((n) => (n.textContent || "").replace(/\s+/g, " ").trim()).filter(Boolean).join(" ");
  return params.fields.map((f) => {
    const el = elOf(f.key);
    if (!el || !el.isConnected) return { took: null, invalid: false, message: "" };
    let took = null;
    if (f.kind === "type") {
      const cur = valueOf(el);
      took = el.isContentEditable ? cur.trim() === String(f.text).trim() : cur === f.text;
    } else if (f.kind === "select" && el.localName === "select") {
      const o = el.selectedOptions[0];
      took = !!o && (o.label === f.value || o.text.trim() === f.value || o.value === f.value);
    } else if (f.kind === "check") {
      const c = isChecked(el);
      took = c === null ? null : c === f.checked;
    }
    const secret = el.type === "password" || SECRET.test(el.getAttribute("autocomplete") || "");
    const aria = el.getAttribute("aria-invalid");
    const invalid = (el.validity ? !el.validity.valid : false) || (aria !== null && aria !== "false");
    let message = "";
    if (invalid) {
      const pageText = text(el.getAttribute("aria-errormessage"), el.ownerDocument) || text(el.getAttribute("aria-describedby"), el.ownerDocument);
      message = pageText || (secret ? "" : (el.validationMessage || ""));
    }
    return { took, invalid, message: message.slice(0, 300) };
  });
}
