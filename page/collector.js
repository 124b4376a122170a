// collector.js is the in-page collector: one function expression, evaluated
// as (collector.js)(params) with params a CollectParams object. It walks the
// page once, within a node budget, and returns a Snapshot (page/snapshot.go):
// facts about regions, controls, records, state and feedback. It never
// returns input values, secrets, the DOM, selectors or coordinates; elements
// are named by opaque keys that window.__pling.el(key) maps back to nodes.
(params) => {
  'use strict';
  const t0 = performance.now();
  // run is one pass; hint carries what a first pass learnt: the declaration
  // mode and an aria-modal dialog. It returns {snap} or {again: hint}.
  const run = (hint) => {
    const P = params || {};
    const pos = (v, d) => (typeof v === 'number' && v > 0 ? Math.floor(v) : d);
    const maxText = pos(P.max_text, 160);
    const maxNodes = pos(P.max_nodes, 50000);
    const maxIDs = pos(P.max_record_ids, 1000);
    const maxControls = pos(P.max_controls, 400);
    const maxRegions = pos(P.max_regions, 100);
    const recOffset = typeof P.record_offset === 'number' && P.record_offset > 0 ? Math.floor(P.record_offset) : 0;
    const recFields = typeof P.record_fields === 'number' && P.record_fields >= 0 ? Math.floor(P.record_fields) : 20;
    // find_record lists one record by id even beyond max_record_ids, so an
    // action can reach a row the model found through continuation.
    const findRec = typeof P.find_record === 'string' ? P.find_record : '';
    // find_text gives fields to the records whose text holds every one of
    // its words (case-insensitive) instead of the window at record_offset,
    // and lists them even beyond max_record_ids (observe {find}).
    const findWords = typeof P.find_text === 'string' ? P.find_text.toLowerCase().split(/\s+/).filter(Boolean) : [];
    const inWin = (i) => findWords.length === 0 && i >= recOffset && i < recOffset + recFields;
    // A row's text for a find: its text nodes joined by spaces, so the
    // words of two cells never run together ("9" and "5.10" are no "95").
    const textHas = (el) => {
      if (findWords.length === 0) return false;
      const parts = [];
      const tw = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) parts.push(n.nodeValue);
      const t = parts.join(' ').toLowerCase();
      return findWords.every((w) => t.includes(w));
    };
    let found = 0;
    const MAX_FIELDS = 30, MAX_OPTIONS = 25, MAX_FEEDBACK = 100, MAX_HIDDEN = 50, MAX_STATE = 100, MAX_HITS = 300;
    const NAME_TEXT = 80;
    const GATHER_DEPTH = 256;

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

    // ---- text helpers
    const WS = /\s+/g;
    const NONSPACE = /\S/;
    const LETTER = /[\p{L}\p{N}]/u;
    const clean = (s) => (s ? s.replace(WS, ' ').trim() : '');
    const INITIALS = /^\p{Lu}{1,3}$/u;
    // abbreviates: the letters of ini ("SK", "GH") are, in order, letters
    // of t ("Sarah Kowalski", "GitHub"), the first one t's first.
    const abbreviates = (ini, t) => {
      const low = t.toLowerCase(), a = ini.toLowerCase();
      if (low.charAt(0) !== a.charAt(0)) return false;
      for (let i = 1, j = 1; i < a.length; i++, j++) {
        j = low.indexOf(a.charAt(i), j);
        if (j < 0) return false;
      }
      return true;
    };
    const COUNT_NAME = /(^|[\s_-])(count|counter|total|results)([\s_-]|$)/i;
    // cut bounds s to n UTF-16 units, never splitting a surrogate pair, and
    // marks the cut with an ellipsis.
    const cut = (s, n) => {
      if (n === undefined) n = maxText;
      if (s.length <= n) return s;
      let k = n - 1;
      if (k > 0) {
        const c = s.charCodeAt(k - 1);
        if (c >= 0xd800 && c <= 0xdbff) k--;
      }
      return s.slice(0, Math.max(k, 0)) + '…';
    };

    const NOTEXT = new Set(['script', 'style', 'template', 'noscript', 'select', 'textarea', 'input', 'option', 'optgroup', 'datalist', 'iframe', 'frame', 'object', 'embed', 'canvas', 'video', 'audio', 'head', 'math']);
    const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption', 'label', 'legend']);
    const VIS_OPT = { checkOpacity: false, checkVisibilityCSS: true };
    const HAS_CV = typeof Element.prototype.checkVisibility === 'function';
    // vis: rendered and not visibility:hidden (opacity does not count);
    // shown: rendered (cheaper, for rows that are only counted).
    // An element with display:contents has no box of its own, and
    // checkVisibility says false, but its children render: it counts as
    // visible (framework wrappers and custom elements use it).
    const contents = (el) => getComputedStyle(el).display === 'contents';
    const vis = HAS_CV ? (el) => el.checkVisibility(VIS_OPT) || contents(el)
      : (el) => (el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') || contents(el);
    const shown = (el) => (HAS_CV ? el.checkVisibility() : el.getClientRects().length > 0);

    const blockBox = (el) => {
      const d = getComputedStyle(el).display;
      return d === 'block' || d === 'flex' || d === 'grid' || d === 'list-item' || d === 'flow-root' || d.startsWith('table');
    };

    // gather collects the text under root (flat tree, alt text and aria-label
    // of graphics included), skipping form field contents, contenteditable
    // subtrees, hidden elements (unless opt.hidden) and elements opt.skip
    // rejects. It stops after limit characters. It returns the collapsed text;
    // opt.first receives the first text run that holds a letter or digit
    // (the second, when the first is an avatar's initials of it).
    // dropInitials removes from text, gathered with opt, an avatar's
    // initials before the name they abbreviate ("SK Sarah Kowalski …" is
    // "Sarah Kowalski …"): they are no part of a row's text or a cell's.
    const dropInitials = (opt, text) =>
      opt.initials && text.startsWith(opt.avatar + ' ') ? text.slice(opt.avatar.length + 1) : text;

    const gather = (root, opt, limit) => {
      const parts = [];
      let len = 0;
      // White space alone counts one unit: templates indent their markup,
      // and the indentation before a row's first word must not use up a
      // small limit (ownText asks for one character).
      const add = (s) => {
        if (NONSPACE.test(s)) {
          parts.push(s);
          len += s.length;
        } else {
          parts.push(' ');
          return;
        }
        if (opt.wantFirst && opt.avatar === undefined) {
          const t = clean(s);
          if (t && LETTER.test(t)) {
            if (opt.first === undefined) opt.first = t;
            else {
              // an avatar's initials ("A", "SK") before the name they
              // abbreviate are no label: the name is
              opt.avatar = opt.first;
              if (INITIALS.test(opt.first) && abbreviates(opt.first, t)) {
                opt.first = t;
                opt.initials = true; // the text begins with them
              }
            }
          }
        }
      };
      // The walk is iterative (a stack of sibling cursors, no recursion), so
      // any depth of DOM is safe; it descends at most MAX_DEPTH levels.
      const frames = [{ c: root.firstChild, list: null, i: 0, block: false }];
      while (frames.length) {
        const f = frames[frames.length - 1];
        let c = null;
        if (len < limit) {
          if (f.list) c = f.i < f.list.length ? f.list[f.i++] : null;
          else if (f.c) { c = f.c; f.c = c.nextSibling; }
        }
        if (!c) {
          frames.pop();
          if (f.block) parts.push(' ');
          continue;
        }
        const t = c.nodeType;
        if (t === 3) {
          const v = c.data;
          if (v) add(v);
          continue;
        }
        if (t !== 1) continue;
        const tag = c.localName;
        if (NOTEXT.has(tag)) continue;
        if (c.hasAttributes()) {
          if (c.getAttribute('aria-hidden') === 'true') continue;
          const ce = c.getAttribute('contenteditable');
          if (ce !== null && ce !== 'false') continue;
          if (!opt.hidden && !vis(c) && !(opt.hover && opt.hover(c))) continue;
        }
        if (opt.skip && opt.skip(c, tag)) continue;
        if (tag === 'img' || tag === 'area') {
          const a = c.getAttribute('alt');
          if (a) add(' ' + a + ' ');
          continue;
        }
        if (tag === 'svg') {
          let a = c.getAttribute('aria-label');
          if (!a) {
            const ti = c.querySelector('title');
            a = ti ? ti.textContent : '';
          }
          if (a) add(' ' + a + ' ');
          continue;
        }
        // A box the CSS makes a block (a <strong> shown as a block above
        // its caption, a flex item) separates its words as a <div> does:
        // "64 Projects", not "64Projects".
        const block = BLOCK.has(tag) || blockBox(c);
        if (block) parts.push(' ');
        if (frames.length > GATHER_DEPTH) {
          if (block) parts.push(' ');
          continue;
        }
        if (tag === 'slot') {
          const as = c.assignedNodes({ flatten: true });
          if (as.length) {
            frames.push({ c: null, list: as, i: 0, block });
            continue;
          }
        }
        frames.push({ c: (c.shadowRoot || c).firstChild, list: null, i: 0, block });
      }
      return clean(parts.join(''));
    };

    const rootOf = (el) => el.getRootNode();
    const idrefText = (el, attr) => {
      const v = el.getAttribute(attr);
      if (!v) return '';
      const root = rootOf(el);
      const out = [];
      for (const id of v.trim().split(WS)) {
        const r = root.getElementById ? root.getElementById(id) : document.getElementById(id);
        if (r && r !== el) out.push(gather(r, { hidden: true }, maxText * 2));
      }
      return clean(out.join(' '));
    };
    const idrefEls = (el, attr) => {
      const v = el.getAttribute(attr);
      if (!v) return [];
      const root = rootOf(el);
      const out = [];
      for (const id of v.trim().split(WS)) {
        const r = root.getElementById ? root.getElementById(id) : document.getElementById(id);
        if (r) out.push(r);
      }
      return out;
    };

    // ---- controls
    const CTRL_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton']);
    const CONTENT_NAMED = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'checkbox', 'radio', 'switch']);
    const SECRET_AC = new Set(['one-time-code', 'current-password', 'new-password', 'cc-number', 'cc-csc']);
    const BUTTONISH_TAGS = new Set(['button', 'input', 'select', 'textarea', 'summary']);
    const isEditable = (el) => {
      const ce = el.getAttribute('contenteditable');
      return ce !== null && ce !== 'false';
    };
    const roleOf = (el) => {
      const r = el.getAttribute('role');
      if (!r) return suggestionRole(el);
      const i = r.indexOf(' ');
      return (i < 0 ? r : r.slice(0, i)).toLowerCase();
    };
    // suggestionRole: issue 18 pt 6: jQuery UI's autocomplete shows its
    // suggestions as a menu without roles (role: null); its items are the
    // options a person chooses from.
    const suggestionRole = (el) => {
      if (el.localName !== 'li' || !el.classList.contains('ui-menu-item')) return '';
      const p = el.parentElement;
      return p && p.classList.contains('ui-autocomplete') ? 'option' : '';
    };
    // codeEditor: issue 18 pt 5: a code editor is one type action on its
    // visible wrapper (the input it types through is a tiny hidden
    // textarea), named by the label of the textarea it replaced, its own
    // input's name, or the text before it: ['type', 'textbox', label], or
    // null. CodeMirror 5 (.CodeMirror holding its editor instance) and
    // Monaco (.monaco-editor, its textarea named by its ariaLabel).
    const codeEditor = (el, tag) => {
      if (tag !== 'div' || !((el.CodeMirror && el.classList.contains('CodeMirror')) || el.classList.contains('monaco-editor'))) return null;
      let label = '';
      try {
        const ta = el.CodeMirror && typeof el.CodeMirror.getTextArea === 'function' ? el.CodeMirror.getTextArea() : null;
        if (ta) label = accName(ta, 'textarea', 'textbox');
      } catch (e) { label = ''; }
      const input = el.querySelector('textarea');
      if (!label && input) label = accName(input, 'textarea', 'textbox');
      if (!label) label = accName(el, tag, 'textbox') || nearbyLabel(el);
      return ['type', 'textbox', label];
    };
    // ctlType returns [kind, role] for an actionable element, or null.
    const ctlType = (el, tag, role) => {
      if (role && CTRL_ROLES.has(role)) {
        switch (role) {
          case 'link': return ['link', role];
          case 'checkbox': case 'switch': case 'radio': case 'menuitemcheckbox': case 'menuitemradio': return ['check', role];
          case 'textbox': case 'searchbox': case 'slider': case 'spinbutton': return ['type', role];
          case 'combobox': return [tag === 'select' ? 'select' : 'type', role];
          case 'button':
            if (tag === 'button' && el.type === 'submit' && el.form) return ['submit', role];
            if (tag === 'input' && (el.type === 'submit' || el.type === 'image')) return ['submit', role];
            return ['click', role];
          default: return ['click', role];
        }
      }
      switch (tag) {
        case 'button': return [el.type === 'submit' && el.form ? 'submit' : 'click', 'button'];
        case 'a': return el.hasAttribute('href') ? ['link', 'link'] : null;
        case 'select': return ['select', el.multiple || el.size > 1 ? 'listbox' : 'combobox'];
        case 'textarea': return ['type', 'textbox'];
        case 'summary': {
          const p = el.parentElement;
          return p && p.localName === 'details' ? ['click', 'button'] : null;
        }
        case 'input': {
          const ty = el.type;
          switch (ty) {
            case 'hidden': return null;
            case 'checkbox': return ['check', 'checkbox'];
            case 'radio': return ['check', 'radio'];
            case 'submit': case 'image': return ['submit', 'button'];
            case 'reset': case 'button': return ['click', 'button'];
            // issue 11: file inputs are actions of kind upload (files are
            // set through the upload tool, never by clicking)
            case 'file': return ['upload', 'button'];
            case 'range': return ['type', 'slider'];
            case 'number': return ['type', 'spinbutton'];
            case 'search': return ['type', 'searchbox'];
            default: return ['type', el.hasAttribute('list') ? 'combobox' : 'textbox'];
          }
        }
      }
      if (el.hasAttribute && el.hasAttributes() && isEditable(el)) return ['type', 'textbox'];
      return null;
    };
    // isCtl reports whether an element is any kind of control (for text and
    // record heuristics); links count only when links is true.
    const isCtl = (el, tag, links) => {
      if (BUTTONISH_TAGS.has(tag)) return tag !== 'input' || el.type !== 'hidden';
      if (tag === 'a') return links && el.hasAttribute('href');
      if (!el.hasAttributes()) return false;
      const r = roleOf(el);
      if (r === 'link') return links;
      if (r && CTRL_ROLES.has(r)) return true;
      return isEditable(el);
    };
    const skipButtons = (c, tag) => isCtl(c, tag, false);
    const skipControls = (c, tag) => isCtl(c, tag, true);

    // accName is the accessible name; strong leaves out the fallbacks
    // (title, placeholder) that a visible label beside a field beats.
    const accName = (el, tag, role, strong) => {
      let s = idrefText(el, 'aria-labelledby');
      if (!s) s = clean(el.getAttribute('aria-label'));
      const field = tag === 'input' || tag === 'select' || tag === 'textarea';
      if (!s && field && el.labels && el.labels.length) {
        const out = [];
        for (const l of el.labels) out.push(gather(l, { skip: skipButtons }, maxText * 2));
        s = clean(out.join(' '));
      }
      if (!s && tag === 'input') {
        const ty = el.type;
        if (ty === 'submit' || ty === 'reset' || ty === 'button') s = clean(el.getAttribute('value')) || (ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '');
        else if (ty === 'image') s = clean(el.getAttribute('alt'));
      }
      if (!s && tag === 'img') s = clean(el.getAttribute('alt'));
      if (!s && !field && (CONTENT_NAMED.has(role) || tag === 'summary') && !(el.hasAttributes() && isEditable(el))) {
        s = gather(el.shadowRoot || el, { skip: (c, t) => t !== 'img' && t !== 'svg' && isCtl(c, t, true) && c !== el }, maxText * 2);
      }
      if (strong) return s;
      if (!s) s = clean(el.getAttribute('title'));
      if (!s && (field || isEditable(el))) s = clean(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || el.getAttribute('data-placeholder'));
      return s;
    };
    // nearbyLabel is the visible text that labels a field with no
    // accessible name: a short text just before it (the label element of
    // its form group, a caption div), or the nearest preceding heading or
    // <dt>, looking up to three ancestors up. A class name is never a label.
    // issue 18: the text just before a field in its own row ("Host:
    // <input>") labels it too; a sentence (instructions elsewhere on the
    // page: "Select 06/29/2016 as the date and hit submit.") never does.
    const asLabel = (text) => {
      if (!text || text.length > NAME_TEXT || !LETTER.test(text)) return '';
      const t = text.replace(/\s*[:*]\s*$/, '');
      const words = t.split(' ').length;
      if (words > 6 || (words > 2 && /[.!?]$/.test(t))) return '';
      return t;
    };
    const nearbyLabel = (el) => {
      for (let n = el, d = 0; n && d < 3; n = n.parentElement, d++) {
        let seen = 0;
        for (let p = n.previousSibling; p && seen < 3; p = p.previousSibling) {
          if (p.nodeType === 3) {
            if (!NONSPACE.test(p.data)) continue;
            seen++;
            const text = clean(p.data);
            const l = asLabel(text);
            if (l) return l;
            continue;
          }
          if (p.nodeType !== 1) continue;
          seen++;
          const t = p.localName;
          // a control in between: the text before it labels that one
          if (isCtl(p, t, true) || (p.firstElementChild && p.querySelector(CTRL_SEL))) return '';
          if (NOTEXT.has(t)) continue;
          const text = gather(p, {}, NAME_TEXT + 1);
          const l = asLabel(text);
          if (l) return l;
        }
        const pp = n.parentElement;
        if (!pp || pp.localName === 'form' || pp.localName === 'body' || pp.localName === 'li' || pp.localName === 'tr') break;
      }
      return '';
    };
    // ---- icons (issue 18): the conventional name of an icon-only
    // control's icon. An icon font's class (fa-trash, fa-solid fa-star,
    // glyphicon-star, bi-trash, icon-reply, mdi-delete, ion-md-star), a
    // ligature font's text (material-icons "delete"), an SVG's data-icon,
    // <title>, aria-label or <use href="#icon-reply">.
    const ICON_CLASS = /^(?:fa[srlbdk]?|fa-(?:solid|regular|light|thin|duotone|brands|sharp)|glyphicon|bi|icon|icons|mdi|ion|ti|feather|lucide|octicon|la[srb]?|typcn|oi|zmdi|uil|ri|bx|bxs|bxl|dashicons|gg|fi|pe-7s|si|wi|flaticon|ui-icon)-([a-z][a-z0-9-]*)$/i;
    const ICON_MOD = /^(?:[0-9]+x|xs|sm|lg|xl|2xs|2xl|xxl|fw|spin|pulse|border|inverse|stack(?:-[12]x)?|li|ul|flip(?:-\w+)?|rotate(?:-\w+)?|pull-\w+|beat|fade|bounce|shake|solid|regular|light|thin|brands|duotone|sharp|before|after|large|small|white|black|primary|inline|button|btn|md|ios|logo|ms|color|outline|spin-pulse|\d+(?:px)?)$/;
    const LIGATURE = /^material-(?:icons|symbols)(?:-(?:outlined|round|rounded|sharp|two-tone))?$/;
    const iconWord = (w) => {
      // trash-o, trash-alt, star-fill, heart-outline, trash3, delete-forever-outline: the icon
      let t = w.toLowerCase().replace(/_/g, '-');
      for (let i = 0; i < 3; i++) t = t.replace(/-(?:o|alt|fill|filled|outline|outlined|line|round|rounded|sharp|solid|regular|empty|full|circle|square|sign|btn|icon|v|h|vertical|horizontal)$/, '').replace(/-?\d+$/, '');
      t = t.replace(/^(?:icon|ico|i|svg|sprite)-/, '').replace(/^(?:ios|md|logo)-/, '');
      return /^[a-z][a-z-]{1,30}$/.test(t) ? t.replace(/-/g, ' ') : '';
    };
    const iconFromClass = (n) => {
      const cl = n.classList;
      if (!cl || cl.length === 0) return '';
      for (const c of cl) {
        if (LIGATURE.test(c)) {
          const t = clean(n.textContent);
          if (t) return iconWord(t);
        }
        const m = ICON_CLASS.exec(c);
        if (m && !ICON_MOD.test(m[1])) {
          const w = iconWord(m[1]);
          if (w) return w;
        }
      }
      return '';
    };
    const iconOfSvg = (svg) => {
      const di = svg.getAttribute('data-icon');
      if (di) { const w = iconWord(di); if (w) return w; }
      const al = clean(svg.getAttribute('aria-label'));
      if (al) return al;
      const ti = svg.querySelector('title');
      if (ti && clean(ti.textContent)) return clean(ti.textContent);
      const u = svg.querySelector('use');
      if (u) {
        const h = u.getAttribute('href') || u.getAttribute('xlink:href') || '';
        const i = h.lastIndexOf('#');
        if (i >= 0) { const w = iconWord(h.slice(i + 1)); if (w) return w; }
      }
      return iconFromClass(svg);
    };
    // iconOf returns the icon's name of a control whose content is only
    // icons (no text but a ligature's), or ''.
    const iconOf = (el) => {
      let w = iconFromClass(el);
      if (w) return w;
      let seen = 0;
      for (const n of el.querySelectorAll('i,span,svg,em,b,img')) {
        if (++seen > 8) break;
        if (n.localName === 'svg') w = iconOfSvg(n);
        else if (n.localName === 'img') w = iconWord(((n.getAttribute('src') || '').split(/[\/?#]/).filter(Boolean).pop() || '').replace(/\.(svg|png|gif)$/i, ''));
        else w = iconFromClass(n);
        if (w) return w;
      }
      return '';
    };
    // ligatureOnly: the control's text is only a ligature icon's ("delete")
    const LIGATURE_TEXT = /^[a-z][a-z0-9_]{1,40}$/;
    const ligatureOnly = (el, label) => {
      if (!LIGATURE_TEXT.test(label) || !el.firstElementChild) return false;
      for (const n of el.querySelectorAll('i,span')) {
        if (n.classList && Array.prototype.some.call(n.classList, (c) => LIGATURE.test(c)) && clean(n.textContent) === label) return true;
      }
      return false;
    };
    // iconOnly: the name came from an SVG inside (its <title> or
    // aria-label), the control having no text of its own
    const iconOnly = (el, label) => label.length <= NAME_TEXT && el.firstElementChild !== null && el.querySelector('svg') !== null && !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby') &&
      !el.hasAttribute('title') && gather(el, { skip: (c, t) => t === 'svg' }, 1) === '' && iconOf(el) === label;
    // rowLabel is the text of the cell before a field's cell in its table
    // row (a form laid out as a table: <th>Server</th><td><input>), when
    // that cell holds no control.
    const rowLabel = (el) => {
      const td = el.parentElement && el.parentElement.closest('td');
      if (!td || td.closest('tr') !== el.closest('tr')) return '';
      let n = 0;
      for (const f of td.querySelectorAll('input:not([type=hidden]),select,textarea')) if (++n > 1) return '';
      const p = td.previousElementSibling;
      if (!p || (p.firstElementChild && p.querySelector(CTRL_SEL))) return '';
      return asLabel(gather(p, {}, NAME_TEXT + 1));
    };
    const CAMEL = /([a-z])([A-Z])/g;
    // words of styling and framework vocabulary say nothing about what a
    // control does
    const NOISE = new Set(['btn', 'button', 'icon', 'form', 'control', 'nav', 'link', 'default', 'input', 'field', 'item', 'group', 'wrapper', 'container', 'primary', 'secondary', 'outline', 'small', 'large', 'flex', 'grid', 'items', 'center', 'justify', 'between', 'rounded', 'shadow', 'border', 'hidden', 'block', 'inline', 'relative', 'absolute', 'fixed', 'sticky', 'text', 'font', 'hover', 'focus', 'cursor', 'pointer', 'ng', 'js', 'css', 'sc', 'is', 'has', 'sm', 'md', 'lg', 'xl', 'px', 'py', 'mx', 'my', 'bg', 'el', 'mat', 'mdc', 'mui', 'ant', 'chakra', 'tw',
      // issue 18: AngularJS's and form libraries' state classes
      // (ng-pristine ng-untouched ng-valid) say nothing either
      'pristine', 'untouched', 'touched', 'dirty', 'valid', 'invalid', 'empty', 'pending', 'submitted']);
    // a framework's state class (ng-valid-required, ng-not-empty) is no word of a name
    const FRAMEWORK_CLASS = /^(ng|v)-/;
    const classWords = (v) => (v ? v.split(WS).filter((c) => c && !FRAMEWORK_CLASS.test(c)).join(' ') : v);
    const evidenceOf = (el) => {
      const words = [];
      const push = (v) => {
        if (!v) return;
        for (const w of v.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
          if (w.length < 2 || /\d/.test(w) || NOISE.has(w) || words.includes(w)) continue;
          words.push(w);
        }
      };
      push(el.getAttribute('id'));
      push(classWords(el.getAttribute('class')));
      push(el.getAttribute('name'));
      const tid = el.getAttribute('data-testid');
      if (tid) push(tid);
      return words.slice(0, 5).join(' ');
    };
    // rowEvidence is evidenceOf for a row control: only what rows share,
    // its name attribute and first stable class (ids and modifier classes
    // such as role-purple differ from row to row).
    const rowEvidence = (el) => {
      let cls = '';
      if (el.classList) for (const c of el.classList) if (!STATE_CLASS.test(c)) { cls = c; break; }
      const words = [];
      for (const v of [el.getAttribute('name'), cls]) {
        if (!v) continue;
        for (const w of v.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
          if (w.length < 2 || /\d/.test(w) || NOISE.has(w) || words.includes(w)) continue;
          words.push(w);
        }
      }
      return words.slice(0, 5).join(' ');
    };
    const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@\/]*$/, DOT_SEG = /\/\.\.?(\/|$)/;
    let baseEl;
    const hasBase = () => (baseEl === undefined ? (baseEl = document.querySelector('base[href]') !== null) : baseEl);
    const hrefOf = (el) => {
      const h = el.getAttribute('href');
      if (h === null) return '';
      // fast path: a same-origin path without query, fragment or dot segments
      if (SAFE_PATH.test(h) && !DOT_SEG.test(h) && el.ownerDocument === document && !hasBase()) return cut(h);
      try {
        const u = new URL(h, el.baseURI);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') return cut(u.protocol.replace(':', ''), 16);
        let p = u.pathname;
        if (u.hash.startsWith('#/') || u.hash.startsWith('#!/')) p += u.hash.split(/[?&]/)[0]; // a hash route, without its query
        return cut(u.origin === location.origin ? p : u.origin + p);
      } catch (e) {
        return '';
      }
    };
    const urlOf = (s) => {
      try {
        const u = new URL(s, document.baseURI);
        if (u.protocol === 'about:' || u.protocol === 'data:' || u.protocol === 'blob:') return u.protocol === 'about:' ? cut(u.protocol + u.pathname) : u.protocol.replace(':', '');
        return cut(u.origin + u.pathname, 500);
      } catch (e) {
        return '';
      }
    };

    // ---- hover-revealed controls: classes a :hover/:focus-within rule shows.
    const hoverCache = new Map();
    const hoverClasses = (root) => {
      let set = hoverCache.get(root);
      if (set) return set;
      set = new Set();
      hoverCache.set(root, set);
      const sheets = [];
      try {
        if (root.styleSheets) for (const s of root.styleSheets) sheets.push(s);
        if (root.adoptedStyleSheets) for (const s of root.adoptedStyleSheets) sheets.push(s);
      } catch (e) { /* no sheets */ }
      let budget = 20000;
      const scan = (rules) => {
        for (const r of rules) {
          if (--budget < 0) return;
          if (r.cssRules && !r.selectorText) {
            scan(r.cssRules);
            continue;
          }
          const sel = r.selectorText;
          if (!sel || (sel.indexOf(':hover') < 0 && sel.indexOf(':focus') < 0)) continue;
          const st = r.style;
          const shows = (st.display && st.display !== 'none') || st.visibility === 'visible' || (st.opacity !== '' && st.opacity !== '0');
          if (!shows) continue;
          for (const one of sel.split(',')) {
            const m = one.match(/:(hover|focus-within|focus)(?![\w-])/g);
            if (!m) continue;
            const i = Math.max(one.lastIndexOf(':hover'), one.lastIndexOf(':focus'));
            const tail = one.slice(i).replace(/^:[\w-]+/, '');
            if (!/^\s*[>+~\s]/.test(tail)) continue; // the pseudo is on the subject itself
            const cls = tail.match(/\.[\w-]+/g);
            if (cls) for (const c of cls) set.add(c.slice(1));
          }
        }
      };
      for (const s of sheets) {
        let rules = null;
        try { rules = s.cssRules; } catch (e) { rules = null; }
        if (rules) scan(rules);
      }
      return set;
    };
    const hoverShown = (el) => {
      if (el.hidden || !el.classList || el.classList.length === 0) return false;
      const st = el.getAttribute('style');
      if (st && /display\s*:\s*none/i.test(st)) return false;
      const set = hoverClasses(rootOf(el));
      if (set.size === 0) return false;
      for (const c of el.classList) if (set.has(c)) return true;
      return false;
    };

    // ---- geometry: a clip is the visible box of a (frame) viewport, in top coordinates.
    const VW = win.innerWidth, VH = win.innerHeight;
    const topClip = { l: 0, t: 0, r: VW, b: VH, ox: 0, oy: 0 };
    const meets = (r, c) => {
      const t = r.top + c.oy, b = r.bottom + c.oy, l = r.left + c.ox, rr = r.right + c.ox;
      return b > c.t && t < c.b && rr > c.l && l < c.r && (r.width > 0 || r.height > 0);
    };
    // mostly: at least half the element (or half the viewport) is visible.
    const mostly = (r, c) => {
      const t = Math.max(r.top + c.oy, c.t), b = Math.min(r.bottom + c.oy, c.b);
      const l = Math.max(r.left + c.ox, c.l), rr = Math.min(r.right + c.ox, c.r);
      if (b <= t || rr <= l) return false;
      const h = b - t;
      return h >= r.height / 2 - 0.5 || h >= (c.b - c.t) / 2;
    };

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

    // ---- modal: an open modal <dialog> (from the document's live dialog
    // collection, kept in the registry), or a visible aria-modal dialog, which
    // the walk finds: then the collector runs again knowing it.
    let modalEl = hint.modal || null, ariaModal = null;
    if (!modalEl) {
      if (!(R.dialogs instanceof HTMLCollection)) defHidden(R, 'dialogs', document.getElementsByTagName('dialog'), false);
      const ds = R.dialogs;
      for (let i = 0; i < ds.length; i++) {
        const d = ds[i];
        let m = false;
        try { m = d.open && d.matches(':modal'); } catch (e) { m = false; }
        if (m) modalEl = d;
      }
    }
    let backdrop;
    const bsBackdrop = () => {
      if (backdrop === undefined) {
        const b = document.querySelector('body > .modal-backdrop');
        backdrop = !!b && vis(b);
      }
      return backdrop;
    };
    const headingText = (el) => {
      const h = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
      return h ? gather(h, {}, maxText * 2) : '';
    };
    if (modalEl) {
      modal = { label: cut(idrefText(modalEl, 'aria-labelledby') || clean(modalEl.getAttribute('aria-label')) || headingText(modalEl) || 'Dialog') };
    }

    // ---- regions
    const REGION_TAGS = { main: 'main', nav: 'navigation', aside: 'complementary', header: 'banner', footer: 'contentinfo', form: 'form', section: 'region', dialog: 'dialog', search: 'search', table: 'table' };
    const REGION_ROLES = new Set(['main', 'navigation', 'complementary', 'banner', 'contentinfo', 'search', 'form', 'region', 'dialog', 'alertdialog', 'table', 'grid', 'treegrid']);
    const IMPLICIT_ROLE = { main: 'main', nav: 'navigation', aside: 'complementary', header: 'banner', footer: 'contentinfo', form: 'form', section: 'region', dialog: 'dialog', search: 'search', table: 'table', ul: 'list', ol: 'list', article: 'article', fieldset: 'group', details: 'group' };
    const DEFAULT_LABEL = { main: 'Main', navigation: 'Navigation', complementary: 'Sidebar', banner: 'Header', contentinfo: 'Footer', search: 'Search', form: 'Form', region: 'Section', dialog: 'Dialog', alertdialog: 'Dialog', table: 'Table', grid: 'Grid', treegrid: 'Grid' };
    const DEFAULT_ID = { main: 'main', navigation: 'nav', complementary: 'aside', banner: 'header', contentinfo: 'footer', search: 'search', form: 'form', region: 'section', dialog: 'dialog', alertdialog: 'dialog', table: 'table', grid: 'grid', treegrid: 'grid' };
    const LANDMARK_IDS = new Set(Object.values(DEFAULT_ID));
    const NAMED_ONLY = new Set(['form', 'region', 'table', 'grid', 'treegrid']);
    const slug = (s) => (/[^\x00-\x7f]/.test(s) ? s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
    const uniqueRegionId = (base) => {
      let id = base || 'region', n = 2;
      while (regionIds.has(id)) id = base + '-' + n++;
      regionIds.add(id);
      return id;
    };
    // regionOf returns the region an element opens, or null.
    const regionOf = (el, tag, role, hasAttr, ctx) => {
      if (declRegions) {
        if (!hasAttr) return null;
        const d = el.getAttribute('data-pling-region');
        if (d === null) return null;
        const label = clean(el.getAttribute('data-pling-label')) || idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) || clean(d);
        return { base: clean(d) || slug(label), label, role: role || IMPLICIT_ROLE[tag] || '', declared: true, purpose: clean(el.getAttribute('data-pling-purpose')) };
      }
      let r = role && REGION_ROLES.has(role) ? role : '';
      if (!r && !role) {
        r = REGION_TAGS[tag] || '';
        if ((tag === 'header' || tag === 'footer') && ctx.sect) r = '';
      }
      if (!r && (role === 'article' || (tag === 'article' && !role)) && !ctx.rec && loneArticle(el, role)) {
        const label = (hasAttr && (idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')))) || headingText(el);
        return { base: label ? slug(label) || 'article' : 'article', label: label || 'Article', role: 'article', declared: false, purpose: '' };
      }
      if (!r) return null;
      let label = hasAttr ? idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) : '';
      if (!label && hasAttr && tag === 'form') label = clean(el.getAttribute('name')) || clean(el.getAttribute('title'));
      if (!label && tag === 'table' && el.caption) label = gather(el.caption, {}, maxText * 2);
      if (!label && NAMED_ONLY.has(r)) return null;
      let authored = !!label;
      if (!label && (r === 'dialog' || r === 'alertdialog')) {
        label = headingText(el);
        authored = !!label;
      }
      // An authored label that is another landmark's id (a nav labelled
      // "Main") is qualified by the region's own kind: main-nav, not main.
      let base = authored ? slug(label) || DEFAULT_ID[r] : DEFAULT_ID[r];
      if (authored && base !== DEFAULT_ID[r] && LANDMARK_IDS.has(base)) base = base + '-' + DEFAULT_ID[r];
      return { base, label: label || DEFAULT_LABEL[r], role: r, declared: false, purpose: '' };
    };

    const loneArticle = (el, role) => !sameSibling(el, (s) => s.localName === 'article' || (s.hasAttributes() && roleOf(s) === 'article'));

    // ---- records
    const AUTHOR_ID_ATTRS = ['data-id', 'data-key', 'data-row-key', 'data-item-id', 'data-row-id', 'data-record-id', 'data-uid', 'data-uuid'];
    const LIST_PARENT_SKIP = new Set(['menu', 'menubar', 'tablist', 'listbox', 'tree', 'radiogroup', 'toolbar']);
    const ITEM_ROLE_SKIP = new Set(['tab', 'menuitem', 'option', 'presentation', 'none', 'treeitem', 'radio', 'separator']);
    const sameSibling = (el, test) => {
      for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (test(s)) return true;
      for (let s = el.nextElementSibling; s; s = s.nextElementSibling) if (test(s)) return true;
      return false;
    };
    // recordKind classifies a row: 'decl', 'table', 'list', 'single', or ''
    // (not a row), 'repeat' (repeatRow, never nested in a record); visit
    // adds 'item' (checkItem).
    // formTable: a form laid out as a table (WordPress's <table
    // class="form-table">, Adminer's login, DokuWiki's add-user form) is a
    // form, not a list of records: its rows are a label cell (a <th>, or a
    // cell holding a <label> or only text) and a cell with a field, and
    // at least half of its visible rows are such rows. Decided once per
    // table.
    const FIELD_SEL = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]),select,textarea';
    const formTables = new Map();
    const formTable = (table) => {
      if (!table || table.localName !== 'table') return false;
      let d = formTables.get(table);
      if (d !== undefined) return d;
      d = false;
      if (table.classList.contains('form-table')) d = true;
      else {
        let rows = 0, form = 0;
        for (const r of table.rows) {
          if (rows >= 12) break;
          if (!shown(r) || r.cells.length === 0) continue;
          rows++;
          const cs = r.cells;
          if (cs.length < 2 || cs.length > 3) continue;
          const lab = cs[0];
          if (lab.querySelector(FIELD_SEL + ',button,a[href]') || !LETTER.test(lab.textContent || '')) continue;
          if (lab.localName !== 'th' && !lab.querySelector('label')) {
            // a plain cell labels a field only in a table without column headers
            if (table.tHead && table.tHead.rows.length) continue;
            const t = clean(lab.textContent);
            if (t.length > NAME_TEXT || !/:\s*$|^\S+(\s\S+){0,3}$/.test(t)) continue;
          }
          if (cs[1].querySelector(FIELD_SEL)) form++;
        }
        d = form >= 2 && form * 2 >= rows;
      }
      formTables.set(table, d);
      return d;
    };
    const recordKind = (el, tag, role, hasAttr, nested) => {
      if (declRecords) return hasAttr && el.hasAttribute('data-pling-record') ? 'decl' : '';
      if (tag === 'tr') {
        const p = el.parentElement;
        if (!p) return '';
        const pt = p.localName;
        if (pt !== 'tbody' && pt !== 'table') return '';
        if (formTable(p.localName === 'table' ? p : p.parentElement)) return '';
        for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'td') return 'table';
        return '';
      }
      if (role === 'row') {
        if (el.querySelector('[role=columnheader]')) return '';
        const g = el.closest('[role=grid],[role=table],[role=treegrid]');
        return g ? 'table' : '';
      }
      if (tag === 'li' && !role) {
        const p = el.parentElement;
        if (!p || (p.localName !== 'ul' && p.localName !== 'ol')) return '';
        const pr = p.hasAttributes() ? roleOf(p) : '';
        if (pr && LIST_PARENT_SKIP.has(pr)) return '';
        return sameSibling(el, (s) => s.localName === 'li') ? 'list' : 'single';
      }
      if (role && ITEM_ROLE_SKIP.has(role)) return role === 'option' && !nested ? repeatRow(el, tag, role) : '';
      if (role === 'listitem' || role === 'article' || (tag === 'article' && !role)) {
        const want = role || 'article';
        // a lone article is a region of the page (loneArticle), not a record
        return sameSibling(el, (s) => (s.hasAttributes() ? roleOf(s) : '') === want || (want === 'article' && s.localName === 'article' && !s.getAttribute('role'))) ? 'list' : want === 'article' ? '' : 'single';
      }
      return nested ? '' : repeatRow(el, tag, role);
    };
    // ---- repeated items that are not list items or table rows: cards of a
    // grid, the items of a mail list (issue 8 points 9 and 10). Siblings
    // made from one template (the same tag, role and first stable class)
    // are records when there are at least three, they have text of their
    // own, at least two and at least half of them hold a button or link,
    // two hold the same one (by name, else title or class), and none holds a form
    // field or a table (a form's groups, a layout's
    // columns are no rows). The decision is made once per parent and
    // template.
    const REPEAT_TAGS = new Set(['div', 'section', 'span', 'a', 'p', 'dd']);
    const ROW_CTL_SEL = 'button,a[href],[role=button],[role=link],input[type=button],input[type=submit],summary';
    const NOT_ROW_SEL = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]),select,textarea,table,form,label,[role=grid],[role=table],main,nav,h1';
    const MAX_ROW_CONTROLS = 12;
    const repeatDecision = new Map();
    const templateOf = (el, tag, role) => {
      let cls = '';
      if (el.classList) for (const c of el.classList) if (!STATE_CLASS.test(c)) { cls = c; break; }
      return tag + '|' + role + '|' + cls;
    };
    const repeatRow = (el, tag, role) => {
      if (!REPEAT_TAGS.has(tag) && tag.indexOf('-') < 0) return '';
      const p = el.parentElement;
      if (!p) return '';
      // one pass over the parent's children groups them by template; each
      // group is decided when one of its items is first met
      let m = repeatDecision.get(p);
      if (!m) {
        m = new Map();
        for (let c = p.firstElementChild; c; c = c.nextElementSibling) {
          const t = templateOf(c, c.localName, c.hasAttributes() ? roleOf(c) : '');
          const g = m.get(t);
          if (g) g.push(c);
          else m.set(t, [c]);
        }
        repeatDecision.set(p, m);
      }
      const tp = templateOf(el, tag, role);
      let d = m.get(tp);
      if (d === undefined) return '';
      if (Array.isArray(d)) {
        const vis8 = [];
        for (let i = 0; i < d.length && i < 50 && vis8.length < 8; i++) if (shown(d[i])) vis8.push(d[i]);
        d = d.length >= 3 && repeatedItems(vis8);
        m.set(tp, d);
      }
      return d ? 'repeat' : '';
    };
    const repeatedItems = (items) => {
      if (items.length < 3) return false;
      // labelled sections and landmarks are regions of the page, not rows
      const f = items[0];
      if ((f.localName === 'section' && (f.hasAttribute('aria-label') || f.hasAttribute('aria-labelledby'))) || REGION_ROLES.has(roleOf(f))) return false;
      let withCtl = 0, n = 0, again = false;
      const names = new Set();
      for (const it of items) {
        n++;
        if (it.querySelector(NOT_ROW_SEL) || !ownText(it)) return false;
        const cs = it.querySelectorAll(ROW_CTL_SEL);
        if (cs.length > MAX_ROW_CONTROLS) return false;
        if (cs.length) withCtl++;
        const mine = new Set();
        for (const c of cs) {
          const nm = clean(c.getAttribute('aria-label') || c.textContent || c.getAttribute('title') || c.getAttribute('class') || '').toLowerCase();
          if (!nm || mine.has(nm)) continue;
          mine.add(nm);
          if (names.has(nm)) again = true;
          names.add(nm);
        }
      }
      // the same control on two items: one template's action (Message on
      // every card, Star on most mails), not a list of different settings
      // (Export, Transfer, Delete) that happen to look alike
      return again && withCtl >= 2 && withCtl * 2 >= n;
    };
    // kvList: the visible items of a list are "Key: value" lines with
    // distinct keys of one to three words (Address, Phone, Opening hours),
    // two at least, none holding a button or field: the details of one
    // thing. Decided once per list.
    const KV_LINE = /^(\p{Lu}[^:\d]{0,29}):\s*(\S.*)$/u;
    const KV_NOT = 'button,input,select,textarea,[role=button],[role=checkbox],[role=switch],[contenteditable]';
    const kvDecision = new Map();
    const kvList = (p) => {
      if (!p || R.lists.has(p)) return false;
      let d = kvDecision.get(p);
      if (d !== undefined) return d;
      const keys = new Set();
      let n = 0;
      for (let c = p.firstElementChild; c && n < 8; c = c.nextElementSibling) {
        if (c.localName !== 'li' || !shown(c)) continue;
        n++;
        const m = c.querySelector(KV_NOT) ? null : KV_LINE.exec(gather(c, { skip: skipButtons }, maxText + 1));
        const k = m ? m[1].toLowerCase() : '';
        if (!m || k.split(' ').length > 3 || keys.has(k)) {
          n = 0;
          break;
        }
        keys.add(k);
      }
      d = n >= 2;
      kvDecision.set(p, d);
      return d;
    };
    // ownText: the row has text outside its controls, or it holds a checkbox
    // and its text sits in a control that is not a link or a <button> (an
    // inline-edit label with role=button beside the row's checkbox).
    const CHECK_SEL = 'input[type=checkbox],[role=checkbox],[role=switch]';
    const ownText = (el) => gather(el, { skip: skipControls, hover: hoverShown }, 1) !== '' ||
      (el.querySelector(CHECK_SEL) !== null && gather(el, { skip: (c, t) => t === 'a' || t === 'button', hover: hoverShown }, 1) !== '');
    // singleRow: a lone list item is a record when its list held records
    // before, or when it has text of its own and a control.
    const CTRL_SEL = 'button,a[href],input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=checkbox],[role=switch],[contenteditable]';
    const singleRow = (el) => {
      const p = el.parentElement;
      if (p && R.lists.has(p)) return true;
      return ownText(el) && el.querySelector(CTRL_SEL) !== null;
    };
    // checkItem: a <div> outside any form that puts a checkbox with no name
    // of its own (no label, aria-label or title) beside text of its own and
    // a button is an item of a checklist built without list markup (a todo,
    // a selectable entry): a record whose text is the item and whose
    // checkbox is its state. A checkbox that its text labels is a field.
    const checkItem = (el) => {
      let cb = null, btn = false;
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        const t = c.localName, r = c.hasAttributes() ? roleOf(c) : '';
        if (r === 'checkbox' || (!r && t === 'input' && c.type === 'checkbox')) {
          if (cb) return false;
          cb = c;
        } else if (r === 'button' || (!r && t === 'button')) btn = true;
      }
      if (!cb || !btn) return false;
      if ((cb.labels && cb.labels.length) || cb.hasAttribute('aria-label') || cb.hasAttribute('aria-labelledby') || cb.hasAttribute('title')) return false;
      return !el.closest('form') && ownText(el);
    };
    const authorId = (el, declared) => {
      let id = '';
      if (declared) id = clean(el.getAttribute('data-pling-record'));
      else if (el.hasAttributes()) {
        for (const a of AUTHOR_ID_ATTRS) {
          const v = el.getAttribute(a);
          if (v) { id = clean(v); break; }
        }
        if (!id) {
          const t = el.getAttribute('data-testid') || el.getAttribute('data-test-id');
          if (t && /\d/.test(t)) id = clean(t);
        }
        if (!id) {
          id = clean(el.getAttribute('id'));
          if (id && id.length <= 80) id = pageIdOf(el, id);
        }
      }
      if (id && id.length <= 80 && !recordIds.has(id)) return id;
      if (R.keys.get(el) === undefined) adoptKey(el);
      let g = 'r' + keyOf(el).slice(1);
      while (recordIds.has(g)) g += '_';
      return g;
    };
    // pageIdOf: a row's DOM id is its record id, unless the page renamed it
    // when it re-rendered the row (a new element, the same content, the old
    // one gone: generated DOM ids such as ":0" becoming ":1"); the row then
    // keeps the id it was first seen with, so a folded action's record
    // argument still names it.
    const pageIdOf = (el, id) => {
      if (R.keys.get(el) === undefined) adoptKey(el);
      const k = keyOf(el);
      const prev = R.pageIds.get(k);
      if (prev !== undefined && prev !== id && !recordIds.has(prev) && !document.getElementById(prev)) return prev;
      if (prev === undefined) {
        if (R.pageIds.size >= 20000) R.pageIds.clear();
        R.pageIds.set(k, id);
      }
      return id;
    };
    // adoptKey gives a new record element the key of a gone one with the
    // same tag and text (a re-rendered row), or a fresh key remembered under
    // its text. Ids of rows that were not re-rendered never change.
    const adoptKey = (el) => {
      let h = 0x811c9dc5;
      const str = el.localName + '\u0001' + clean((el.textContent || '').slice(0, 4000));
      for (let i = 0; i < str.length; i++) {
        h ^= str.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
      }
      const sig = (h >>> 0).toString(36);
      let list = R.recBySig.get(sig);
      if (list) {
        for (let i = 0; i < list.length; i++) {
          const k = list[i];
          const w = R.els.get(k);
          const old = w ? w.deref() : undefined;
          if (old && old.isConnected) continue;
          R.keys.set(el, k);
          R.els.set(k, new WeakRef(el));
          return;
        }
      } else {
        if (R.recBySig.size >= 20000) R.recBySig.clear();
        list = [];
        R.recBySig.set(sig, list);
      }
      if (list.length >= 16) list.shift();
      list.push(keyOf(el));
    };
    // recMatches tells, without minting anything, whether el's record id
    // would be findRec.
    const recMatches = (el, declared) => {
      if (declared) return clean(el.getAttribute('data-pling-record')) === findRec;
      for (const a of AUTHOR_ID_ATTRS) {
        const v = el.getAttribute(a);
        if (v) return clean(v) === findRec;
      }
      const t = el.getAttribute('data-testid') || el.getAttribute('data-test-id');
      if (t && /\d/.test(t)) return clean(t) === findRec;
      const i = el.getAttribute('id');
      if (i) {
        const k = R.keys.get(el);
        return clean(i) === findRec || (!!k && R.pageIds.get(k) === findRec);
      }
      const k = R.keys.get(el);
      return !!k && 'r' + k.slice(1) === findRec;
    };
    const headersOf = (el) => {
      // el is a row; returns column index -> header text.
      const table = el.localName === 'tr' ? el.closest('table') : el.closest('[role=grid],[role=table],[role=treegrid]');
      if (!table) return [];
      let h = headerCache.get(table);
      if (h) return h;
      h = [];
      if (table.localName === 'table') {
        let hr = null;
        if (table.tHead && table.tHead.rows.length) hr = table.tHead.rows[table.tHead.rows.length - 1];
        else {
          for (const r of table.rows) {
            let allTh = r.cells.length > 0;
            for (const c of r.cells) if (c.localName !== 'th') { allTh = false; break; }
            if (allTh) { hr = r; break; }
            break;
          }
        }
        if (hr) for (const c of hr.cells) {
          const t = cut(gather(c, { skip: skipButtons }, NAME_TEXT * 2), NAME_TEXT);
          for (let i = 0; i < (c.colSpan || 1); i++) h.push(t);
        }
      } else {
        for (const c of table.querySelectorAll('[role=columnheader]')) {
          if (c.closest('[role=grid],[role=table],[role=treegrid]') !== table) continue;
          h.push(cut(gather(c, { skip: skipButtons }, NAME_TEXT * 2), NAME_TEXT));
        }
      }
      headerCache.set(table, h);
      return h;
    };
    // columnHeader is the header text of the column of the cell holding
    // el in row.
    const columnHeader = (el, row) => {
      const cell = el.closest('td,th,[role=gridcell],[role=cell]');
      if (!cell || cell.parentElement !== row) return '';
      let col = 0;
      for (let p = cell.previousElementSibling; p; p = p.previousElementSibling) col += p.colSpan || 1;
      return headersOf(row)[col] || '';
    };
    const checkboxIn = (el) => {
      const cb = el.querySelector('input[type=checkbox],[role=checkbox],[role=switch]');
      if (!cb) return null;
      if (cb.localName === 'input') return cb.checked;
      return cb.getAttribute('aria-checked') === 'true';
    };
    // partsOf splits a list row's text by its own element structure: the
    // visible elements that hold text directly (title, owner, age, status,
    // tag), each named by itemprop, data-field or a class word. It returns
    // null unless there are at least two and every one has a name, so a
    // row of plain markup keeps one text field.
    const partsOf = (row) => {
      const out = [];
      const stack = [row];
      let seen = 0;
      while (stack.length && seen++ < 200) {
        const n = stack.pop();
        for (let c = n.lastElementChild; c; c = c.previousElementSibling) {
          const t = c.localName;
          if (NOTEXT.has(t) || isCtl(c, t, false) || t === 'ul' || t === 'ol' || t === 'table') continue;
          stack.push(c);
        }
        if (n === row) continue;
        let own = '';
        for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) own += c.data;
        if (!NONSPACE.test(own) || !vis(n)) continue;
        const v = gather(n, { skip: skipButtons, hover: hoverShown }, maxText + 1);
        if (!v) continue;
        let name = clean(n.getAttribute('itemprop') || n.getAttribute('data-field') || '');
        if (!name && n.localName === 'time') name = 'time';
        if (!name) {
          // the last class word is usually the specific one ("badge status")
          for (const w of (typeof n.className === 'string' ? n.className : '').split(/\s+/).reverse()) {
            const words = w.replace(CAMEL, '$1 $2').toLowerCase().split(/[^a-z]+/).filter((x) => x.length > 1 && !NOISE.has(x) && !STATE_CLASS.test(x));
            if (words.length && words.length <= 3) { name = words.join(' '); break; }
          }
        }
        if (!name) return null;
        out.push([name, v]);
        if (out.length >= MAX_FIELDS) break;
      }
      return out.length >= 2 ? out : null;
    };
    // fieldsOf reads a record's fields and label. Declared fields are read
    // even when hidden; inferred ones only from visible text.
    const fieldsOf = (el, kind, out) => {
      const fields = [];
      const names = new Set();
      const put = (name, value) => {
        if (fields.length >= MAX_FIELDS) return;
        name = cut(name || 'field', NAME_TEXT);
        let n = name, i = 2;
        while (names.has(n)) n = name + ' ' + i++;
        names.add(n);
        fields.push({ name: n, value: cut(value) });
      };
      if (kind === 'decl') {
        for (const f of el.querySelectorAll('[data-pling-field]')) {
          if (f.closest('[data-pling-record]') !== el) continue;
          const v = f.getAttribute('data-pling-value');
          put(clean(f.getAttribute('data-pling-field')), v !== null ? clean(v) : gather(f, { hidden: true }, maxText + 1));
        }
        if (!out.label) {
          const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
          gather(el, o, maxText * 4);
          if (o.first) out.label = cut(o.first);
        }
        if (fields.length) return fields;
        kind = 'list';
      }
      if (kind === 'table') {
        const hs = headersOf(el);
        const cells = el.localName === 'tr' ? el.cells : el.querySelectorAll('[role=cell],[role=gridcell],[role=rowheader]');
        let col = 0;
        for (const c of cells) {
          const span = c.colSpan || 1;
          // every cell looks for an avatar's initials before a name
          // ("JD John Doe" is "John Doe"), not only the label's
          const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
          let v = gather(c, o, maxText + 1);
          if (o.first && !out.label) out.label = cut(o.first);
          if (v) v = dropInitials(o, v);
          if (!v) {
            const cb = checkboxIn(c);
            if (cb !== null) v = String(cb);
          }
          if (v) put(hs[col] || 'column ' + (col + 1), v);
          col += span;
        }
        return fields;
      }
      const o = { wantFirst: true, skip: (c, t) => isCtl(c, t, false) || t === 'ul' || t === 'ol' || t === 'table', hover: hoverShown };
      let text = gather(el, o, maxText + 1);
      if (!text) {
        // the row's text sits in a control that is not a <button> (an
        // inline-edit label with role=button): that is its text
        const o2 = { wantFirst: true, skip: (c, t) => t === 'button' || t === 'ul' || t === 'ol' || t === 'table', hover: hoverShown };
        text = gather(el, o2, maxText + 1);
        o.first = o2.first;
        o.avatar = o2.avatar;
        o.initials = o2.initials;
      }
      if (!out.label && o.first) out.label = cut(o.first);
      if (text) text = dropInitials(o, text);
      const parts = text ? partsOf(el) : null;
      if (parts) for (const [n, v] of parts) put(n, v);
      else if (text) put('text', text);
      const cb = checkboxIn(el);
      if (cb !== null) put('checked', String(cb));
      return fields;
    };

    // A row's sig is a short hash of its text, the states of the checkboxes,
    // radios and ARIA-checked/selected elements the walk meets in it, and its
    // declared values: it changes when the row does. mix folds a string into
    // the hash of a record state.
    const mix = (rs, str) => {
      let h = rs.h;
      for (let i = 0; i < str.length; i++) {
        h ^= str.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
      }
      h ^= 0xff;
      rs.h = Math.imul(h, 0x01000193);
    };
    const recStates = [];

    // ---- hit testing: is the control under something else?
    const overlaid = (el, r) => {
      try {
        return overlaidAt(el, r);
      } catch (e) {
        return false; // a wrapped hit (a shadow DOM polyfill) is no cover
      }
    };
    const overlaidAt = (el, r) => {
      if (hits++ >= MAX_HITS) return false;
      const x = Math.min(Math.max((Math.max(r.left, 0) + Math.min(r.right, VW)) / 2, 0), VW - 1);
      const y = Math.min(Math.max((Math.max(r.top, 0) + Math.min(r.bottom, VH)) / 2, 0), VH - 1);
      let hit = document.elementFromPoint(x, y);
      while (hit && hit.shadowRoot) {
        const h2 = hit.shadowRoot.elementFromPoint(x, y);
        if (!h2 || h2 === hit) break;
        hit = h2;
      }
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return false;
      if (el.labels) for (const l of el.labels) if (l === hit || l.contains(hit)) return false;
      // a hit inside the same shadow host, or the host of el's tree
      for (let n = el.getRootNode(); n && n.host; n = n.host.getRootNode()) if (n.host === hit || n.host.contains(hit)) return false;
      // Something else is on top. It blocks the control when it is a large
      // layer (a backdrop, a full-page overlay), or when the control is
      // fixed or sticky and scrolling it into view would not move it out
      // from under: a sticky header or a small banner over a scrolling
      // control is not a cover (acting scrolls the control to the centre).
      return bigLayer(hit) || pinned(el);
    };
    const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
    const bigLayer = (hit) => {
      for (let n = hit, d = 0; n && d < 32; n = up(n), d++) {
        const pos = getComputedStyle(n).position;
        if (pos !== 'fixed' && pos !== 'absolute' && pos !== 'sticky') continue;
        const r = n.getBoundingClientRect();
        const w = Math.min(r.right, VW) - Math.max(r.left, 0), h = Math.min(r.bottom, VH) - Math.max(r.top, 0);
        if (w > 0 && h > 0 && w * h >= (VW * VH) / 2) return true;
      }
      return false;
    };
    const pinned = (el) => {
      for (let n = el, d = 0; n && d < 64; n = up(n), d++) {
        const pos = getComputedStyle(n).position;
        if (pos === 'fixed' || pos === 'sticky') return true;
      }
      return false;
    };

    // ---- one control
    const isDisabled = (el, tag, hasAttr) => ((tag === 'button' || tag === 'input' || tag === 'select' || tag === 'textarea') && el.matches(':disabled')) ||
      (hasAttr && el.getAttribute('aria-disabled') === 'true');
    // unavailableOf is the declared reason, or "disabled".
    const unavailableOf = (el, tag, hasAttr) => {
      const un = hasAttr ? el.getAttribute('data-pling-unavailable') : null;
      if (un !== null) return cut(clean(un) || 'unavailable');
      return isDisabled(el, tag, hasAttr) ? 'disabled' : '';
    };
    const describe = (el, tag, role, hasAttr, kr, ctx, hover) => {
      const c = { kind: kr[0] };
      const declName = hasAttr ? el.getAttribute('data-pling-action') : null;
      if (declName !== null && clean(declName)) {
        c.name = cut(clean(declName), NAME_TEXT);
        c.declared = true;
      }
      const field = kr[0] === 'type' || kr[0] === 'select' || (kr[0] === 'check' && (tag === 'input' || tag === 'select' || tag === 'textarea'));
      // a field's visible label beats its title and placeholder (issue
      // 18: Adminer's <th>Server</th><td><input title="hostname[:port]">)
      let label = field ? accName(el, tag, kr[1], true) : accName(el, tag, kr[1]);
      // a code editor's label comes with its kind (codeEditor)
      if (!label && kr[2]) label = kr[2];
      // (in a record the cell before is the row's data: title and placeholder come first)
      if (!label && field) label = (ctx.rec ? '' : rowLabel(el)) || accName(el, tag, kr[1]) || nearbyLabel(el);
      else if (!label && kr[0] === 'check') label = nearbyLabel(el);
      // issue 18: an icon-only control is named by its icon, and says so
      if (!field && kr[0] !== 'type' && (!label || !LETTER.test(label) || ligatureOnly(el, label) || iconOnly(el, label))) {
        const ic = iconOf(el);
        if (ic) {
          label = ic;
          c.name_from = 'icon';
        }
      }
      if (label) c.label = cut(label);
      if (!label || !LETTER.test(label)) {
        // no name, or a symbol ("×", "★"): the id and class words may say more
        const ev = evidenceOf(el);
        if (ev) c.evidence = cut(ev, NAME_TEXT);
      }
      if (hasAttr) {
        const d = clean(el.getAttribute('data-pling-description')) || clean(el.getAttribute('aria-description')) || (label && clean(el.getAttribute('title')) !== label ? clean(el.getAttribute('title')) : '');
        if (d) c.description = cut(d);
      }
      c.role = kr[1];
      // issue 18: a text area (or a multi-line editable) is not a one-line input
      if (kr[0] === 'type' && (tag === 'textarea' || (hasAttr && (el.getAttribute('aria-multiline') === 'true' || isEditable(el))))) c.multiline = true;
      if (c.declared) {
        const ef = clean(el.getAttribute('data-pling-effect')).toLowerCase();
        if (ef === 'read' || ef === 'write') c.effect = ef;
        const cf = el.getAttribute('data-pling-confirm');
        if (cf !== null && cf !== 'false') c.confirm = true;
        const ho = el.getAttribute('data-pling-handoff');
        if (ho !== null && ho !== 'false') c.handoff = true;
      }
      if (ctx.region) c.region = ctx.region;
      if (isDisabled(el, tag, hasAttr)) c.disabled = true;
      const why = unavailableOf(el, tag, hasAttr);
      if (why) c.unavailable = why;
      if (hover) c.hover_only = true;
      if (tag === 'input') {
        const ty = el.type;
        c.input_type = ty;
        const ac = hasAttr ? (el.getAttribute('autocomplete') || '').toLowerCase() : '';
        let secret = ty === 'password';
        if (!secret && ac) for (const w of ac.split(WS)) if (SECRET_AC.has(w)) secret = true;
        if (secret) c.secret = true;
        if (ty === 'checkbox' || ty === 'radio') c.checked = el.checked;
        // issue 11: what a file input accepts, and whether it takes several
        if (ty === 'file') {
          const acc = clean(el.getAttribute('accept'));
          if (acc) c.accept = cut(acc, NAME_TEXT);
          if (el.multiple) c.multiple = true;
        }
        if (el.required) c.required = true;
      } else if (tag === 'select' || tag === 'textarea') {
        if (el.required) c.required = true;
      }
      if (!('checked' in c) && (kr[1] === 'checkbox' || kr[1] === 'switch' || kr[1] === 'radio' || kr[1] === 'menuitemcheckbox' || kr[1] === 'menuitemradio') && hasAttr) {
        const ac = el.getAttribute('aria-checked');
        if (ac !== null) c.checked = ac === 'true';
      }
      if (hasAttr && el.hasAttribute('aria-required') && el.getAttribute('aria-required') === 'true') c.required = true;
      if (tag === 'select') {
        const opts = [];
        for (const o of el.options) {
          if (opts.length >= MAX_OPTIONS) break;
          if (o.hidden) continue;
          const t = clean(o.label || o.text);
          if (t) opts.push(cut(t, NAME_TEXT));
        }
        if (opts.length) c.options = opts;
      }
      if (hasAttr) {
        const inv = el.getAttribute('aria-invalid');
        if (inv !== null && inv !== 'false' && inv !== '') c.invalid = true;
      }
      if (kr[0] === 'link' && tag === 'a') {
        const h = hrefOf(el);
        if (h) c.href = h;
      }
      if (ctx.fi >= 0) c.frame = ctx.fi;
      if (ctx.shadow) c.shadow = true;
      return c;
    };

    const pushHidden = (region, label, how) => {
      if (hidden.length >= MAX_HIDDEN || !label) return;
      for (const h of hidden) if (h.label === label && h.how === how && h.region === region) return;
      hidden.push({ region, label: cut(label), how });
    };

    // issue 18: a notice's kind in its class (WordPress's notice-success,
    // Bootstrap's alert-success, flash-error; WordPress's legacy
    // "updated" is a success)
    const NOTICE_CLASS = /(?:^|\s)(?:notice|alert|message|flash|toast|callout)-(success|info|warning|danger|error)(?:\s|$)|(?:^|\s)(updated)(?:\s|$)/i;
    const NOTICE_KIND = { success: 'success', updated: 'success', info: 'info', warning: 'warning', danger: 'error', error: 'error' };
    // bare: the element has no role or live region; then only a block
    // (div, section, aside, p) is a notice, and "updated" only around a
    // paragraph (a microformat's <time class="updated"> is a date)
    const noticeKind = (el, tag, bare) => {
      const cls = typeof el.className === 'string' ? el.className : '';
      const m = cls ? NOTICE_CLASS.exec(cls) : null;
      if (!m) return '';
      if (bare && !(tag === 'div' || tag === 'section' || tag === 'aside' || tag === 'p')) return '';
      if (m[2] && (!bare || tag !== 'div' || !el.querySelector('p'))) return bare ? '' : NOTICE_KIND.updated;
      return NOTICE_KIND[(m[1] || m[2]).toLowerCase()];
    };
    const ERROR_CLASS = /(^|\s)([\w-]*(invalid-feedback|error-message|error-msg|error-text|field-error|form-error|validation-error|validation-message|help-block-error)|text-danger|error)(\s|$)/i;
    // fieldBefore names the field an error message follows: the nearest
    // preceding field among its siblings or its parent's, if any.
    const fieldBefore = (el) => {
      for (let n = el, d = 0; n && d < 3; n = n.parentElement, d++) {
        for (let p = n.previousElementSibling; p; p = p.previousElementSibling) {
          const f = /^(input|select|textarea)$/.test(p.localName) ? p : p.querySelector('input:not([type=hidden]),select,textarea');
          if (f) {
            const kr = ctlType(f, f.localName, f.hasAttributes() ? roleOf(f) : '');
            return kr ? cut(accName(f, f.localName, kr[1]) || nearbyLabel(f) || clean(f.getAttribute('name')), NAME_TEXT) : '';
          }
        }
      }
      return '';
    };
    const addFeedback = (el, kind, message, field, region) => {
      if (feedback.length >= MAX_FEEDBACK || !message) return null;
      const f = { kind, message: cut(message) };
      if (field) f.field = cut(field, NAME_TEXT);
      if (region) f.region = region;
      feedback.push(f);
      if (el) fbByEl.set(el, f);
      return f;
    };

    const frameClip = (el, ctx) => {
      const r = el.getBoundingClientRect();
      const pc = ctx.clip;
      const ox = pc.ox + r.left + el.clientLeft, oy = pc.oy + r.top + el.clientTop;
      return {
        ox, oy,
        l: Math.max(pc.l, ox), t: Math.max(pc.t, oy),
        r: Math.min(pc.r, ox + el.clientWidth), b: Math.min(pc.b, oy + el.clientHeight),
      };
    };

    const SKIP_TAGS = new Set(['head', 'script', 'style', 'template', 'noscript', 'link', 'meta', 'title', 'base', 'svg', 'math', 'object', 'embed', 'canvas', 'video', 'audio', 'picture', 'img', 'br', 'hr', 'wbr', 'option', 'optgroup', 'datalist', 'map', 'area', 'source', 'track', 'param']);
    const CHECK_TAGS = new Set(['button', 'a', 'input', 'select', 'textarea', 'summary', 'details', 'li', 'tr', 'table', 'main', 'nav', 'aside', 'header', 'footer', 'form', 'section', 'dialog', 'iframe', 'frame', 'article', 'search', 'ul', 'ol', 'tbody']);
    const LEAF_TAGS = new Set(['input', 'select', 'textarea', 'iframe', 'frame', 'svg', 'img']);

    // countFollowing counts, without a visit each, the sibling rows of the
    // same kind that follow a count-only row on the stack; it stops at the
    // node budget, the field window and anything that is not such a row.
    const countFollowing = (el, tag, role, rk) => {
      const p = el.parentElement;
      for (let n = el.nextElementSibling; n && stackEl[stackEl.length - 1] === n; n = n.nextElementSibling) {
        if (nodes >= maxNodes || inWin(recordsTotal)) return;
        if (n.localName !== tag) return;
        if ((findRec !== '' && recMatches(n, rk === 'decl')) || (found < recFields && textHas(n))) return; // walk the sought row
        const ha = n.hasAttributes();
        if ((ha ? roleOf(n) : '') !== role) return;
        if (ha && (n.getAttribute('aria-hidden') === 'true' || n.hasAttribute('inert') || (declRecords && !n.hasAttribute('data-pling-record')))) return;
        if (rk === 'table') {
          let td = false;
          for (let c = n.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'td') { td = true; break; }
          if (!td) return;
        } else if (rk === 'list' && listDecision.get(p) !== true) return;
        else if (rk !== 'list' && rk !== 'decl') return;
        stackEl.pop();
        stackCtx.pop();
        nodes++;
        if (shown(n)) {
          recordsTotal++;
          if (textHas(n)) found++; // a hit beyond the rows a find lists is counted
        }
        skipped(n);
      }
    };

    // visit processes one element and returns the context for its children,
    // or null when its subtree is not walked.
    // pointerButton tells a clickable non-control from text under a
    // pointer: cursor: pointer, a short text, no control or handler inside,
    // and either a handler of its own (onclick attribute or property) or no
    // pointer on its parent (the topmost one; listeners cannot be seen).
    // (an <a> without href styled as a button, as old jQuery apps write them)
    const POINTER_TAGS = new Set(['div', 'span', 'li', 'p', 'td', 'i', 'b', 'strong', 'em', 'a']);
    const POINTER_INNER = 'a[href],button,input,select,textarea,summary,[onclick],[role=button],[role=link],[contenteditable]';
    // issue 18: a pointer element whose text is two or more boxes of
    // their own (two adjacent buttons made of spans under one handler) is
    // a group: each box is a button, never one "Reply Forward".
    const pointerGroups = new WeakSet();
    const boxed = (c) => {
      const st = getComputedStyle(c);
      return st.display !== 'inline' && st.display !== 'contents' && st.display !== 'none';
    };
    const pointerGroup = (el) => {
      let n = 0;
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (!LETTER.test(c.textContent || '') || !vis(c)) continue;
        if (!boxed(c)) return false;
        n++;
      }
      if (n < 2) return false;
      for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && LETTER.test(c.data)) return false;
      return true;
    };
    const pointerButton = (el) => {
      if (getComputedStyle(el).cursor !== 'pointer') return false;
      const own = el.hasAttribute('onclick') || typeof el.onclick === 'function';
      const p = el.parentElement;
      if (!own && p && getComputedStyle(p).cursor === 'pointer' && !pointerGroups.has(p)) return false;
      if (isEditable(el) || el.querySelector(POINTER_INNER)) return false;
      const t = clean(el.textContent || '');
      if (!t || t.length > 40) return false;
      const r = el.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0)) return false;
      if (el.firstElementChild && el.firstElementChild.nextElementSibling && pointerGroup(el)) {
        pointerGroups.add(el);
        return false;
      }
      return true;
    };
    const visit = (el, ctx) => {
      const tag = el.localName;
      // graphics are skipped, unless a role makes one a control
      if (SKIP_TAGS.has(tag) && !((tag === 'svg' || tag === 'img') && el.hasAttribute('role'))) return null;
      const hasAttr = el.hasAttributes();
      let role = '';
      if (hasAttr) {
        if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) { skipped(el); return null; }
        role = roleOf(el);
      }
      // A row beyond the id index and the field window is only counted:
      // a cheap visibility test, no walk of its subtree.
      let rk = recordKind(el, tag, role, hasAttr, !!ctx.rec);
      if (!rk && tag === 'div' && !role && !declRecords && !ctx.rec && el.firstElementChild && checkItem(el)) rk = 'item';
      // Inferred rows are not taken from the page's footer (a copyright
      // line is no record), and a repeated item holds no inferred rows of
      // its own (a contact card's address and phone lines are its text).
      if (rk && rk !== 'decl' && (ctx.foot || (ctx.rec && (rk === 'repeat' || (ctx.rec.kind === 'repeat' && rk !== 'table'))))) rk = '';
      // A list of "Key: value" lines (a contact card's Address, Phone,
      // Email) is details of one thing, read as state, not records.
      if (rk === 'list' && kvList(el.parentElement)) {
        if (!declState) {
          const m = KV_LINE.exec(gather(el, { skip: skipButtons }, maxText + 1));
          if (m) addState(m[1], m[2], ctx.region ? ctx.region + ' details' : 'details', false);
        }
        rk = '';
      }
      if (rk && recordsTotal >= maxIDs && !inWin(recordsTotal) && !ctx.hover &&
          !(findRec !== '' && recMatches(el, rk === 'decl')) && !(found < recFields && textHas(el))) {
        if (!shown(el)) { skipped(el); return null; }
        let ok = true;
        if (rk === 'list') {
          const p = el.parentElement;
          ok = listDecision.get(p);
          if (ok === undefined) {
            ok = ownText(el);
            listDecision.set(p, ok);
          }
        } else if (rk === 'single') ok = singleRow(el);
        if (ok) {
          recordsTotal++;
          if (textHas(el)) found++; // a hit beyond the rows a find lists is counted
          skipped(el);
          countFollowing(el, tag, role, rk);
          return null;
        }
        rk = '';
      }
      let hover = ctx.hover;
      // issue 11: a file input hidden behind its visible label (the usual
      // styled upload button) stays an upload action
      if (!hover && (hasAttr || CHECK_TAGS.has(tag) || el.shadowRoot) && !vis(el) &&
          !(tag === 'input' && el.type === 'file' && el.labels && Array.prototype.some.call(el.labels, vis))) {
        if (ctx.rec && hoverShown(el)) hover = true;
        else {
          if (hasAttr && role === 'tabpanel') pushHidden(ctx.region, idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) || 'Tab panel', 'tab');
          skipped(el);
          return null;
        }
      }
      let c2 = hover === ctx.hover ? ctx : { ...ctx, hover };
      if (hasAttr) {
        if (!seen.regions && el.hasAttribute('data-pling-region')) seen.regions = true;
        if (!seen.actions && el.hasAttribute('data-pling-action')) seen.actions = true;
        if (!seen.records && el.hasAttribute('data-pling-record')) seen.records = true;
        if (!seen.state && el.hasAttribute('data-pling-state')) seen.state = true;
        if ((role === 'dialog' || role === 'alertdialog') && el.getAttribute('aria-modal') === 'true' && ctx.fi < 0) ariaModal = el;
        // issue 18: a Bootstrap modal its script showed without ARIA (a
        // visible .modal with its .modal-backdrop) is modal all the same
        else if (!ariaModal && ctx.fi < 0 && !role && tag === 'div' && el.classList.contains('modal') && bsBackdrop()) ariaModal = el;
      }
      if (tag === 'iframe' || tag === 'frame') {
        let doc = null;
        try { doc = el.contentDocument; } catch (e) { doc = null; }
        const idx = frames.length;
        let url = '';
        try { url = doc && doc.URL ? urlOf(doc.URL) : urlOf(el.src || 'about:blank'); } catch (e) { url = urlOf(el.src || 'about:blank'); }
        const walked = !!(doc && doc.documentElement);
        frames.push({ url, walked });
        if (!walked) return null;
        framesWalked++;
        const clip = frameClip(el, c2);
        const fc = { ...c2, clip, fi: idx, shadow: false, doc };
        stackEl.push(doc.documentElement);
        stackCtx.push(fc);
        return null;
      }
      if (hasAttr && declState && el.hasAttribute('data-pling-state')) declStateOf(el);
      if (el === modalEl) c2 = c2 === ctx ? { ...c2, modal: true } : (c2.modal = true, c2);
      // sectioning context for header/footer landmarks
      if (!ctx.sect && (tag === 'article' || tag === 'aside' || tag === 'main' || tag === 'nav' || tag === 'section')) {
        if (c2 === ctx) c2 = { ...ctx };
        c2.sect = true;
      }
      // region
      const rg = regionOf(el, tag, role, hasAttr, ctx);
      if (rg) {
        regionsTotal++;
        if (regions.length < maxRegions) {
          const id = uniqueRegionId(rg.base);
          const r = { id, key: keyOf(el), label: cut(rg.label) };
          if (rg.purpose) r.purpose = cut(rg.purpose);
          if (rg.role) r.role = rg.role;
          if (ctx.region) r.parent = ctx.region;
          if (rg.declared) r.declared = true;
          r.in_viewport = meets(el.getBoundingClientRect(), ctx.clip);
          r.active = !(modalEl && !c2.modal);
          regions.push(r);
          if (el === modalEl) modal.region = id;
          if (c2 === ctx) c2 = { ...ctx };
          c2.region = id;
        }
        if (rg.role === 'contentinfo' && !rg.declared) {
          if (c2 === ctx) c2 = { ...ctx };
          c2.foot = true;
        }
      }
      // pagination-like containers
      if (hasAttr && !c2.pager) {
        const cls = el.getAttribute('class');
        const al = el.getAttribute('aria-label');
        if ((cls && /pagination|pager/i.test(cls)) || (al && /pag/i.test(al))) {
          if (c2 === ctx) c2 = { ...ctx };
          c2.pager = true;
        }
      }
      // record
      if (rk) {
        const idx = recordsTotal;
        // A find lists the rows it gives fields (beyond max_record_ids
        // too); further hits are counted only.
        const hit = textHas(el);
        const inWindow = inWin(idx) || (hit && found < recFields);
        const listed = idx < maxIDs || inWindow || (findRec !== '' && recMatches(el, rk === 'decl'));
        let ok = true;
        if (rk === 'list') {
          const p = el.parentElement;
          if (listed || !listDecision.has(p)) {
            ok = ownText(el);
            if (!listDecision.has(p)) listDecision.set(p, ok);
          } else ok = listDecision.get(p);
          if (ok && p) R.lists.add(p);
        } else if (rk === 'single') ok = singleRow(el);
        if (ok) {
          recordsTotal++;
          if (hit) found++;
          if (!listed) { skipped(el); return null; }
          const out = { id: authorId(el, rk === 'decl') };
          recordIds.add(out.id);
          if (rk === 'decl') {
            out.declared = true;
            const l = clean(el.getAttribute('data-pling-label'));
            if (l) out.label = cut(l);
          }
          if (c2.region) out.region = c2.region;
          const inVP = mostly(el.getBoundingClientRect(), c2.clip);
          out.in_viewport = inVP;

          if (inWindow) {
            out.has_fields = true;
            const f = fieldsOf(el, rk, out);
            if (f.length) out.fields = f;
          }
          records.push(out);
          const rs = { out, inVP, h: 0x811c9dc5, el, kind: rk, text: undefined, first: undefined };
          mix(rs, el.textContent || '');
          if (rk === 'decl' && el.firstElementChild) for (const v of el.querySelectorAll('[data-pling-value]')) mix(rs, v.getAttribute('data-pling-value'));
          recStates.push(rs);
          if (c2 === ctx) c2 = { ...ctx };
          c2.rec = rs;
        }
      }
      // control
      if (!(declActions && !(hasAttr && el.hasAttribute('data-pling-action')))) {
        let kr = ctlType(el, tag, role);
        const editor = !kr && hasAttr ? codeEditor(el, tag) : null;
        if (editor) kr = editor;
        if (!kr && declActions) kr = ['click', role || ''];
        // A clickable element that is no control (a <div onclick>, a span
        // given a listener, styled cursor: pointer) is a button named by
        // its short text: only outside any control and only the element
        // holding the handler, or the topmost pointer element of a subtree
        // with no control or handler inside (cursor is inherited).
        if (!kr && !declActions && !c2.ctl && POINTER_TAGS.has(tag) && !(c2.rec && c2.rec.el === el) && pointerButton(el)) kr = ['click', 'button'];
        if (kr) {
          control(el, tag, role, hasAttr, kr, c2, hover);
          // an editor's inside (its lines, its own textarea) is its content
          if (editor) return null;
          if (c2 === ctx) c2 = { ...ctx };
          c2.ctl = true;
        }
      }
      if (c2.rec) {
        if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) mix(c2.rec, el.checked ? '1' : '0');
        else if (hasAttr) {
          const ac = el.getAttribute('aria-checked'), as = el.getAttribute('aria-selected');
          if (ac !== null || as !== null) mix(c2.rec, ac + '|' + as);
        }
      }
      // key-value pairs: the <dt>/<dd> of a description list outside any
      // record ("Order total $128.40", "Status Delivered")
      if (tag === 'dl' && !declState && !c2.rec) dlState(el, c2.region);
      if (hasAttr) {
        // feedback
        if (!c2.fb) {
          const fd = el.getAttribute('data-pling-feedback');
          let kind = '';
          const live = el.getAttribute('aria-live');
          if (fd !== null) {
            // a declared message of no kind takes its role's: a status line
            // is not an error
            const k = clean(fd).toLowerCase();
            kind = k === 'warning' || k === 'status' || k === 'info' || k === 'error' || k === 'success' ? k
              : k === '' && (role === 'status' || role === 'log' || (role !== 'alert' && live === 'polite')) ? 'status' : 'error';
          } else if (role === 'alert') kind = 'error';
          else if (role === 'status' || role === 'log') kind = 'status';
          else if (live === 'assertive') kind = 'error';
          else if (live === 'polite') kind = 'status';
          // an alert whose class says success or info is not an error
          // ("1 row affected."); a classed notice without a role is
          // feedback of its class's kind ("Settings saved.")
          if (fd === null && kind !== 'status') {
            const bare = !role && !live;
            const nk = role === 'alert' || live === 'assertive' || (bare && !c2.rec) ? noticeKind(el, tag, bare) : '';
            if (nk) kind = nk;
          }
          // a declared state element is state, not also feedback
          if (kind && !fbConsumed.has(el) && !(kind !== 'error' && kind !== 'warning' && stateSeen.has(el))) {
            const msg = gather(el, { skip: skipButtons }, maxText + 1);
            if (msg) {
              addFeedback(el, kind, msg, (fd !== null ? clean(el.getAttribute('data-pling-for')) : '') || fieldFor.get(el) || '', c2.region);
              if (c2 === ctx) c2 = { ...ctx };
              c2.fb = true;
            }
          }
        }
        const inv = el.getAttribute('aria-invalid');
        if (inv !== null && inv !== 'false' && inv !== '') {
          const kr = ctlType(el, tag, role);
          if (kr && (kr[0] === 'type' || kr[0] === 'select' || kr[0] === 'check')) {
            let refs = idrefEls(el, 'aria-errormessage');
            if (!refs.length) refs = idrefEls(el, 'aria-describedby');
            const field = accName(el, tag, kr[1]) || clean(el.getAttribute('name')) || clean(el.getAttribute('id'));
            // A message element already reported (an alert) gets the field; a
            // declared one reports itself, with its own data-pling-for.
            let done = false;
            const rest = [];
            for (const r of refs) {
              const prev = fbByEl.get(r);
              if (prev) {
                if (!prev.field) prev.field = cut(field, NAME_TEXT);
                done = true;
              } else if (r.hasAttribute('data-pling-feedback')) {
                if (!r.getAttribute('data-pling-for')) fieldFor.set(r, field);
                done = true;
              } else {
                fbConsumed.add(r);
                rest.push(r);
              }
            }
            const msg = clean(rest.map((r) => gather(r, { hidden: true }, maxText + 1)).join(' '));
            if (msg || !done) addFeedback(null, 'error', msg || 'Invalid value', field, c2.region);
          }
        }
        // validation messages without a role: a visible short text in an
        // element whose class names it an error message (Bootstrap's
        // .invalid-feedback, .error-message, .field-error, .text-danger)
        if (!c2.fb && !c2.rec && !fbConsumed.has(el) && !fbByEl.has(el)) {
          const cls = typeof el.className === 'string' ? el.className : '';
          if (cls && ERROR_CLASS.test(cls) && !el.querySelector(CTRL_SEL)) {
            const msg = gather(el, { skip: skipButtons }, maxText + 1);
            if (msg && msg.length <= maxText) {
              addFeedback(el, 'error', msg, fieldBefore(el), c2.region);
              if (c2 === ctx) c2 = { ...ctx };
              c2.fb = true;
            }
          }
        }
        // inferred state
        if (role === 'tab' && el.getAttribute('aria-selected') === 'true') addState('tab', accName(el, tag, 'tab'), 'tabs', false);
        const sort = el.getAttribute('aria-sort');
        if (sort === 'ascending' || sort === 'descending') addState('sort', clean(gather(el, { skip: skipButtons }, NAME_TEXT) + ' ' + sort), 'sort', false);
        const cur = el.getAttribute('aria-current');
        if (cur !== null && cur !== 'false' && cur !== '') {
          const v = accName(el, tag, 'link') || gather(el, {}, maxText + 1);
          if (v) {
            if (c2.pager || /^\d+$/.test(v)) addState('page', v, 'pagination', false);
            else addState('current', v, 'navigation', false);
          }
        }
        // counts: a short text with a number, in an element outside any
        // record whose id or class names it a count or total ("4 items
        // left" in TodoMVC's .todo-count)
        if (!declState && !c2.rec && hasAttr) {
          const words = ((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : '')).split(/\s+/);
          const w = words.find((x) => x && COUNT_NAME.test(x));
          if (w) {
            const v = clean(gather(el, {}, 61));
            if (v && v.length <= 60 && /\d/.test(v)) addState(slug(w).replace(/-/g, '_') || 'count', v, 'counts', false);
          }
        }
        // hidden content behind a disclosure
        if (el.getAttribute('aria-expanded') === 'false' && role !== 'combobox' && (tag === 'button' || tag === 'a' || tag === 'summary' || (role && CTRL_ROLES.has(role)))) {
          pushHidden(c2.region, accName(el, tag, role || 'button'), 'expand');
        }
      }
      if (tag === 'details' && !el.open) {
        const s = el.querySelector(':scope > summary');
        pushHidden(c2.region, s ? gather(s, {}, maxText + 1) : 'Details', 'details');
      }
      if (LEAF_TAGS.has(tag)) return null;
      return c2;
    };

    // rowText returns a record's text content, lower-cased, computed once
    // per record (no layout: textContent).
    const rowText = (rec) => {
      if (rec.text === undefined) rec.text = clean(rec.el.textContent || '').toLowerCase();
      return rec.text;
    };
    // occurrences counts needle in hay as a whole word ("message" is not
    // in "9 messages").
    const occurrences = (hay, needle) => {
      let n = 0;
      const edge = (c) => !c || !LETTER.test(c);
      for (let i = hay.indexOf(needle); i >= 0 && n < 100; i = hay.indexOf(needle, i + 1)) {
        if (edge(hay.charAt(i - 1)) && edge(hay.charAt(i + needle.length))) {
          n++;
          i += needle.length - 1;
        }
      }
      return n;
    };
    // withoutRow is what is left of a row control's name once the row's own
    // text is removed: "" for a name that is the row's data (a checkbox
    // labelled with its todo, a link showing a user name), "Mark done" for
    // "Mark Buy groceries done", "Delete" for a Delete button.
    const withoutRow = (name, el, kind, rec) => {
      if (!name) return '';
      const low = name.toLowerCase();
      const own = clean(el.textContent || '').toLowerCase();
      if (kind === 'link' && own.includes(low)) return '';
      const text = rowText(rec);
      if (occurrences(text, low) > occurrences(own, low)) return '';
      if (rec.first === undefined) {
        const o = { wantFirst: true, skip: skipButtons, hover: hoverShown };
        gather(rec.el, o, NAME_TEXT);
        if (o.first === undefined) {
          const o2 = { wantFirst: true, skip: (c, t) => t === 'button', hover: hoverShown };
          gather(rec.el, o2, NAME_TEXT);
          o.first = o2.first;
        }
        rec.first = (o.first || '').toLowerCase();
      }
      const first = rec.first;
      if (first === low) return '';
      // issue 18: a label that quotes the row's title (WordPress's
      // aria-label="Quick edit “Hello world” inline", "Move “Hello world”
      // to the Trash") is named by the control's visible text ("Quick
      // Edit", "Trash") when it has some, else by the label without the
      // quote
      let rest = name.replace(QUOTED, (m, a, b, c, d, e) => {
        const q = clean(a || b || c || d || e || '').toLowerCase();
        return q && q.length >= 2 && (text.includes(q) || q === first) ? ' ' : m;
      });
      if (rest === name && first && first.length >= 2) {
        const i = low.indexOf(first);
        if (i >= 0) rest = name.slice(0, i) + ' ' + name.slice(i + first.length);
      }
      if (rest === name) return name;
      const vis = gather(el, { hover: hoverShown }, NAME_TEXT + 1);
      if (vis && vis.length <= NAME_TEXT && LETTER.test(vis) && occurrences(text, vis.toLowerCase()) <= occurrences(own, vis.toLowerCase()) + 0 && vis.toLowerCase() !== first &&
          !(first && first.length >= 2 && vis.toLowerCase().includes(first))) return vis;
      return clean(rest.replace(/\(\s*\)/g, ' ').replace(/\s+([,.:;)])/g, '$1')).replace(/^\((.*)\)$/, '$1').replace(/^[\s,.:;(-]+|[\s,.:;(-]+$/g, '');
    };
    const QUOTED = /“([^”]*)”|"([^"]*)"|«([^»]*)»|‘([^’]*)’|„([^“”]*)[“”]/g;
    // STATE_CLASS matches class tokens that vary between rows of one
    // template (state, framework bookkeeping, generated names).
    const STATE_CLASS = /\d|^(is|has)-|active|selected|checked|complete|done|disabled|hidden|open|closed|expanded|collapsed|hover|focus|current|editing|visible|show|^ng-|highlight|odd|even|first|last/i;
    // slotOf is a control's place in its row's template: the path of tags,
    // first stable class tokens and positions among like siblings from the row
    // element down to the control.
    const slotOf = (el, row) => {
      const parts = [];
      for (let n = el, d = 0; n && n !== row && d < 32; n = n.parentElement, d++) {
        // the first stable class token: templates put the element's own
        // class first and modifiers (role-purple, btn-danger) after it
        let cls = '';
        const cl = n.classList;
        if (cl) for (const c of cl) if (!STATE_CLASS.test(c)) { cls = c; break; }
        let idx = 0;
        for (let p = n.previousElementSibling; p; p = p.previousElementSibling) if (p.localName === n.localName) idx++;
        const ty = n.localName === 'input' ? n.type : '';
        parts.push(n.localName + ty + '.' + cls + ':' + idx + (n.hasAttributes() ? roleOf(n) : ''));
      }
      return parts.join('/');
    };

    // listOf numbers a row's list (its parent): a slot is a place in one
    // list's template, not in every list of the region.
    const lists = new Map();
    const listOf = (row) => {
      const p = row.parentElement;
      let n = lists.get(p);
      if (n === undefined) {
        n = lists.size;
        lists.set(p, n);
      }
      return n;
    };
    const control = (el, tag, role, hasAttr, kr, ctx, hover) => {
      const rec = ctx.rec;
      const covered = !!modalEl && !ctx.modal;
      if (rec) {
        // A row action: folded into one shape per (declared name, region) or
        // (label or evidence, kind, region). Only a shape's first instance
        // is described in full.
        // An inferred row action folds by its name once the row's own text
        // is removed ("Buy groceries", "Mark Buy groceries done", a per-row
        // user link lose it), or else by its slot in the row's template: a
        // control whose text differs from row to row (a role chip saying
        // Owner or Editor, Star or Unstar) is one entry, not one per text.
        const dn = hasAttr ? el.getAttribute('data-pling-action') : null;
        const name = dn !== null ? cut(clean(dn), NAME_TEXT) : '';
        let generic = '', acc = '';
        let sk, nk = '', sh;
        if (name) {
          sk = 'd\u0001' + name + '\u0001' + ctx.region;
          sh = shapes.get(sk);
        } else {
          acc = accName(el, tag, kr[1]);
          if ((!acc || !LETTER.test(acc) || ligatureOnly(el, acc)) && kr[0] !== 'type' && kr[0] !== 'select') {
            const ic = iconOf(el);
            if (ic) acc = ic;
          }
          generic = withoutRow(acc, el, kr[0], rec);
          const tail = '\u0001' + kr[0] + '\u0001' + ctx.region;
          sk = 'i\u0001' + listOf(rec.el) + '\u0001' + slotOf(el, rec.el) + tail;
          if (generic) nk = 'n\u0001' + generic + tail;
          sh = (nk && shapes.get(nk)) || shapes.get(sk);
        }
        if (!sh) {
          const c = describe(el, tag, role, hasAttr, kr, ctx, hover);
          let ev = '';
          if (!name) {
            // the row itself as a control (a clickable mail item) is named
            // by what it does, not by the row's classes
            ev = el === rec.el ? '' : rowEvidence(el);
            if (c.label !== undefined && c.label !== generic) {
              // the row's own text is no name for the folded group
              if (generic) c.label = cut(generic);
              else {
                delete c.label;
                if (ev) c.evidence = cut(ev, NAME_TEXT);
              }
            }
            // issue 18: a field of a table row without a name of its own
            // (its label was the row's text) is named by its column's
            // header, not by its classes
            if (!generic && (kr[0] === 'type' || kr[0] === 'select') && rec.kind === 'table') {
              const h = columnHeader(el, rec.el);
              if (h && LETTER.test(h)) {
                c.label = cut(h);
                delete c.evidence;
              }
            }
          }
          sh = { shape: c.declared ? c.name : 's' + (rowActions.length + 1) };
          for (const k of ['name', 'label', 'evidence', 'description', 'kind', 'role', 'effect', 'region', 'declared', 'confirm', 'handoff', 'input_type', 'secret', 'accept', 'multiple', 'multiline', 'name_from']) if (c[k] !== undefined) sh[k] = c[k];
          sh.in_viewport = false;
          sh.count = 0;
          sh.offscreen = 0;
          sh._covered = 0;
          if (ctx.fi >= 0) sh.frame = ctx.fi;
          if (ctx.shadow) sh.shadow = true;
          if (!name) {
            // a link whose text is the same on every row ("Edit") keeps it
            if (!generic && kr[0] === 'link' && acc) slotLabel.set(sh, cut(acc));
            slotNames.set(sh, { names: [], ev });
          }
          rowActions.push(sh);
        }
        if (!shapes.has(sk)) shapes.set(sk, sh);
        if (nk && !shapes.has(nk)) shapes.set(nk, sh);
        const acts = rec.out.actions || (rec.out.actions = {});
        if (acts[sh.shape] !== undefined) return;
        if (slotLabel.has(sh) && slotLabel.get(sh) !== cut(acc)) slotLabel.set(sh, '');
        const sn = slotNames.get(sh);
        if (sn && sn.names.length <= 4 && !sn.names.includes(generic)) sn.names.push(generic);
        acts[sh.shape] = keyOf(el);
        const why = unavailableOf(el, tag, hasAttr);
        if (why) (rec.out.unavailable || (rec.out.unavailable = {}))[sh.shape] = why;
        sh.count++;
        if (rec.inVP) sh.in_viewport = true;
        else sh.offscreen++;
        if (hover) sh.hover_only = true;
        if (covered) sh._covered++;
        return;
      }
      controlsTotal++;
      if (controls.length >= maxControls) return;
      const c = describe(el, tag, role, hasAttr, kr, ctx, hover);
      c.key = keyOf(el);
      const r = el.getBoundingClientRect();
      let inVP = meets(r, ctx.clip);
      if (!inVP && r.width === 0 && r.height === 0) {
        // a zero-size control is kept only when a visible label stands for it
        let lab = false;
        if (el.labels) for (const l of el.labels) if (vis(l) && l.getBoundingClientRect().width > 0) { lab = true; inVP = meets(l.getBoundingClientRect(), ctx.clip); }
        if (!lab) { controlsTotal--; return; }
      }
      c.in_viewport = inVP;
      if (covered) c.covered = true;
      else if (inVP && ctx.fi < 0 && overlaid(el, r)) c.covered = true;
      controls.push(c);
    };

    // ---- the walk
    const stackEl = [], stackCtx = [];
    const root = { region: '', rec: null, modal: false, clip: topClip, fi: -1, shadow: false, sect: false, hover: false, fb: false, pager: false, foot: false };
    if (document.documentElement) { stackEl.push(document.documentElement); stackCtx.push(root); }
    while (stackEl.length) {
      if (nodes >= maxNodes) { limitHit = true; break; }
      const el = stackEl.pop();
      const ctx = stackCtx.pop();
      nodes++;
      // The collector never throws on a page: an element it cannot read
      // (a polyfilled wrapper, an odd prototype, a cross-realm node) is
      // skipped with its subtree and counted.
      let c2 = null;
      try {
        c2 = visit(el, ctx);
      } catch (e) {
        unreadable++;
        c2 = null;
      }
      if (c2 === null) continue;
      for (let ch = el.lastElementChild; ch; ch = ch.previousElementSibling) { stackEl.push(ch); stackCtx.push(c2); }
      const sr = el.shadowRoot;
      if (sr) {
        shadowRoots++;
        const sc = c2.shadow ? c2 : { ...c2, shadow: true };
        for (let ch = sr.lastElementChild; ch; ch = ch.previousElementSibling) { stackEl.push(ch); stackCtx.push(sc); }
      }
    }

    for (const rs of recStates) rs.out.sig = (rs.h >>> 0).toString(36);
    // Run again when the walk contradicts the kept declaration mode or
    // found an aria-modal dialog the first pass did not know.
    if (!hint.again) {
      const kinds = ['regions', 'actions', 'records', 'state'];
      if (cachedMode && kinds.some((k) => seen[k] && !mode[k])) return { again: { mode: scanDecl(), modal: hint.modal } };
      if (cachedMode && kinds.some((k) => mode[k] && !seen[k])) {
        const fresh = scanDecl();
        defHidden(R, 'decl', fresh, true);
        if (kinds.some((k) => fresh[k] !== mode[k])) return { again: { mode: fresh, modal: hint.modal } };
      }
      if (ariaModal && !modalEl) return { again: { mode, modal: ariaModal } };
    }
    for (let i = feedback.length - 1; i >= 0; i--) {
      const f = feedback[i];
      if ((f.kind === 'status' || f.kind === 'info') && stateTexts.has(f.message)) feedback.splice(i, 1);
    }
    // declared state wins over inferred state of the same name
    let st = state;
    if (state.some((s) => s.declared)) {
      const dn = new Set(state.filter((s) => s.declared).map((s) => s.name));
      st = state.filter((s) => s.declared || !dn.has(s.name));
    }
    for (const [sh, sn] of slotNames) {
      // one slot, several names: up to three names are the label ("Star /
      // Unstar"); more, or a name that was the row's own text, leave the
      // slot's evidence (its class words) or what the control does
      if (sn.names.length < 2) continue;
      if (sn.names.length <= 3 && !sn.names.includes('')) {
        sh.label = cut(sn.names.join(' / '));
        delete sh.evidence;
      } else {
        delete sh.label;
        if (sn.ev) sh.evidence = cut(sn.ev, NAME_TEXT);
      }
    }
    for (const [sh, label] of slotLabel) {
      if (label && sh.count > 1) {
        sh.label = label;
        delete sh.evidence;
      }
    }
    for (const sh of rowActions) {
      if (sh._covered === sh.count && sh.count > 0) sh.covered = true;
      delete sh._covered;
      if (!sh.offscreen) delete sh.offscreen;
    }

    const snap = {
      document_id: R.docId,
      url: urlOf(location.href),
      title: cut(clean(document.title)),
      path: cut(location.pathname, 500),
      viewport: {
        width: VW, height: VH, scroll_y: Math.round(win.scrollY),
        scroll_height: Math.round(Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)),
      },
      regions, controls, row_actions: rowActions, records, records_total: recordsTotal, records_found: found,
      state: st, feedback, hidden,
    };
    for (const e of [document.documentElement, document.body]) {
      if (!e) continue;
      const rt = e.getAttribute('data-pling-route');
      if (rt && !snap.route) snap.route = cut(clean(rt), NAME_TEXT);
      for (const a of e.attributes) {
        if (!a.name.startsWith('data-pling-param-')) continue;
        const n = a.name.slice('data-pling-param-'.length);
        if (!n) continue;
        (snap.params || (snap.params = {}))[cut(n, NAME_TEXT)] = cut(clean(a.value));
      }
    }
    if (modal) snap.modal = modal;
    if (frames.length) snap.frames = frames;
    snap.stats = { nodes, controls_total: controlsTotal, elapsed_ms: 0 };
    if (limitHit) snap.stats.node_limit_hit = true;
    if (unreadable) snap.stats.unreadable = unreadable;
    if (shadowRoots) snap.stats.shadow_roots = shadowRoots;
    if (framesWalked) snap.stats.frames_walked = framesWalked;
    if (regionsTotal > regions.length) snap.stats.regions_total = regionsTotal;
    return { snap };
  };
  // Whatever fails outside one element's visit still leaves a snapshot:
  // an empty one that says it could not read the page.
  const safeRun = (hint) => {
    try {
      return run(hint);
    } catch (e) {
      let docId = '';
      try { docId = window.__pling && typeof window.__pling.docId === 'string' ? window.__pling.docId : ''; } catch (e2) { docId = ''; }
      let url = '', path = '';
      try { url = String(location.origin + location.pathname).slice(0, 500); path = String(location.pathname).slice(0, 500); } catch (e2) { url = ''; }
      return {
        snap: {
          document_id: docId, url, title: '', path,
          viewport: { width: window.innerWidth || 0, height: window.innerHeight || 0, scroll_y: 0, scroll_height: 0 },
          regions: [], controls: [], row_actions: [], records: [], records_total: 0, state: [], feedback: [], hidden: [],
          stats: { nodes: 0, controls_total: 0, elapsed_ms: 0, unreadable: 1 },
        },
      };
    }
  };
  let r = safeRun({});
  if (r.again) r = safeRun({ ...r.again, again: true });
  const snap = r.snap;
  snap.stats.elapsed_ms = Math.round((performance.now() - t0) * 1000) / 1000;
  return snap;
}
