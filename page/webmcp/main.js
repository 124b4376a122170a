// main.js is the in-page part of an observation about WebMCP: observe.js
// applies webmcp(snap, opts) to the collector's snapshot (page/snapshot.go,
// WebMCPPage) in the same evaluation; opts are the CollectParams (with
// webmcp_titles, the titles of the native tools, which CDP does not
// report). It finds the declarative tool forms (<form toolname>) and the
// iframes, each with the region it sits in (forms.js), and, when
// document.modelContext is the MCP-B polyfill (which the browser cannot
// see), the polyfill's tools (tools.js). It returns null when the page has
// none of these. Element keys are the collector's (window.__pling).
'use strict';

import { formsAndFrames } from './forms.js';
import { polyfillTools, nativeTitles } from './tools.js';

export const webmcp = async (snap, opts) => {
  const { forms, frames } = formsAndFrames(snap);
  const out = {};
  if (forms.length) out.forms = forms;
  if (frames.length) out.frames = frames;
  let mc = null;
  try { mc = document.modelContext; } catch (x) { mc = null; }
  if (mc && mc.__isWebMCPPolyfill === true && typeof mc.getTools === 'function') {
    out.polyfill = true;
    out.tools = await polyfillTools(mc);
  }
  if (opts && opts.webmcp_titles && mc && !out.polyfill && typeof mc.getTools === 'function') {
    const titles = await nativeTitles(mc);
    if (titles) out.titles = titles;
  }
  return Object.keys(out).length ? out : null;
};
