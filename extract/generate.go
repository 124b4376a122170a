package extract

// The in-page half of extraction is written as ES modules (js/) and
// bundled into the committed extract.gen.js that run.go embeds; `make
// generate-check` fails when the bundle differs from what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/extract.js -out extract.gen.js
