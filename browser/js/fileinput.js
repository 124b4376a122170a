// fileinput.js: finds the element a collector key names and checks that it
// is a file input that can take files now. Called with {key, n}, n the
// number of files. Returns the element itself (the caller keeps its object
// id) or, to refuse, a "CODE:reason" string. The element comes from the
// collector's registry (internal/js).
'use strict';

import { elOf, existingLoose } from '../../internal/js/registry.js';

export default ({ key, n }) => {
  const el = elOf(existingLoose(), key);
  if (!el || !el.isConnected) return "ACTION_NOT_FOUND:the file input is gone from the page; observe again";
  if (el.localName !== "input" || el.type !== "file") return "ACTION_NOT_FOUND:the element is not a file input";
  if (el.disabled || el.closest("[inert]")) return "UNAVAILABLE:the file input is disabled";
  if (n > 1 && !el.multiple) return "INVALID_ARGUMENT:the file input takes one file (no multiple attribute)";
  return el;
};
