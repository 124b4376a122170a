package page

// The in-page collector is ES modules in collector/ (entry main.js);
// jsgen bundles them into the committed collector.gen.js that
// CollectorScript embeds. `make generate-check` fails when the committed
// bundle is not what the modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry collector/main.js -out collector.gen.js
