// fillcheck.js: whether one filled field took what fill_form gave it, and
// whether the page calls it invalid, without reading its value out.
import { checkedState, typedValue } from './fieldvalue.js';
import { clean } from '../../internal/js/text.js';
import { isSecret } from '../../internal/js/secret.js';
import { optionFor } from '../../internal/js/options.js';

// referencedText is the text of the elements an id-list attribute
// (aria-errormessage, aria-describedby) names, white space collapsed.
export const referencedText = (ids, doc) => (ids || "").split(/\s+/).map((id) => id && doc.getElementById(id))
  .filter(Boolean).map((n) => clean(n.textContent || "")).filter(Boolean).join(" ");

// took says whether el holds exactly what field f gave ({kind, text?,
// value?, checked?}); null when it cannot be told.
const took = (el, f) => {
  if (f.kind === "type") {
    const cur = typedValue(el);
    return el.isContentEditable ? cur.trim() === String(f.text).trim() : cur === f.text;
  }
  if (f.kind === "select" && el.localName === "select") {
    const o = el.selectedOptions[0];
    return !!o && optionFor(el, f.value).opt === o;
  }
  if (f.kind === "check") {
    const c = checkedState(el);
    return c === null ? null : c === f.checked;
  }
  return null;
};

// checkField is one field's read-back {took, invalid, message}: invalid
// is constraint validation or aria-invalid; message the page's error text
// the field points to, else the browser's validation message (never for
// secret fields, whose message could describe the value), at most 300
// units.
export const checkField = (el, f) => {
  if (!el || !el.isConnected) return { took: null, invalid: false, message: "" };
  const t = took(el, f);
  const secret = isSecret(el);
  const aria = el.getAttribute("aria-invalid");
  const invalid = (el.validity ? !el.validity.valid : false) || (aria !== null && aria !== "false");
  let message = "";
  if (invalid) {
    const pageText = referencedText(el.getAttribute("aria-errormessage"), el.ownerDocument) || referencedText(el.getAttribute("aria-describedby"), el.ownerDocument);
    message = pageText || (secret ? "" : (el.validationMessage || ""));
  }
  return { took: t, invalid, message: message.slice(0, 300) };
};
