// This file tests what a field may hold over MCP: each refused character in each field is a tool error with the route's reason, on both transports.

package mcp_test

import (
	"context"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/mcp"
	"salon/internal/testkit"
)

// customer is a booking's customer as the tool's arguments carry it.
func customer(name, contact string) map[string]any {
	return map[string]any{"name": name, "contact": contact}
}

func TestEachRefusedCharacterIsAToolErrorNamingTheField(t *testing.T) {
	b := newBench(t, false)
	const phone = "+44 7700 900123"
	for _, tr := range transports {
		cs := tr.connect(t, b, manualClient(), nil)
		for _, c := range testkit.UnallowedCharacters {
			for _, tt := range []struct {
				field     string
				arguments map[string]any
				inWords   bool
			}{
				{"arguments.customer.name", withArgs(map[string]any{"customer": customer("Ada"+c.Char+" Lovelace", phone)}), false},
				{"arguments.customer.contact", withArgs(map[string]any{"customer": customer("Ada", phone+c.Char)}), false},
				{"arguments.customer.contact", withArgs(map[string]any{"customer": customer("Ada", c.Char+"ada@example.com")}), false},
				{"arguments.message", withArgs(map[string]any{"message": "A cut" + c.Char + "on Saturday?", "customer": customer("Ada", phone)}), c.InWords},
				{"salon", withArgs(map[string]any{"salon": "studio" + c.Char + "nine"}), false},
				{"arguments.openSlots[1]", withArgs(map[string]any{"openSlots": []string{"sat-10:30", "sat" + c.Char + "11:30"}}), false},
			} {
				t.Run(tr.name+": "+c.Name+" in "+tt.field, func(t *testing.T) {
					res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: tt.arguments})
					if err != nil {
						t.Fatalf("got error %v, want a result", err)
					}
					if tt.inWords {
						if res.IsError || res.RequestState == "" {
							t.Errorf("got %s, want round one's question: words may hold %s", mustJSON(t, res), c.Name)
						}
						return
					}
					want := tt.field + " holds a character that isn't allowed"
					if text, ok := res.Content[0].(*sdk.TextContent); !res.IsError || !ok || text.Text != want {
						t.Errorf("got %s, want isError with the text %q", mustJSON(t, res), want)
					}
				})
			}
		}
	}
}

func TestAContactOfNeitherFormIsAToolError(t *testing.T) {
	b := newBench(t, false)
	cs := transports[1].connect(t, b, manualClient(), nil)
	const want = "arguments.customer.contact must be a phone number or an e-mail address"
	for _, contact := range []string{"a@b.example?bcc=attacker@evil.example", "x", "a@localhost", "call me"} {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName,
			Arguments: withArgs(map[string]any{"customer": customer("Ada", contact)})})
		if err != nil {
			t.Fatalf("%q: got error %v, want a tool error", contact, err)
		}
		if text, ok := res.Content[0].(*sdk.TextContent); !res.IsError || !ok || text.Text != want {
			t.Errorf("%q: got %s, want isError with the text %q", contact, mustJSON(t, res), want)
		}
	}
}
