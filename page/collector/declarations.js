// declarations.js: declarations present? Each kind (regions, actions, records,
// state) is either declared or inferred for the whole page. The answer
// comes from a scan of the main document (one scan when nothing is
// declared, the usual case for big pages); it is kept in the registry
// and checked by the walk. A walk that meets a declaration the kept mode
// denies runs again with a fresh scan; one that meets none of a kind the
// mode claims rescans, and runs again only if the answer changed.
import { w } from './state.js';
import { defHidden } from './registry.js';

export const scanDecl = () => {
  const q = (s) => document.querySelector(s) !== null;
  const any = q('[data-pling-region],[data-pling-action],[data-pling-record],[data-pling-state]');
  return {
    regions: any && q('[data-pling-region]'), actions: any && q('[data-pling-action]'),
    records: any && q('[data-pling-record]'), state: any && q('[data-pling-state]'),
  };
};

export function initDeclarations() {
  w.mode = w.hint.mode || (w.R.decl && typeof w.R.decl === 'object' ? w.R.decl : null);
  w.cachedMode = !!w.mode && !w.hint.mode;
  if (!w.mode) w.mode = scanDecl();
  if (!w.hint.mode) defHidden(w.R, 'decl', w.mode, true);
  w.declRegions = w.mode.regions; w.declActions = w.mode.actions; w.declRecords = w.mode.records; w.declState = w.mode.state;
  w.seen = { regions: false, actions: false, records: false, state: false };
}
