// acthit.js is act.js's hit test: whether a click at a control's centre
// reaches it (the topmost element there is the control, inside it, or a
// label for it), through open shadow roots and same-origin frames, and
// the point in the top viewport to send the click to.

// topAt is the topmost element at (x, y) in doc, through open shadow
// roots.
const topAt = (doc, x, y) => {
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
};

// A shadow DOM polyfill (platform.js) answers elementFromPoint with its
// wrappers; compare the native nodes underneath.
const raw = (n) => {
  try {
    const P = window.ShadowDOMPolyfill;
    return n && P && P.unwrapIfNeeded ? P.unwrapIfNeeded(n) : n;
  } catch (e) { return n; }
};

// insideOf returns inside(n): the hit n is the target el when it is el or
// inside it, or a shadow host of el's tree (a closed root the hit test
// stopped at).
const insideOf = (el) => {
  const target = raw(el);
  const up = (c) => c.parentNode || c.host || null;
  return (n) => {
    for (let c = n, d = 0; c && d < 4096; c = up(c), d++) {
      if (c === el || raw(c) === target) return true;
    }
    const h = raw(n);
    for (let r = target.getRootNode ? target.getRootNode() : null, d = 0; r && r.host && d < 64; r = r.host.getRootNode(), d++) {
      if (r.host === h) return true;
    }
    return false;
  };
};

// coveredBy is the refusal for a control that top covers, naming the
// dialog top is in.
// A list of suggestions or a menu left open over the target (a
// typeahead's, after typing into its field) is what a person closes with
// Escape before clicking: the answer says popup, and the caller presses
// Escape and places the step again.
const POPUP = "[role=listbox], [role=menu], .typeahead, .ui-autocomplete, .dropdown-menu, .autocomplete-suggestions";
const coveredBy = (top, el) => {
  const dlg = top.closest && top.closest("dialog, [role=dialog], [role=alertdialog]");
  const by = dlg ? ("the dialog " + JSON.stringify((dlg.getAttribute("aria-label") || dlg.textContent || "").trim().slice(0, 60))) : "another element";
  const out = { ok: false, code: "TARGET_COVERED", reason: "the control is covered by " + by };
  const pop = !dlg && top.closest && top.closest(POPUP);
  if (pop && el && !pop.contains(el)) out.popup = true;
  return out;
};

// place hit-tests el at (x, y), its centre in its own document doc, and
// answers {hit, x, y} with the point translated to the top viewport (each
// same-origin frame element must itself be topmost at that point in its
// parent document), or a refusal {ok: false, code, reason}.
export const place = (el, doc, x, y) => {
  const hit = topAt(doc, x, y);
  const inside = insideOf(el);
  if (!hit) {
    return { ok: false, code: "TARGET_NOT_REACHED", reason: "nothing of the control is at its point on the page, so a click cannot reach it; observe again" };
  }
  if (hit && !inside(hit) && !(hit.control && hit.control === el) && !(hit.tagName === "LABEL" && hit.contains(el))) {
    return coveredBy(hit, el);
  }
  let px = x, py = y;
  for (let w = doc.defaultView; w && w !== window && w.frameElement; w = w.parent) {
    const fe = w.frameElement;
    const fr = fe.getBoundingClientRect();
    px += fr.left + fe.clientLeft;
    py += fr.top + fe.clientTop;
    const top = fe.ownerDocument.elementFromPoint(px, py);
    if (top && top !== fe) return coveredBy(top);
  }
  return { hit, x: px, y: py };
};
