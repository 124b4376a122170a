// tools.js reads document.modelContext's tools where CDP cannot: the
// MCP-B polyfill's tools (the browser does not see them), and the titles
// of the native tools (CDP does not report them).
'use strict';

import { cut } from './forms.js';

const MAX_TOOLS = 64, MAX_SCHEMA = 65536, MAX_TEXT = 2000;

// tools is mc.getTools(), or [] when it fails.
const tools = async (mc) => {
  try { return (await mc.getTools()) || []; } catch (x) { return []; }
};

// polyfillTool is one polyfill tool's entry: bounded texts, its input
// schema when it is small enough, and its hints.
const polyfillTool = (t) => {
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
  return o;
};

// polyfillTools is the polyfill's tools, at most MAX_TOOLS.
export const polyfillTools = async (mc) => {
  const out = [];
  for (const t of await tools(mc)) {
    if (out.length >= MAX_TOOLS) break;
    if (!t || typeof t.name !== 'string') continue;
    out.push(polyfillTool(t));
  }
  return out;
};

// nativeTitles maps native tools' names to their titles, or is null when
// none has one.
export const nativeTitles = async (mc) => {
  const titles = {};
  let n = 0;
  for (const t of await tools(mc)) {
    if (n >= MAX_TOOLS) break;
    if (t && typeof t.name === 'string' && typeof t.title === 'string' && t.title) { titles[cut(t.name, 200)] = cut(t.title, MAX_TEXT); n++; }
  }
  return n ? titles : null;
};
