package page

// The in-page collector is ES modules in collector/ (entry main.js);
// jsgen bundles them twice: collector.gen.js, readable, for review and
// debugging, and collector.min.gen.js, minified, which CollectorScript
// embeds (it saves about 1-2 ms of transfer and compile per observation:
// BenchmarkCollectorBundle). `make generate-check` fails when a committed
// bundle is not what the modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry collector/main.js -out collector.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry collector/main.js -out collector.min.gen.js -minify
