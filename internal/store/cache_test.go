// This file holds the tests of the settings a store keeps decoded: what they show across instances, and when.

package store_test

import (
	"reflect"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testkit"
)

// twoInstances opens two stores on one fresh database, as two instances would, studio-nine
// registered through the first; the second reads on a clock of its own.
func twoInstances(t *testing.T, b backend) (first, second *store.Store, secondClock *testkit.Clock) {
	t.Helper()
	first, url := b.withSalon(t)
	second = openURL(t, url)
	secondClock = testkit.NewClock(time.Now())
	second.SetClock(secondClock.Now)
	return first, second, secondClock
}

// changedNine is studioNine with another zone, name and hours.
func changedNine() salon.Settings {
	changed := studioNine
	changed.Name, changed.TimeZone = "Studio Nine, Lisbon", "Europe/Lisbon"
	changed.Hours = salon.Hours{time.Monday: {{Start: 10 * 60, End: 11 * 60}}}
	return changed
}

func TestSettingsAcrossInstances(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("a put through another instance shows in Window and Salon at once", func(t *testing.T) {
			first, second, _ := twoInstances(t, b)
			if _, err := second.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0)); err != nil {
				t.Fatal(err)
			}
			if err := first.PutSalon(t.Context(), "studio-nine", changedNine()); err != nil {
				t.Fatal(err)
			}
			cal, err := second.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
			if err != nil || !reflect.DeepEqual(cal.Settings, changedNine()) {
				t.Errorf("Calendar: got %#v, %v, want %#v", cal.Settings, err, changedNine())
			}
			got, err := second.Salon(t.Context(), "studio-nine")
			if err != nil || !reflect.DeepEqual(got, changedNine()) {
				t.Errorf("Salon: got %#v, %v, want %#v", got, err, changedNine())
			}
		})

		t.Run("a put through another instance shows in RecentSalon once SettingsAge has passed", func(t *testing.T) {
			first, second, clock := twoInstances(t, b)
			if got, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, studioNine) {
				t.Fatalf("before the put: got %#v, %v, want %#v", got, err, studioNine)
			}
			if err := first.PutSalon(t.Context(), "studio-nine", changedNine()); err != nil {
				t.Fatal(err)
			}
			clock.Advance(store.SettingsAge / 2)
			if got, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, studioNine) {
				t.Errorf("within SettingsAge: got %#v, %v, want the settings kept, %#v", got, err, studioNine)
			}
			clock.Advance(store.SettingsAge / 2)
			if got, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, changedNine()) {
				t.Errorf("after SettingsAge: got %#v, %v, want %#v", got, err, changedNine())
			}
		})

		t.Run("settings that still stand after SettingsAge are kept on", func(t *testing.T) {
			_, second, clock := twoInstances(t, b)
			for range 3 {
				if got, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, studioNine) {
					t.Fatalf("got %#v, %v, want %#v", got, err, studioNine)
				}
				clock.Advance(2 * store.SettingsAge)
			}
		})

		t.Run("a put through the same instance shows in RecentSalon at once", func(t *testing.T) {
			_, second, _ := twoInstances(t, b)
			if _, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil {
				t.Fatal(err)
			}
			if err := second.PutSalon(t.Context(), "studio-nine", changedNine()); err != nil {
				t.Fatal(err)
			}
			if got, err := second.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, changedNine()) {
				t.Errorf("got %#v, %v, want %#v", got, err, changedNine())
			}
		})

		t.Run("a salon not registered is found as soon as another instance puts it", func(t *testing.T) {
			first, second, _ := twoInstances(t, b)
			if _, err := second.RecentSalon(t.Context(), "elsewhere"); refusal.KindOf(err) != refusal.NotFound {
				t.Fatalf("before the put: got %v, want ErrNoSalon", err)
			}
			if err := first.PutSalon(t.Context(), "elsewhere", changedNine()); err != nil {
				t.Fatal(err)
			}
			if got, err := second.RecentSalon(t.Context(), "elsewhere"); err != nil || !reflect.DeepEqual(got, changedNine()) {
				t.Errorf("after the put: got %#v, %v, want %#v", got, err, changedNine())
			}
		})

		t.Run("changing the settings handed out changes nothing kept", func(t *testing.T) {
			s, _ := b.open(t)
			if err := s.PutSalon(t.Context(), "studio-nine", ownNine()); err != nil {
				t.Fatal(err)
			}
			for _, read := range []func() (salon.Settings, error){
				func() (salon.Settings, error) { return s.RecentSalon(t.Context(), "studio-nine") },
				func() (salon.Settings, error) { return s.Salon(t.Context(), "studio-nine") },
				func() (salon.Settings, error) {
					cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
					return cal.Settings, err
				},
			} {
				got, err := read()
				if err != nil {
					t.Fatal(err)
				}
				got.Prices[0].Price = "free"
				got.Hours[time.Tuesday][0].End = 23 * 60
				got.Hours[time.Sunday] = []salon.Interval{{Start: 0, End: 60}}
			}
			if got, err := s.RecentSalon(t.Context(), "studio-nine"); err != nil || !reflect.DeepEqual(got, ownNine()) {
				t.Errorf("got %#v, %v, want %#v", got, err, ownNine())
			}
		})
	})
}

// ownNine is studioNine with prices and hours of its own, shared with nothing.
func ownNine() salon.Settings {
	own := studioNine
	own.Prices = append([]salon.Price(nil), studioNine.Prices...)
	own.Hours = salon.Hours{}
	for day, intervals := range studioNine.Hours {
		own.Hours[day] = append([]salon.Interval(nil), intervals...)
	}
	return own
}
