// act.js: prepares one input step on the element a collector key names.
// Called as (params) => result with params {key, op, hover_row, dy}.
// It scrolls the target into view (centre), checks that it is enabled and
// not covered (hit test at its centre), and returns the viewport point to
// send real input events to: {ok, x, y, row_x, row_y} or {ok:false, code,
// reason}. A target whose centre lies outside the viewport (a control kept
// off screen until its row is hovered or focused) is TARGET_NOT_REACHED,
// with a point on its row (row_x, row_y, has_row) to hover before a second
// try with params.reveal, which focuses the target first. One covered by
// something that is no dialog answers TARGET_COVERED with move and the
// target's point (x, y): the caller moves the pointer there and tries
// again with params.moved, which gives the page a moment to let the cover
// go (uncovered). For op "scroll" it scrolls the page or the keyed region and
// returns {ok:true}. For op "select" it chooses the option by label or value
// and fires input/change, as a person's choice would. A click also returns
// nav: the resolved URLs it would open (the href of the target's closest
// <a>/<area>, and of the element hit at the point; a submit button's form
// action), so the navigation policy can refuse it before the click.//
// prep.js composes it into one step's evaluation. The hit test is
// acthit.js; the element comes from the collector's registry
// (internal/js).
'use strict';

import { elOf, existingLoose } from '../../internal/js/registry.js';
import { place } from './acthit.js';
import { optionFor } from '../../internal/js/options.js';
import { hoverOwner } from '../../internal/js/hoverowner.js';

// ROW is what holds a control shown only when its row is hovered.
const ROW = "[data-pling-record], tr, li, [role=row], [role=listitem], article";

// scroll scrolls the keyed region el, or the page, by 90% of a view.
const scroll = (el, params) => {
  const target = el || document.scrollingElement || document.documentElement;
  const dy = Math.round((params.dy || 1) * (el ? el.clientHeight : window.innerHeight) * 0.9);
  target.scrollBy({ top: dy, behavior: "instant" });
  return { ok: true };
};

// hoverRow brings the row of a control shown only on hover into view and
// returns a point on the row (left of centre, away from row buttons) to
// hover, or null when it has no row.
const hoverRow = (el) => {
  // (a part a handler shows on its owner's hover: the owner)
  const row = hoverOwner(el) || el.closest(ROW) || el.parentElement;
  if (!row) return null;
  row.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
  const rr = row.getBoundingClientRect();
  return { ok: true, row_x: rr.left + Math.min(rr.width / 2, 40), row_y: rr.top + rr.height / 2 };
};

// select chooses the option of a select that value names (optionFor: by
// text or value, also one a long select did not list) and fires input
// and change, as a person's choice would.
const select = (el, value) => {
  // the focus first, as a person's click gives it: the field left behind
  // may add options on its blur (WordPress's display name)
  el.focus();
  const found = optionFor(el, String(value));
  if (!found.opt) return { ok: false, code: "INVALID_ARGUMENT", reason: found.reason };
  el.value = found.opt.value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return { ok: true, done: true };
};

// offscreen is the answer for a control whose centre lies outside the
// viewport: a click can only reach a point inside it, and a control kept
// far off screen (WordPress's row actions at left: -9999em until the row
// is hovered or focused) is not reached where it stands. The first answer
// carries a point on its row for the caller to hover before it tries
// again with params.reveal.
const offscreen = (el, params, view) => {
  const out = { ok: false, code: "TARGET_NOT_REACHED", reason: "the control stays outside the viewport (off screen where it stands) even with its row hovered and itself focused, so a click cannot reach it; observe again, or reach the same thing another way (its page's link, a menu, a form)" };
  if (!params.reveal) {
    const row = el.closest(ROW);
    if (row) {
      row.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      const rr = row.getBoundingClientRect();
      const rx = rr.left + Math.min(rr.width / 2, 40), ry = rr.top + rr.height / 2;
      if (rx >= 0 && ry >= 0 && rx < view.innerWidth && ry < view.innerHeight) { out.row_x = rx; out.row_y = ry; out.has_row = true; }
    }
  }
  return out;
};

// navOf is the URLs a click on el (hit at its point) would open: the href
// of its closest <a>/<area> and of the hit element's, and a submit
// button's form action.
const navOf = (el, hit) => {
  const nav = [];
  const linkOf = (n) => {
    const a = n && n.closest && n.closest("a[href], area[href]");
    if (a && typeof a.href === "string" && a.href) nav.push(a.href);
  };
  linkOf(el);
  if (hit && hit !== el) linkOf(hit);
  if (el.form && (el.type === "submit" || el.type === "image") && typeof el.formAction === "string" && el.formAction) {
    nav.push(el.formAction);
  }
  return nav;
};

export default (params) => {
  const el = params.key ? elOf(existingLoose(), params.key) : null;
  if (params.op === "scroll") return scroll(el, params);
  if (!el || !el.isConnected) {
    return { ok: false, code: "ACTION_NOT_FOUND", reason: "the element is gone from the page; observe again" };
  }
  if (el.disabled || el.getAttribute("aria-disabled") === "true" || el.closest("[inert]")) {
    return { ok: false, code: "UNAVAILABLE", reason: "the control is disabled" };
  }
  if (params.hover_row) {
    const row = hoverRow(el);
    if (row) return row;
  }
  if (params.reveal) {
    // The second try at a control the click could not reach: the row is
    // hovered (by the caller) and the control focused, as a person tabbing
    // to it would (WordPress shows row actions on :focus-within and on
    // focus), then it is placed and hit-tested again.
    try { el.focus({ preventScroll: true }); } catch (e) { /* not focusable */ }
  }
  if (params.op === "select" && el.tagName === "SELECT") {
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    return select(el, params.value);
  }
  // When the scroll moved the control, a page that places things on
  // scroll (OOUI re-clips an open menu) moves them in its next frames: the
  // point is measured once they are placed (settled), or a click aimed at
  // "de - Deutsch" lands five options below it.
  if (params.moved) return uncovered(el, params);
  return intoView(el) ? settled(el, params, 3) : placed(el, params);
};

// UNCOVER_MS bounds how long a control covered after the pointer moved
// onto it waits for the cover to go (a tooltip's fade: jQuery's 400 ms).
const UNCOVER_MS = 500;

// frame calls f after the next frame (at most 50 ms: a tab that renders
// none).
const frame = (f) => {
  let done = false;
  const go = () => { if (!done) { done = true; f(); } };
  requestAnimationFrame(go);
  setTimeout(go, 50);
};

// uncovered places el once the pointer moved onto it (params.moved, after
// a cover that a move may dismiss: a tooltip its resting place held open).
// The page gets two frames to hide what the pointer left (a handler of
// mouseout, a frame-timed hide), then, while a cover that is no dialog is
// still there, a frame more, up to UNCOVER_MS; still covered, the refusal
// says by what.
const uncovered = (el, params) => new Promise((resolve) => {
  const t0 = performance.now();
  const next = () => {
    const p = placed(el, params);
    if (p.ok === false && p.move && performance.now() - t0 < UNCOVER_MS) frame(next);
    else resolve(p);
  };
  frame(() => frame(next));
});

// intoView scrolls el to the centre of the viewport and says whether
// that moved it.
const intoView = (el) => {
  const a = el.getBoundingClientRect();
  el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  const b = el.getBoundingClientRect();
  return a.top !== b.top || a.left !== b.left;
};

// settled waits three frames (the scroll event, the page's frame that
// answers it, one more; at most 150 ms: a tab that renders none), then
// brings el into view again; when that moved it, another round (the last
// only waits).
const settled = (el, params, rounds) => new Promise((resolve) => {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    resolve(rounds > 0 && el.isConnected && intoView(el) ? settled(el, params, rounds - 1) : placed(el, params));
  };
  requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(finish)));
  setTimeout(finish, 150);
});

// placed measures el where it stands now and hit-tests its centre: the
// point to click, or why there is none.
const placed = (el, params) => {
  if (!el.isConnected) return { ok: false, code: "ACTION_NOT_FOUND", reason: "the element is gone from the page; observe again" };
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) {
    return { ok: false, code: "UNAVAILABLE", reason: "the control is not rendered (hidden)" };
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const doc = el.ownerDocument;
  const view = doc.defaultView || window;
  if (!(x >= 0 && y >= 0 && x < view.innerWidth && y < view.innerHeight)) return offscreen(el, params, view);
  const p = place(el, doc, x, y);
  if (p.ok === false) return p;
  return { ok: true, x: p.x, y: p.y, nav: navOf(el, p.hit) };
};
