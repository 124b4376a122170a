// harness-more.js exposes more of the collector's modules to their tests
// (page/collector_modules_more_test.go), the way harness.js does: each
// export prepares a run (a fresh walk object over params, the modules'
// per-run state) and calls one module's function, returning JSON.
import { prepare } from '../../collector/main.js';
import collect from '../../collector/main.js';
import { w } from '../../collector/state.js';
import { inWin, textHas } from '../../collector/params.js';
import { clipsAll, meets, mostly } from '../../collector/geometry.js';
import { scanDecl } from '../../collector/declarations.js';
import { bsBackdrop } from '../../collector/modal.js';
import { focusOf } from '../../collector/focus.js';
import { fieldBefore, noticeKind } from '../../collector/feedback.js';
import { hoverShown } from '../../collector/hover.js';
import { regionOf, uniqueRegionId } from '../../collector/regions.js';
import { dlState } from '../../collector/output.js';
import { describe, fieldValue, isSecret } from '../../collector/describe.js';
import { ctlType, roleOf } from '../../collector/controls.js';
import { calendarDay, monthStep, spinStep, treeNode, treeParts } from '../../collector/widgets.js';
import { partsOf, repeatRow } from '../../collector/repeated.js';
import { clickableRow, pointerButton } from '../../collector/visit.js';
import { walkPage } from '../../collector/walk.js';

const run = (params, hint) => prepare(params || {}, hint || {});
const roleOr = (el) => (el.hasAttributes() ? roleOf(el) : '');
const ctx = (extra) => ({ region: '', rec: null, modal: false, clip: w.topClip, fi: -1, shadow: false, sect: false, hover: false, fb: false, pager: false, foot: false, ...extra });

// bounds are the walk's bounds params.js derives from CollectParams.
export const bounds = (params) => {
  run(params);
  return {
    maxText: w.maxText, maxNodes: w.maxNodes, maxIDs: w.maxIDs, maxControls: w.maxControls, maxRegions: w.maxRegions,
    recOffset: w.recOffset, recFields: w.recFields, findRec: w.findRec, findWords: w.findWords,
  };
};
// found says whether el's text holds every word of find_text.
export const found = (el, findText) => {
  run({ find_text: findText });
  return textHas(el);
};
// recWindow: the record indexes i in [0, n) that get fields.
export const recWindow = (params, n) => {
  run(params);
  const out = [];
  for (let i = 0; i < n; i++) if (inWin(i)) out.push(i);
  return out;
};

// onScreen is geometry's answer for el against the top viewport's clip.
export const onScreen = (el) => {
  run();
  const r = el.getBoundingClientRect();
  return { meets: meets(r, w.topClip), mostly: mostly(r, w.topClip) };
};

// clipped is geometry's clipsAll for el.
export const clipped = (el) => {
  run();
  return clipsAll(el);
};

// declMode is the declaration scan of the document, and the mode a run keeps.
export const declMode = () => {
  run();
  return { scan: scanDecl(), regions: w.declRegions, actions: w.declActions, records: w.declRecords, state: w.declState };
};

// modalNow is what modal.js finds at a run's start: the open modal
// <dialog>'s label (null for none) and whether a Bootstrap backdrop shows.
export const modalNow = () => {
  run();
  return { modal: w.modal, backdrop: bsBackdrop() };
};
// closeAll closes every dialog and hides the backdrop (the page's own
// script opened them).
export const closeAll = () => {
  for (const d of document.querySelectorAll('dialog')) d.close();
  for (const b of document.querySelectorAll('.modal-backdrop')) b.style.display = 'none';
  return true;
};

// notice is a message's notice kind by class; bare when el has no role.
export const notice = (el) => {
  run();
  return noticeKind(el, el.localName, !roleOr(el) && !el.hasAttribute('aria-live'));
};
export const errorField = (el) => {
  run();
  return fieldBefore(el);
};

export const hoverOnly = (el) => {
  run();
  return hoverShown(el);
};

// region is the region el opens ({base, label, role} or null); sect: el
// is inside a section (its header and footer are no landmarks).
export const region = (el, sect) => {
  run();
  const r = regionOf(el, el.localName, roleOr(el), el.hasAttributes(), ctx({ sect: !!sect }));
  return r ? { base: r.base, label: r.label, role: r.role } : null;
};
// regionIds are the ids given to bases, in order, unique in one run.
export const regionIds = (bases) => {
  run();
  return bases.map(uniqueRegionId);
};

// dl is the state items a description list gives.
export const dl = (el, regionName) => {
  run();
  dlState(el, regionName);
  return w.state;
};

// described is the control el describes as, in no record.
export const described = (el, inRecord) => {
  run();
  const kr = ctlType(el, el.localName, roleOr(el));
  if (!kr) return null;
  return describe(el, el.localName, roleOr(el), el.hasAttributes(), kr, ctx({ rec: inRecord ? {} : null }), false);
};
// secretValue is isSecret and the value fieldValue reads of a field.
export const secretValue = (el) => {
  run();
  return { secret: isSecret(el, el.hasAttributes()), value: fieldValue(el, el.localName, el.hasAttributes()) };
};
export const isControl = (el) => {
  run();
  return !!ctlType(el, el.localName, roleOr(el));
};

// widget is what widgets.js makes of el: its calendar day, month step,
// spinner step and tree node kind.
export const widget = (el) => {
  run();
  const tag = el.localName, role = roleOr(el);
  return { day: calendarDay(el, tag, role), month: monthStep(el, tag, role), spin: spinStep(el, tag), tree: treeNode(el, tag, role) };
};
// treeOf names the ids of a tree node's item, label and twisty.
export const treeOf = (el) => {
  run();
  const p = treeParts(el);
  return p ? { item: p.item.id, label: p.label.id, twisty: p.twisty.id } : null;
};

// repeat is repeated.js's answer for el: 'repeat' when it is one of its
// parent's sibling items of one template.
export const repeat = (el) => {
  run();
  return repeatRow(el, el.localName, roleOr(el));
};

// parts is repeated.js's split of a list row into named text parts
// (partsOf), or null.
export const parts = (el) => {
  run();
  return partsOf(el);
};

// clickable is visit.js's answer for a role-less element: a pointer
// button, a clickable row.
export const clickable = (el) => {
  run();
  return { button: pointerButton(el), row: clickableRow(el) };
};

// walkOnce is one first run's walk: again (and the modal's id) when it
// wants a second run, else the snapshot's counts.
// focusMarks focuses el (blurs whatever has the focus when el is null),
// prepares a run and gives focusOf of the element of each selector.
export const focusMarks = (el, sels) => {
  if (el) el.focus();
  else if (document.activeElement) document.activeElement.blur();
  run();
  return sels.map((s) => {
    const el = document.querySelector(s);
    const kr = ctlType(el, el.localName, el.hasAttributes() ? roleOf(el) : '');
    return focusOf(el, kr ? kr[0] : '');
  });
};
export const walkOnce = (params) => {
  run(params);
  const r = walkPage();
  if (r.again) return { again: true, modal: r.again.modal ? r.again.modal.id : '' };
  const s = r.snap;
  return { again: false, controls: s.controls.length, regions: s.regions.map((g) => g.id), stats: { limit: !!s.stats.node_limit_hit, unreadable: s.stats.unreadable || 0 } };
};

// snapshot is the whole collector's snapshot (both runs).
export const snapshot = (params) => collect(params || {});

// hintedMode is the mode a second run keeps when the first hands it one
// (hint.mode wins over the scan), and whether it counts as cached.
export const hintedMode = (mode) => {
  run({}, { mode, again: true });
  return { regions: w.declRegions, actions: w.declActions, records: w.declRecords, state: w.declState, cached: w.cachedMode };
};
