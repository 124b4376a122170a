// readslice.js: one page of a read text, so Go can page through a text
// longer than one answer and tell a changed text from the one a
// continuation token was minted for.
import { fnv1a } from '../../internal/js/text.js';

// digestOf names a whole text: its FNV-1a hash and its length, in base 36.
export const digestOf = (text) => fnv1a(text).toString(36) + '-' + text.length.toString(36);

// slice is one page of text [offset, offset + max), ended at a line break
// or a space in its last fifth (never after a lone high surrogate), with
// the whole text's length and digest: read.js's answer for doc.
export const slice = (text, offset, max, doc, cutNodes, cutChars) => {
  const digest = digestOf(text);
  const n = text.length;
  const start = Math.min(offset, n);
  let end = Math.min(n, start + max);
  if (end < n) {
    // end the slice at a line break, else at a space, in its last fifth
    const floor = start + Math.floor(max * 0.8);
    const nl = text.lastIndexOf('\n', end - 1);
    if (nl >= floor) end = nl + 1;
    else {
      const sp = text.lastIndexOf(' ', end - 1);
      if (sp >= floor) end = sp + 1;
    }
    const cc = text.charCodeAt(end - 1);
    if (end > start + 1 && cc >= 0xd800 && cc <= 0xdbff) end--;
  }
  return { found: true, doc, text: text.slice(start, end), offset: start, end, total: n, digest, cut_nodes: cutNodes, cut_chars: cutChars };
};
