// This file holds what the server offers, in one place: the capabilities it declares, the tool, resources and prompts it registers, the methods it answers, and the caching hints on its results.

package mcp

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// capabilities are what the server declares: tools, resources, prompts and completions, whose
// lists don't change while it runs (no listChanged; the salons listed do, and their list carries a
// short ttlMs), no resource subscriptions, no logging (the log goes to stderr).
func capabilities() *sdk.ServerCapabilities {
	return &sdk.ServerCapabilities{
		Tools:     &sdk.ToolCapabilities{},
		Resources: &sdk.ResourceCapabilities{},
		Prompts:   &sdk.PromptCapabilities{},
		// Completions completes the salon argument of the salon template and the book_a_time prompt,
		// and the prompt's service and stylist arguments from the menu of the salon it names.
		Completions: &sdk.CompletionCapabilities{},
	}
}

// offer registers on s everything the capabilities declare: the book tool and the customer's own
// (my_booking, cancel_booking, move_booking), the guide, the salon template and the book_a_time
// prompt. The registered salons are listed by listingSalons.
func offer(s *sdk.Server, b *booker) {
	s.AddTool(bookTool(), b.book)
	my, cancel, move := myTools()
	s.AddTool(my, b.myBooking)
	s.AddTool(cancel, b.cancelBooking)
	s.AddTool(move, b.moveBooking)
	for _, r := range resources() {
		s.AddResource(r.about, r.read)
	}
	offerSalons(s, salons{desk: b.desk})
}

// answered lists the requests the server answers. A request for any other method is Method not
// found (-32601), those of features it doesn't declare included: the SDK would answer them as if
// it had them.
var answered = map[string]bool{
	"initialize":               true,
	"ping":                     true,
	"server/discover":          true,
	"subscriptions/listen":     true,
	"tools/list":               true,
	"tools/call":               true,
	"resources/list":           true,
	"resources/templates/list": true,
	"resources/read":           true,
	"prompts/list":             true,
	"prompts/get":              true,
	"completion/complete":      true,
}

// isNotification reports whether method names a notification (never answered, whatever its name).
func isNotification(method string) bool { return strings.HasPrefix(method, "notifications/") }

// methodNotFound is the error that answers a request for a method the server doesn't answer.
func methodNotFound(method string) *jsonrpc.Error {
	return &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("method not found: %q", method)}
}

// answeredOnly answers Method not found to the requests answered doesn't list.
func answeredOnly(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if !isNotification(method) && !answered[method] {
			return nil, methodNotFound(method)
		}
		return next(ctx, method, req)
	}
}

// How long a client may keep a result before asking again (ttlMs). A result is public (cacheScope)
// unless its request came with a credential, which may open the owner's tools.
const (
	// StableTTL covers what changes only with a new build: server/discover and the lists of tools,
	// prompts and resource templates, and the guide's text.
	StableTTL = 5 * time.Minute
	// LiveTTL covers what changes while the server runs, and is at most a minute: the list of
	// resources (salons are registered while it runs) and a salon's read (its open slots).
	LiveTTL = 30 * time.Second
)

// setCacheable decides the caching hints of every result that carries them. resources/read keeps
// the hint its resource's handler gave. A request that comes with a credential may be shown the
// owner's tools, so what it is answered is private to it.
func (g gate) setCacheable(_ context.Context, req sdk.Request, c *sdk.Cacheable) {
	c.CacheScope = "public"
	if g.carries(req) {
		c.CacheScope = "private"
	}
	switch req.(type) {
	case *sdk.ReadResourceRequest:
	case *sdk.ListResourcesRequest:
		c.TTLMs = int(LiveTTL.Milliseconds())
	default: // server/discover, tools/list, prompts/list, resources/templates/list
		c.TTLMs = int(StableTTL.Milliseconds())
	}
}

// resource is one resource the server lists, with its handler.
type resource struct {
	about *sdk.Resource
	read  sdk.ResourceHandler
}

// GuideURI is the resource that tells an assistant how a booking goes, in Markdown.
const GuideURI = "booking://guide"

//go:embed guide.md
var guideText string

// resources are the resources the server lists.
func resources() []resource {
	return []resource{{
		about: &sdk.Resource{URI: GuideURI, Name: "guide", Title: "How a booking goes", MIMEType: "text/markdown",
			Description: "How to book a salon time with the book tool: what to send, how the customer is asked, and what the result says."},
		read: func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{
				Cacheable: sdk.Cacheable{TTLMs: int(StableTTL.Milliseconds())},
				Contents:  []*sdk.ResourceContents{{URI: GuideURI, MIMEType: "text/markdown", Text: guideText}},
			}, nil
		},
	}}
}
