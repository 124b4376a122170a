// suggest.js: called as (ms) after a type step into a field selectall.js
// watches; resolves true once the page reacted to the keys (at once when
// the DOM changed while they went in, else at the first change after
// them), false after ms. With ms 0 it only stops the watch.
(ms) => { const w = window.__plingTypeWatch; delete window.__plingTypeWatch;
  if (!w) return Promise.resolve(false);
  if (w.n > 0 || ms === 0) { w.mo.disconnect(); return Promise.resolve(w.n > 0); }
  return new Promise((res) => {
    const t = setTimeout(() => { w.mo.disconnect(); res(false); }, ms);
    w.on = () => { clearTimeout(t); w.mo.disconnect(); res(true); };
  }); }
