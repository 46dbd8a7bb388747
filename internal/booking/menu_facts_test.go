// This file tests what round one's offerer is told at a menu salon: the menu with its prices in the salon's currency, the service and stylist chosen, and nothing of another customer.

package booking_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
)

// putMenu registers id as a menu salon in London, in GBP, open Friday, Saturday and Monday from
// 09:00 to 17:00 with no notice: a cut (45 minutes, £45.00), a colour (90 minutes and 30 of
// processing, £80.00) and a beard trim (15 minutes, no price); Chloé does everything, Ben cuts
// and trims.
func (s *atSalon) putStudioMenu(t *testing.T, id string) {
	t.Helper()
	day := []salon.Interval{{Start: 9 * 60, End: 17 * 60}}
	price := func(p int64) *int64 { return &p }
	_, err := s.desk.PutSalon(context.Background(), id, salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Currency: "GBP", HorizonDays: 7,
		Hours: salon.Hours{time.Friday: day, time.Saturday: day, time.Monday: day},
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45, Price: price(4500)},
			{ID: "colour", Name: "Colour", Minutes: 90, Price: price(8000), AfterMinutes: 30},
			{ID: "beard-trim", Name: "Beard trim", Minutes: 15},
		},
		Stylists: []salon.Stylist{
			{ID: "chloe", Name: "Chloé", Services: []string{"cut", "colour", "beard-trim"}},
			{ID: "ben", Name: "Ben", Services: []string{"cut", "beard-trim"}},
		},
	}, salon.Given{Services: true, Stylists: true, Currency: true, MinNoticeMinutes: true, HorizonDays: true})
	if err != nil {
		t.Fatal(err)
	}
}

// menuRoundOne asks at a menu salon for customer with words, slots and the choice, wanting a question.
func (s *atSalon) menuRoundOne(t *testing.T, id string, customer salon.Customer, words string, slots []string, c salon.Choice) (booking.Request, booking.Result) {
	t.Helper()
	r := booking.Request{Salon: id, Booking: step.Request{Message: words, OpenSlots: slots, Customer: &customer}, Choice: &c}
	res, err := s.desk.Book(context.Background(), r)
	if err != nil || res.Question == nil {
		t.Fatalf("round one for %s: got %+v, %v; want a question", customer.Name, res, err)
	}
	return r, res
}

// The desk tells the offerer the salon's menu, with each price written in its currency, the
// service chosen and the stylist's name, and the stand-in says the price asked about as the facts
// write it. Rosa's colour with Chloé, her contact, her words and her booking reach none of it.
func TestTheOffererIsToldTheMenuAndNothingOfAnotherCustomer(t *testing.T) {
	var w seen
	s := openSalon(t, w.offerer())
	s.putStudioMenu(t, "studio-nine")
	open := s.open(t, "studio-nine")
	rosasSlot := "2026-12-05T10:00:00Z"
	rosasWords := "Rosa here: Xiomara wants the colour she had last spring, ring me after six"
	r, asked := s.menuRoundOne(t, "studio-nine", rosa, rosasWords, []string{rosasSlot}, salon.Choice{Service: "colour", Stylist: "chloe"})
	done := s.roundTwo(t, r, asked.State, accepting(rosasSlot))
	if b, ok := done.Outcome.(step.Booked); !ok || b.Stylist != "chloe" || b.Say != "Colour with Chloé, Saturday 5 December, 10:00, is yours." {
		t.Fatalf("Rosa's colour: got %+v", done.Outcome)
	}
	w.forget()

	r, asked = s.menuRoundOne(t, "studio-nine", ana, "How much is a cut on Saturday?", open, salon.Choice{Service: "cut", Stylist: "chloe"})
	if len(w.prompts) != 1 {
		t.Fatalf("the model was asked %d times, want once", len(w.prompts))
	}
	prompt := w.prompts[0]
	for _, fact := range []string{
		"- The customer asked for Saturday, and Saturday has openings.\n",
		"- \"2026-12-05T09:00:00Z\" is open: Saturday 5 December, 09:00.\n",
		"- The customer is booking a cut with Chloé.\n",
		"- A cut takes 45 minutes and costs £45.00.\n",
		"- A colour takes 90 minutes and costs £80.00.\n",
		"- A beard trim takes 15 minutes, and its price isn't on the sheet.\n",
		"7. If the customer asks about a price and the price of the service they are booking isn't on the sheet",
	} {
		if !strings.Contains(prompt, fact) {
			t.Errorf("the prompt doesn't hold %q:\n%s", fact, prompt)
		}
	}
	// Chloé is busy from Rosa's 10:00 until 12:00: no cut of hers starts then, nor in the 45 minutes before.
	for _, busy := range []string{"2026-12-05T09:30:00Z", "2026-12-05T10:00:00Z", "2026-12-05T11:45:00Z"} {
		if strings.Contains(prompt, `"`+busy+`"`) {
			t.Errorf("the prompt offers %s, when Chloé is busy with Rosa's colour:\n%s", busy, prompt)
		}
	}
	texts := w.texts(t)
	if got := leaks(texts, map[string]string{
		"Rosa's name": rosa.Name, "Rosa's first name": "Rosa", "Rosa's contact": rosa.Contact, "Rosa's words": rosasWords,
		"a word of Rosa's": "Xiomara", "Rosa's booking": "booking-", "Rosa's slot": rosasSlot, "the label of Rosa's slot": "Saturday 5 December, 10:00",
	}); len(got) > 0 {
		t.Errorf("found %q", got)
	}
	want := "A cut costs £45.00. Would Saturday 5 December, 09:00 or Saturday 5 December, 09:15 suit you?"
	if asked.Question.Message != want {
		t.Fatalf("Ana is asked %q, want %q", asked.Question.Message, want)
	}
	done = s.roundTwo(t, r, asked.State, accepting("2026-12-05T09:00:00Z"))
	if b, ok := done.Outcome.(step.Booked); !ok || b.Service != "cut" || b.Stylist != "chloe" || b.Say != "Cut with Chloé, Saturday 5 December, 09:00, is yours." {
		t.Errorf("Ana's cut: got %+v", done.Outcome)
	}
}

// The offerer is told the menu's facts only: a simple salon's booking carries no menu, and a menu
// salon's booking for anyone names no stylist.
func TestTheMenusFactsAreTheChoices(t *testing.T) {
	var told []*step.Salon
	s := openSalon(t, booking.OffererFunc(func(_ context.Context, b step.Request) step.Offer {
		told = append(told, b.Salon)
		return step.DefaultOffer(b.OpenSlots)
	}))
	s.putStudioMenu(t, "studio-nine")
	s.put(t, "simple", saturday)
	s.menuRoundOne(t, "studio-nine", ana, "A trim?", s.open(t, "studio-nine"), salon.Choice{Service: "beard-trim"})
	s.roundOne(t, "simple", ana, "A cut?", s.open(t, "simple"))
	if len(told) != 2 {
		t.Fatalf("the offerer was asked %d times, want twice", len(told))
	}
	menu, simple := told[0], told[1]
	if menu.Currency != "GBP" || menu.Service != "beard-trim" || menu.Stylist != "" || len(menu.Services) != 3 ||
		menu.Services[0] != (step.Service{ID: "cut", Name: "Cut", Minutes: 45, Price: "£45.00"}) ||
		menu.Services[2] != (step.Service{ID: "beard-trim", Name: "Beard trim", Minutes: 15}) || len(menu.Prices) != 0 {
		t.Errorf("at the menu salon: got %+v, want the menu in GBP, the trim chosen and anyone", *menu)
	}
	if simple.Currency != "" || simple.Service != "" || simple.Stylist != "" || simple.Services != nil {
		t.Errorf("at the simple salon: got %+v, want no menu", *simple)
	}
}
