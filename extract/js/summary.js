// summary.js: bounded text summaries. A summary collects the visible text
// of some subtrees with white space collapsed, within a node budget and a
// length in UTF-16 units (never a split surrogate pair), and says when it
// was truncated.
import {html, isControl, roleOf} from './roles.js';
import {HTML_NON_WS as NON_WS, HTML_WS_EDGE as WS_EDGE, HTML_WS_ONE as WS_ONE, HTML_WS_RUN as WS_RUN} from '../../internal/js/text.js';

var SKIP_TAGS = {
  script: 1, style: 1, noscript: 1, template: 1, head: 1, title: 1, meta: 1, link: 1,
  input: 1, textarea: 1, select: 1, option: 1, optgroup: 1, datalist: 1,
  iframe: 1, frame: 1, frameset: 1, object: 1, embed: 1, canvas: 1, audio: 1, video: 1,
  svg: 1, math: 1
};
var EDIT_ROLES = {textbox: 1, searchbox: 1, combobox: 1, spinbutton: 1, slider: 1, listbox: 1};
var NO_BOX = {script: 1, style: 1, noscript: 1, template: 1, head: 1, title: 1, meta: 1, link: 1, datalist: 1, option: 1, optgroup: 1};

// newSummary starts an empty summary under limits L ({cellNodes, units,
// textSlice, labels, idChars}: see limits in extract.js).
export function newSummary(L) {
  return {out: '', nodes: 0, truncated: false, space: false, full: false, stop: false, L: L};
}

// spend takes one node of b's budget; false (and b stopped) when none is left.
export function spend(b) {
  if (b.nodes >= b.L.cellNodes) {
    b.truncated = true;
    b.stop = true;
    return false;
  }
  b.nodes++;
  return true;
}

// addText appends the text s to b, collapsing white space and keeping
// the spaces at its edges as word breaks.
export function addText(b, s) {
  if (b.stop) return;
  if (s.length > b.L.textSlice) {
    s = s.slice(0, b.L.textSlice);
    b.truncated = true;
  }
  if (b.full) {
    if (NON_WS.test(s)) {
      b.truncated = true;
      b.stop = true;
    }
    return;
  }
  var lead = s.length > 0 && WS_ONE.test(s.charAt(0));
  var trail = s.length > 0 && WS_ONE.test(s.charAt(s.length - 1));
  s = s.replace(WS_EDGE, '').replace(WS_RUN, ' ');
  if (lead) b.space = true;
  if (s) {
    if (b.space && b.out) s = ' ' + s;
    b.space = false;
    var room = b.L.units - b.out.length;
    if (s.length > room) {
      var k = Math.max(room, 0);
      var hi = k > 0 ? s.charCodeAt(k - 1) : 0;
      if (hi >= 0xd800 && hi <= 0xdbff) k--;
      b.out += s.slice(0, k);
      b.truncated = true;
      b.full = true;
      b.stop = true;
    } else {
      b.out += s;
      if (b.out.length >= b.L.units) b.full = true;
    }
  }
  if (trail) b.space = true;
}

// done: b has text or can take no more, so a later source is not read.
export function done(b) {
  return b.stop || b.out !== '' || b.truncated;
}

// skipElement: el's subtree gives no text (scripts, styles, fields,
// embedded content, svg and MathML, editable regions).
export function skipElement(el) {
  if (html(el) && SKIP_TAGS[el.localName]) return true;
  if (!html(el) && (el.localName === 'svg' || el.localName === 'math')) return true;
  if (EDIT_ROLES[roleOf(el)]) return true;
  return el.isContentEditable === true;
}

// walkText appends the visible text of root's subtree to b in document
// order, each node one unit of b's node budget. skip is an element whose
// subtree gives no text (the control a wrapping label labels). Controls
// and editable regions separate words but give no text.
export function walkText(root, b, skip) {
  var vis = [];
  var blocks = [];
  var n = root;
  for (;;) {
    if (b.stop || !spend(b)) return;
    if (n.nodeType === 3) {
      if (vis.length === 0 || vis[vis.length - 1]) addText(b, n.data);
    } else if (n.nodeType === 1 && n !== skip) {
      if (skipElement(n)) {
        if (!(html(n) && NO_BOX[n.localName])) b.space = true;
      } else if (n.getAttribute('aria-hidden') !== 'true') {
        var cs = getComputedStyle(n);
        if (cs.display !== 'none') {
          if (html(n) && n.localName === 'br') {
            b.space = true;
          } else {
            var block = (cs.display.lastIndexOf('inline', 0) !== 0 && cs.display !== 'contents') || isControl(n);
            if (block) b.space = true;
            if (n.firstChild) {
              vis.push(cs.visibility === 'visible');
              blocks.push(block);
              n = n.firstChild;
              continue;
            }
          }
        }
      }
    }
    // Advance: the next sibling, climbing out of finished elements.
    for (;;) {
      if (n === root) return;
      if (n.nextSibling) {
        n = n.nextSibling;
        break;
      }
      n = n.parentNode;
      vis.pop();
      if (blocks.pop()) b.space = true;
    }
  }
}

// textOf is a summary's text without its edge white space.
export function textOf(b) {
  return b.out.replace(WS_EDGE, '');
}
