// roles.js: what an element is to extraction — a collection (table, grid,
// list, form), a row, a cell, an item or a control — by its explicit role
// first and its HTML tag when it has none.
import {HTML_WS_EDGE as WS_EDGE, HTML_WS_ONE as WS_ONE} from '../../internal/js/text.js';

var HTML_NS = 'http://www.w3.org/1999/xhtml';

// html: el is an HTML element (an svg or MathML one has no HTML semantics).
export function html(el) {
  return el.namespaceURI === HTML_NS;
}

// roleOf is el's first explicit role token, lower-cased ('' for none).
export function roleOf(el) {
  var r = el.getAttribute('role');
  if (!r) return '';
  r = r.replace(WS_EDGE, '').toLowerCase();
  var i = r.search(WS_ONE);
  return i < 0 ? r : r.slice(0, i);
}

// collectionRole names the collection el is: table, grid, list, form or ''.
export function collectionRole(el) {
  var r = roleOf(el);
  if (r === 'table' || r === 'grid' || r === 'list' || r === 'form') return r;
  if (!html(el)) return '';
  var t = el.localName;
  if (r === '') {
    if (t === 'table') return 'table';
    if (t === 'ul' || t === 'ol') return 'list';
    if (t === 'form') return 'form';
  }
  if (t === 'form' && r === 'search') return 'form';
  return '';
}

// kindOf is the kind a request names a collection role by (a grid is a table).
export function kindOf(role) {
  return role === 'grid' ? 'table' : role;
}

export function isRow(el) {
  var r = roleOf(el);
  return r === 'row' || (r === '' && html(el) && el.localName === 'tr');
}

export function isCell(el) {
  var r = roleOf(el);
  if (r === 'cell' || r === 'gridcell' || r === 'columnheader' || r === 'rowheader') return true;
  return r === '' && html(el) && (el.localName === 'td' || el.localName === 'th');
}

export function isHeaderCell(el) {
  var r = roleOf(el);
  return r === 'columnheader' || (r === '' && el.localName === 'th');
}

export function isItem(el) {
  var r = roleOf(el);
  return r === 'listitem' || (r === '' && html(el) && el.localName === 'li');
}

var CONTROL_ROLES = {
  button: 1, checkbox: 1, radio: 1, 'switch': 1, textbox: 1, searchbox: 1, combobox: 1,
  listbox: 1, slider: 1, spinbutton: 1, menuitemcheckbox: 1, menuitemradio: 1
};

// isControl: el is a form control (a row of a form), an outermost
// contenteditable included.
export function isControl(el) {
  var r = roleOf(el);
  if (CONTROL_ROLES[r]) return true;
  if (r === 'presentation' || r === 'none') return false;
  if (html(el)) {
    var t = el.localName;
    if (t === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
    if (t === 'select' || t === 'textarea' || t === 'button') return true;
  }
  return el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
}

// inputType is an input's type attribute, lower-cased ('text' when absent).
export function inputType(el) {
  return (el.getAttribute('type') || 'text').toLowerCase();
}

var INPUT_ROLES = {
  checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button',
  image: 'button', range: 'slider', number: 'spinbutton', search: 'searchbox',
  text: 'textbox', email: 'textbox', tel: 'textbox', url: 'textbox', password: 'textbox'
};

// controlRole is a control's role: its explicit one, else its tag's.
export function controlRole(el) {
  var r = roleOf(el);
  if (r && r !== 'presentation' && r !== 'none') return r;
  var t = el.localName;
  if (t === 'input') {
    var ty = inputType(el);
    if (el.hasAttribute('list') && (ty === 'text' || ty === 'search' || ty === 'email' || ty === 'tel' || ty === 'url')) return 'combobox';
    return INPUT_ROLES[ty] || ty;
  }
  if (t === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
  if (t === 'textarea') return 'textbox';
  if (t === 'button') return 'button';
  return 'textbox'; // a contenteditable host
}
