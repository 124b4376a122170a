// secret.js is the one rule for which fields are secret, so their values
// never leave the browser: a password, a field whose autocomplete names
// a secret (one-time-code, current-password, new-password, or any card
// field cc-*), or a text field named or labelled as a credential (an
// API key, a token). The collector leaves such values out of every snapshot;
// fill_form's read-back leaves out their validation messages (which can
// quote the value).
import { WS } from './text.js';

const SECRET_AC = new Set(['one-time-code', 'current-password', 'new-password']);

// secretAutocomplete says whether an autocomplete attribute's tokens name
// a secret (case-insensitive, any token).
export const secretAutocomplete = (ac) => {
  if (!ac) return false;
  for (const w of String(ac).toLowerCase().split(WS)) if (SECRET_AC.has(w) || w.startsWith('cc-')) return true;
  return false;
};

// CREDENTIAL names a credential: an API key, a token, a client secret,
// a private key, a passphrase or a password, as a word of an id, a name
// or a label (apiKey, api_key, "API Key", auth-token).
// (singular: "Tokens per minute" counts tokens, it holds none)
export const CREDENTIAL = /(?:^|[^a-z])(?:api[-_ ]?key|(?:access|auth|bearer|refresh|api)?[-_ ]?token|(?:client|app|shared)?[-_ ]?secret|(?:secret|private)[-_ ]?key|passphrase|password|passwd)(?:$|[^a-z])/i;

// credentialNamed says whether a text field shows a credential by its
// id, name, accessible label or <label>: Syncthing's settings show their
// API key in a read-only text input ("API Key", id apiKey), which is no
// less a secret than a password field.
export const credentialNamed = (el) => {
  const t = el.localName;
  if (t !== 'textarea' && (t !== 'input' || !TEXTLIKE.has(el.type))) return false;
  for (const v of [el.id, el.getAttribute('name'), el.getAttribute('aria-label')]) if (v && CREDENTIAL.test(v)) return true;
  if (el.labels) for (const l of el.labels) if (CREDENTIAL.test(l.textContent || '')) return true;
  return labelledBefore(el);
};

// labelledBefore says whether a <label> for no control (no for=, none
// inside) that leads the field's group names a credential: Syncthing's
// Settings label their API key so (<label>API Key</label> then a
// <div> holding the read-only input), which el.labels does not see.
const labelledBefore = (el) => {
  for (let n = el, d = 0; n && d < 3; n = n.parentElement, d++) {
    let seen = 0;
    for (let p = n.previousElementSibling; p && seen < 2; p = p.previousElementSibling, seen++) {
      if (p.localName !== 'label' || p.htmlFor || p.control) continue;
      if (CREDENTIAL.test(p.textContent || '')) return true;
    }
    if (n.parentElement && n.parentElement.localName === 'form') break;
  }
  return false;
};
const TEXTLIKE = new Set(['text', 'search', 'url', '']);

// isSecret says whether el's value is secret. hasAttr is el.hasAttributes()
// when the caller has it already (the walk asks once per element).
export const isSecret = (el, hasAttr = true) =>
  el.type === 'password' || (hasAttr && (secretAutocomplete(el.getAttribute('autocomplete')) || credentialNamed(el)));
