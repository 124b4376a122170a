// harness.js exposes the collector's modules to their tests
// (page/collector_modules_test.go): each export prepares a run (a fresh
// walk object over default params, the modules' per-run state) and calls
// one module's function, returning JSON.
import { prepare } from '../../collector/main.js';
import { registry, keyOf } from '../../../internal/js/registry.js';
import { accName, ctlType, roleOf, textAfter, titleForSymbol } from '../../collector/controls.js';
import { iconOf } from '../../collector/icons.js';
import { overlaid } from '../../collector/hittest.js';
import { filterRow, recordKind } from '../../collector/records.js';
import { filterLabel, headersOf } from '../../collector/repeated.js';
import { control, finishShapes } from '../../collector/folding.js';
import { w } from '../../collector/state.js';
import collect from '../../collector/main.js';

const run = (params) => prepare(params || {}, {});

// keyFor is el's registry key; elFor is the id of the element a key maps
// back to ('' when none).
export const keyFor = (el) => keyOf(registry(), el);
export const elFor = (key) => {
  const e = registry().el(key);
  return e ? e.id : '';
};
export const docId = () => registry().docId;

// control facts: a control's kind and role (ctlType), its role, its name.
export const controlOf = (el) => {
  run();
  const tag = el.localName, role = el.hasAttributes() ? roleOf(el) : '';
  const kr = ctlType(el, tag, role);
  return { kind: kr ? kr[0] : '', role: kr ? kr[1] : '', name: kr ? accName(el, tag, kr[1]) : '' };
};

export const icon = (el) => {
  run();
  return iconOf(el);
};

export const covered = (el) => {
  run();
  return overlaid(el, el.getBoundingClientRect());
};

export const recordKindOf = (el) => {
  run();
  return recordKind(el, el.localName, el.hasAttributes() ? roleOf(el) : '', el.hasAttributes(), false) || '';
};
// filterRowOf, filterLabelOf and headersOfRow: a table's header row of
// column filters, a filter field's name, a row's column headers.
export const filterRowOf = (tr) => {
  run();
  return filterRow(tr);
};
export const filterLabelOf = (el) => {
  run();
  return filterLabel(el);
};
export const headersOfRow = (tr) => {
  run();
  return headersOf(tr);
};

// rowActions reports each row's controls (one per selector match) the way
// the walk does and returns the shapes folding made, with each record's
// action keys.
export const rowActions = (rowSel, ctlSel) => {
  run();
  const out = [];
  for (const row of document.querySelectorAll(rowSel)) {
    const rec = { out: { id: row.id }, inVP: true, h: 0, el: row, kind: 'list', text: undefined, first: undefined };
    out.push(rec.out);
    for (const el of row.querySelectorAll(ctlSel)) {
      const kr = ctlType(el, el.localName, el.hasAttributes() ? roleOf(el) : '');
      const ctx = { region: 'main', rec, modal: false, clip: w.topClip, fi: -1, shadow: false, sect: false, hover: false, fb: false, pager: false, foot: false };
      control(el, el.localName, '', el.hasAttributes(), kr, ctx, false);
    }
  }
  finishShapes();
  return { shapes: w.rowActions.map((s) => ({ shape: s.shape, label: s.label || '', kind: s.kind, count: s.count })), records: out.map((r) => Object.keys(r.actions || {})) };
};

// snapshot is the whole collector's snapshot of the page.
export const snapshot = (params) => collect(params || {});

// symbolTitle is the title that names el when its accessible name is a
// symbol (controls.js titleForSymbol), or ''.
export const symbolTitle = (el) => {
  run();
  return titleForSymbol(el, accName(el, el.localName, el.hasAttributes() ? roleOf(el) : ''));
};
// after is the text right after a checkbox or radio (controls.js textAfter).
export const after = (el) => {
  run();
  return textAfter(el);
};
