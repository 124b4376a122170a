package page

// DocumentIDScript exposes docid.js to the external tests.
var DocumentIDScript = documentIDScript
