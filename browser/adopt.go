package browser

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/domdebugger"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// maxSweptListeners bounds how many elements one sweep records: the
// first ones in document order (a page with a listener on every row of a
// long list is read by its rows' cursor: pointer beyond them).
const maxSweptListeners = 400

// sweepGroup is the object group a sweep's remote objects live in,
// released as one when it ends.
const sweepGroup = "pling-sweep"

// sweepClickListeners gives a tab the page opened what DocumentStartScript
// gives every other document. The tab is attached after its document
// started (intercept.go), so the watchers are installed now
// (page.AdoptScript) and the click listeners the page added before are
// read from the browser (DOMDebugger.getEventListeners over the whole
// document, frames and shadow roots too) and recorded: a <span> that a
// plain addEventListener makes clickable is an action there as anywhere
// (issue 18 pt 7). A document whose watchers are there already (the tab
// navigated since it opened) is left alone. It answers how many elements
// it recorded.
func (s *Session) sweepClickListeners(ctx context.Context) (int, error) {
	n := 0
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		defer func() {
			_, _ = chromedp.Call(c, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: sweepGroup})
		}()
		res, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{
			Expression: "(" + page.AdoptScript + ")(null)", ObjectGroup: sweepGroup, Silent: new(true),
		})
		if err != nil {
			return err
		}
		doc := res.Result
		if res.ExceptionDetails != nil || doc == nil || doc.ObjectID == "" {
			return nil // the watchers were there, or the page refused them
		}
		got, err := chromedp.Call(c, domdebugger.GetEventListeners, domdebugger.GetEventListenersParams{
			ObjectID: doc.ObjectID, Depth: new(int64(-1)), Pierce: new(true),
		})
		if err != nil {
			return err
		}
		seen := map[cdp.BackendNodeID]bool{}
		for _, l := range got.Listeners {
			if l.Type != "click" || l.BackendNodeID == 0 || seen[l.BackendNodeID] {
				continue
			}
			if len(seen) == maxSweptListeners {
				break
			}
			seen[l.BackendNodeID] = true
			node, err := chromedp.Call(c, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: l.BackendNodeID, ObjectGroup: sweepGroup})
			if err != nil || node.Object == nil || node.Object.ObjectID == "" {
				continue // gone since, or in a frame of another process
			}
			id := node.Object.ObjectID
			if _, err := chromedp.Call(c, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
				FunctionDeclaration: page.AdoptScript, ObjectID: id, Arguments: []*runtime.CallArgument{{ObjectID: id}}, Silent: new(true),
			}); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
