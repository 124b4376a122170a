// repeated.js: repeated items that are not list items or table rows: cards of a
// grid, the items of a mail list (issue 8 points 9 and 10). Siblings
// made from one template (the same tag, role and first stable class)
// are records when there are at least three, they have text of their
// own, at least two and at least half of them hold a button or link,
// two hold the same one (by name, else title or class), and none holds a form
// field or a table (a form's groups, a layout's
// columns are no rows). The decision is made once per parent and
// template.
import { w } from './state.js';
import { isCtl, roleOf, skipButtons, skipControls } from './controls.js';
import { STATE_CLASS, slotOf } from './folding.js';
import { hoverShown } from './hover.js';
import { CAMEL, LAYOUT_CLASS, NOISE } from './icons.js';
import { MAX_FIELDS, NAME_TEXT, VALUE_FIELDS } from './params.js';
import { AUTHOR_ID_ATTRS, filterRow } from './records.js';
import { REGION_ROLES } from './regions.js';
import { keyOf } from './registry.js';
import { LETTER, NONSPACE, NOTEXT, clean, cut, dropInitials, fnv1a, gather, shown, vis } from './text.js';
import { treeParts } from './widgets.js';
import { isSecret } from '../../internal/js/secret.js';

export const REPEAT_TAGS = new Set(['div', 'section', 'span', 'a', 'p', 'dd']);
export const ROW_CTL_SEL = 'button,a[href],[role=button],[role=link],input[type=button],input[type=submit],summary';
export const NOT_ROW_SEL = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]),select,textarea,table,form,label,[role=grid],[role=table],main,nav,h1';
export const MAX_ROW_CONTROLS = 12;
// EDITOR_SEL are code editors: the textarea or contenteditable one holds
// is the editor's own, no form field (a notebook's cells are rows of
// one editor each).
export const EDITOR_SEL = '.CodeMirror,.cm-editor,.monaco-editor';
// editorText is what a code editor holds: CodeMirror 5's own model, else
// the text of CodeMirror 6's content or Monaco's lines.
const editorText = (ed) => {
  try {
    if (ed.CodeMirror && typeof ed.CodeMirror.getValue === 'function') return String(ed.CodeMirror.getValue());
  } catch (e) { /* the page's text below */ }
  const c = ed.querySelector('.cm-content,.view-lines');
  return c ? String(c.innerText || '') : '';
};
// fieldOutsideEditors is the first element of it like sel that no code
// editor holds, null when none.
export const fieldOutsideEditors = (it, sel) => {
  for (const f of it.querySelectorAll(sel)) if (!f.closest(EDITOR_SEL)) return f;
  return null;
};
export const templateOf = (el, tag, role) => {
  let cls = '';
  if (el.classList) for (const c of el.classList) if (!STATE_CLASS.test(c)) { cls = c; break; }
  return tag + '|' + role + '|' + cls;
};
export const repeatRow = (el, tag, role) => {
  if (!REPEAT_TAGS.has(tag) && tag.indexOf('-') < 0) return '';
  const p = el.parentElement;
  if (!p) return '';
  // one pass over the parent's children groups them by template; each
  // group is decided when one of its items is first met
  let m = w.repeatDecision.get(p);
  if (!m) {
    m = new Map();
    for (let c = p.firstElementChild; c; c = c.nextElementSibling) {
      const t = templateOf(c, c.localName, c.hasAttributes() ? roleOf(c) : '');
      const g = m.get(t);
      if (g) g.push(c);
      else m.set(t, [c]);
    }
    w.repeatDecision.set(p, m);
  }
  const tp = templateOf(el, tag, role);
  let d = m.get(tp);
  if (d === undefined) return '';
  if (Array.isArray(d)) {
    const vis8 = [];
    for (let i = 0; i < d.length && i < 50 && vis8.length < 8; i++) if (shown(d[i])) vis8.push(d[i]);
    // a template that was records under this parent stays so down to
    // one item: a file list after a delete keeps its last file a row
    // (and the receipt removes only the deleted one)
    const seen = w.R.repeats.get(p);
    if (seen && seen.has(tp)) d = repeatedItems(vis8, 1);
    else d = d.length >= 3 ? repeatedItems(vis8) : d.length === 2 && vis8.length === 2 && (vis8.every(oneCheckbox) || sameButton(vis8)) && repeatedItems(vis8, 2);
    if (d) {
      if (seen) seen.add(tp);
      else w.R.repeats.set(p, new Set([tp]));
    }
    m.set(tp, d);
  }
  return d ? 'repeat' : '';
};
// oneCheckbox: the item holds one checkbox, the mark of a selectable
// row: two items of one template that each have one are rows enough
// (Jupyter's file list of two files, each a <div> with its checkbox and
// its link); other items take three.
const oneCheckbox = (it) => it.querySelectorAll(CHECK_SEL).length === 1;
// sameButton: two items that each hold a button of one name (Jupyter's
// Running tab: a notebook's link and its own Shutdown, twice) are rows
// too; a link alone says nothing (two cards that link somewhere).
const BUTTON_SEL = 'button,[role=button],input[type=button],input[type=submit]';
const buttonNames = (it) => {
  const out = new Set();
  for (const b of it.querySelectorAll(BUTTON_SEL)) {
    const nm = clean(b.getAttribute('aria-label') || b.textContent || b.value || b.getAttribute('title') || '').toLowerCase();
    if (nm) out.add(nm);
  }
  return out;
};
const sameButton = (items) => {
  const a = buttonNames(items[0]);
  for (const nm of buttonNames(items[1])) if (a.has(nm)) return true;
  return false;
};
export const repeatedItems = (items, min = 3) => {
  if (items.length < min) return false;
  // labelled sections and landmarks are regions of the page, not rows
  const f = items[0];
  if ((f.localName === 'section' && (f.hasAttribute('aria-label') || f.hasAttribute('aria-labelledby'))) || REGION_ROLES.has(roleOf(f))) return false;
  let withCtl = 0, n = 0, again = false, shape, same = true;
  const names = new Set();
  for (const it of items) {
    n++;
    if (fieldOutsideEditors(it, NOT_ROW_SEL) || !ownText(it)) return false;
    const cs = it.querySelectorAll(ROW_CTL_SEL);
    if (cs.length > MAX_ROW_CONTROLS) return false;
    // (a code editor is the control of a notebook's cell)
    if (cs.length || it.querySelector(EDITOR_SEL)) withCtl++;
    // issue 18 pt 8: the controls of every item sit in the same places
    // of one template (a file list's rows: a checkbox, then a link
    // with the file's name): the items are rows of one shape even when
    // no link's name repeats. Buttons must be the same button in every
    // item: Export, Transfer and Delete side by side are settings.
    if (same) {
      let sh = '';
      if (cs.length) {
        for (const c of it.querySelectorAll(ROW_CTL_SEL + ',' + CHECK_SEL)) {
          const t = c.localName, r = c.hasAttributes() ? roleOf(c) : '';
          const named = !(t === 'a' || r === 'link' || r === 'checkbox' || r === 'switch' || (t === 'input' && c.type === 'checkbox'));
          sh += slotOf(c, it) + (named ? '=' + clean(c.getAttribute('aria-label') || c.textContent || c.getAttribute('title') || '').toLowerCase() : '') + ';';
        }
      }
      if (shape === undefined) shape = sh;
      else if (sh !== shape) same = false;
    }
    const mine = new Set();
    for (const c of cs) {
      const nm = clean(c.getAttribute('aria-label') || c.textContent || c.getAttribute('title') || c.getAttribute('class') || '').toLowerCase();
      if (!nm || mine.has(nm)) continue;
      mine.add(nm);
      if (names.has(nm)) again = true;
      names.add(nm);
    }
  }
  // the same control on two items: one template's action (Message on
  // every card, Star on most mails), not a list of different settings
  // (Export, Transfer, Delete) that happen to look alike
  return (again && withCtl >= 2 && withCtl * 2 >= n) || (same && withCtl === n);
};
// kvList: the visible items of a list are "Key: value" lines with
// distinct keys of one to three words (Address, Phone, Opening hours),
// two at least, none holding a button or field: the details of one
// thing. Decided once per list.
export const KV_LINE = /^(\p{Lu}[^:\d]{0,29}):\s*(\S.*)$/u;
export const KV_NOT = 'button,input,select,textarea,[role=button],[role=checkbox],[role=switch],[contenteditable]';
export const kvList = (p) => {
  if (!p || w.R.lists.has(p)) return false;
  let d = w.kvDecision.get(p);
  if (d !== undefined) return d;
  const keys = new Set();
  let n = 0;
  for (let c = p.firstElementChild; c && n < 8; c = c.nextElementSibling) {
    if (c.localName !== 'li' || !shown(c)) continue;
    n++;
    const m = c.querySelector(KV_NOT) ? null : KV_LINE.exec(gather(c, { skip: skipButtons }, w.maxText + 1));
    const k = m ? m[1].toLowerCase() : '';
    if (!m || k.split(' ').length > 3 || keys.has(k)) {
      n = 0;
      break;
    }
    keys.add(k);
  }
  d = n >= 2;
  w.kvDecision.set(p, d);
  return d;
};
// ownText: the row has text outside its controls, or it holds a checkbox
// and its text sits in a control that is not a link or a <button> (an
// inline-edit label with role=button beside the row's checkbox).
export const CHECK_SEL = 'input[type=checkbox],[role=checkbox],[role=switch]';
export const ownText = (el) => gather(el, { skip: skipControls, hover: hoverShown }, 1) !== '' ||
  (el.querySelector(CHECK_SEL) !== null && gather(el, { skip: (c, t) => t === 'a' || t === 'button', hover: hoverShown }, 1) !== '');
// singleRow: a lone list item is a record when its list held records
// before, or when it has text of its own and a control.
export const CTRL_SEL = 'button,a[href],input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=checkbox],[role=switch],[contenteditable]';
export const singleRow = (el) => {
  const p = el.parentElement;
  if (p && w.R.lists.has(p)) return true;
  return ownText(el) && el.querySelector(CTRL_SEL) !== null;
};
// checkItem: a <div> outside any form that puts a checkbox with no name
// of its own (no label, aria-label or title) beside text of its own and
// a button is an item of a checklist built without list markup (a todo,
// a selectable entry): a record whose text is the item and whose
// checkbox is its state. A checkbox that its text labels is a field.
export const checkItem = (el) => {
  let cb = null, btn = false;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const t = c.localName, r = c.hasAttributes() ? roleOf(c) : '';
    if (r === 'checkbox' || (!r && t === 'input' && c.type === 'checkbox')) {
      if (cb) return false;
      cb = c;
    } else if (r === 'button' || (!r && t === 'button')) btn = true;
  }
  if (!cb || !btn) return false;
  if ((cb.labels && cb.labels.length) || cb.hasAttribute('aria-label') || cb.hasAttribute('aria-labelledby') || cb.hasAttribute('title')) return false;
  return !el.closest('form') && ownText(el);
};
export const authorId = (el, declared) => {
  let id = '';
  if (declared) id = clean(el.getAttribute('data-pling-record'));
  else if (el.hasAttributes()) {
    for (const a of AUTHOR_ID_ATTRS) {
      const v = el.getAttribute(a);
      if (v) { id = clean(v); break; }
    }
    if (!id) {
      const t = el.getAttribute('data-testid') || el.getAttribute('data-test-id');
      if (t && /\d/.test(t)) id = clean(t);
    }
    if (!id) {
      id = clean(el.getAttribute('id'));
      if (id && id.length <= 80) id = pageIdOf(el, id);
    }
  }
  if (id && id.length <= 80 && !w.recordIds.has(id)) return id;
  if (w.R.keys.get(el) === undefined) adoptKey(el);
  let g = 'r' + keyOf(el).slice(1);
  while (w.recordIds.has(g)) g += '_';
  return g;
};
// pageIdOf: a row's DOM id is its record id, unless the page renamed it
// when it re-rendered the row (a new element, the same content, the old
// one gone: generated DOM ids such as ":0" becoming ":1"); the row then
// keeps the id it was first seen with, so a folded action's record
// argument still names it.
export const pageIdOf = (el, id) => {
  if (w.R.keys.get(el) === undefined) adoptKey(el);
  const k = keyOf(el);
  const prev = w.R.pageIds.get(k);
  if (prev !== undefined && prev !== id && !w.recordIds.has(prev) && !document.getElementById(prev)) return prev;
  if (prev === undefined) {
    if (w.R.pageIds.size >= 20000) w.R.pageIds.clear();
    w.R.pageIds.set(k, id);
  }
  return id;
};
// adoptKey gives a new record element the key of a gone one with the
// same tag and text (a re-rendered row), or a fresh key remembered under
// its text. Ids of rows that were not re-rendered never change.
export const adoptKey = (el) => {
  const sig = fnv1a(el.localName + '\u0001' + clean((el.textContent || '').slice(0, 4000))).toString(36);
  let list = w.R.recBySig.get(sig);
  if (list) {
    for (let i = 0; i < list.length; i++) {
      const k = list[i];
      const ref = w.R.els.get(k);
      const old = ref ? ref.deref() : undefined;
      if (old && old.isConnected) continue;
      w.R.keys.set(el, k);
      w.R.els.set(k, new WeakRef(el));
      return;
    }
  } else {
    if (w.R.recBySig.size >= 20000) w.R.recBySig.clear();
    list = [];
    w.R.recBySig.set(sig, list);
  }
  if (list.length >= 16) list.shift();
  list.push(keyOf(el));
};
// recMatches tells, without minting anything, whether el's record id
// would be findRec.
export const recMatches = (el, declared) => {
  if (declared) return clean(el.getAttribute('data-pling-record')) === w.findRec;
  for (const a of AUTHOR_ID_ATTRS) {
    const v = el.getAttribute(a);
    if (v) return clean(v) === w.findRec;
  }
  const t = el.getAttribute('data-testid') || el.getAttribute('data-test-id');
  if (t && /\d/.test(t)) return clean(t) === w.findRec;
  const i = el.getAttribute('id');
  if (i) {
    const k = w.R.keys.get(el);
    return clean(i) === w.findRec || (!!k && w.R.pageIds.get(k) === w.findRec);
  }
  const k = w.R.keys.get(el);
  return !!k && 'r' + k.slice(1) === w.findRec;
};
export const headersOf = (el) => {
  // el is a row; returns column index -> header text.
  const table = el.localName === 'tr' ? el.closest('table') : el.closest('[role=grid],[role=table],[role=treegrid]');
  if (!table) return [];
  let h = w.headerCache.get(table);
  if (h) return h;
  h = [];
  if (table.localName === 'table') {
    let hr = null;
    if (table.tHead && table.tHead.rows.length) {
      // the last header row, above a row of column filters
      const rows = table.tHead.rows;
      let i = rows.length - 1;
      while (i > 0 && filterRow(rows[i])) i--;
      hr = rows[i];
    }
    else {
      for (const r of table.rows) {
        let allTh = r.cells.length > 0;
        for (const c of r.cells) if (c.localName !== 'th') { allTh = false; break; }
        if (allTh) { hr = r; break; }
        break;
      }
    }
    h.cells = [];
    if (hr) for (const c of hr.cells) {
      const t = headerText(c);
      for (let i = 0; i < (c.colSpan || 1); i++) {
        h.push(t);
        h.cells.push(c);
      }
    }
  } else {
    h.cells = [];
    for (const c of table.querySelectorAll('[role=columnheader]')) {
      if (c.closest('[role=grid],[role=table],[role=treegrid]') !== table) continue;
      h.push(headerText(c));
      h.cells.push(c);
    }
  }
  w.headerCache.set(table, h);
  return h;
};
// headerText is a column header's text; an image beside its words is the
// sort's indicator (phpMyAdmin's "Table" and its "Ascending" arrow), read
// only when the header has no words of its own ("Full texts", an image).
const headerText = (c) => {
  const t = cut(gather(c, { skip: (e, tg) => tg === 'img' || skipButtons(e, tg) }, NAME_TEXT * 2), NAME_TEXT);
  return LETTER.test(t) ? t : cut(gather(c, { skip: skipButtons }, NAME_TEXT * 2), NAME_TEXT);
};
// cellColumn is a cell's column in its row, the spans before it counted.
export const cellColumn = (cell) => {
  let col = 0;
  for (let p = cell.previousElementSibling; p; p = p.previousElementSibling) col += p.colSpan || 1;
  return col;
};
// columnOf is the column of the cell holding el in row, or -1.
const columnOf = (el, row) => {
  const cell = el.closest('td,th,[role=gridcell],[role=cell]');
  return cell && cell.parentElement === row ? cellColumn(cell) : -1;
};
// columnHeaderCell is the header cell of the column of the cell holding
// el in row, or null.
export const columnHeaderCell = (el, row) => {
  const col = columnOf(el, row);
  const h = col < 0 ? null : headersOf(row);
  return (h && h.cells && h.cells[col]) || null;
};
// columnHeader is the header text of the column of the cell holding
// el in row.
// filterLabel names a field of a header row of column filters by its
// column: "User filter" under the header "User".
export const filterLabel = (el) => {
  const cell = el.closest('td,th');
  const tr = cell && cell.parentElement;
  if (!tr || tr.localName !== 'tr' || !tr.parentElement || tr.parentElement.localName !== 'thead' || !filterRow(tr)) return '';
  const table = tr.closest('table');
  if (!table || table.tHead.rows[0] === tr) return '';
  const h = headersOf(tr)[cellColumn(cell)] || '';
  return h && LETTER.test(h) ? h + ' filter' : '';
};
export const columnHeader = (el, row) => {
  const col = columnOf(el, row);
  return col < 0 ? '' : headersOf(row)[col] || '';
};
// cellFieldValue is the value of the one text box or select a cell holds
// (its chosen option's text), '' for none, several, or a secret.
const cellFieldValue = (c) => {
  const fs = c.querySelectorAll(VALUE_FIELDS);
  if (fs.length !== 1) return '';
  const f = fs[0];
  if (!vis(f) || isSecret(f)) return '';
  if (f.localName === 'select') {
    const o = f.selectedOptions && f.selectedOptions[0];
    return o ? clean(o.label || o.text) : '';
  }
  return clean(String(f.value || ''));
};
export const checkboxIn = (el) => {
  const cb = el.querySelector('input[type=checkbox],[role=checkbox],[role=switch]');
  if (!cb) return null;
  if (cb.localName === 'input') return cb.checked;
  return cb.getAttribute('aria-checked') === 'true';
};
// partsOf splits a list row's text by its own element structure: the
// visible elements that hold text directly (title, owner, age, status,
// tag), each named by itemprop, data-field or a class word. It returns
// null unless there are at least two and every one has a name, so a
// row of plain markup keeps one text field.
export const partsOf = (row) => {
  const out = [];
  const stack = [row];
  let seen = 0;
  while (stack.length && seen++ < 200) {
    const n = stack.pop();
    for (let c = n.lastElementChild; c; c = c.previousElementSibling) {
      const t = c.localName;
      if (NOTEXT.has(t) || isCtl(c, t, false) || t === 'ul' || t === 'ol' || t === 'table') continue;
      stack.push(c);
    }
    if (n === row) continue;
    let own = '';
    for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) own += c.data;
    if (!NONSPACE.test(own) || !vis(n)) continue;
    const v = gather(n, { skip: skipButtons, hover: hoverShown }, w.maxText + 1);
    if (!v) continue;
    let name = clean(n.getAttribute('itemprop') || n.getAttribute('data-field') || '');
    if (!name && n.localName === 'time') name = 'time';
    if (!name) {
      // the last class word is usually the specific one ("badge status"),
      // a layout utility's never is (Jupyter's "item_modified pull-left")
      for (const word of (typeof n.className === 'string' ? n.className : '').split(/\s+/).reverse()) {
        if (LAYOUT_CLASS.test(word)) continue;
        const words = word.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z]+/).filter((x) => x.length > 1 && !NOISE.has(x) && !STATE_CLASS.test(x));
        if (words.length && words.length <= 3) { name = words.join(' '); break; }
      }
    }
    if (!name) return null;
    out.push([name, v]);
    if (out.length >= MAX_FIELDS) break;
  }
  return out.length >= 2 ? out : null;
};
// LONG_TEXT bounds how much of a long field is read to count it and to
// find a find's words in it.
const LONG_TEXT = 20000;
// longValue is a field's value cut to maxText with how many characters
// were cut ({value, cut}), so the observation counts them (…(+N)). When
// a find's word lies past the head, the value shows the window around it
// ("…version=\"2.42.0+ds\"}"): Prometheus's series are one cell of 200
// and more characters whose answer lies near the end.
export const longValue = (full) => {
  if (full.length <= w.maxText) return { value: full, cut: 0 };
  const span = w.maxText - 2;
  const f = findSpots(full);
  if (f) {
    const missing = f.find((sp) => sp.at.length && !holds(sp, 0, span));
    if (missing) {
      // the window around the first word the head lacks; a head of a
      // third before it when the window alone would lose words the head
      // holds (a metric's name, then its version)
      const place = (n, from) => Math.max(from, Math.min(missing.at[0] - Math.floor(n / 3), full.length - n));
      let head = 0, n = span, st = place(n, 0);
      if (!f.every((sp) => holds(sp, st, n))) {
        head = Math.floor(span / 3);
        n = span - head;
        st = place(n, head);
      }
      const [s, e] = slicePair(full, st, n);
      const value = full.slice(0, head) + '…' + full.slice(s, e) + (e < full.length ? '…' : '');
      return { value, cut: full.length - (e - s) - head };
    }
  }
  const value = cut(full);
  return { value, cut: full.length - (value.length - 1) };
};
// slicePair is [start, end) of n characters from s in text, never
// splitting a surrogate pair.
const slicePair = (text, s, n) => {
  const sc = text.charCodeAt(s);
  if (sc >= 0xdc00 && sc <= 0xdfff) s++;
  let e = Math.min(text.length, s + n);
  const ec = text.charCodeAt(e - 1);
  if (e < text.length && ec >= 0xd800 && ec <= 0xdbff) e--;
  return [s, e];
};
// findSpots are where a find's words stand in text ({len, at}), null
// without a find. A word counts where it stands as a word ("version", not
// inside "goversion") when it does so anywhere in text.
const findSpots = (text) => {
  if (!w.findWords.length) return null;
  const low = text.toLowerCase();
  return w.findWords.map((fw) => {
    const all = [], whole = [];
    for (let i = low.indexOf(fw); i >= 0 && all.length < 50; i = low.indexOf(fw, i + 1)) {
      all.push(i);
      if (i === 0 || !/[\p{L}\p{N}]/u.test(low[i - 1])) whole.push(i);
    }
    return { len: fw.length, at: whole.length ? whole : all };
  });
};
// holds says whether the window of n characters from s holds the word.
const holds = (sp, s, n) => sp.at.some((i) => i >= s && i + sp.len <= s + n);
// fieldsOf reads a record's fields and label. Declared fields are read
// even when hidden; inferred ones only from visible text.
export const fieldsOf = (el, kind, out) => {
  const fields = [];
  const names = new Set();
  // (full: how to read the whole value when it runs past maxText)
  const put = (name, value, full) => {
    if (fields.length >= MAX_FIELDS) return;
    name = cut(name || 'field', NAME_TEXT);
    let n = name, i = 2;
    while (names.has(n)) n = name + ' ' + i++;
    names.add(n);
    if (value.length > w.maxText && full) {
      const lv = longValue(full());
      const f = { name: n, value: lv.value };
      if (lv.cut > 0) f.cut = lv.cut;
      fields.push(f);
      return;
    }
    fields.push({ name: n, value: cut(value) });
  };
  if (kind === 'decl') {
    for (const f of el.querySelectorAll('[data-pling-field]')) {
      if (f.closest('[data-pling-record]') !== el) continue;
      const v = f.getAttribute('data-pling-value');
      put(clean(f.getAttribute('data-pling-field')), v !== null ? clean(v) : gather(f, { hidden: true }, w.maxText + 1));
    }
    if (!out.label) {
      const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
      gather(el, o, w.maxText * 4);
      if (o.first) out.label = cut(o.first);
    }
    if (fields.length) return fields;
    kind = 'list';
  }
  if (kind === 'table') {
    const hs = headersOf(el);
    const cells = el.localName === 'tr' ? el.cells : el.querySelectorAll('[role=cell],[role=gridcell],[role=rowheader]');
    let col = 0;
    for (const c of cells) {
      const span = c.colSpan || 1;
      // every cell looks for an avatar's initials before a name
      // ("JD John Doe" is "John Doe"), not only the label's
      const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
      let v = gather(c, o, w.maxText + 1);
      if (o.first && !out.label) out.label = cut(o.first);
      if (v) v = dropInitials(o, v);
      if (!v) {
        const cb = checkboxIn(c);
        if (cb !== null) v = String(cb);
        else {
          // a cell that is a field shows what it holds: Adminer's Alter
          // table is a grid of fields, each row a column whose name is
          // its first box's value, and it read "NULL | Default value"
          v = cellFieldValue(c);
          if (v && !out.label) out.label = cut(v);
        }
      }
      if (v) put(hs[col] || 'column ' + (col + 1), v, () => dropInitials(o, gather(c, { skip: skipButtons, hover: hoverShown }, LONG_TEXT)));
      col += span;
    }
    return fields;
  }
  const o = { wantFirst: true, skip: (c, t) => isCtl(c, t, false) || t === 'ul' || t === 'ol' || t === 'table', hover: hoverShown };
  let text = gather(el, o, w.maxText + 1);
  if (!text) {
    // the row's text sits in a control that is not a <button> (an
    // inline-edit label with role=button): that is its text
    const o2 = { wantFirst: true, skip: (c, t) => t === 'button' || t === 'ul' || t === 'ol' || t === 'table', hover: hoverShown };
    text = gather(el, o2, w.maxText + 1);
    o.first = o2.first;
    o.avatar = o2.avatar;
    o.initials = o2.initials;
  }
  if (!out.label && o.first) out.label = cut(o.first);
  if (text) text = dropInitials(o, text);
  const parts = text ? partsOf(el) : null;
  if (parts) for (const [n, v] of parts) put(n, v);
  else if (text) put('text', text, () => dropInitials(o, gather(el, { skip: o.skip, hover: hoverShown }, LONG_TEXT)));
  // a row holding a code editor (a notebook's cell) shows its code
  const ed = el.querySelector(EDITOR_SEL);
  if (ed) {
    const code = clean(editorText(ed));
    if (code) put('code', code, () => code);
  }
  const cb = checkboxIn(el);
  if (cb !== null) put('checked', String(cb));
  if (kind === 'tree') {
    // a tree node says whether it is open and selected
    const tp = treeParts(el);
    const ex = tp ? tp.item.getAttribute('aria-expanded') : null;
    if (ex === 'true' || ex === 'false') put('expanded', ex);
    if (tp && tp.item.getAttribute('aria-selected') === 'true') put('selected', 'true');
  }
  return fields;
};

// A row's sig is a short hash of its text, the states of the checkboxes,
// radios and ARIA-checked/selected elements the walk meets in it, and its
// declared values: it changes when the row does. mix folds a string into
// the hash of a record state.
export const mix = (rs, str) => {
  let h = rs.h;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= 0xff;
  rs.h = Math.imul(h, 0x01000193);
};

export function initRepeated() {
  w.repeatDecision = new Map();
  w.kvDecision = new Map();
  w.recStates = [];
}
