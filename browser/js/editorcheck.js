// editorcheck.js: the one evaluation a type step makes in a code editor
// around the focused element, before each line break and after the last
// key (p.await_list when the keys ended in a word, where a list may still
// open). It closes the completion list open there (completion.js),
// so an Enter breaks the line instead of picking a completion, but after
// the last key of a step that ends in a word and submits nothing
// (p.keep_list) leaves it open, its suggestions the agent's to choose; and, given p.text (after the keys of a step that
// replaced the whole content), it answers whether the editor's own model
// holds exactly that text (CodeMirror 5's instance, Monaco's editor:
// fieldvalue.js's typedValue), compared in the page.
// Answers (a promise of) {holds, escape}: holds is true or false, or
// null when no text was given, there is no editor, or its model cannot
// be read (CodeMirror 6, whose view the page does not expose; a Monaco
// the page does not expose); escape says the caller must press Escape to
// close a list.
import { focusedElement } from './focus.js';
import { closeCompletion } from './completion.js';
import { editorRoot, monacoOf } from './editorselect.js';
import { typedValue } from '../../page/js/fieldvalue.js';

// readable answers whether the model of the editor whose root is root
// can be read here.
const readable = (root) => (root.CodeMirror && typeof root.CodeMirror.getValue === "function") || !!monacoOf(root);

export default async (p) => {
  const root = editorRoot(focusedElement());
  if (!root) return { holds: null, escape: false };
  const escape = (await closeCompletion(root, !!(p && p.await_list), !!(p && p.keep_list))) === "escape";
  const text = p && typeof p.text === "string" ? p.text : null;
  return { holds: text !== null && readable(root) ? typedValue(root) === text : null, escape };
};
