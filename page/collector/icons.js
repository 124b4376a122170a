// icons.js (issue 18): the conventional name of an icon-only
// control's icon. An icon font's class (fa-trash, fa-solid fa-star,
// glyphicon-star, bi-trash, icon-reply, mdi-delete, ion-md-star), a
// ligature font's text (material-icons "delete"), an SVG's data-icon,
// <title>, aria-label or <use href="#icon-reply">.
import { w } from './state.js';
import { asLabel } from './controls.js';
import { STATE_CLASS } from './folding.js';
import { NAME_TEXT } from './params.js';
import { CTRL_SEL } from './repeated.js';
import { WS, clean, cut, gather } from './text.js';

export const ICON_CLASS = /^(?:fa[srlbdk]?|fa-(?:solid|regular|light|thin|duotone|brands|sharp)|glyphicon|bi|icon|icons|mdi|ion|ti|feather|lucide|octicon|la[srb]?|typcn|oi|zmdi|uil|ri|bx|bxs|bxl|dashicons|gg|fi|pe-7s|si|wi|flaticon|ui-icon|oo-ui-icon)-([a-z][a-z0-9-]*)$/i;
export const ICON_MOD = /^(?:[0-9]+x|xs|sm|lg|xl|2xs|2xl|xxl|fw|spin|pulse|border|inverse|stack(?:-[12]x)?|li|ul|flip(?:-\w+)?|rotate(?:-\w+)?|pull-\w+|beat|fade|bounce|shake|solid|regular|light|thin|brands|duotone|sharp|before|after|large|small|white|black|primary|inline|button|btn|md|ios|logo|ms|color|outline|spin-pulse|\d+(?:px)?)$/;
export const LIGATURE = /^material-(?:icons|symbols)(?:-(?:outlined|round|rounded|sharp|two-tone))?$/;
export const iconWord = (word) => {
  // trash-o, trash-alt, star-fill, heart-outline, trash3, delete-forever-outline: the icon
  let t = word.toLowerCase().replace(/_/g, '-');
  for (let i = 0; i < 3; i++) t = t.replace(/-(?:o|alt|fill|filled|outline|outlined|line|round|rounded|sharp|solid|regular|empty|full|circle|square|sign|btn|icon|v|h|vertical|horizontal)$/, '').replace(/-?\d+$/, '');
  t = t.replace(/^(?:icon|ico|i|svg|sprite)-/, '').replace(/^(?:ios|md|logo)-/, '');
  return /^[a-z][a-z-]{1,30}$/.test(t) ? t.replace(/-/g, ' ') : '';
};
// CLOSE_CLASS: a dialog's or a notice's close button drawn by its
// stylesheet (Bootstrap 5's btn-close, jQuery UI's
// ui-dialog-titlebar-close, modal-close, notice-dismiss): the icon is a
// close (phpMyAdmin's dialogs were ui_dialog_titlebar_close)
export const CLOSE_CLASS = /^(?:btn-close|close|[a-z]+(?:-[a-z]+)*-(?:close|dismiss))$/;
export const iconFromClass = (n) => {
  const cl = n.classList;
  if (!cl || cl.length === 0) return '';
  for (const c of cl) if (CLOSE_CLASS.test(c) && (n.localName === 'button' || n.getAttribute('role') === 'button' || n.localName === 'a')) return 'close';
  for (const c of cl) {
    if (LIGATURE.test(c)) {
      const t = clean(n.textContent);
      if (t) return iconWord(t);
    }
    const m = ICON_CLASS.exec(c);
    if (m && !ICON_MOD.test(m[1])) {
      const word = iconWord(m[1]);
      if (word) return word;
    }
  }
  return '';
};
export const iconOfSvg = (svg) => {
  const di = svg.getAttribute('data-icon');
  if (di) { const word = iconWord(di); if (word) return word; }
  const al = clean(svg.getAttribute('aria-label'));
  if (al) return al;
  const ti = svg.querySelector('title');
  if (ti && clean(ti.textContent)) return clean(ti.textContent);
  const u = svg.querySelector('use');
  if (u) {
    const h = u.getAttribute('href') || u.getAttribute('xlink:href') || '';
    const i = h.lastIndexOf('#');
    if (i >= 0) { const word = iconWord(h.slice(i + 1)); if (word) return word; }
  }
  return iconFromClass(svg);
};
// iconOf returns the icon's name of a control whose content is only
// icons (no text but a ligature's), or ''.
export const iconOf = (el) => {
  let word = iconFromClass(el);
  if (word) return word;
  let seen = 0;
  for (const n of el.querySelectorAll('i,span,svg,em,b,img')) {
    if (++seen > 8) break;
    if (n.localName === 'svg') word = iconOfSvg(n);
    else if (n.localName === 'img') word = iconWord(((n.getAttribute('src') || '').split(/[\/?#]/).filter(Boolean).pop() || '').replace(/\.(svg|png|gif)$/i, ''));
    else word = iconFromClass(n);
    if (word) return word;
  }
  return '';
};
// ligatureOnly: the control's text is only a ligature icon's ("delete")
export const LIGATURE_TEXT = /^[a-z][a-z0-9_]{1,40}$/;
export const ligatureOnly = (el, label) => {
  if (!LIGATURE_TEXT.test(label) || !el.firstElementChild) return false;
  for (const n of el.querySelectorAll('i,span')) {
    if (n.classList && Array.prototype.some.call(n.classList, (c) => LIGATURE.test(c)) && clean(n.textContent) === label) return true;
  }
  return false;
};
// iconOnly: the name came from an SVG inside (its <title> or
// aria-label), the control having no text of its own
export const iconOnly = (el, label) => label.length <= NAME_TEXT && el.firstElementChild !== null && el.querySelector('svg') !== null && !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby') &&
  !el.hasAttribute('title') && gather(el, { skip: (c, t) => t === 'svg' }, 1) === '' && iconOf(el) === label;
// rowLabel is the text of the cell before a field's cell in its table
// row (a form laid out as a table: <th>Server</th><td><input>), when
// that cell holds no control.
// issue 18 pt 4: in a row "label | select | text field" (Adminer's edit
// form: <th>price<td><select name=function[price]><td><input
// name=fields[price]>) the label is the text field's and the select is its
// modifier: rowLabel is null for the select (no label of the row's), and
// the field's label is the cell before the select's.
export const rowLabel = (el) => {
  const td = el.parentElement && el.parentElement.closest('td');
  if (!td || td.closest('tr') !== el.closest('tr')) return '';
  if (!oneField(td)) return '';
  let p = td.previousElementSibling;
  if (el.localName === 'select' && modifierCell(td) && textCell(td.nextElementSibling)) return null;
  if (p && modifierCell(p) && textCell(td)) p = p.previousElementSibling;
  if (!p || (p.firstElementChild && p.querySelector(CTRL_SEL))) return '';
  return asLabel(gather(p, {}, NAME_TEXT + 1));
};
const ROW_FIELDS = 'input:not([type=hidden]),select,textarea';
const oneField = (td) => td.querySelectorAll(ROW_FIELDS).length === 1;
// modifierCell: a cell holding one select and no text of its own, with a
// label cell (no control, some text) before it
const modifierCell = (td) => {
  if (!td || td.localName !== 'td' || !oneField(td) || !td.querySelector('select') || gather(td, { skip: (c, t) => t === 'select' }, 1) !== '') return false;
  const l = td.previousElementSibling;
  return !!l && !l.querySelector(CTRL_SEL) && asLabel(gather(l, {}, NAME_TEXT + 1)) !== '';
};
// textCell: a cell holding one text field (an input one types into, or a
// text area) and nothing else to choose
const textCell = (td) => {
  if (!td || td.localName !== 'td' || !oneField(td)) return false;
  const f = td.querySelector(ROW_FIELDS);
  return f.localName === 'textarea' || (f.localName === 'input' && !/^(checkbox|radio|file|submit|button|reset|image|range|color)$/.test(f.type));
};
export const CAMEL = /([a-z])([A-Z])/g;
// words of styling and framework vocabulary say nothing about what a
// control does
export const NOISE = new Set(['btn', 'button', 'icon', 'form', 'control', 'nav', 'link', 'default', 'input', 'field', 'item', 'group', 'wrapper', 'container', 'primary', 'secondary', 'outline', 'small', 'large', 'flex', 'grid', 'items', 'center', 'justify', 'between', 'rounded', 'shadow', 'border', 'hidden', 'block', 'inline', 'relative', 'absolute', 'fixed', 'sticky', 'text', 'font', 'hover', 'focus', 'cursor', 'pointer', 'ng', 'js', 'css', 'sc', 'is', 'has', 'sm', 'md', 'lg', 'xl', 'px', 'py', 'mx', 'my', 'bg', 'el', 'mat', 'mdc', 'mui', 'ant', 'chakra', 'tw',
  // issue 18: AngularJS's and form libraries' state classes
  // (ng-pristine ng-untouched ng-valid) say nothing either
  'pristine', 'untouched', 'touched', 'dirty', 'valid', 'invalid', 'empty', 'pending', 'submitted']);
// a framework's state class (ng-valid-required, ng-not-empty) is no word of a name
export const FRAMEWORK_CLASS = /^(ng|v)-/;
// LAYOUT_CLASS: utility classes that place or colour an element and say
// nothing of what it holds (Bootstrap's pull-right, float-end, text-muted,
// col-md-4, d-none, mt-2, and its contextual colours: Syncthing's
// listener count, a link of class text-success, was success(record)).
export const LAYOUT_CLASS = /^((?:text|bg|border|btn|btn-outline|label|badge|link)-(?:primary|secondary|success|danger|warning|info|light|dark|default|white|black|body)|btn-(?:sm|lg|xs|block)|pull-(left|right)|float-(start|end|left|right|none)|text-(muted|left|right|center|start|end|nowrap|truncate)|col(-[a-z]+)?-(\d+|auto)|offset(-[a-z]+)?-\d+|d(-[a-z]+)?-(none|inline|inline-block|block|flex|grid|table)|[mp][tbsexylr]?(-[a-z]+)?-(auto|n?\d)|order(-[a-z]+)?-(\d+|first|last)|[wh]-\d+|align-(top|middle|bottom|baseline)|justify-content-[a-z]+|(visible|hidden)-(xs|sm|md|lg|xl))$/;
// classWords are a class attribute's tokens that may say what the
// element is: no framework state, no layout utility
export const classWords = (v) => (v ? v.split(WS).filter((c) => c && !FRAMEWORK_CLASS.test(c) && !LAYOUT_CLASS.test(c)).join(' ') : v);
// pushWords adds v's words (camelCase split, no digits, no noise, no
// repeats) to words.
const pushWords = (words, v) => {
  if (!v) return words;
  for (const word of v.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length < 2 || /\d/.test(word) || NOISE.has(word) || words.includes(word)) continue;
    words.push(word);
  }
  return words;
};
export const evidenceOf = (el) => {
  const words = [];
  pushWords(words, el.getAttribute('id'));
  pushWords(words, classWords(el.getAttribute('class')));
  pushWords(words, el.getAttribute('name'));
  pushWords(words, el.getAttribute('data-testid'));
  return words.slice(0, 5).join(' ');
};
// fieldEvidence is evidenceOf for a field nothing labels: the words of
// its name attribute (the application's own name for it: DokuWiki's
// edit box is wikitext), else of its id, else its class words; one
// source, not the three run together ("wiki edit wikitext").
export const fieldEvidence = (el) => {
  for (const v of [el.getAttribute('name'), el.getAttribute('id'), el.getAttribute('data-testid'), classWords(el.getAttribute('class'))]) {
    const words = pushWords([], v);
    if (words.length) return words.slice(0, 5).join(' ');
  }
  return '';
};
// rowEvidence is evidenceOf for a row control: only what rows share,
// its name attribute and first stable class (ids and modifier classes
// such as role-purple differ from row to row).
export const rowEvidence = (el) => {
  let cls = '';
  if (el.classList) for (const c of el.classList) if (!STATE_CLASS.test(c) && !LAYOUT_CLASS.test(c)) { cls = c; break; }
  const words = [];
  for (const v of [el.getAttribute('name'), cls]) {
    if (!v) continue;
    for (const word of v.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length < 2 || /\d/.test(word) || NOISE.has(word) || words.includes(word)) continue;
      words.push(word);
    }
  }
  return words.slice(0, 5).join(' ');
};
export const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@\/]*$/, DOT_SEG = /\/\.\.?(\/|$)/;
export const hasBase = () => (w.baseEl === undefined ? (w.baseEl = document.querySelector('base[href]') !== null) : w.baseEl);
export const hrefOf = (el) => {
  const h = el.getAttribute('href');
  if (h === null) return '';
  // fast path: a same-origin path without query, fragment or dot segments
  if (SAFE_PATH.test(h) && !DOT_SEG.test(h) && el.ownerDocument === document && !hasBase()) return cut(h);
  try {
    const u = new URL(h, el.baseURI);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return cut(u.protocol.replace(':', ''), 16);
    let p = u.pathname;
    if (u.hash.startsWith('#/') || u.hash.startsWith('#!/')) p += u.hash.split(/[?&]/)[0]; // a hash route, without its query
    return cut(u.origin === location.origin ? p : u.origin + p);
  } catch (e) {
    return '';
  }
};
export const urlOf = (s) => {
  try {
    const u = new URL(s, document.baseURI);
    if (u.protocol === 'about:' || u.protocol === 'data:' || u.protocol === 'blob:') return u.protocol === 'about:' ? cut(u.protocol + u.pathname) : u.protocol.replace(':', '');
    return cut(u.origin + u.pathname, 500);
  } catch (e) {
    return '';
  }
};

export function initIcons() {
  w.baseEl = undefined;
}
