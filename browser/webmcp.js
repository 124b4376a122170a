// webmcp.js invokes one tool of the page's WebMCP polyfill (MCP-B's
// document.modelContext, which the browser's WebMCP domain cannot see),
// applied as (webmcp.js)({name, input, timeout_ms, fill_ms?}). input is
// the arguments as a JSON string (the polyfill's executeTool takes that).
// It answers {status, output?, error?}: completed, error, timeout (the
// invocation was aborted), filled (a declarative form without
// toolautosubmit, given fill_ms: filled, left for its submit) or missing.
async (p) => {
  'use strict';
  let mc = null;
  try { mc = document.modelContext; } catch (e) { mc = null; }
  if (!mc || typeof mc.getTools !== 'function' || typeof mc.executeTool !== 'function') return { status: 'missing' };
  let tools = [];
  try { tools = await mc.getTools(); } catch (e) { return { status: 'missing' }; }
  const t = (tools || []).find((x) => x && x.name === p.name);
  if (!t) return { status: 'missing' };
  const ac = new AbortController();
  const fill = typeof p.fill_ms === 'number';
  let timer = 0;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ status: fill ? 'filled' : 'timeout' }), fill ? p.fill_ms : p.timeout_ms);
  });
  const run = (async () => {
    try {
      const out = await mc.executeTool(t, p.input, { signal: ac.signal });
      return { status: 'completed', output: out === undefined ? null : out };
    } catch (e) {
      let msg = '';
      try { msg = String((e && e.message) || e); } catch (x) { msg = 'the tool failed'; }
      try { if (e && e.cause && e.cause.message) msg += ': ' + String(e.cause.message); } catch (x) { /* no cause */ }
      return { status: 'error', error: msg.slice(0, 4000) };
    }
  })();
  const r = await Promise.race([run, limit]);
  clearTimeout(timer);
  if (r.status === 'timeout') ac.abort();
  return r;
}
