// probe.js exposes extract/js's modules to jsmodules_test.go: what they
// answer for elements, with elements named by id (they cannot cross as
// JSON).
import { findCollection } from '../../js/scan.js';
import { findRows, readRows } from '../../js/rows.js';
import { controlName, labelledBy } from '../../js/labels.js';
import { newSummary, textOf, walkText } from '../../js/summary.js';
import { limits } from '../../js/extract.js';

const L = (units, nodes) => Object.assign(limits({}), { units, cellNodes: nodes, textSlice: units * 16 });
const summary = (b) => ({ t: textOf(b), x: b.truncated });

// text is walkText's summary of el within units and nodes.
export const text = (el, units, nodes) => {
  const b = newSummary(L(units, nodes));
  walkText(el, b, null);
  return summary(b);
};
export const name = (el) => {
  const b = newSummary(L(256, 256));
  controlName(el, b);
  return summary(b);
};
export const labelled = (el) => {
  const b = newSummary(L(256, 256));
  labelledBy(el, b);
  return summary(b);
};
export const scan = (kind, index, max) => {
  const s = findCollection(kind, index, max);
  return { target: s.target ? s.target.id : null, role: s.role, seen: s.seen, nodes: s.nodes, hit: s.hit };
};
// rows lists the rows findRows finds in the collection el of kind, in
// order, and what readRows makes of them (columns 0 and 1).
export const rows = (el, kind, max) => {
  const budget = { nodes: 0, max, hit: false };
  const found = findRows(el, kind, budget);
  const result = { rows_seen: 0, rows_hidden: 0, rows: [] };
  readRows(found, el, kind, Object.assign(limits({}), { columns: [0, 1] }), result);
  return { ids: found.map((f) => f.el.id || f.el.localName), hit: budget.hit, result };
};
