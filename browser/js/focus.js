// focus.js: the element that has the focus, through open shadow roots and
// same-origin frames (at most 16 levels).

// focusedElement is the innermost focused element, or null.
export const focusedElement = () => {
  let el = document.activeElement;
  for (let i = 0; el && i < 16; i++) {
    if (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    else if (el.contentDocument && el.contentDocument.activeElement) el = el.contentDocument.activeElement;
    else break;
  }
  return el;
};
