package booking_test

import (
	"context"
	"slices"
	"testing"

	"salon/internal/booking"
	"salon/internal/step"
)

// A model's question is checked in English only: asked in another language, its times stand and
// the question is the catalog's, and round two's say is in the language of round two's request.
func TestAnOffererAskedInAnotherLanguageKeepsItsTimesAndTheCatalogAsks(t *testing.T) {
	d := desk(t, booking.OffererFunc(func(_ context.Context, b step.Request) step.Offer {
		return step.Offer{Times: []string{"sat-11:30"}, Question: "Saturday at 11:30 suits you?"}
	}))
	for _, c := range []struct{ header, question, say string }{
		{"", "Saturday at 11:30 suits you?", "sat-11:30 is yours."},
		{"de-DE,de;q=0.9", "Welche Zeit passt Ihnen?", "sat-11:30 ist für Sie gebucht."},
		{"es", "¿Qué hora le viene bien?", "sat-11:30 está reservado para usted."},
	} {
		r := sunday
		r.AcceptLanguage = c.header
		res, err := d.Book(context.Background(), r)
		if err != nil || res.Question == nil || res.Question.Message != c.question || !slices.Equal(res.Question.Times, []string{"sat-11:30"}) {
			t.Fatalf("Accept-Language %q: got %+v, %v; want %q offering sat-11:30", c.header, res.Question, err, c.question)
		}
		done, err := d.Book(context.Background(), roundTwo(r, res.State, "sat-11:30"))
		booked, ok := done.Outcome.(step.Booked)
		if err != nil || !ok || booked.Say != c.say {
			t.Errorf("Accept-Language %q: round two %+v, %v; want %q", c.header, done.Outcome, err, c.say)
		}
	}
}
