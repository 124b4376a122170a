// output.js: the run's output arrays and counters (on the walk object)
// and the state items (declared, description lists).
import { w } from './state.js';
import { skipButtons } from './controls.js';
import { MAX_STATE, NAME_TEXT } from './params.js';
import { clean, cut, gather, vis } from './text.js';

export const addState = (name, value, group, declared) => {
  if (w.state.length >= MAX_STATE) return;
  const s = { name: cut(name, NAME_TEXT), value: cut(value) };
  if (group) s.group = group;
  if (declared) s.declared = true;
  w.state.push(s);
  w.stateTexts.add(s.value);
};
// dlState reads a description list's terms and their descriptions as
// state items named by the term (dt/dd children, or wrapped in divs).
export const dlState = (dl, region) => {
  let name = '';
  const one = (c) => {
    if (c.localName === 'dt') name = clean(gather(c, { skip: skipButtons }, NAME_TEXT + 1));
    else if (c.localName === 'dd' && name) {
      const v = gather(c, { skip: skipButtons }, w.maxText + 1);
      if (v && vis(c)) addState(name, v, region ? region + ' details' : 'details', false);
    }
  };
  for (let c = dl.firstElementChild; c; c = c.nextElementSibling) {
    if (c.localName === 'div') for (let d = c.firstElementChild; d; d = d.nextElementSibling) one(d);
    else one(c);
  }
};
export const declStateOf = (el) => {
  if (w.stateSeen.has(el)) return;
  w.stateSeen.add(el);
  w.seen.state = true;
  const name = clean(el.getAttribute('data-pling-state'));
  if (!name) return;
  const v = el.getAttribute('data-pling-value');
  const text = gather(el, { hidden: true }, w.maxText * 2);
  addState(name, v !== null ? clean(v) : text, '', true);
  w.stateTexts.add(cut(text));
};
// skipped: a subtree the walk does not enter may still hold declared
// state, which is read even when hidden.
export const skipped = (el) => {
  if (!w.declState) return;
  if (el.hasAttribute('data-pling-state')) declStateOf(el);
  if (el.firstElementChild) for (const s of el.querySelectorAll('[data-pling-state]')) declStateOf(s);
};

export function initOutput() {
  // output
  w.regions = []; w.controls = []; w.records = []; w.state = []; w.feedback = []; w.hidden = []; w.frames = [];
  w.shapes = new Map(); w.rowActions = [];
  // slotLabel: a link slot's shared text, '' once two rows differ;
  // slotNames: the names (row text removed) an inferred shape's controls
  // had, and the class words of its first
  w.slotLabel = new Map(); w.slotNames = new Map();
  w.unreadable = 0; w.recordsTotal = 0; w.controlsTotal = 0; w.regionsTotal = 0; w.nodes = 0; w.limitHit = false; w.shadowRoots = 0; w.framesWalked = 0; w.hits = 0;
  w.regionIds = new Set(); w.recordIds = new Set();
  w.fbByEl = new Map(); w.fbConsumed = new Set(); w.fieldFor = new Map();
  w.listDecision = new Map();
  w.headerCache = new Map();
  w.stateSeen = new Set();
  // stateTexts holds the values and texts of state items: a status line
  // that shows one is reported once, as state.
  w.stateTexts = new Set();
  w.modal = null;
}
