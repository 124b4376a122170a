// probe.js exposes page/js's prose modules to jsmodules_test.go with
// what varies from run to run (elapsed time) left out, and regions keyed
// through the shared registry as the collector keys them.
import { count } from '../../js/prosecount.js';
import { readText } from '../../js/prose.js';
import { keyOf, registry } from '../../../internal/js/registry.js';

export const text = (root, maxNodes, maxTotal) => readText(root, maxNodes, maxTotal);

// counted counts the prose under #count, with the element css keyed as
// region "r1" (none when css is empty).
export const counted = (css, maxNodes) => {
  const R = registry();
  const regions = css ? [['r1', keyOf(R, document.querySelector(css))]] : [];
  const c = count(R, regions, maxNodes);
  return { regions: c.regions, outside: c.outside, cut: c.cut, timed: typeof c.elapsed_ms === 'number' };
};
