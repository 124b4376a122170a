// text.js holds the text helpers Pling's in-page scripts share: white
// space collapsed (clean), strings bounded without splitting a surrogate
// pair (cut), the text under an element as a person reads it (gather,
// which uses visibility.js's rule), and the elements or text an idref
// attribute (aria-labelledby, aria-describedby) names.
import { readable, vis } from './visibility.js';

// GATHER_DEPTH bounds how deep gather descends.
export const GATHER_DEPTH = 256;
export const WS = /\s+/g;
export const NONSPACE = /\S/;
export const LETTER = /[\p{L}\p{N}]/u;
export const clean = (s) => (s ? s.replace(WS, ' ').trim() : '');
export const INITIALS = /^\p{Lu}{1,3}$/u;
// abbreviates: the letters of ini ("SK", "GH") are, in order, letters
// of t ("Sarah Kowalski", "GitHub"), the first one t's first.
export const abbreviates = (ini, t) => {
  const low = t.toLowerCase(), a = ini.toLowerCase();
  if (low.charAt(0) !== a.charAt(0)) return false;
  for (let i = 1, j = 1; i < a.length; i++, j++) {
    j = low.indexOf(a.charAt(i), j);
    if (j < 0) return false;
  }
  return true;
};
// cut bounds s to n UTF-16 units, never splitting a surrogate pair, and
// marks the cut with an ellipsis.
export const cut = (s, n) => {
  if (s.length <= n) return s;
  let k = n - 1;
  if (k > 0) {
    const c = s.charCodeAt(k - 1);
    if (c >= 0xd800 && c <= 0xdbff) k--;
  }
  return s.slice(0, Math.max(k, 0)) + '…';
};

export const NOTEXT = new Set(['script', 'style', 'template', 'noscript', 'select', 'textarea', 'input', 'option', 'optgroup', 'datalist', 'iframe', 'frame', 'object', 'embed', 'canvas', 'video', 'audio', 'head', 'math']);
export const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption', 'label', 'legend']);
export const blockBox = (el) => {
  const d = getComputedStyle(el).display;
  return d === 'block' || d === 'flex' || d === 'grid' || d === 'list-item' || d === 'flow-root' || d.startsWith('table');
};

// gather collects the text under root (flat tree, alt text and aria-label
// of graphics included), skipping form field contents, contenteditable
// subtrees, hidden elements (unless opt.hidden) and elements opt.skip
// rejects. It stops after limit characters. It returns the collapsed text;
// opt.first receives the first text run that holds a letter or digit
// (the second, when the first is an avatar's initials of it).
// dropInitials removes from text, gathered with opt, an avatar's
// initials before the name they abbreviate ("SK Sarah Kowalski …" is
// "Sarah Kowalski …"): they are no part of a row's text or a cell's.
export const dropInitials = (opt, text) =>
  opt.initials && text.startsWith(opt.avatar + ' ') ? text.slice(opt.avatar.length + 1) : text;

// echoed: an image's alt that the text right beside it repeats (an
// icon before its caption: phpMyAdmin's <img alt="Copy"> Copy) is said
// once, by the text; white space between them is stepped over.
const echoed = (img, alt) => {
  const t = clean(alt).toLowerCase();
  if (!t) return false;
  for (const next of [true, false]) {
    let s = next ? img.nextSibling : img.previousSibling;
    while (s && s.nodeType === 3 && !NONSPACE.test(s.data)) s = next ? s.nextSibling : s.previousSibling;
    if (!s) continue;
    const v = s.nodeType === 3 ? s.data : s.nodeType === 1 ? s.textContent : '';
    if (v && v.length <= 4 * t.length + 16 && clean(v).toLowerCase() === t) return true;
  }
  return false;
};
export const gather = (root, opt, limit) => {
  const parts = [];
  let len = 0;
  // White space alone counts one unit: templates indent their markup,
  // and the indentation before a row's first word must not use up a
  // small limit (ownText asks for one character).
  const add = (s) => {
    if (NONSPACE.test(s)) {
      parts.push(s);
      len += s.length;
    } else {
      parts.push(' ');
      return;
    }
    if (opt.wantFirst && opt.avatar === undefined) {
      const t = clean(s);
      if (t && LETTER.test(t)) {
        if (opt.first === undefined) opt.first = t;
        else {
          // an avatar's initials ("A", "SK") before the name they
          // abbreviate are no label: the name is
          opt.avatar = opt.first;
          if (INITIALS.test(opt.first) && abbreviates(opt.first, t)) {
            opt.first = t;
            opt.initials = true; // the text begins with them
          }
        }
      }
    }
  };
  // The walk is iterative (a stack of sibling cursors, no recursion), so
  // any depth of DOM is safe; it descends at most MAX_DEPTH levels.
  const frames = [{ c: root.firstChild, list: null, i: 0, block: false }];
  while (frames.length) {
    const f = frames[frames.length - 1];
    let c = null;
    if (len < limit) {
      if (f.list) c = f.i < f.list.length ? f.list[f.i++] : null;
      else if (f.c) { c = f.c; f.c = c.nextSibling; }
    }
    if (!c) {
      frames.pop();
      if (f.block) parts.push(' ');
      continue;
    }
    const t = c.nodeType;
    if (t === 3) {
      const v = c.data;
      if (v) add(v);
      continue;
    }
    if (t !== 1) continue;
    const tag = c.localName;
    if (NOTEXT.has(tag)) continue;
    if (c.hasAttributes()) {
      if (c.getAttribute('aria-hidden') === 'true') continue;
      const ce = c.getAttribute('contenteditable');
      if (ce !== null && ce !== 'false') continue;
      if (!opt.hidden && !vis(c) && !(opt.hover && opt.hover(c))) continue;
    }
    if (opt.skip && opt.skip(c, tag)) continue;
    if (tag === 'img' || tag === 'area') {
      const a = c.getAttribute('alt');
      if (a && !echoed(c, a)) add(' ' + a + ' ');
      continue;
    }
    if (tag === 'svg') {
      let a = c.getAttribute('aria-label');
      if (!a) {
        const ti = c.querySelector('title');
        a = ti ? ti.textContent : '';
      }
      if (a) add(' ' + a + ' ');
      continue;
    }
    // A box the CSS makes a block (a <strong> shown as a block above
    // its caption, a flex item) separates its words as a <div> does:
    // "64 Projects", not "64Projects".
    const block = BLOCK.has(tag) || blockBox(c);
    if (block) parts.push(' ');
    if (frames.length > GATHER_DEPTH) {
      if (block) parts.push(' ');
      continue;
    }
    if (tag === 'slot') {
      const as = c.assignedNodes({ flatten: true });
      if (as.length) {
        frames.push({ c: null, list: as, i: 0, block });
        continue;
      }
    }
    frames.push({ c: (c.shadowRoot || c).firstChild, list: null, i: 0, block });
  }
  return clean(parts.join(''));
};

export const rootOf = (el) => el.getRootNode();
// idrefText is the text of the elements attr names (ids in el's tree),
// each gathered up to limit characters, hidden ones included.
export const idrefText = (el, attr, limit) => {
  const v = el.getAttribute(attr);
  if (!v) return '';
  const root = rootOf(el);
  const out = [];
  for (const id of v.trim().split(WS)) {
    const r = root.getElementById ? root.getElementById(id) : document.getElementById(id);
    if (r && r !== el) out.push(gather(r, { hidden: true }, limit));
  }
  return clean(out.join(' '));
};
export const idrefEls = (el, attr) => {
  const v = el.getAttribute(attr);
  if (!v) return [];
  const root = rootOf(el);
  const out = [];
  for (const id of v.trim().split(WS)) {
    const r = root.getElementById ? root.getElementById(id) : document.getElementById(id);
    if (r) out.push(r);
  }
  return out;
};

// Named variants. The helpers above are the collector's (and gather is
// its text rule); read.js and extract.js read text for other answers, and
// where their rule differs it differs on purpose. Each says how and why.

// PROSE_NOTEXT are the tags read.js reads no prose from: NOTEXT's, and
// buttons (their captions are actions, which the observation shows as
// such; the README's read contract leaves button labels out) and
// metadata (meta, link, title) wherever it stands.
export const PROSE_NOTEXT = new Set(['head', 'script', 'style', 'template', 'noscript', 'select', 'textarea', 'input', 'option', 'optgroup', 'datalist', 'iframe', 'frame', 'object', 'embed', 'canvas', 'video', 'audio', 'math', 'button', 'meta', 'link', 'title']);

const TEXT_ENTRY_ROLE = /^(textbox|searchbox|combobox|listbox|spinbutton|slider)\b/;

// noProse is read.js's rule for an element whose subtree gives no prose:
// a PROSE_NOTEXT tag, aria-hidden, inert (which gather does not check),
// a contenteditable or a text-entry role (what a person typed is no page
// prose; gather checks contenteditable only), or, unless lazy, not
// readable (visibility.js: opacity 0 hides too, where gather uses vis). lazy leaves the visibility to the caller: read.js's prose count
// checks it only where text is found.
export const noProse = (el, tag, lazy) => {
  if (PROSE_NOTEXT.has(tag)) return true;
  if (el.hasAttributes()) {
    if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return true;
    const ce = el.getAttribute('contenteditable');
    if (ce !== null && ce !== 'false') return true;
    const r = el.getAttribute('role');
    if (r && TEXT_ENTRY_ROLE.test(r)) return true;
  }
  return !lazy && !readable(el);
};

// HTML white space (space, tab, LF, FF, CR) for extract.js: ADR-0161's
// cell text collapses only these, where the collector's WS (\s) also
// collapses a no-break space and other Unicode spaces; a cell's NBSP is
// its text. HTML_WS_ONE matches one, HTML_WS_RUN every run (global),
// HTML_WS_EDGE the leading and trailing ones (global), HTML_NON_WS one
// character that is not HTML white space.
export const HTML_WS_ONE = /[ \t\n\f\r]/;
export const HTML_WS_RUN = /[ \t\n\f\r]+/g;
export const HTML_WS_EDGE = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;
export const HTML_NON_WS = /[^ \t\n\f\r]/;

// fnv1a is the 32-bit FNV-1a hash of s's UTF-16 code units, unsigned:
// the digest read.js (a text's continuation) and fillform.js (a field's
// salted value) compute so Go compares texts it never receives. Given h
// (an earlier fnv1a), it goes on from there: a digest of several runs
// (prosecount.js, per region).
export const fnv1a = (s, h = 0x811c9dc5) => {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

// tickMask compiles page.TickingTime's source (given in the params, so
// Go and the page share one pattern) into a function that masks every
// time that changes with the clock alone as "#": a row's sig and a
// region's prose digest are of the masked text, so a ticking clock
// changes neither. A missing or bad pattern masks nothing.
export const tickMask = (src) => {
  if (typeof src !== 'string' || !src) return (s) => s;
  let re;
  try { re = new RegExp(src, 'gi'); } catch (e) { return (s) => s; }
  return (s) => (s.length < 3 ? s : s.replace(re, '#'));
};
