// textselect.js: the selection in a text field, a text area or a
// contenteditable, set as a person's click and drag would (the field's
// own selection, the document's selection), for what typing does next.
import { where } from './occurrence.js';

// selectInField selects all of a text field's value, puts the caret at
// its end, or selects find's one occurrence; it returns an error, or null
// when the selection is set.
export const selectInField = (el, mode, find) => {
  const v = el.value;
  if (mode === "all") { el.select(); return null; }
  let a = v.length, b = v.length;
  if (mode === "find") {
    const w = where(v, find);
    if (w.code) return w;
    a = w.i; b = w.i + find.length;
  }
  try { el.setSelectionRange(a, b); } catch (e) {
    return { code: "INVALID_ARGUMENT", reason: "this field (type " + el.type + ") takes a whole value only: type it without append or replace" };
  }
  return null;
};

// textRange is the range of find's one occurrence in el's text nodes,
// their text joined as textContent joins it; or an error.
const textRange = (el, r, find) => {
  const nodes = [], starts = [];
  let text = "";
  const tw = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = tw.nextNode(); n; n = tw.nextNode()) { nodes.push(n); starts.push(text.length); text += n.data; }
  const w = where(text, find);
  if (w.code) return w;
  const at = (off, end) => {
    let k = 0;
    while (k + 1 < nodes.length && (end ? starts[k + 1] < off : starts[k + 1] <= off)) k++;
    return [nodes[k], off - starts[k]];
  };
  const [sn, so] = at(w.i, false), [en, eo] = at(w.i + find.length, true);
  r.setStart(sn, so); r.setEnd(en, eo);
  return null;
};

// selectInEditable sets the document's selection in a contenteditable:
// all of it, its end, or find's one occurrence; an error, or null.
export const selectInEditable = (el, mode, find) => {
  const doc = el.ownerDocument;
  const r = doc.createRange();
  if (mode === "all") r.selectNodeContents(el);
  else if (mode === "end") { r.selectNodeContents(el); r.collapse(false); }
  else {
    const err = textRange(el, r, find);
    if (err) return err;
  }
  const s = doc.getSelection(); s.removeAllRanges(); s.addRange(r);
  return null;
};
