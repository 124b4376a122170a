// settleprobe.js exposes settle's modules (page/settle/) to
// settle_modules_test.go: whether the watcher installs hidden, what it
// counts in flight when nodes are added, and settle's answer on a quiet
// page and on one a running animation keeps busy.
import { watcher, KEY } from '../../settle/watch.js';
import settle from '../../settle/settle.js';

// installed installs the watcher and says whether it is on window and
// not enumerable.
export const installed = () => {
  watcher();
  return { present: typeof window[KEY] === 'object', enumerable: Object.keys(window).includes(KEY) };
};

export const settled = (p) => settle(p);

// busy settles while a 10 s animation runs.
export const busy = async (p) => {
  const a = document.body.animate([{ opacity: 1 }, { opacity: 0.9 }], 10000);
  try { return await settle(p); } finally { a.cancel(); }
};

// added appends html and says what the watcher then counts in flight and
// as scripts, once its mutation observer ran (a microtask: before any
// load can end).
export const added = async (html) => {
  const w = watcher();
  const p0 = w.pending.size, s0 = w.scripts, m0 = w.mut;
  const d = document.createElement('div');
  d.innerHTML = html;
  document.body.appendChild(d);
  await null;
  const r = { pending: w.pending.size - p0, scripts: w.scripts - s0, mutated: w.mut > m0 };
  d.remove();
  w.pending.clear();
  return r;
};

// timer sets a timer of ms (from a click handler of a trusted click when
// clicked, else from the probe itself) and says whether the watcher
// counts it in flight then, and after it ran (or was cleared, with clear).
export const timer = async (ms, clicked, clear) => {
  const w = watcher();
  const p0 = w.pending.size;
  let id = 0, ran = false;
  const set = () => { id = setTimeout(() => { ran = true; }, ms); };
  if (clicked) {
    // a trusted click needs the browser's input: the probe has none, so
    // the handler runs under a synthetic event window.event says is not
    // trusted; the case for a trusted one is TestSettleWaitsForAnInputsTimer
    const b = document.createElement('button');
    b.addEventListener('click', set);
    document.body.appendChild(b);
    b.click();
    b.remove();
  } else set();
  const during = w.pending.size - p0;
  if (clear) clearTimeout(id);
  await new Promise((r) => setTimeout(r, Math.min(ms, 1000) + 30));
  return { during, after: w.pending.size - p0, ran };
};

// chain asks for n frame (kind 'frame') or idle ('idle') callbacks, each
// from the one before, and says how many of them the watcher counted in
// flight as they were asked for, and how many stay in flight once the
// last ran.
export const chain = (kind, n) => new Promise((resolve) => {
  const w = watcher();
  const ask = kind === 'frame' ? (f) => requestAnimationFrame(f) : (f) => requestIdleCallback(f);
  const p0 = w.pending.size;
  let counted = 0;
  const hop = (i) => {
    if (i === n) { resolve({ counted, after: w.pending.size - p0 }); return; }
    const before = w.pending.size;
    ask(() => hop(i + 1));
    if (w.pending.size > before) counted++;
  };
  hop(0);
});

// cancelled asks for a frame callback and cancels it: in flight between,
// not after.
export const cancelled = () => {
  const w = watcher();
  const p0 = w.pending.size;
  const id = requestAnimationFrame(() => {});
  const during = w.pending.size - p0;
  cancelAnimationFrame(id);
  return { counted: during, after: w.pending.size - p0 };
};
