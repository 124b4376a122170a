// optprobe.js answers optionFor for the select css names: the value of
// the option want names, or why none does.
import { optionFor } from '../options.js';

export const chosen = (css, want) => {
  const r = optionFor(document.querySelector(css), want);
  return r.opt ? r.opt.value : r.reason;
};
