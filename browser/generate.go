package browser

// selectall.js and act.js are written as ES modules (js/) and bundled
// into the committed selectall.gen.js and act.gen.js that input.go embeds; `make generate-check`
// fails when the bundle differs from what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/selectall.js -out selectall.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/act.js -out act.gen.js
