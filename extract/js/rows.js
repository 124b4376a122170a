// rows.js: a collection's rows in visual order (a table's rows, a list's
// items, a form's controls) and what each row gives: its columns, or the
// marks of a header row and of a row with spanning cells.
import {formCell, textCell} from './cells.js';
import {collectionRole, html, isCell, isControl, isHeaderCell, isItem, isRow, kindOf} from './roles.js';
import {skipElement} from './summary.js';
import {ariaHidden, rendered} from '../../internal/js/visibility.js';

// walkElements visits from's element descendants in document order,
// each one node of budget ({nodes, max, hit}); visit returns true to
// descend.
export function walkElements(from, budget, visit) {
  var el = from.firstElementChild;
  while (el) {
    if (budget.nodes >= budget.max) {
      budget.hit = true;
      return;
    }
    budget.nodes++;
    var next = visit(el) ? el.firstElementChild : null;
    if (!next) {
      var cur = el;
      while (cur !== from && !cur.nextElementSibling) cur = cur.parentElement;
      next = cur === from ? null : cur.nextElementSibling;
    }
    el = next;
  }
}

// tableRow is a row's entry {el, cells, group}: group 0 for a thead row,
// 2 for tfoot, 1 otherwise.
function tableRow(el, budget) {
  var cells = [];
  walkElements(el, budget, function (c) {
    if (isCell(c)) {
      cells.push(c);
      return false;
    }
    var ccr = collectionRole(c);
    return !(ccr && kindOf(ccr) === 'table') && !isRow(c);
  });
  if (budget.hit) return null;
  var p = el.parentElement;
  var g = html(el) && el.localName === 'tr' && p ? (p.localName === 'thead' ? 0 : p.localName === 'tfoot' ? 2 : 1) : 1;
  return {el: el, cells: cells, group: g};
}

// findRows lists target's rows of kind, nested collections of the same
// kind left out, in visual order: header groups first, footer groups last
// (stable).
export function findRows(target, kind, budget) {
  var found = [];
  walkElements(target, budget, function (el) {
    var cr = collectionRole(el);
    if (cr && kindOf(cr) === kind) return false; // nested collection
    if (kind === 'table') {
      if (isRow(el)) {
        var row = tableRow(el, budget);
        if (row) found.push(row);
        return false;
      }
      if (html(el) && (el.localName === 'caption' || el.localName === 'colgroup')) return false;
      return !isCell(el) && !skipElement(el);
    }
    if (kind === 'list') {
      if (isItem(el)) {
        found.push({el: el, cells: [el], group: 1});
        return false;
      }
      return !skipElement(el);
    }
    if (isControl(el)) {
      found.push({el: el, cells: null, group: 1});
      return false;
    }
    return !skipElement(el);
  });
  return found.map(function (f, i) {
    f.i = i;
    return f;
  }).sort(function (a, b) {
    return a.group - b.group || a.i - b.i;
  });
}

// markSpans sets row.h (a header row) and says whether the table row f
// has spanning cells or is covered by an earlier row's rowspan; cover
// maps a row group to the rows its spans still cover.
function markSpans(row, f, cells, cover) {
  var parent = f.el.parentElement;
  var left = cover.get(parent) || 0;
  var covered = left > 0;
  if (covered) cover.set(parent, left - 1);
  var spanning = false;
  var down = 0;
  var allHeader = cells.length > 0;
  for (var j = 0; j < cells.length; j++) {
    var cell = cells[j];
    var native = html(cell) && (cell.localName === 'td' || cell.localName === 'th');
    var cs = native ? cell.colSpan : parseInt(cell.getAttribute('aria-colspan') || '1', 10);
    var rs = native ? cell.rowSpan : parseInt(cell.getAttribute('aria-rowspan') || '1', 10);
    if (cs > 1) spanning = true;
    if (rs > 1 || rs === 0) {
      spanning = true;
      down = Math.max(down, rs === 0 ? Infinity : rs - 1);
    }
    if (!isHeaderCell(cell)) allHeader = false;
  }
  if (down > 0) cover.set(parent, Math.max(cover.get(parent) || 0, down));
  row.h = allHeader || (f.group === 0);
  return spanning || covered;
}

// readRows reads the visible rows of found into result (rows_seen,
// rows_hidden, rows: at most L.limit), each with L.columns' columns.
export function readRows(found, target, kind, L, result) {
  var cover = new Map();
  for (var k = 0; k < found.length; k++) {
    var f = found[k];
    if (!rendered(f.el, true) || ariaHidden(f.el, target)) {
      result.rows_hidden++;
      continue;
    }
    result.rows_seen++;
    if (result.rows.length >= L.limit) continue;
    var row = {h: false, u: false, c: []};
    if (kind === 'form') {
      for (var ci = 0; ci < L.columns.length; ci++) row.c.push(formCell(f.el, L.columns[ci], L));
      result.rows.push(row);
      continue;
    }
    var cells = [];
    for (var j = 0; j < f.cells.length; j++) {
      if (f.cells[j] === f.el || rendered(f.cells[j], false)) cells.push(f.cells[j]);
    }
    if (kind === 'table' && markSpans(row, f, cells, cover)) {
      row.u = true;
      result.rows.push(row);
      continue;
    }
    for (var cj = 0; cj < L.columns.length; cj++) {
      var col = L.columns[cj];
      row.c.push(col >= 0 && col < cells.length ? textCell(cells[col], L) : {t: '', x: false, p: false});
    }
    result.rows.push(row);
  }
}
