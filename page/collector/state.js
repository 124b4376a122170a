// state.js holds the walk object: the one per-run state every collector
// module reads and writes as w.… — the params and the bounds derived from
// them (params.js), the registry (registry.js), the declaration mode, the
// output arrays and counters (output.js), the caches of each module, and
// the hint a first run hands the second. begin makes a fresh one for each
// run (the collector runs at most twice per call); the modules import the
// live binding w.
export let w = null;

// begin starts a run over params with hint ({} on the first run) and
// returns its walk object.
export const begin = (params, hint) => {
  w = { params, hint };
  return w;
};
