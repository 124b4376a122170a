package browser

// selectall.js, suggest.js, editorcheck.js, quietrequests.js, fileinput.js and prep.js (act.js, with
// page's unchanged.js and fillform.js) are written as ES modules (js/)
// and bundled into the committed *.gen.js that input.go and upload.go
// embed; `make generate-check`
// fails when the bundle differs from what its modules make.
//
//go:generate go run ../internal/jsbundle/jsgen -entry js/selectall.js -out selectall.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/prep.js -out prep.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/suggest.js -out suggest.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/fileinput.js -out fileinput.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/editorcheck.js -out editorcheck.gen.js
//go:generate go run ../internal/jsbundle/jsgen -entry js/quietrequests.js -out quietrequests.gen.js
