// closelist.js: before a line break is typed into a code editor, closes
// the completion list open there (completion.js), so Enter breaks the
// line. Answers "escape" when the caller must press Escape to close it,
// else "".
import { focusedElement } from './focus.js';
import { closeCompletion, editorRoot } from './completion.js';

export default () => (closeCompletion(editorRoot(focusedElement())) === "escape" ? "escape" : "");
