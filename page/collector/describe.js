// describe.js: one control described in full (describe): its name,
// state, value and what it accepts; secret fields never give a value.
import { w } from './state.js';
import { accName, asLabel, formHeading, isEditable, keyHintless, labelsText, nearbyLabel, pagerMeaning, sectionOf, textAfter, titleForSymbol } from './controls.js';
import { evidenceOf, fieldEvidence, hrefOf, iconOf, iconOnly, ligatureOnly, rowLabel } from './icons.js';
import { MAX_HIDDEN, MAX_OPTIONS, NAME_TEXT } from './params.js';
import { gridLabel } from './records.js';
import { filterLabel } from './repeated.js';
import { LETTER, clean, cut, gather, vis } from './text.js';
import { CREDENTIAL, isSecret } from '../../internal/js/secret.js';
// TEXT_INPUT are the field types that show their value as text.
const TEXT_INPUT = /^(text|search|url|textarea|)$/;

export const isDisabled = (el, tag, hasAttr) => ((tag === 'button' || tag === 'input' || tag === 'select' || tag === 'textarea') && el.matches(':disabled')) ||
  (hasAttr && el.getAttribute('aria-disabled') === 'true');
// unavailableOf is the declared reason, or "disabled".
export const unavailableOf = (el, tag, hasAttr) => {
  const un = hasAttr ? el.getAttribute('data-pling-unavailable') : null;
  if (un !== null) return cut(clean(un) || 'unavailable');
  return isDisabled(el, tag, hasAttr) ? 'disabled' : '';
};
// isSecret is internal/js/secret.js's one rule (a password, a one-time
// code, any card field cc-*): such a value never leaves the browser.
export { isSecret };
// fieldValue: issue 18 pt 3: the current content of a non-secret field
// is page data the agent needs to edit it (a wiki's edit box): a text
// input's or text area's value, a select's chosen options, a
// CodeMirror 5 or Monaco editor's model, a contenteditable's text.
// Secret fields give ''.
export const fieldValue = (el, tag, hasAttr) => {
  try {
    if (tag === 'input') return isSecret(el, hasAttr) ? '' : String(el.value || '');
    if (tag === 'textarea') return String(el.value || '');
    if (tag === 'select') {
      const out = [];
      for (const o of el.selectedOptions || []) if (o.value !== '' || clean(o.label || o.text)) out.push(clean(o.label || o.text));
      return out.join(', ');
    }
    if (el.CodeMirror && typeof el.CodeMirror.getValue === 'function') return String(el.CodeMirror.getValue());
    if (tag === 'div' && el.classList.contains('monaco-editor')) {
      const ed = monacoOf(el);
      return ed ? String(ed.getValue()) : '';
    }
    if (hasAttr && isEditable(el)) return String(el.innerText || '');
    // a combobox that is no input shows its choice inside it (OOUI's
    // and select2's read-only display): that is its value
    if (hasAttr && el.getAttribute('role') === 'combobox') {
      const d = el.querySelector('[role=textbox][aria-readonly=true]');
      return clean((d || el).textContent || '');
    }
  } catch (e) { return ''; }
  return '';
};
// monacoOf is the Monaco editor whose DOM node is el, through the
// page's own monaco global (monaco.editor.getEditors), or null.
export const monacoOf = (el) => {
  const m = window.monaco;
  const eds = m && m.editor && typeof m.editor.getEditors === 'function' ? m.editor.getEditors() : [];
  for (const ed of eds) if (ed && typeof ed.getDomNode === 'function' && ed.getDomNode() === el && typeof ed.getValue === 'function') return ed;
  return null;
};
// putValue sets c.value to v bounded to maxText UTF-16 units: its head
// (two thirds) and, when cut, its tail in c.value_tail, with its whole
// length in c.value_len; never a split surrogate pair.
export const putValue = (c, v) => {
  if (!v) return;
  c.value_len = v.length;
  if (v.length <= w.maxText) { c.value = v; return; }
  let h = Math.floor(w.maxText * 2 / 3), t = v.length - (w.maxText - h);
  // cut at a space or line break near the bound, not inside a word
  const sp = v.slice(0, h).search(/\s\S*$/);
  if (sp > h * 0.8) h = sp + 1;
  const ts = v.slice(t, t + Math.ceil((v.length - t) * 0.2)).search(/\s/);
  if (ts >= 0) t += ts + 1;
  const hc = v.charCodeAt(h - 1);
  if (hc >= 0xd800 && hc <= 0xdbff) h--;
  const tc = v.charCodeAt(t);
  if (tc >= 0xdc00 && tc <= 0xdfff) t++;
  c.value = v.slice(0, h);
  c.value_tail = v.slice(t);
};
// fieldFacts adds what a field is: its input type, secret, checked,
// what a file input accepts, required, a select's options, invalid.
const fieldFacts = (c, el, tag, hasAttr, kr) => {
  if (tag === 'input') {
    const ty = el.type;
    c.input_type = ty;
    if (isSecret(el, hasAttr)) c.secret = true;
    if (ty === 'checkbox' || ty === 'radio') c.checked = el.checked;
    // issue 11: what a file input accepts, and whether it takes several
    if (ty === 'file') {
      const acc = clean(el.getAttribute('accept'));
      if (acc) c.accept = cut(acc, NAME_TEXT);
      if (el.multiple) c.multiple = true;
    }
    if (el.required) c.required = true;
  } else if (tag === 'select' || tag === 'textarea') {
    if (el.required) c.required = true;
  }
  if (!('checked' in c) && (kr[1] === 'checkbox' || kr[1] === 'switch' || kr[1] === 'radio' || kr[1] === 'menuitemcheckbox' || kr[1] === 'menuitemradio') && hasAttr) {
    const ac = el.getAttribute('aria-checked');
    if (ac !== null) c.checked = ac === 'true';
  }
  if (hasAttr && el.hasAttribute('aria-required') && el.getAttribute('aria-required') === 'true') c.required = true;
  if (tag === 'select') {
    // The first MAX_OPTIONS are listed; a longer list (a time zone's 400,
    // a column type's 40) says how many there are, and a choice beyond the
    // listed ones is matched in the page by its text or value.
    const opts = [];
    let total = 0;
    for (const o of el.options) {
      if (o.hidden) continue;
      const t = clean(o.label || o.text);
      if (!t) continue;
      total++;
      if (opts.length < MAX_OPTIONS) opts.push(cut(t, NAME_TEXT));
    }
    if (opts.length) c.options = opts;
    if (total > opts.length) c.options_total = total;
  }
  if (hasAttr) {
    const inv = el.getAttribute('aria-invalid');
    if (inv !== null && inv !== 'false' && inv !== '') c.invalid = true;
  }
};

// listboxLabel names a listbox: its own name, else the name of the
// control whose popup it is (aria-controls or aria-owns: OOUI's dropdown
// menu lives in an overlay, named only by its "Language:" combobox).
// Decided once per listbox.
const listboxLabel = (lb) => {
  let l = w.listboxLabels.get(lb);
  if (l !== undefined) return l;
  l = accName(lb, 'div', 'listbox', true);
  if (!l && lb.id) {
    const id = CSS.escape(lb.id);
    const owner = document.querySelector('[aria-controls~="' + id + '"],[aria-owns~="' + id + '"]');
    if (owner) l = accName(owner, owner.localName, owner.getAttribute('role') || '', true);
  }
  w.listboxLabels.set(lb, l || '');
  return l || '';
};

// legendLabel: a field without a label alone in its <fieldset> is named
// by the legend a person reads above it (MediaWiki's block form: the
// legend "Username, IP address, or IP range:" over an input whose
// <label> is empty, once named by its placeholder's example addresses).
// (issue 18: after every nearer label, the fields without labels of their
// own share it (most: how many the fieldset may hold): MediaWiki's
// Special:Block puts a dropdown and its "other" text box under each
// legend, Expiration and Reason, and labels neither; they were named by
// the dropdown's value and the box's name attribute; Adminer's Search
// rows, column, operator and value, by where[0][col] and the like)
const legendLabel = (el, most = 1) => {
  const fs = el.closest('fieldset');
  const lg = fs && fs.querySelector(':scope > legend');
  if (!lg) return '';
  let n = 0;
  for (const f of fs.querySelectorAll('input:not([type=hidden]),select,textarea,[role=combobox],[role=textbox],[contenteditable=true]')) {
    if (f !== el && (f.contains(el) || el.contains(f))) continue;
    if (vis(f) && ++n > most) return '';
  }
  return asLabel(gather(lg, {}, NAME_TEXT + 1)) || '';
};

// dblclickable says whether el answers a double click: a dblclick
// handler (a property, inline or set by script, or a listener the
// document-start watcher recorded). A person double-clicks it (phpMyAdmin
// edits a data cell on a double click; one click selects nothing).
export const dblclickable = (el) => {
  if (typeof el.ondblclick === 'function') return true;
  const ds = window.__plingDblclicks;
  return !!ds && ds.has(el);
};

// standInLabel: a dropdown drawn over a hidden native <select> (select2
// puts its box right after the select; OOUI keeps the select inside its
// widget) is named by that select's <label>.
const standInLabel = (el) => {
  for (let n = el, d = 0; n && d < 4; n = n.parentElement, d++) {
    const s = n.previousElementSibling && n.previousElementSibling.localName === 'select' ? n.previousElementSibling : n.querySelector(':scope > select');
    if (s && s.labels && s.labels.length) {
      const t = asLabel(clean(s.labels[0].textContent));
      if (t) return t;
    }
  }
  return '';
};

// groupLabel: a <label> that points at no field (no for, no field
// inside), just before a group of controls, names the group's one text
// field (MediaWiki's move form: "New title:" over a namespace dropdown
// and the title's input, once named by its name words
// wp_new_title_main). Up to four ancestors up, two siblings back.
const TEXT_SEL = 'input:not([type]),input[type=text],input[type=search],input[type=email],input[type=url],input[type=tel],input[type=number],textarea';
const groupLabel = (el, tag) => {
  if (tag !== 'textarea' && !(tag === 'input' && el.matches(TEXT_SEL))) return '';
  for (let p = el.parentElement, d = 0; p && d < 4; p = p.parentElement, d++) {
    let seen = 0;
    for (let s = p.previousElementSibling; s && seen < 2; s = s.previousElementSibling, seen++) {
      const l = s.localName === 'label' ? s : s.querySelector(':scope > label');
      if (!l || l.hasAttribute('for') || l.querySelector('input,select,textarea') || !vis(l)) continue;
      const host = p.parentElement;
      if (!host || host.querySelectorAll(TEXT_SEL).length !== 1) return '';
      return asLabel(clean(l.textContent));
    }
  }
  return '';
};

// partnerLabel: an unlabelled field beside one labelled field in the
// same group is that field's part (Syncthing's unit dropdown after the
// number "Minimum Free Disk Space", once named combobox): it takes the
// partner's label, and the name a number of its own. Up to three
// ancestors up, at the first that holds another field.
const FIELD_SEL = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]),select,textarea';
const partnerLabel = (el) => {
  for (let p = el.parentElement, d = 0; p && d < 3; p = p.parentElement, d++) {
    let other = null, n = 0;
    for (const f of p.querySelectorAll(FIELD_SEL)) {
      if (f === el || !vis(f)) continue;
      if (++n > 1) return '';
      other = f;
    }
    if (!other) continue;
    if (p.localName === 'form' || p.localName === 'body' || p.localName === 'tr' || p.localName === 'li') return '';
    const l = other.labels && other.labels.length ? labelsText(other)[0] : '';
    return l ? asLabel(l) || '' : '';
  }
  return '';
};

// COUNT_ONLY is a label that is only a count: 3, 3+, 12k, 1,024.
const COUNT_ONLY = /^\d[\d.,]*\s*[+k]?$/i;

// controlLabel names a control: its declared or accessible name, its
// visible label, a pager glyph's meaning, a section's Edit, an icon (then
// c.name_from says so).
const controlLabel = (c, el, tag, kr, ctx, field) => {
  // a field's visible label beats its title and placeholder (issue
  // 18: Adminer's <th>Server</th><td><input title="hostname[:port]">)
  // a widget's part (a calendar day, a tree node's twisty) is named by
  // the widget (widgets.js)
  const wn = w.widgetNow;
  // a dropdown labelled by the value it shows (OOUI's handle, its
  // aria-labelledby the span showing "Other time:") has no name of its
  // own: the name changed with every choice
  const byValue = field && kr[1] === 'combobox' && tag !== 'input' && tag !== 'select';
  const own = (strict) => {
    const a = accName(el, tag, kr[1], strict);
    return a && byValue && a === clean(fieldValue(el, tag, true)) ? '' : a;
  };
  let label = wn ? wn.label : field ? own(true) : accName(el, tag, kr[1]);
  // a code editor's label comes with its kind (codeEditor)
  if (!label && kr[2]) label = kr[2];
  // (in a record the cell before is the row's data: title and placeholder come first;
  // issue 18 pt 5: a lone editor without a label, Adminer's jush <pre>, is
  // named by the heading before its form)
  // (a checkbox's or radio's own text follows it: the cell before is
  // another column's)
  if (!label && kr[0] === 'check') label = textAfter(el);
  if (!label && field) {
    const rl = ctx.rec ? '' : rowLabel(el);
    // (null: the row's label is another field's, this one only modifies it)
    label = rl === null ? own(false) : rl || gridLabel(el) || legendLabel(el) || groupLabel(el, tag) || own(false) || (byValue ? standInLabel(el) : '') || filterLabel(el) || nearbyLabel(el) || legendLabel(el, Infinity) || (ctx.rec ? '' : partnerLabel(el)) || ((tag === 'textarea' || isEditable(el)) && !ctx.rec ? formHeading(el) : '');
    // with nothing better, what it shows (select2's "Choose a country")
    // beats its class tokens
    if (!label && byValue) label = accName(el, tag, kr[1]);
  }
  else if (!label && kr[0] === 'check') label = nearbyLabel(el);
  // a control that shows a property's value (Syncthing's "0 B/s (0 B)"
  // toggler, its Listeners "1/1") is named by the property: its text is
  // data
  if (!wn && !field && ctx.prop && (!label || label === ctx.prop.value || /\d/.test(label))) label = ctx.prop.name;
  // issue 18 pt 4: a pager's glyph link is named by what it means; a
  // wiki's per-section Edit names its section
  if (!wn && !field && (kr[0] === 'link' || kr[0] === 'click' || kr[0] === 'submit')) {
    if (!label || !LETTER.test(label)) label = pagerMeaning(el, label) || label;
    else {
      const sec = sectionOf(el, tag, label);
      if (sec) label = label.replace(/^\[?\s*|\s*\]?$/g, '') + ' ' + sec;
    }
  }
  // a symbol with a title of words ("x" titled Remove) is named by the
  // title
  if (!wn && !field && label) {
    const t = titleForSymbol(el, label);
    if (t) label = t;
  }
  // a control a column header shows on hover is that column's (Adminer's
  // "descending" of each header: descending_price)
  if (!wn && !field && label && ctx.hoverOwner && (ctx.hoverOwner.localName === 'th' || ctx.hoverOwner.getAttribute('role') === 'columnheader')) {
    const col = gather(ctx.hoverOwner, {}, NAME_TEXT + 1);
    if (col && LETTER.test(col) && col !== label) label = label + ' ' + col;
  }
  // issue 18: an icon-only control is named by its icon, and says so
  // (a count beside an icon, a bell's "3+" badge, is its state, not its name)
  if (!wn && !field && kr[0] !== 'type' && (!label || !LETTER.test(label) || COUNT_ONLY.test(label) || ligatureOnly(el, label) || iconOnly(el, label))) {
    const ic = iconOf(el);
    if (ic) {
      label = ic;
      c.name_from = 'icon';
    }
  }
  return label;
};

export const describe = (el, tag, role, hasAttr, kr, ctx, hover) => {
  const c = { kind: kr[0] };
  const declName = hasAttr ? el.getAttribute('data-pling-action') : null;
  if (declName !== null && clean(declName)) {
    c.name = cut(clean(declName), NAME_TEXT);
    c.declared = true;
  }
  const field = kr[0] === 'type' || kr[0] === 'select' || (kr[0] === 'check' && (tag === 'input' || tag === 'select' || tag === 'textarea'));
  const wn = w.widgetNow;
  const label = controlLabel(c, el, tag, kr, ctx, field);
  if (label) c.label = cut(label);
  // the name a person reads is a credential's (an API key labelled by
  // the text before it): its value stays in the browser like a password's
  if (label && kr[0] === 'type' && (tag === 'input' || tag === 'textarea') && CREDENTIAL.test(label) && TEXT_INPUT.test(el.type || '')) c.secret = true;
  if (!label || !LETTER.test(label)) {
    // no name, or a symbol ("×", "★"): the id and class words may say
    // more; a field's name attribute first
    const ev = field ? fieldEvidence(el) : evidenceOf(el);
    if (ev) c.evidence = cut(ev, NAME_TEXT);
  }
  if (hasAttr) {
    const title = keyHintless(el, clean(el.getAttribute('title')));
    const d = clean(el.getAttribute('data-pling-description')) || clean(el.getAttribute('aria-description')) || (label && title !== label ? title : '');
    if (d) c.description = cut(d);
    // a field's labels after its first are its help (labelsText)
    else if (field && label && el.labels && el.labels.length > 1) {
      const help = labelsText(el).slice(1).join(' ');
      if (help) c.description = cut(help);
    }
  }
  if (wn) {
    if (wn.description) c.description = cut(wn.description);
    if (wn.date) {
      c.date = wn.date;
      if (wn.calendar) c.calendar = wn.calendar;
    }
  }
  c.role = kr[1];
  // an option of a listbox (a dropdown's open menu, a list of
  // suggestions): Build folds a long list into one choose_<list>(value)
  if (kr[1] === 'option' && hasAttr) {
    const lb = el.parentElement && el.parentElement.closest('[role=listbox]');
    if (lb) {
      let id = w.listboxIds.get(lb);
      if (!id) w.listboxIds.set(lb, (id = 'l' + (w.listboxIds.size + 1)));
      c.listbox = id;
      const ll = listboxLabel(lb);
      if (ll) c.listbox_label = cut(ll, NAME_TEXT);
    }
  }
  // issue 18: a text area (or a multi-line editable) is not a one-line input
  if (kr[0] === 'type' && (tag === 'textarea' || (hasAttr && (el.getAttribute('aria-multiline') === 'true' || isEditable(el))))) c.multiline = true;
  if (c.declared) {
    const ef = clean(el.getAttribute('data-pling-effect')).toLowerCase();
    if (ef === 'read' || ef === 'write') c.effect = ef;
    const cf = el.getAttribute('data-pling-confirm');
    if (cf !== null && cf !== 'false') c.confirm = true;
    const ho = el.getAttribute('data-pling-handoff');
    if (ho !== null && ho !== 'false') c.handoff = true;
  }
  if (ctx.region) c.region = ctx.region;
  if (isDisabled(el, tag, hasAttr)) c.disabled = true;
  const why = unavailableOf(el, tag, hasAttr);
  if (why) c.unavailable = why;
  if (hover) c.hover_only = true;
  if (kr[0] === 'click' && dblclickable(el)) c.double = true;
  fieldFacts(c, el, tag, hasAttr, kr);
  if (kr[0] === 'link' && tag === 'a') {
    const h = hrefOf(el);
    if (h) c.href = h;
    // a fragment of this document that is no hash route (Adminer's
    // "SQL command" toggle beside its menu's "SQL command" page link)
    const raw = el.getAttribute('href');
    if (raw && raw.length > 1 && raw[0] === '#' && raw[1] !== '/' && raw[1] !== '!') c.in_page = true;
  }
  // a field's value (not a row's: its row shows its data)
  if ((kr[0] === 'type' || kr[0] === 'select') && !ctx.rec && !c.secret) putValue(c, fieldValue(el, tag, hasAttr));
  if (ctx.fi >= 0) c.frame = ctx.fi;
  if (ctx.shadow) c.shadow = true;
  return c;
};

export const pushHidden = (region, label, how) => {
  if (w.hidden.length >= MAX_HIDDEN || !label) return;
  for (const h of w.hidden) if (h.label === label && h.how === how && h.region === region) return;
  w.hidden.push({ region, label: cut(label), how });
};
