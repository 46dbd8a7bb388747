// This file runs a real bookingd with a calendar through the customer's own booking, over HTTP and MCP, and greps its whole log for every manage key it handed out.

package main

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
)

// booked reads round two's reply: the booking and its manage key, or fails the test.
func bookedWithKey(t *testing.T, r reply) (booking, key string) {
	t.Helper()
	var done struct {
		StructuredContent struct{ Status, Booking, Manage string }
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &done) != nil || done.StructuredContent.Manage == "" {
		t.Fatalf("round two: got %s, want booked with a manage key", r)
	}
	return done.StructuredContent.Booking, done.StructuredContent.Manage
}

func TestAManageKeyNeverReachesTheLogOfARealRun(t *testing.T) {
	t.Parallel()
	skipShort(t)
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"))
	base := p.base()
	settings := strings.TrimSuffix(nightOwlsSettings, "}") + `,"changeCutoffHours":0}`
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, settings); r.status != http.StatusOK {
		t.Fatalf("PUT: got %s", r)
	}
	slots := slotsAhead(12)
	type customer struct {
		*patron
		slot, booking, key, roundTwo string
	}
	customers := make([]*customer, 5)
	for i := range customers {
		c := &customer{patron: newPatron(i, slots[i]), slot: slots[i]}
		if err := c.ask(base, c.slot); err != nil {
			t.Fatal(err)
		}
		c.roundTwo = `{"arguments":` + c.arguments() + `,"inputResponses":{"time":{"action":"accept","content":{"time":` +
			mustJSON(c.slot) + `}}},"requestState":` + mustJSON(c.state) + `}`
		c.booking, c.key = bookedWithKey(t, call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "", c.roundTwo))
		customers[i] = c
	}
	my := func(c *customer, rest string) string {
		return base + "/salons/" + nightOwls + "/my/" + c.booking + rest
	}
	want := func(what string, r reply, status int) {
		t.Helper()
		if r.status != status {
			t.Errorf("%s: got %s, want %d", what, r, status)
		}
	}

	// Over HTTP: each route with the right key, with another's, and the outcome of round two.
	a, b := customers[0], customers[1]
	want("reading", call(http.MethodGet, my(a, ""), a.key, ""), http.StatusOK)
	want("reading with another's key", call(http.MethodGet, my(a, ""), b.key, ""), http.StatusNotFound)
	want("the calendar", call(http.MethodGet, my(a, "/calendar.ics"), a.key, ""), http.StatusOK)
	want("the outcome", call(http.MethodPost, base+"/salons/"+nightOwls+"/book/outcome", "", a.roundTwo), http.StatusOK)
	move := `{"arguments":{"message":"Later?","openSlots":[` + mustJSON(slots[10]) + `]}}`
	asked := call(http.MethodPost, my(a, "/move"), a.key, move)
	var question struct{ RequestState string }
	if json.Unmarshal([]byte(asked.body), &question) != nil || question.RequestState == "" {
		t.Fatalf("a move's round one: got %s", asked)
	}
	roundTwo := strings.TrimSuffix(move, "}") + `,"inputResponses":{"time":{"action":"accept","content":{"time":` +
		mustJSON(slots[10]) + `}}},"requestState":` + mustJSON(question.RequestState) + `}`
	want("moving", call(http.MethodPost, my(a, "/move"), a.key, roundTwo), http.StatusOK)
	want("moving with another's key", call(http.MethodPost, my(b, "/move"), a.key, move), http.StatusNotFound)
	want("cancelling", call(http.MethodPost, my(b, "/cancel"), b.key, ""), http.StatusOK)
	want("cancelling again", call(http.MethodPost, my(b, "/cancel"), b.key, ""), http.StatusConflict)

	// Over MCP: the three tools, the move completed by the client's own retry.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := pickFirst().Connect(ctx, &sdk.StreamableClientTransport{Endpoint: base + api.MCPPath}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, d := customers[2], customers[3]
	for _, step := range []struct {
		tool string
		args map[string]any
	}{
		{mcp.MyToolName, map[string]any{"salon": nightOwls, "booking": c.booking, "key": c.key}},
		{mcp.MyToolName, map[string]any{"salon": nightOwls, "booking": c.booking, "key": d.key}},
		{mcp.MoveToolName, map[string]any{"salon": nightOwls, "booking": d.booking, "key": d.key, "message": "Later?", "openSlots": []string{slots[11]}}},
		{mcp.CancelToolName, map[string]any{"salon": nightOwls, "booking": c.booking, "key": c.key}},
		{mcp.CancelToolName, map[string]any{"salon": nightOwls, "booking": c.booking, "key": c.key}},
	} {
		if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: step.tool, Arguments: step.args}); err == nil && res.IsError {
			t.Errorf("%s: got a tool error %s", step.tool, mustJSON(res))
		}
	}
	cs.Close()

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	lines := p.rest()
	if err := p.cmd.Wait(); err != nil {
		t.Fatalf("bookingd after SIGTERM: %v", err)
	}
	logged := strings.Join(lines, "\n")
	for _, route := range []string{`"route":"/salons/:salon/my/:booking"`, `"route":"/salons/:salon/my/:booking/move"`,
		`"route":"/salons/:salon/book/outcome"`, `"tool":"` + mcp.MoveToolName + `"`, `"tool":"` + mcp.CancelToolName + `"`} {
		if !strings.Contains(logged, route) {
			t.Errorf("the log has no line with %s: the run didn't reach what it greps", route)
		}
	}
	for _, c := range customers {
		// The whole key, and any 16 characters of it, in case a line quotes a piece.
		for i := 0; i+16 <= len(c.key); i++ {
			if strings.Contains(logged, c.key[i:i+16]) {
				t.Errorf("the log holds %s's manage key (from character %d):\n%s", c.name, i, logged)
				break
			}
		}
	}
	t.Logf("%d log lines, %d manage keys, none of them logged", len(lines), len(customers))
}
