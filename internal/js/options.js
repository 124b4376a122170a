// options.js: which option of a <select> a value names. act.js chooses
// it and fill_form's read-back (fillcheck.js) checks the choice took, so
// both read the value the same way. A long select lists only its first
// options to the agent: the others are found here by their text or value.

// norm is s for a lenient comparison: white space collapsed, lower case.
const norm = (s) => String(s || "").replace(/\s+/g, " ").trim().toLowerCase();

// labelOf is an option's text as a person reads it.
const labelOf = (o) => (o.label || o.text || "").replace(/\s+/g, " ").trim();

// optionFor is the option of the select el that want names ({opt}), or
// why none does ({reason}): the option whose label, text or value is
// want; else the one that is want but for case and spaces; else the one
// whose text or value holds it. With none or several, the reason names
// the options that come closest (at most eight). Hidden and disabled
// options are no choice, as for a person.
export const optionFor = (el, want) => {
  want = String(want);
  const opts = Array.from(el.options).filter((o) => !o.hidden && !o.disabled);
  const exact = opts.find((o) => o.label === want || o.text.trim() === want || o.value === want);
  if (exact) return { opt: exact };
  const w = norm(want);
  const same = opts.filter((o) => norm(labelOf(o)) === w || norm(o.value) === w);
  if (same.length === 1) return { opt: same[0] };
  const holding = w ? opts.filter((o) => norm(labelOf(o)).includes(w) || norm(o.value).includes(w)) : [];
  if (holding.length === 1) return { opt: holding[0] };
  const words = w.split(" ").filter((x) => x.length > 1);
  const near = holding.length ? holding : opts.filter((o) => words.some((x) => norm(labelOf(o)).includes(x)));
  // a short select with nothing near names all its options
  const pool = near.length ? near : (opts.length <= 25 ? opts : []);
  const names = pool.slice(0, near.length ? 8 : 25).map((o) => JSON.stringify(labelOf(o)));
  let reason = "no option " + JSON.stringify(want) + " among its " + opts.length;
  if (holding.length > 1) reason = holding.length + " options hold " + JSON.stringify(want) + ": pass one whole";
  if (names.length) reason += (near.length ? "; options like it: " : "; its options: ") + names.join(", ") + (pool.length > names.length ? ", …" : "");
  return { reason };
};
