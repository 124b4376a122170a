// prose.js: the visible text of a subtree as prose, assembled block by
// block (one line per paragraph, heading, list item or table row), for
// observe {read: {region}}. Open shadow roots and slots are followed like
// the collector does; frames are not entered.
import { WS, noProse as skip } from '../../internal/js/text.js';

const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'caption', 'legend', 'ul', 'menu']);
const CELL = new Set(['td', 'th']);

// lineBuilder collects the text: complete lines, and the line being built.
// cutChars turns true once the lines reach maxTotal characters (newlines
// counted).
export const lineBuilder = (maxTotal) => {
  const b = { lines: [], line: '', total: 0, cutChars: false };
  b.flush = () => {
    const t = b.line.trim();
    b.line = '';
    if (!t) return;
    b.lines.push(t);
    b.total += t.length + 1;
    if (b.total >= maxTotal) b.cutChars = true;
  };
  b.add = (s) => {
    s = s.replace(WS, ' ');
    if (s === ' ') {
      if (b.line && b.line[b.line.length - 1] !== ' ') b.line += ' ';
      return;
    }
    if (b.line.endsWith(' ') && s[0] === ' ') s = s.slice(1);
    b.line += s;
    if (b.line.length > 4096) {
      // a run of text with no block break: keep it as several lines of the
      // same paragraph so the character cap is checked as it grows
      const i = b.line.lastIndexOf(' ', 4096);
      const head = b.line.slice(0, i > 2048 ? i : 4096);
      const rest = b.line.slice(head.length);
      b.line = head;
      b.flush();
      b.line = rest;
    }
  };
  b.cellSep = () => {
    if (b.line.trim()) b.line = b.line.replace(/\s+$/, '') + ' | ';
  };
  return b;
};

// leaf adds the text of an element that is read whole (a line break, an
// image's alt, an svg's label) and says whether c was one.
const leaf = (c, tag, b) => {
  if (tag === 'br') { b.flush(); return true; }
  if (tag === 'img' || tag === 'area') {
    const a = c.getAttribute('alt');
    if (a && a.trim()) b.add(' ' + a + ' ');
    return true;
  }
  if (tag === 'svg') {
    let a = c.getAttribute('aria-label');
    if (!a) {
      const ti = c.querySelector('title');
      a = ti ? ti.textContent : '';
    }
    if (a && a.trim()) b.add(' ' + a + ' ');
    return true;
  }
  return false;
};

// readText reads root's subtree (within maxNodes elements and maxTotal
// characters) and returns {text, cutNodes, cutChars}.
export const readText = (root, maxNodes, maxTotal) => {
  const b = lineBuilder(maxTotal);
  // Iterative walk (a stack of sibling cursors: any depth is safe).
  let nodes = 0;
  let cutNodes = false;
  const frames = [{ c: (root.shadowRoot || root).firstChild, list: null, i: 0, after: null }];
  while (frames.length && !b.cutChars) {
    const f = frames[frames.length - 1];
    let c = null;
    if (f.list) c = f.i < f.list.length ? f.list[f.i++] : null;
    else if (f.c) { c = f.c; f.c = c.nextSibling; }
    if (!c) {
      frames.pop();
      if (f.after) f.after();
      continue;
    }
    const t = c.nodeType;
    if (t === 3) {
      if (c.data) b.add(c.data);
      continue;
    }
    if (t !== 1) continue;
    if (++nodes > maxNodes) { cutNodes = true; break; }
    const tag = c.localName;
    if (skip(c, tag) || leaf(c, tag, b)) continue;
    let after = null;
    if (BLOCK.has(tag)) {
      b.flush();
      if (tag === 'li') b.add('- ');
      after = b.flush;
    } else if (CELL.has(tag)) {
      b.cellSep();
    }
    if (frames.length > 512) continue;
    if (tag === 'slot') {
      const as = c.assignedNodes({ flatten: true });
      if (as.length) {
        frames.push({ c: null, list: as, i: 0, after });
        continue;
      }
    }
    frames.push({ c: (c.shadowRoot || c).firstChild, list: null, i: 0, after });
  }
  b.flush();
  let text = b.lines.join('\n');
  let cutChars = b.cutChars;
  if (text.length > maxTotal) {
    text = text.slice(0, maxTotal);
    cutChars = true;
  }
  return { text, cutNodes, cutChars };
};
