// listeners.js: installed in every document of a tab as it starts, before
// the page's own scripts (docstart.js), it remembers which
// elements were given a click listener with addEventListener: jQuery's
// .click(), Vue's @click and a plain addEventListener all end there, and
// page script has no other way to see them (issue 18 pt 7: a notebook's
// title is a <span> whose only sign of being clickable is its listener).
// window.__plingClicks (non-enumerable) maps an element to the set of its
// click listeners; removeEventListener takes one out. Listeners a page
// delegates to an ancestor (one on document for every row) are not its
// rows': cursor: pointer is the sign for those, and jQuery's own data,
// which names the selector of a handler it delegates
// ($(tbody).on('click', 'tr', …)). For that, window.__plingClickers
// (non-enumerable) lists, as weak references and at most MAX_CLICKERS,
// the elements (and the document) that were given a click listener, in
// order: jQuery's one dispatcher per element is one of them.
// window.__plingHovers (non-enumerable) holds the elements given a
// mouseover or mouseenter listener (Adminer's column headers show their
// sort-descending link on mouseover), window.__plingDblclicks those given
// a dblclick listener (phpMyAdmin's data cells edit on a double click).
// watchListeners installs it and returns nothing; markClickable records,
// in a document that started without it, a click listener the browser
// reported (adopt.js).

// MAX_CLICKERS bounds __plingClickers: the first elements given a click
// listener (a page sets its delegations up as it starts) are kept.
export const MAX_CLICKERS = 4096;

export const watchListeners = () => {
  const KEY = "__plingClicks";
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  const ET = window.EventTarget && window.EventTarget.prototype;
  if (!ET || typeof ET.addEventListener !== "function") return;
  const add = ET.addEventListener, remove = ET.removeEventListener;
  const clicks = new WeakMap();
  Object.defineProperty(window, KEY, { value: clicks });
  const clickers = [];
  Object.defineProperty(window, "__plingClickers", { value: clickers });
  // elements given a mouseover or mouseenter listener: what they hide
  // may show on hover (hover.js, hoverOwner)
  const hovers = new WeakSet();
  Object.defineProperty(window, "__plingHovers", { value: hovers });
  // elements given a dblclick listener: a double click is what they
  // answer (phpMyAdmin's data cells start editing on it)
  const dblclicks = new WeakSet();
  Object.defineProperty(window, "__plingDblclicks", { value: dblclicks });
  const wrap = (orig, fn) => {
    // the wrapper keeps the native function's name and length, so a page
    // that introspects addEventListener sees what it expects
    Object.defineProperty(fn, "name", { value: orig.name });
    Object.defineProperty(fn, "length", { value: orig.length });
    return fn;
  };
  // an element, or the document (jQuery applications delegate from it
  // most: $(document).on('click', 'tr', …))
  const node = (t) => !!t && (t.nodeType === 1 || t.nodeType === 9);
  ET.addEventListener = wrap(add, function addEventListener(type, fn, opts) {
    if (type === "click" && fn && node(this)) noteClick(clicks, clickers, this, fn);
    else if ((type === "mouseover" || type === "mouseenter") && fn && this && this.nodeType === 1) hovers.add(this);
    else if (type === "dblclick" && fn && this && this.nodeType === 1) dblclicks.add(this);
    return add.call(this, type, fn, opts);
  });
  ET.removeEventListener = wrap(remove, function removeEventListener(type, fn, opts) {
    if (type === "click" && fn && node(this)) {
      const s = clicks.get(this);
      if (s) s.delete(fn);
    }
    return remove.call(this, type, fn, opts);
  });
};

// SWEPT stands, in an element's set, for a click listener that was there
// before the watcher: the browser reported it (DOMDebugger's listeners,
// adopt.js), so no function of the page's is known. A page that removes
// that listener later leaves the element counted as clickable.
const SWEPT = function swept() {};

// noteClick records listener fn of el: its set in clicks, and el among
// the clickers the first time (as a weak reference, at most MAX_CLICKERS).
const noteClick = (clicks, clickers, el, fn) => {
  let s = clicks.get(el);
  if (!s) {
    clicks.set(el, (s = new Set()));
    if (typeof WeakRef === "function" && clickers.length < MAX_CLICKERS) clickers.push(new WeakRef(el));
  }
  s.add(fn);
};

// markClickable records that el (an element or a document) has a click
// listener, in the watcher of el's own window, which it installs there
// when missing (a frame of a tab the page opened: the browser calls
// adopt.js in the realm of each element it reports).
export const markClickable = (el) => {
  const win = el && el.ownerDocument ? el.ownerDocument.defaultView : el && el.defaultView;
  if (!win) return;
  if (win === window) watchListeners();
  if (!Object.prototype.hasOwnProperty.call(win, "__plingClicks")) return;
  noteClick(win.__plingClicks, win.__plingClickers, el, SWEPT);
};
