package mcpserver

import (
	"context"
	"errors"

	"github.com/pling-dev/pling/errcode"
	"github.com/pling-dev/pling/websearch"
)

// WebSearch offers web_search through a websearch bridge: one
// BoundedSearchSession (call and source budgets) per MCP session.
func WebSearch(b *websearch.Bridge) SearchFactory { return bridgeFactory{b} }

type bridgeFactory struct{ b *websearch.Bridge }

func (f bridgeFactory) NewSession() SearchSession { return bridgeSession{f.b.NewSession()} }
func (f bridgeFactory) Description() string       { return f.b.Disclosure() }

type bridgeSession struct {
	s *websearch.BoundedSearchSession
}

// Search runs one budgeted search. Provisional text goes to progress
// labelled as such; errors keep their stable code and safe message.
func (b bridgeSession) Search(ctx context.Context, query string, progress func(string)) (any, error) {
	var cb func(websearch.Progress)
	if progress != nil {
		cb = func(p websearch.Progress) {
			msg := p.Label + " [" + string(p.Stage) + "]"
			if p.Text != "" {
				msg += ": " + p.Text
			}
			progress(msg)
		}
	}
	res, err := b.s.Search(ctx, query, cb)
	if err != nil {
		var e *errcode.Error
		if errors.As(err, &e) {
			return nil, e
		}
		return nil, &errcode.Error{Code: errcode.SearchFailed, Reason: "the search failed"}
	}
	return res, nil
}
