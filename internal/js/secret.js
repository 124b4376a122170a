// secret.js is the one rule for which fields are secret, so their values
// never leave the browser: a password, or a field whose autocomplete names
// a secret (one-time-code, current-password, new-password, or any card
// field cc-*). The collector leaves such values out of every snapshot;
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

// isSecret says whether el's value is secret. hasAttr is el.hasAttributes()
// when the caller has it already (the walk asks once per element).
export const isSecret = (el, hasAttr = true) =>
  el.type === 'password' || (hasAttr && secretAutocomplete(el.getAttribute('autocomplete')));
