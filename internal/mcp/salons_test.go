// This file tests the salons as an assistant meets them: listed and read as resources, their id completed, the prompt, and the book tool on a real calendar.

package mcp_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/wire"
)

// newCalendarBench is a bench whose desk books against a fresh SQLite calendar holding studio-nine,
// open every day from 09:00 to 17:00 in London.
func newCalendarBench(t *testing.T) *bench {
	t.Helper()
	return calendarBench(t, salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: everyDay(),
		Prices: []salon.Price{{Service: "cut", Price: "$45"}},
	}, salon.Given{})
}

// everyDay is open every day from 09:00 to 17:00.
func everyDay() salon.Hours {
	day := []salon.Interval{{Start: 9 * 60, End: 17 * 60}}
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	return hours
}

// calendarBench is a bench whose desk books against a fresh SQLite calendar holding studio-nine
// put with settings, given saying which fields were put.
func calendarBench(t *testing.T, settings salon.Settings, given salon.Given) *bench {
	t.Helper()
	return calendarBenchWith(t, settings, given, nil)
}

// calendarBenchWith is calendarBench with the service configure makes of it, on its calendar db,
// before the salon is put; a nil configure changes nothing.
func calendarBenchWith(t *testing.T, settings salon.Settings, given salon.Given, configure func(*bench, *store.Store)) *bench {
	t.Helper()
	b := newBench(t, false)
	db, err := store.Open(context.Background(), storetest.SQLite(t), b.svc.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	n := 0
	b.svc.Calendar, b.svc.BookingID = db, func() string { n++; return "booking-" + string(rune('a'+n)) }
	b.svc.Access, b.svc.Tell, b.svc.MyCalendar, b.svc.Amend = db, db, db, db
	if configure != nil {
		configure(b, db)
	}
	if _, err := api.NewDesk(b.svc).PutSalon(context.Background(), "studio-nine", settings, given); err != nil {
		t.Fatal(err)
	}
	app := api.New(b.svc)
	api.MountMCP(app, mcp.Handler(mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}), mcp.HTTPOptions{}))
	b.http.Close()
	b.http = httptest.NewServer(app)
	t.Cleanup(b.http.Close)
	return b
}

func TestTheRegisteredSalonsAreListedAndReadAsTheirPageReadsThem(t *testing.T) {
	b := newCalendarBench(t)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			cs := tr.connect(t, b, manualClient(), nil)
			list, err := cs.ListResources(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			var uris []string
			for _, r := range list.Resources {
				uris = append(uris, r.URI)
			}
			if strings.Join(uris, " ") != mcp.GuideURI+" salon://studio-nine" {
				t.Fatalf("got resources %q, want the guide and salon://studio-nine", uris)
			}
			read, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "salon://studio-nine"})
			if err != nil {
				t.Fatal(err)
			}
			if len(read.Contents) != 1 || read.Contents[0].MIMEType != "application/json" {
				t.Fatalf("got %s, want one JSON content", mustJSON(t, read))
			}
			var view wire.SalonView
			if err := json.Unmarshal([]byte(read.Contents[0].Text), &view); err != nil {
				t.Fatal(err)
			}
			page, err := api.NewDesk(b.svc).Salon(context.Background(), "studio-nine")
			if err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(t, view), mustJSON(t, wire.ViewOf(page)); got != want {
				t.Errorf("got %s, want what GET /salons/studio-nine shows: %s", got, want)
			}
			if len(view.OpenSlots) == 0 || view.OpenSlots[0].Label == "" || view.Phone != "+44 20 7946 0000" {
				t.Errorf("got %s, want open slots with labels and the phone", mustJSON(t, view))
			}
		})
	}
}

func TestAnUnknownSalonIsTheRevisionsResourceNotFound(t *testing.T) {
	b := newCalendarBench(t)
	for _, c := range []struct {
		revision string
		code     int64
	}{{"2026-07-28", -32602}, {"2025-11-25", -32002}} {
		t.Run(c.revision, func(t *testing.T) {
			body := `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"salon://elsewhere"}}`
			headers := map[string]string{"MCP-Protocol-Version": c.revision}
			if c.revision == mcp.ProtocolVersion {
				body = `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"salon://elsewhere",` + meta(`{}`) + `}}`
				headers["Mcp-Method"], headers["Mcp-Name"] = "resources/read", "salon://elsewhere"
			}
			_, _, reply := mcptest.Post(t, b.http.URL+api.MCPPath, body, headers)
			var got struct{ Error struct{ Code int64 } }
			if json.Unmarshal([]byte(reply), &got) != nil || got.Error.Code != c.code {
				t.Errorf("got %s, want error code %d", reply, c.code)
			}
		})
	}
}

func TestTheSalonArgumentIsCompletedAndThePromptNamesOnlyTheSalon(t *testing.T) {
	b := newCalendarBench(t)
	cs := transports[0].connect(t, b, manualClient(), nil)
	for _, ref := range []*sdk.CompleteReference{
		{Type: "ref/resource", URI: mcp.SalonURITemplate},
		{Type: "ref/prompt", Name: mcp.PromptName},
	} {
		done, err := cs.Complete(context.Background(), &sdk.CompleteParams{Ref: ref, Argument: sdk.CompleteParamsArgument{Name: "salon", Value: "stu"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(done.Completion.Values, ","); got != "studio-nine" {
			t.Errorf("%s: got completions %q, want studio-nine", ref.Type, got)
		}
	}
	done, err := cs.Complete(context.Background(), &sdk.CompleteParams{Ref: &sdk.CompleteReference{Type: "ref/prompt", Name: mcp.PromptName},
		Argument: sdk.CompleteParamsArgument{Name: "salon", Value: "x"}})
	if err != nil || len(done.Completion.Values) != 0 {
		t.Errorf("completing x: got %v %v, want none", done, err)
	}
	prompt, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PromptName, Arguments: map[string]string{"salon": "studio-nine"}})
	if err != nil {
		t.Fatal(err)
	}
	text := prompt.Messages[0].Content.(*sdk.TextContent).Text
	for _, want := range []string{"salon://studio-nine", "name", "contact", mcp.ToolName} {
		if !strings.Contains(text, want) {
			t.Errorf("the prompt %q doesn't say %q", text, want)
		}
	}
	if _, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: mcp.PromptName, Arguments: map[string]string{"salon": "elsewhere"}}); err == nil {
		t.Error("the prompt for an unknown salon: got no error")
	}
}

func TestTheToolBooksAtASalonWithACalendarAndTheSlotCloses(t *testing.T) {
	b := newCalendarBench(t)
	cs := transports[1].connect(t, b, manualClient(), nil)
	page, err := api.NewDesk(b.svc).Salon(context.Background(), "studio-nine")
	if err != nil {
		t.Fatal(err)
	}
	first := page.Open[0]
	arguments := map[string]any{"salon": "studio-nine", "message": "A cut?", "openSlots": []string{first.ID, page.Open[1].ID},
		"customer": map[string]any{"name": "Ana Lima", "contact": "ana@example.com"}}
	without := map[string]any{"salon": "studio-nine", "message": "A cut?", "openSlots": []string{first.ID}}
	_, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: without})
	wantRPCError(t, err, -32602, salon.ErrCustomerRequired.Error())

	_, state := roundOne(t, cs, arguments)
	res, err := roundTwo(cs, arguments, accept(first.ID), state)
	manage := b.svc.Keys.ManageKey("studio-nine", "booking-b")
	wantOutcome(t, res, err, `{"status":"booked","slot":"`+first.ID+`","say":"`+first.Label+` is yours.","booking":"booking-b","manage":"`+manage+`"}`)
	after, err := api.NewDesk(b.svc).Salon(context.Background(), "studio-nine")
	if err != nil || after.Open[0].ID == first.ID {
		t.Errorf("after booking, the first open slot is still %s (%v)", first.ID, err)
	}
}
