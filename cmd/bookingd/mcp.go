// This file wires the MCP server: the /mcp endpoint beside the route, and `bookingd mcp` over stdio.
package main

import (
	"context"
	"errors"
	"io"
	"net/http"

	"salon/internal/api"
	"salon/internal/mcp"
)

// mcpEndpoint is the /mcp endpoint for svc: the book tool over the desk built from the same
// Service as the route's, so both share the signer and the spent store.
func mcpEndpoint(svc api.Service) http.Handler {
	return mcp.Handler(mcp.NewServer(api.NewDesk(svc), svc.Log), mcp.HTTPOptions{Log: svc.Log})
}

// serveMCPStdio serves the book tool over stdin and stdout until the client closes stdin or ctx
// is done. stdout carries nothing but JSON-RPC; every log line goes to svc.Log (stderr).
func serveMCPStdio(ctx context.Context, svc api.Service, stdin io.Reader, stdout io.Writer) error {
	svc.Log.Info("serving MCP over stdio", "tool", mcp.ToolName)
	err := mcp.NewServer(api.NewDesk(svc), svc.Log).Run(ctx, mcp.StdioTransport(stdin, stdout))
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		err = nil // a signal or a closed stdin is the ordinary end
	}
	if err == nil {
		svc.Log.Info("stopped")
	}
	return err
}
