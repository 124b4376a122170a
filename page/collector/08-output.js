    // ---- output
    const regions = [], controls = [], records = [], state = [], feedback = [], hidden = [], frames = [];
    const shapes = new Map(), rowActions = [];
    // slotLabel: a link slot's shared text, '' once two rows differ;
    // slotNames: the names (row text removed) an inferred shape's controls
    // had, and the class words of its first
    const slotLabel = new Map(), slotNames = new Map();
    let unreadable = 0, recordsTotal = 0, controlsTotal = 0, regionsTotal = 0, nodes = 0, limitHit = false, shadowRoots = 0, framesWalked = 0, hits = 0;
    const regionIds = new Set(), recordIds = new Set();
    const fbByEl = new Map(), fbConsumed = new Set(), fieldFor = new Map();
    const listDecision = new Map();
    const headerCache = new Map();
    const stateSeen = new Set();
    // stateTexts holds the values and texts of state items: a status line
    // that shows one is reported once, as state.
    const stateTexts = new Set();
    let modal = null;

    const addState = (name, value, group, declared) => {
      if (state.length >= MAX_STATE) return;
      const s = { name: cut(name, NAME_TEXT), value: cut(value) };
      if (group) s.group = group;
      if (declared) s.declared = true;
      state.push(s);
      stateTexts.add(s.value);
    };
    // dlState reads a description list's terms and their descriptions as
    // state items named by the term (dt/dd children, or wrapped in divs).
    const dlState = (dl, region) => {
      let name = '';
      const one = (c) => {
        if (c.localName === 'dt') name = clean(gather(c, { skip: skipButtons }, NAME_TEXT + 1));
        else if (c.localName === 'dd' && name) {
          const v = gather(c, { skip: skipButtons }, maxText + 1);
          if (v && vis(c)) addState(name, v, region ? region + ' details' : 'details', false);
        }
      };
      for (let c = dl.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'div') for (let d = c.firstElementChild; d; d = d.nextElementSibling) one(d);
        else one(c);
      }
    };
    const declStateOf = (el) => {
      if (stateSeen.has(el)) return;
      stateSeen.add(el);
      seen.state = true;
      const name = clean(el.getAttribute('data-pling-state'));
      if (!name) return;
      const v = el.getAttribute('data-pling-value');
      const text = gather(el, { hidden: true }, maxText * 2);
      addState(name, v !== null ? clean(v) : text, '', true);
      stateTexts.add(cut(text));
    };
    // skipped: a subtree the walk does not enter may still hold declared
    // state, which is read even when hidden.
    const skipped = (el) => {
      if (!declState) return;
      if (el.hasAttribute('data-pling-state')) declStateOf(el);
      if (el.firstElementChild) for (const s of el.querySelectorAll('[data-pling-state]')) declStateOf(s);
    };

