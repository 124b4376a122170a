// invalid.js: installed in every document of a tab as it starts, before
// the page's own scripts (docstart.js), it remembers the fields the
// browser's own form validation refused: a submit of a form whose
// required or typed field is not valid fires "invalid" on each such field
// and sends nothing, and the browser shows its message in a bubble that
// is no part of the page (DokuWiki's user manager: Add with an empty
// "Once again" did nothing a snapshot could see). The collector reports
// each remembered field that is still invalid as an error with the
// browser's message (collector/feedback.js nativeInvalid).
// window.__plingInvalid (non-enumerable) holds weak references to at most
// MAX_INVALID fields, the latest last.

// MAX_INVALID bounds the fields remembered.
export const MAX_INVALID = 32;

export const watchInvalid = () => {
  const KEY = "__plingInvalid";
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  const list = [];
  Object.defineProperty(window, KEY, { value: list });
  if (typeof WeakRef !== "function") return;
  document.addEventListener("invalid", (e) => {
    const t = e.target;
    if (!t || t.nodeType !== 1) return;
    for (let i = list.length - 1; i >= 0; i--) if (list[i].deref() === t) list.splice(i, 1);
    list.push(new WeakRef(t));
    if (list.length > MAX_INVALID) list.shift();
  }, true);
};
