// webmcpprobe.js exposes webmcp's modules (page/webmcp/) to
// webmcp_modules_test.go: the forms and frames found with #main keyed as
// region "g1" through the shared registry, and the tools read from a
// stand-in for document.modelContext.
import { keyOf, registry } from '../../../internal/js/registry.js';
import { formsAndFrames } from '../../webmcp/forms.js';
import { nativeTitles, polyfillTools } from '../../webmcp/tools.js';

// found keys #main as region g1 (first, so it is e1) and walks the page.
export const found = () => {
  const R = registry();
  const main = keyOf(R, document.querySelector('#main'));
  return formsAndFrames({ regions: [{ id: 'g1', key: main }, { id: 'g2', key: '' }] });
};

// A stand-in model context whose getTools answers list; a tool named
// "big" gets an input schema over the 64 KiB bound.
const context = (list) => ({
  getTools: async () => list.map((t) => (t && t.name === 'big' ? { ...t, inputSchema: { s: 'x'.repeat(70000) } } : t)),
});
export const polyfill = (list) => polyfillTools(context(list));
export const titles = (list) => nativeTitles(context(list));
export const failing = () => polyfillTools({ getTools: async () => { throw new Error('no'); } });
