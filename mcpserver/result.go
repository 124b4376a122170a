package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/page"
)

// callResult is the structured content of a page result.
type callResult struct {
	Page string `json:"page"`
	// NewPages are handles of tabs the page opened during this call.
	NewPages []string `json:"new_pages,omitempty"`
	// ActedOn is the page an action ran on when the result shows another:
	// the tab that action opened (Page).
	ActedOn     string            `json:"acted_on,omitempty"`
	Result      any               `json:"result,omitempty"` // *page.Receipt, *page.FormReceipt
	Observation *page.Observation `json:"observation"`
	Extraction  any               `json:"extraction,omitempty"`
}

// pageResult builds the result of a call that observed a page: the receipt
// and the observation text for the model, bounded together by
// maxToolResultTokens, and the same as structured content. When an
// action opened a tab, the result shows that tab, as a person's eyes
// follow it, and it becomes the session's page. It then republishes the
// session's page tools and tells subscribers.
func (s *Server) pageResult(ctx context.Context, c caller, p *pageEntry, rec any, o *page.Observation, extraction any) *mcp.CallToolResult {
	var newPages []string
	var opened []*pageEntry
	if op, ok := p.tab.(tabOpener); ok {
		for _, t := range op.OpenedTabs(ctx) {
			np := s.registerPopup(p.owner, t)
			if np == nil { // tabs the page opens count against maxPages too
				t.Close()
				o.Notes = append(o.Notes, fmt.Sprintf("the page opened a new tab; it was closed: too many open pages (%d)", s.opts.MaxPages))
				continue
			}
			newPages = append(newPages, np.handle)
			opened = append(opened, np)
		}
	}
	actedOn := ""
	if len(opened) > 0 && rec != nil {
		if np, no := s.observeOpened(ctx, opened[len(opened)-1]); no != nil {
			no.Notes = append(no.Notes, "the action on page "+p.handle+" opened this tab, page "+np.handle+", now the session's page; page "+p.handle+" stays open (pass page: "+p.handle+" to act there)")
			for _, n := range o.Notes { // what Pling noted on the page acted on
				no.Notes = append(no.Notes, "on page "+p.handle+": "+n)
			}
			for _, other := range opened[:len(opened)-1] {
				no.Notes = append(no.Notes, "the action also opened page "+other.handle+" (pass page: "+other.handle+" to observe or act on it)")
			}
			s.setCurrent(c, np.handle)
			actedOn, p, o, opened = p.handle, np, no, nil
		}
	}
	for _, np := range opened {
		o.Notes = append(o.Notes, "the page opened a new tab: it is page "+np.handle+" (pass page: "+np.handle+" to observe or act on it)")
	}
	// The text for the model: the receipt and the observation in the
	// compact rendering, fitted together to maxToolResultTokens by page.
	var receipt string
	if r, ok := rec.(*page.Receipt); ok {
		receipt = page.ReceiptText(*r)
	} else if rec != nil {
		raw, _ := json.Marshal(map[string]any{"result": rec})
		receipt = string(raw)
	}
	text, shown := p.rt.FitResult(o, s.opts.Budgets, page.ResultParts{Receipt: receipt, Extraction: extraction, Guide: c.guideOnce})
	res := mcp.NewToolResultStructured(callResult{Page: p.handle, NewPages: newPages, ActedOn: actedOn, Result: rec, Observation: shown, Extraction: extraction}, text)
	if c.sess != nil {
		s.publishPageTools(ctx, c.sess, p, o)
		s.notifyUpdated(c.sess.id)
	}
	return res
}

// guideOnce says whether this result starts with page.Guide: once per
// session, in the first result whose budget has room for it; a stateless
// call is every time a first call.
func (c caller) guideOnce(roomy bool) bool {
	if !roomy {
		return false
	}
	if c.sess == nil {
		return true
	}
	c.sess.mu.Lock()
	defer c.sess.mu.Unlock()
	guide := !c.sess.guided
	c.sess.guided = true
	return guide
}

// observeOpened observes a tab an action opened. nil when it cannot be
// observed or shows no document (still blank, or its navigation was
// refused): the result then shows the page acted on, with a note.
func (s *Server) observeOpened(ctx context.Context, np *pageEntry) (*pageEntry, *page.Observation) {
	np.touch()
	o, err := np.rt.Observe(ctx, page.ObserveRequest{})
	if err != nil {
		s.log.Debug("observe an opened tab", "code", string(page.ErrorCode(err)))
		return np, nil
	}
	if !np.rt.ShowsDocument() {
		return np, nil
	}
	return np, o
}
