// focus.js: where the caret is. When the page has put the focus in a
// field (WordPress's Reply opens an inline form and focuses its text
// area; a person typing leaves it there; a choice leaves it on its
// select, whose Apply comes next), that field and the controls of
// the smallest container around it that holds a button after it are what a person
// works with next: Build ranks them first (the field, then the buttons
// after it: the form's Reply or Update, then its other fields after it,
// then what comes before it), so a budget
// cut leaves the rest of the page out instead of them. A focused button
// or link (the one just clicked), or a checkbox, marks nothing.
import { w } from './state.js';
import { ctlType, isEditable, roleOf } from './controls.js';

// BUTTON is what a container's button is.
const BUTTON = 'button,input[type=submit],input[type=button],input[type=image],[role=button]';
// BOUNDARY ends the climb: a region or the page is too wide to be the
// place a person works in; a form or a dialog is the widest such place.
const BOUNDARY = 'main,[role=main],nav,[role=navigation],aside,[role=complementary],header,footer';
const WIDEST = 'form,[role=dialog],[role=alertdialog],dialog';

// workField says whether el is a field the collector types into (kind
// type, an editable) or a select (the field a choice was made in: its
// Apply or Filter is next), and takes input now.
export const workField = (el) => {
  if (!el || el.nodeType !== 1 || el.disabled || el.readOnly) return false;
  if (isEditable(el)) return true;
  const kr = ctlType(el, el.localName, el.hasAttributes() ? roleOf(el) : '');
  return !!kr && (kr[0] === 'type' || kr[0] === 'select');
};

// focusBox is the smallest ancestor of el that holds a button after el
// (a form's submit follows its fields; an editor's formatting toolbar
// before its text area is no reason to stop: WordPress's reply box), at
// most el's form or dialog, never a region or the page; null when there
// is none.
export const focusBox = (el) => {
  for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
    if (p.matches(BOUNDARY)) return null;
    if (buttonAfter(p, el)) return p;
    if (p.matches(WIDEST)) return null;
  }
  return null;
};

// buttonAfter says whether box holds a button that follows el.
const buttonAfter = (box, el) => {
  const bs = box.querySelectorAll(BUTTON);
  for (let i = bs.length - 1; i >= 0; i--) {
    const b = bs[i];
    if (b !== el && !el.contains(b) && el.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) return true;
  }
  return false;
};

export function initFocus() {
  w.focusEl = null;
  w.focusBox = null;
  let a = null;
  try {
    a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  } catch (e) { a = null; }
  if (!workField(a)) return;
  w.focusEl = a;
  w.focusBox = focusBox(a);
}

// focusOf is how a control el of kind stands to the focus: 1 the focused
// field, 2 a button after it in its box (the form's Update, Reply: what
// comes next once the field holds its text), 3 another control after it,
// 4 one before it, 0 elsewhere.
export const focusOf = (el, kind) => {
  const f = w.focusEl;
  if (!f) return 0;
  if (el === f || el.contains(f)) return 1;
  if (!w.focusBox || !w.focusBox.contains(el)) return 0;
  if (!(f.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) return 4;
  return kind === 'click' || kind === 'submit' ? 2 : 3;
};
