// act.js: prepares one input step on the element a collector key names.
// Called as (params) => result with params {key, op, hover_row, dy}.
// It scrolls the target into view (centre), checks that it is enabled and
// not covered (hit test at its centre), and returns the viewport point to
// send real input events to: {ok, x, y, row_x, row_y} or {ok:false, code,
// reason}. A target whose centre lies outside the viewport (a control kept
// off screen until its row is hovered or focused) is TARGET_NOT_REACHED,
// with a point on its row (row_x, row_y, has_row) to hover before a second
// try with params.reveal, which focuses the target first. For op "scroll" it scrolls the page or the keyed region and
// returns {ok:true}. For op "select" it chooses the option by label or value
// and fires input/change, as a person's choice would. A click also returns
// nav: the resolved URLs it would open (the href of the target's closest
// <a>/<area>, and of the element hit at the point; a submit button's form
// action), so the navigation policy can refuse it before the click.
(params) => {
  const reg = window.__pling;
  const el = params.key && reg && typeof reg.el === "function" ? reg.el(params.key) : null;
  if (params.op === "scroll") {
    const target = el || document.scrollingElement || document.documentElement;
    const dy = Math.round((params.dy || 1) * (el ? el.clientHeight : window.innerHeight) * 0.9);
    target.scrollBy({ top: dy, behavior: "instant" });
    return { ok: true };
  }
  if (!el || !el.isConnected) {
    return { ok: false, code: "ACTION_NOT_FOUND", reason: "the element is gone from the page; observe again" };
  }
  if (el.disabled || el.getAttribute("aria-disabled") === "true" || el.closest("[inert]")) {
    return { ok: false, code: "UNAVAILABLE", reason: "the control is disabled" };
  }
  if (params.hover_row) {
    // A control shown only on hover: bring its row into view and return a
    // point on the row (left of centre, away from row buttons) to hover.
    const row = el.closest("[data-pling-record], tr, li, [role=row], [role=listitem], article") || el.parentElement;
    if (row) {
      row.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      const rr = row.getBoundingClientRect();
      return { ok: true, row_x: rr.left + Math.min(rr.width / 2, 40), row_y: rr.top + rr.height / 2 };
    }
  }
  if (params.reveal) {
    // The second try at a control the click could not reach: the row is
    // hovered (by the caller) and the control focused, as a person tabbing
    // to it would (WordPress shows row actions on :focus-within and on
    // focus), then it is placed and hit-tested again.
    try { el.focus({ preventScroll: true }); } catch (e) { /* not focusable */ }
  }
  el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  if (params.op === "select" && el.tagName === "SELECT") {
    const want = String(params.value);
    const opt = Array.from(el.options).find(o => o.label === want || o.text.trim() === want || o.value === want);
    if (!opt) return { ok: false, code: "INVALID_ARGUMENT", reason: "no option " + JSON.stringify(want) };
    el.focus();
    el.value = opt.value;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    return { ok: true, done: true };
  }
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) {
    return { ok: false, code: "UNAVAILABLE", reason: "the control is not rendered (hidden)" };
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const doc = el.ownerDocument;
  const view = doc.defaultView || window;
  // A click can only reach a point inside the viewport: a control kept far
  // off screen (WordPress's row actions at left: -9999em until the row is
  // hovered or focused) is not reached where it stands. The first answer
  // carries a point on its row for the caller to hover before it tries
  // again with params.reveal.
  if (!(x >= 0 && y >= 0 && x < view.innerWidth && y < view.innerHeight)) {
    const out = { ok: false, code: "TARGET_NOT_REACHED", reason: "the control stays outside the viewport (off screen where it stands) even with its row hovered and itself focused, so a click cannot reach it; observe again, or reach the same thing another way (its page's link, a menu, a form)" };
    if (!params.reveal) {
      const row = el.closest("[data-pling-record], tr, li, [role=row], [role=listitem], article");
      if (row) {
        row.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
        const rr = row.getBoundingClientRect();
        const rx = rr.left + Math.min(rr.width / 2, 40), ry = rr.top + rr.height / 2;
        if (rx >= 0 && ry >= 0 && rx < view.innerWidth && ry < view.innerHeight) { out.row_x = rx; out.row_y = ry; out.has_row = true; }
      }
    }
    return out;
  }
  // Hit test in the element's own document, through open shadow roots: the
  // topmost element at the centre must be the target or inside it (or a
  // label for it).
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  // A shadow DOM polyfill (platform.js) answers elementFromPoint with its
  // wrappers; compare the native nodes underneath.
  const raw = (n) => {
    try {
      const P = window.ShadowDOMPolyfill;
      return n && P && P.unwrapIfNeeded ? P.unwrapIfNeeded(n) : n;
    } catch (e) { return n; }
  };
  const target = raw(el);
  const up = (c) => c.parentNode || c.host || null;
  // The hit is the target when it is the target or inside it, or a shadow
  // host of the target's tree (a closed root the hit test stopped at).
  const inside = (n) => {
    for (let c = n, d = 0; c && d < 4096; c = up(c), d++) {
      if (c === el || raw(c) === target) return true;
    }
    const h = raw(n);
    for (let r = target.getRootNode ? target.getRootNode() : null, d = 0; r && r.host && d < 64; r = r.host.getRootNode(), d++) {
      if (r.host === h) return true;
    }
    return false;
  };
  const coveredBy = (top) => {
    const dlg = top.closest && top.closest("dialog, [role=dialog], [role=alertdialog]");
    const by = dlg ? ("the dialog " + JSON.stringify((dlg.getAttribute("aria-label") || dlg.textContent || "").trim().slice(0, 60))) : "another element";
    return { ok: false, code: "TARGET_COVERED", reason: "the control is covered by " + by };
  };
  if (!hit) {
    return { ok: false, code: "TARGET_NOT_REACHED", reason: "nothing of the control is at its point on the page, so a click cannot reach it; observe again" };
  }
  if (hit && !inside(hit) && !(hit.control && hit.control === el) && !(hit.tagName === "LABEL" && hit.contains(el))) {
    return coveredBy(hit);
  }
  // Same-origin frames: translate to the top viewport, and the frame
  // element itself must be topmost at that point in its parent document.
  let px = x, py = y;
  for (let w = doc.defaultView; w && w !== window && w.frameElement; w = w.parent) {
    const fe = w.frameElement;
    const fr = fe.getBoundingClientRect();
    px += fr.left + fe.clientLeft;
    py += fr.top + fe.clientTop;
    const top = fe.ownerDocument.elementFromPoint(px, py);
    if (top && top !== fe) return coveredBy(top);
  }
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
  return { ok: true, x: px, y: py, nav: nav };
}
