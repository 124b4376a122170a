// selectall.js: places the caret or selection in the focused field (through
// open shadow roots and same-origin frames: focus.js) for what typing does,
// and answers how the caller types. Called with p = {append, find}:
// - neither: the whole content is selected, so typing replaces it;
// - append: the caret goes to the end of the content;
// - find: the one occurrence of find in the content is selected, so typing
//   replaces that part (issue 18 pt 3); it must occur exactly once, else
//   {code: "TEXT_NOT_FOUND" | "TEXT_AMBIGUOUS", n: occurrences} and nothing
//   is changed (occurrence.js).
// A text field's and text area's own selection, a contenteditable's DOM
// selection (CodeMirror 6 reads it: textselect.js), a CodeMirror 5 or Monaco
// editor's own model (its setSelection: editorselect.js) are used, as a
// person's click and drag would set them; the page's own input and key
// handlers then see the typing.
// Returns {how, code, n}: how is "keys" in a code editor whose whole text
// is replaced (the caller presses Ctrl+A, the editor's select-all),
// "keys-end" in one that cannot be reached here for append (the caller
// presses Ctrl+End), "keys-set" in a code editor whose selection is set
// (keys, no select-all), "watch" for a field that announces suggestions (a
// MutationObserver counts the page's reaction for suggest.js: typewatch.js),
// else "". A watch a failed step left behind is stopped. When the click
// left the focus on an element that takes no text (select2's box), the
// answer waits, a promise, until the page moves the focus into a field
// (select2's search field) or FOCUS_WAIT_MS passed.
import { focusedElement } from './focus.js';
import { editorRoot, selectInEditor } from './editorselect.js';
import { selectInEditable, selectInField } from './textselect.js';
import { stopWatch, suggests, watch } from './typewatch.js';

// FOCUS_WAIT_MS bounds how long a step whose click left the focus on an
// element that takes no text waits for the page to move it.
const FOCUS_WAIT_MS = 100;

// takesText tells an element typing edits: a text field or area, a
// contenteditable, an element inside a code editor.
const takesText = (el) => (typeof el.select === "function" && typeof el.value === "string") || el.isContentEditable || !!editorRoot(el);

// focusMoved resolves once the focus moves to an element that takes
// text, or after FOCUS_WAIT_MS: a widget opened by the click may focus
// its own search field a moment later (select2 does in a timeout), and
// keys sent before would go to the box it left.
const focusMoved = () => new Promise((resolve) => {
  const done = () => {
    clearTimeout(timer);
    document.removeEventListener("focusin", onFocus, true);
    resolve();
  };
  const onFocus = () => {
    const el = focusedElement();
    if (el && takesText(el)) done();
  };
  const timer = setTimeout(done, FOCUS_WAIT_MS);
  document.addEventListener("focusin", onFocus, true);
});

export default (p) => {
  const el = focusedElement();
  if (el && !takesText(el)) return focusMoved().then(() => place(p || {}));
  return place(p || {});
};

// place selects for p in the element that has the focus now.
const place = (p) => {
  const el = focusedElement();
  stopWatch();
  if (!el) return { how: "" };
  const find = typeof p.find === "string" && p.find !== "" ? p.find : "";
  const mode = find ? "find" : p.append ? "end" : "all";
  const editor = editorRoot(el);
  if (editor) {
    const r = selectInEditor(editor, mode, find);
    if (r) return r;
  }
  const watched = suggests(el, editor);
  const how = () => {
    if (!watched) return "";
    watch(el);
    return "watch";
  };
  if (typeof el.select === "function" && typeof el.value === "string") {
    const err = selectInField(el, mode, find);
    if (err) return err;
    return { how: how() };
  }
  if (el.isContentEditable) {
    const err = selectInEditable(el, mode, find);
    if (err) return err;
    const h = how();
    return { how: editor ? "keys-set" : h };
  }
  if (mode !== "all") return { code: "INVALID_ARGUMENT", reason: "this control takes its whole text only: type it without append or replace" };
  return { how: how() };
};
