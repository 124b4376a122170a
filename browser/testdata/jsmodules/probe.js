// probe.js exposes browser/js's selection modules to jsmodules_test.go:
// each export sets up a selection and answers what it became.
import { focusedElement } from '../../js/focus.js';
import { selectInEditor } from '../../js/editorselect.js';
import { selectInEditable, selectInField } from '../../js/textselect.js';
import { stopWatch, suggests, watch } from '../../js/typewatch.js';
import { closeCompletion } from '../../js/completion.js';
import editorCheck from '../../js/editorcheck.js';
import selectAll from '../../js/selectall.js';

const describe = (el) => (el ? el.id || el.localName : null);

// focused focuses css (inside #host's shadow root when inShadow) and
// answers which element focusedElement finds.
export const focused = (css, inShadow) => {
  const root = inShadow ? document.getElementById('host').shadowRoot : document;
  root.querySelector(css).focus();
  return describe(focusedElement());
};

// field selects in the text field el and answers the error or the range.
export const field = (el, mode, find) => {
  const err = selectInField(el, mode, find);
  return err || { start: el.selectionStart, end: el.selectionEnd };
};

// editable selects in the contenteditable el and answers the selected text.
export const editable = (el, mode, find) => {
  const err = selectInEditable(el, mode, find);
  if (err) return err;
  const s = el.ownerDocument.getSelection();
  return { text: s.toString(), collapsed: s.isCollapsed };
};

// editor answers selectInEditor for the editor root el and the calls
// the CodeMirror 5 stand-in saw.
export const editor = (el, mode, find) => {
  const r = selectInEditor(el, mode, find);
  return { r, calls: el.CodeMirror ? el.CodeMirror.calls.splice(0) : null };
};

export const suggesting = (el) => !!suggests(el, null);

// watched starts a watch on el, mutates the page once, and answers the
// count it saw and whether stopWatch removed it.
export const watched = async (el) => {
  watch(el);
  const w = window.__plingTypeWatch;
  document.body.appendChild(document.createElement('span'));
  await new Promise((r) => setTimeout(r, 0));
  const n = w.n;
  stopWatch();
  return { n, stopped: window.__plingTypeWatch === undefined };
};

// closing answers closeCompletion for the editor root el and what the
// editor stand-ins were called with.
export const closing = async (el) => {
  const how = await closeCompletion(el);
  return { how, calls: window.calls.splice(0) };
};

// lateList answers closeCompletion for #cm6late after a step's last key
// (ending in a word), its list (CodeMirror 6's) opening after delay ms
// (none when delay is negative), and removes the list again.
export const lateList = async (delay) => {
  const root = document.getElementById('cm6late');
  const add = () => { const d = document.createElement('div'); d.className = 'cm-tooltip cm-tooltip-autocomplete'; root.appendChild(d); };
  if (delay >= 0) setTimeout(add, delay);
  const how = await closeCompletion(root, true);
  root.querySelectorAll('.cm-tooltip-autocomplete').forEach((d) => d.remove());
  return how;
};

// holding focuses css and answers editorcheck.js for text (none when
// text is null).
export const holding = async (css, text) => {
  document.querySelector(css).focus();
  return { r: await editorCheck(text === null ? {} : { text }), calls: window.calls.splice(0) };
};

// movedFocus focuses #box (which takes no text), moves the focus to #ta
// after delay ms (as select2 moves it to its search field), and answers
// selectall.js's answer and where the focus and selection are then.
export const movedFocus = async (delay) => {
  document.getElementById('box').focus();
  setTimeout(() => document.getElementById('ta').focus(), delay);
  const r = await selectAll({});
  const el = document.activeElement;
  return { r, id: el.id, start: el.selectionStart === undefined ? null : el.selectionStart, end: el.selectionEnd === undefined ? null : el.selectionEnd };
};
