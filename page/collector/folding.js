// folding.js is the collector's one place for row folding: which
// controls inside records are one row action (a shape), and the shape's
// label. The rule "the JS reports facts, Go decides" has this one named
// exception: the fold key needs the DOM (a control's slot in its row's
// template, the row's own text to remove from a name), which never leaves
// the page, so JS decides it here —
//
//   JS (this module)                        Go (build.go, decides the rest)
//   which row controls share a shape:       a shape without a label is named
//     declared name, or name without the      by what it does (slotVerb);
//     row's text, or template slot           action names, kinds, effects
//     (foldKey, rowAction)                    (inferName, kindOf, effectOf);
//   a shape's label, evidence, does         page-level folding: a region's
//     (newShape, finishShapes)                link list (foldLinks) and a
//                                             calendar's days (foldDays)
//
// Nothing else in the collector folds: the walk and the other modules
// report one control per element.
import { w } from './state.js';
import { accName, asLabel, isCtl, roleOf, skipButtons, statusPart, titleForSymbol } from './controls.js';
import { focusOf } from './focus.js';
import { describe, unavailableOf } from './describe.js';
import { meets } from './geometry.js';
import { overlaid } from './hittest.js';
import { hoverShown } from './hover.js';
import { iconOf, ligatureOnly, rowEvidence } from './icons.js';
import { NAME_TEXT } from './params.js';
import { elOf, keyOf } from './registry.js';
import { CTRL_SEL, columnHeader, columnHeaderCell } from './repeated.js';
import { LETTER, clean, cut, gather, vis } from './text.js';
// rowText returns a record's text content, lower-cased, computed once
// per record (no layout: textContent).
export const rowText = (rec) => {
  if (rec.text === undefined) rec.text = clean(rec.el.textContent || '').toLowerCase();
  return rec.text;
};
// occurrences counts needle in hay as a whole word ("message" is not
// in "9 messages").
export const occurrences = (hay, needle) => {
  let n = 0;
  const edge = (c) => !c || !LETTER.test(c);
  for (let i = hay.indexOf(needle); i >= 0 && n < 100; i = hay.indexOf(needle, i + 1)) {
    if (edge(hay.charAt(i - 1)) && edge(hay.charAt(i + needle.length))) {
      n++;
      i += needle.length - 1;
    }
  }
  return n;
};
// withoutRow is what is left of a row control's name once the row's own
// text is removed: "" for a name that is the row's data (a checkbox
// labelled with its todo, a link showing a user name), "Mark done" for
// "Mark Buy groceries done", "Delete" for a Delete button.
export const withoutRow = (name, el, kind, rec) => {
  if (!name) return '';
  const low = name.toLowerCase();
  const own = clean(el.textContent || '').toLowerCase();
  if (kind === 'link' && own.includes(low)) return '';
  const text = rowText(rec);
  if (occurrences(text, low) > occurrences(own, low)) return '';
  if (rec.first === undefined) {
    const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
    gather(rec.el, o, NAME_TEXT);
    if (o.first === undefined) {
      const o2 = { wantFirst: true, skip: (c, t) => t === 'button', hover: hoverShown };
      gather(rec.el, o2, NAME_TEXT);
      o.first = o2.first;
    }
    rec.first = (o.first || '').toLowerCase();
  }
  const first = rec.first;
  if (first === low) return '';
  // issue 18: a label that quotes the row's title (WordPress's
  // aria-label="Quick edit “Hello world” inline", "Move “Hello world”
  // to the Trash") is named by the control's visible text ("Quick
  // Edit", "Trash") when it has some, else by the label without the
  // quote
  let rest = name.replace(QUOTED, (m, a, b, c, d, e) => {
    const q = clean(a || b || c || d || e || '').toLowerCase();
    return q && q.length >= 2 && (text.includes(q) || q === first) ? ' ' : m;
  });
  if (rest === name && first && first.length >= 2) {
    const i = low.indexOf(first);
    if (i >= 0) rest = name.slice(0, i) + ' ' + name.slice(i + first.length);
  }
  if (rest === name) return name;
  const vis = gather(el, { hover: hoverShown }, NAME_TEXT + 1);
  if (vis && vis.length <= NAME_TEXT && LETTER.test(vis) && occurrences(text, vis.toLowerCase()) <= occurrences(own, vis.toLowerCase()) + 0 && vis.toLowerCase() !== first &&
      !(first && first.length >= 2 && vis.toLowerCase().includes(first))) return vis;
  return clean(rest.replace(/\(\s*\)/g, ' ').replace(/\s+([,.:;)])/g, '$1')).replace(/^\((.*)\)$/, '$1').replace(/^[\s,.:;(-]+|[\s,.:;(-]+$/g, '');
};
export const QUOTED = /“([^”]*)”|"([^"]*)"|«([^»]*)»|‘([^’]*)’|„([^“”]*)[“”]/g;
// STATE_CLASS matches class tokens that vary between rows of one
// template (state, framework bookkeeping, generated names).
export const STATE_CLASS = /\d|^(is|has)-|active|selected|checked|complete|done|disabled|hidden|open|closed|expanded|collapsed|hover|focus|current|editing|visible|show|^ng-|highlight|odd|even|first|last/i;
// slotOf is a control's place in its row's template: the path of tags,
// first stable class tokens and positions among like siblings from the row
// element down to the control.
export const slotOf = (el, row) => {
  const parts = [];
  for (let n = el, d = 0; n && n !== row && d < 32; n = n.parentElement, d++) {
    // the first stable class token: templates put the element's own
    // class first and modifiers (role-purple, btn-danger) after it
    let cls = '';
    const cl = n.classList;
    if (cl) for (const c of cl) if (!STATE_CLASS.test(c)) { cls = c; break; }
    let idx = 0;
    for (let p = n.previousElementSibling; p; p = p.previousElementSibling) if (p.localName === n.localName) idx++;
    const ty = n.localName === 'input' ? n.type : '';
    parts.push(n.localName + ty + '.' + cls + ':' + idx + (n.hasAttributes() ? roleOf(n) : ''));
  }
  return parts.join('/');
};
export const listOf = (row) => {
  const p = row.parentElement;
  let n = w.lists.get(p);
  if (n === undefined) {
    n = w.lists.size;
    w.lists.set(p, n);
  }
  return n;
};
// control reports a control el (kind and role in kr) met by the walk in
// ctx: a row action when ctx is inside a record (folded, rowAction), else
// a page control, counted against max_controls.
export const control = (el, tag, role, hasAttr, kr, ctx, hover) => {
  const covered = !!w.modalEl && !ctx.modal;
  if (ctx.rec) {
    rowAction(el, tag, role, hasAttr, kr, ctx, hover, covered);
    return;
  }
  w.controlsTotal++;
  if (w.controls.length >= w.maxControls) return;
  const c = describe(el, tag, role, hasAttr, kr, ctx, hover);
  c.key = keyOf(el);
  const r = el.getBoundingClientRect();
  let inVP = meets(r, ctx.clip);
  if (!inVP && r.width === 0 && r.height === 0 && hover && ctx.hoverOwner) {
    // one a handler of its owner's hover shows stands where its owner is
    inVP = meets(ctx.hoverOwner.getBoundingClientRect(), ctx.clip);
  } else if (!inVP && r.width === 0 && r.height === 0) {
    // a zero-size control is kept only when a visible label stands for it
    let lab = false;
    if (el.labels) for (const l of el.labels) if (vis(l) && l.getBoundingClientRect().width > 0) { lab = true; inVP = meets(l.getBoundingClientRect(), ctx.clip); }
    if (!lab) { w.controlsTotal--; return; }
  }
  c.in_viewport = inVP;
  const fo = focusOf(el, kr[0]);
  if (fo) c.focus = fo;
  if (covered) c.covered = true;
  else if (inVP && ctx.fi < 0 && overlaid(el, r)) c.covered = true;
  w.controls.push(c);
};

// rowAction reports a control inside a record as a row action: folded
// into one shape per (declared name, region) or (label or evidence, kind,
// region). Only a shape's first instance is described in full; each
// instance gives the record its key for the shape.
const rowAction = (el, tag, role, hasAttr, kr, ctx, hover, covered) => {
  const rec = ctx.rec;
  const k = foldKey(el, tag, hasAttr, kr, ctx);
  let sh = (k.nk && w.shapes.get(k.nk)) || w.shapes.get(k.sk);
  if (!sh) sh = newShape(el, tag, role, hasAttr, kr, ctx, hover, k);
  if (!w.shapes.has(k.sk)) w.shapes.set(k.sk, sh);
  if (k.nk && !w.shapes.has(k.nk)) w.shapes.set(k.nk, sh);
  const acts = rec.out.actions || (rec.out.actions = {});
  if (acts[sh.shape] !== undefined) return;
  if (w.slotLabel.has(sh) && w.slotLabel.get(sh) !== cut(k.acc)) w.slotLabel.set(sh, '');
  const sn = w.slotNames.get(sh);
  if (sn && sn.names.length <= 4 && !sn.names.includes(k.generic)) sn.names.push(k.generic);
  acts[sh.shape] = keyOf(el);
  const why = unavailableOf(el, tag, hasAttr);
  if (why) (rec.out.unavailable || (rec.out.unavailable = {}))[sh.shape] = why;
  sh.count++;
  if (rec.inVP) sh.in_viewport = true;
  else sh.offscreen++;
  if (hover) sh.hover_only = true;
  if (covered) sh._covered++;
};

// foldKey is what a row action folds by: {name, generic, acc, hint, sk,
// nk}. An inferred row action folds by its name once the row's own text
// is removed ("Buy groceries", "Mark Buy groceries done", a per-row user
// link lose it: nk), or else by its slot in the row's template (sk): a
// control whose text differs from row to row (a role chip saying Owner or
// Editor, Star or Unstar) is one entry, not one per text.
const foldKey = (el, tag, hasAttr, kr, ctx) => {
  const rec = ctx.rec;
  const dn = hasAttr ? el.getAttribute('data-pling-action') : null;
  const name = dn !== null ? cut(clean(dn), NAME_TEXT) : '';
  if (name) return { name, generic: '', acc: '', hint: '', sk: 'd\u0001' + name + '\u0001' + ctx.region, nk: '' };
  let acc = '', hint = '', nk = '';
  // the row itself as a control is named by its aria-label, never
  // by its text (the row's data)
  acc = w.widgetNow ? w.widgetNow.label : el === rec.el || kr[3] === 'cell' ? clean(el.getAttribute('aria-label')) : accName(el, tag, kr[1]);
  // a code editor's label comes with its kind (codeEditor: Jupyter's
  // "Edit code here" around each cell's editor)
  if (!acc && kr[2] && kr[0] === 'type') acc = kr[2];
  if (!w.widgetNow && el !== rec.el && (!acc || !LETTER.test(acc) || ligatureOnly(el, acc)) && kr[0] !== 'type' && kr[0] !== 'select') {
    const ic = iconOf(el);
    if (ic) acc = ic;
  }
  // a symbol with a title of words (Adminer's column grid: "+" Add next,
  // "↑" Move up, "x" Remove) is named by the title
  if (!w.widgetNow && el !== rec.el && kr[0] !== 'type' && kr[0] !== 'select') {
    const t = titleForSymbol(el, acc);
    if (t) acc = t;
  }
  // issue 18 pt 8: a title that is a sentence ("Click here to
  // rename, delete, etc." on every row's checkbox) says what the
  // control is for, it names nothing: the slot names it by what
  // it does (toggle(record)) and the title describes it
  if (!w.widgetNow && acc && !hint && acc === clean(el.getAttribute('title')) && !asLabel(acc) && !accName(el, tag, kr[1], true)) {
    hint = acc;
    acc = '';
  }
  // (a widget's name is never the row's text: a node called
  // "Expand plans" still has its expand)
  let generic = w.widgetNow ? acc : withoutRow(acc, el, kr[0], rec);
  // issue 18 pt 4: a control whose text is the row's data (Adminer's
  // table name, its sizes, its row count) and whose title says what it
  // does ("Show structure", "Select data") is named by its title
  let fromTitle = false;
  if (!generic && !w.widgetNow && !name && el !== rec.el && kr[0] !== 'type' && kr[0] !== 'select' && kr[0] !== 'check') {
    const t = asLabel(clean(el.getAttribute('title')));
    if (t && t !== acc) {
      generic = withoutRow(t, el, kr[0], rec);
      fromTitle = !!generic;
    }
  }
  const tail = '\u0001' + kr[0] + '\u0001' + ctx.region;
  // a widget's part (a tree node's twisty) folds by its name alone:
  // Expand and Collapse share a slot, never an entry
  const sk = w.widgetNow ? 'w\u0001' + w.widgetNow.label + tail : 'i\u0001' + listOf(rec.el) + '\u0001' + slotOf(el, rec.el) + tail;
  // (a title can hold the row's data too, MediaWiki's "User talk:Alice"
  // on each row's "talk": such a link folds by its slot, where the text
  // every row shows names it, newShape)
  if (generic && !fromTitle) nk = 'n\u0001' + generic + tail;
  return { name, generic, acc, hint, sk, nk, fromTitle };
};

// newShape describes a row action's first instance in full and makes its
// shape: named by the fold key's generic name, its evidence or its
// column's header, never by the row's own text.
const newShape = (el, tag, role, hasAttr, kr, ctx, hover, k) => {
  const rec = ctx.rec;
  const { name, generic, acc, hint } = k;
  const c = describe(el, tag, role, hasAttr, kr, ctx, hover);
  let ev = '';
  if (!name) {
    // the row itself as a control (a clickable mail item) is named
    // by what it does, not by the row's classes
    ev = el === rec.el ? '' : rowEvidence(el);
    // issue 18 pt 4: the row's data in the control's id or name words
    // (DokuWiki's name="delete[admin]") names no fold of every row
    if (c.evidence && el !== rec.el) {
      const text = rowText(rec);
      const own = clean(el.textContent || '').toLowerCase();
      const kept = c.evidence.split(' ').filter((wd) => occurrences(text, wd) <= occurrences(own, wd)).join(' ');
      if (kept) c.evidence = kept;
      else delete c.evidence;
    }
    if (c.label !== undefined && c.label !== generic) {
      // the row's own text is no name for the folded group
      if (generic) c.label = cut(generic);
      else {
        delete c.label;
        if (ev) c.evidence = cut(ev, NAME_TEXT);
      }
    }
    // issue 18: a field of a table row without a name of its own
    // (its label was the row's text) is named by its column's
    // header, not by its classes
    if (!generic && (kr[0] === 'type' || kr[0] === 'select') && rec.kind === 'table') {
      const h = columnHeader(el, rec.el);
      if (h && LETTER.test(h)) {
        c.label = cut(h);
        delete c.evidence;
      }
    }
    // a row's checkbox with no label of its own is named by its column's
    // header when that is words, else it selects the row (phpMyAdmin's
    // rows_to_delete[0] was rows_to(record), its tables' selected_tbl[])
    if (!generic && kr[0] === 'check' && c.label === undefined && rec.kind === 'table' && el !== rec.el) {
      const hc = columnHeaderCell(el, rec.el);
      const h = hc && !hc.querySelector(CTRL_SEL) ? columnHeader(el, rec.el) : '';
      c.label = h && LETTER.test(h) ? cut(h) : 'Select';
      delete c.evidence;
    }
    // a link whose text is the row's data (a table's name, its row
    // count) is named by its column: open_table(record) opens the row's
    // "Table" link, where open(record), open_2(record) said nothing
    // (finishShapes: a text every row shows, "Edit", names it first)
    if (!generic && kr[0] === 'link' && c.label === undefined && rec.kind === 'table' && el !== rec.el) {
      const h = columnHeader(el, rec.el);
      if (h && LETTER.test(h)) c.column = cut(h, NAME_TEXT);
    }
  }
  if (hint && !c.description) c.description = cut(hint);
  // what the row itself does when it is the control (clickableRow)
  if (el === rec.el && kr[3]) c.does = kr[3];
  // a clickable cell is named by its column's header: its text is the
  // row's data ("Widget", "9.99" made phpMyAdmin's cells widget_gadget
  // and 9_99_19_50)
  if (kr[3] === 'cell' && !name) {
    c.does = 'cell';
    delete c.evidence;
    delete c.label;
    const h = columnHeader(el, rec.el);
    if (h && LETTER.test(h)) c.label = cut(h);
  }
  const sh = { shape: c.declared ? c.name : 's' + (w.rowActions.length + 1) };
  for (const key of SHAPE_FIELDS) if (c[key] !== undefined) sh[key] = c[key];
  sh.in_viewport = false;
  sh.count = 0;
  sh.offscreen = 0;
  sh._covered = 0;
  sh._row = ctx.rec.el; // (its list's heading may tell it apart: shapeContexts)
  if (ctx.fi >= 0) sh.frame = ctx.fi;
  if (ctx.shadow) sh.shadow = true;
  if (!name && !w.widgetNow && kr[3] !== 'cell') {
    // a link whose text is the same on every row ("Edit") keeps it
    // (a text with a digit is the row's data that happens to repeat:
    // "0", "16,384", "0 B/s")
    if ((!generic || k.fromTitle) && kr[0] === 'link' && acc && !/\d/.test(acc)) {
      w.slotLabel.set(sh, cut(acc));
      // one of several links side by side in its cell (WordPress's row
      // actions: Edit | Delete | View) is an action, not the cell's value,
      // also when the list has one row to compare
      const cell = el.closest('td,th,[role=cell],[role=gridcell]');
      if (cell && rec.el.contains(cell) && cell.querySelectorAll('a[href]').length >= 3) sh._beside = true;
    }
    w.slotNames.set(sh, { names: [], ev, fromTitle: k.fromTitle });
  }
  w.rowActions.push(sh);
  return sh;
};

// sameNamedContexts gives each control whose label another control of
// its kind shares the heading of the nearest card, panel or section
// around it (Syncthing's two notification panels' OK, SB Admin 2's two
// cards' menu toggles): the name then says which (ok_notice,
// ellipsis_earnings_overview), where it said ok, ok_2. Only for such
// controls: the search climbs their ancestors.
export const sameNamedContexts = () => {
  // (a control named as a row action is, the bulk Edit under
  // phpMyAdmin's rows beside each row's Edit, is told apart too)
  const shapeLabels = new Set();
  for (const sh of w.rowActions) if (sh.label && !sh.declared) shapeLabels.add(sh.label.toLowerCase());
  const groups = new Map();
  for (let i = 0; i < w.controls.length; i++) {
    const c = w.controls[i];
    if (!c.label || c.declared) continue;
    const k = c.kind + '\u0001' + c.label.toLowerCase();
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  }
  let budget = 64;
  for (const [k, g] of groups) {
    if (g.length > 8 || (g.length < 2 && !shapeLabels.has(k.slice(k.indexOf('\u0001') + 1)))) continue;
    for (const i of g) {
      if (budget-- <= 0) return;
      const el = elOf(w.controls[i].key);
      const t = el ? contextOf(el) : '';
      if (t) w.controls[i].context = t;
    }
  }
};
const CONTEXT_SEL = 'h1,h2,h3,h4,h5,h6,[role=heading],legend,.card-title,.panel-title,.card-header,.panel-heading,.modal-title,.box-title,.widget-title';
// contextOf is the text of the heading nearest before el: a box header
// holding it (a card's header with its menu toggle, its text without
// its controls), or a heading among the few siblings before el or one
// of its ancestors, or among such a sibling's first four children (a
// panel's heading before its body, a page header's title). Never a
// whole subtree: the cost is the depth.
export const contextOf = (el) => {
  const lead = leadText(el);
  if (lead) return lead;
  for (let n = el, d = 0; n && d < 8 && n.localName !== 'body'; n = n.parentElement, d++) {
    if (n !== el && n.matches(CONTEXT_SEL)) {
      const t = contextText(n);
      if (t) return t;
    }
    for (let s = n.previousElementSibling, k = 0; s && k < 4; s = s.previousElementSibling, k++) {
      const h = s.matches(CONTEXT_SEL) ? s : headingChild(s);
      if (!h) continue;
      const t = contextText(h);
      if (t) return t;
    }
  }
  return '';
};
// leadText is a short text ending in a colon among the few siblings
// before el, past the controls between (phpMyAdmin's "With selected:"
// before its Edit, Copy, Delete and Export under the rows): what the
// controls after it act on. Any other text ends the search.
const leadText = (el) => {
  for (let s = el.previousElementSibling, k = 0; s && k < 6; s = s.previousElementSibling, k++) {
    if (isCtl(s, s.localName, true) || s.querySelector(CTRL_SEL) || !vis(s)) continue;
    const t = clean(gather(s, {}, 41));
    if (!t) continue;
    return t.length <= 40 && /:$/.test(t) && LETTER.test(t) ? t.slice(0, -1) : '';
  }
  return '';
};
// headingChild is the first of s's first four children that is a
// heading (Gentelella's page header: a pre-title, then the h1)
const headingChild = (s) => {
  let k = 0;
  for (let c = s.firstElementChild; c && k < 4; c = c.nextElementSibling, k++) if (c.matches(CONTEXT_SEL)) return c;
  return null;
};
const contextText = (h) => {
  const t = cut(gather(h, { skip: (c, tg) => skipButtons(c, tg) || statusPart(c) }, NAME_TEXT + 1), NAME_TEXT);
  return t && LETTER.test(t) ? t : '';
};

// SHAPE_FIELDS are the facts of a row action's first instance that its
// shape keeps.
const SHAPE_FIELDS = ['column', 'name', 'label', 'evidence', 'description', 'kind', 'role', 'effect', 'region', 'declared', 'confirm', 'handoff', 'input_type', 'secret', 'accept', 'multiple', 'multiline', 'name_from', 'does', 'double'];

// finishShapes labels the shapes once every row is seen: a slot's shared
// link text, or its names when they were a few ("Star / Unstar"), and
// covered when every instance was.
export const finishShapes = () => {
  for (const [sh, sn] of w.slotNames) {
    // one slot, several names: up to three names are the label ("Star /
    // Unstar"); more, or a name that was the row's own text, leave the
    // slot's evidence (its class words) or what the control does
    if (sn.names.length < 2) continue;
    // (titles that differ from row to row hold the rows' data: "User:Alice",
    // "User:Admin" name no slot)
    if (sn.names.length <= 3 && !sn.names.includes('') && !sn.fromTitle) {
      sh.label = cut(sn.names.join(' / '));
      delete sh.evidence;
    } else {
      delete sh.label;
      // (a data link's classes are no better a name: open(record))
      if (sn.ev && !sn.fromTitle) sh.evidence = cut(sn.ev, NAME_TEXT);
    }
  }
  for (const [sh, label] of w.slotLabel) {
    if (label && (sh.count > 1 || sh._beside)) {
      sh.label = label;
      delete sh.evidence;
    }
  }
  for (const sh of w.rowActions) {
    // a link whose text is the row's data (a table's name, its row
    // count) is named by its column: open_table(record) opens the row's
    // "Table" link, where open(record), open_2(record) said nothing
    if (sh.column) {
      if (!sh.label) {
        sh.label = sh.column;
        sh.does = 'open';
        delete sh.evidence;
      }
      delete sh.column;
    }
    if (sh._covered === sh.count && sh.count > 0) sh.covered = true;
    delete sh._covered;
    delete sh._beside;
    if (!sh.offscreen) delete sh.offscreen;
  }
  shapeContexts();
};

// shapeContexts gives the row actions that may end with one name, two
// to eight of one kind and one label (or none), the heading around their
// rows' list: WordPress's dashboard lists each have a row link, once
// open(record), open_2(record), open_3(record), and the name can say
// which list (open_recently_published, open_recent_comments).
const shapeContexts = () => {
  const groups = new Map();
  for (const sh of w.rowActions) {
    if (sh.declared) continue;
    const k = sh.kind + '\u0001' + (sh.label || sh.evidence || sh.does || '').toLowerCase();
    const g = groups.get(k);
    if (g) g.push(sh);
    else groups.set(k, [sh]);
  }
  for (const g of groups.values()) {
    if (g.length < 2 || g.length > 8) continue;
    for (const sh of g) {
      const t = sh._row && sh._row.isConnected ? contextOf(sh._row) : '';
      if (t) sh.context = t;
    }
  }
  for (const sh of w.rowActions) delete sh._row;
};

export function initFolding() {

  // listOf numbers a row's list (its parent): a slot is a place in one
  // list's template, not in every list of the region.
  w.lists = new Map();
}
