// This file holds the Streamable HTTP endpoint: the SDK's stateless handler behind an Origin check.
package mcp

import (
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
)

// HTTPOptions configure the HTTP endpoint.
type HTTPOptions struct {
	// Origins lists the origins (such as "https://salon.example") whose pages may call the
	// endpoint from a browser, besides loopback origins. A request whose Origin header is present
	// and neither loopback nor listed is refused with 403. Requests without Origin (every
	// non-browser client) are served.
	Origins []string
	// Log receives the SDK's own warnings. Nil discards.
	Log *slog.Logger
}

// Handler serves server over Streamable HTTP, statelessly: each POST is one JSON-RPC request
// answered with one JSON object, so any instance can take any round. It follows revision
// 2026-07-28 (per-request _meta, server/discover, the MCP-Protocol-Version, Mcp-Method and
// Mcp-Name headers, checked against the body by the SDK) and still serves clients of earlier
// revisions through initialize. GET, DELETE and every other method answer 405; a body over the
// route's bound answers 413; a foreign Origin answers 403.
func Handler(server *sdk.Server, o HTTPOptions) http.Handler {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{
		Stateless:           true,
		JSONResponse:        true,
		Logger:              warnings(o.Log),
		MaxRequestBodyBytes: api.MaxBodyBytes,
	})
	origins := make([]string, len(o.Origins))
	for i, origin := range o.Origins {
		origins[i] = strings.ToLower(strings.TrimSuffix(origin, "/"))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !allowedOrigin(origin, origins) {
			forbidden(w)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// allowedOrigin reports whether a browser page at origin may call the endpoint: a loopback origin
// (a local tool such as an inspector), or one listed.
func allowedOrigin(origin string, listed []string) bool {
	if slices.Contains(listed, strings.ToLower(origin)) || slices.Contains(listed, "*") {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" || u.User != nil {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// forbidden answers 403 with a JSON-RPC error response that has no id, as the transport allows.
func forbidden(w http.ResponseWriter) {
	body, err := jsonrpc.EncodeMessage(&jsonrpc.Response{Error: &jsonrpc.Error{
		Code:    jsonrpc.CodeInvalidRequest,
		Message: "Forbidden: pages from this origin may not call this server",
	}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusForbidden)
	if err == nil {
		_, _ = w.Write(body)
	}
}
