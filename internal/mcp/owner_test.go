// This file tests the owner's assistant: the owner's tools, prompt and day resource listed and
// answered only for the operator's token or a salon's live key, each key on its own salon only,
// across two instances over one database and over stdio's key; and each tool doing what its HTTP
// route does, audited with the key's id.

package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/audit"
	"salon/internal/booking"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/store"
	"salon/internal/wire"
)

// ownerToken is the operator's token of these tests. Never a real deployment's.
const ownerToken = "owner-token-of-the-tests-0123456789abcdef"

// owners is a world of two salons on one SQLite database, studio-nine (simple) and north-star (a
// menu), each with a key, served by two instances.
type owners struct {
	b                 *bench
	db                *store.Store
	nine, north       booking.NewKey // a key of each salon
	instances         [2]*httptest.Server
	ana, rosa, north1 booked // two bookings at studio-nine, one at north-star
}

func newOwners(t *testing.T) *owners {
	t.Helper()
	o := &owners{}
	o.b = calendarBenchWith(t, salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: everyDay(),
	}, salon.Given{}, func(_ *bench, db *store.Store) { o.db = db })
	o.b.svc.OwnerToken = ownerToken
	desk := api.NewDesk(o.b.svc)
	ctx := context.Background()
	menu := menuSettings()
	menu.Name = "North Star"
	if _, err := desk.PutSalon(ctx, "north-star", menu, salon.Given{Services: true, Stylists: true, Currency: true, MinNoticeMinutes: true}); err != nil {
		t.Fatal(err)
	}
	var err error
	if o.nine, err = desk.CreateKey(ctx, "studio-nine", "assistant"); err != nil {
		t.Fatal(err)
	}
	if o.north, err = desk.CreateKey(ctx, "north-star", "assistant"); err != nil {
		t.Fatal(err)
	}
	o.ana, o.rosa = bookAhead(t, o.b, 0, "Ana Lima"), bookAhead(t, o.b, 1, "Rosa Diaz")
	o.north1 = bookMenuAhead(t, o.b, "North Guest")
	for i := range o.instances {
		app := api.New(o.b.svc)
		d := api.NewDesk(o.b.svc)
		access := mcp.NewAccess(d, ownerToken)
		api.MountMCP(app, mcp.Handler(mcp.NewServer(d, mcp.Options{Access: access}), mcp.HTTPOptions{Access: access}))
		o.instances[i] = httptest.NewServer(app)
		t.Cleanup(o.instances[i].Close)
	}
	return o
}

// bookMenuAhead books a cut with Ana at north-star, two days or more after the bench's clock.
func bookMenuAhead(t *testing.T, b *bench, name string) booked {
	t.Helper()
	desk := api.NewDesk(b.svc)
	ctx := context.Background()
	open, err := desk.Availability(ctx, "north-star", salon.Ask{Service: "cut", Stylist: "ana"})
	if err != nil {
		t.Fatal(err)
	}
	var ahead []salon.OpenTime
	for _, s := range open.Times {
		if s.Start.After(b.now().Add(48 * time.Hour)) {
			ahead = append(ahead, s)
		}
	}
	slot := ahead[0]
	r := booking.Request{Salon: "north-star", Booking: step.Request{Message: "A cut?", OpenSlots: []string{slot.ID},
		Customer: &salon.Customer{Name: name, Contact: "guest@example.com"}}, Choice: &salon.Choice{Service: "cut", Stylist: "ana"}}
	res, err := desk.Book(ctx, r)
	if err != nil || res.Question == nil {
		t.Fatalf("round one: %+v %v", res, err)
	}
	r.InputResponses, r.RequestState = []byte(`{"time":{"action":"accept","content":{"time":"`+slot.ID+`"}}}`), &res.State
	res, err = desk.Book(ctx, r)
	done, ok := res.Outcome.(step.Booked)
	if err != nil || !ok {
		t.Fatalf("round two: %+v %v", res, err)
	}
	return booked{id: done.Booking, key: done.Manage, slot: slot.Slot,
		later: ahead[len(ahead)-1].Slot}
}

// withBearer sends every request with Authorization: Bearer token.
type withBearer struct{ token string }

func (w withBearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+w.token)
	return http.DefaultTransport.RoundTrip(r)
}

// overHTTP connects c to instance i of the world, sending token ("" for none).
func (o *owners) overHTTP(t *testing.T, i int, token string, c *sdk.Client, opts *sdk.ClientSessionOptions) *sdk.ClientSession {
	t.Helper()
	client := http.DefaultClient
	if token != "" {
		client = &http.Client{Transport: withBearer{token}}
	}
	cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: o.instances[i].URL + api.MCPPath, HTTPClient: client}, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// overStdio connects c to a server started with key as BOOKING_MCP_KEY, as `bookingd mcp` is, in process.
func (o *owners) overStdio(t *testing.T, key string, c *sdk.Client) *sdk.ClientSession {
	t.Helper()
	d := api.NewDesk(o.b.svc)
	ct, st := sdk.NewInMemoryTransports()
	ss, err := mcp.NewServer(d, mcp.Options{Access: mcp.NewAccess(d, ownerToken), Key: key}).Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := c.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

// ownerWays are the ways an owner reaches the server with a credential.
var ownerWays = []struct {
	name    string
	connect func(t *testing.T, o *owners, token string, c *sdk.Client) *sdk.ClientSession
}{
	{"over HTTP", func(t *testing.T, o *owners, token string, c *sdk.Client) *sdk.ClientSession {
		return o.overHTTP(t, 0, token, c, nil)
	}},
	{"over stdio", func(t *testing.T, o *owners, token string, c *sdk.Client) *sdk.ClientSession {
		return o.overStdio(t, token, c)
	}},
}

var ownerToolNames = []string{mcp.DayToolName, mcp.OwnerCancelToolName, mcp.OwnerMoveToolName, mcp.NoShowToolName, mcp.CloseToolName, mcp.SettingsToolName}

// shown is what cs is listed of the owner's things: tools, prompt and template.
func shown(t *testing.T, cs *sdk.ClientSession) (tools []string, prompt, template bool) {
	t.Helper()
	ctx := context.Background()
	listed, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range listed.Tools {
		if slices.Contains(ownerToolNames, tool.Name) {
			tools = append(tools, tool.Name)
		}
	}
	prompts, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	prompt = slices.ContainsFunc(prompts.Prompts, func(p *sdk.Prompt) bool { return p.Name == mcp.PlanPromptName })
	templates, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	template = slices.ContainsFunc(templates.ResourceTemplates, func(r *sdk.ResourceTemplate) bool { return r.URITemplate == mcp.DayURITemplate })
	return tools, prompt, template
}

func TestTheOwnersToolsAreListedAndAnsweredOnlyForAnOwner(t *testing.T) {
	o := newOwners(t)
	revoked, err := api.NewDesk(o.b.svc).CreateKey(context.Background(), "studio-nine", "old")
	if err != nil {
		t.Fatal(err)
	}
	if err := api.NewDesk(o.b.svc).RevokeKey(context.Background(), "studio-nine", revoked.ID); err != nil {
		t.Fatal(err)
	}
	for _, way := range ownerWays {
		for _, c := range []struct {
			name, token string
			owner       bool
		}{
			{"no credential", "", false},
			{"a wrong token", "not-a-key-of-anyone-0123456789abcdefghij", false},
			{"a key one character off", o.nine.Secret[:len(o.nine.Secret)-1] + "x", false},
			{"a revoked key", revoked.Secret, false},
			{"the salon's key", o.nine.Secret, true},
			{"the operator's token", ownerToken, true},
		} {
			t.Run(way.name+"/"+c.name, func(t *testing.T) {
				cs := way.connect(t, o, c.token, manualClient())
				tools, prompt, template := shown(t, cs)
				if c.owner != (len(tools) == len(ownerToolNames) && prompt && template) || !c.owner && (len(tools) > 0 || prompt || template) {
					t.Fatalf("listed %v, prompt %v, template %v; want the owner's all listed: %v", tools, prompt, template, c.owner)
				}
				res, err := callTool(cs, mcp.DayToolName, map[string]any{"salon": "studio-nine"})
				if c.owner {
					if err != nil || res.IsError {
						t.Fatalf("salon_day: got %v %s, want the day", err, mustJSON(t, res))
					}
					return
				}
				// Answered exactly as a tool the server doesn't have, whatever the arguments name.
				_, unknown := callTool(cs, "no_such_tool", map[string]any{"salon": "studio-nine"})
				want := strings.Replace(unknown.Error(), "no_such_tool", mcp.DayToolName, 1)
				if err == nil || err.Error() != want {
					t.Errorf("salon_day: got %v, want as an unknown tool: %s", err, want)
				}
				for _, tool := range ownerToolNames {
					_, err := callTool(cs, tool, map[string]any{"salon": "nowhere", "booking": o.ana.id})
					wantRPCError(t, err, jsonrpc.CodeInvalidParams, `unknown tool "`+tool+`"`)
				}
				_, err = cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PlanPromptName, Arguments: map[string]string{"salon": "studio-nine"}})
				wantRPCError(t, err, jsonrpc.CodeInvalidParams, `unknown prompt "`+mcp.PlanPromptName+`"`)
				_, err = cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "salon://studio-nine/day/2026-09-23"})
				if err == nil || !strings.Contains(err.Error(), "not found") {
					t.Errorf("reading the day: got %v, want not found", err)
				}
			})
		}
	}
}

func TestASalonsKeyRunsItsOwnSalonOnlyAndSaysNothingOfAnother(t *testing.T) {
	o := newOwners(t)
	for _, way := range ownerWays {
		t.Run(way.name, func(t *testing.T) {
			nine := way.connect(t, o, o.nine.Secret, manualClient())
			for _, tool := range ownerToolNames {
				arguments := func(id string) map[string]any {
					return map[string]any{"salon": id, "booking": o.north1.id, "slot": o.north1.later.ID,
						"from": "2026-12-24T13:00:00Z", "to": "2026-12-27T00:00:00Z"}
				}
				// north-star exists and holds the booking; nowhere doesn't: the same words, the name aside.
				_, other := callTool(nine, tool, arguments("north-star"))
				wantRPCError(t, other, jsonrpc.CodeInvalidParams, "there is no salon north-star")
				_, none := callTool(nine, tool, arguments("nowhere"))
				wantRPCError(t, none, jsonrpc.CodeInvalidParams, "there is no salon nowhere")
			}
			operator := way.connect(t, o, ownerToken, manualClient())
			for _, id := range []string{"studio-nine", "north-star"} {
				res, err := callTool(operator, mcp.SettingsToolName, map[string]any{"salon": id})
				if err != nil || res.IsError {
					t.Fatalf("the operator's salon_settings of %s: %v %s", id, err, mustJSON(t, res))
				}
			}
		})
	}
}

func TestARevokedKeyIsRefusedAtOnceOnEveryInstance(t *testing.T) {
	o := newOwners(t)
	key, err := api.NewDesk(o.b.svc).CreateKey(context.Background(), "studio-nine", "phone")
	if err != nil {
		t.Fatal(err)
	}
	first, second := o.overHTTP(t, 0, key.Secret, manualClient(), nil), o.overHTTP(t, 1, key.Secret, manualClient(), nil)
	for _, cs := range []*sdk.ClientSession{first, second} {
		if res, err := callTool(cs, mcp.DayToolName, map[string]any{"salon": "studio-nine"}); err != nil || res.IsError {
			t.Fatalf("before the revocation: %v %s", err, mustJSON(t, res))
		}
	}
	// Revoked through the first instance's HTTP route, as the owner's page does.
	req, _ := http.NewRequest(http.MethodDelete, o.instances[0].URL+"/salons/studio-nine/keys/"+key.ID, nil)
	req.Header.Set("Authorization", "Bearer "+ownerToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("revoking: %v %v", resp, err)
	}
	resp.Body.Close()
	for i, cs := range []*sdk.ClientSession{first, second} {
		_, err := callTool(cs, mcp.DayToolName, map[string]any{"salon": "studio-nine"})
		wantRPCError(t, err, jsonrpc.CodeInvalidParams, `unknown tool "salon_day"`)
		if tools, _, _ := shown(t, cs); len(tools) != 0 {
			t.Errorf("instance %d lists %v after the revocation", i+1, tools)
		}
	}
}

func TestSalonDayListsTheDayByStylistAsTheOwnersListShowsIt(t *testing.T) {
	o := newOwners(t)
	ctx := context.Background()
	for _, way := range ownerWays {
		t.Run(way.name, func(t *testing.T) {
			cs := way.connect(t, o, o.north.Secret, manualClient())
			date := o.north1.slot.Start.In(london(t)).Format(time.DateOnly)
			res, err := callTool(cs, mcp.DayToolName, map[string]any{"salon": "north-star", "date": date})
			if err != nil || res.IsError {
				t.Fatalf("salon_day: %v %s", err, mustJSON(t, res))
			}
			day := as[wire.SalonDay](t, res.StructuredContent)
			if day.Date != date || day.TimeZone != "Europe/London" || len(day.Stylists) != 2 || *day.Stylists[0].Stylist != "ana" || *day.Stylists[1].Stylist != "ben" {
				t.Fatalf("got %s, want the day's two columns, Ana's then Ben's", mustJSON(t, day))
			}
			got := day.Stylists[0].Bookings
			if len(got) != 1 || got[0].Booking != o.north1.id || got[0].Name != "North Guest" || got[0].Contact != "guest@example.com" || len(day.Stylists[1].Bookings) != 0 {
				t.Errorf("got %s, want North Guest's cut with Ana alone", mustJSON(t, day.Stylists))
			}
			// The row is the owner's list's, as GET /salons/north-star/bookings shows it.
			d, _ := api.NewDesk(o.b.svc).Day(ctx, "north-star", date)
			if mustJSON(t, got[0]) != mustJSON(t, wire.BookingViewOf(d.Stylists[0].Bookings[0])) {
				t.Errorf("got %s, want the owner's list's row", mustJSON(t, got[0]))
			}
			// The day resource is the same JSON, and plan_my_day carries it.
			uri := "salon://north-star/day/" + date
			read, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
			if err != nil || len(read.Contents) != 1 || read.Contents[0].Text != mustJSON(t, day) {
				t.Errorf("reading %s: got %v %s, want the day", uri, err, mustJSON(t, read))
			}
			plan, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: mcp.PlanPromptName, Arguments: map[string]string{"salon": "north-star", "date": date}})
			if err != nil || len(plan.Messages) != 2 {
				t.Fatalf("plan_my_day: %v %s", err, mustJSON(t, plan))
			}
			embedded, ok := plan.Messages[1].Content.(*sdk.EmbeddedResource)
			if !ok || embedded.Resource.URI != uri || embedded.Resource.Text != mustJSON(t, day) {
				t.Errorf("plan_my_day's resource: got %s, want the day", mustJSON(t, plan.Messages[1]))
			}
			if text := plan.Messages[0].Content.(*sdk.TextContent).Text; !strings.Contains(text, uri) || !strings.Contains(text, mcp.OwnerMoveToolName) {
				t.Errorf("plan_my_day's words don't name the resource and the tools: %s", text)
			}
			_, err = callTool(cs, mcp.DayToolName, map[string]any{"salon": "north-star", "date": "5 December"})
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "date must be a day written as YYYY-MM-DD, such as 2026-12-05")
		})
	}
}

func london(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// audited is the salon's audit entry of action (the bench's clock stands still, so the entries
// share one millisecond and their order within it is their random ids'): the first, each by the same
// actor, or a zero entry when there is none.
func audited(t *testing.T, o *owners, id, action string) audit.Entry {
	t.Helper()
	entries, err := api.NewDesk(o.b.svc).Audit(context.Background(), id, nil, 100)
	if err != nil {
		t.Fatalf("the audit of %s: %v", id, err)
	}
	var found []audit.Entry
	for _, e := range entries {
		if e.Action == action && !strings.HasPrefix(e.Detail, "created") {
			found = append(found, e)
		}
	}
	if len(found) == 0 {
		t.Errorf("the audit of %s holds no entry of %s: %+v", id, action, entries)
		return audit.Entry{}
	}
	for _, e := range found[1:] {
		if e.By != found[0].By {
			t.Errorf("the audit of %s: %s by %s and by %s", id, action, found[0].By, e.By)
		}
	}
	return found[0]
}

func TestTheOwnersChangesAreTheRoutesAndAuditedWithTheKeysID(t *testing.T) {
	o := newOwners(t)
	ctx := context.Background()
	cs := o.overHTTP(t, 1, o.nine.Secret, manualClient(), nil)

	// mark_no_show refuses a booking not started yet, with the route's reason.
	_, err := callTool(cs, mcp.NoShowToolName, map[string]any{"salon": "studio-nine", "booking": o.rosa.id})
	_, want := api.NewDesk(o.b.svc).MarkNoShow(ctx, "studio-nine", o.rosa.id)
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, want.Error())

	res, err := callTool(cs, mcp.OwnerCancelToolName, map[string]any{"salon": "studio-nine", "booking": o.rosa.id})
	if err != nil || res.IsError {
		t.Fatalf("cancel_booking_as_owner: %v %s", err, mustJSON(t, res))
	}
	if v := as[wire.BookingView](t, res.StructuredContent); v.Status != "cancelled" || v.Booking != o.rosa.id || v.Name != "Rosa Diaz" {
		t.Errorf("got %s, want Rosa's booking cancelled", mustJSON(t, v))
	}
	if e := audited(t, o, "studio-nine", audit.CancelBooking); e.By != o.nine.ID || e.Booking != o.rosa.id {
		t.Errorf("audit: got %+v, want cancelBooking of %s by %s", e, o.rosa.id, o.nine.ID)
	}
	// A bound the arguments break is the tool's error, in the route's words.
	res, err = callTool(cs, mcp.OwnerCancelToolName, map[string]any{"salon": "studio-nine", "booking": o.ana.id, "refund": "no"})
	_, refused := wire.DecodeCancel([]byte(`{"refund":"no"}`))
	wantToolError(t, res, err, refused.Error())

	// close_time at a simple salon closes the open slots of the span; those booked stay, and are said.
	from, to := o.ana.slot.Start.Add(-2*time.Hour), o.ana.slot.Start.Add(2*time.Hour)
	res, err = callTool(cs, mcp.CloseToolName, map[string]any{"salon": "studio-nine", "from": from.UTC().Format(time.RFC3339), "to": to.UTC().Format(time.RFC3339)})
	if err != nil || res.IsError {
		t.Fatalf("close_time: %v %s", err, mustJSON(t, res))
	}
	closed := as[wire.TimeClosed](t, res.StructuredContent)
	if len(closed.Slots) == 0 || slices.Contains(closed.Slots, o.ana.slot.ID) || !slices.Equal(closed.Booked, []string{o.ana.slot.ID}) || closed.Closure != nil {
		t.Errorf("got %s, want the open slots around Ana's closed and hers left", mustJSON(t, closed))
	}
	slots, _ := api.NewDesk(o.b.svc).Slots(ctx, "studio-nine", from, to)
	for _, s := range slots {
		if s.ID != o.ana.slot.ID && s.Taken != salon.TakenClosed {
			t.Errorf("%s is %v after close_time, want closed", s.ID, s.Taken)
		}
	}
	if e := audited(t, o, "studio-nine", audit.CloseSlot); e.By != o.nine.ID {
		t.Errorf("audit: got %+v, want closeSlot by %s", e, o.nine.ID)
	}

	// close_time at a menu salon adds a closure to its settings, in one transaction.
	north := o.overHTTP(t, 0, o.north.Secret, manualClient(), nil)
	res, err = callTool(north, mcp.CloseToolName, map[string]any{"salon": "north-star", "from": "2026-12-24T13:00:00Z", "to": "2026-12-27T00:00:00Z", "stylist": "ben", "note": "Christmas"})
	if err != nil || res.IsError {
		t.Fatalf("close_time: %v %s", err, mustJSON(t, res))
	}
	view, _ := api.NewDesk(o.b.svc).Salon(ctx, "north-star")
	if c := view.Settings.Closures; len(c) != 1 || c[0].Stylist != "ben" || c[0].Note != "Christmas" || !c[0].From.Equal(time.Date(2026, 12, 24, 13, 0, 0, 0, time.UTC)) {
		t.Errorf("the settings' closures: got %+v, want Ben's Christmas", c)
	}
	if e := audited(t, o, "north-star", audit.PutSalon); e.By != o.north.ID {
		t.Errorf("audit: got %+v, want putSalon by %s", e, o.north.ID)
	}
	_, err = callTool(north, mcp.CloseToolName, map[string]any{"salon": "north-star", "from": "2026-12-24T13:00:00Z", "to": "2026-12-27T00:00:00Z", "stylist": "zed"})
	if err == nil {
		t.Error("a closure of a stylist not on the team: got no refusal")
	}
	res, err = callTool(north, mcp.CloseToolName, map[string]any{"salon": "north-star", "from": "Christmas", "to": "2026-12-27T00:00:00Z"})
	wantToolError(t, res, err, "from must be a time in RFC 3339, such as 2026-12-24T13:00:00Z")
	if view, _ := api.NewDesk(o.b.svc).Salon(ctx, "north-star"); len(view.Settings.Closures) != 1 {
		t.Errorf("after two refusals: %d closures, want 1", len(view.Settings.Closures))
	}

	// salon_settings reads what GET /salons/{salon} shows.
	res, err = callTool(north, mcp.SettingsToolName, map[string]any{"salon": "north-star"})
	if err != nil || mustJSON(t, as[wire.SalonView](t, res.StructuredContent)) != mustJSON(t, wire.ViewOf(view)) {
		t.Errorf("salon_settings: got %v %s, want the salon's view", err, mustJSON(t, res))
	}
}

func TestTheOwnersMoveIsConfirmedInTwoRoundsAndMovesOnce(t *testing.T) {
	o := newOwners(t)
	ctx := context.Background()
	cs := o.overHTTP(t, 0, o.north.Secret, manualClient(), nil)
	arguments := map[string]any{"salon": "north-star", "booking": o.north1.id, "slot": o.north1.later.ID, "stylist": "ben"}
	res, state := roundOneOf(t, cs, mcp.OwnerMoveToolName, arguments)
	if got := offered(t, res); !slices.Equal(got, []string{o.north1.later.ID}) {
		t.Errorf("offered %v, want the one start %s", got, o.north1.later.ID)
	}
	question := mustJSON(t, res.InputRequests["time"])
	for _, said := range []string{"North Guest", "Cut with Ben", o.north1.slot.Label, o.north1.later.Label} {
		if !strings.Contains(question, said) {
			t.Errorf("the question %s doesn't say %q", question, said)
		}
	}
	if b, _ := api.NewDesk(o.b.svc).Day(ctx, "north-star", ""); b.Date == "" {
		t.Fatal("no day")
	}
	// The state is the owner's: it moves no other booking, and completes once.
	other := map[string]any{"salon": "north-star", "booking": o.north1.id, "slot": o.north1.later.ID}
	_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.OwnerMoveToolName, Arguments: other, InputResponses: accept(o.north1.later.ID), RequestState: state})
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState belongs to another request")
	second := &sdk.CallToolParams{Name: mcp.OwnerMoveToolName, Arguments: arguments, InputResponses: accept(o.north1.later.ID), RequestState: state}
	res, err = cs.CallTool(ctx, second)
	wantBooked(t, res, err, map[string]string{"slot": o.north1.later.ID, "booking": o.north1.id, "stylist": "ben",
		"say": "North Guest's booking is now " + o.north1.later.Label + "."})
	_, err = cs.CallTool(ctx, second)
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
	page, _ := api.NewDesk(o.b.svc).Bookings(ctx, "north-star", time.Time{}, time.Time{}, 0, nil)
	if len(page.Bookings) != 1 || page.Bookings[0].Slot != o.north1.later.ID || page.Bookings[0].Stylist != "ben" || page.Bookings[0].CustomerMoves != 0 {
		t.Errorf("in the database: got %+v, want the booking with Ben at %s, no customer's move counted", page.Bookings, o.north1.later.ID)
	}
	if e := audited(t, o, "north-star", audit.MoveBooking); e.By != o.north.ID || e.Booking != o.north1.id {
		t.Errorf("audit: got %+v, want moveBooking by %s", e, o.north.ID)
	}
	// A customer's state can't move for the owner: the tools' digests differ.
	_, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.OwnerMoveToolName, Arguments: map[string]any{"salon": "north-star", "booking": o.north1.id, "slot": o.north1.slot.ID}, InputResponses: accept(o.north1.slot.ID), RequestState: state})
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState belongs to another request")

	// A decline spends the state and moves nothing; a start taken is refused in round one, as the route refuses it.
	back := map[string]any{"salon": "north-star", "booking": o.north1.id, "slot": o.north1.slot.ID}
	_, state = roundOneOf(t, cs, mcp.OwnerMoveToolName, back)
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.OwnerMoveToolName, Arguments: back, InputResponses: sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: "decline"}}, RequestState: state})
	if err != nil || res.IsError || as[map[string]any](t, res.StructuredContent)["status"] != wire.StatusNotBooked {
		t.Errorf("declined: got %v %s, want not_booked", err, mustJSON(t, res))
	}
	nine := o.overHTTP(t, 0, o.nine.Secret, manualClient(), nil)
	_, err = callTool(nine, mcp.OwnerMoveToolName, map[string]any{"salon": "studio-nine", "booking": o.ana.id, "slot": o.rosa.slot.ID})
	if _, want := api.NewDesk(o.b.svc).Move(ctx, "studio-nine", o.ana.id, o.rosa.slot.ID, ""); want == nil {
		t.Fatal("the route moved Ana onto Rosa's slot")
	} else {
		wantRPCError(t, err, jsonrpc.CodeInvalidParams, want.Error())
	}
}

func TestALegacyOwnerConfirmsTheMoveInTheConversation(t *testing.T) {
	o := newOwners(t)
	cs := o.overHTTP(t, 0, o.nine.Secret, answeringClient(func(*sdk.ElicitRequest) *sdk.ElicitResult {
		t.Error("the server asked a client over stateless HTTP with elicitation/create")
		return &sdk.ElicitResult{Action: "cancel"}
	}), &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	arguments := map[string]any{"salon": "studio-nine", "booking": o.ana.id, "slot": o.ana.later.ID}
	res, err := callTool(cs, mcp.OwnerMoveToolName, arguments)
	if err != nil || res.IsError || res.NeedsInput() {
		t.Fatalf("round one: got %v %s, want the question in the conversation", err, mustJSON(t, res))
	}
	asking := as[mcp.Asking](t, res.StructuredContent)
	if !strings.Contains(asking.Say, "Ana Lima") || !slices.Equal(asking.Times, []string{o.ana.later.ID}) || asking.RequestState == "" {
		t.Fatalf("round one: got %s, want Ana's move to %s to confirm", mustJSON(t, asking), o.ana.later.ID)
	}
	res, err = callTool(cs, mcp.OwnerMoveToolName, answering(arguments, map[string]any{"action": "accept", "content": map[string]any{"time": o.ana.later.ID}}, asking.RequestState))
	wantBooked(t, res, err, map[string]string{"slot": o.ana.later.ID, "booking": o.ana.id, "say": "Ana Lima's booking is now " + o.ana.later.Label + "."})
}

func TestAnOwnersListsAreCachedPrivately(t *testing.T) {
	o := newOwners(t)
	for _, c := range []struct {
		name, authorization, scope string
		owners                     bool
	}{
		{"no credential", "", "public", false},
		{"the salon's key", "Bearer " + o.nine.Secret, "private", true},
		{"a wrong token", "Bearer not-a-key-of-anyone-0123456789abcdefghij", "private", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, _, body := mcptest.Post(t, o.instances[0].URL+api.MCPPath,
				`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{`+mcptest.Meta+`}}`,
				map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/list", "Authorization": c.authorization})
			var reply struct {
				Result struct {
					CacheScope string
					Tools      []struct{ Name string }
				}
			}
			if status != http.StatusOK || json.Unmarshal([]byte(body), &reply) != nil {
				t.Fatalf("got %d %s", status, body)
			}
			listed := slices.ContainsFunc(reply.Result.Tools, func(tool struct{ Name string }) bool { return tool.Name == mcp.DayToolName })
			if reply.Result.CacheScope != c.scope || listed != c.owners {
				t.Errorf("got cacheScope %q, owner's tools listed %v; want %q, %v", reply.Result.CacheScope, listed, c.scope, c.owners)
			}
		})
	}
}
