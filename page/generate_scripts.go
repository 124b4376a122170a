package page

// read.js and fillform.js are ES modules in js/; jsgen bundles them into
// the committed read.gen.js and fillform.gen.js that read.go and
// fillform.go embed. `make generate-check` fails when a committed bundle
// is not what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/read.js -out read.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/fillform.js -out fillform.gen.js
