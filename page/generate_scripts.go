package page

// read.js, fillform.js, shot.js, docid.js and adopt.js are ES modules in js/,
// settle in its own directory; jsgen bundles them into the committed
// *.gen.js that read.go, fillform.go, shot.go, observestep.go and
// observe.go embed. `make generate-check` fails when a committed bundle
// is not what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/read.js -out read.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/fillform.js -out fillform.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry settle/settle.js -out settle.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/shot.js -out shot.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/docid.js -out docid.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/adopt.js -out adopt.gen.js
//
// observe.js (one observation: settle, the collector, webmcp/, a field's
// digest, the prose count) is bundled minified, as the collector is; the
// readable bundles above and collector.gen.js are its parts for review.
// docstart.js (settle's and listeners.js's watchers) is bundled with
// -run, as the statement program a browser adds to every new document.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/observe.js -out observe.min.gen.js -minify
//go:generate go run ../internal/jsbundle/jsgen -entry js/docstart.js -out docstart.gen.js -run
