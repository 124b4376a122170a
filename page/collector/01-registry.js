    // ---- registry: element keys and generated record ids for the document's
    // life, on window.__pling (non-enumerable). Other scripts (extract.js,
    // act.js) share it: an existing registry is extended, never replaced,
    // unless it belongs to an earlier document of a reused window.
    const win = window;
    const defHidden = (o, k, v, w) => Object.defineProperty(o, k, { value: v, enumerable: false, configurable: true, writable: !!w });
    let R = Object.prototype.hasOwnProperty.call(win, '__pling') ? win.__pling : undefined;
    if (R && typeof R === 'object' && R.doc !== undefined && R.doc !== document) R = undefined;
    if (!R || typeof R !== 'object') {
      R = {};
      defHidden(win, '__pling', R, false);
    }
    if (typeof R.docId !== 'string' || !R.docId) {
      const a = new Uint8Array(16);
      crypto.getRandomValues(a);
      let s = '';
      for (let i = 0; i < a.length; i++) s += (a[i] < 16 ? '0' : '') + a[i].toString(16);
      defHidden(R, 'docId', s, false);
    }
    if (!(R.keys instanceof WeakMap) || !(R.els instanceof Map) || typeof R.el !== 'function') {
      const els = new Map();
      defHidden(R, 'doc', document, false);
      defHidden(R, 'keys', new WeakMap(), false);
      defHidden(R, 'els', els, false);
      defHidden(R, 'next', 1, true);
      defHidden(R, 'sweepAt', 4096, true);
      // lists: containers whose items were records, so a list filtered down
      // to one item still holds a record.
      defHidden(R, 'lists', new WeakSet(), false);
      // el returns the live element for a key ("e12") or for a generated
      // record id ("r12"), or null when it is gone.
      defHidden(R, 'el', (k) => {
        if (typeof k !== 'string' || k.length < 2) return null;
        if (k[0] === 'r') k = 'e' + k.slice(1);
        const w = els.get(k);
        const e = w ? w.deref() : undefined;
        return e && e.isConnected ? e : null;
      }, false);
    }
    // recBySig maps a hash of a record's text to the keys of the record
    // elements that held it, so a row a framework re-renders (a new element,
    // the same content) keeps the generated id its old element had.
    if (!(R.recBySig instanceof Map)) defHidden(R, 'recBySig', new Map(), false);
    // pageIds maps a record element's key to the DOM id its row was first
    // seen with (pageIdOf).
    if (!(R.pageIds instanceof Map)) defHidden(R, 'pageIds', new Map(), false);
    const keyOf = (el) => {
      let k = R.keys.get(el);
      if (k === undefined) {
        k = 'e' + (R.next++);
        R.keys.set(el, k);
        R.els.set(k, new WeakRef(el));
      }
      return k;
    };
    if (R.els.size > R.sweepAt) {
      for (const [k, w] of R.els) if (!w.deref()) R.els.delete(k);
      R.sweepAt = Math.max(4096, R.els.size * 2);
    }

