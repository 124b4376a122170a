// controls.js: what is a control (ctlType, roleOf), its accessible name
// (accName) or nearby label, and the names pagers and sections give it.
import { w } from './state.js';
import { clipsAll } from './geometry.js';
import { NAME_TEXT } from './params.js';
import { CTRL_SEL } from './repeated.js';
import { LETTER, NONSPACE, NOTEXT, WS, clean, gather, idrefEls, idrefText, shown } from './text.js';

export const CTRL_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton']);
export const CONTENT_NAMED = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'checkbox', 'radio', 'switch']);
export const BUTTONISH_TAGS = new Set(['button', 'input', 'select', 'textarea', 'summary']);
export const isEditable = (el) => {
  const ce = el.getAttribute('contenteditable');
  return ce !== null && ce !== 'false';
};
export const roleOf = (el) => {
  const r = el.getAttribute('role');
  if (!r) return suggestionRole(el);
  const i = r.indexOf(' ');
  return (i < 0 ? r : r.slice(0, i)).toLowerCase();
};
// suggestionRole: issue 18 pt 6: jQuery UI's autocomplete shows its
// suggestions as a menu without roles (role: null); its items are the
// options a person chooses from.
export const suggestionRole = (el) => {
  if (el.localName !== 'li' || !el.classList.contains('ui-menu-item')) return '';
  const p = el.parentElement;
  return p && p.classList.contains('ui-autocomplete') ? 'option' : '';
};
// codeEditor: issue 18 pt 5: a code editor is one type action on its
// visible wrapper (the input it types through is a tiny hidden
// textarea), named by the label of the textarea it replaced, its own
// input's name, or the text before it: ['type', 'textbox', label], or
// null. CodeMirror 5 (.CodeMirror holding its editor instance) and
// Monaco (.monaco-editor, its textarea named by its ariaLabel).
export const codeEditor = (el, tag) => {
  if (tag !== 'div' || !((el.CodeMirror && el.classList.contains('CodeMirror')) || el.classList.contains('monaco-editor'))) return null;
  let label = '';
  try {
    const ta = el.CodeMirror && typeof el.CodeMirror.getTextArea === 'function' ? el.CodeMirror.getTextArea() : null;
    if (ta) label = accName(ta, 'textarea', 'textbox');
  } catch (e) { label = ''; }
  const input = el.querySelector('textarea');
  if (!label && input) label = accName(input, 'textarea', 'textbox');
  if (!label) label = accName(el, tag, 'textbox') || labelAround(el) || nearbyLabel(el);
  return ['type', 'textbox', label];
};
// labelAround is the aria-label of an editor's parent or grandparent: the
// area a page labels and an editor library fills (Jupyter's "Edit code
// here" around each cell's CodeMirror, beside its "In [ ]:" prompt).
const labelAround = (el) => {
  for (let p = el.parentElement, d = 0; p && d < 2; p = p.parentElement, d++) {
    const l = roleless(clean(p.getAttribute('aria-label')));
    if (l) return l;
  }
  return '';
};
// comboboxDisplay: a read-only ARIA textbox that is no field (not an
// input, text area or contenteditable) inside a combobox shows the
// combobox's chosen value (select2's rendered choice): it is part of that
// combobox, which is the one type action, not a second field.
const comboboxDisplay = (el, tag) => tag !== 'input' && tag !== 'textarea' && el.getAttribute('aria-readonly') === 'true' &&
  !isEditable(el) && !!(el.parentElement && el.parentElement.closest('[role="combobox"]'));
// ariaToggleAround: a native checkbox or radio inside an ARIA one is
// that control's own part (OOUI's radio options are <label role=radio>
// around an <input type=radio role=presentation>): one action, not two.
const TOGGLE_AROUND = '[role=radio],[role=checkbox],[role=switch],[role=menuitemradio],[role=menuitemcheckbox],[role=option]';
const ariaToggleAround = (el) => !!(el.parentElement && el.parentElement.closest(TOGGLE_AROUND));
// optionPart: a button that is the whole of an option (OOUI's
// ButtonSelectWidget: each option is a frame around one icon button) is
// that option's part: the option is the action.
const optionPart = (el) => {
  const o = el.parentElement && el.parentElement.closest('[role=option]');
  return !!o && clean(o.textContent) === clean(el.textContent);
};
// ctlType returns [kind, role] for an actionable element, or null.
export const ctlType = (el, tag, role) => {
  if (role && CTRL_ROLES.has(role)) {
    switch (role) {
      case 'link': return ['link', role];
      case 'checkbox': case 'switch': case 'radio': case 'menuitemcheckbox': case 'menuitemradio': return ['check', role];
      case 'textbox': case 'searchbox': if (comboboxDisplay(el, tag)) return null; return ['type', role];
      case 'slider': case 'spinbutton': return ['type', role];
      case 'combobox': return [tag === 'select' ? 'select' : 'type', role];
      case 'button':
        if (optionPart(el)) return null;
        if (tag === 'button' && el.type === 'submit' && el.form) return ['submit', role];
        if (tag === 'input' && (el.type === 'submit' || el.type === 'image')) return ['submit', role];
        return ['click', role];
      default: return ['click', role];
    }
  }
  switch (tag) {
    case 'button': return [el.type === 'submit' && el.form ? 'submit' : 'click', 'button'];
    case 'a': return el.hasAttribute('href') ? ['link', 'link'] : null;
    case 'select': return ['select', el.multiple || el.size > 1 ? 'listbox' : 'combobox'];
    case 'textarea': return ['type', 'textbox'];
    case 'summary': {
      const p = el.parentElement;
      return p && p.localName === 'details' ? ['click', 'button'] : null;
    }
    case 'input': {
      const ty = el.type;
      switch (ty) {
        case 'hidden': return null;
        case 'checkbox': return ariaToggleAround(el) ? null : ['check', 'checkbox'];
        case 'radio': return ariaToggleAround(el) ? null : ['check', 'radio'];
        case 'submit': case 'image': return ['submit', 'button'];
        case 'reset': case 'button': return ['click', 'button'];
        // issue 11: file inputs are actions of kind upload (files are
        // set through the upload tool, never by clicking)
        case 'file': return ['upload', 'button'];
        case 'range': return ['type', 'slider'];
        case 'number': return ['type', 'spinbutton'];
        case 'search': return ['type', 'searchbox'];
        default: return ['type', el.hasAttribute('list') ? 'combobox' : 'textbox'];
      }
    }
  }
  if (el.hasAttribute && el.hasAttributes() && isEditable(el)) return ['type', 'textbox'];
  return null;
};
// isCtl reports whether an element is any kind of control (for text and
// record heuristics); links count only when links is true. An <a> is a
// link by its href, or whatever its role says (WikiEditor's toolbar tabs
// are <a role=button> without href: buttons, never text).
export const isCtl = (el, tag, links) => {
  if (BUTTONISH_TAGS.has(tag)) return tag !== 'input' || el.type !== 'hidden';
  if (tag === 'a') {
    const r = el.hasAttribute('role') ? roleOf(el) : '';
    if (r && r !== 'link' && CTRL_ROLES.has(r)) return true;
    return links && el.hasAttribute('href');
  }
  if (!el.hasAttributes()) return false;
  const r = roleOf(el);
  if (r === 'link') return links;
  if (r && CTRL_ROLES.has(r)) return true;
  return isEditable(el);
};
// STATUS_SEL finds an element whose class words say status
// (panel-status, status, item-status); statusPart tests one.
const STATUS_SEL = '[class*=status]';
const STATUS_WORD = /(?:^|[\s_-])status(?:$|[\s_-])/i;
export const statusPart = (c) => typeof c.className === 'string' && STATUS_WORD.test(c.className);
export const skipButtons = (c, tag) => isCtl(c, tag, false);
export const skipControls = (c, tag) => isCtl(c, tag, true);

// bracketsLeft drops what the links inside a name leave of their
// brackets: OOUI's skin option "Vector (2022) (<a>Discussion</a> |
// <a>Preview</a>)" read "Vector (2022) ( | )".
export const bracketsLeft = (s) => s.indexOf('(') < 0 ? s :
  clean(s.replace(/\(\s*(?:[|·•,\/]\s*)*\)/g, '').replace(/\s*(?:[|·•,\/]\s*)+\)/g, ')').replace(/\(\s*(?:[|·•,\/]\s*)+/g, '('));
// undoubled: a name made of the same words twice is said once: an icon's
// alt before the same visible text (phpMyAdmin's row links: <img
// alt="Copy"> Copy).
// (names are cleaned to single spaces: the same words twice are the same
// half on each side of the middle space; no split on this hot path)
export const undoubled = (s) => {
  const n = s ? s.length : 0;
  if (n < 3 || n % 2 === 0) return s;
  const m = (n - 1) / 2;
  return s.charCodeAt(m) === 32 && s.startsWith(s.slice(m + 1)) ? s.slice(0, m) : s;
};
// roleless drops a role word an aria-label starts with, said as a
// screen reader would say it before the name (Jupyter's cell type
// dropdown: "combobox, select cell type", once
// combobox_select_cell_type): the kind is the action's own.
const ROLE_WORD = /^(?:combobox|listbox|button|checkbox|link|textbox|menu|radio|switch|slider|tab)\s*[,:;-]\s*(?=\S)/i;
export const roleless = (s) => (s && ROLE_WORD.test(s) ? s.replace(ROLE_WORD, '') : s);
// KEY_HINT is an access key's hint at the end of a title or alt
// ("Bold Text [B]", DokuWiki's "[F]", MediaWiki's "[alt-shift-s]").
// (MediaWiki gives both: "[s] [alt-shift-s]")
export const KEY_HINT = /(?:\s*\[(?:(?:alt|shift|ctrl|cmd|meta|option)\s*[-+]\s*)*[a-z0-9]\])+$/i;
// keyHintless is s without the hint of el's access key: the hint says
// which key presses the control, it names nothing ("[F]" alone is no
// name at all).
export const keyHintless = (el, s) => (s && el.hasAttribute('accesskey') ? s.replace(KEY_HINT, '') : s);
// accName is the accessible name; strong leaves out the fallbacks
// (title, placeholder) that a visible label beside a field beats.
export const accName = (el, tag, role, strong) => {
  const valued = VALUE_ROLES.has(role);
  let s = valued ? labelledbyOutside(el) : idrefText(el, 'aria-labelledby');
  if (!s) s = roleless(clean(el.getAttribute('aria-label')));
  const field = tag === 'input' || tag === 'select' || tag === 'textarea';
  // (a dropdown labelled by its own value alone: the label of the native
  // select it stands for, else that value as before)
  if (!s && valued && !field) s = standInLabel(el) || idrefText(el, 'aria-labelledby');
  if (!s && field && el.labels && el.labels.length) s = labelsText(el)[0] || '';
  if (!s && tag === 'input') {
    const ty = el.type;
    if (ty === 'submit' || ty === 'reset' || ty === 'button') s = clean(el.getAttribute('value')) || (ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '');
    else if (ty === 'image') s = clean(el.getAttribute('alt'));
  }
  if (!s && tag === 'img') s = clean(el.getAttribute('alt'));
  if (!s && !field && (CONTENT_NAMED.has(role) || tag === 'summary') && !(el.hasAttributes() && isEditable(el))) {
    const inner = (c, t) => t !== 'img' && t !== 'svg' && isCtl(c, t, true) && c !== el;
    // A part its class calls a status (Syncthing's folder heading: its
    // "Unshared", "Paused" before the folder's label) is the control's
    // state, not its name: the name stays when the state changes. A part
    // drawn for screen readers only is not what a person reads either:
    // a control that shows words is named by them (Jupyter's "New", its
    // sr-only "Toggle Dropdown" after it made new_toggle_dropdown); one
    // that shows none but a caret is named by its title, when it has one
    // (its "Select Folders/All Notebooks/…", once checkbox_toggle_dropdown).
    // One gather in the common case: the whole text only when the parts
    // left out leave no words.
    let hidden = false;
    const status = !!el.firstElementChild && !!el.querySelector(STATUS_SEL);
    const seen = !el.firstElementChild ? inner : (c, t) => inner(c, t) ||
      (c !== el && ((status && statusPart(c)) || (c.hasAttributes() && clipsAll(c) && (hidden = true))));
    s = bracketsLeft(undoubled(gather(el.shadowRoot || el, { skip: seen }, w.maxText * 2)));
    if ((hidden || status) && !LETTER.test(s)) {
      const all = bracketsLeft(undoubled(gather(el.shadowRoot || el, { skip: inner }, w.maxText * 2)));
      s = (hidden && clean(el.getAttribute('title'))) || all;
    }
  }
  s = keyHintless(el, s);
  if (strong) return s;
  if (!s) s = keyHintless(el, clean(el.getAttribute('title')));
  if (!s && (field || isEditable(el))) s = hintless(clean(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || el.getAttribute('data-placeholder')));
  return s;
};
// labelsText is the text of each <label> of a field that has any, in
// order. The first names the field; the ones after it are help (OOUI's
// inline help is a second <label for> of the same input: "Real name is
// optional. If provided, …" made the name real_name_real_name_is_…), and
// a second label of the same text is a page that repeats its toolbar and
// ids.
export const labelsText = (el) => {
  const out = [];
  for (const l of el.labels) {
    // (a help link drawn as an icon inside the label, phpMyAdmin's
    // "Documentation" after "Server connection collation:", is no part
    // of the name)
    const t = clean(gather(l, { skip: (c, tg) => skipButtons(c, tg) || (tg === 'a' && iconLink(c)) }, w.maxText * 2)) ||
      clean(gather(l, { skip: skipButtons }, w.maxText * 2));
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
};
// iconLink: a link that shows an image and no text of its own.
const iconLink = (a) => !NONSPACE.test(a.textContent || '') && a.querySelector('img,svg,i,span') !== null;
// VALUE_ROLES show their value inside themselves: a part of an
// aria-labelledby inside the control is its value, not its name (OOUI's
// dropdown is labelled by "Language:" and its own "en - English", and
// was named language_en_english, a name that changes with the choice).
const VALUE_ROLES = new Set(['combobox', 'listbox']);
const labelledbyOutside = (el) => {
  const out = [];
  for (const r of idrefEls(el, 'aria-labelledby')) if (!el.contains(r)) out.push(gather(r, { hidden: true }, w.maxText * 2));
  return clean(out.join(' '));
};
// standInLabel: a widget that stands for a hidden native <select> (OOUI's
// infused dropdown keeps the form's select beside its handle, and the
// field's <label for> points at that select: MediaWiki's "Reason:" on the
// delete form, whose handle is labelled by its value "Other reason") is
// named by that select's label. Up to three ancestors up.
const standInLabel = (el) => {
  for (let p = el.parentElement, d = 0; p && d < 3; p = p.parentElement, d++) {
    const sel = p.querySelector('select');
    if (!sel || shown(sel)) continue;
    if (sel.labels && sel.labels.length) return labelsText(sel)[0] || '';
    return '';
  }
  return '';
};
// hintless drops a placeholder's parenthesised usage hint of two words
// or more: Prometheus's "Expression (press Shift+Enter for newlines)"
// names expression.
const hintless = (s) => s.replace(/\s*\((?:[^()\s]+\s+)+[^()]*\)\s*$/, '') || s;
// nearbyLabel is the visible text that labels a field with no
// accessible name: a short text just before it (the label element of
// its form group, a caption div), or the nearest preceding heading or
// <dt>, looking up to three ancestors up. A class name is never a label.
// issue 18: the text just before a field in its own row ("Host:
// <input>") labels it too; a sentence (instructions elsewhere on the
// page: "Select 06/29/2016 as the date and hit submit.") never does.
export const asLabel = (text) => {
  if (!text || text.length > NAME_TEXT || !LETTER.test(text)) return '';
  const t = text.replace(/\s*[:*]\s*$/, '');
  const words = t.split(' ').length;
  if (words > 6 || (words > 2 && /[.!?]$/.test(t))) return '';
  return t;
};
// symbolOnly says whether a control's text is a symbol, no word: no
// letter ("+", "↑", "…") or one letter ("x" for Remove); a number is data
// (Adminer's row count "3" titled Select data), never a symbol.
export const symbolOnly = (text) => !!text && !/\d/.test(text) && (text.length === 1 || !LETTER.test(text));
// titleForSymbol is the words of el's title when its text is a symbol
// (Adminer's <input type=image alt="+" title="Add next">), else ''.
export const titleForSymbol = (el, text) => (symbolOnly(text) ? asLabel(clean(el.getAttribute('title'))) : '');
// textAfter is the words right after a checkbox or radio in its parent
// (Adminer's <td><input type=radio>AI</td>): a box's text follows it,
// and the cell before is another column's.
export const textAfter = (el) => {
  for (let n = el.nextSibling, seen = 0; n && seen < 2; n = n.nextSibling) {
    if (n.nodeType === 3) {
      if (!NONSPACE.test(n.data)) continue;
      return asLabel(clean(n.data));
    }
    if (n.nodeType !== 1) continue;
    seen++;
    const t = n.localName;
    if (t !== 'span' && t !== 'b' && t !== 'strong' && t !== 'em') return '';
    return asLabel(gather(n, {}, NAME_TEXT + 1));
  }
  return '';
};
export const nearbyLabel = (el) => {
  const fieldEl = /^(input|select|textarea)$/.test(el.localName);
  for (let n = el, d = 0; n && d < 3; n = n.parentElement, d++) {
    let seen = 0, past = false;
    for (let p = n.previousSibling; p && seen < 3; p = p.previousSibling) {
      if (p.nodeType === 3) {
        if (!NONSPACE.test(p.data) || past) continue;
        seen++;
        const text = clean(p.data);
        const l = asLabel(text);
        if (l) return l;
        continue;
      }
      if (p.nodeType !== 1) continue;
      seen++;
      const t = p.localName;
      // a control in between: the text before it labels that one; but a
      // link or button between a field and a <label> for nothing (a Help
      // link: Syncthing's "File Versioning  ? Help" over its select) takes
      // no label, so that <label> is the field's
      if (isCtl(p, t, true) || (p.firstElementChild && p.querySelector(CTRL_SEL))) {
        if (fieldEl && !past && !p.querySelector('input,select,textarea') && !/^(input|select|textarea)$/.test(t)) { past = true; continue; }
        return '';
      }
      if (NOTEXT.has(t)) continue;
      if (past && (t !== 'label' || p.htmlFor)) continue;
      const text = gather(p, {}, NAME_TEXT + 1);
      const l = asLabel(text);
      if (l) return l;
    }
    const pp = n.parentElement;
    if (!pp || pp.localName === 'form' || pp.localName === 'body' || pp.localName === 'li' || pp.localName === 'tr') break;
  }
  return '';
};
// pagerMeaning: issue 18 pt 4: a pager link (or button) whose text is
// only a glyph is named by what it means, never by its class token
// (ajax_navig is Next on one page and Begin on the next): its rel
// (next, prev, first, last) first, then its title, then the glyph's
// conventional meaning: < ‹ previous, > › next, « << first, » >> last.
export const REL_MEANING = { next: 'Next', prev: 'Previous', previous: 'Previous', first: 'First', start: 'First', last: 'Last' };
export const GLYPH_MEANING = {
  '<': 'Previous', '‹': 'Previous', '>': 'Next', '›': 'Next',
  '«': 'First', '<<': 'First', '‹‹': 'First', '|<': 'First', '|‹': 'First',
  '»': 'Last', '>>': 'Last', '››': 'Last', '>|': 'Last', '›|': 'Last',
};
export const pagerMeaning = (el, label) => {
  const rel = el.getAttribute('rel');
  if (rel) for (const r of rel.toLowerCase().split(WS)) if (REL_MEANING[r]) return REL_MEANING[r];
  const title = clean(el.getAttribute('title'));
  if (title && LETTER.test(title)) return title;
  return GLYPH_MEANING[(label || '').replace(/\s+/g, '')] || '';
};
// sectionOf: issue 18 pt 4: a wiki's per-section Edit link or button
// names its section: from its title (MediaWiki's "Edit section:
// Holidays" or "Edit section's source code: Holidays", DokuWiki's
// "Holidays"), the heading it sits in, or, for a
// button alone in its own form just after a section (DokuWiki's
// btn_secedit), the heading that section starts with. '' when it is no
// section's control.
export const EDIT_WORD = /^\[?\s*edit(\s+source)?\s*\]?$/i;
export const SECTION_HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading]';
export const isSectionHeading = (n) => n && n.nodeType === 1 && n.matches(SECTION_HEADING);
export const sectionHeading = (h) => asLabel(gather(h, { skip: skipControls }, NAME_TEXT + 1).replace(/^[\s[\]|()]+|[\s[\]|()]+$/g, ''));
// formHeading: issue 18 pt 5: the heading just before the form that an
// unlabelled editor is the one visible multi-line editor of (Adminer's
// <h2>SQL command</h2> before its form), past elements with no text.
export const formHeading = (el) => {
  const form = el.closest('form');
  if (!form) return '';
  let n = 0;
  for (const e of form.querySelectorAll('textarea,[contenteditable]')) if (shown(e) && (e.localName === 'textarea' || isEditable(e)) && ++n > 1) return '';
  let box = form;
  while (box.parentElement && box.parentElement.children.length === 1 && box.parentElement.localName !== 'body') box = box.parentElement;
  let p = box.previousElementSibling;
  for (let i = 0; p && i < 3; p = p.previousElementSibling, i++) {
    if (isSectionHeading(p)) return sectionHeading(p);
    if (gather(p, {}, 1) !== '') return '';
  }
  return '';
};
export const sectionOf = (el, tag, label) => {
  if (!EDIT_WORD.test(label)) return '';
  const title = clean(el.getAttribute('title'));
  if (title && title.toLowerCase() !== label.toLowerCase()) {
    const m = /^edit\b[^:]*:\s*(.+)$/i.exec(title);
    const s = m ? asLabel(m[1]) : /^edit\b/i.test(title) ? '' : asLabel(title);
    if (s) return s;
  }
  const h = el.closest(SECTION_HEADING);
  if (h) return sectionHeading(h);
  const form = el.form || (tag !== 'a' && el.closest('form'));
  if (!form || form.querySelectorAll(CTRL_SEL).length !== 1) return '';
  // the form's outermost wrapper that holds nothing but it
  let box = form;
  while (box.parentElement && box.parentElement.children.length === 1 && box.parentElement.localName !== 'body') box = box.parentElement;
  const p = box.previousElementSibling;
  if (isSectionHeading(p)) return sectionHeading(p);
  if (p && isSectionHeading(p.previousElementSibling)) return sectionHeading(p.previousElementSibling);
  return '';
};
