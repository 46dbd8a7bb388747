// This file tests the book tool at a salon with a menu: a service with a stylist or anyone, through the form and in the conversation, the route's refusals, and a state bound to its service and stylist.

package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/booking"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/wire"
)

// newMenuBench is a bench whose calendar holds studio-nine as a salon with a menu, in GBP, open
// every day from 09:00 to 17:00 in London with no notice: a cut (45 minutes, £45.00), a colour
// (90 minutes and 30 of processing, £80.00) and a beard trim (15 minutes, no price); Ana does
// everything, Ben cuts and trims.
func newMenuBench(t *testing.T) *bench {
	t.Helper()
	return calendarBench(t, menuSettings(), salon.Given{Services: true, Stylists: true, Currency: true, MinNoticeMinutes: true})
}

func menuSettings() salon.Settings {
	price := func(p int64) *int64 { return &p }
	return salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: everyDay(), Currency: "GBP",
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45, Price: price(4500)},
			{ID: "colour", Name: "Colour", Minutes: 90, Price: price(8000), AfterMinutes: 30},
			{ID: "beard-trim", Name: "Beard trim", Minutes: 15},
		},
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: []string{"cut", "colour", "beard-trim"}},
			{ID: "ben", Name: "Ben", Services: []string{"cut", "beard-trim"}},
		},
	}
}

// menuPage is studio-nine as its page reads it now.
func menuPage(t *testing.T, b *bench) booking.View {
	t.Helper()
	page, err := api.NewDesk(b.svc).Salon(context.Background(), "studio-nine")
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Open) < 6 {
		t.Fatalf("studio-nine holds %d open slots, want at least 6", len(page.Open))
	}
	return page
}

// menuArgs is a booking at studio-nine of the page's first six open slots, with changes.
func menuArgs(page booking.View, changes map[string]any) map[string]any {
	ids := make([]string, 6)
	for i := range ids {
		ids[i] = page.Open[i].ID
	}
	out := map[string]any{"salon": "studio-nine", "message": "Whenever suits.", "openSlots": ids,
		"customer": map[string]any{"name": "Rosa Quintero", "contact": "rosa@example.org"}}
	for k, v := range changes {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

// labelOf is the label of the page's slot id.
func labelOf(t *testing.T, page booking.View, id string) string {
	t.Helper()
	i := slices.IndexFunc(page.Open, func(s salon.Slot) bool { return s.ID == id })
	if i < 0 {
		t.Fatalf("%s is none of the page's open slots", id)
	}
	return page.Open[i].Label
}

// wantBooked checks a completed booking: status booked and each of the fields want names, in
// structuredContent and the same JSON as its one text block. Fields it doesn't name may be there.
func wantBooked(t *testing.T, res *sdk.CallToolResult, err error, want map[string]string) {
	t.Helper()
	if err != nil {
		t.Fatalf("got error %v, want booked %v", err, want)
	}
	if res.NeedsInput() || res.IsError || len(res.Content) != 1 {
		t.Fatalf("got %s, want a completed booking %v", mustJSON(t, res), want)
	}
	got := as[map[string]any](t, res.StructuredContent)
	var said map[string]any
	if text, ok := res.Content[0].(*sdk.TextContent); !ok || json.Unmarshal([]byte(text.Text), &said) != nil || !reflect.DeepEqual(said, got) {
		t.Errorf("content: got %s, want the JSON of %s", mustJSON(t, res.Content[0]), mustJSON(t, got))
	}
	if got["status"] != wire.StatusBooked {
		t.Errorf("got %s, want status booked", mustJSON(t, got))
	}
	for field, value := range want {
		if got[field] != value {
			t.Errorf("%s: got %v, want %q (in %s)", field, got[field], value, mustJSON(t, got))
		}
	}
}

// offered is the times round one's form offers.
func offered(t *testing.T, res *sdk.CallToolResult) []string {
	t.Helper()
	var form struct {
		RequestedSchema struct {
			Properties struct{ Time struct{ Enum []string } }
		}
	}
	if err := json.Unmarshal([]byte(mustJSON(t, res.InputRequests["time"])), &form); err != nil || len(form.RequestedSchema.Properties.Time.Enum) == 0 {
		t.Fatalf("round one: got %s, want a form offering times", mustJSON(t, res))
	}
	return form.RequestedSchema.Properties.Time.Enum
}

func TestTheToolBooksAServiceWithAStylistOrAnyone(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newMenuBench(t)
			cs := tr.connect(t, b, manualClient(), nil)
			page := menuPage(t, b)

			colour := menuArgs(page, map[string]any{"service": "colour", "stylist": "ana"})
			res, state := roundOne(t, cs, colour)
			first := offered(t, res)[0]
			res, err := roundTwo(cs, colour, accept(first), state)
			wantBooked(t, res, err, map[string]string{"slot": first, "say": "Colour with Ana, " + labelOf(t, page, first) + ", is yours.",
				"booking": "booking-b", "service": "colour", "stylist": "ana"})

			// Ana holds the colour then, so anyone's cut at the same start is Ben's.
			cut := menuArgs(page, map[string]any{"service": "cut", "openSlots": []string{first}})
			res, state = roundOne(t, cs, cut)
			if got := offered(t, res); !slices.Equal(got, []string{first}) {
				t.Fatalf("anyone's cut: offered %q, want %s", got, first)
			}
			res, err = roundTwo(cs, cut, accept(first), state)
			wantBooked(t, res, err, map[string]string{"slot": first, "say": "Cut with Ben, " + labelOf(t, page, first) + ", is yours.",
				"booking": "booking-c", "service": "cut", "stylist": "ben"})

			// Both are booked then: Ana can't take another colour.
			res, err = call(cs, menuArgs(page, map[string]any{"service": "colour", "openSlots": []string{first}}))
			wantOutcome(t, res, err, `{"status":"not_booked","say":"Nothing is open then, so the salon will call you."}`)
		})
	}
}

// A visit of a cut and a colour books as one, through the same arguments as the route's, and
// names both; a service and services both are refused as the route refuses them.
func TestTheToolBooksAVisitOfSeveralServices(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newMenuBench(t)
			cs := tr.connect(t, b, manualClient(), nil)
			page := menuPage(t, b)
			visit := menuArgs(page, map[string]any{"service": nil, "services": []string{"cut", "colour"}, "stylist": "ana"})
			res, state := roundOne(t, cs, visit)
			first := offered(t, res)[0]
			res, err := roundTwo(cs, visit, accept(first), state)
			wantBooked(t, res, err, map[string]string{"slot": first, "say": "Cut and colour with Ana, " + labelOf(t, page, first) + ", is yours.",
				"booking": "booking-b", "service": "cut", "stylist": "ana"})
			if got := as[map[string]any](t, res.StructuredContent)["services"]; !reflect.DeepEqual(got, []any{"cut", "colour"}) {
				t.Errorf("got services %v, want [cut colour]", got)
			}
			res, err = call(cs, menuArgs(page, map[string]any{"service": "cut", "services": []string{"cut", "colour"}}))
			said := fmt.Sprint(err)
			if err == nil {
				said = mustJSON(t, res)
			}
			if (err == nil && !res.IsError) || !strings.Contains(said, "give service or services, not both") {
				t.Errorf("service and services both: got %s, want the route's refusal", said)
			}
		})
	}
}

// The menu's refusals come through the route's rules: the same reason word for word, -32602 from
// the desk, a tool error for a bound of the arguments.
func TestTheMenusRefusalsAreTheRoutes(t *testing.T) {
	b := newMenuBench(t)
	cs := transports[1].connect(t, b, manualClient(), nil)
	page := menuPage(t, b)
	for _, c := range []struct {
		name    string
		changes map[string]any
		want    string
		tool    bool // a tool execution error rather than -32602
	}{
		{"no service where the menu has three", map[string]any{"service": nil}, "arguments.service is required at this salon", false},
		{"a service not on the menu", map[string]any{"service": "perm"}, "studio-nine offers no service perm", false},
		{"a stylist not on the team", map[string]any{"service": "cut", "stylist": "zoe"}, "studio-nine has no stylist zoe", false},
		{"a stylist who doesn't do it", map[string]any{"service": "colour", "stylist": "ben"}, "Ben doesn't do Colour", false},
		{"a service not written as ids are", map[string]any{"service": "Cut!"}, "studio-nine offers no such service", false},
		{"an empty service", map[string]any{"service": ""}, "arguments.service must be 1 to 40 characters", true},
		{"a stylist over the bound", map[string]any{"service": "cut", "stylist": strings.Repeat("a", wire.MaxIDChars+1)}, "arguments.stylist must be 1 to 40 characters", true},
		{"a service that isn't a string", map[string]any{"service": 5}, "arguments.service must be a string", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			arguments := menuArgs(page, c.changes)
			res, err := call(cs, arguments)
			if c.tool {
				wantToolError(t, res, err, c.want)
			} else {
				wantRPCError(t, err, jsonrpc.CodeInvalidParams, c.want)
			}
			body := map[string]any{}
			for k, v := range arguments {
				if k != "salon" {
					body[k] = v
				}
			}
			status, _, reply := mcptest.Post(t, b.http.URL+"/salons/studio-nine/book", `{"arguments":`+mustJSON(t, body)+`}`, nil)
			if status != http.StatusBadRequest || reply != mustJSON(t, c.want) {
				t.Errorf("the route: got %d %s, want 400 %s", status, reply, mustJSON(t, c.want))
			}
		})
	}
}

func TestAStateIsBoundToItsServiceAndStylist(t *testing.T) {
	b := newMenuBench(t)
	cs := transports[0].connect(t, b, manualClient(), nil)
	page := menuPage(t, b)
	cut := menuArgs(page, map[string]any{"service": "cut", "stylist": "ana"})
	res, state := roundOne(t, cs, cut)
	first := offered(t, res)[0]
	for _, changes := range []map[string]any{
		{"service": "colour"},
		{"stylist": "ben"},
		{"stylist": nil},
		{"service": "beard-trim"},
	} {
		changed := menuArgs(page, map[string]any{"service": "cut", "stylist": "ana"})
		for k, v := range changes {
			if v == nil {
				delete(changed, k)
			} else {
				changed[k] = v
			}
		}
		_, err := roundTwo(cs, changed, accept(first), state)
		wantRPCError(t, err, jsonrpc.CodeInvalidParams, requeststate.ErrAnotherRequest.Error())
	}
	res, err := roundTwo(cs, cut, accept(first), state)
	wantBooked(t, res, err, map[string]string{"slot": first, "say": "Cut with Ana, " + labelOf(t, page, first) + ", is yours.",
		"booking": "booking-b", "service": "cut", "stylist": "ana"})
}

func TestAClientAskedInTheConversationBooksFromTheMenu(t *testing.T) {
	b := newMenuBench(t)
	cs := legacyOverHTTP(t, b, "2025-11-25")
	page := menuPage(t, b)
	colour := menuArgs(page, map[string]any{"service": "colour"})
	res, err := call(cs, colour)
	if err != nil || res.IsError {
		t.Fatalf("round one: got %v %s, want the question", err, mustJSON(t, res))
	}
	asked := as[mcp.Asking](t, res.StructuredContent)
	if asked.Status != wire.ResultInputRequired || len(asked.Times) != 2 || asked.RequestState == "" {
		t.Fatalf("round one: got %s, want two times offered with a state", mustJSON(t, asked))
	}
	second := asked.Times[1]
	answer := map[string]any{"action": "accept", "content": map[string]any{"time": second}}

	// Round two's refusals reach the model as tool errors, with the route's reasons.
	res, err = call(cs, answering(menuArgs(page, map[string]any{"service": "colour", "stylist": "ben"}), answer, asked.RequestState))
	wantToolError(t, res, err, "Ben doesn't do Colour")
	res, err = call(cs, answering(menuArgs(page, map[string]any{"service": "cut"}), answer, asked.RequestState))
	wantToolError(t, res, err, requeststate.ErrAnotherRequest.Error())

	res, err = call(cs, answering(colour, answer, asked.RequestState))
	wantBooked(t, res, err, map[string]string{"slot": second, "say": "Colour with Ana, " + labelOf(t, page, second) + ", is yours.",
		"booking": "booking-b", "service": "colour", "stylist": "ana"})
}

func TestTheMenuSalonsResourceShowsTheMenuAndTheTeam(t *testing.T) {
	b := newMenuBench(t)
	cs := transports[1].connect(t, b, manualClient(), nil)
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if last := list.Resources[len(list.Resources)-1]; last.URI != "salon://studio-nine" || !strings.Contains(last.Description, "menu") {
		t.Errorf("got the resource %s, want salon://studio-nine described with its menu", mustJSON(t, last))
	}
	read, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "salon://studio-nine"})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 {
		t.Fatalf("got %s, want one content", mustJSON(t, read))
	}
	text := read.Contents[0].Text
	if want := mustJSON(t, wire.ViewOf(menuPage(t, b))); text != want {
		t.Errorf("got %s, want what GET /salons/studio-nine shows: %s", text, want)
	}
	var view struct {
		Currency string
		Services []struct {
			ID, Name     string
			Minutes      int
			Price        *int64
			AfterMinutes int
		}
		Stylists []struct {
			ID, Name string
			Services []string
		}
		Prices, SlotMinutes any
		OpenSlots           []wire.OpenSlot
	}
	if err := json.Unmarshal([]byte(text), &view); err != nil {
		t.Fatal(err)
	}
	var menu, team []string
	for _, v := range view.Services {
		price := "none"
		if v.Price != nil {
			price = mustJSON(t, *v.Price)
		}
		menu = append(menu, v.ID+":"+v.Name+":"+mustJSON(t, v.Minutes)+"+"+mustJSON(t, v.AfterMinutes)+":"+price)
	}
	for _, p := range view.Stylists {
		team = append(team, p.ID+":"+p.Name+":"+strings.Join(p.Services, "/"))
	}
	if got, want := strings.Join(menu, " "), "cut:Cut:45+0:4500 colour:Colour:90+30:8000 beard-trim:Beard trim:15+0:none"; got != want {
		t.Errorf("the menu: got %s, want %s", got, want)
	}
	if got, want := strings.Join(team, " "), "ana:Ana:cut/colour/beard-trim ben:Ben:cut/beard-trim"; got != want {
		t.Errorf("the team: got %s, want %s", got, want)
	}
	if view.Currency != "GBP" || view.Prices != nil || view.SlotMinutes != nil || len(view.OpenSlots) == 0 {
		t.Errorf("got %s, want GBP, open slots, and neither a simple salon's prices nor its slotMinutes", text)
	}
}

func TestTheServiceAndTheStylistAreCompletedFromTheSalonsMenu(t *testing.T) {
	b := newMenuBench(t)
	cs := transports[1].connect(t, b, manualClient(), nil)
	prompt := &sdk.CompleteReference{Type: "ref/prompt", Name: mcp.PromptName}
	template := &sdk.CompleteReference{Type: "ref/resource", URI: mcp.SalonURITemplate}
	for _, c := range []struct {
		name     string
		ref      *sdk.CompleteReference
		argument string
		value    string
		context  map[string]string
		want     string
	}{
		{"every service", prompt, "service", "", map[string]string{"salon": "studio-nine"}, "cut,colour,beard-trim"},
		{"services that start with c", prompt, "service", "c", map[string]string{"salon": "studio-nine"}, "cut,colour"},
		{"no service starts so", prompt, "service", "x", map[string]string{"salon": "studio-nine"}, ""},
		{"every stylist", prompt, "stylist", "", map[string]string{"salon": "studio-nine"}, "ana,ben"},
		{"the stylists who do a colour", prompt, "stylist", "", map[string]string{"salon": "studio-nine", "service": "colour"}, "ana"},
		{"the stylists who cut, from b", prompt, "stylist", "b", map[string]string{"salon": "studio-nine", "service": "cut"}, "ben"},
		{"a service not on the menu names no one out", prompt, "stylist", "", map[string]string{"salon": "studio-nine", "service": "perm"}, "ana,ben"},
		{"no salon in the context", prompt, "service", "", nil, ""},
		{"an unknown salon", prompt, "service", "", map[string]string{"salon": "elsewhere"}, ""},
		{"the template has no service", template, "service", "", map[string]string{"salon": "studio-nine"}, ""},
		{"the salon still", prompt, "salon", "stu", nil, "studio-nine"},
	} {
		t.Run(c.name, func(t *testing.T) {
			params := &sdk.CompleteParams{Ref: c.ref, Argument: sdk.CompleteParamsArgument{Name: c.argument, Value: c.value}}
			if c.context != nil {
				params.Context = &sdk.CompleteContext{Arguments: c.context}
			}
			done, err := cs.Complete(context.Background(), params)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(done.Completion.Values, ","); got != c.want || done.Completion.Total != len(done.Completion.Values) {
				t.Errorf("got %s, want values %q", mustJSON(t, done.Completion), c.want)
			}
		})
	}
}

func TestASimpleSalonCompletesNoService(t *testing.T) {
	b := newCalendarBench(t)
	cs := transports[0].connect(t, b, manualClient(), nil)
	done, err := cs.Complete(context.Background(), &sdk.CompleteParams{Ref: &sdk.CompleteReference{Type: "ref/prompt", Name: mcp.PromptName},
		Argument: sdk.CompleteParamsArgument{Name: "service"}, Context: &sdk.CompleteContext{Arguments: map[string]string{"salon": "studio-nine"}}})
	if err != nil || len(done.Completion.Values) != 0 {
		t.Errorf("got %v %v, want no service", done, err)
	}
	_, err = cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PromptName, Arguments: map[string]string{"salon": "studio-nine", "service": "cut"}})
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "studio-nine has no menu: leave service and stylist out")
}

func TestThePromptNamesTheServiceAndTheStylistTheToolWouldBook(t *testing.T) {
	b := newMenuBench(t)
	cs := transports[0].connect(t, b, manualClient(), nil)
	list, err := cs.ListPrompts(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range list.Prompts[0].Arguments {
		names = append(names, a.Name+":"+mustJSON(t, a.Required))
	}
	if got := strings.Join(names, " "); got != "salon:true service:false stylist:false" {
		t.Errorf("the prompt's arguments: got %s, want salon required, service and stylist optional", got)
	}
	for _, c := range []struct {
		args map[string]string
		says []string
	}{
		{map[string]string{"salon": "studio-nine"}, []string{"salon://studio-nine", "Ask me which service", "service", "stylist", mcp.ToolName}},
		{map[string]string{"salon": "studio-nine", "service": "colour", "stylist": "ana"}, []string{`the service "colour" with the stylist "ana"`}},
		{map[string]string{"salon": "studio-nine", "service": "cut"}, []string{`the service "cut", with any stylist`}},
		{map[string]string{"salon": "studio-nine", "stylist": "ben"}, []string{`the stylist "ben"; ask me which of their services`}},
	} {
		got, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PromptName, Arguments: c.args})
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		text := got.Messages[0].Content.(*sdk.TextContent).Text
		for _, want := range c.says {
			if !strings.Contains(text, want) {
				t.Errorf("%v: the prompt %q doesn't say %q", c.args, text, want)
			}
		}
	}
	for _, c := range []struct {
		args map[string]string
		want string
	}{
		{map[string]string{"salon": "studio-nine", "service": "perm"}, "studio-nine offers no service perm"},
		{map[string]string{"salon": "studio-nine", "service": "colour", "stylist": "ben"}, "Ben doesn't do Colour"},
		{map[string]string{"salon": "studio-nine", "stylist": "zoe"}, "studio-nine has no stylist zoe"},
		{map[string]string{"salon": "studio-nine", "stylist": "Zoe!"}, "studio-nine has no such stylist"},
	} {
		_, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PromptName, Arguments: c.args})
		wantRPCError(t, err, jsonrpc.CodeInvalidParams, c.want)
	}
}
