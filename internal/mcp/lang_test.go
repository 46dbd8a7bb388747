// This file tests the tool at a salon that speaks German: MCP has no Accept-Language, so the
// question and the say are in the salon's language, and the words are read in it.

package mcp_test

import (
	"strings"
	"testing"
	"time"

	"salon/internal/lang"
	"salon/internal/salon"
)

func TestTheToolSpeaksTheSalonsLanguage(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			set := menuSettings()
			set.Language = "de"
			b := calendarBench(t, set, salon.Given{Services: true, Stylists: true, Currency: true, MinNoticeMinutes: true})
			cs := tr.connect(t, b, manualClient(), nil)
			page := menuPage(t, b)

			colour := menuArgs(page, map[string]any{"service": "colour", "stylist": "ana", "message": "irgendwann"})
			res, state := roundOne(t, cs, colour)
			if q := mustJSON(t, res.InputRequests["time"]); !strings.Contains(q, `"message":"Welche Zeit passt Ihnen?"`) {
				t.Errorf("round one asks %s, want the German question", q)
			}
			first := offered(t, res)[0]
			london, err := time.LoadLocation("Europe/London")
			if err != nil {
				t.Fatal(err)
			}
			start, ok := salon.ParseSlotID(first, london)
			if !ok {
				t.Fatalf("%s is no slot id", first)
			}
			res, err = roundTwo(cs, colour, accept(first), state)
			wantBooked(t, res, err, map[string]string{"slot": first, "service": "colour", "stylist": "ana",
				"say": "Colour mit Ana, " + lang.Of("de").Label(start, london) + ", ist für Sie gebucht."})
		})
	}
}
