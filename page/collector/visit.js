import { w } from './state.js';
import { CTRL_ROLES, accName, codeEditor, ctlType, isEditable, roleOf, skipButtons } from './controls.js';
import { pushHidden } from './describe.js';
import { ERROR_CLASS, addFeedback, fieldBefore, noticeKind } from './feedback.js';
import { control } from './folding.js';
import { meets, mostly } from './geometry.js';
import { hoverShown } from './hover.js';
import { urlOf } from './icons.js';
import { bsBackdrop } from './modal.js';
import { addState, declStateOf, dlState, skipped } from './output.js';
import { NAME_TEXT, inWin, textHas } from './params.js';
import { recordKind } from './records.js';
import { regionOf, slug, uniqueRegionId } from './regions.js';
import { keyOf } from './registry.js';
import { CTRL_SEL, KV_LINE, authorId, checkItem, fieldsOf, kvList, mix, ownText, recMatches, singleRow, templateOf } from './repeated.js';
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

// visit processes one element and returns the context for its children,
// or null when its subtree is not walked.
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
// clickHandler: el has a click handler of its own.
export const clickHandler = (el) => {
  if (el.hasAttribute('onclick') || typeof el.onclick === 'function') return true;
  const d = el.ownerDocument, w = d && d.defaultView;
  const m = w && w.__plingClicks;
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
  if (el.querySelector(POINTER_INNER) || isEditable(el)) return false;
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
  // A row beyond the id index and the field window is only counted:
  // a cheap visibility test, no walk of its subtree.
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
  if (rk && w.recordsTotal >= w.maxIDs && !inWin(w.recordsTotal) && !ctx.hover &&
      !(w.findRec !== '' && recMatches(el, rk === 'decl')) && !(w.found < w.recFields && textHas(el))) {
    if (!shown(el)) { skipped(el); return null; }
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
      return null;
    }
    rk = '';
  }
  let hover = ctx.hover;
  // issue 11: a file input hidden behind its visible label (the usual
  // styled upload button) stays an upload action
  if (!hover && (hasAttr || CHECK_TAGS.has(tag) || el.shadowRoot) && !vis(el) &&
      !(tag === 'input' && el.type === 'file' && el.labels && Array.prototype.some.call(el.labels, vis))) {
    if (ctx.rec && hoverShown(el)) hover = true;
    else {
      if (hasAttr && role === 'tabpanel') pushHidden(ctx.region, idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) || 'Tab panel', 'tab');
      skipped(el);
      return null;
    }
  }
  let c2 = hover === ctx.hover ? ctx : { ...ctx, hover };
  if (hasAttr) {
    if (!w.seen.regions && el.hasAttribute('data-pling-region')) w.seen.regions = true;
    if (!w.seen.actions && el.hasAttribute('data-pling-action')) w.seen.actions = true;
    if (!w.seen.records && el.hasAttribute('data-pling-record')) w.seen.records = true;
    if (!w.seen.state && el.hasAttribute('data-pling-state')) w.seen.state = true;
    if ((role === 'dialog' || role === 'alertdialog') && el.getAttribute('aria-modal') === 'true' && ctx.fi < 0) w.ariaModal = el;
    // issue 18: a Bootstrap modal its script showed without ARIA (a
    // visible .modal with its .modal-backdrop) is modal all the same
    else if (!w.ariaModal && ctx.fi < 0 && !role && tag === 'div' && el.classList.contains('modal') && bsBackdrop()) w.ariaModal = el;
  }
  if (tag === 'iframe' || tag === 'frame') {
    let doc = null;
    try { doc = el.contentDocument; } catch (e) { doc = null; }
    const idx = w.frames.length;
    let url = '';
    try { url = doc && doc.URL ? urlOf(doc.URL) : urlOf(el.src || 'about:blank'); } catch (e) { url = urlOf(el.src || 'about:blank'); }
    const walked = !!(doc && doc.documentElement);
    w.frames.push({ url, walked });
    if (!walked) return null;
    w.framesWalked++;
    const clip = frameClip(el, c2);
    const fc = { ...c2, clip, fi: idx, shadow: false, doc };
    w.stackEl.push(doc.documentElement);
    w.stackCtx.push(fc);
    return null;
  }
  if (hasAttr && w.declState && el.hasAttribute('data-pling-state')) declStateOf(el);
  if (el === w.modalEl) c2 = c2 === ctx ? { ...c2, modal: true } : (c2.modal = true, c2);
  // sectioning context for header/footer landmarks
  if (!ctx.sect && (tag === 'article' || tag === 'aside' || tag === 'main' || tag === 'nav' || tag === 'section')) {
    if (c2 === ctx) c2 = { ...ctx };
    c2.sect = true;
  }
  // region
  const rg = regionOf(el, tag, role, hasAttr, ctx);
  if (rg) {
    w.regionsTotal++;
    if (w.regions.length < w.maxRegions) {
      const id = uniqueRegionId(rg.base);
      const r = { id, key: keyOf(el), label: cut(rg.label) };
      if (rg.purpose) r.purpose = cut(rg.purpose);
      if (rg.role) r.role = rg.role;
      if (ctx.region) r.parent = ctx.region;
      if (rg.declared) r.declared = true;
      r.in_viewport = meets(el.getBoundingClientRect(), ctx.clip);
      r.active = !(w.modalEl && !c2.modal);
      w.regions.push(r);
      if (el === w.modalEl) w.modal.region = id;
      if (c2 === ctx) c2 = { ...ctx };
      c2.region = id;
    }
    if (rg.role === 'contentinfo' && !rg.declared) {
      if (c2 === ctx) c2 = { ...ctx };
      c2.foot = true;
    }
  }
  // pagination-like containers
  if (hasAttr && !c2.pager) {
    const cls = el.getAttribute('class');
    const al = el.getAttribute('aria-label');
    if ((cls && /pagination|pager/i.test(cls)) || (al && /pag/i.test(al))) {
      if (c2 === ctx) c2 = { ...ctx };
      c2.pager = true;
    }
  }
  // record
  if (rk) {
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
    if (ok) {
      w.recordsTotal++;
      if (hit) w.found++;
      if (!listed) { skipped(el); return null; }
      const out = { id: authorId(el, rk === 'decl') };
      w.recordIds.add(out.id);
      if (rk === 'decl') {
        out.declared = true;
        const l = clean(el.getAttribute('data-pling-label'));
        if (l) out.label = cut(l);
      }
      if (c2.region) out.region = c2.region;
      const inVP = mostly(el.getBoundingClientRect(), c2.clip);
      out.in_viewport = inVP;

      if (inWindow) {
        out.has_fields = true;
        const f = fieldsOf(el, rk, out);
        if (f.length) out.fields = f;
      }
      w.records.push(out);
      const rs = { out, inVP, h: 0x811c9dc5, el, kind: rk, text: undefined, first: undefined };
      mix(rs, el.textContent || '');
      if (rk === 'decl' && el.firstElementChild) for (const v of el.querySelectorAll('[data-pling-value]')) mix(rs, v.getAttribute('data-pling-value'));
      w.recStates.push(rs);
      if (c2 === ctx) c2 = { ...ctx };
      c2.rec = rs;
      if (rk === 'tree') treeControls(el, c2, hover);
    }
  }
  // control
  if (!(w.declActions && !(hasAttr && el.hasAttribute('data-pling-action'))) && !w.widgetDone.has(el)) {
    // issue 18 pts 13 and 12: a calendar's day or month arrow, a
    // spinner's arrow (17a-widgets.js)
    const wd = hasAttr && !w.declActions ? widgetOf(el, tag, role) : null;
    if (wd) {
      w.widgetNow = wd;
      try {
        control(el, tag, role, hasAttr, wd.kr, wd.top && c2.rec ? { ...c2, rec: null } : c2, hover);
      } finally {
        w.widgetNow = null;
      }
      return null;
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
      } else if (POINTER_TAGS.has(tag) && pointerButton(el)) kr = ['click', 'button'];
    }
    if (kr) {
      control(el, tag, role, hasAttr, kr, c2, hover);
      // an editor's inside (its lines, its own textarea) is its content
      if (editor) return null;
      if (c2 === ctx) c2 = { ...ctx };
      c2.ctl = true;
    }
  }
  if (c2.rec) {
    if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) mix(c2.rec, el.checked ? '1' : '0');
    else if (hasAttr) {
      const ac = el.getAttribute('aria-checked'), as = el.getAttribute('aria-selected');
      if (ac !== null || as !== null) mix(c2.rec, ac + '|' + as);
    }
  }
  // key-value pairs: the <dt>/<dd> of a description list outside any
  // record ("Order total $128.40", "Status Delivered")
  if (tag === 'dl' && !w.declState && !c2.rec) dlState(el, c2.region);
  if (hasAttr) {
    // feedback
    if (!c2.fb) {
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
      else if (live === 'assertive') kind = 'error';
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
          if (c2 === ctx) c2 = { ...ctx };
          c2.fb = true;
        }
      }
    }
    const inv = el.getAttribute('aria-invalid');
    if (inv !== null && inv !== 'false' && inv !== '') {
      const kr = ctlType(el, tag, role);
      if (kr && (kr[0] === 'type' || kr[0] === 'select' || kr[0] === 'check')) {
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
        if (msg || !done) addFeedback(null, 'error', msg || 'Invalid value', field, c2.region);
      }
    }
    // validation messages without a role: a visible short text in an
    // element whose class names it an error message (Bootstrap's
    // .invalid-feedback, .error-message, .field-error, .text-danger)
    if (!c2.fb && !c2.rec && !w.fbConsumed.has(el) && !w.fbByEl.has(el)) {
      const cls = typeof el.className === 'string' ? el.className : '';
      if (cls && ERROR_CLASS.test(cls) && !el.querySelector(CTRL_SEL)) {
        const msg = gather(el, { skip: skipButtons }, w.maxText + 1);
        if (msg && msg.length <= w.maxText) {
          addFeedback(el, 'error', msg, fieldBefore(el), c2.region);
          if (c2 === ctx) c2 = { ...ctx };
          c2.fb = true;
        }
      }
    }
    // inferred state
    if (role === 'tab' && el.getAttribute('aria-selected') === 'true') addState('tab', accName(el, tag, 'tab'), 'tabs', false);
    const sort = el.getAttribute('aria-sort');
    if (sort === 'ascending' || sort === 'descending') addState('sort', clean(gather(el, { skip: skipButtons }, NAME_TEXT) + ' ' + sort), 'sort', false);
    const cur = el.getAttribute('aria-current');
    if (cur !== null && cur !== 'false' && cur !== '') {
      const v = accName(el, tag, 'link') || gather(el, {}, w.maxText + 1);
      if (v) {
        if (c2.pager || /^\d+$/.test(v)) addState('page', v, 'pagination', false);
        else addState('current', v, 'navigation', false);
      }
    }
    // counts: a short text with a number, in an element outside any
    // record whose id or class names it a count or total ("4 items
    // left" in TodoMVC's .todo-count)
    if (!w.declState && !c2.rec && hasAttr) {
      const words = ((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : '')).split(/\s+/);
      const w = words.find((x) => x && COUNT_NAME.test(x));
      if (w) {
        const v = clean(gather(el, {}, 61));
        if (v && v.length <= 60 && /\d/.test(v)) addState(slug(w).replace(/-/g, '_') || 'count', v, 'counts', false);
      }
    }
    // hidden content behind a disclosure
    if (el.getAttribute('aria-expanded') === 'false' && role !== 'combobox' && (tag === 'button' || tag === 'a' || tag === 'summary' || (role && CTRL_ROLES.has(role)))) {
      pushHidden(c2.region, accName(el, tag, role || 'button'), 'expand');
    }
  }
  if (tag === 'details' && !el.open) {
    const s = el.querySelector(':scope > summary');
    pushHidden(c2.region, s ? gather(s, {}, w.maxText + 1) : 'Details', 'details');
  }
  if (LEAF_TAGS.has(tag)) return null;
  return c2;
};

export function initVisit() {
  // issue 18: a pointer element whose text is two or more boxes of
  // their own (two adjacent buttons made of spans under one handler) is
  // a group: each box is a button, never one "Reply Forward".
  w.pointerGroups = new WeakSet();
}
