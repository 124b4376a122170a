package page

// read.js and fillform.js are ES modules in js/, settle and webmcp in
// their own directories; jsgen bundles them into the committed read.gen.js,
// fillform.gen.js, settle.gen.js and webmcp.gen.js that read.go,
// fillform.go, observe.go and webmcp.go embed. `make generate-check` fails when a committed bundle
// is not what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/read.js -out read.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/fillform.js -out fillform.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry settle/settle.js -out settle.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry webmcp/main.js -out webmcp.gen.js
