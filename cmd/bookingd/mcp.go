// This file wires the MCP server: the /mcp endpoint beside the route, and `bookingd mcp` over stdio.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"

	"salon/internal/api"
	"salon/internal/mcp"
)

// minMCPTokenChars is the shortest bearer token /mcp takes: a token is a shared secret, and a
// short one is guessed.
const minMCPTokenChars = 32

// checkMCPToken refuses a token for /mcp that is set but too short, without saying what it is.
func checkMCPToken(token string) error {
	if token != "" && utf8.RuneCountInString(token) < minMCPTokenChars {
		return fmt.Errorf("%s must be at least %d characters, got %d", envMCPToken, minMCPTokenChars, utf8.RuneCountInString(token))
	}
	return nil
}

// mcpEndpoint is the /mcp endpoint for svc: the book tool over the desk built from the same
// Service as the route's, so both share the signer and the spent store. A non-empty token is the
// bearer token every request must carry.
func mcpEndpoint(svc api.Service, token string) http.Handler {
	if token == "" {
		svc.Log.Info("mcp endpoint is open: set " + envMCPToken + ", or put it behind a proxy that authenticates")
	} else {
		svc.Log.Info("mcp endpoint requires a bearer token")
	}
	return mcp.Handler(mcp.NewServer(api.NewDesk(svc), svc.Log), mcp.HTTPOptions{Log: svc.Log, Token: token})
}

// serveMCPStdio serves the book tool over stdin and stdout until the client closes stdin or ctx
// is done. stdout carries nothing but JSON-RPC; every log line goes to svc.Log (stderr). No token
// applies: the client started this process, and its credentials come from its environment.
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
