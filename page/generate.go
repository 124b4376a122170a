package page

// The in-page scripts written as ES modules (js/) are bundled into the
// committed *.gen.js files the package embeds; `make generate-check` fails
// when a bundle differs from what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/read.js -out read.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/fillform.js -out fillform.gen.js
