// holds.js: after a type step that replaced a code editor's whole
// content, closes the completion list the typing left open
// (completion.js) and answers whether the editor's own model holds
// exactly p.text (CodeMirror 5's instance, Monaco's editor through the
// page's monaco global: fieldvalue.js's typedValue), compared in the
// page. Answers {holds, escape}: holds is true or false, or null when
// there is no such editor or its model cannot be read (CodeMirror 6,
// whose view the page does not expose; a Monaco the page does not
// expose); escape says the caller must press Escape to close a list.
import { focusedElement } from './focus.js';
import { closeCompletion, editorRoot } from './completion.js';
import { typedValue } from '../../page/js/fieldvalue.js';

// readable answers whether the model of the editor whose root is root
// can be read here.
const readable = (root) => {
  if (root.CodeMirror && typeof root.CodeMirror.getValue === "function") return true;
  const m = window.monaco;
  return root.classList.contains("monaco-editor") && !!(m && m.editor && typeof m.editor.getEditors === "function");
};

export default (p) => {
  const root = editorRoot(focusedElement());
  if (!root) return { holds: null, escape: false };
  const escape = closeCompletion(root) === "escape";
  return { holds: readable(root) ? typedValue(root) === String(p.text) : null, escape };
};
