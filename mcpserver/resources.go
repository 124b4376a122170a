package mcpserver

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// Resource URIs. Each is rebuilt from a fresh observation of the reading
// session's page on every read.
const (
	uriObservationMD   = "pling://page/observation.md"
	uriObservationJSON = "pling://page/observation.json"
	uriActions         = "pling://page/actions.json"
	uriRules           = "pling://agent/rules.md"
)

// knownResources are the URIs a client may subscribe to.
var knownResources = map[string]bool{uriObservationMD: true, uriObservationJSON: true, uriActions: true, uriRules: true}

func (s *Server) registerResources() {
	s.mcp.AddResource(mcp.NewResource(uriObservationMD, "observation",
		mcp.WithResourceDescription("The current page observation (markdown), rebuilt on every read."),
		mcp.WithMIMEType("text/markdown")), s.readPage(func(o *page.Observation) (string, string) {
		return "text/markdown", page.Render(o, s.opts.Budgets)
	}))
	s.mcp.AddResource(mcp.NewResource(uriObservationJSON, "observation.json",
		mcp.WithResourceDescription("The current page observation (structured JSON), rebuilt on every read."),
		mcp.WithMIMEType("application/json")), s.readPage(func(o *page.Observation) (string, string) {
		raw, _ := json.Marshal(o)
		return "application/json", string(raw)
	}))
	s.mcp.AddResource(mcp.NewResource(uriActions, "actions.json",
		mcp.WithResourceDescription("The current page's folded actions as tool schemas (one per folded action)."),
		mcp.WithMIMEType("application/json")), s.readPage(func(o *page.Observation) (string, string) {
		raw, _ := json.Marshal(page.Schemas(o))
		return "application/json", string(raw)
	}))
	s.mcp.AddResource(mcp.NewResource(uriRules, "rules.md",
		mcp.WithResourceDescription("The agent rules Pling's observations are written for."),
		mcp.WithMIMEType("text/markdown")), func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/markdown", Text: s.systemRules()}}, nil
	})
}

// systemRules is the rules plus the application's role statement.
func (s *Server) systemRules() string {
	var b strings.Builder
	b.WriteString(agentRules)
	if s.opts.AppRole != "" {
		b.WriteString("\n## This application\n")
		b.WriteString(strings.TrimSpace(s.opts.AppRole))
		b.WriteString("\n")
	}
	return b.String()
}

// sessionObservation observes the session's page now.
func (s *Server) sessionObservation(ctx context.Context) (*page.Observation, error) {
	cs := server.ClientSessionFromContext(ctx)
	if cs == nil || server.IsModernRequest(ctx) {
		return nil, &page.Error{Code: page.CodePageRequired, Reason: "resources need a session; use the observe tool with a page handle"}
	}
	c := caller{sess: s.sessionFor(cs.SessionID()), owner: cs.SessionID()}
	c.sess.op.Lock()
	defer c.sess.op.Unlock()
	p, err := s.pageFor(ctx, c, "")
	if err != nil {
		return nil, err
	}
	return p.rt.Observe(ctx, page.ObserveRequest{})
}

func (s *Server) readPage(render func(*page.Observation) (string, string)) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		o, err := s.sessionObservation(ctx)
		if err != nil {
			return nil, err
		}
		mime, text := render(o)
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: mime, Text: text}}, nil
	}
}

func (s *Server) registerPrompts() {
	s.mcp.AddPrompt(mcp.NewPrompt("operate_page",
		mcp.WithPromptDescription("The system message for operating the current page: Pling's rules, the application's role, and the current page observation (rebuilt now)."),
	), func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		o, err := s.sessionObservation(ctx)
		if err != nil {
			return nil, err
		}
		text := s.systemRules() + "\n" + page.Render(o, s.opts.Budgets)
		return mcp.NewGetPromptResult("Operate the current page", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleAssistant, mcp.NewTextContent(text)),
		}), nil
	})
}
