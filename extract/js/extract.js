// extract.js is the in-page half of ADR-0161 extraction: the entry module
// of the function expression (extract.gen.js) that extract.Run evaluates
// as (script)(args) in one round trip.
//
// It returns a JSON object:
//
//   {doc_id, found, role, label: {t, x},
//    collections_seen, scan: {nodes, limit_hit},
//    row_scan: {nodes, limit_hit}, rows_seen, rows_hidden,
//    rows: [{h, u, c: [{t, x, p}]}]}
//
// doc_id is window.__pling.docId, the page collector's per-document
// registry (created with its conventions when absent; an existing registry of
// this document is extended, never replaced: internal/js/registry.js). found says whether the
// visible collection of args.kind at args.index was reached within
// args.max_scan_nodes element nodes of the main document (scan.js). rows are its first
// args.limit visible rows in visual order (rows.js); h marks a header row, u a row with
// spanning (colspan/rowspan > 1) or span-covered cells, whose cells are not
// read. c holds one summary per entry of args.columns (cells.js): the visible text t
// (whitespace collapsed, at most args.max_cell_units UTF-16 units, never a
// split surrogate pair: summary.js), x when it was truncated (text or node budget), p
// when the row has that column at all.
//
// With args.probe it returns only {doc_id}. When args.expect_doc is set and
// differs from the document id it returns {doc_id, navigated: true} and
// reads nothing.
//
// It never reads input values, selected options, frames or shadow roots;
// hidden and aria-hidden subtrees, scripts, styles and editable controls
// give no text. It keeps no references in the page.
'use strict';

import {documentId} from '../../internal/js/registry.js';
import {findCollection} from './scan.js';
import {findRows, readRows} from './rows.js';
import {html, kindOf} from './roles.js';
import {addText, done, newSummary, textOf, walkText} from './summary.js';
import {labelledBy} from './labels.js';
import {HTML_NON_WS as NON_WS} from '../../internal/js/text.js';

// limits are the request's bounds, each defaulted when absent or not
// positive.
export function limits(A) {
  var units = A.max_cell_units > 0 ? A.max_cell_units : 256;
  return {
    scan: A.max_scan_nodes > 0 ? A.max_scan_nodes : 8192,
    row: A.max_row_nodes > 0 ? A.max_row_nodes : 4096,
    cellNodes: A.max_cell_nodes > 0 ? A.max_cell_nodes : 256,
    units: units,
    labels: A.max_labels > 0 ? A.max_labels : 8,
    idChars: A.max_id_chars > 0 ? A.max_id_chars : 1024,
    limit: A.limit > 0 ? A.limit : 20,
    columns: Array.isArray(A.columns) ? A.columns : [],
    textSlice: units * 16 // longest raw string a summary looks at
  };
}

// collectionLabel is the collection's name: aria-labelledby, aria-label,
// or a table's caption.
function collectionLabel(target, L) {
  var lb = newSummary(L);
  if (target.hasAttribute('aria-labelledby')) labelledBy(target, lb);
  if (!done(lb)) {
    var tal = target.getAttribute('aria-label');
    if (tal && NON_WS.test(tal)) addText(lb, tal);
  }
  if (!done(lb) && html(target) && target.localName === 'table' && target.caption) walkText(target.caption, lb, null);
  return {t: textOf(lb), x: lb.truncated};
}

export default function extract(args) {
  var A = args || {};
  var L = limits(A);
  var docId = documentId();
  if (A.probe) return {doc_id: docId};
  if (A.expect_doc && A.expect_doc !== docId) return {doc_id: docId, navigated: true};

  var s = findCollection(A.kind, A.index, L.scan);
  var result = {
    doc_id: docId,
    found: !!s.target,
    role: s.role,
    label: {t: '', x: false},
    collections_seen: s.seen,
    scan: {nodes: s.nodes, limit_hit: s.hit},
    row_scan: {nodes: 0, limit_hit: false},
    rows_seen: 0,
    rows_hidden: 0,
    rows: []
  };
  if (!s.target) return result;
  result.label = collectionLabel(s.target, L);
  var budget = {nodes: 0, max: L.row, hit: false};
  var kind = kindOf(s.role);
  var found = findRows(s.target, kind, budget);
  result.row_scan = {nodes: budget.nodes, limit_hit: budget.hit};
  readRows(found, s.target, kind, L, result);
  return result;
}
