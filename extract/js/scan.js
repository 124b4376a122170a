// scan.js: finding the requested collection — the index-th visible one of
// a kind in document order, within a budget of element nodes.
import {collectionRole, kindOf} from './roles.js';
import {ariaHidden, rendered} from '../../internal/js/visibility.js';

// findCollection walks the main document's elements (at most maxScan) for
// the index-th visible collection of kind and returns {target, role,
// seen, nodes, hit}: seen counts the visible collections of that kind
// passed, hit says the budget ran out.
export function findCollection(kind, index, maxScan) {
  var root = document.documentElement;
  var s = {target: null, role: '', seen: 0, nodes: 0, hit: false};
  if (!root) return s;
  var walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (var n = walker.currentNode; n; n = walker.nextNode()) {
    if (s.nodes >= maxScan) {
      s.hit = true;
      break;
    }
    s.nodes++;
    var cr = collectionRole(n);
    if (!cr || kindOf(cr) !== kind) continue;
    if (!rendered(n, true) || ariaHidden(n, null)) continue;
    if (s.seen === index) {
      s.target = n;
      s.role = cr;
      s.seen++;
      break;
    }
    s.seen++;
  }
  return s;
}
