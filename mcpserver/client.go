package mcpserver

import (
	"context"
	"fmt"
	"sort"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// StdioClient is an MCP client of a Pling server process over stdio, as a
// host drives it (`pling demo`). It keeps mcp-go inside this package.
type StdioClient struct {
	c           *client.Client
	listChanged atomic.Int32
}

// CallResult is one tool result as a host sees it.
type CallResult struct {
	// Text is the concatenated text content.
	Text string
	// Structured is the structured content (nil when absent).
	Structured any
	// IsError is the result's isError flag.
	IsError bool
}

// StartStdioClient starts command with args (env appended to the
// process environment) and connects to it over stdio.
func StartStdioClient(ctx context.Context, command string, env []string, args ...string) (*StdioClient, error) {
	sc := &StdioClient{c: client.NewClient(transport.NewStdio(command, env, args...))}
	sc.c.OnNotification(func(n mcp.JSONRPCNotification) {
		if n.Method == string(mcp.MethodNotificationToolsListChanged) {
			sc.listChanged.Add(1)
		}
	})
	if err := sc.c.Start(ctx); err != nil {
		return nil, err
	}
	return sc, nil
}

// Initialize runs the 2025-11-25 handshake and returns the server's name,
// version and the negotiated protocol version.
func (sc *StdioClient) Initialize(ctx context.Context, name, version string) (server, serverVersion, protocol string, err error) {
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: name, Version: version}
	res, err := sc.c.Initialize(ctx, init)
	if err != nil {
		return "", "", "", fmt.Errorf("initialize: %w", err)
	}
	return res.ServerInfo.Name, res.ServerInfo.Version, res.ProtocolVersion, nil
}

// ListTools returns the tool names, sorted.
func (sc *StdioClient) ListTools(ctx context.Context) ([]string, error) {
	tl, err := sc.c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return nil, err
	}
	var names []string
	for _, t := range tl.Tools {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return names, nil
}

// Call calls a tool.
func (sc *StdioClient) Call(ctx context.Context, name string, args map[string]any) (CallResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	r, err := sc.c.CallTool(ctx, req)
	if err != nil {
		return CallResult{}, err
	}
	out := CallResult{Structured: r.StructuredContent, IsError: r.IsError}
	for _, ct := range r.Content {
		if t, ok := mcp.AsTextContent(ct); ok {
			if out.Text != "" {
				out.Text += "\n"
			}
			out.Text += t.Text
		}
	}
	return out, nil
}

// ListChanged is the number of notifications/tools/list_changed received.
func (sc *StdioClient) ListChanged() int { return int(sc.listChanged.Load()) }

// Close ends the connection and the server process.
func (sc *StdioClient) Close() error { return sc.c.Close() }
