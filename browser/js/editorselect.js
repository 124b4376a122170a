// editorselect.js: the selection in a code editor (CodeMirror 5, Monaco),
// set through the editor's own model as a person's click and drag would.
import { where } from './occurrence.js';

// codeMirror5 sets a CodeMirror 5 editor's caret (mode "end") or selects
// find's one occurrence (mode "find").
const codeMirror5 = (cm, mode, find) => {
  if (mode === "end") cm.execCommand("goDocEnd");
  else {
    const w = where(cm.getValue(), find);
    if (w.code) return w;
    cm.setSelection(cm.posFromIndex(w.i), cm.posFromIndex(w.i + find.length));
  }
  return { how: "keys-set" };
};

// editorRoot is the root of the code editor (CodeMirror 5 or 6, Monaco)
// around el, or null.
export const editorRoot = (el) => (el && el.closest ? el.closest(".CodeMirror, .cm-editor, .monaco-editor") : null);

// monacoOf is the Monaco editor whose root element is root, found through
// the page's monaco global; null when the page exposes none.
export const monacoOf = (root) => {
  const m = window.monaco;
  if (!root.classList.contains("monaco-editor") || !m || !m.editor || typeof m.editor.getEditors !== "function") return null;
  for (const ed of m.editor.getEditors()) if (ed.getDomNode() === root) return ed;
  return null;
};

// monaco selects find's one occurrence in the Monaco editor whose root is
// editor, through the page's monaco global; null when no editor is found.
const monaco = (editor, find) => {
  const ed = monacoOf(editor), m = window.monaco;
  if (!ed || !ed.getModel() || !m.Range) return null;
  const model = ed.getModel();
  const w = where(model.getValue(), find);
  if (w.code) return w;
  ed.setSelection(m.Range.fromPositions(model.getPositionAt(w.i), model.getPositionAt(w.i + find.length)));
  ed.focus();
  return { how: "keys-set" };
};

// selectInEditor answers for a field inside a code editor (editor is its
// root): "keys" to select all with the editor's own keys, "keys-set" when
// the selection was set here, "keys-end" when the caller must press
// Ctrl+End, an error; null when it is an editor (CodeMirror 6) whose
// contenteditable the DOM selection reaches.
export const selectInEditor = (editor, mode, find) => {
  if (mode === "all") return { how: "keys" };
  const cm = editor.classList.contains("CodeMirror") ? editor.CodeMirror : null;
  if (cm && typeof cm.getValue === "function") return codeMirror5(cm, mode, find);
  if (mode === "end") return { how: "keys-end" };
  const r = monaco(editor, find);
  if (r) return r;
  if (editor.classList.contains("monaco-editor")) {
    return { code: "INVALID_ARGUMENT", reason: "replace works in text fields, text areas, contenteditable, CodeMirror and Monaco editors whose model the page exposes, not in this editor: type its whole text, or append" };
  }
  return null;
};
