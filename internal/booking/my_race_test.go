// This file races the customer's own changes on both databases: a move against a cancel, and a move against another customer booking the same time, each ending with one of them and the calendar holding the booking's one span or none.

package booking_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"salon/internal/booking"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/store"
	"salon/internal/testpg"
)

// TestMain runs the tests with one PostgreSQL server for those that ask for it.
func TestMain(m *testing.M) { os.Exit(testpg.Main(m)) }

// myDesk is a desk over a real calendar at url, at a fixed moment, with a plain connection to the
// same database to look at what it holds.
type myDesk struct {
	desk *booking.Desk
	db   *store.Store
	raw  *sql.DB
	ids  atomic.Int64
}

// raceDay is when the races stand: Monday 30 November 2026, 08:00 in London.
var raceDay = time.Date(2026, time.November, 30, 8, 0, 0, 0, time.UTC)

// onBoth runs test on a fresh SQLite calendar and on a fresh PostgreSQL database.
func onBoth(t *testing.T, test func(t *testing.T, d *myDesk)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "calendar.db")
		test(t, openMyDesk(t, "sqlite:"+path, "sqlite", path+"?_busy_timeout=5000"))
	})
	t.Run("postgres", func(t *testing.T) {
		url := testpg.Shared(t).URL(t)
		test(t, openMyDesk(t, url, "pgx", url))
	})
}

func openMyDesk(t *testing.T, url, driver, dsn string) *myDesk {
	t.Helper()
	db, err := store.Open(context.Background(), url, func() time.Time { return raceDay })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	raw, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	keys, err := requeststate.NewKeys(make([]byte, requeststate.MinKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	d := &myDesk{db: db, raw: raw}
	d.desk = &booking.Desk{
		Keys: &keys, Life: 2 * time.Minute, Now: func() time.Time { return raceDay },
		Calendar: db, Access: db, Tell: db, MyCalendar: db, Amend: db,
		Nonce: func() requeststate.Nonce {
			n := d.ids.Add(1)
			return requeststate.Nonce{byte(n), byte(n >> 8), byte(n >> 16)}
		},
		BookingID: func() string { return fmt.Sprintf("booking-%d", d.ids.Add(1)) },
	}
	every := salon.Hours{}
	for day := time.Sunday; day <= time.Saturday; day++ {
		every[day] = []salon.Interval{{Start: 9 * 60, End: 17 * 60}}
	}
	for _, s := range []struct {
		id    string
		set   salon.Settings
		given salon.Given
	}{
		{"simple", salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: every,
			SlotMinutes: 60}, salon.Given{SlotMinutes: true}},
		{"menu", salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: every,
			Services: []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}},
			Stylists: []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut"}}}}, salon.Given{Services: true, Stylists: true}},
	} {
		if _, err := d.desk.PutSalon(context.Background(), s.id, s.set, s.given); err != nil {
			t.Fatalf("putting %s: %v", s.id, err)
		}
	}
	return d
}

// slotAt is the slot id of day days after Monday 30 November at hour o'clock, London's winter time.
func slotAt(day, hour int) string {
	return time.Date(2026, time.November, 30+day, hour, 0, 0, 0, time.UTC).Format(time.RFC3339)
}

func acceptSlot(slot string) []byte {
	return []byte(`{"time":{"action":"accept","content":{"time":"` + slot + `"}}}`)
}

// customer is the i-th customer of a test.
func customer(i int) *salon.Customer {
	return &salon.Customer{Name: fmt.Sprintf("Customer %d", i), Contact: fmt.Sprintf("+44 7700 900%03d", i)}
}

// askToBook is round one of customer i's booking of slot at the salon id.
func (d *myDesk) askToBook(t *testing.T, id string, i int, slot string) booking.Request {
	t.Helper()
	r := booking.Request{Salon: id, Booking: step.Request{Message: "A cut, please", OpenSlots: []string{slot}, Customer: customer(i)}}
	if id == "menu" {
		r.Choice = &salon.Choice{Service: "cut", Stylist: "ana"}
	}
	res, err := d.desk.Book(context.Background(), r)
	if err != nil || res.Question == nil {
		t.Fatalf("round one of customer %d at %s for %s: got %+v, %v, want a question", i, id, slot, res, err)
	}
	state := res.State
	r.InputResponses, r.RequestState = acceptSlot(slot), &state
	return r
}

// book books slot at the salon id for customer i, and returns the booking and its key.
func (d *myDesk) book(t *testing.T, id string, i int, slot string) (string, string) {
	t.Helper()
	res, err := d.desk.Book(context.Background(), d.askToBook(t, id, i, slot))
	b, ok := res.Outcome.(step.Booked)
	if err != nil || !ok || b.Manage == "" {
		t.Fatalf("booking %s at %s: got %+v, %v, want booked with a key", slot, id, res, err)
	}
	return b.Booking, b.Manage
}

// askToMove is round one of a move of the booking to slot, and the round two that accepts it.
func (d *myDesk) askToMove(t *testing.T, id, bookingID, key, slot string) booking.MoveRequest {
	t.Helper()
	r := booking.MoveRequest{Salon: id, Booking: bookingID, Key: key, Ask: step.Request{Message: "Another time, please", OpenSlots: []string{slot}}}
	res, err := d.desk.MoveMine(context.Background(), r)
	if err != nil || res.Question == nil || len(res.Question.Times) != 1 || res.Question.Times[0] != slot {
		t.Fatalf("round one of moving %s to %s: got %+v, %v, want %s offered", bookingID, slot, res, err, slot)
	}
	state := res.State
	r.InputResponses, r.RequestState = acceptSlot(slot), &state
	return r
}

// held is what the database holds of the booking: its row, and at a menu salon the cells its span
// takes, which a live booking must take and a cancelled one must not.
func (d *myDesk) held(t *testing.T, id, bookingID string) (salon.Booking, int) {
	t.Helper()
	b, err := d.db.Booking(context.Background(), id, bookingID)
	if err != nil {
		t.Fatal(err)
	}
	var cells int
	if err := d.raw.QueryRow(`SELECT COUNT(*) FROM booking_cells WHERE booking = $1`, []byte(bookingID)).Scan(&cells); err != nil {
		t.Fatal(err)
	}
	return b, cells
}

// wantHeld checks the booking stands at slot with status and sequence, taking its span's cells
// exactly when it is live, and that the salon's live bookings at slot are want.
func (d *myDesk) wantHeld(t *testing.T, id, bookingID, slot string, status salon.Status, sequence int) {
	t.Helper()
	b, cells := d.held(t, id, bookingID)
	wantCells := 0
	if status == salon.Booked && id == "menu" {
		wantCells = 45 / 5
	}
	if b.Slot != slot || b.Status != status || b.Sequence != sequence || cells != wantCells {
		t.Errorf("%s: got %s %s at sequence %d holding %d cells, want %s %s at sequence %d holding %d",
			bookingID, b.Status, b.Slot, b.Sequence, cells, status, slot, sequence, wantCells)
	}
}

// liveAt counts the salon's live bookings at slot, and at a menu salon the cells taken then.
func (d *myDesk) liveAt(t *testing.T, id, slot string) (bookings, cells int) {
	t.Helper()
	start, err := time.Parse(time.RFC3339, slot)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.raw.QueryRow(`SELECT COUNT(*) FROM bookings WHERE salon = $1 AND starts_at = $2 AND status = 'booked'`,
		[]byte(id), start.Unix()).Scan(&bookings); err != nil {
		t.Fatal(err)
	}
	if err := d.raw.QueryRow(`SELECT COUNT(*) FROM booking_cells c JOIN bookings b ON b.id = c.booking
		WHERE b.salon = $1 AND b.starts_at = $2`, []byte(id), start.Unix()).Scan(&cells); err != nil {
		t.Fatal(err)
	}
	return bookings, cells
}

func reason(err error) string {
	if r, ok := refusal.As(err); ok {
		return r.Reason
	}
	return fmt.Sprint(err)
}

// rounds is how many times each race is run: a race that goes wrong one time in many shows up.
const rounds = 12

func TestAMoveAndACancelRacingEndWithOneOfThem(t *testing.T) {
	onBoth(t, func(t *testing.T, d *myDesk) {
		for _, id := range []string{"simple", "menu"} {
			t.Run(id, func(t *testing.T) {
				outcomes := map[string]int{}
				for i := range rounds {
					from, to := slotAt(1+i%6, 9+i/6), slotAt(1+i%6, 13+i/6)
					bookingID, key := d.book(t, id, i, from)
					move := d.askToMove(t, id, bookingID, key, to)

					var moved booking.Result
					var cancelled booking.Mine
					var moveErr, cancelErr error
					var wg sync.WaitGroup
					start := make(chan struct{})
					wg.Go(func() { <-start; moved, moveErr = d.desk.MoveMine(context.Background(), move) })
					wg.Go(func() { <-start; cancelled, cancelErr = d.desk.CancelMine(context.Background(), id, bookingID, key) })
					close(start)
					wg.Wait()

					switch b, _ := moved.Outcome.(step.Booked); {
					case cancelErr == nil && reason(moveErr) == "this booking is already cancelled" && cancelled.Slot == from:
						// The cancel came first: the move found the booking cancelled, and moved nothing.
						outcomes["cancel first"]++
						d.wantHeld(t, id, bookingID, from, salon.Cancelled, 1)
					case cancelErr == nil && moveErr == nil && b.Slot == to && cancelled.Slot == to && cancelled.Sequence == 2:
						// The move came first, and the cancel then cancelled the booking where it stood:
						// the cancel saw the move, never the other way round.
						outcomes["move first"]++
						d.wantHeld(t, id, bookingID, to, salon.Cancelled, 2)
					default:
						if r, ok := refusal.As(moveErr); ok && r.Cause != nil {
							t.Logf("the move's cause: %v", r.Cause)
						}
						if r, ok := refusal.As(cancelErr); ok && r.Cause != nil {
							t.Logf("the cancel's cause: %v", r.Cause)
						}
						t.Fatalf("round %d: got the move %+v, %v and the cancel %v, want the cancel refused to move, or the moved booking cancelled",
							i, moved, moveErr, cancelErr)
					}
					for _, slot := range []string{from, to} {
						if n, cells := d.liveAt(t, id, slot); n != 0 || cells != 0 {
							t.Errorf("round %d: %s holds %d live bookings and %d cells, want none", i, slot, n, cells)
						}
					}
				}
				t.Logf("%v", outcomes)
			})
		}
	})
}

func TestAMoveAndAnotherCustomerRacingForOneTimeEndWithOneBookingThere(t *testing.T) {
	onBoth(t, func(t *testing.T, d *myDesk) {
		for _, id := range []string{"simple", "menu"} {
			t.Run(id, func(t *testing.T) {
				outcomes := map[string]int{}
				for i := range rounds {
					from, to := slotAt(1+i%6, 9+i/6), slotAt(1+i%6, 13+i/6)
					bookingID, key := d.book(t, id, 2*i, from)
					move := d.askToMove(t, id, bookingID, key, to)
					other := d.askToBook(t, id, 2*i+1, to)

					var moved, booked booking.Result
					var moveErr, bookErr error
					var wg sync.WaitGroup
					start := make(chan struct{})
					wg.Go(func() { <-start; moved, moveErr = d.desk.MoveMine(context.Background(), move) })
					wg.Go(func() { <-start; booked, bookErr = d.desk.Book(context.Background(), other) })
					close(start)
					wg.Wait()
					if moveErr != nil || bookErr != nil {
						t.Fatalf("round %d: got the move's error %v and the booking's %v, want both answered", i, moveErr, bookErr)
					}

					mover, moverWon := moved.Outcome.(step.Booked)
					_, otherWon := booked.Outcome.(step.Booked)
					switch {
					case moverWon && !otherWon && mover.Slot == to && mover.Booking == bookingID:
						outcomes["move"]++
						d.wantHeld(t, id, bookingID, to, salon.Booked, 1)
					case otherWon && !moverWon && strings.HasSuffix(moved.Outcome.(step.NotBooked).Say, "was taken meanwhile, so your booking stays at "+label(from)+"."):
						outcomes["other customer"]++
						d.wantHeld(t, id, bookingID, from, salon.Booked, 0)
					default:
						t.Fatalf("round %d: got the move %+v and the booking %+v, want exactly one of them at %s", i, moved, booked, to)
					}
					if n, cells := d.liveAt(t, id, to); n != 1 || (id == "menu" && cells != 45/5) {
						t.Errorf("round %d: %s holds %d live bookings and %d cells, want one booking's", i, to, n, cells)
					}
				}
				t.Logf("%v", outcomes)
			})
		}
	})
}

// label is how the slot id reads in London.
func label(slot string) string {
	start, _ := time.Parse(time.RFC3339, slot)
	loc, _ := time.LoadLocation("Europe/London")
	return salon.Label(start, loc)
}
