// docid.js answers the id the registry gave this document
// (window.__pling.docId), or "" when no collector has run in it yet: a
// new document after a navigation. Applied as (docid.js)().
() => (window.__pling && typeof window.__pling.docId === 'string' && window.__pling.docId) || ''
