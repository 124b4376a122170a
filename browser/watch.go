package browser

import (
	"context"
	"fmt"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// watcherScript is the quiet watcher every new document of a tab starts
// with (page.WatcherScript).
var watcherScript = page.WatcherScript()

// watchEarly makes every later document of the tab start with the quiet
// watcher, so a navigation's settle wait knows the whole load and ends as
// soon as the page is quiet (page/settle.js). Once per tab target: one
// round trip before its first navigation (a replaced tab gets it again).
func (s *Session) watchEarly(ctx context.Context) error {
	if s.watched != "" && s.watched == s.targetID {
		return nil
	}
	defer page.TraceFrom(ctx).Start(page.SpanCDP, "Page.addScriptToEvaluateOnNewDocument")()
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: watcherScript})
		return err
	})
	if err != nil {
		return fmt.Errorf("install the quiet watcher: %w", err)
	}
	s.watched = s.targetID
	return nil
}
