package main

import (
	"context"

	"github.com/pling-dev/pling/page"
)

// tabOpener is a tab that hands over the tabs its page opened
// (browser.Session).
type tabOpener interface {
	page.Tab
	OpenedTabs(ctx context.Context) []page.Tab
}

// followingPage is the page `pling run` works in: its tab, until an
// action opens another (a link with target=_blank, window.open: Jupyter's
// New notebook), whose document the run then goes on in, as a person's
// eyes follow it and as `pling serve` shows it. The act's result carries
// the new tab's observation; a tab that shows no document (blank, or its
// navigation refused) is not followed. Every tab is closed with the run.
type followingPage struct {
	rt   *page.Runtime
	tab  tabOpener
	opts page.RuntimeOptions
	tabs []page.Tab // the tabs opened, closed by closeAll
}

func (f *followingPage) Observe(ctx context.Context, req page.ObserveRequest) (*page.Observation, error) {
	return f.rt.Observe(ctx, req)
}

func (f *followingPage) Scroll(ctx context.Context, region, direction string, pages float64) (*page.ActResult, error) {
	return f.rt.Scroll(ctx, region, direction, pages)
}

func (f *followingPage) Read(ctx context.Context, req page.ReadRequest) (*page.ReadResult, error) {
	return f.rt.Read(ctx, req)
}

func (f *followingPage) Budgets() page.Budgets { return f.rt.Budgets() }

// Act runs the action; when it opened tabs, the last one that shows a
// document becomes the run's page and the result shows it.
func (f *followingPage) Act(ctx context.Context, req page.ActRequest) (*page.ActResult, error) {
	res, err := f.rt.Act(ctx, req)
	if err != nil || res == nil {
		return res, err
	}
	opened := f.tab.OpenedTabs(ctx)
	f.tabs = append(f.tabs, opened...)
	for i := len(opened) - 1; i >= 0; i-- {
		t, ok := opened[i].(tabOpener)
		if !ok {
			continue
		}
		rt := page.NewRuntime(t, f.opts)
		o, err := rt.Observe(ctx, page.ObserveRequest{})
		if err != nil || !rt.ShowsDocument() {
			continue
		}
		o.Notes = append(o.Notes, "the action opened this tab: the run goes on in it")
		f.rt, f.tab, res.Observation = rt, t, o
		break
	}
	return res, nil
}

// closeTabs closes the tabs the page opened.
func (f *followingPage) closeTabs() {
	for _, t := range f.tabs {
		t.Close()
	}
}
