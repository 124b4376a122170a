// read.js: the visible text of one region of the page (or of the whole
// page), read on demand as prose: observe {read: {region}}. Called as
// (params) => result with params {key, offset, max, max_nodes, max_total}:
// key is a region's collector key ("" reads document.body); the text is
// assembled block by block (one line per paragraph, heading, list item or
// table row), and the slice [offset, offset + max) of it, in UTF-16 units,
// is returned with the length and a digest of the whole text, so Go can
// page through it and tell a changed text from the one a continuation
// token was minted for.
//
// What never appears: form field contents (input, textarea, select — so
// no password or other typed value), text of hidden elements (display:none,
// visibility:hidden, opacity 0, closed <details>, inactive tab panels),
// aria-hidden and inert subtrees, contenteditable subtrees (user input),
// scripts, styles and templates. Open shadow roots and slots are followed
// like the collector does; frames are not entered.
//
// Returns {found, doc, text, offset, end, total, digest, cut_nodes,
// cut_chars}; found is false when the key names no element now.
//
// Called with params {field: key, offset, max, max_total} instead, it
// pages the same way through one field's current value (observe {read:
// {field}}, issue 18 pt 3); Go refuses secret fields before.

//
// Called with params {count: [[region id, key], ...]} instead, it counts
// the prose an observation does not show, per region (see count below):
// observe.go runs it after the collector, in the observation's round trip.
(params) => {
  'use strict';
  const P = params || {};
  const pos = (v, d) => (typeof v === 'number' && v > 0 ? Math.floor(v) : d);
  const maxNodes = pos(P.max_nodes, 50000);
  const maxTotal = pos(P.max_total, 1000000);
  const max = pos(P.max, 2000);
  const offset = typeof P.offset === 'number' && P.offset > 0 ? Math.floor(P.offset) : 0;
  const R = Object.prototype.hasOwnProperty.call(window, '__pling') ? window.__pling : undefined;
  const doc = R && typeof R.docId === 'string' ? R.docId : '';

  const NOTEXT = new Set(['head', 'script', 'style', 'template', 'noscript', 'select', 'textarea', 'input', 'option', 'optgroup', 'datalist', 'iframe', 'frame', 'object', 'embed', 'canvas', 'video', 'audio', 'math', 'button', 'meta', 'link', 'title']);
  const VIS = { checkOpacity: true, checkVisibilityCSS: true };
  const HAS_CV = typeof Element.prototype.checkVisibility === 'function';
  // A display:contents element has no box (checkVisibility says false),
  // but its children render.
  const visible = (el) => {
    if (HAS_CV ? el.checkVisibility(VIS) : el.getClientRects().length > 0) return true;
    const st = getComputedStyle(el);
    return st.display === 'contents';
  };
  // skip: an element whose text is never read; hidden tells whether its
  // visibility is to be checked too (count mode checks it only where text
  // is found: checkVisibility covers the ancestors, and most elements hold
  // no text of their own).
  const skip = (el, tag, lazy) => {
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

  // count: the prose an observation does not show, per listed region.
  // regions is [[id, key], ...] (the snapshot's regions); text counts for
  // the innermost listed region around it, or outside every region. Not
  // prose: what the observation shows otherwise — controls and field labels
  // (actions), tables and grids (records, extract), lists whose items were
  // records, declared records, description lists and declared state,
  // feedback (alerts, status and live regions). Returns {regions: {id: n},
  // outside: n, cut, elapsed_ms}, n in characters after white space is
  // collapsed (one space between text runs).
  const NOT_PROSE_TAGS = new Set(['a', 'summary', 'label', 'table', 'dl', 'legend']);
  const NOT_PROSE_ROLES = /^(button|link|tab|menuitem|menuitemcheckbox|menuitemradio|option|checkbox|radio|switch|table|grid|treegrid|row|status|alert|log|marquee|timer|tablist|menu|menubar|toolbar|tree)\b/;
  const count = (regions) => {
    const t0 = performance.now();
    const byEl = new Map();
    if (R && typeof R.el === 'function') {
      for (const pair of regions) {
        if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') continue;
        const el = R.el(pair[1]);
        if (el) byEl.set(el, pair[0]);
      }
    }
    const out = {};
    let outside = 0;
    let nodes = 0;
    let cut = false;
    const lists = R && R.lists instanceof WeakSet ? R.lists : null;
    const body = document.body || document.documentElement;
    const frames = [{ c: body.firstChild, list: null, i: 0, region: byEl.get(body) || '', vis: undefined }];
    while (frames.length) {
      const f = frames[frames.length - 1];
      let c = null;
      if (f.list) c = f.i < f.list.length ? f.list[f.i++] : null;
      else if (f.c) { c = f.c; f.c = c.nextSibling; }
      if (!c) { frames.pop(); continue; }
      const t = c.nodeType;
      if (t === 3) {
        const v = c.data;
        if (!v || !NONSPACE.test(v)) continue;
        if (f.vis === undefined) f.vis = !c.parentElement || visible(c.parentElement);
        if (!f.vis) continue;
        const n = v.replace(WS, ' ').trim().length + 1;
        if (f.region) out[f.region] = (out[f.region] || 0) + n;
        else outside += n;
        continue;
      }
      if (t !== 1) continue;
      if (++nodes > maxNodes) { cut = true; break; }
      const tag = c.localName;
      if (NOT_PROSE_TAGS.has(tag) || skip(c, tag, true) || (lists && lists.has(c))) continue;
      if (c.hasAttributes()) {
        const r = c.getAttribute('role');
        if (r && NOT_PROSE_ROLES.test(r)) continue;
        if (c.hasAttribute('aria-live') || c.hasAttribute('data-pling-record') || c.hasAttribute('data-pling-state') ||
            c.hasAttribute('data-pling-feedback') || c.hasAttribute('data-pling-action')) continue;
      }
      if (frames.length > 512) continue;
      const region = byEl.get(c) || f.region;
      if (tag === 'slot') {
        const as = c.assignedNodes({ flatten: true });
        if (as.length) {
          frames.push({ c: null, list: as, i: 0, region, vis: undefined });
          continue;
        }
      }
      frames.push({ c: (c.shadowRoot || c).firstChild, list: null, i: 0, region, vis: undefined });
    }
    return { regions: out, outside, cut, elapsed_ms: performance.now() - t0 };
  };
  const WS = /\s+/g;
  const NONSPACE = /\S/;

  if (Array.isArray(P.count)) return count(P.count);

  // slice is one page of text [offset, offset + max), ended at a line
  // break or a space in its last fifth, with the whole text's length and
  // digest.
  const slice = (text, cutNodes, cutChars) => {
    // FNV-1a over the whole text: a continuation minted for another text is
    // stale.
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    const digest = (h >>> 0).toString(36) + '-' + text.length.toString(36);
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

  // A field's value (observe {read: {field}}, issue 18 pt 3): the whole
  // current content of a non-secret field the observation showed cut,
  // paged like a region's text. Go has checked the collector's secret
  // flag; a password or hidden input is refused here too.
  if (P.field) {
    const el = R && typeof R.el === 'function' ? R.el(P.field) : null;
    if (!el || !el.isConnected) return { found: false, doc };
    let v = '';
    const tag = el.localName;
    if (tag === 'input') v = el.type === 'password' || el.type === 'hidden' ? '' : String(el.value || '');
    else if (tag === 'textarea') v = String(el.value || '');
    else if (tag === 'select') v = Array.from(el.selectedOptions || [], (o) => (o.label || o.text || '').replace(WS, ' ').trim()).join(', ');
    else if (el.CodeMirror && typeof el.CodeMirror.getValue === 'function') v = String(el.CodeMirror.getValue());
    else if (el.classList.contains('monaco-editor') && window.monaco && window.monaco.editor && typeof window.monaco.editor.getEditors === 'function') {
      for (const ed of window.monaco.editor.getEditors()) if (ed.getDomNode() === el) v = String(ed.getValue());
    }
    else if (el.isContentEditable) v = String(el.innerText || '');
    let cut = false;
    if (v.length > maxTotal) { v = v.slice(0, maxTotal); cut = true; }
    return slice(v, false, cut);
  }


  let root = null;
  if (P.key) {
    root = R && typeof R.el === 'function' ? R.el(P.key) : null;
    if (!root || !root.isConnected) return { found: false, doc };
  } else {
    root = document.body || document.documentElement;
  }

  const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'caption', 'legend', 'ul', 'menu']);
  const CELL = new Set(['td', 'th']);

  // The text: complete lines, and the line being built.
  const lines = [];
  let line = '';
  let total = 0; // characters in lines, newlines counted
  let cutChars = false;
  const flush = () => {
    const t = line.trim();
    line = '';
    if (!t) return;
    lines.push(t);
    total += t.length + 1;
    if (total >= maxTotal) cutChars = true;
  };
  const add = (s) => {
    s = s.replace(WS, ' ');
    if (s === ' ') {
      if (line && line[line.length - 1] !== ' ') line += ' ';
      return;
    }
    if (line.endsWith(' ') && s[0] === ' ') s = s.slice(1);
    line += s;
    if (line.length > 4096) {
      // a run of text with no block break: keep it as several lines of the
      // same paragraph so the character cap is checked as it grows
      const i = line.lastIndexOf(' ', 4096);
      const head = line.slice(0, i > 2048 ? i : 4096);
      const rest = line.slice(head.length);
      line = head;
      flush();
      line = rest;
    }
  };
  const cellSep = () => {
    if (line.trim()) line = line.replace(/\s+$/, '') + ' | ';
  };

  // Iterative walk (a stack of sibling cursors: any depth is safe).
  let nodes = 0;
  let cutNodes = false;
  const frames = [{ c: (root.shadowRoot || root).firstChild, list: null, i: 0, after: null }];
  while (frames.length && !cutChars) {
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
      if (c.data) add(c.data);
      continue;
    }
    if (t !== 1) continue;
    if (++nodes > maxNodes) { cutNodes = true; break; }
    const tag = c.localName;
    if (skip(c, tag)) continue;
    if (tag === 'br') { flush(); continue; }
    if (tag === 'img' || tag === 'area') {
      const a = c.getAttribute('alt');
      if (a && a.trim()) add(' ' + a + ' ');
      continue;
    }
    if (tag === 'svg') {
      let a = c.getAttribute('aria-label');
      if (!a) {
        const ti = c.querySelector('title');
        a = ti ? ti.textContent : '';
      }
      if (a && a.trim()) add(' ' + a + ' ');
      continue;
    }
    let after = null;
    if (BLOCK.has(tag)) {
      flush();
      if (tag === 'li') add('- ');
      after = flush;
    } else if (CELL.has(tag)) {
      cellSep();
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
  flush();
  let text = lines.join('\n');
  if (text.length > maxTotal) {
    text = text.slice(0, maxTotal);
    cutChars = true;
  }
  return slice(text, cutNodes, cutChars);
}
