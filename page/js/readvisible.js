// readvisible.js: which elements read.js reads no text from.
//
// What never gives text: form field contents (input, textarea, select, so
// no password or other typed value), hidden elements (display:none,
// visibility:hidden, opacity 0, closed <details>, inactive tab panels),
// aria-hidden and inert subtrees, contenteditable subtrees and text-entry
// roles (user input), scripts, styles and templates.

// NOTEXT are the tags whose subtree is never read.
export const NOTEXT = new Set(['head', 'script', 'style', 'template', 'noscript', 'select', 'textarea', 'input', 'option', 'optgroup', 'datalist', 'iframe', 'frame', 'object', 'embed', 'canvas', 'video', 'audio', 'math', 'button', 'meta', 'link', 'title']);
const VIS = { checkOpacity: true, checkVisibilityCSS: true };
const HAS_CV = typeof Element.prototype.checkVisibility === 'function';

// visible: el renders (checkVisibility with opacity and visibility); a
// display:contents element has no box (checkVisibility says false), but
// its children render.
export const visible = (el) => {
  if (HAS_CV ? el.checkVisibility(VIS) : el.getClientRects().length > 0) return true;
  const st = getComputedStyle(el);
  return st.display === 'contents';
};

// skip: an element whose text is never read; lazy leaves its visibility
// unchecked (count mode checks it only where text is found:
// checkVisibility covers the ancestors, and most elements hold no text of
// their own).
export const skip = (el, tag, lazy) => {
  if (NOTEXT.has(tag)) return true;
  if (el.hasAttributes()) {
    if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return true;
    const ce = el.getAttribute('contenteditable');
    if (ce !== null && ce !== 'false') return true;
    const r = el.getAttribute('role');
    if (r && /^(textbox|searchbox|combobox|listbox|spinbutton|slider)\b/.test(r)) return true;
  }
  return !lazy && !visible(el);
};
