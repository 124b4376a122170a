package browser

import (
	"context"
	"sync"

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
		var ids []cdp.BackendNodeID
		seen := map[cdp.BackendNodeID]bool{}
		for _, l := range got.Listeners {
			if l.Type != "click" || l.BackendNodeID == 0 || seen[l.BackendNodeID] {
				continue
			}
			if len(ids) == maxSweptListeners {
				break
			}
			seen[l.BackendNodeID] = true
			ids = append(ids, l.BackendNodeID)
		}
		// Each element takes two round trips (resolve it, record it), so
		// they go sweepWorkers at a time: 400 one after another added
		// about 480 ms to the act that opened the tab.
		var (
			mu    sync.Mutex
			wg    sync.WaitGroup
			first error
		)
		slots := make(chan struct{}, sweepWorkers)
		for _, id := range ids {
			slots <- struct{}{}
			wg.Go(func() {
				defer func() { <-slots }()
				ok, err := markSwept(c, id)
				mu.Lock()
				defer mu.Unlock()
				if ok {
					n++
				}
				if first == nil {
					first = err
				}
			})
		}
		wg.Wait()
		return first
	})
	return n, err
}

// sweepWorkers is how many elements a sweep records at once.
const sweepWorkers = 16

// markSwept resolves one element the browser reported and records its
// click listener in the page (page.AdoptScript, in the element's own
// realm); an element gone since, or in a frame of another process, is
// skipped (false, nil).
func markSwept(c context.Context, id cdp.BackendNodeID) (bool, error) {
	node, err := chromedp.Call(c, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id, ObjectGroup: sweepGroup})
	if err != nil || node.Object == nil || node.Object.ObjectID == "" {
		return false, nil
	}
	obj := node.Object.ObjectID
	if _, err := chromedp.Call(c, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: page.AdoptScript, ObjectID: obj, Arguments: []*runtime.CallArgument{{ObjectID: obj}}, Silent: new(true),
	}); err != nil {
		return false, err
	}
	return true, nil
}
