// This file holds the desk's tests of a customer's own booking: the key, the cutoff, a move in two
// rounds, and a lost reply told again.

package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// bookedAtMenu books a cut with Ben on Tuesday 8 December at 10:00 through both rounds, and returns the
// booking's reference, its key and round two's request.
func bookedAtMenu(t *testing.T, s *atSalon) (id, key string, two booking.Request) {
	t.Helper()
	r := menuRequest("Tuesday", "cut", "ben", []string{"2026-12-08T10:00:00Z"})
	asked, err := s.desk.Book(context.Background(), r)
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: %+v, %v", asked, err)
	}
	r.RequestState, r.InputResponses = &asked.State, []byte(accepting("2026-12-08T10:00:00Z"))
	done, err := s.desk.Book(context.Background(), r)
	b, ok := done.Outcome.(step.Booked)
	if err != nil || !ok || b.Manage == "" {
		t.Fatalf("round two: %+v, %v; want booked with a key", done, err)
	}
	return b.Booking, b.Manage, r
}

func TestTheKeyOpensOnlyItsOwnBooking(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, _ := bookedAtMenu(t, s)
	mine, err := s.desk.MyBooking(context.Background(), "studio-nine", id, key)
	if err != nil || mine.ID != id || mine.Name != "Ana Lima" || !mine.CanChange || mine.Sequence != 0 {
		t.Fatalf("with its key: got %+v, %v", mine, err)
	}
	want := "there is no booking " + id
	for _, wrong := range []string{"", key + "x", strings.ToUpper(key), s.desk.Keys.ManageKey("studio-nine", "another")} {
		if _, err := s.desk.MyBooking(context.Background(), "studio-nine", id, wrong); err == nil || err.Error() != want {
			t.Errorf("key %q: got %v, want %q", wrong, err, want)
		}
	}
	if _, err := s.desk.MyBooking(context.Background(), "studio-nine", "nobody", key); err == nil || err.Error() != "there is no booking nobody" {
		t.Errorf("an unknown booking: got %v, want the same refusal", err)
	}
}

func TestCancellingClosesAtTheCutoff(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, _ := bookedAtMenu(t, s)
	// Tuesday 10:00 less 24 hours is Monday 10:00: from then on the customer must call.
	at := time.Date(2026, time.December, 7, 10, 0, 0, 0, time.UTC)
	s.desk.Now = func() time.Time { return at }
	_, err := s.desk.CancelMine(context.Background(), "studio-nine", id, key)
	if want := "changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000"; err == nil || err.Error() != want {
		t.Fatalf("at the cutoff: got %v, want %q", err, want)
	}
	s.desk.Now = func() time.Time { return at.Add(-time.Second) }
	got, err := s.desk.CancelMine(context.Background(), "studio-nine", id, key)
	if err != nil || got.Status != salon.Cancelled || got.Sequence != 1 {
		t.Fatalf("a second before the cutoff: got %+v, %v; want cancelled, sequence 1", got, err)
	}
	if _, err := s.desk.CancelMine(context.Background(), "studio-nine", id, key); !errors.Is(err, booking.ErrAlreadyCancelled) {
		t.Errorf("cancelling again: got %v, want %v", err, booking.ErrAlreadyCancelled)
	}
}

func TestAMoveInTwoRoundsKeepsTheBookingAndSpendsItsStateOnce(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, _ := bookedAtMenu(t, s)
	other, otherKey, _ := func() (string, string, booking.Request) {
		r := menuRequest("Tuesday", "cut", "ben", []string{"2026-12-08T14:00:00Z"})
		r.Booking.Customer = &salon.Customer{Name: "Rosa", Contact: "rosa@example.org"}
		asked, _ := s.desk.Book(context.Background(), r)
		r.RequestState, r.InputResponses = &asked.State, []byte(accepting("2026-12-08T14:00:00Z"))
		done, err := s.desk.Book(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		b := done.Outcome.(step.Booked)
		return b.Booking, b.Manage, r
	}()
	// 10:15 overlaps the booking's own span: it doesn't count against it.
	move := booking.MoveRequest{Salon: "studio-nine", Booking: id, Key: key,
		Ask: step.Request{Message: "Later that morning", OpenSlots: []string{"2026-12-08T10:15:00Z", "2026-12-08T11:00:00Z"}}}
	asked, err := s.desk.MoveMine(context.Background(), move)
	if err != nil || asked.Question == nil || asked.Question.Times[0] != "2026-12-08T10:15:00Z" {
		t.Fatalf("round one of the move: got %+v, %v; want 10:15 offered first", asked, err)
	}
	// The state moves only this booking.
	wrong := move
	wrong.Booking, wrong.Key = other, otherKey
	wrong.RequestState, wrong.InputResponses = &asked.State, []byte(accepting("2026-12-08T10:15:00Z"))
	if _, err := s.desk.MoveMine(context.Background(), wrong); !errors.Is(err, requeststate.ErrAnotherRequest) {
		t.Errorf("the state on another booking: got %v, want %v", err, requeststate.ErrAnotherRequest)
	}
	move.RequestState, move.InputResponses = &asked.State, []byte(accepting("2026-12-08T10:15:00Z"))
	done, err := s.desk.MoveMine(context.Background(), move)
	want := step.Booked{Slot: "2026-12-08T10:15:00Z", Say: "Cut with Ben is now Tuesday 8 December, 10:15.", Booking: id}
	if err != nil || done.Outcome != want {
		t.Fatalf("round two of the move: got %+v, %v; want %+v", done.Outcome, err, want)
	}
	if _, err := s.desk.MoveMine(context.Background(), move); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("the move's state again: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
	mine, err := s.desk.MyBooking(context.Background(), "studio-nine", id, key)
	if err != nil || mine.Slot != want.Slot || mine.Sequence != 1 || mine.Name != "Ana Lima" || mine.Stylist != "ben" {
		t.Errorf("after the move, with the same key: got %+v, %v", mine, err)
	}
}

func TestAMoveToATimeTakenMeanwhileLeavesTheBookingWhereItWas(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, _ := bookedAtMenu(t, s)
	move := booking.MoveRequest{Salon: "studio-nine", Booking: id, Key: key,
		Ask: step.Request{Message: "", OpenSlots: []string{"2026-12-08T15:00:00Z"}}}
	asked, err := s.desk.MoveMine(context.Background(), move)
	if err != nil || asked.Question == nil {
		t.Fatalf("round one of the move: %+v, %v", asked, err)
	}
	r := menuRequest("Tuesday", "cut", "ben", []string{"2026-12-08T15:00:00Z"})
	r.Booking.Customer = &salon.Customer{Name: "Rosa", Contact: "rosa@example.org"}
	first, _ := s.desk.Book(context.Background(), r)
	r.RequestState, r.InputResponses = &first.State, []byte(accepting("2026-12-08T15:00:00Z"))
	if done, err := s.desk.Book(context.Background(), r); err != nil || done.Outcome.(step.Booked).Slot == "" {
		t.Fatalf("Rosa's booking of 15:00: %+v, %v", done, err)
	}
	move.RequestState, move.InputResponses = &asked.State, []byte(accepting("2026-12-08T15:00:00Z"))
	done, err := s.desk.MoveMine(context.Background(), move)
	want := step.NotBooked{Say: "Tuesday 8 December, 15:00 was taken meanwhile, so your booking stays at Tuesday 8 December, 10:00."}
	if err != nil || done.Outcome != want {
		t.Errorf("the move: got %+v, %v; want %+v", done.Outcome, err, want)
	}
	if mine, _ := s.desk.MyBooking(context.Background(), "studio-nine", id, key); mine.Slot != "2026-12-08T10:00:00Z" || mine.Sequence != 0 {
		t.Errorf("the booking after the refused move: %+v, want it at 10:00, sequence 0", mine.Booking)
	}
}

func TestALostReplyIsToldAgainForTheSameRequestOnly(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, two := bookedAtMenu(t, s)
	again, err := s.desk.Outcome(context.Background(), two)
	b, ok := again.Outcome.(step.Booked)
	if err != nil || !ok || b.Booking != id || b.Manage != key || b.Say != "Cut with Ben, Tuesday 8 December, 10:00, is yours." {
		t.Fatalf("the outcome: got %+v, %v", again.Outcome, err)
	}
	if _, err := s.desk.Book(context.Background(), two); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("round two again: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
	other := two
	other.Booking.Message = "Something else"
	if _, err := s.desk.Outcome(context.Background(), other); !errors.Is(err, booking.ErrNoOutcome) {
		t.Errorf("another request: got %v, want %v", err, booking.ErrNoOutcome)
	}
	unspent := menuRequest("Tuesday", "cut", "ben", []string{"2026-12-08T11:00:00Z"})
	asked, _ := s.desk.Book(context.Background(), unspent)
	unspent.RequestState, unspent.InputResponses = &asked.State, []byte(accepting("2026-12-08T11:00:00Z"))
	if _, err := s.desk.Outcome(context.Background(), unspent); !errors.Is(err, booking.ErrNoOutcome) {
		t.Errorf("a state never spent: got %v, want %v", err, booking.ErrNoOutcome)
	}
}

func TestACustomerMovesABookingThreeTimesAndThenMustCall(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	id, key, _ := bookedAtMenu(t, s)
	const refused = "this booking has been moved 3 times; call Studio Nine on +44 20 7946 0000 to change it again"
	ask := func(slot string) (booking.MoveRequest, booking.Result, error) {
		move := booking.MoveRequest{Salon: "studio-nine", Booking: id, Key: key, Ask: step.Request{OpenSlots: []string{slot}}}
		asked, err := s.desk.MoveMine(context.Background(), move)
		return move, asked, err
	}
	accept := func(move booking.MoveRequest, asked booking.Result, slot string) (booking.Result, error) {
		move.RequestState, move.InputResponses = &asked.State, []byte(accepting(slot))
		return s.desk.MoveMine(context.Background(), move)
	}
	// The owner's move doesn't count against the customer's.
	if _, err := s.desk.Move(context.Background(), "studio-nine", id, "2026-12-08T09:00:00Z", ""); err != nil {
		t.Fatalf("the owner's move: %v", err)
	}
	for i, slot := range []string{"2026-12-08T11:00:00Z", "2026-12-08T12:00:00Z"} {
		move, asked, err := ask(slot)
		if err != nil || asked.Question == nil {
			t.Fatalf("move %d's round one: %+v, %v", i+1, asked, err)
		}
		if done, err := accept(move, asked, slot); err != nil || done.Outcome.(step.Booked).Slot != slot {
			t.Fatalf("move %d's round two: %+v, %v", i+1, done, err)
		}
	}
	// Two round ones of a third move, both asked before either is answered: one moves, the other
	// is refused in round two, inside its transaction.
	first, firstAsked, err := ask("2026-12-08T13:00:00Z")
	second, secondAsked, err2 := ask("2026-12-08T14:00:00Z")
	if err != nil || err2 != nil {
		t.Fatalf("the third move's round ones: %v, %v", err, err2)
	}
	if done, err := accept(first, firstAsked, "2026-12-08T13:00:00Z"); err != nil || done.Outcome.(step.Booked).Slot != "2026-12-08T13:00:00Z" {
		t.Fatalf("the third move: %+v, %v", done, err)
	}
	if _, err := accept(second, secondAsked, "2026-12-08T14:00:00Z"); err == nil || err.Error() != refused {
		t.Errorf("a fourth move's round two: got %v, want %q", err, refused)
	}
	if _, _, err := ask("2026-12-08T15:00:00Z"); err == nil || err.Error() != refused {
		t.Errorf("a fourth move's round one: got %v, want %q", err, refused)
	}
	mine, err := s.desk.MyBooking(context.Background(), "studio-nine", id, key)
	if err != nil || mine.Slot != "2026-12-08T13:00:00Z" || mine.CustomerMoves != 3 || mine.Sequence != 4 {
		t.Errorf("the booking: got %+v, %v; want at 13:00 with 3 own moves and sequence 4", mine.Booking, err)
	}
	// The customer may still cancel it, and the owner move it.
	if _, err := s.desk.Move(context.Background(), "studio-nine", id, "2026-12-08T16:00:00Z", ""); err != nil {
		t.Errorf("the owner's move after three of the customer's: %v", err)
	}
	if got, err := s.desk.CancelMine(context.Background(), "studio-nine", id, key); err != nil || got.Status != salon.Cancelled {
		t.Errorf("the customer's cancel after three moves: %+v, %v", got, err)
	}
}
