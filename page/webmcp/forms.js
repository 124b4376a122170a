// forms.js finds WebMCP's declarative tool forms (<form toolname>) and the
// page's frames, each with the region of the snapshot it sits in; element
// keys are the collector's (window.__pling).
'use strict';

import { existingLoose, elOf, keyOf } from '../../internal/js/registry.js';

const MAX_FORMS = 32, MAX_FRAMES = 50, MAX_DEPTH = 3;

export const cut = (s, n) => (typeof s === 'string' ? (s.length > n ? s.slice(0, n) : s) : '');
const noHash = (u) => { const i = u.indexOf('#'); return i < 0 ? u : u.slice(0, i); };

// regionFinder returns regionOf(el): the id of the innermost region of
// snap holding el, looking through up to MAX_DEPTH frame elements out.
const regionFinder = (R, snap) => {
  // Regions in document order, outer before inner: the last one holding
  // an element is its innermost.
  const regionEls = [];
  for (const r of (snap && snap.regions) || []) {
    const el = r.key ? elOf(R, r.key) : null;
    if (el) regionEls.push([r.id, el]);
  }
  return (el) => {
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
};

// toolForm is a declarative tool form's entry, or null when it has no
// name.
const toolForm = (el, key, regionOf, frameURL) => {
  const name = cut(el.getAttribute('toolname') || '', 200);
  if (!name) return null;
  const o = { name, key: key(el) };
  const rg = regionOf(el);
  if (rg) o.region = rg;
  if (el.hasAttribute('toolautosubmit')) o.autosubmit = true;
  const sub = el.querySelector('button:not([type]), button[type=submit], input[type=submit]');
  if (sub) o.submit_key = key(sub);
  if (frameURL) o.frame_url = frameURL;
  return o;
};

// frameURL is a frame's document URL without its fragment (its src
// resolved when the document cannot be read), and the document if it can.
const frameOf = (el, doc) => {
  let cd = null;
  try { cd = el.contentDocument; } catch (x) { cd = null; }
  let url = '';
  try { url = noHash(cd && cd.URL && cd.URL !== 'about:blank' ? cd.URL : new URL(el.getAttribute('src') || 'about:blank', doc.baseURI).href); } catch (x) { url = ''; }
  return { cd, url };
};

// formsAndFrames walks the document and the frames it can read, with one
// query per document for both (a large page pays one walk), and returns
// {forms, frames}.
export const formsAndFrames = (snap) => {
  const R = existingLoose();
  const key = (el) => (!R || !(R.keys instanceof WeakMap) || !(R.els instanceof Map) ? '' : keyOf(R, el));
  const regionOf = regionFinder(R, snap);
  const forms = [], frames = [];
  const walk = (doc, depth, frameURL) => {
    let list;
    try { list = doc.querySelectorAll('form[toolname], iframe, frame'); } catch (x) { return; }
    for (const el of list) {
      if (el.tagName === 'FORM') {
        if (forms.length >= MAX_FORMS) continue;
        const o = toolForm(el, key, regionOf, frameURL);
        if (o) forms.push(o);
        continue;
      }
      if (depth >= MAX_DEPTH || frames.length >= MAX_FRAMES) continue;
      const { cd, url } = frameOf(el, doc);
      const o = { url };
      const rg = regionOf(el);
      if (rg) o.region = rg;
      frames.push(o);
      if (cd && cd.documentElement) walk(cd, depth + 1, url);
    }
  };
  walk(document, 0, '');
  return { forms, frames };
};
