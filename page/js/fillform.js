// fillform.js: reads back the fields fill_form filled, without reading
// their values out. Called as (params) => result with params {fields:
// [{key, kind, text?, value?, checked?}], state_of?}. With state_of (a key)
// it returns that check control's state {checked, radio} so a field
// already in the wanted state is not clicked. Otherwise, per field: took
// (the field holds exactly what was given; null when it cannot be told),
// invalid (constraint validation or aria-invalid) and message (the
// browser's validation message, or the page's error text the field points
// to; never for secret fields, whose message could describe the value):
// fillcheck.js.
// With digest_of (a key) and salt it returns {digest}: a salted hash of that
// field's value computed here, so an act can tell whether typing changed
// the field; the value itself never leaves the page, and the digest is only
// compared, never shown (null when the field is gone).
import { checkField } from './fillcheck.js';
import { checkedState, typedValue } from './fieldvalue.js';
import { fnv1a } from '../../internal/js/text.js';
import { elOf, existingLoose } from '../../internal/js/registry.js';

// digest is the salted digest of el's value, and of its checked state
// when it has one (a checkbox's value stays "on" whether ticked or not):
// hex FNV-1a, ':' and the value's length.
export const digest = (el, salt) => {
  const cur = typedValue(el);
  const c = checkedState(el);
  return fnv1a(String(salt || "") + "\u0000" + cur + (c === null ? "" : "\u0001" + c)).toString(16) + ":" + cur.length;
};

export default (params) => {
  const reg = existingLoose();
  if (params.digest_of) {
    const el = elOf(reg, params.digest_of);
    if (!el || !el.isConnected) return { digest: null };
    return { digest: digest(el, params.salt) };
  }
  if (params.state_of) {
    const el = elOf(reg, params.state_of);
    if (!el) return { checked: null, radio: false };
    return { checked: checkedState(el), radio: el.type === "radio" || el.getAttribute("role") === "radio" };
  }
  return params.fields.map((f) => checkField(elOf(reg, f.key), f));
};
