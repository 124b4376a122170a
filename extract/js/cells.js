// cells.js: one column of a row. A text row's column is its cell's
// visible text; a form's row is a control, whose columns are facts about
// it (label, role, disabled, checked, required), never its value.
import {controlName} from './labels.js';
import {controlRole, inputType} from './roles.js';
import {newSummary, textOf, walkText} from './summary.js';
import {HTML_WS_EDGE as WS_EDGE} from '../../internal/js/text.js';

var CHECKABLE = {checkbox: 1, radio: 1, 'switch': 1, menuitemcheckbox: 1, menuitemradio: 1};
var ARIA_REQUIRABLE = {checkbox: 1, 'switch': 1, combobox: 1, listbox: 1, spinbutton: 1, textbox: 1, searchbox: 1};

// fact is a column the control has (v) or does not have (null).
function fact(v) {
  return v === null ? {t: '', x: false, p: false} : {t: v, x: false, p: true};
}

function disabled(el) {
  var dis = false;
  try {
    dis = el.matches(':disabled');
  } catch (e) {
    dis = false;
  }
  return fact(String(dis || el.getAttribute('aria-disabled') === 'true'));
}

function checked(el, isInput, ty, role) {
  if (isInput && (ty === 'checkbox' || ty === 'radio')) return fact(el.indeterminate ? 'mixed' : String(el.checked));
  if (CHECKABLE[role]) {
    var ac = (el.getAttribute('aria-checked') || 'false').replace(WS_EDGE, '').toLowerCase();
    return fact(ac);
  }
  return fact(null);
}

function required(el, isInput, ty, role) {
  var t = el.localName;
  if ((isInput && !(ty === 'submit' || ty === 'reset' || ty === 'button' || ty === 'image')) || t === 'select' || t === 'textarea') {
    return fact(String(el.required === true || el.getAttribute('aria-required') === 'true'));
  }
  if (ARIA_REQUIRABLE[role]) return fact(String(el.getAttribute('aria-required') === 'true'));
  return fact(null);
}

// formCell is column col of the control el: 0 label, 1 role, 2 disabled,
// 3 checked, 4 required; any other column is absent.
export function formCell(el, col, L) {
  var isInput = el.localName === 'input';
  var ty = isInput ? inputType(el) : '';
  var role = controlRole(el);
  switch (col) {
    case 0: {
      var b = newSummary(L);
      controlName(el, b);
      return {t: textOf(b), x: b.truncated, p: true};
    }
    case 1:
      return fact(role);
    case 2:
      return disabled(el);
    case 3:
      return checked(el, isInput, ty, role);
    case 4:
      return required(el, isInput, ty, role);
  }
  return fact(null);
}

// textCell is a cell's visible text.
export function textCell(el, L) {
  var b = newSummary(L);
  walkText(el, b, null);
  return {t: textOf(b), x: b.truncated, p: true};
}
