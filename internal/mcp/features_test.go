// This file tests what the server offers besides the tool: the capabilities it declares, the guide it lists and reads, the caching hints on every result that carries them, and the bearer token that may guard /mcp.

package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
)

func TestEveryCacheableResultCarriesItsHint(t *testing.T) {
	if mcp.LiveTTL > time.Minute {
		t.Fatalf("LiveTTL is %s, want at most a minute: open slots change", mcp.LiveTTL)
	}
	b := newBench(t, false)
	stable, live := mcp.StableTTL.Milliseconds(), mcp.LiveTTL.Milliseconds()
	for _, c := range []struct {
		method, params, name string
		ttl                  int64
	}{
		{"server/discover", "", "", stable},
		{"tools/list", "", "", stable},
		{"prompts/list", "", "", stable},
		{"resources/templates/list", "", "", stable},
		{"resources/list", "", "", live},
		{"resources/read", `"uri":"` + mcp.GuideURI + `",`, mcp.GuideURI, stable},
	} {
		t.Run(c.method, func(t *testing.T) {
			status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath,
				`{"jsonrpc":"2.0","id":1,"method":"`+c.method+`","params":{`+c.params+mcptest.Meta+`}}`,
				map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": c.method, "Mcp-Name": c.name})
			var reply struct {
				Result struct {
					TTLMs      *int64
					CacheScope string
				}
			}
			if status != http.StatusOK || json.Unmarshal([]byte(body), &reply) != nil || reply.Result.TTLMs == nil {
				t.Fatalf("got %d %s, want 200 with ttlMs", status, body)
			}
			if *reply.Result.TTLMs != c.ttl || reply.Result.CacheScope != "public" {
				t.Errorf("got ttlMs %d, cacheScope %q; want %d, public", *reply.Result.TTLMs, reply.Result.CacheScope, c.ttl)
			}
		})
	}
}

func TestTheServerDeclaresToolsResourcesPromptsAndCompletionsAndListsTheGuide(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			cs := tr.connect(t, newBench(t, false), sdk.NewClient(impl, nil), nil)
			caps := cs.InitializeResult().Capabilities
			if caps.Tools == nil || caps.Resources == nil || caps.Prompts == nil || caps.Completions == nil || caps.Logging != nil {
				t.Errorf("got capabilities %s, want tools, resources, prompts and completions only", mustJSON(t, caps))
			}
			ctx := context.Background()
			listed, err := cs.ListResources(ctx, nil)
			if err != nil || len(listed.Resources) != 1 || listed.Resources[0].URI != mcp.GuideURI || listed.Resources[0].MIMEType != "text/markdown" {
				t.Fatalf("resources/list: got %v %s, want the guide", err, mustJSON(t, listed))
			}
			read, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: mcp.GuideURI})
			if err != nil || len(read.Contents) != 1 || !strings.Contains(read.Contents[0].Text, "`book`") || read.Contents[0].MIMEType != "text/markdown" {
				t.Fatalf("resources/read: got %v %s, want the guide's text", err, mustJSON(t, read))
			}
			prompts, err := cs.ListPrompts(ctx, nil)
			if err != nil || len(prompts.Prompts) != 1 || prompts.Prompts[0].Name != mcp.PromptName {
				t.Errorf("prompts/list: got %v %s, want %s alone", err, mustJSON(t, prompts), mcp.PromptName)
			}
			done, err := cs.Complete(ctx, &sdk.CompleteParams{Ref: &sdk.CompleteReference{Type: "ref/resource", URI: mcp.GuideURI},
				Argument: sdk.CompleteParamsArgument{Name: "salon", Value: "s"}})
			if err != nil || len(done.Completion.Values) != 0 {
				t.Errorf("completing the guide's argument: got %v %v, want no values", done, err)
			}
		})
	}
}

func TestTheTokenGuardsTheEndpoint(t *testing.T) {
	const token = "a-token-of-at-least-thirty-two-characters"
	b := newBench(t, false)
	app := api.New(b.svc)
	api.MountMCP(app, mcp.Handler(mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}), mcp.HTTPOptions{Token: token}))
	url := newServer(t, app) + api.MCPPath
	headers := func(authorization string) map[string]string {
		return map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover", "Authorization": authorization}
	}
	for _, c := range []struct {
		name, authorization string
		want                int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"a wrong token", "Bearer " + token + "x", http.StatusUnauthorized},
		{"the token cut short", "Bearer " + token[:len(token)-1], http.StatusUnauthorized},
		{"the token under another scheme", "Basic " + token, http.StatusUnauthorized},
		{"the token alone", token, http.StatusUnauthorized},
		{"the token", "Bearer " + token, http.StatusOK},
		{"the token, the scheme in lower case", "bearer " + token, http.StatusOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, header, body := mcptest.Post(t, url, mcptest.Discover("1"), headers(c.authorization))
			if status != c.want {
				t.Fatalf("got %d %s, want %d", status, body, c.want)
			}
			if c.want != http.StatusUnauthorized {
				return
			}
			if got := header.Get("WWW-Authenticate"); got != "Bearer" {
				t.Errorf("WWW-Authenticate: got %q, want Bearer", got)
			}
			if want := `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Unauthorized: the bearer token is missing or wrong"}}`; body != want || header.Get("Content-Type") != "application/json" {
				t.Errorf("got %q %s, want application/json %s", header.Get("Content-Type"), body, want)
			}
		})
	}
	// Without a token the endpoint is open, as the bench's is.
	if status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath, mcptest.Discover("1"), headers("")); status != http.StatusOK {
		t.Errorf("no token configured: got %d %s, want 200", status, body)
	}
}
