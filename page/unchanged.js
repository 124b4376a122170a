// unchanged.js: (since, doc) => true when the page is provably as an
// observation taken at in-page time `since` saw it: the same document
// (window.__pling.docId === doc), and nothing the quiet watcher of
// settle.js tracks happened since — no DOM mutation, resource load or
// scroll (its `last`), and no request in flight. False whenever it cannot
// tell (no watcher yet, another document): the caller observes afresh.
(since, doc) => {
  const w = window.__plingQuiet, reg = window.__pling;
  if (!w || !reg || reg.docId !== doc || typeof since !== "number") return false;
  if (!(w.last < since)) return false;
  if (document.readyState !== "complete") return false;
  const now = performance.now();
  for (const [, t0] of w.pending) if (now - t0 < 2000) return false;
  return true;
}
