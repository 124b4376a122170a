// Package mcpstart starts an MCP client and runs the initialize handshake
// the way the end-to-end tests, the benchmarks and the real-world corpus
// all do: one place for the protocol generation they pin and for closing a
// client whose handshake failed.
package mcpstart

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// Options shape the handshake.
type Options struct {
	// Name is the clientInfo name the server sees.
	Name string
	// Elicitation declares the elicitation capability (the client has a
	// handler for it).
	Elicitation bool
	// Timeout bounds the initialize request (default 60 s); the client's
	// own lifetime is the ctx given to Start.
	Timeout time.Duration
}

// Start starts c, whose process (over stdio) lives as long as ctx, and
// initializes it with the session-generation protocol version. On failure
// c is closed and the error says which step failed.
func Start(ctx context.Context, c *client.Client, o Options) error {
	if err := c.Start(ctx); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	ictx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: o.Name, Version: "0"}
	if o.Elicitation {
		init.Params.Capabilities.Elicitation = &mcp.ElicitationCapability{}
	}
	if _, err := c.Initialize(ictx, init); err != nil {
		_ = c.Close()
		return fmt.Errorf("initialize: %w", err)
	}
	return nil
}
