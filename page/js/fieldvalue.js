// fieldvalue.js: a field's current text, read in the page. Two readers
// differ on purpose, so they live here side by side:
//
// - shownValue (read.js, observe {read: {field}}) pages a value out to the
//   agent: it refuses password and hidden inputs itself (Go has checked
//   the collector's secret flag before), gives a select's chosen option
//   labels, and finds a Monaco editor only by its own root element (the
//   element the collector keyed).
// - typedValue (fillform.js) is compared in the page, never shown: any
//   element's value or text, so a field's read-back and digest cover every
//   kind of field; a Monaco editor is found from inside or around it, and
//   a page that throws from an editor API falls back to the element's own
//   text.

import { WS } from '../../internal/js/text.js';

// shownValue is the whole current content of a field to show: '' for a
// password or hidden input and for an element that is no field.
export const shownValue = (el) => {
  let v = '';
  const tag = el.localName;
  if (tag === 'input') v = el.type === 'password' || el.type === 'hidden' ? '' : String(el.value || '');
  else if (tag === 'textarea') v = String(el.value || '');
  else if (tag === 'select') v = Array.from(el.selectedOptions || [], (o) => (o.label || o.text || '').replace(WS, ' ').trim()).join(', ');
  else if (el.CodeMirror && typeof el.CodeMirror.getValue === 'function') v = String(el.CodeMirror.getValue());
  else if (el.classList.contains('monaco-editor') && window.monaco && window.monaco.editor && typeof window.monaco.editor.getEditors === 'function') {
    for (const ed of window.monaco.editor.getEditors()) if (ed.getDomNode() === el) v = String(ed.getValue());
  }
  else if (el.isContentEditable) v = String(el.innerText || '');
  return v;
};

// typedValue is a field's text to compare: its value, a code editor's own
// model (CodeMirror 5's wrapper holds its instance; Monaco's editors are
// listed by its global), or a contenteditable's text.
export const typedValue = (el) => {
  try {
    if (el.CodeMirror && typeof el.CodeMirror.getValue === "function") return String(el.CodeMirror.getValue());
    const m = window.monaco;
    if (el.classList && el.classList.contains("monaco-editor") && m && m.editor && typeof m.editor.getEditors === "function") {
      for (const ed of m.editor.getEditors()) if (el.contains(ed.getContainerDomNode()) || ed.getContainerDomNode().contains(el)) return String(ed.getValue());
    }
  } catch (e) { /* the page's own text below */ }
  return "value" in el && typeof el.value === "string" ? el.value : (el.innerText || "");
};

// checkedState is a check control's state: true, false, or null when el
// is neither a native checkbox or radio nor carries aria-checked.
export const checkedState = (el) => {
  if (el.type === "checkbox" || el.type === "radio") return el.checked;
  const a = el.getAttribute("aria-checked");
  return a === null ? null : a === "true";
};
