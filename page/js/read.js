// read.js: the visible text of one region of the page (or of the whole
// page), read on demand as prose: observe {read: {region}}. Called as
// (params) => result with params {key, offset, max, max_nodes, max_total}:
// key is a region's collector key ("" reads document.body); the text is
// assembled block by block (prose.js), and the slice [offset, offset +
// max) of it, in UTF-16 units, is returned with the length and a digest of
// the whole text (readslice.js), so Go can page through it and tell a
// changed text from the one a continuation token was minted for.
//
// What never appears is internal/js/text.js's noProse to say: form field contents,
// hidden elements, aria-hidden, inert and contenteditable subtrees,
// scripts, styles and templates.
//
// Returns {found, doc, text, offset, end, total, digest, cut_nodes,
// cut_chars}; found is false when the key names no element now.
//
// Called with params {field: key, offset, max, max_total} instead, it
// pages the same way through one field's current value (observe {read:
// {field}}, issue 18 pt 3); Go refuses secret fields before.
//
// Called with params {count: [[region id, key], ...], tick} instead, it
// counts the prose an observation does not show, per region, its digests
// with the ticking times of pattern tick masked (prosecount.js):
// observe.go runs it after the collector, in the observation's round trip.
'use strict';

import { count } from './prosecount.js';
import { readText } from './prose.js';
import { slice } from './readslice.js';
import { shownValue } from './fieldvalue.js';
import { elOf as keyed, existing } from '../../internal/js/registry.js';

const pos = (v, d) => (typeof v === 'number' && v > 0 ? Math.floor(v) : d);

export default (params) => {
  const P = params || {};
  const maxNodes = pos(P.max_nodes, 50000);
  const maxTotal = pos(P.max_total, 1000000);
  const max = pos(P.max, 2000);
  const offset = typeof P.offset === 'number' && P.offset > 0 ? Math.floor(P.offset) : 0;
  const R = existing();
  const doc = R && typeof R.docId === 'string' ? R.docId : '';
  const elOf = (key) => keyed(R, key);

  if (Array.isArray(P.count)) return count(R, P.count, maxNodes, P.tick);

  // A field's value: the whole current content of a non-secret field the
  // observation showed cut, paged like a region's text.
  if (P.field) {
    const el = elOf(P.field);
    if (!el || !el.isConnected) return { found: false, doc };
    let v = shownValue(el);
    let cut = false;
    if (v.length > maxTotal) { v = v.slice(0, maxTotal); cut = true; }
    return slice(v, offset, max, doc, false, cut);
  }

  let root = null;
  if (P.key) {
    root = elOf(P.key);
    if (!root || !root.isConnected) return { found: false, doc };
  } else {
    root = document.body || document.documentElement;
  }
  const r = readText(root, maxNodes, maxTotal);
  return slice(r.text, offset, max, doc, r.cutNodes, r.cutChars);
};
