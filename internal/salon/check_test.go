// This file holds the tests of Settings.Check and WithDefaults: every bound, refused by field name.

package salon_test

import (
	"errors"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the tests read the zones Go embeds, whatever the machine holds

	"salon/internal/refusal"
	"salon/internal/salon"
)

// studioNine is settings within every bound; each case below breaks one.
func studioNine() salon.Settings {
	return salon.Settings{
		Name:     "Studio Nine",
		TimeZone: "Europe/London",
		Phone:    "+44 20 7946 0000",
		Prices:   []salon.Price{{Service: "cut", Price: "$45"}, {Service: "colour", Price: "from $80"}},
		Hours: salon.Hours{
			time.Tuesday:  {{Start: 9 * 60, End: 12*60 + 30}, {Start: 13*60 + 30, End: 17*60 + 30}},
			time.Saturday: {{Start: 9 * 60, End: 17*60 + 30}},
			time.Sunday:   {},
		},
		SlotMinutes: 45,
		HorizonDays: 14,
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(*salon.Settings)
		want   string // the refusal, or "" for none
	}{
		{"settings within every bound pass", func(*salon.Settings) {}, ""},
		{"a name of 100 characters passes", func(s *salon.Settings) { s.Name = strings.Repeat("é", 100) }, ""},
		{"a phone of 40 characters passes", func(s *salon.Settings) { s.Phone = strings.Repeat("9", 40) }, ""},
		{"no prices pass", func(s *salon.Settings) { s.Prices = nil }, ""},
		{"20 prices pass", func(s *salon.Settings) { s.Prices = prices(20) }, ""},
		{"no hours pass", func(s *salon.Settings) { s.Hours = nil }, ""},
		{"intervals that touch pass", func(s *salon.Settings) {
			s.Hours = salon.Hours{time.Monday: {{Start: 540, End: 720}, {Start: 720, End: 1439}}}
		}, ""},
		{"the least and most slotMinutes pass", func(s *salon.Settings) { s.SlotMinutes = 5 }, ""},
		{"480 slotMinutes pass", func(s *salon.Settings) { s.SlotMinutes = 480 }, ""},
		{"one horizon day passes", func(s *salon.Settings) { s.HorizonDays = 1 }, ""},
		{"90 horizon days pass", func(s *salon.Settings) { s.HorizonDays = 90 }, ""},
		{"UTC is a zone", func(s *salon.Settings) { s.TimeZone = "UTC" }, ""},

		{"an empty name is refused", func(s *salon.Settings) { s.Name = "" }, "name must be 1 to 100 characters"},
		{"a name of 101 characters is refused", func(s *salon.Settings) { s.Name = strings.Repeat("é", 101) }, "name must be 1 to 100 characters"},
		{"a name that is not UTF-8 is refused", func(s *salon.Settings) { s.Name = "Studio \xff" }, "name must be 1 to 100 characters"},
		{"a name with a newline is refused", func(s *salon.Settings) { s.Name = "Studio\nNine" }, "name must not hold control characters"},
		{"a name with a C1 control is refused", func(s *salon.Settings) { s.Name = "Studio\u0085Nine" }, "name must not hold control characters"},
		{"an unknown zone is refused", func(s *salon.Settings) { s.TimeZone = "Europe/Atlantis" }, "timeZone must be an IANA time zone name"},
		{"a zone in the wrong case is refused", func(s *salon.Settings) { s.TimeZone = "europe/london" }, "timeZone must be an IANA time zone name"},
		{"an empty zone is refused", func(s *salon.Settings) { s.TimeZone = "" }, "timeZone must be an IANA time zone name"},
		{"the machine's own zone is refused", func(s *salon.Settings) { s.TimeZone = "Local" }, "timeZone must be an IANA time zone name"},
		{"a zone path climbing out is refused", func(s *salon.Settings) { s.TimeZone = "../../etc/passwd" }, "timeZone must be an IANA time zone name"},
		{"an empty phone is refused", func(s *salon.Settings) { s.Phone = "" }, "phone must be 1 to 40 characters"},
		{"a phone of 41 characters is refused", func(s *salon.Settings) { s.Phone = strings.Repeat("9", 41) }, "phone must be 1 to 40 characters"},
		{"a phone with a tab is refused", func(s *salon.Settings) { s.Phone = "+44\t20" }, "phone must not hold control characters"},
		{"21 prices are refused", func(s *salon.Settings) { s.Prices = prices(21) }, "prices must hold at most 20 entries"},
		{"a price line with no service is refused", func(s *salon.Settings) { s.Prices[1].Service = "" }, "prices[1].service must be 1 to 100 characters"},
		{"a price line with no price is refused", func(s *salon.Settings) { s.Prices[0].Price = "" }, "prices[0].price must be 1 to 100 characters"},
		{"a service of 101 characters is refused", func(s *salon.Settings) { s.Prices[1].Service = strings.Repeat("a", 101) }, "prices[1].service must be 1 to 100 characters"},
		{"a price with a control character is refused", func(s *salon.Settings) { s.Prices[1].Price = "$4\x005" }, "prices[1].price must not hold control characters"},
		{"an interval ending where it starts is refused", func(s *salon.Settings) {
			s.Hours[time.Tuesday][1] = salon.Interval{Start: 800, End: 800}
		}, "hours.tue[1] must start before it ends"},
		{"an interval ending before it starts is refused", func(s *salon.Settings) {
			s.Hours[time.Saturday][0] = salon.Interval{Start: 800, End: 700}
		}, "hours.sat[0] must start before it ends"},
		{"overlapping intervals are refused", func(s *salon.Settings) {
			s.Hours[time.Tuesday][1] = salon.Interval{Start: 12 * 60, End: 17 * 60}
		}, "hours.tue intervals must not overlap"},
		{"intervals out of order are refused", func(s *salon.Settings) {
			s.Hours[time.Tuesday] = []salon.Interval{{Start: 13 * 60, End: 17 * 60}, {Start: 9 * 60, End: 12 * 60}}
		}, "hours.tue intervals must be in order, earliest first"},
		{"a clock past 23:59 is refused", func(s *salon.Settings) {
			s.Hours[time.Saturday][0] = salon.Interval{Start: 9 * 60, End: 24 * 60}
		}, "hours.sat[0] must be two times written HH:MM"},
		{"a negative clock is refused", func(s *salon.Settings) {
			s.Hours[time.Saturday][0] = salon.Interval{Start: -1, End: 60}
		}, "hours.sat[0] must be two times written HH:MM"},
		{"a day that is not a weekday is refused", func(s *salon.Settings) {
			s.Hours[time.Weekday(7)] = []salon.Interval{{Start: 0, End: 60}}
		}, "hours holds a day that is not mon to sun"},
		{"days are checked Monday first", func(s *salon.Settings) {
			s.Hours[time.Sunday] = []salon.Interval{{Start: 60, End: 0}}
			s.Hours[time.Monday] = []salon.Interval{{Start: 60, End: 0}}
		}, "hours.mon[0] must start before it ends"},
		{"zero slotMinutes are refused", func(s *salon.Settings) { s.SlotMinutes = 0 }, "slotMinutes must be 5 to 480"},
		{"4 slotMinutes are refused", func(s *salon.Settings) { s.SlotMinutes = 4 }, "slotMinutes must be 5 to 480"},
		{"481 slotMinutes are refused", func(s *salon.Settings) { s.SlotMinutes = 481 }, "slotMinutes must be 5 to 480"},
		{"zero horizon days are refused", func(s *salon.Settings) { s.HorizonDays = 0 }, "horizonDays must be 1 to 90"},
		{"91 horizon days are refused", func(s *salon.Settings) { s.HorizonDays = 91 }, "horizonDays must be 1 to 90"},
		{"the first field out of bounds is the one named", func(s *salon.Settings) {
			s.Phone, s.HorizonDays = "", 0
		}, "phone must be 1 to 40 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := studioNine()
			tt.change(&s)
			err := s.Check(time.LoadLocation)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %q, want no refusal", err)
				}
				return
			}
			if refusal.KindOf(err) != refusal.Invalid {
				t.Fatalf("got %v (%T), want the Refusal %q", err, err, tt.want)
			}
			if err.Error() != tt.want {
				t.Fatalf("got %q, want %q", err, tt.want)
			}
		})
	}
}

func TestCheckAsksTheLoaderForTheZone(t *testing.T) {
	var asked []string
	load := func(name string) (*time.Location, error) {
		asked = append(asked, name)
		return time.FixedZone(name, 0), nil
	}
	s := studioNine()
	s.TimeZone = "Somewhere/Only_The_Loader_Knows"
	if err := s.Check(load); err != nil {
		t.Fatalf("got %q, want no refusal when the loader knows the zone", err)
	}
	if len(asked) != 1 || asked[0] != s.TimeZone {
		t.Fatalf("got the loader asked for %q, want once for %q", asked, s.TimeZone)
	}
	refusing := func(string) (*time.Location, error) { return nil, errors.New("no such zone") }
	if err := studioNine().Check(refusing); err == nil || err.Error() != "timeZone must be an IANA time zone name" {
		t.Fatalf("got %v, want the zone refused when the loader fails", err)
	}
}

func TestWithDefaults(t *testing.T) {
	tests := []struct {
		name                       string
		slotMinutes, horizonDays   int
		wantSlotMinutes, wantHoriz int
	}{
		{"zeros become the defaults", 0, 0, 45, 14},
		{"values given are kept", 30, 7, 30, 7},
		{"values out of bounds are kept for Check to refuse", -5, 200, -5, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := studioNine()
			s.SlotMinutes, s.HorizonDays = tt.slotMinutes, tt.horizonDays
			got := s.WithDefaults()
			if got.SlotMinutes != tt.wantSlotMinutes || got.HorizonDays != tt.wantHoriz {
				t.Fatalf("got slotMinutes %d and horizonDays %d, want %d and %d", got.SlotMinutes, got.HorizonDays, tt.wantSlotMinutes, tt.wantHoriz)
			}
			if got.Name != s.Name || got.TimeZone != s.TimeZone {
				t.Fatalf("got name %q zone %q, want the other fields kept", got.Name, got.TimeZone)
			}
		})
	}
}

func prices(n int) []salon.Price {
	list := make([]salon.Price, n)
	for i := range list {
		list[i] = salon.Price{Service: "service", Price: "$1"}
	}
	return list
}
