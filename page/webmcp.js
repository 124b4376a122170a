// webmcp.js is the in-page part of an observation about WebMCP, applied as
// (webmcp.js)(snap) to the collector's snapshot (page/snapshot.go,
// WebMCPPage) in the same evaluation; opts are the CollectParams (with
// webmcp_titles, the titles of the native tools, which CDP does not report). It finds the declarative tool forms
// (<form toolname>) and the iframes, each with the region it sits in, and,
// when document.modelContext is the MCP-B polyfill (which the browser
// cannot see), the polyfill's tools. It returns null when the page has
// none of these. Element keys are the collector's (window.__pling).
async (snap, opts) => {
  'use strict';
  const MAX_FORMS = 32, MAX_FRAMES = 50, MAX_TOOLS = 64, MAX_SCHEMA = 65536, MAX_TEXT = 2000, MAX_DEPTH = 3;
  const R = window.__pling;
  const keyOf = (el) => {
    if (!R || !(R.keys instanceof WeakMap) || !(R.els instanceof Map)) return '';
    let k = R.keys.get(el);
    if (k === undefined) {
      k = 'e' + (R.next++);
      R.keys.set(el, k);
      R.els.set(k, new WeakRef(el));
    }
    return k;
  };
  const noHash = (u) => { const i = u.indexOf('#'); return i < 0 ? u : u.slice(0, i); };
  const cut = (s, n) => (typeof s === 'string' ? (s.length > n ? s.slice(0, n) : s) : '');
  // Regions in document order, outer before inner: the last one holding
  // an element is its innermost.
  const regionEls = [];
  for (const r of (snap && snap.regions) || []) {
    const el = r.key && R && typeof R.el === 'function' ? R.el(r.key) : null;
    if (el) regionEls.push([r.id, el]);
  }
  const regionOf = (el) => {
    for (let e = el, hops = 0; e && hops <= MAX_DEPTH; hops++) {
      let best = '';
      for (const [id, re] of regionEls) if (re.ownerDocument === e.ownerDocument && re.contains(e)) best = id;
      if (best) return best;
      let fe = null;
      try { fe = e.ownerDocument.defaultView.frameElement; } catch (x) { fe = null; }
      e = fe;
    }
    return '';
  };
  const forms = [], frames = [];
  // One query per document for both (a large page pays one walk).
  const walk = (doc, depth, frameURL) => {
    let list;
    try { list = doc.querySelectorAll('form[toolname], iframe, frame'); } catch (x) { return; }
    for (const el of list) {
      if (el.tagName === 'FORM') {
        if (forms.length >= MAX_FORMS) continue;
        const name = cut(el.getAttribute('toolname') || '', 200);
        if (!name) continue;
        const o = { name, key: keyOf(el) };
        const rg = regionOf(el);
        if (rg) o.region = rg;
        if (el.hasAttribute('toolautosubmit')) o.autosubmit = true;
        const sub = el.querySelector('button:not([type]), button[type=submit], input[type=submit]');
        if (sub) o.submit_key = keyOf(sub);
        if (frameURL) o.frame_url = frameURL;
        forms.push(o);
        continue;
      }
      if (depth >= MAX_DEPTH || frames.length >= MAX_FRAMES) continue;
      let cd = null;
      try { cd = el.contentDocument; } catch (x) { cd = null; }
      let url = '';
      try { url = noHash(cd && cd.URL && cd.URL !== 'about:blank' ? cd.URL : new URL(el.getAttribute('src') || 'about:blank', doc.baseURI).href); } catch (x) { url = ''; }
      const o = { url };
      const rg = regionOf(el);
      if (rg) o.region = rg;
      frames.push(o);
      if (cd && cd.documentElement) walk(cd, depth + 1, url);
    }
  };
  walk(document, 0, '');
  const out = {};
  if (forms.length) out.forms = forms;
  if (frames.length) out.frames = frames;
  let mc = null;
  try { mc = document.modelContext; } catch (x) { mc = null; }
  if (mc && mc.__isWebMCPPolyfill === true && typeof mc.getTools === 'function') {
    out.polyfill = true;
    let tools = [];
    try { tools = await mc.getTools(); } catch (x) { tools = []; }
    out.tools = [];
    for (const t of tools || []) {
      if (out.tools.length >= MAX_TOOLS) break;
      if (!t || typeof t.name !== 'string') continue;
      const o = { name: cut(t.name, 200), description: cut(t.description || '', MAX_TEXT) };
      if (t.title) o.title = cut(String(t.title), MAX_TEXT);
      if (t.inputSchema && typeof t.inputSchema === 'object') {
        try {
          const s = JSON.stringify(t.inputSchema);
          if (s.length <= MAX_SCHEMA) o.input_schema = t.inputSchema;
        } catch (x) { /* no schema */ }
      }
      const a = t.annotations || {};
      if (a.readOnlyHint === true || a.readOnly === true) o.read_only = true;
      if (a.untrustedContentHint === true || a.untrustedContent === true) o.untrusted = true;
      if (a.consequentialHint === true || a.consequential === true || a.destructiveHint === true) o.consequential = true;
      out.tools.push(o);
    }
  }
  if (opts && opts.webmcp_titles && mc && !out.polyfill && typeof mc.getTools === 'function') {
    let tools = [];
    try { tools = await mc.getTools(); } catch (x) { tools = []; }
    const titles = {};
    let n = 0;
    for (const t of tools || []) {
      if (n >= MAX_TOOLS) break;
      if (t && typeof t.name === 'string' && typeof t.title === 'string' && t.title) { titles[cut(t.name, 200)] = cut(t.title, MAX_TEXT); n++; }
    }
    if (n) out.titles = titles;
  }
  return Object.keys(out).length ? out : null;
}
