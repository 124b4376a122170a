package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// fileInputScript finds a collector key's element and checks that it is a
// file input that can take files now (js/fileinput.js, bundled into
// fileinput.gen.js), applied to {key, n}.
//
//go:embed fileinput.gen.js
var fileInputScript string

// SetFiles sets files on the file input a collector key names
// (DOM.setFileInputFiles), as choosing them in the file dialog would: the
// page gets input and change events. The paths must already be checked
// by the caller; the browser reads them from its own file system.
// Refusals are *page.Error (ACTION_NOT_FOUND, UNAVAILABLE, INVALID_ARGUMENT).
func (s *Session) SetFiles(ctx context.Context, key string, paths []string) error {
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		k, _ := json.Marshal(key)
		obj, err := chromedp.Run(c, chromedp.Evaluate[*runtime.RemoteObject](fmt.Sprintf("(%s)({key: %s, n: %d})", fileInputScript, k, len(paths))))
		if err != nil {
			return fmt.Errorf("find file input: %w", err)
		}
		if obj == nil || obj.ObjectID == "" {
			var msg string
			if obj != nil && obj.Type == runtime.RemoteObjectTypeString {
				_ = json.Unmarshal(obj.Value, &msg)
			}
			return refusal(msg)
		}
		defer func() {
			_, _ = chromedp.Call(c, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.ObjectID})
		}()
		if _, err := chromedp.Call(c, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: paths, ObjectID: obj.ObjectID}); err != nil {
			return fmt.Errorf("set files: %w", err)
		}
		return nil
	})
}

// refusal turns "CODE:reason" from fileInputScript into a *page.Error.
func refusal(msg string) error {
	for i := 0; i < len(msg); i++ {
		if msg[i] == ':' {
			return &page.Error{Code: page.Code(msg[:i]), Reason: msg[i+1:]}
		}
	}
	return &page.Error{Code: page.CodeActionNotFound, Reason: "the file input is gone from the page; observe again"}
}
