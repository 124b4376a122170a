// feedback.js: messages the page shows (alerts, live regions, notices by
// class, validation messages) reported as feedback of a kind.
import { w } from './state.js';
import { accName, ctlType, nearbyLabel, roleOf } from './controls.js';
import { MAX_FEEDBACK, NAME_TEXT } from './params.js';
import { clean, cut, vis } from './text.js';
import { isSecret } from '../../internal/js/secret.js';

// issue 18: a notice's kind in its class (WordPress's notice-success,
// Bootstrap's alert-success, flash-error; WordPress's legacy
// "updated" is a success)
// Bootstrap's alert-primary, -secondary, -light and -dark are notices of
// no alarm (phpMyAdmin's "No partitioning defined!")
export const NOTICE_CLASS = /(?:^|\s)(?:notice|alert|message|flash|toast|callout)-(success|info|warning|danger|error|primary|secondary|light|dark)(?:\s|$)|(?:^|\s)(updated)(?:\s|$)/i;
export const LEVEL_CLASS = /^(success|info|notify|warning|message|msg)$/i;
export const LEVEL_KIND = { success: 'success', info: 'info', notify: 'info', warning: 'warning', message: 'info', msg: 'info' };
export const NOTICE_KIND = { success: 'success', updated: 'success', info: 'info', warning: 'warning', danger: 'error', error: 'error', primary: 'info', secondary: 'info', light: 'info', dark: 'info' };
// bare: the element has no role or live region; then only a block
// (div, section, aside, p) is a notice, and "updated" only around a
// paragraph (a microformat's <time class="updated"> is a date)
export const noticeKind = (el, tag, bare) => {
  const cls = typeof el.className === 'string' ? el.className : '';
  // a dialog's title bar coloured as an alert (Syncthing's "Remove
  // Folder" header, alert-warning) is its title, not a message
  if (/(?:^|\s)(?:modal|panel|card)-(?:header|heading|title)(?:\s|$)/.test(cls)) return '';
  const m = cls ? NOTICE_CLASS.exec(cls) : null;
  const block = tag === 'div' || tag === 'section' || tag === 'aside' || tag === 'p';
  if (!m) {
    // issue 18 pt 11: a level as a block's only class (DokuWiki's
    // <div class="success">, Adminer's <p class="message">) is a notice
    // of that level; among other classes ("info-panel", "message
    // unread") it says nothing
    const b = bare && block && cls ? LEVEL_CLASS.exec(cls.trim()) : null;
    return b ? LEVEL_KIND[b[1].toLowerCase()] : '';
  }
  if (bare && !block) return '';
  if (m[2] && (!bare || tag !== 'div' || !el.querySelector('p'))) return bare ? '' : NOTICE_KIND.updated;
  return NOTICE_KIND[(m[1] || m[2]).toLowerCase()];
};
// ERROR_WORDS say a message reports a failure, where nothing else does
// (an assertive live region without a class).
export const ERROR_WORDS = /\b(?:errors?|fail(?:ed|s|ure)?|lost|invalid|could not|couldn't|cannot|can't|denied|unable|forbidden|expired|wrong|incorrect)\b/i;
export const ERROR_CLASS = /(^|\s)([\w-]*(invalid-feedback|error-message|error-msg|error-text|field-error|form-error|validation-error|validation-message|help-block-error)|text-danger|error)(\s|$)/i;
// fieldBefore names the field an error message follows: the nearest
// preceding field among its siblings or its parent's, if any.
export const fieldBefore = (el) => {
  for (let n = el, d = 0; n && d < 3; n = n.parentElement, d++) {
    for (let p = n.previousElementSibling; p; p = p.previousElementSibling) {
      const f = /^(input|select|textarea)$/.test(p.localName) ? p : p.querySelector('input:not([type=hidden]),select,textarea');
      if (f) {
        const kr = ctlType(f, f.localName, f.hasAttributes() ? roleOf(f) : '');
        return kr ? cut(accName(f, f.localName, kr[1]) || nearbyLabel(f) || clean(f.getAttribute('name')), NAME_TEXT) : '';
      }
    }
  }
  return '';
};
export const addFeedback = (el, kind, message, field, region) => {
  if (w.feedback.length >= MAX_FEEDBACK || !message) return null;
  const f = { kind, message: cut(message) };
  if (field) f.field = cut(field, NAME_TEXT);
  if (region) f.region = region;
  w.feedback.push(f);
  if (el) w.fbByEl.set(el, f);
  return f;
};

// nativeInvalid reports the fields the browser's own form validation
// refused on a submit (js/invalid.js remembers them) and that are still
// invalid: an error with the browser's message ("Please fill out this
// field."), named by the field, as the bubble a person sees says it. A
// secret field's message can quote its value: it says only what is
// wrong. A field whose error the page shows itself is not said twice.
export const nativeInvalid = () => {
  const list = window.__plingInvalid;
  if (!Array.isArray(list)) return;
  for (const ref of list) {
    const el = ref.deref();
    if (!el || !el.isConnected || !el.willValidate || !el.validity || el.validity.valid || !vis(el)) continue;
    const tag = el.localName;
    const field = accName(el, tag, roleOf(el)) || clean(el.getAttribute('name')) || clean(el.getAttribute('id'));
    if (w.feedback.some((f) => f.field && f.field === cut(field, NAME_TEXT))) continue;
    const msg = isSecret(el) ? (el.validity.valueMissing ? 'Please fill out this field.' : 'Invalid value') : clean(el.validationMessage || '') || 'Invalid value';
    addFeedback(null, 'error', msg, field, '');
  }
};
