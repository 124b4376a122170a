    // ---- declarations present? Each kind (regions, actions, records,
    // state) is either declared or inferred for the whole page. The answer
    // comes from a scan of the main document (one scan when nothing is
    // declared, the usual case for big pages); it is kept in the registry
    // and checked by the walk. A walk that meets a declaration the kept mode
    // denies runs again with a fresh scan; one that meets none of a kind the
    // mode claims rescans, and runs again only if the answer changed.
    const scanDecl = () => {
      const q = (s) => document.querySelector(s) !== null;
      const any = q('[data-pling-region],[data-pling-action],[data-pling-record],[data-pling-state]');
      return {
        regions: any && q('[data-pling-region]'), actions: any && q('[data-pling-action]'),
        records: any && q('[data-pling-record]'), state: any && q('[data-pling-state]'),
      };
    };
    let mode = hint.mode || (R.decl && typeof R.decl === 'object' ? R.decl : null);
    const cachedMode = !!mode && !hint.mode;
    if (!mode) mode = scanDecl();
    if (!hint.mode) defHidden(R, 'decl', mode, true);
    const declRegions = mode.regions, declActions = mode.actions, declRecords = mode.records, declState = mode.state;
    const seen = { regions: false, actions: false, records: false, state: false };

