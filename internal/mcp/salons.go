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
	"salon/internal/salon"
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
	case missing(err):
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

// The arguments completion/complete completes: the salon's id (of the template and the prompt),
// and at a salon with a menu the service's and the stylist's (of the prompt, as the book tool
// names them).
const (
	argSalon   = "salon"
	argService = "service"
	argStylist = "stylist"
)

// complete answers completion/complete: the salon argument of the template and the prompt from
// the registered salon ids, and the prompt's service and stylist arguments from the menu and the
// team of the salon its context names (context.arguments.salon), stylists only those who do the
// service the context names, when it names one on the menu. Each lists the ids that start with
// what is typed so far, in the salon's order, at most maxCompletions of them. Without a salon in
// the context, or at a salon unknown or without a menu, there is nothing to complete.
func (s salons) complete(ctx context.Context, req *sdk.CompleteRequest) (*sdk.CompleteResult, error) {
	p := req.Params
	var ids []string
	var err error
	switch {
	case p.Ref == nil:
	case p.Argument.Name == argSalon && (p.Ref.Type == "ref/resource" && p.Ref.URI == SalonURITemplate || p.Ref.Type == "ref/prompt" && p.Ref.Name == PromptName):
		ids, err = s.salonIDs(ctx)
	case (p.Argument.Name == argService || p.Argument.Name == argStylist) && p.Ref.Type == "ref/prompt" && p.Ref.Name == PromptName:
		var given map[string]string
		if p.Context != nil {
			given = p.Context.Arguments
		}
		ids, err = s.menuIDs(ctx, p.Argument.Name, given)
	}
	if err != nil {
		return nil, err
	}
	values := []string{}
	for _, id := range ids {
		if strings.HasPrefix(id, p.Argument.Value) {
			values = append(values, id)
		}
	}
	more := len(values) > maxCompletions
	return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{
		Values: values[:min(len(values), maxCompletions)], Total: len(values), HasMore: more,
	}}, nil
}

// salonIDs are the registered salons' ids; none without a calendar.
func (s salons) salonIDs(ctx context.Context) ([]string, error) {
	if s.desk.Calendar == nil {
		return nil, nil
	}
	found, err := s.desk.Calendar.Salons(ctx)
	if err != nil {
		return nil, errUnavailable
	}
	ids := make([]string, len(found))
	for i, f := range found {
		ids[i] = f.ID
	}
	return ids, nil
}

// menuIDs are the ids of the services (argument service) or stylists (argument stylist) of the
// salon given names, in the salon's order; the stylists only those who do the service given
// names, when it is on the menu. None when given names no salon, or one unknown or without a menu.
func (s salons) menuIDs(ctx context.Context, argument string, given map[string]string) ([]string, error) {
	set, ok, err := s.settings(ctx, given[argSalon])
	if err != nil || !ok {
		return nil, err
	}
	var ids []string
	if argument == argService {
		for _, v := range set.Services {
			ids = append(ids, v.ID)
		}
		return ids, nil
	}
	service, onMenu := set.Service(given[argService])
	for _, p := range set.Stylists {
		if !onMenu || p.Does(service.ID) {
			ids = append(ids, p.ID)
		}
	}
	return ids, nil
}

// settings reads the settings of the salon id, reporting false when there is no calendar or no
// such salon.
func (s salons) settings(ctx context.Context, id string) (salon.Settings, bool, error) {
	if s.desk.Calendar == nil || id == "" {
		return salon.Settings{}, false, nil
	}
	set, err := s.desk.Calendar.RecentSalon(ctx, id)
	switch {
	case missing(err):
		return salon.Settings{}, false, nil
	case err != nil:
		return salon.Settings{}, false, errUnavailable
	}
	return set, true, nil
}

// prompt answers prompts/get of book_a_time: one user message, naming the salon and, when given,
// the service and the stylist, and nothing else. A service or stylist the salon can't book is
// refused with the reason the book tool would give.
func (s salons) prompt(ctx context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
	args := req.Params.Arguments
	id, service, stylist := args[argSalon], args[argService], args[argStylist]
	if id == "" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "the prompt needs its salon argument"}
	}
	view, err := s.desk.Salon(ctx, id)
	if err != nil {
		return nil, asRPC(err)
	}
	set := view.Settings
	if !set.HasMenu() {
		if service != "" || stylist != "" {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: id + " has no menu: leave service and stylist out"}
		}
		text := fmt.Sprintf("Book a time at the salon %q for me. First read the resource %s: it has the salon's phone, "+
			"prices and the times open now. Ask me for my name and how the salon can reach me (a phone number or an "+
			"e-mail address). Then call the %s tool with salon %q, my words, the salon's open slots as openSlots, "+
			"and customer {name, contact}, and ask me which of the times it offers suits me.", id, salonURI(id), ToolName, id)
		return promptResult(id, text), nil
	}
	if err := chosen(id, set, service, stylist); err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Book a time at the salon %q for me. First read the resource %s: it has the salon's phone, "+
		"its menu of services (each with its id, minutes and price), its team of stylists (each with the services they do) "+
		"and the times open now. ", id, salonURI(id))
	switch {
	case service != "" && stylist != "":
		fmt.Fprintf(&b, "I'd like the service %q with the stylist %q. ", service, stylist)
	case service != "":
		fmt.Fprintf(&b, "I'd like the service %q, with any stylist unless I say otherwise. ", service)
	case stylist != "":
		fmt.Fprintf(&b, "I'd like the stylist %q; ask me which of their services I'd like. ", stylist)
	default:
		b.WriteString("Ask me which service I'd like, and whether I'd like a particular stylist. ")
	}
	fmt.Fprintf(&b, "Ask me for my name and how the salon can reach me (a phone number or an e-mail address). "+
		"Then call the %s tool with salon %q, my words, the salon's open slots as openSlots, customer {name, contact}, "+
		"the service's id as service, and the stylist's id as stylist (left out for any stylist), "+
		"and ask me which of the times it offers suits me.", ToolName, id)
	return promptResult(id, b.String()), nil
}

// chosen refuses a service or stylist the menu salon id can't book, with the tool's reason: a
// service not on the menu, a stylist not on the team, or one who doesn't do the service. Either
// may be "", not chosen yet.
func chosen(id string, set salon.Settings, service, stylist string) error {
	switch {
	case service != "":
		return set.Choose(id, service, stylist)
	case stylist == "":
		return nil
	}
	if p, ok := set.Stylist(stylist); ok {
		// A stylist on the team does one service or more: they can be booked for it.
		return set.Choose(id, p.Services[0], stylist)
	}
	return set.Choose(id, set.Services[0].ID, stylist) // refuses the stylist, in Choose's words
}

// promptResult is the prompt's one user message, text, about the salon id.
func promptResult(id, text string) *sdk.GetPromptResult {
	return &sdk.GetPromptResult{
		Description: "Book a time at " + id,
		Messages:    []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: text}}},
	}
}

// offerSalons registers the salon template and the prompt on srv; complete is their completion.
func offerSalons(srv *sdk.Server, s salons) {
	srv.AddResourceTemplate(&sdk.ResourceTemplate{
		URITemplate: SalonURITemplate, Name: "salon", Title: "A salon", MIMEType: "application/json",
		Description: "A registered salon: name, phone, hours, and either its prices or its menu (services with their minutes and prices, in the currency's minor unit) and team (stylists and the services each does), " +
			"and the slots open now with their labels (at a salon with a menu, for its first service with anyone). Read it before calling book.",
	}, s.read)
	srv.AddPrompt(&sdk.Prompt{
		Name: PromptName, Title: "Book a time",
		Description: "Walks through booking a time at one salon: read its open times (and its menu and team, where it has them), ask the customer's name and contact, call book.",
		Arguments: []*sdk.PromptArgument{
			{Name: argSalon, Description: "The salon's id.", Required: true},
			{Name: argService, Description: "At a salon with a menu: the id of the service to book, if the customer has chosen one."},
			{Name: argStylist, Description: "At a salon with a menu: the id of the stylist to book, if the customer wants one; left out, anyone."},
		},
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
