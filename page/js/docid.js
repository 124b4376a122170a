// docid.js answers the id the registry gave this document
// (window.__pling.docId), or "" when no collector has run in it yet: a
// new document after a navigation. Applied as (docid.js)().
'use strict';

import { existingLoose } from '../../internal/js/registry.js';

export default () => {
  const R = existingLoose();
  return (R && typeof R.docId === 'string' && R.docId) || '';
};
