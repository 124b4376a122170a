// extract.js is the in-page half of ADR-0161 extraction: one function
// expression that extract.Run evaluates as (script)(args) in one round trip.
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
// this document is extended, never replaced). found says whether the
// visible collection of args.kind at args.index was reached within
// args.max_scan_nodes element nodes of the main document. rows are its first
// args.limit visible rows in visual order; h marks a header row, u a row with
// spanning (colspan/rowspan > 1) or span-covered cells, whose cells are not
// read. c holds one summary per entry of args.columns: the visible text t
// (whitespace collapsed, at most args.max_cell_units UTF-16 units, never a
// split surrogate pair), x when it was truncated (text or node budget), p
// when the row has that column at all.
//
// With args.probe it returns only {doc_id}. When args.expect_doc is set and
// differs from the document id it returns {doc_id, navigated: true} and
// reads nothing.
//
// It never reads input values, selected options, frames or shadow roots;
// hidden and aria-hidden subtrees, scripts, styles and editable controls
// give no text. It keeps no references in the page.
function extract(args) {
  'use strict';
  var A = args || {};
  var MAX_SCAN = A.max_scan_nodes > 0 ? A.max_scan_nodes : 8192;
  var MAX_ROW = A.max_row_nodes > 0 ? A.max_row_nodes : 4096;
  var MAX_CELL_NODES = A.max_cell_nodes > 0 ? A.max_cell_nodes : 256;
  var MAX_UNITS = A.max_cell_units > 0 ? A.max_cell_units : 256;
  var MAX_LABELS = A.max_labels > 0 ? A.max_labels : 8;
  var MAX_ID_CHARS = A.max_id_chars > 0 ? A.max_id_chars : 1024;
  var LIMIT = A.limit > 0 ? A.limit : 20;
  var COLUMNS = Array.isArray(A.columns) ? A.columns : [];
  var TEXT_SLICE = MAX_UNITS * 16; // longest raw string a summary looks at
  var HTML_NS = 'http://www.w3.org/1999/xhtml';
  var WS_ONE = /[ \t\n\f\r]/;
  var WS_RUN = /[ \t\n\f\r]+/g;
  var WS_EDGE = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;
  var NON_WS = /[^ \t\n\f\r]/;

  // ---- document id --------------------------------------------------------

  function randomId() {
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    var s = '';
    for (var i = 0; i < a.length; i++) s += (a[i] < 16 ? '0' : '') + a[i].toString(16);
    return s;
  }

  // documentId returns window.__pling.docId, the registry the page
  // collector (page/collector.js) keeps for the document's life. The
  // registry is extended, never replaced, unless it belongs to an earlier
  // document of a reused window; when absent, a minimal one is created with
  // the collector's conventions (non-enumerable, configurable) so the
  // collector adopts it later.
  function documentId() {
    var defHidden = function (o, k, v) {
      Object.defineProperty(o, k, {value: v, enumerable: false, configurable: true, writable: false});
    };
    try {
      var R = Object.prototype.hasOwnProperty.call(window, '__pling') ? window.__pling : undefined;
      if (R && typeof R === 'object' && R.doc !== undefined && R.doc !== document) R = undefined;
      if (!R || typeof R !== 'object') {
        R = {};
        defHidden(window, '__pling', R);
      }
      if (typeof R.docId !== 'string' || !R.docId) defHidden(R, 'docId', randomId());
      if (R.doc === undefined) defHidden(R, 'doc', document);
      return typeof R.docId === 'string' ? R.docId : '';
    } catch (e) {
      // A page that froze or poisoned the registry gets no document id:
      // Go refuses the read.
      return '';
    }
  }

  var docId = documentId();
  if (A.probe) return {doc_id: docId};
  if (A.expect_doc && A.expect_doc !== docId) return {doc_id: docId, navigated: true};

  // ---- roles and kinds ----------------------------------------------------

  function html(el) {
    return el.namespaceURI === HTML_NS;
  }

  function roleOf(el) {
    var r = el.getAttribute('role');
    if (!r) return '';
    r = r.replace(WS_EDGE, '').toLowerCase();
    var i = r.search(WS_ONE);
    return i < 0 ? r : r.slice(0, i);
  }

  // collectionRole names the collection el is: table, grid, list, form or ''.
  function collectionRole(el) {
    var r = roleOf(el);
    if (r === 'table' || r === 'grid' || r === 'list' || r === 'form') return r;
    if (!html(el)) return '';
    var t = el.localName;
    if (r === '') {
      if (t === 'table') return 'table';
      if (t === 'ul' || t === 'ol') return 'list';
      if (t === 'form') return 'form';
    }
    if (t === 'form' && r === 'search') return 'form';
    return '';
  }

  function kindOf(role) {
    return role === 'grid' ? 'table' : role;
  }

  function isRow(el) {
    var r = roleOf(el);
    return r === 'row' || (r === '' && html(el) && el.localName === 'tr');
  }

  function isCell(el) {
    var r = roleOf(el);
    if (r === 'cell' || r === 'gridcell' || r === 'columnheader' || r === 'rowheader') return true;
    return r === '' && html(el) && (el.localName === 'td' || el.localName === 'th');
  }

  function isHeaderCell(el) {
    var r = roleOf(el);
    return r === 'columnheader' || (r === '' && el.localName === 'th');
  }

  function isItem(el) {
    var r = roleOf(el);
    return r === 'listitem' || (r === '' && html(el) && el.localName === 'li');
  }

  var CONTROL_ROLES = {
    button: 1, checkbox: 1, radio: 1, 'switch': 1, textbox: 1, searchbox: 1, combobox: 1,
    listbox: 1, slider: 1, spinbutton: 1, menuitemcheckbox: 1, menuitemradio: 1
  };

  function isControl(el) {
    var r = roleOf(el);
    if (CONTROL_ROLES[r]) return true;
    if (r === 'presentation' || r === 'none') return false;
    if (html(el)) {
      var t = el.localName;
      if (t === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
      if (t === 'select' || t === 'textarea' || t === 'button') return true;
    }
    return el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
  }

  // ---- visibility ---------------------------------------------------------

  // rendered: el has a layout box (no display:none on it or an ancestor);
  // with vis, visibility:hidden counts as not rendered too.
  function rendered(el, vis) {
    if (typeof el.checkVisibility === 'function') return el.checkVisibility({visibilityProperty: !!vis});
    return el.getClientRects().length > 0;
  }

  function ariaHidden(el, stop) {
    for (var a = el; a && a !== stop; a = a.parentElement) {
      if (a.getAttribute('aria-hidden') === 'true') return true;
    }
    return false;
  }

  // ---- bounded text summaries ---------------------------------------------

  var SKIP_TAGS = {
    script: 1, style: 1, noscript: 1, template: 1, head: 1, title: 1, meta: 1, link: 1,
    input: 1, textarea: 1, select: 1, option: 1, optgroup: 1, datalist: 1,
    iframe: 1, frame: 1, frameset: 1, object: 1, embed: 1, canvas: 1, audio: 1, video: 1,
    svg: 1, math: 1
  };
  var EDIT_ROLES = {textbox: 1, searchbox: 1, combobox: 1, spinbutton: 1, slider: 1, listbox: 1};
  var NO_BOX = {script: 1, style: 1, noscript: 1, template: 1, head: 1, title: 1, meta: 1, link: 1, datalist: 1, option: 1, optgroup: 1};

  function newSummary() {
    return {out: '', nodes: 0, truncated: false, space: false, full: false, stop: false};
  }

  function spend(b) {
    if (b.nodes >= MAX_CELL_NODES) {
      b.truncated = true;
      b.stop = true;
      return false;
    }
    b.nodes++;
    return true;
  }

  function addText(b, s) {
    if (b.stop) return;
    if (s.length > TEXT_SLICE) {
      s = s.slice(0, TEXT_SLICE);
      b.truncated = true;
    }
    if (b.full) {
      if (NON_WS.test(s)) {
        b.truncated = true;
        b.stop = true;
      }
      return;
    }
    var lead = s.length > 0 && WS_ONE.test(s.charAt(0));
    var trail = s.length > 0 && WS_ONE.test(s.charAt(s.length - 1));
    s = s.replace(WS_EDGE, '').replace(WS_RUN, ' ');
    if (lead) b.space = true;
    if (s) {
      if (b.space && b.out) s = ' ' + s;
      b.space = false;
      var room = MAX_UNITS - b.out.length;
      if (s.length > room) {
        var k = Math.max(room, 0);
        var hi = k > 0 ? s.charCodeAt(k - 1) : 0;
        if (hi >= 0xd800 && hi <= 0xdbff) k--;
        b.out += s.slice(0, k);
        b.truncated = true;
        b.full = true;
        b.stop = true;
      } else {
        b.out += s;
        if (b.out.length >= MAX_UNITS) b.full = true;
      }
    }
    if (trail) b.space = true;
  }

  function skipElement(el) {
    if (html(el) && SKIP_TAGS[el.localName]) return true;
    if (!html(el) && (el.localName === 'svg' || el.localName === 'math')) return true;
    if (EDIT_ROLES[roleOf(el)]) return true;
    return el.isContentEditable === true;
  }

  // walkText appends the visible text of root's subtree to b in document
  // order, each node one unit of b's node budget. skip is an element whose
  // subtree gives no text (the control a wrapping label labels). Controls
  // and editable regions separate words but give no text.
  function walkText(root, b, skip) {
    var vis = [];
    var blocks = [];
    var n = root;
    for (;;) {
      if (b.stop || !spend(b)) return;
      if (n.nodeType === 3) {
        if (vis.length === 0 || vis[vis.length - 1]) addText(b, n.data);
      } else if (n.nodeType === 1 && n !== skip) {
        if (skipElement(n)) {
          if (!(html(n) && NO_BOX[n.localName])) b.space = true;
        } else if (n.getAttribute('aria-hidden') !== 'true') {
          var cs = getComputedStyle(n);
          if (cs.display !== 'none') {
            if (html(n) && n.localName === 'br') {
              b.space = true;
            } else {
              var block = (cs.display.lastIndexOf('inline', 0) !== 0 && cs.display !== 'contents') || isControl(n);
              if (block) b.space = true;
              if (n.firstChild) {
                vis.push(cs.visibility === 'visible');
                blocks.push(block);
                n = n.firstChild;
                continue;
              }
            }
          }
        }
      }
      // Advance: the next sibling, climbing out of finished elements.
      for (;;) {
        if (n === root) return;
        if (n.nextSibling) {
          n = n.nextSibling;
          break;
        }
        n = n.parentNode;
        vis.pop();
        if (blocks.pop()) b.space = true;
      }
    }
  }

  // labelHidden walks el and its ancestors (each a node of b's budget) and
  // reports whether any hides it; an exhausted budget counts as hidden.
  function labelHidden(el, b) {
    for (var a = el; a; a = a.parentElement) {
      if (!spend(b)) return true;
      if (a.getAttribute('aria-hidden') === 'true' || a.hidden) return true;
    }
    return !rendered(el, true);
  }

  // labelledBy resolves at most MAX_LABELS ids of el's aria-labelledby,
  // read from at most MAX_ID_CHARS characters, into b.
  function labelledBy(el, b) {
    var raw = el.getAttribute('aria-labelledby') || '';
    var s = raw;
    if (s.length > MAX_ID_CHARS) {
      b.truncated = true;
      s = s.slice(0, MAX_ID_CHARS);
      if (!WS_ONE.test(raw.charAt(MAX_ID_CHARS))) s = s.replace(/[^ \t\n\f\r]*$/, '');
    }
    var ids = s.split(WS_RUN).filter(Boolean);
    if (ids.length > MAX_LABELS) {
      b.truncated = true;
      ids.length = MAX_LABELS;
    }
    for (var i = 0; i < ids.length && !b.stop; i++) {
      var t = document.getElementById(ids[i]);
      if (!t || labelHidden(t, b)) continue;
      b.space = true;
      walkText(t, b, null);
    }
  }

  function done(b) {
    return b.stop || b.out !== '' || b.truncated;
  }

  function inputType(el) {
    return (el.getAttribute('type') || 'text').toLowerCase();
  }

  // controlName is the label column: aria-labelledby, aria-label, native
  // labels (for= and wrapping), content for buttons and ARIA checkables,
  // a button input's caption, alt, title, placeholder. Never a value.
  function controlName(el, b) {
    if (el.hasAttribute('aria-labelledby')) {
      labelledBy(el, b);
      if (done(b)) return;
    }
    var al = el.getAttribute('aria-label');
    if (al && NON_WS.test(al)) {
      addText(b, al);
      return;
    }
    var labels = null;
    try {
      labels = el.labels;
    } catch (e) {
      labels = null;
    }
    if (labels && labels.length) {
      var n = Math.min(labels.length, MAX_LABELS);
      if (labels.length > MAX_LABELS) b.truncated = true;
      for (var i = 0; i < n && !b.stop; i++) {
        if (labelHidden(labels[i], b)) continue;
        b.space = true;
        walkText(labels[i], b, el);
      }
      if (done(b)) return;
    }
    var r = roleOf(el);
    var t = el.localName;
    if (r === 'button' || r === 'checkbox' || r === 'radio' || r === 'switch' ||
        r === 'menuitemcheckbox' || r === 'menuitemradio' || (r === '' && t === 'button')) {
      if (t !== 'input') {
        walkText(el, b, null);
        if (done(b)) return;
      }
    }
    if (t === 'input') {
      var ty = inputType(el);
      if (ty === 'submit' || ty === 'reset' || ty === 'button') {
        var v = el.getAttribute('value');
        if (v === null) v = ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '';
        addText(b, v);
        if (done(b)) return;
      } else if (ty === 'image') {
        addText(b, el.getAttribute('alt') || '');
        if (done(b)) return;
      }
    }
    addText(b, el.getAttribute('title') || '');
    if (done(b)) return;
    addText(b, el.getAttribute('placeholder') || '');
  }

  var INPUT_ROLES = {
    checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button',
    image: 'button', range: 'slider', number: 'spinbutton', search: 'searchbox',
    text: 'textbox', email: 'textbox', tel: 'textbox', url: 'textbox', password: 'textbox'
  };

  function controlRole(el) {
    var r = roleOf(el);
    if (r && r !== 'presentation' && r !== 'none') return r;
    var t = el.localName;
    if (t === 'input') {
      var ty = inputType(el);
      if (el.hasAttribute('list') && (ty === 'text' || ty === 'search' || ty === 'email' || ty === 'tel' || ty === 'url')) return 'combobox';
      return INPUT_ROLES[ty] || ty;
    }
    if (t === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (t === 'textarea') return 'textbox';
    if (t === 'button') return 'button';
    return 'textbox'; // a contenteditable host
  }

  var CHECKABLE = {checkbox: 1, radio: 1, 'switch': 1, menuitemcheckbox: 1, menuitemradio: 1};
  var ARIA_REQUIRABLE = {checkbox: 1, 'switch': 1, combobox: 1, listbox: 1, spinbutton: 1, textbox: 1, searchbox: 1};

  function fact(v) {
    return v === null ? {t: '', x: false, p: false} : {t: v, x: false, p: true};
  }

  function formCell(el, col) {
    var t = el.localName;
    var isInput = t === 'input';
    var ty = isInput ? inputType(el) : '';
    var role = controlRole(el);
    switch (col) {
      case 0: {
        var b = newSummary();
        controlName(el, b);
        return {t: b.out.replace(WS_EDGE, ''), x: b.truncated, p: true};
      }
      case 1:
        return fact(role);
      case 2: {
        var dis = false;
        try {
          dis = el.matches(':disabled');
        } catch (e) {
          dis = false;
        }
        return fact(String(dis || el.getAttribute('aria-disabled') === 'true'));
      }
      case 3:
        if (isInput && (ty === 'checkbox' || ty === 'radio')) return fact(el.indeterminate ? 'mixed' : String(el.checked));
        if (CHECKABLE[role]) {
          var ac = (el.getAttribute('aria-checked') || 'false').replace(WS_EDGE, '').toLowerCase();
          return fact(ac);
        }
        return fact(null);
      case 4:
        if ((isInput && !(ty === 'submit' || ty === 'reset' || ty === 'button' || ty === 'image')) || t === 'select' || t === 'textarea') {
          return fact(String(el.required === true || el.getAttribute('aria-required') === 'true'));
        }
        if (ARIA_REQUIRABLE[role]) return fact(String(el.getAttribute('aria-required') === 'true'));
        return fact(null);
    }
    return fact(null);
  }

  function textCell(el) {
    var b = newSummary();
    walkText(el, b, null);
    return {t: b.out.replace(WS_EDGE, ''), x: b.truncated, p: true};
  }

  // ---- collection scan ----------------------------------------------------

  var root = document.documentElement;
  var scanNodes = 0;
  var scanHit = false;
  var seen = 0;
  var target = null;
  var targetRole = '';
  if (root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (var n = walker.currentNode; n; n = walker.nextNode()) {
      if (scanNodes >= MAX_SCAN) {
        scanHit = true;
        break;
      }
      scanNodes++;
      var cr = collectionRole(n);
      if (!cr || kindOf(cr) !== A.kind) continue;
      if (!rendered(n, true) || ariaHidden(n, null)) continue;
      if (seen === A.index) {
        target = n;
        targetRole = cr;
        seen++;
        break;
      }
      seen++;
    }
  }
  var result = {
    doc_id: docId,
    found: !!target,
    role: targetRole,
    label: {t: '', x: false},
    collections_seen: seen,
    scan: {nodes: scanNodes, limit_hit: scanHit},
    row_scan: {nodes: 0, limit_hit: false},
    rows_seen: 0,
    rows_hidden: 0,
    rows: []
  };
  if (!target) return result;

  // ---- collection label ---------------------------------------------------

  var lb = newSummary();
  if (target.hasAttribute('aria-labelledby')) labelledBy(target, lb);
  if (!done(lb)) {
    var tal = target.getAttribute('aria-label');
    if (tal && NON_WS.test(tal)) addText(lb, tal);
  }
  if (!done(lb) && html(target) && target.localName === 'table' && target.caption) walkText(target.caption, lb, null);
  result.label = {t: lb.out.replace(WS_EDGE, ''), x: lb.truncated};

  // ---- row scan -----------------------------------------------------------

  var budget = {nodes: 0, max: MAX_ROW, hit: false};

  // walkElements visits root's element descendants in document order,
  // each one node of budget; visit returns true to descend.
  function walkElements(from, visit) {
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

  var kind = kindOf(targetRole);
  var found = []; // {el, cells, group}
  walkElements(target, function (el) {
    var cr = collectionRole(el);
    if (cr && kindOf(cr) === kind) return false; // nested collection
    if (kind === 'table') {
      if (isRow(el)) {
        var cells = [];
        walkElements(el, function (c) {
          if (isCell(c)) {
            cells.push(c);
            return false;
          }
          var ccr = collectionRole(c);
          return !(ccr && kindOf(ccr) === 'table') && !isRow(c);
        });
        if (!budget.hit) {
          var p = el.parentElement;
          var g = html(el) && el.localName === 'tr' && p ? (p.localName === 'thead' ? 0 : p.localName === 'tfoot' ? 2 : 1) : 1;
          found.push({el: el, cells: cells, group: g});
        }
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
  // Visual order: header groups first, footer groups last (stable).
  found = found.map(function (f, i) {
    f.i = i;
    return f;
  }).sort(function (a, b) {
    return a.group - b.group || a.i - b.i;
  });
  result.row_scan = {nodes: budget.nodes, limit_hit: budget.hit};

  var cover = new Map();
  for (var k = 0; k < found.length; k++) {
    var f = found[k];
    if (!rendered(f.el, true) || ariaHidden(f.el, target)) {
      result.rows_hidden++;
      continue;
    }
    result.rows_seen++;
    if (result.rows.length >= LIMIT) continue;
    var row = {h: false, u: false, c: []};
    if (kind === 'form') {
      for (var ci = 0; ci < COLUMNS.length; ci++) row.c.push(formCell(f.el, COLUMNS[ci]));
      result.rows.push(row);
      continue;
    }
    var cells = [];
    for (var j = 0; j < f.cells.length; j++) {
      if (f.cells[j] === f.el || rendered(f.cells[j], false)) cells.push(f.cells[j]);
    }
    if (kind === 'table') {
      var parent = f.el.parentElement;
      var left = cover.get(parent) || 0;
      var covered = left > 0;
      if (covered) cover.set(parent, left - 1);
      var spanning = false;
      var down = 0;
      var allHeader = cells.length > 0;
      for (j = 0; j < cells.length; j++) {
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
      if (spanning || covered) {
        row.u = true;
        result.rows.push(row);
        continue;
      }
    }
    for (var cj = 0; cj < COLUMNS.length; cj++) {
      var col = COLUMNS[cj];
      row.c.push(col >= 0 && col < cells.length ? textCell(cells[col]) : {t: '', x: false, p: false});
    }
    result.rows.push(row);
  }
  return result;
}
