// visit.js: one element's visit, in named steps (the walk calls it for
// every element; it returns the context for the children or null).
import { w } from './state.js';
import { CTRL_ROLES, accName, codeEditor, ctlType, isEditable, roleOf, skipButtons } from './controls.js';
import { pushHidden } from './describe.js';
import { ERROR_CLASS, ERROR_WORDS, addFeedback, fieldBefore, noticeKind } from './feedback.js';
import { contextOf, control } from './folding.js';
import { clipsAll, meets, mostly } from './geometry.js';
import { hoverShown } from './hover.js';
import { hoverOwner } from '../../internal/js/hoverowner.js';
import { urlOf } from './icons.js';
import { bsBackdrop } from './modal.js';
import { addState, declStateOf, dlState, skipped } from './output.js';
import { NAME_TEXT, inWin, textHas } from './params.js';
import { formRow, perTable, propertyOf, recordKind } from './records.js';
import { regionOf, slug, uniqueRegionId } from './regions.js';
import { keyOf } from './registry.js';
import { CTRL_SEL, fieldOutsideEditors, KV_LINE, authorId, checkItem, fieldsOf, kvList, mix, ownText, recMatches, singleRow, templateOf } from './repeated.js';
import { COUNT_NAME, LETTER, clean, cut, gather, idrefEls, idrefText, shown, vis } from './text.js';
import { spinStep, treeControls, widgetOf } from './widgets.js';

export const frameClip = (el, ctx) => {
  const r = el.getBoundingClientRect();
  const pc = ctx.clip;
  const ox = pc.ox + r.left + el.clientLeft, oy = pc.oy + r.top + el.clientTop;
  return {
    ox, oy,
    l: Math.max(pc.l, ox), t: Math.max(pc.t, oy),
    r: Math.min(pc.r, ox + el.clientWidth), b: Math.min(pc.b, oy + el.clientHeight),
  };
};

export const SKIP_TAGS = new Set(['head', 'script', 'style', 'template', 'noscript', 'link', 'meta', 'title', 'base', 'svg', 'math', 'object', 'embed', 'canvas', 'video', 'audio', 'picture', 'img', 'br', 'hr', 'wbr', 'option', 'optgroup', 'datalist', 'map', 'area', 'source', 'track', 'param']);
export const CHECK_TAGS = new Set(['button', 'a', 'input', 'select', 'textarea', 'summary', 'details', 'li', 'tr', 'table', 'main', 'nav', 'aside', 'header', 'footer', 'form', 'section', 'dialog', 'iframe', 'frame', 'article', 'search', 'ul', 'ol', 'tbody']);
export const LEAF_TAGS = new Set(['input', 'select', 'textarea', 'iframe', 'frame', 'svg', 'img']);

// countFollowing counts, without a visit each, the sibling rows of the
// same kind that follow a count-only row on the stack; it stops at the
// node budget, the field window and anything that is not such a row.
export const countFollowing = (el, tag, role, rk) => {
  const p = el.parentElement;
  for (let n = el.nextElementSibling; n && w.stackEl[w.stackEl.length - 1] === n; n = n.nextElementSibling) {
    if (w.nodes >= w.maxNodes || inWin(w.recordsTotal)) return;
    if (n.localName !== tag) return;
    if ((w.findRec !== '' && recMatches(n, rk === 'decl')) || (w.found < w.recFields && textHas(n))) return; // walk the sought row
    const ha = n.hasAttributes();
    if ((ha ? roleOf(n) : '') !== role) return;
    if (ha && (n.getAttribute('aria-hidden') === 'true' || n.hasAttribute('inert') || (w.declRecords && !n.hasAttribute('data-pling-record')))) return;
    if (rk === 'table') {
      let td = false;
      for (let c = n.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'td') { td = true; break; }
      if (!td) return;
    } else if (rk === 'list' && w.listDecision.get(p) !== true) return;
    else if (rk !== 'list' && rk !== 'decl') return;
    w.stackEl.pop();
    w.stackCtx.pop();
    w.nodes++;
    if (shown(n)) {
      w.recordsTotal++;
      if (textHas(n)) w.found++; // a hit beyond the rows a find lists is counted
    }
    skipped(n);
  }
};

// pointerButton tells a clickable non-control from text: a short
// visible text, no control or handler inside, and either a click
// handler of its own (an onclick attribute or property, or a listener
// added with addEventListener, which listeners.js remembers from the
// document's start: issue 18 pt 7, a notebook's title <span> that
// opens the rename dialog) or cursor: pointer without a pointer on its
// parent (the topmost one: cursor is inherited, and a listener
// delegated to an ancestor cannot be seen).
// (an <a> without href styled as a button, as old jQuery apps write them)
export const POINTER_TAGS = new Set(['div', 'span', 'li', 'p', 'td', 'i', 'b', 'strong', 'em', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const POINTER_INNER = 'a[href],button,input,select,textarea,summary,[onclick],[role=button],[role=link],[contenteditable]';
export const boxed = (c) => {
  const st = getComputedStyle(c);
  return st.display !== 'inline' && st.display !== 'contents' && st.display !== 'none';
};
export const pointerGroup = (el) => {
  let n = 0;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (!LETTER.test(c.textContent || '') || !vis(c)) continue;
    if (!boxed(c)) return false;
    n++;
  }
  if (n < 2) return false;
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && LETTER.test(c.data)) return false;
  return true;
};
// clickHandler: el has a click handler of its own, or one jQuery
// delegates to it from an ancestor (delegatedTargets). Every document has
// listeners.js's watcher: from its start, or, in a tab the page opened,
// from its adoption, with the listeners bound before it read from the
// browser (page/js/adopt.js).
export const clickHandler = (el) => {
  if (el.hasAttribute('onclick') || typeof el.onclick === 'function') return true;
  if (w.delegated.has(el)) return true;
  const d = el.ownerDocument, win = d && d.defaultView;
  const m = win && win.__plingClicks;
  const s = m && typeof m.get === 'function' ? m.get(el) : undefined;
  return !!s && s.size > 0;
};
export const pointerButton = (el) => {
  const own = clickHandler(el);
  if (!own && getComputedStyle(el).cursor !== 'pointer') return false;
  const p = el.parentElement;
  if (!own && p && getComputedStyle(p).cursor === 'pointer' && !w.pointerGroups.has(p)) return false;
  if (isEditable(el) || el.querySelector(POINTER_INNER)) return false;
  const t = clean(el.textContent || '');
  if (!t || t.length > 40) return false;
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0)) return false;
  if (el.firstElementChild && el.firstElementChild.nextElementSibling && pointerGroup(el)) {
    w.pointerGroups.add(el);
    return false;
  }
  return true;
};
// clickableRow: issue 18 pt 7: a record whose own element is clickable
// (a job table's row that shows its log, a mail item) and holds no
// control of its own is one: by a click handler of its own, or by
// cursor: pointer set on the row or its list (not inherited from
// further out). Its controls, when it has some, are its actions.
export const clickableRow = (el) => {
  // (a code editor inside is the row's content: a notebook's cell, which
  // a click selects)
  if (fieldOutsideEditors(el, POINTER_INNER) || isEditable(el)) return false;
  if (clickHandler(el)) return true;
  if (getComputedStyle(el).cursor !== 'pointer') return false;
  let list = el.parentElement;
  if (list && (list.localName === 'tbody' || list.localName === 'thead' || list.localName === 'tfoot')) list = list.parentElement;
  const out = list && list.parentElement;
  return !(out && getComputedStyle(out).cursor === 'pointer');
};
// rowDisclosure: a clickable row that opens something under it (an
// aria-expanded row, or one followed by a row of another template, a
// details row shown or hidden) is named expand; any other, click.
export const rowDisclosure = (el) => {
  if (el.hasAttribute('aria-expanded')) return true;
  const n = el.nextElementSibling;
  if (!n || n.localName !== el.localName) return false;
  return !vis(n) || (templateOf(n, n.localName, n.hasAttributes() ? roleOf(n) : '') !== templateOf(el, el.localName, el.hasAttributes() ? roleOf(el) : '') && !clickHandler(n));
};
// detailsRow: issue 18 pt 7: the row an expandable row (rowDisclosure)
// shows under it, one cell across the columns (a job's log, DataTables'
// child row), is that row's details, not a record of its own.
// The cheap tests come first: every listed row asks about the row after
// it.
export const detailsRow = (tr) => {
  const cs = tr.cells;
  if (!cs || cs.length !== 1 || cs[0].colSpan < 2) return false;
  const p = tr.previousElementSibling;
  if (!p || p.localName !== 'tr' || formRow(tr)) return false;
  return clickableRow(p) && rowDisclosure(p);
};
// detailsOf is the shown details row of the table row tr, or null.
export const detailsOf = (tr) => {
  const n = tr.nextElementSibling;
  return n && n.localName === 'tr' && detailsRow(n) && vis(n) ? n : null;
};
// visit processes one element and returns the context for its children,
// or null when its subtree is not walked. It runs named steps over one
// visit state v ({el, ctx, tag, hasAttr, role, rk, hover, c2}); a step
// that returns true ends the visit (the subtree is not walked). c2 is
// the children's context: ctx itself until a step changes it (own).
export const visit = (el, ctx) => {
  const tag = el.localName;
  // graphics are skipped, unless a role makes one a control
  if (SKIP_TAGS.has(tag) && !((tag === 'svg' || tag === 'img') && el.hasAttribute('role'))) return null;
  const hasAttr = el.hasAttributes();
  let role = '';
  if (hasAttr) {
    // (a spinner's arrows are aria-hidden in jQuery UI, yet a person
    // clicks them: issue 18 pt 12)
    if ((el.getAttribute('aria-hidden') === 'true' && !spinStep(el, tag)) || el.hasAttribute('inert')) { skipped(el); return null; }
    role = roleOf(el);
  }
  const v = { el, ctx, tag, hasAttr, role, rk: '', hover: ctx.hover, c2: ctx };
  if (rowKind(v) || hiddenOrHover(v)) return null;
  if (hasAttr) noteDeclarations(v);
  if (tag === 'iframe' || tag === 'frame') { enterFrame(v); return null; }
  if (hasAttr && w.declState && el.hasAttribute('data-pling-state')) declStateOf(el);
  sectioning(v);
  regionStep(v);
  if (hasAttr && !v.c2.pager) pagerStep(v);
  if (v.rk && recordStep(v)) return null;
  if (!(w.declActions && !(hasAttr && el.hasAttribute('data-pling-action'))) && !w.widgetDone.has(el) && controlStep(v)) return null;
  if (v.c2.rec) rowStateMix(v);
  // key-value pairs: the <dt>/<dd> of a description list outside any
  // record ("Order total $128.40", "Status Delivered")
  if (tag === 'dl' && !w.declState && !v.c2.rec) dlState(el, v.c2.region);
  if (hasAttr) {
    if (!v.c2.fb) feedbackStep(v);
    const inv = el.getAttribute('aria-invalid');
    if (inv !== null && inv !== 'false' && inv !== '') invalidStep(v);
    // validation messages without a role: a visible short text in an
    // element whose class names it an error message (Bootstrap's
    // .invalid-feedback, .error-message, .field-error, .text-danger)
    if (!v.c2.fb && !v.c2.rec && !w.fbConsumed.has(el) && !w.fbByEl.has(el)) errorClassStep(v);
    inferredState(v);
  }
  if (tag === 'details' && !el.open) {
    const s = el.querySelector(':scope > summary');
    pushHidden(v.c2.region, s ? gather(s, {}, w.maxText + 1) : 'Details', 'details');
  }
  if (LEAF_TAGS.has(tag)) return null;
  return v.c2;
};

// own makes v.c2 the visit's own copy of its context before a step
// changes it, and returns it.
const own = (v) => {
  if (v.c2 === v.ctx) v.c2 = { ...v.ctx };
  return v.c2;
};

// rowKind sets v.rk, the kind of record el is ('' for none). A row beyond
// the id index and the field window is only counted: a cheap visibility
// test, no walk of its subtree (then it returns true).
const rowKind = (v) => {
  const { el, ctx, tag, role, hasAttr } = v;
  let rk = recordKind(el, tag, role, hasAttr, !!ctx.rec);
  if (!rk && tag === 'div' && !role && !w.declRecords && !ctx.rec && el.firstElementChild && checkItem(el)) rk = 'item';
  // Inferred rows are not taken from the page's footer (a copyright
  // line is no record), and a repeated item holds no inferred rows of
  // its own (a contact card's address and phone lines are its text).
  if (rk && rk !== 'decl' && (ctx.foot || (ctx.rec && (rk === 'repeat' || (ctx.rec.kind === 'repeat' && rk !== 'table'))))) rk = '';
  // A list of "Key: value" lines (a contact card's Address, Phone,
  // Email) is details of one thing, read as state, not records.
  if (rk === 'list' && kvList(el.parentElement)) {
    if (!w.declState) {
      const m = KV_LINE.exec(gather(el, { skip: skipButtons }, w.maxText + 1));
      if (m) addState(m[1], m[2], ctx.region ? ctx.region + ' details' : 'details', false);
    }
    rk = '';
  }
  // A table of "header | value" rows (Syncthing's This Device) is the
  // details of one thing, read as state; a control in a value cell is
  // named by its row's header (describe)
  if (rk === 'table' && tag === 'tr' && !w.declRecords && !ctx.rec) {
    const pr = propertyOf(el);
    if (pr) {
      if (!w.declState && pr.value) addState(pr.name, pr.value, propertyGroup(el, ctx), false);
      own(v).prop = pr;
      rk = '';
    }
  }
  // the details an expandable row shows under it are that row's
  // (its text a field of the row's record, its controls row actions)
  if (rk === 'table' && tag === 'tr' && !w.declRecords && detailsRow(el)) {
    rk = '';
    const rs = w.detailsOwner.get(el);
    if (rs) own(v).rec = rs;
  }
  v.rk = rk;
  if (rk && w.recordsTotal >= w.maxIDs && !inWin(w.recordsTotal) && !ctx.hover &&
      !(w.findRec !== '' && recMatches(el, rk === 'decl')) && !(w.found < w.recFields && textHas(el))) return countOnly(v);
  return false;
};

// propertyGroup is the group of a property table's state: the heading
// around the table (Syncthing's folder "Photos", "This Device"), else its
// region's details; one search per table.
const propertyGroup = (tr, ctx) => {
  return perTable(w.propGroups, tr.closest('table'), (t) => contextOf(t) || (ctx.region ? ctx.region + ' details' : 'details'));
};

// countOnly counts a row beyond the listed ones (and the rows of its kind
// that follow it) and returns true, or clears v.rk when el is no row.
const countOnly = (v) => {
  const { el, tag, role, rk } = v;
  if (!shown(el)) { skipped(el); return true; }
  let ok = true;
  if (rk === 'list') {
    const p = el.parentElement;
    ok = w.listDecision.get(p);
    if (ok === undefined) {
      ok = ownText(el);
      w.listDecision.set(p, ok);
    }
  } else if (rk === 'single') ok = singleRow(el);
  if (ok) {
    w.recordsTotal++;
    if (textHas(el)) w.found++; // a hit beyond the rows a find lists is counted
    skipped(el);
    countFollowing(el, tag, role, rk);
    return true;
  }
  v.rk = '';
  return false;
};

// hiddenOrHover ends the visit of a hidden element (reporting a hidden
// tab panel) unless it is a record's hover-only part, which the visit
// walks with hover set.
const hiddenOrHover = (v) => {
  const { el, ctx, tag, role, hasAttr } = v;
  let hover = ctx.hover, owner = null;
  // issue 11: a file input hidden behind its visible label (the usual
  // styled upload button) stays an upload action
  if (!hover && (hasAttr || CHECK_TAGS.has(tag) || el.shadowRoot) && !vis(el) &&
      !(tag === 'input' && el.type === 'file' && el.labels && Array.prototype.some.call(el.labels, vis))) {
    if (ctx.rec && hoverShown(el)) hover = true;
    // a hidden part holding controls that a handler of its owner's
    // mouseover shows (Adminer's header: its ↓ "descending" link)
    else if ((owner = hoverOwner(el)) && el.querySelector(CTRL_SEL)) hover = true;
    else {
      if (hasAttr && role === 'tabpanel') pushHidden(ctx.region, idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) || 'Tab panel', 'tab');
      skipped(el);
      return true;
    }
  }
  v.hover = hover;
  if (hover !== ctx.hover) v.c2 = owner ? { ...v.c2, hover, hoverOwner: owner } : { ...v.c2, hover };
  return false;
};

// noteDeclarations notes the declarations the walk meets (checked
// against the kept mode) and an aria-modal dialog.
const noteDeclarations = (v) => {
  const { el, ctx, tag, role } = v;
  if (!w.seen.regions && el.hasAttribute('data-pling-region')) w.seen.regions = true;
  if (!w.seen.actions && el.hasAttribute('data-pling-action')) w.seen.actions = true;
  if (!w.seen.records && el.hasAttribute('data-pling-record')) w.seen.records = true;
  if (!w.seen.state && el.hasAttribute('data-pling-state')) w.seen.state = true;
  if (ctx.fi >= 0) return;
  // issue 18: a Bootstrap modal its script showed without ARIA (a
  // visible .modal with its .modal-backdrop) is modal all the same, and
  // so is one with role=dialog but no aria-modal (Bootstrap 3's, Jupyter's)
  const aria = (role === 'dialog' || role === 'alertdialog') && el.getAttribute('aria-modal') === 'true';
  if (!aria && !((!role || role === 'dialog' || role === 'alertdialog') && tag === 'div' && el.classList.contains('modal') && bsBackdrop())) return;
  // of two open at once the one on top is the dialog a person answers
  // (Syncthing's Remove Folder confirmation over its Edit Folder dialog):
  // the higher z-index, else the later in the document; an aria-modal
  // dialog over a modal without ARIA
  const z = zIndexOf(el);
  if (!w.ariaModal || (aria && !w.ariaModalAria) || (aria === w.ariaModalAria && z >= w.ariaModalZ)) {
    w.ariaModal = el; w.ariaModalZ = z; w.ariaModalAria = aria;
  }
};

// zIndexOf is el's stacking order as a number (0 for auto).
const zIndexOf = (el) => {
  const z = parseInt(getComputedStyle(el).zIndex, 10);
  return Number.isFinite(z) ? z : 0;
};

// enterFrame lists a frame and, when its document can be read, pushes
// its root for the walk with the frame's clip.
const enterFrame = (v) => {
  const { el, c2 } = v;
  let doc = null;
  try { doc = el.contentDocument; } catch (e) { doc = null; }
  const idx = w.frames.length;
  let url = '';
  try { url = doc && doc.URL ? urlOf(doc.URL) : urlOf(el.src || 'about:blank'); } catch (e) { url = urlOf(el.src || 'about:blank'); }
  const walked = !!(doc && doc.documentElement);
  w.frames.push({ url, walked });
  if (!walked) return;
  w.framesWalked++;
  const clip = frameClip(el, c2);
  const fc = { ...c2, clip, fi: idx, shadow: false, doc };
  w.stackEl.push(doc.documentElement);
  w.stackCtx.push(fc);
};

// sectioning marks the modal dialog's subtree and the sectioning context
// for header/footer landmarks.
const sectioning = (v) => {
  const { el, ctx, tag } = v;
  if (el === w.modalEl) v.c2 = v.c2 === ctx ? { ...v.c2, modal: true } : (v.c2.modal = true, v.c2);
  if (!ctx.sect && (tag === 'article' || tag === 'aside' || tag === 'main' || tag === 'nav' || tag === 'section')) own(v).sect = true;
};

// regionStep lists el as a region when it is one.
const regionStep = (v) => {
  const { el, ctx, tag, role, hasAttr } = v;
  const rg = regionOf(el, tag, role, hasAttr, ctx);
  if (!rg) return;
  w.regionsTotal++;
  if (w.regions.length < w.maxRegions) {
    const id = uniqueRegionId(rg.base);
    const r = { id, key: keyOf(el), label: cut(rg.label) };
    if (rg.purpose) r.purpose = cut(rg.purpose);
    if (rg.role) r.role = rg.role;
    if (ctx.region) r.parent = ctx.region;
    if (rg.declared) r.declared = true;
    r.in_viewport = meets(el.getBoundingClientRect(), ctx.clip);
    r.active = !(w.modalEl && !v.c2.modal);
    w.regions.push(r);
    if (el === w.modalEl) w.modal.region = id;
    own(v).region = id;
  }
  if (rg.role === 'contentinfo' && !rg.declared) own(v).foot = true;
};

// pagerStep marks pagination-like containers.
const pagerStep = (v) => {
  const cls = v.el.getAttribute('class');
  const al = v.el.getAttribute('aria-label');
  if ((cls && /pagination|pager/i.test(cls)) || (al && /pag/i.test(al))) own(v).pager = true;
};

// recordStep lists el as a record (its fields when in the window) and
// makes it the children's record; it returns true when the row is only
// counted.
const recordStep = (v) => {
  const { el, rk } = v;
  const idx = w.recordsTotal;
  // A find lists the rows it gives fields (beyond max_record_ids
  // too); further hits are counted only.
  const hit = textHas(el);
  const inWindow = inWin(idx) || (hit && w.found < w.recFields);
  const listed = idx < w.maxIDs || inWindow || (w.findRec !== '' && recMatches(el, rk === 'decl'));
  let ok = true;
  if (rk === 'list') {
    const p = el.parentElement;
    if (listed || !w.listDecision.has(p)) {
      ok = ownText(el);
      if (!w.listDecision.has(p)) w.listDecision.set(p, ok);
    } else ok = w.listDecision.get(p);
    if (ok && p) w.R.lists.add(p);
  } else if (rk === 'single') ok = singleRow(el);
  if (!ok) return false;
  w.recordsTotal++;
  if (hit) w.found++;
  if (!listed) { skipped(el); return true; }
  listRecord(v, inWindow);
  return false;
};

// listRecord writes the record of a listed row.
const listRecord = (v, inWindow) => {
  const { el, rk } = v;
  const out = { id: authorId(el, rk === 'decl') };
  w.recordIds.add(out.id);
  if (rk === 'decl') {
    out.declared = true;
    const l = clean(el.getAttribute('data-pling-label'));
    if (l) out.label = cut(l);
  }
  if (v.c2.region) out.region = v.c2.region;
  const inVP = mostly(el.getBoundingClientRect(), v.c2.clip);
  out.in_viewport = inVP;

  const details = rk === 'table' && el.localName === 'tr' && !w.declRecords ? detailsOf(el) : null;
  if (inWindow) {
    out.has_fields = true;
    const f = fieldsOf(el, rk, out);
    if (details) {
      const d = gather(details, { skip: skipButtons, hover: hoverShown }, w.maxText + 1);
      if (d) f.push({ name: 'details', value: cut(d) });
    }
    if (f.length) out.fields = f;
  }
  w.records.push(out);
  const rs = { out, inVP, h: 0x811c9dc5, el, kind: rk, text: undefined, first: undefined };
  mix(rs, w.steady(el.textContent || ''));
  if (details) {
    mix(rs, w.steady(details.textContent || ''));
    w.detailsOwner.set(details, rs);
  }
  if (rk === 'decl' && el.firstElementChild) for (const x of el.querySelectorAll('[data-pling-value]')) mix(rs, x.getAttribute('data-pling-value'));
  w.recStates.push(rs);
  own(v).rec = rs;
  if (rk === 'tree') treeControls(el, v.c2, v.hover);
};

// controlStep describes el when it is a control (a widget's part, a
// control by tag or role, a code editor, a clickable non-control); it
// returns true when el's subtree is the control's own.
const controlStep = (v) => {
  const { el, tag, role, hasAttr, hover } = v;
  let c2 = v.c2;
  // issue 18 pts 13 and 12: a calendar's day or month arrow, a
  // spinner's arrow (widgets.js)
  const wd = hasAttr && !w.declActions ? widgetOf(el, tag, role) : null;
  if (wd) {
    w.widgetNow = wd;
    try {
      control(el, tag, role, hasAttr, wd.kr, wd.top && c2.rec ? { ...c2, rec: null } : c2, hover);
    } finally {
      w.widgetNow = null;
    }
    return true;
  }
  let kr = ctlType(el, tag, role);
  const editor = !kr && hasAttr ? codeEditor(el, tag) : null;
  if (editor) kr = editor;
  if (!kr && w.declActions) kr = ['click', role || ''];
  // A clickable element that is no control (a <div onclick>, a span
  // given a listener, styled cursor: pointer) is a button named by
  // its short text: only outside any control and only the element
  // holding the handler, or the topmost pointer element of a subtree
  // with no control or handler inside (cursor is inherited).
  // A record's own element is one when it is clickable and holds no
  // control (clickableRow): a folded row action named by what it
  // does (expand(record)).
  if (!kr && !w.declActions && !c2.ctl) {
    if (c2.rec && c2.rec.el === el) {
      if (c2.rec.kind !== 'decl' && clickableRow(el)) kr = ['click', 'button', '', rowDisclosure(el) ? 'expand' : 'click'];
    } else if (POINTER_TAGS.has(tag) && pointerButton(el)) {
      // a clickable cell of a table's row (phpMyAdmin's data cells,
      // which a double click edits) is the row's cell of its column,
      // never named by the data it shows (newShape)
      kr = c2.rec && c2.rec.kind === 'table' ? ['click', 'button', '', 'cell'] : ['click', 'button'];
    }
  }
  if (!kr) return false;
  // (a button, link or option no one sees: its subtree is skipped)
  // (not for a control inside a record's row: rows are many, and a row
  // of data keeps no control only screen readers reach)
  // (nor for one shown on hover: it has no box till then)
  if (!w.declActions && !hover && !(c2.rec && c2.rec.el !== el) && ((!FIELD_TAGS.has(tag) && clippedAway(el)) || fixedAway(el))) { skipped(el); return true; }
  control(el, tag, role, hasAttr, kr, c2, hover);
  // an editor's inside (its lines, its own textarea) is its content
  if (editor) return true;
  own(v).ctl = true;
  return false;
};

// clippedAway: a control that is rendered but that no one sees, because
// it or one of its four nearest ancestors is clipped to a box of a pixel
// or none (the screen-reader-only pattern: OOUI keeps a closed dropdown's
// options in a 1-pixel listbox, and typing into the dropdown listed them
// as options whose click reached nothing; MediaWiki's "Jump to" links).
// Form fields are kept: a visually hidden checkbox behind its styled
// label is still the field.
const FIELD_TAGS = new Set(['input', 'select', 'textarea']);
const clippedAway = (el) => {
  for (let n = el, d = 0; n && n.nodeType === 1 && d < 5; n = n.parentElement, d++) if (clipsAll(n)) return true;
  return false;
};

// fixedAway: a control outside the viewport that no scroll brings in,
// because a position: fixed box carries it (an off-canvas drawer, a
// console's panels parked beside the screen until their tab is chosen:
// phpMyAdmin's console kept fourteen options and checkboxes to the
// right of the window on every page). Scrolling the page does not move
// fixed content; a scroll container between the two, itself in view
// on that axis, may bring the control in, and then it is kept. A
// hover or a click on its tab shows such a panel in view, and the next
// observation lists it. (main document only: a frame's geometry is its
// own)
const fixedAway = (el) => {
  if (el.ownerDocument !== document) return false;
  const r = el.getBoundingClientRect();
  const outX = r.left >= w.VW || r.right <= 0, outY = r.top >= w.VH || r.bottom <= 0;
  if (!outX && !outY) return false;
  for (let n = el; n; n = n.parentElement) {
    let f = w.fixedMemo.get(n);
    if (f === undefined) {
      const cs = getComputedStyle(n);
      f = (cs.position === 'fixed' ? FIXED : 0) | (SCROLLS.test(cs.overflowX) ? SCROLL_X : 0) | (SCROLLS.test(cs.overflowY) ? SCROLL_Y : 0);
      w.fixedMemo.set(n, f);
    }
    // (a fixed sidebar that scrolls brings its lower items in)
    if ((outX && (f & SCROLL_X)) || (outY && (f & SCROLL_Y))) {
      const b = n.getBoundingClientRect();
      if ((!outX || (b.left < w.VW && b.right > 0)) && (!outY || (b.top < w.VH && b.bottom > 0))) return false;
    }
    if (f & FIXED) return true;
  }
  return false;
};
const FIXED = 4, SCROLL_X = 1, SCROLL_Y = 2;
const SCROLLS = /^(?:auto|scroll|hidden)$/;

// rowStateMix mixes a row's checked and selected states into its
// signature.
const rowStateMix = (v) => {
  const { el, tag, hasAttr } = v;
  if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) mix(v.c2.rec, el.checked ? '1' : '0');
  else if (hasAttr) {
    const ac = el.getAttribute('aria-checked'), as = el.getAttribute('aria-selected');
    if (ac !== null || as !== null) mix(v.c2.rec, ac + '|' + as);
  }
};

// feedbackStep reports el as feedback when it is declared or its role,
// live region or class says it is a message.
const feedbackStep = (v) => {
  const { el, tag, role } = v;
  const c2 = v.c2;
  const fd = el.getAttribute('data-pling-feedback');
  let kind = '';
  const live = el.getAttribute('aria-live');
  if (fd !== null) {
    // a declared message of no kind takes its role's: a status line
    // is not an error
    const k = clean(fd).toLowerCase();
    kind = k === 'warning' || k === 'status' || k === 'info' || k === 'error' || k === 'success' ? k
      : k === '' && (role === 'status' || role === 'log' || (role !== 'alert' && live === 'polite')) ? 'status' : 'error';
  } else if (role === 'alert') kind = 'error';
  else if (role === 'status' || role === 'log') kind = 'status';
  // assertive says how urgently a screen reader speaks, not that
  // something failed (WordPress's speak() says "Tag added" there): an
  // error when its class or its words say so ("Connection lost"), else
  // a status
  else if (live === 'assertive') kind = ERROR_CLASS.test(typeof el.className === 'string' ? el.className : '') || ERROR_WORDS.test(gather(el, { skip: skipButtons }, w.maxText + 1)) ? 'error' : 'status';
  else if (live === 'polite') kind = 'status';
  // an alert whose class says success or info is not an error
  // ("1 row affected."); a classed notice without a role is
  // feedback of its class's kind ("Settings saved.")
  if (fd === null && kind !== 'status') {
    const bare = !role && !live;
    const nk = role === 'alert' || live === 'assertive' || (bare && !c2.rec) ? noticeKind(el, tag, bare) : '';
    if (nk) kind = nk;
  }
  // a declared state element is state, not also feedback
  if (kind && !w.fbConsumed.has(el) && !(kind !== 'error' && kind !== 'warning' && w.stateSeen.has(el))) {
    const msg = gather(el, { skip: skipButtons }, w.maxText + 1);
    if (msg) {
      addFeedback(el, kind, msg, (fd !== null ? clean(el.getAttribute('data-pling-for')) : '') || w.fieldFor.get(el) || '', c2.region);
      own(v).fb = true;
    }
  }
};

// invalidStep reports an aria-invalid field's error message, giving the
// field to a message already reported.
const invalidStep = (v) => {
  const { el, tag, role } = v;
  const kr = ctlType(el, tag, role);
  if (!kr || !(kr[0] === 'type' || kr[0] === 'select' || kr[0] === 'check')) return;
  let refs = idrefEls(el, 'aria-errormessage');
  if (!refs.length) refs = idrefEls(el, 'aria-describedby');
  const field = accName(el, tag, kr[1]) || clean(el.getAttribute('name')) || clean(el.getAttribute('id'));
  // A message element already reported (an alert) gets the field; a
  // declared one reports itself, with its own data-pling-for.
  let done = false;
  const rest = [];
  for (const r of refs) {
    const prev = w.fbByEl.get(r);
    if (prev) {
      if (!prev.field) prev.field = cut(field, NAME_TEXT);
      done = true;
    } else if (r.hasAttribute('data-pling-feedback')) {
      if (!r.getAttribute('data-pling-for')) w.fieldFor.set(r, field);
      done = true;
    } else {
      w.fbConsumed.add(r);
      rest.push(r);
    }
  }
  const msg = clean(rest.map((r) => gather(r, { hidden: true }, w.maxText + 1)).join(' '));
  if (msg || !done) addFeedback(null, 'error', msg || 'Invalid value', field, v.c2.region);
};

// errorClassStep reports a short visible text whose class names it an
// error message.
const errorClassStep = (v) => {
  const { el } = v;
  const cls = typeof el.className === 'string' ? el.className : '';
  // a control styled red (phpMyAdmin's "Empty the table" link) is a
  // control, not a message
  // (Bootstrap 3's help block in a group marked has-error says what is
  // wrong with its field: Syncthing's "The entered device ID does not
  // look valid")
  if (cls && (ERROR_CLASS.test(cls) || (/(?:^|\s)help-block(?:\s|$)/.test(cls) && el.closest('.has-error'))) && !el.matches(CTRL_SEL) && !el.querySelector(CTRL_SEL)) {
    const msg = gather(el, { skip: skipButtons }, w.maxText + 1);
    if (msg && msg.length <= w.maxText) {
      addFeedback(el, 'error', msg, fieldBefore(el), v.c2.region);
      own(v).fb = true;
    }
  }
};

// inferredState reads state from ARIA (the selected tab, the sort, the
// current page or item), counts, and content hidden behind a
// disclosure.
const inferredState = (v) => {
  const { el, tag, role } = v;
  const c2 = v.c2;
  if (role === 'tab' && el.getAttribute('aria-selected') === 'true') addState('tab', accName(el, tag, 'tab'), 'tabs', false);
  const sort = el.getAttribute('aria-sort');
  if (sort === 'ascending' || sort === 'descending') addState('sort', clean(gather(el, { skip: skipButtons }, NAME_TEXT) + ' ' + sort), 'sort', false);
  const cur = el.getAttribute('aria-current');
  if (cur !== null && cur !== 'false' && cur !== '') {
    const val = accName(el, tag, 'link') || gather(el, {}, w.maxText + 1);
    if (val) {
      if (c2.pager || /^\d+$/.test(val)) addState('page', val, 'pagination', false);
      else addState('current', val, 'navigation', false);
    }
  }
  // counts: a short text with a number, in an element outside any
  // record whose id or class names it a count or total ("4 items
  // left" in TodoMVC's .todo-count)
  if (!w.declState && !c2.rec) {
    const words = ((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : '')).split(/\s+/);
    const word = words.find((x) => x && COUNT_NAME.test(x));
    if (word) {
      const val = clean(gather(el, {}, 61));
      if (val && val.length <= 60 && /\d/.test(val)) addState(slug(word).replace(/-/g, '_') || 'count', val, 'counts', false);
    }
  }
  // hidden content behind a disclosure
  if (el.getAttribute('aria-expanded') === 'false' && role !== 'combobox' && (tag === 'button' || tag === 'a' || tag === 'summary' || (role && CTRL_ROLES.has(role)))) {
    pushHidden(c2.region, accName(el, tag, role || 'button'), 'expand');
  }
};

// MAX_DELEGATED bounds the elements one delegated handler's selector may
// match: a broader one (every td of a long table) says little about any.
const MAX_DELEGATED = 2000;

// delegatedTargets: issue 18 pt 7: the elements a jQuery click handler
// delegated to an ancestor targets ($(tbody).on('click', 'tr', …): the
// row has no listener of its own). listeners.js lists the elements and
// the document given a click listener (jQuery's dispatcher among them:
// $(document).on('click', 'tr', …) is how most jQuery applications
// delegate); the page's jQuery
// data ($._data(el, 'events').click, whose first delegateCount handlers
// are delegated, each with its selector) names what each one targets.
// Top document only; empty without jQuery.
export const delegatedTargets = () => {
  const out = new Set();
  const list = window.__plingClickers, $ = window.jQuery;
  if (!Array.isArray(list) || !$ || typeof $._data !== 'function') return out;
  for (const ref of list) {
    const el = ref.deref();
    if (!el || !el.isConnected) continue;
    let hs = null;
    try { const ev = $._data(el, 'events'); hs = ev && ev.click; } catch (e) { continue; }
    const n = hs && hs.delegateCount > 0 ? Math.min(hs.delegateCount, hs.length) : 0;
    for (let i = 0; i < n; i++) {
      let found;
      try { found = el.querySelectorAll(hs[i].selector); } catch (e) { continue; } // jQuery-only selectors
      if (found.length > MAX_DELEGATED) continue;
      for (const t of found) out.add(t);
    }
  }
  return out;
};

export function initVisit() {
  w.delegated = delegatedTargets();
  // a listed row's details row (detailsOf) -> the row's record state
  w.detailsOwner = new WeakMap();
  // issue 18: a pointer element whose text is two or more boxes of
  // their own (two adjacent buttons made of spans under one handler) is
  // a group: each box is a button, never one "Reply Forward".
  w.pointerGroups = new WeakSet();
  // the listboxes options were met in (describe.js): an id and a label each
  w.listboxIds = new Map();
  w.clipMemo = new WeakMap();
  w.fixedMemo = new WeakMap();
  w.listboxLabels = new WeakMap();
}
