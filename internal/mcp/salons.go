// This file offers the registered salons to an assistant: each as a resource, the salon argument completed, and the book_a_time prompt.

package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/booking"
	refuse "salon/internal/refusal"
	"salon/internal/wire"
)

// SalonURITemplate is the resource template of a salon: its settings and open slots, as JSON.
const SalonURITemplate = "salon://{salon}"

// PromptName is the prompt that walks an assistant through a booking at one salon.
const PromptName = "book_a_time"

// maxCompletions is how many salon ids a completion lists at most, as the protocol bounds it.
const maxCompletions = 100

// codeResourceNotFound2025 is the resource-not-found code of the 2025-11-25 revision; later
// revisions answer Invalid params (-32602).
const codeResourceNotFound2025 = -32002

// salons serves the calendar's salons to an assistant.
type salons struct{ desk *booking.Desk }

func salonURI(id string) string { return "salon://" + url.PathEscape(id) }

// list answers resources/list: the guide, then every registered salon.
func (s salons) list(ctx context.Context) ([]*sdk.Resource, error) {
	if s.desk.Calendar == nil {
		return nil, nil
	}
	found, err := s.desk.Calendar.Salons(ctx)
	if err != nil {
		return nil, errUnavailable
	}
	out := make([]*sdk.Resource, len(found))
	for i, f := range found {
		out[i] = &sdk.Resource{URI: salonURI(f.ID), Name: f.ID, Title: f.Name, MIMEType: "application/json",
			Description: "The salon " + f.Name + ": its phone, hours, prices or menu and team, and the times open now."}
	}
	return out, nil
}

// read answers resources/read of salon://{salon}: the salon as GET /salons/{salon} shows it.
func (s salons) read(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	uri := req.Params.URI
	raw, ok := strings.CutPrefix(uri, "salon://")
	id, err := url.PathUnescape(raw)
	if !ok || err != nil || id == "" {
		return nil, notFound(req, uri)
	}
	view, err := s.desk.Salon(ctx, id)
	switch {
	case refuse.KindOf(err) == refuse.NotFound:
		return nil, notFound(req, uri)
	case err != nil:
		return nil, errUnavailable
	}
	text, err := json.Marshal(wire.ViewOf(view))
	if err != nil {
		return nil, errInternal
	}
	return &sdk.ReadResourceResult{
		Cacheable: sdk.Cacheable{TTLMs: int(LiveTTL.Milliseconds())},
		Contents:  []*sdk.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(text)}},
	}, nil
}

// notFound is the revision's resource-not-found error for uri.
func notFound(req *sdk.ReadResourceRequest, uri string) error {
	err := sdk.ResourceNotFoundError(uri).(*jsonrpc.Error)
	if req.ProtocolVersion() == "2025-11-25" {
		err.Code = codeResourceNotFound2025
	}
	return err
}

// complete answers completion/complete for the salon argument of the template and the prompt:
// the registered salon ids that start with what is typed so far.
func (s salons) complete(ctx context.Context, req *sdk.CompleteRequest) (*sdk.CompleteResult, error) {
	p := req.Params
	if p.Argument.Name != "salon" || p.Ref == nil ||
		!(p.Ref.Type == "ref/resource" && p.Ref.URI == SalonURITemplate || p.Ref.Type == "ref/prompt" && p.Ref.Name == PromptName) {
		return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{Values: []string{}}}, nil
	}
	values := []string{}
	if s.desk.Calendar != nil {
		found, err := s.desk.Calendar.Salons(ctx)
		if err != nil {
			return nil, errUnavailable
		}
		for _, f := range found {
			if strings.HasPrefix(f.ID, p.Argument.Value) {
				values = append(values, f.ID)
			}
		}
	}
	more := len(values) > maxCompletions
	return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{
		Values: values[:min(len(values), maxCompletions)], Total: len(values), HasMore: more,
	}}, nil
}

// prompt answers prompts/get of book_a_time: one user message, naming the salon and nothing else.
func (s salons) prompt(ctx context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
	id := req.Params.Arguments["salon"]
	if id == "" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "the prompt needs its salon argument"}
	}
	_, err := s.desk.Salon(ctx, id)
	switch {
	case refuse.KindOf(err) == refuse.NotFound:
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	case err != nil:
		return nil, errUnavailable
	}
	text := fmt.Sprintf("Book a time at the salon %q for me. First read the resource %s: it has the salon's phone, "+
		"prices and the times open now. Ask me for my name and how the salon can reach me (a phone number or an "+
		"e-mail address). Then call the %s tool with salon %q, my words, the salon's open slots as openSlots, "+
		"and customer {name, contact}, and ask me which of the times it offers suits me.", id, salonURI(id), ToolName, id)
	return &sdk.GetPromptResult{
		Description: "Book a time at " + id,
		Messages:    []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: text}}},
	}, nil
}

// offerSalons registers the salon template, the prompt and their completion on srv.
func offerSalons(srv *sdk.Server, s salons) {
	srv.AddResourceTemplate(&sdk.ResourceTemplate{
		URITemplate: SalonURITemplate, Name: "salon", Title: "A salon", MIMEType: "application/json",
		Description: "A registered salon: name, phone, hours, and either its prices or its menu (services with their minutes and prices, in the currency's minor unit) and team (stylists and the services each does), " +
			"and the slots open now with their labels (at a salon with a menu, for its first service with anyone). Read it before calling book.",
	}, s.read)
	srv.AddPrompt(&sdk.Prompt{
		Name: PromptName, Title: "Book a time",
		Description: "Walks through booking a time at one salon: read its open times, ask the customer's name and contact, call book.",
		Arguments:   []*sdk.PromptArgument{{Name: "salon", Description: "The salon's id.", Required: true}},
	}, s.prompt)
}

// listingSalons adds the registered salons to every resources/list result, after the guide: the
// SDK lists only resources registered up front, and salons are registered while the server runs.
func listingSalons(s salons) sdk.Middleware {
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			result, err := next(ctx, method, req)
			listed, ok := result.(*sdk.ListResourcesResult)
			if method != "resources/list" || err != nil || !ok || listed.NextCursor != "" {
				return result, err
			}
			more, err := s.list(ctx)
			if err != nil {
				return nil, err
			}
			listed.Resources = append(listed.Resources, more...)
			return listed, nil
		}
	}
}
