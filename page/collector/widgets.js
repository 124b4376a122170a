// widgets.js: (issue 18 pts 13 and 12): calendars, trees, spinners.
// A calendar's day cells are one folded choose_day(day) in Go
// (page/build.go, foldDays): each day is a control that carries its
// date (YYYY-MM-DD) and its calendar's key, never a slot of a week
// row; its weeks are no records; its month arrows are previous_month
// and next_month. A tree's nodes are records whose row actions are
// expand, collapse and select. A spinner's arrows (aria-hidden in
// jQuery UI) are up and down. The library cases are named (flatpickr,
// jQuery UI); the rest is the ARIA pattern (role=grid with day
// numbers under a "June 2016" label, role=tree/treeitem).
import { w } from './state.js';
import { accName, nearbyLabel, roleOf } from './controls.js';
import { control } from './folding.js';
import { NAME_TEXT } from './params.js';
import { keyOf } from './registry.js';
import { LETTER, clean, cut, idrefText, vis } from './text.js';

export const pad2 = (n) => (n < 10 ? '0' : '') + n;
export const isoOf = (y, m, d) => (y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? y + '-' + pad2(m) + '-' + pad2(d) : '');
export const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
export const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?![a-z])/i;
export const MONTHS3 = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// monthIn reads "June 2016" (an English month name and a four-digit
// year) from a text: [year, month] or null.
export const monthIn = (s) => {
  if (!s) return null;
  const m = MONTH_WORD.exec(s);
  const y = /\b(\d{4})\b/.exec(s);
  if (!m || !y) return null;
  return [+y[1], MONTHS3.indexOf(m[1].toLowerCase()) + 1];
};
// dateIn reads a date from a label: ISO (2016-06-29), or a month name,
// a day and a year in any order ("June 29, 2016", "Wednesday, 29 June
// 2016", "Choose Wednesday, June 29th, 2016"); the day must be n when n
// is given (the cell's number).
export const dateIn = (s, n) => {
  if (!s) return '';
  const iso = ISO_DATE.exec(s);
  if (iso) return n && +iso[3] !== n ? '' : isoOf(+iso[1], +iso[2], +iso[3]);
  const ym = monthIn(s);
  if (!ym) return '';
  const rest = s.replace(/\b\d{4}\b/, ' ');
  const ds = rest.match(/\b\d{1,2}(?=st|nd|rd|th|\b)/g);
  if (!ds) return '';
  const d = n ? (ds.some((x) => +x === n) ? n : 0) : +ds[0];
  return d ? isoOf(ym[0], ym[1], d) : '';
};
// nextDay is the ISO date after iso.
export const nextDay = (iso) => {
  const d = new Date(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10) + 1);
  return isoOf(d.getFullYear(), d.getMonth() + 1, d.getDate());
};
export const dayNum = (el) => {
  const t = clean(el.textContent || '');
  return /^\d{1,2}$/.test(t) ? +t : 0;
};
export const gridMonth = (grid) => {
  let ym = w.gridMonths.get(grid);
  if (ym !== undefined) return ym;
  ym = monthIn(idrefText(grid, 'aria-labelledby')) || monthIn(clean(grid.getAttribute('aria-label')));
  if (!ym && grid.caption) ym = monthIn(clean(grid.caption.textContent));
  for (let p = grid.previousElementSibling, i = 0; !ym && p && i < 4; p = p.previousElementSibling, i++) {
    const t = clean(p.textContent || '');
    if (t.length <= 40) ym = monthIn(t);
  }
  w.gridMonths.set(grid, ym || null);
  return ym || null;
};
// calendarDay is the date of a day control, or '': flatpickr's day
// (its dateObj), jQuery UI's day link (its cell's data-year and
// data-month), or a day number in a grid cell (the cell itself, or
// the one button or link in it) whose label, data-date or <time> says
// the date, or whose grid's label says the month.
export const calendarDay = (el, tag, role) => {
  const cl = el.classList;
  if (cl.contains('flatpickr-day')) {
    if (cl.contains('flatpickr-disabled') || cl.contains('hidden')) return '';
    const d = el.dateObj;
    if (d instanceof Date && !isNaN(d.getTime())) return isoOf(d.getFullYear(), d.getMonth() + 1, d.getDate());
    return dateIn(el.getAttribute('aria-label'), dayNum(el));
  }
  // cheap tests first: this runs for every cell, button and link
  const isCell = tag === 'td' || role === 'gridcell';
  if (!isCell && tag !== 'button' && tag !== 'a' && role !== 'button') return '';
  if (el.childElementCount > 3) return '';
  let cell = null;
  if (isCell) cell = el;
  else {
    const p = el.parentElement;
    const isC = (e) => e && (e.localName === 'td' || (e.hasAttributes() && roleOf(e) === 'gridcell'));
    cell = isC(p) ? p : p && isC(p.parentElement) ? p.parentElement : null;
  }
  if (!cell) return '';
  const n = dayNum(el);
  if (!n) return '';
  if (isCell && el.querySelector('button,a,[role=button]')) return '';
  if (cell.getAttribute('data-handler') === 'selectDay') {
    const y = +cell.getAttribute('data-year'), m = +cell.getAttribute('data-month');
    return tag === 'a' && y && m >= 0 ? isoOf(y, m + 1, n) : '';
  }
  for (const e of el === cell ? [el] : [el, cell]) {
    const dd = e.getAttribute('data-date') || e.getAttribute('data-day');
    if (dd && ISO_DATE.test(dd)) return dateIn(dd, n);
    const l = dateIn(e.getAttribute('aria-label') || e.getAttribute('title'), n);
    if (l) return l;
  }
  const tm = cell.querySelector('time[datetime]');
  if (tm && ISO_DATE.test(tm.getAttribute('datetime'))) return dateIn(tm.getAttribute('datetime'), n);
  // a plain table cell with a number is data, not a day, unless it
  // says its date: only a grid cell or a button in a cell takes the
  // month from the grid's label
  if (el === cell && role !== 'gridcell') return '';
  const grid = cell.closest('table,[role=grid]');
  const ym = grid ? gridMonth(grid) : null;
  return ym ? isoOf(ym[0], ym[1], n) : '';
};
export const calendarGrid = (grid) => {
  if (!grid) return false;
  let d = w.calendarGrids.get(grid);
  if (d !== undefined) return d;
  d = grid.classList.contains('ui-datepicker-calendar');
  if (!d) {
    // seven days in a row among its first cells: 1 2 3 … or 29 30 31 1 2 …
    // (a bounded walk: querySelectorAll would list every cell of a
    // 10,000-row table first)
    let seen = 0, run = 0, prev = '';
    const tw = document.createTreeWalker(grid, NodeFilter.SHOW_ELEMENT);
    for (let c = tw.nextNode(), steps = 0; c && steps < 400; c = tw.nextNode(), steps++) {
      if (c.localName !== 'td' && !(c.hasAttributes() && roleOf(c) === 'gridcell')) continue;
      if (++seen > 21 || run >= 7) break;
      const b = c.querySelector('button,a,[role=button]');
      const e = b || c;
      const day = calendarDay(e, e.localName, e.hasAttributes() ? roleOf(e) : '');
      if (!day) continue;
      run = prev && nextDay(prev) === day ? run + 1 : 1;
      prev = day;
    }
    d = run >= 7;
  }
  w.calendarGrids.set(grid, d);
  return d;
};
// calendarOf is the calendar a control belongs to: flatpickr's or
// jQuery UI's container, or a calendar grid within three levels up
// (the month bar beside a grid); null for none.
export const CAL_ROOT = '.flatpickr-calendar,.ui-datepicker';
export const calendarOf = (el) => {
  const lib = el.closest(CAL_ROOT);
  if (lib) return lib;
  for (let n = el.parentElement, d = 0; n && d < 3; n = n.parentElement, d++) {
    const g = n.querySelector('table,[role=grid]');
    if (g && calendarGrid(g)) return g;
  }
  return null;
};
// monthStep says whether an element is a calendar's previous or next
// month control: 'previous', 'next' or ''. flatpickr's and jQuery UI's
// by their classes; others by a class word or a label that says prev
// or next, beside a calendar grid.
export const PREV_WORD = /(?:^|[\s_-])(?:prev|previous)(?:[\s_-]|$)/i, NEXT_WORD = /(?:^|[\s_-])next(?:[\s_-]|$)/i;
export const monthStep = (el, tag, role) => {
  const cl = el.classList;
  if (cl.contains('flatpickr-prev-month') || cl.contains('ui-datepicker-prev')) return cl.contains('flatpickr-disabled') || cl.contains('ui-state-disabled') ? '' : 'previous';
  if (cl.contains('flatpickr-next-month') || cl.contains('ui-datepicker-next')) return cl.contains('flatpickr-disabled') || cl.contains('ui-state-disabled') ? '' : 'next';
  if (!(tag === 'button' || tag === 'a' || role === 'button')) return '';
  const words = (typeof el.className === 'string' ? el.className : '') + ' ' + clean(el.getAttribute('aria-label')) + ' ' + clean(el.getAttribute('title'));
  const way = PREV_WORD.test(words) ? 'previous' : NEXT_WORD.test(words) ? 'next' : '';
  if (!way || /\byear\b/i.test(words)) return '';
  return calendarOf(el) ? way : '';
};
// spinStep says whether an element is a spinner's arrow: 'up', 'down'
// or ''; spinInput is the field it steps. jQuery UI's spinner buttons
// (aria-hidden, a triangle icon) and arrows classed up/down (or
// increment/decrement) beside a number field or spinbutton.
export const SPIN_UP = /(?:^|[\s_-])(?:up|increment|incr|inc|plus)(?:[\s_-]|$)/i, SPIN_DOWN = /(?:^|[\s_-])(?:down|decrement|decr|dec|minus)(?:[\s_-]|$)/i;
export const spinInput = (el) => {
  const p = el.parentElement;
  return p ? p.querySelector(':scope > input[type=number], :scope > [role=spinbutton], :scope > input.ui-spinner-input') : null;
};
export const spinStep = (el, tag) => {
  if (!(tag === 'a' || tag === 'button' || tag === 'span' || tag === 'div')) return '';
  const cls = typeof el.className === 'string' ? el.className : '';
  if (!cls) return '';
  const lib = el.classList.contains('ui-spinner-button');
  if (!lib && tag !== 'button' && el.getAttribute('role') !== 'button') return '';
  const way = /ui-spinner-up/.test(cls) || SPIN_UP.test(cls) ? 'up' : /ui-spinner-down/.test(cls) || SPIN_DOWN.test(cls) ? 'down' : '';
  return way && spinInput(el) ? way : '';
};
// widgetOf is what a widget makes of an element: a day, a month step or
// a spinner arrow ({kr, label, description, date, calendar, top}), or
// null. top: the control is the page's, even inside a record.
export const widgetOf = (el, tag, role) => {
  const date = calendarDay(el, tag, role);
  if (date) {
    const cal = calendarOf(el) || el.closest('table,[role=grid]');
    return { kr: ['click', 'button'], label: date, date, calendar: cal ? keyOf(cal) : '', top: true };
  }
  const way = monthStep(el, tag, role);
  if (way) return { kr: ['click', 'button'], label: way === 'previous' ? 'Previous month' : 'Next month', description: 'Show the ' + way + ' month of the calendar', top: true };
  const spin = spinStep(el, tag);
  if (spin) {
    const f = spinInput(el);
    const fl = f ? accName(f, f.localName, 'spinbutton') || nearbyLabel(f) : '';
    return { kr: ['click', 'button'], label: spin === 'up' ? 'Up' : 'Down', description: 'Step ' + (fl ? '"' + cut(fl, NAME_TEXT) + '" ' : 'the number ') + spin, top: false };
  }
  return null;
};
// treeNode: a tree's node is a record: an element with role=treeitem,
// or the <li> (role none) that holds one as its child (jsTree puts
// the role on the node's link).
export const treeNode = (el, tag, role) => {
  if (role === 'treeitem') {
    const p = el.parentElement;
    return p && p.localName === 'li' && (p.getAttribute('role') === 'none' || p.getAttribute('role') === 'presentation') ? '' : 'tree';
  }
  if (tag === 'li' && (role === 'none' || role === 'presentation') && el.querySelector(':scope > [role=treeitem]')) return 'tree';
  return '';
};
// treeParts are a node's item (the element with role=treeitem), its
// label (the link or text element that selects it) and its twisty
// (the text-less element before the label that opens it; the label
// when there is none).
export const treeParts = (el) => {
  const item = roleOf(el) === 'treeitem' ? el : el.querySelector(':scope > [role=treeitem]');
  if (!item) return null;
  let label = item !== el ? item : null, twisty = null;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const r = c.hasAttributes() ? roleOf(c) : '';
    if (c.localName === 'ul' || c.localName === 'ol' || r === 'group') continue;
    if (c === label) break;
    if (!LETTER.test(c.textContent || '')) {
      if (!twisty && vis(c)) twisty = c;
    } else if (!label) {
      label = c;
      break;
    }
  }
  if (!label) label = item;
  return { item, label, twisty: twisty || label };
};
// treeControls makes a node's row actions: expand or collapse (by
// its aria-expanded) on its twisty, select on its label.
export const treeControls = (el, ctx, hover) => {
  const tp = treeParts(el);
  if (!tp) return;
  const ex = tp.item.getAttribute('aria-expanded');
  const mk = (target, label, description) => {
    w.widgetDone.add(target);
    w.widgetNow = { label, description };
    try {
      control(target, target.localName, target.hasAttributes() ? roleOf(target) : '', target.hasAttributes(), ['click', 'button'], ctx, hover);
    } finally {
      w.widgetNow = null;
    }
  };
  if (ex === 'false') mk(tp.twisty, 'Expand', 'Open the tree node (show its children)');
  else if (ex === 'true') mk(tp.twisty, 'Collapse', 'Close the tree node (hide its children)');
  mk(tp.label, 'Select', 'Select the tree node');
};

export function initWidgets() {
  // gridMonth is the month a calendar grid shows, from its label
  // (aria-labelledby, aria-label, caption) or a heading just before it
  // in its container: [year, month] or null. Decided once per grid.
  w.gridMonths = new Map();
  // calendarGrid: a table or grid whose cells are days is a calendar
  // (its week rows are no records). Decided once per grid.
  w.calendarGrids = new Map();
  // widgetNow carries the name a widget gives the control being
  // described (control → describe), or null.
  w.widgetNow = null;
  // widgetDone: elements a widget already made an action (a tree node's
  // label and twisty), so the walk makes no second one.
  w.widgetDone = new WeakSet();
}
