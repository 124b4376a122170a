// records.js: what is a record (recordKind): list items, table rows,
// form rows, declared records.
import { w } from './state.js';
import { asLabel, roleOf, skipControls } from './controls.js';
import { NAME_TEXT } from './params.js';
import { CTRL_SEL, cellColumn, repeatRow } from './repeated.js';
import { LETTER, NONSPACE, clean, gather, shown } from './text.js';
import { calendarGrid, treeNode } from './widgets.js';

export const AUTHOR_ID_ATTRS = ['data-id', 'data-key', 'data-row-key', 'data-item-id', 'data-row-id', 'data-record-id', 'data-uid', 'data-uuid'];
export const LIST_PARENT_SKIP = new Set(['menu', 'menubar', 'tablist', 'listbox', 'tree', 'radiogroup', 'toolbar']);
export const ITEM_ROLE_SKIP = new Set(['tab', 'menuitem', 'option', 'presentation', 'none', 'treeitem', 'radio', 'separator']);
export const sameSibling = (el, test) => {
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (test(s)) return true;
  for (let s = el.nextElementSibling; s; s = s.nextElementSibling) if (test(s)) return true;
  return false;
};
// recordKind classifies a row: 'decl', 'table', 'list', 'single', or ''
// (not a row), 'repeat' (repeatRow, never nested in a record); visit
// adds 'item' (checkItem).
// formTable: a form laid out as a table (WordPress's <table
// class="form-table">, Adminer's login, DokuWiki's add-user form) is a
// form, not a list of records: its rows are a label cell (a <th>, or a
// cell holding a <label> or only text) and a cell with a field, and
// at least half of its visible rows are such rows. Decided once per
// table.
export const FIELD_SEL = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]),select,textarea';
export const formTable = (table) => isTable(table) && perTable(w.formTables, table, decideFormTable);
const decideFormTable = (table) => {
  if (table.classList.contains('form-table')) return true;
  let rows = 0, form = 0;
  for (const r of table.rows) {
    if (rows >= 12) break;
    if (!shown(r) || r.cells.length === 0) continue;
    rows++;
    const cs = r.cells;
    if (cs.length < 2 || cs.length > 3) continue;
    const lab = cs[0];
    if (lab.querySelector(FIELD_SEL + ',button,a[href]') || !LETTER.test(lab.textContent || '')) continue;
    if (lab.localName !== 'th' && !lab.querySelector('label')) {
      // a plain cell labels a field only in a table without column headers
      if (table.tHead && table.tHead.rows.length) continue;
      const t = clean(lab.textContent);
      if (t.length > NAME_TEXT || !/:\s*$|^\S+(\s\S+){0,3}$/.test(t)) continue;
    }
    if (cs[1].querySelector(FIELD_SEL)) form++;
  }
  // (one labelled field and its submit row: MediaWiki's "Reason:" and
  // "Save user groups" under the user rights)
  return (form >= 2 && form * 2 >= rows) || (form === 1 && rows - form === buttonRows(table));
};
// isTable: el is a <table>.
const isTable = (el) => !!el && el.localName === 'table';
// perTable answers a question of a table once per collection: map holds
// the answers, decide(table) is asked the first time.
export const perTable = (map, table, decide) => {
  let d = map.get(table);
  if (d === undefined) map.set(table, (d = decide(table)));
  return d;
};
// buttonRows counts the shown rows of a table that hold a button and no
// text of their own (a form's submit row).
const buttonRows = (table) => {
  let n = 0;
  for (const r of table.rows) {
    if (!shown(r)) continue;
    if (r.querySelector('button,input[type=submit],input[type=button]') && gather(r, { skip: skipControls }, 1) === '') n++;
  }
  return n;
};
// formRow: a form opened inside a table as one row whose single cell
// spans the columns and holds two fields or more (WordPress's Quick
// Edit, an inline editor under a row) is a form, not a record: its
// fields are named by their own labels, not by the first column's
// header.
export const formRow = (tr) => formCell(spanningCell(tr));
const formCell = (cell) => !!cell && cell.querySelectorAll(FIELD_SEL).length >= 2;
// spanningCell is a row's one shown cell when it spans columns, else null.
const spanningCell = (tr) => {
  let cell = null;
  for (const c of tr.cells) {
    if (!shown(c)) continue;
    if (cell) return null;
    cell = c;
  }
  return cell && (cell.colSpan > 1 || loneFieldCell(tr)) ? cell : null;
};
// loneFieldCell: the row is the only one of its table that holds fields,
// in a table of one column (MediaWiki's user rights: a header row, then
// one cell holding every group's checkbox, each with its label).
const loneFieldCell = (tr) => {
  const t = tr.closest('table');
  if (!t || t.rows.length > 12) return false;
  for (const r of t.rows) {
    if (r.cells.length > 1) return false;
    if (r !== tr && r.querySelector(FIELD_SEL)) return false;
  }
  return true;
};
// controlCell: a row whose one shown cell spans the columns and holds
// controls and no text of its own (DokuWiki's user manager: Delete
// Selected, start … last, Export under the users) is the table's
// toolbar, not a record: its controls are the page's.
const controlCell = (cell) => !!cell && cell.querySelector(CTRL_SEL) !== null && gather(cell, { skip: skipControls }, 1) === '';
// layoutRow: the one row of a table without column headers whose cells
// hold controls (phpMyAdmin's navigation bar: Show all | Number of rows |
// Filter rows, laid out in a table) is layout, not a record: its controls
// are the page's.
// So are the two or three rows of such a table when each holds controls
// and no two have as many cells (phpMyAdmin's insert form ends with
// "Insert as new row | and then | Go back" above "Preview SQL, Reset,
// Go" spanning the columns: once records r111, r114 with go(record)).
export const layoutRow = (tr, body) => {
  const table = body.localName === 'table' ? body : body.parentElement;
  if (!table || (table.tHead && table.tHead.rows.length) || tr.querySelector('th')) return false;
  const n = table.rows.length;
  if (n === 1) return tr.querySelector(CTRL_SEL) !== null;
  return n <= 3 && perTable(w.layoutTables, table, unlikeControlRows);
};
const unlikeControlRows = (table) => {
  const counts = new Set();
  for (const r of table.rows) {
    if (counts.has(r.cells.length) || r.querySelector('th') || !r.querySelector(CTRL_SEL)) return false;
    counts.add(r.cells.length);
  }
  return true;
};
// fieldGrid: a table of two rows, a row of headers (th, and empty spacer
// cells between them) over a row of fields, each field under a header
// (phpMyAdmin's new table's options: "Table comments: | Collation: |
// Storage Engine:" over a text box and two selects) is a form whose
// fields are named by the header above each (gridLabel), not a record.
// Decided once per table.
// (a table of more rows is never one: no row of it is measured)
export const fieldGrid = (table) => isTable(table) && table.rows.length <= 4 && perTable(w.gridTables, table, headersOverFields);
const headersOverFields = (table) => {
  const rows = [...table.rows].filter(shown);
  if (rows.length !== 2 || rows[0].querySelector(FIELD_SEL)) return false;
  let heads = 0, fields = 0;
  for (const c of rows[0].cells) {
    if (!LETTER.test(c.textContent || '')) continue;
    if (c.localName !== 'th') return false;
    heads++;
  }
  for (const c of rows[1].cells) if (c.querySelector(FIELD_SEL)) fields++;
  return heads >= 2 && fields >= 2;
};
// gridLabel is the header above a field of a fieldGrid, or ''.
export const gridLabel = (el) => {
  const cell = el.closest('td');
  const tr = cell && cell.parentElement;
  const table = tr && tr.closest('table');
  if (!table || !fieldGrid(table) || tr === table.rows[0]) return '';
  let col = cellColumn(cell);
  for (const h of table.rows[0].cells) {
    if (col < (h.colSpan || 1)) return h.localName === 'th' ? asLabel(clean(gather(h, { skip: skipControls }, NAME_TEXT + 1))) : '';
    col -= h.colSpan || 1;
  }
  return '';
};
// propertyTable: a table without column headers whose every shown row
// is a header cell and one or two cells of data, no field among them
// (Syncthing's This Device: Download Rate | 0 B/s, Listeners | 1/1;
// phpMyAdmin's space usage: Data | 16.0 | KiB), two rows at least: the
// details of one thing, read as state named by each row's header, not
// records whose columns are "column 1 | column 2". Decided once per
// table.
export const propertyTable = (table) => isTable(table) && perTable(w.propTables, table, headerValueRows);
const headerValueRows = (table) => {
  if ((table.tHead && table.tHead.rows.length) || table.classList.contains('form-table')) return false;
  let n = 0;
  for (const r of table.rows) {
    if (!shown(r)) continue;
    const cs = [...r.cells].filter(shown);
    // (a footer row of one cell across the columns: phpMyAdmin's
    // "Optimize table" under its space usage)
    if (cs.length === 1 && cs[0].colSpan > 1) continue;
    if (cs.length < 2 || cs.length > 3 || cs[0].localName !== 'th' || cs.slice(1).some((c) => c.localName !== 'td' || c.querySelector(FIELD_SEL)) ||
      !LETTER.test(cs[0].textContent || '')) return false;
    if (++n > 40) break;
  }
  return n >= 2;
};
// propertyOf is a property row's header and value (cells after the
// header joined by a space), or null when the row is none.
export const propertyOf = (tr) => {
  const p = tr.parentElement;
  const table = p && (p.localName === 'table' ? p : p.parentElement);
  if (!propertyTable(table)) return null;
  const cs = [...tr.cells].filter(shown);
  const name = clean(gather(cs[0], { skip: skipControls }, NAME_TEXT + 1));
  if (!name) return null;
  const value = clean(cs.slice(1).map((c) => gather(c, {}, w.maxText + 1)).join(' '));
  return { name, value };
};
// filterRow: a header row whose cells hold fields and controls and no
// text of their own (DokuWiki's and DataTables' column filters under the
// column headers): the headers are the row above it.
export const filterRow = (tr) => {
  let fields = 0;
  for (const c of tr.cells) {
    if (gather(c, { skip: skipControls }, 1) !== '') return false;
    if (c.querySelector(FIELD_SEL)) fields++;
  }
  return fields > 0;
};
// LABELLED_FIELD are the fields a label in a list item can make a form's
// (a checkbox in a label is a checklist's row, still).
const LABELLED_FIELD = 'select,textarea,input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=button]):not([type=submit])';
// ownTextOutside says whether item has text outside its child f.
const ownTextOutside = (item, f) => {
  for (let n = item.firstChild; n; n = n.nextSibling) if (n !== f && n.nodeType === 3 && NONSPACE.test(n.data)) return true;
  return false;
};
export const recordKind = (el, tag, role, hasAttr, nested) => {
  if (w.declRecords) return hasAttr && el.hasAttribute('data-pling-record') ? 'decl' : '';
  // issue 18 pt 13: a tree's node is a record (widgets.js)
  if (hasAttr && (role === 'treeitem' || tag === 'li')) {
    const tk = treeNode(el, tag, role);
    if (tk) return tk;
  }
  if (tag === 'tr') {
    const p = el.parentElement;
    if (!p) return '';
    const pt = p.localName;
    if (pt !== 'tbody' && pt !== 'table') return '';
    if (formTable(p.localName === 'table' ? p : p.parentElement) || fieldGrid(p.localName === 'table' ? p : p.parentElement)) return '';
    // (the row's spanning cell, looked for once: every table row asks)
    const sc = spanningCell(el);
    if (formCell(sc) || controlCell(sc) || layoutRow(el, p)) return '';
    // a calendar's weeks are no records: its days are one action
    if (calendarGrid(p.localName === 'table' ? p : p.parentElement)) return '';
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'td') return 'table';
    return '';
  }
  if (role === 'row') {
    if (el.querySelector('[role=columnheader]')) return '';
    const g = el.closest('[role=grid],[role=table],[role=treegrid]');
    return g && !calendarGrid(g.closest('table') || g) ? 'table' : '';
  }
  if (tag === 'li' && !role) {
    // an item that is a form (phpMyAdmin's settings list: Server
    // connection collation, Language, Theme, each its own form) is a
    // form, not a record: its fields are named by their labels
    const f = el.firstElementChild;
    if (f && f.localName === 'form' && !f.nextElementSibling) return '';
    // so is an item that is one labelled field (WordPress's Reading
    // settings: <li><label>Homepage: <select>…</label></li>, then Posts
    // page): the label names the field
    if (f && f.localName === 'label' && !f.nextElementSibling && f.querySelector(LABELLED_FIELD) && !ownTextOutside(el, f)) return '';
    const p = el.parentElement;
    if (!p || (p.localName !== 'ul' && p.localName !== 'ol')) return '';
    const pr = p.hasAttributes() ? roleOf(p) : '';
    if (pr && LIST_PARENT_SKIP.has(pr)) return '';
    return sameSibling(el, (s) => s.localName === 'li') ? 'list' : 'single';
  }
  if (role && ITEM_ROLE_SKIP.has(role)) return role === 'option' && !nested ? repeatRow(el, tag, role) : '';
  if (role === 'listitem' || role === 'article' || (tag === 'article' && !role)) {
    const want = role || 'article';
    // a lone article is a region of the page (loneArticle), not a record
    return sameSibling(el, (s) => (s.hasAttributes() ? roleOf(s) : '') === want || (want === 'article' && s.localName === 'article' && !s.getAttribute('role'))) ? 'list' : want === 'article' ? '' : 'single';
  }
  return nested ? '' : repeatRow(el, tag, role);
};

export function initRecords() {
  w.formTables = new Map();
  w.propTables = new Map();
  w.gridTables = new Map();
  w.layoutTables = new Map();
  w.propGroups = new Map();
}
