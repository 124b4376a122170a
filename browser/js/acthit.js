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

// coverOf is the element that stands for a cover hit: the nearest of
// hit and its ancestors (below body) with a role of its own or a position
// of its own (absolute, fixed, sticky: a tooltip, a banner, a layer),
// else hit itself.
const NO_ROLE = /^(presentation|none|generic)$/;
const coverOf = (hit) => {
  const doc = hit.ownerDocument;
  for (let c = hit, d = 0; c && c.nodeType === 1 && c !== doc.body && c !== doc.documentElement && d < 12; c = c.parentElement, d++) {
    const role = (c.getAttribute("role") || "").trim().split(/\s+/)[0];
    if (role && !NO_ROLE.test(role)) return c;
    const view = doc.defaultView || window;
    const pos = view.getComputedStyle(c).position;
    if (pos === "absolute" || pos === "fixed" || pos === "sticky") return c;
  }
  return hit;
};

// WORDS bounds the text a cover's description quotes.
const WORDS = 60;

// words is the beginning of s, its white space collapsed, cut at a word
// boundary to at most WORDS characters (… marks the cut).
const words = (s) => {
  s = String(s || "").replace(/\s+/g, " ").trim();
  if (s.length <= WORDS) return s;
  const cut = s.slice(0, WORDS);
  const sp = cut.lastIndexOf(" ");
  return (sp > WORDS / 2 ? cut.slice(0, sp) : cut) + "…";
};

// quote is s as a JSON string whose <, > and & are escaped (\u003c...),
// so the page's words can neither open nor close a tag around them.
const quote = (s) => JSON.stringify(s).replace(/[<>&]/g, (c) => "\\u00" + c.charCodeAt(0).toString(16));

// describeCover is a short description of what covers a control: the
// cover's tag and role (only a plain role token) and, quoted as the
// page's words, the beginning of its label or text: `div role=tooltip
// "Click to sort results by this column…"`.
export const describeCover = (hit) => {
  const n = coverOf(hit);
  const tag = String(n.localName || "element").toLowerCase().replace(/[^a-z0-9-]/g, "").slice(0, 24) || "element";
  const role = (n.getAttribute && (n.getAttribute("role") || "").trim().split(/\s+/)[0]) || "";
  let d = tag + (/^[a-z]{2,24}$/.test(role) ? " role=" + role : "");
  const label = n.getAttribute && n.getAttribute("aria-label");
  // innerText is what shows; a huge layer is read from its first characters
  const raw = label || ((n.textContent || "").length > 4096 ? n.textContent.slice(0, 4096) : n.innerText || n.textContent);
  const w = words(raw);
  if (w) d += " " + quote(w);
  return d;
};

// coveredBy is the refusal for a control that top covers, saying what
// covers it: the dialog top is in, or a short description of the element
// (describeCover). at is the control's point in the top viewport (x, y).
// A list of suggestions or a menu left open over the target (a
// typeahead's, after typing into its field) is what a person closes with
// Escape before clicking: the answer says popup, and the caller presses
// Escape and places the step again. Any cover but a dialog may be one the
// resting mouse pointer holds open (a tooltip of the link the last click
// left it on): the answer says move, and the caller moves the pointer
// onto the control's point, as a person's would on its way there, and
// places the step again (params.moved).
const POPUP = "[role=listbox], [role=menu], .typeahead, .ui-autocomplete, .dropdown-menu, .autocomplete-suggestions";
const coveredBy = (top, el, at) => {
  const dlg = top.closest && top.closest("dialog, [role=dialog], [role=alertdialog]");
  let by = "another element";
  try {
    by = dlg ? ("the dialog " + quote(words(dlg.getAttribute("aria-label") || dlg.textContent))) : ("another element: " + describeCover(top));
  } catch (e) { /* a wrapped node (a shadow DOM polyfill): not described */ }
  const out = { ok: false, code: "TARGET_COVERED", reason: "the control is covered by " + by };
  if (!dlg && at) {
    out.move = true;
    out.x = at.x;
    out.y = at.y;
  }
  const pop = !dlg && top.closest && top.closest(POPUP);
  if (pop && el && !pop.contains(el)) out.popup = true;
  return out;
};

// toTop translates (x, y) in doc's viewport to the top viewport, through
// the same-origin frames doc is in.
const toTop = (doc, x, y) => {
  for (let w = doc.defaultView; w && w !== window && w.frameElement; w = w.parent) {
    const fr = w.frameElement.getBoundingClientRect();
    x += fr.left + w.frameElement.clientLeft;
    y += fr.top + w.frameElement.clientTop;
  }
  return { x, y };
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
    return coveredBy(hit, el, toTop(doc, x, y));
  }
  let px = x, py = y;
  for (let w = doc.defaultView; w && w !== window && w.frameElement; w = w.parent) {
    const fe = w.frameElement;
    const fr = fe.getBoundingClientRect();
    px += fr.left + fe.clientLeft;
    py += fr.top + fe.clientTop;
    const top = fe.ownerDocument.elementFromPoint(px, py);
    if (top && top !== fe) return coveredBy(top, null, toTop(doc, x, y));
  }
  return { hit, x: px, y: py };
};
