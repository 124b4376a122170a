// completion.js: closes the completion list a code editor shows while it
// is typed into, so the next Enter breaks the line instead of picking a
// completion (CodeMirror 5's show-hint as phpMyAdmin uses it, Monaco's
// suggestions, CodeMirror 6's autocompletion all bind Enter while their
// list is open). It is closed through the editor's own API where the page
// exposes it, as the editor's Escape would; CodeMirror 6's view is not
// exposed, so for it the caller presses Escape, which its list binds.
import { monacoOf } from './editorselect.js';

// closeCompletion closes the completion list open in the editor whose
// root is root: "closed" when it closed one, "escape" when the caller
// must press Escape (CodeMirror 6), "" when none is open.
export const closeCompletion = (root) => {
  if (!root) return "";
  const cm = root.CodeMirror;
  if (cm && cm.state && cm.state.completionActive) {
    if (typeof cm.closeHint === "function") cm.closeHint();
    else cm.state.completionActive.close();
    return "closed";
  }
  const ed = monacoOf(root);
  if (ed && root.querySelector(".suggest-widget.visible")) {
    ed.trigger("pling", "hideSuggestWidget", null);
    return "closed";
  }
  if (root.classList.contains("cm-editor") && root.querySelector(".cm-tooltip-autocomplete")) return "escape";
  return "";
};
