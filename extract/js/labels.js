// labels.js: names read into a summary — aria-labelledby targets and a
// form control's label column. Never a value.
import {rendered} from '../../internal/js/visibility.js';
import {inputType, roleOf} from './roles.js';
import {addText, done, spend, walkText} from './summary.js';
import {HTML_NON_WS as NON_WS, HTML_WS_ONE as WS_ONE, HTML_WS_RUN as WS_RUN} from '../../internal/js/text.js';

// labelHidden walks el and its ancestors (each a node of b's budget) and
// reports whether any hides it; an exhausted budget counts as hidden.
export function labelHidden(el, b) {
  for (var a = el; a; a = a.parentElement) {
    if (!spend(b)) return true;
    if (a.getAttribute('aria-hidden') === 'true' || a.hidden) return true;
  }
  return !rendered(el, true);
}

// labelledBy resolves at most L.labels ids of el's aria-labelledby,
// read from at most L.idChars characters, into b.
export function labelledBy(el, b) {
  var L = b.L;
  var raw = el.getAttribute('aria-labelledby') || '';
  var s = raw;
  if (s.length > L.idChars) {
    b.truncated = true;
    s = s.slice(0, L.idChars);
    if (!WS_ONE.test(raw.charAt(L.idChars))) s = s.replace(/[^ \t\n\f\r]*$/, '');
  }
  var ids = s.split(WS_RUN).filter(Boolean);
  if (ids.length > L.labels) {
    b.truncated = true;
    ids.length = L.labels;
  }
  for (var i = 0; i < ids.length && !b.stop; i++) {
    var t = document.getElementById(ids[i]);
    if (!t || labelHidden(t, b)) continue;
    b.space = true;
    walkText(t, b, null);
  }
}

// nativeLabels reads el's <label>s (for= and wrapping, at most L.labels,
// the labelled control's own subtree left out).
function nativeLabels(el, b) {
  var labels = null;
  try {
    labels = el.labels;
  } catch (e) {
    labels = null;
  }
  if (labels && labels.length) {
    var n = Math.min(labels.length, b.L.labels);
    if (labels.length > b.L.labels) b.truncated = true;
    for (var i = 0; i < n && !b.stop; i++) {
      if (labelHidden(labels[i], b)) continue;
      b.space = true;
      walkText(labels[i], b, el);
    }
  }
}

// ownCaption reads what a control names itself by: content for buttons
// and ARIA checkables, a button input's caption, an image input's alt.
function ownCaption(el, b) {
  var r = roleOf(el);
  var t = el.localName;
  if (r === 'button' || r === 'checkbox' || r === 'radio' || r === 'switch' ||
      r === 'menuitemcheckbox' || r === 'menuitemradio' || (r === '' && t === 'button')) {
    if (t !== 'input') {
      walkText(el, b, null);
      if (done(b)) return;
    }
  }
  if (t === 'input') {
    var ty = inputType(el);
    if (ty === 'submit' || ty === 'reset' || ty === 'button') {
      var v = el.getAttribute('value');
      if (v === null) v = ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '';
      addText(b, v);
    } else if (ty === 'image') {
      addText(b, el.getAttribute('alt') || '');
    }
  }
}

// controlName is the label column: aria-labelledby, aria-label, native
// labels (for= and wrapping), content for buttons and ARIA checkables,
// a button input's caption, alt, title, placeholder. Never a value.
export function controlName(el, b) {
  if (el.hasAttribute('aria-labelledby')) {
    labelledBy(el, b);
    if (done(b)) return;
  }
  var al = el.getAttribute('aria-label');
  if (al && NON_WS.test(al)) {
    addText(b, al);
    return;
  }
  nativeLabels(el, b);
  if (done(b)) return;
  ownCaption(el, b);
  if (done(b)) return;
  addText(b, el.getAttribute('title') || '');
  if (done(b)) return;
  addText(b, el.getAttribute('placeholder') || '');
}
