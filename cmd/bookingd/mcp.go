// This file checks the MCP endpoint's token and says in the log whether /mcp is guarded.

package main

import (
	"fmt"
	"log/slog"
	"unicode/utf8"
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

// logMCPEndpoint says whether /mcp, served beside the route, asks for a bearer token.
func logMCPEndpoint(log *slog.Logger, token string) {
	if token == "" {
		log.Info("mcp endpoint is open: set " + envMCPToken + ", or put it behind a proxy that authenticates")
	} else {
		log.Info("mcp endpoint requires a bearer token")
	}
}
