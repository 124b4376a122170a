// hover.js: controls a row shows only on hover (its CSS :hover rules),
// which the walk reports as hover_only.
import { w } from './state.js';
import { rootOf } from './text.js';

export const hoverClasses = (root) => {
  let set = w.hoverCache.get(root);
  if (set) return set;
  set = new Set();
  w.hoverCache.set(root, set);
  const sheets = [];
  try {
    if (root.styleSheets) for (const s of root.styleSheets) sheets.push(s);
    if (root.adoptedStyleSheets) for (const s of root.adoptedStyleSheets) sheets.push(s);
  } catch (e) { /* no sheets */ }
  let budget = 20000;
  const scan = (rules) => {
    for (const r of rules) {
      if (--budget < 0) return;
      if (r.cssRules && !r.selectorText) {
        scan(r.cssRules);
        continue;
      }
      const sel = r.selectorText;
      if (!sel || (sel.indexOf(':hover') < 0 && sel.indexOf(':focus') < 0)) continue;
      const st = r.style;
      const shows = (st.display && st.display !== 'none') || st.visibility === 'visible' || (st.opacity !== '' && st.opacity !== '0');
      if (!shows) continue;
      for (const one of sel.split(',')) {
        const m = one.match(/:(hover|focus-within|focus)(?![\w-])/g);
        if (!m) continue;
        const i = Math.max(one.lastIndexOf(':hover'), one.lastIndexOf(':focus'));
        const tail = one.slice(i).replace(/^:[\w-]+/, '');
        if (!/^\s*[>+~\s]/.test(tail)) continue; // the pseudo is on the subject itself
        const cls = tail.match(/\.[\w-]+/g);
        if (cls) for (const c of cls) set.add(c.slice(1));
      }
    }
  };
  for (const s of sheets) {
    let rules = null;
    try { rules = s.cssRules; } catch (e) { rules = null; }
    if (rules) scan(rules);
  }
  return set;
};
export const hoverShown = (el) => {
  if (el.hidden || !el.classList || el.classList.length === 0) return false;
  const st = el.getAttribute('style');
  if (st && /display\s*:\s*none/i.test(st)) return false;
  const set = hoverClasses(rootOf(el));
  if (set.size === 0) return false;
  for (const c of el.classList) if (set.has(c)) return true;
  return false;
};

export function initHover() {
  // hover-revealed controls: classes a :hover/:focus-within rule shows.
  w.hoverCache = new Map();
}
