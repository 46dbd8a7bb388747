// This file holds the tests of the menu's settings: Check's bounds of each new field, Resolve and WithDefaults.

package salon_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
)

func price(minor int64) *int64 { return &minor }

// menuNine is Studio Nine as a menu salon, within every bound; each case below breaks one.
func menuNine() salon.Settings {
	s := studioNine()
	s.Prices, s.SlotMinutes = nil, 0
	s.Currency = "GBP"
	s.Services = []salon.Service{
		{ID: "cut", Name: "Cut", Minutes: 45, Price: price(4500)},
		{ID: "colour", Name: "Colour", Minutes: 90, Price: price(8000), AfterMinutes: 30},
		{ID: "beard-trim", Name: "Beard trim", Minutes: 15, Price: price(1500)},
	}
	s.Stylists = []salon.Stylist{
		{ID: "ana", Name: "Ana", Services: []string{"cut", "colour", "beard-trim"}, Hours: salon.Hours{
			time.Tuesday: {{Start: 9 * 60, End: 17*60 + 30}}, time.Wednesday: {{Start: 9 * 60, End: 17*60 + 30}},
		}},
		{ID: "ben", Name: "Ben", Services: []string{"cut", "beard-trim"}},
		{ID: "chloe", Name: "Chloé", Services: []string{"cut", "colour", "beard-trim"}, Hours: salon.Hours{}},
	}
	s.GridMinutes, s.MinNoticeMinutes, s.ChangeCutoffHours, s.MaxUpcomingPerContact = 15, 60, 24, 3
	s.Closures = []salon.Closure{
		{From: time.Date(2026, 12, 24, 13, 0, 0, 0, time.UTC), To: time.Date(2026, 12, 27, 0, 0, 0, 0, time.UTC), Note: "Christmas"},
		{From: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), To: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), Stylist: "ana"},
	}
	return s
}

// withBasins is change applied to a salon with two basins and three chairs, which its cut and
// colour hold.
func withBasins(change func(*salon.Settings)) func(*salon.Settings) {
	return func(s *salon.Settings) {
		s.Resources = []salon.Resource{{ID: "basin", Name: "Basin", Count: 2}, {ID: "chair", Name: "Chair", Count: 3}}
		s.Services[0].Resources = []string{"chair"}
		s.Services[1].Resources = []string{"basin", "chair"}
		change(s)
	}
}

func TestCheckMenu(t *testing.T) {
	tests := []struct {
		name   string
		change func(*salon.Settings)
		want   string // the refusal, or "" for none
	}{
		{"a menu salon within every bound passes", func(*salon.Settings) {}, ""},
		{"no currency passes when no service has a price", func(s *salon.Settings) {
			s.Currency = ""
			for i := range s.Services {
				s.Services[i].Price = nil
			}
		}, ""},
		{"a price of 0 passes", func(s *salon.Settings) { s.Services[0].Price = price(0) }, ""},
		{"50 services pass", func(s *salon.Settings) { s.Services = services(50) }, ""},
		{"50 stylists pass", func(s *salon.Settings) { s.Stylists = stylists(50) }, ""},
		{"an id of 40 characters passes", func(s *salon.Settings) { s.Stylists[1].ID = strings.Repeat("a-9", 13) + "z" }, ""},
		{"the shortest and longest service pass", func(s *salon.Settings) { s.Services[0].Minutes, s.Services[1].Minutes = 5, 480 }, ""},
		{"120 afterMinutes pass", func(s *salon.Settings) { s.Services[0].AfterMinutes = 120 }, ""},
		{"gridMinutes 5 passes", func(s *salon.Settings) { s.GridMinutes = 5 }, ""},
		{"gridMinutes 60 passes", func(s *salon.Settings) { s.GridMinutes = 60 }, ""},
		{"minNoticeMinutes 0 passes", func(s *salon.Settings) { s.MinNoticeMinutes = 0 }, ""},
		{"minNoticeMinutes 10080 passes", func(s *salon.Settings) { s.MinNoticeMinutes = 10080 }, ""},
		{"changeCutoffHours 0 passes", func(s *salon.Settings) { s.ChangeCutoffHours = 0 }, ""},
		{"changeCutoffHours 168 passes", func(s *salon.Settings) { s.ChangeCutoffHours = 168 }, ""},
		{"maxUpcomingPerContact 20 passes", func(s *salon.Settings) { s.MaxUpcomingPerContact = 20 }, ""},
		{"200 closures pass", func(s *salon.Settings) { s.Closures = closures(200) }, ""},
		{"a note of 200 characters passes", func(s *salon.Settings) { s.Closures[0].Note = strings.Repeat("é", 200) }, ""},
		{"a stylist with empty hours passes", func(s *salon.Settings) { s.Stylists[0].Hours = salon.Hours{} }, ""},

		{"slotMinutes with services is refused", func(s *salon.Settings) { s.SlotMinutes = 45 }, "give services, or slotMinutes and prices, not both"},
		{"prices with services are refused", func(s *salon.Settings) { s.Prices = prices(1) }, "give services, or slotMinutes and prices, not both"},
		{"a currency in lower case is refused", func(s *salon.Settings) { s.Currency = "gbp" }, "currency must be three capital letters"},
		{"a currency of four letters is refused", func(s *salon.Settings) { s.Currency = "GBPX" }, "currency must be three capital letters"},
		{"a price without a currency is refused", func(s *salon.Settings) { s.Currency = "" }, "currency is required when a service has a price"},
		{"51 services are refused", func(s *salon.Settings) { s.Services = services(51) }, "services must hold 1 to 50 entries"},
		{"an empty service id is refused", func(s *salon.Settings) { s.Services[1].ID = "" }, "services[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a service id in capitals is refused", func(s *salon.Settings) { s.Services[1].ID = "Cut" }, "services[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a service id of 41 characters is refused", func(s *salon.Settings) { s.Services[1].ID = strings.Repeat("a", 41) }, "services[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a service id with an underscore is refused", func(s *salon.Settings) { s.Services[1].ID = "beard_trim" }, "services[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a service id twice is refused", func(s *salon.Settings) { s.Services[2].ID = "cut" }, "services[2].id must be unique"},
		{"an empty service name is refused", func(s *salon.Settings) { s.Services[0].Name = "" }, "services[0].name must be 1 to 100 characters"},
		{"a service name of 101 characters is refused", func(s *salon.Settings) { s.Services[0].Name = strings.Repeat("é", 101) }, "services[0].name must be 1 to 100 characters"},
		{"a service name with a tab is refused", func(s *salon.Settings) { s.Services[0].Name = "Cut\tand dry" }, "services[0].name must not hold control characters"},
		{"0 minutes are refused", func(s *salon.Settings) { s.Services[0].Minutes = 0 }, "services[0].minutes must be 5 to 480, a multiple of 5"},
		{"485 minutes are refused", func(s *salon.Settings) { s.Services[0].Minutes = 485 }, "services[0].minutes must be 5 to 480, a multiple of 5"},
		{"minutes off the 5-minute step are refused", func(s *salon.Settings) { s.Services[0].Minutes = 44 }, "services[0].minutes must be 5 to 480, a multiple of 5"},
		{"a negative price is refused", func(s *salon.Settings) { s.Services[0].Price = price(-1) }, "services[0].price must be 0 or more"},
		{"negative afterMinutes are refused", func(s *salon.Settings) { s.Services[1].AfterMinutes = -5 }, "services[1].afterMinutes must be 0 to 120, a multiple of 5"},
		{"125 afterMinutes are refused", func(s *salon.Settings) { s.Services[1].AfterMinutes = 125 }, "services[1].afterMinutes must be 0 to 120, a multiple of 5"},
		{"afterMinutes off the step are refused", func(s *salon.Settings) { s.Services[1].AfterMinutes = 7 }, "services[1].afterMinutes must be 0 to 120, a multiple of 5"},
		{"no stylists are refused", func(s *salon.Settings) { s.Stylists = nil }, "stylists must hold 1 to 50 entries"},
		{"51 stylists are refused", func(s *salon.Settings) { s.Stylists = stylists(51) }, "stylists must hold 1 to 50 entries"},
		{"a stylist id with a space is refused", func(s *salon.Settings) { s.Stylists[1].ID = "ben b" }, "stylists[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a stylist id twice is refused", func(s *salon.Settings) { s.Stylists[2].ID = "ana" }, "stylists[2].id must be unique"},
		{"an empty stylist name is refused", func(s *salon.Settings) { s.Stylists[1].Name = "" }, "stylists[1].name must be 1 to 100 characters"},
		{"a stylist who does nothing is refused", func(s *salon.Settings) { s.Stylists[1].Services = nil }, "stylists[1].services must name 1 or more of the menu's services"},
		{"a stylist's service off the menu is refused", func(s *salon.Settings) { s.Stylists[1].Services = []string{"cut", "perm"} }, "stylists[1].services[1] must be the id of a service on the menu"},
		{"a stylist's service twice is refused", func(s *salon.Settings) { s.Stylists[1].Services = []string{"cut", "cut"} }, "stylists[1].services[1] must be unique"},
		{"a stylist's interval that ends before it starts is refused", func(s *salon.Settings) {
			s.Stylists[0].Hours = salon.Hours{time.Monday: {{Start: 600, End: 540}}}
		}, "stylists[0].hours.mon[0] must start before it ends"},
		{"a stylist's overlapping intervals are refused", func(s *salon.Settings) {
			s.Stylists[0].Hours = salon.Hours{time.Friday: {{Start: 540, End: 720}, {Start: 700, End: 800}}}
		}, "stylists[0].hours.fri intervals must not overlap"},
		{"gridMinutes 0 is refused", func(s *salon.Settings) { s.GridMinutes = 0 }, "gridMinutes must be 5 to 60, a multiple of 5"},
		{"gridMinutes 65 is refused", func(s *salon.Settings) { s.GridMinutes = 65 }, "gridMinutes must be 5 to 60, a multiple of 5"},
		{"gridMinutes off the step is refused", func(s *salon.Settings) { s.GridMinutes = 12 }, "gridMinutes must be 5 to 60, a multiple of 5"},
		{"negative minNoticeMinutes are refused", func(s *salon.Settings) { s.MinNoticeMinutes = -1 }, "minNoticeMinutes must be 0 to 10080"},
		{"minNoticeMinutes 10081 are refused", func(s *salon.Settings) { s.MinNoticeMinutes = 10081 }, "minNoticeMinutes must be 0 to 10080"},
		{"201 closures are refused", func(s *salon.Settings) { s.Closures = closures(201) }, "closures must hold at most 200 entries"},
		{"a closure that ends as it starts is refused", func(s *salon.Settings) { s.Closures[1].To = s.Closures[1].From }, "closures[1].from must be before to"},
		{"a closure of no stylist on the team is refused", func(s *salon.Settings) { s.Closures[1].Stylist = "zoe" }, "closures[1].stylist must be the id of one of the salon's stylists"},
		{"a note of 201 characters is refused", func(s *salon.Settings) { s.Closures[0].Note = strings.Repeat("é", 201) }, "closures[0].note must be 0 to 200 characters"},
		{"a note with a newline is refused", func(s *salon.Settings) { s.Closures[0].Note = "Christmas\nEve" }, "closures[0].note must not hold control characters"},
		{"changeCutoffHours 169 is refused", func(s *salon.Settings) { s.ChangeCutoffHours = 169 }, "changeCutoffHours must be 0 to 168"},
		{"negative changeCutoffHours are refused", func(s *salon.Settings) { s.ChangeCutoffHours = -1 }, "changeCutoffHours must be 0 to 168"},
		{"maxUpcomingPerContact 21 is refused", func(s *salon.Settings) { s.MaxUpcomingPerContact = 21 }, "maxUpcomingPerContact must be 0 to 20"},
		{"negative maxUpcomingPerContact is refused", func(s *salon.Settings) { s.MaxUpcomingPerContact = -1 }, "maxUpcomingPerContact must be 0 to 20"},
		{"resources held by services pass", withBasins(func(*salon.Settings) {}), ""},
		{"20 resources of 50 units pass", withBasins(func(s *salon.Settings) {
			for i := len(s.Resources); i < 20; i++ {
				s.Resources = append(s.Resources, salon.Resource{ID: fmt.Sprintf("room-%d", i), Name: "Room", Count: 50})
			}
		}), ""},
		{"21 resources are refused", withBasins(func(s *salon.Settings) {
			for i := len(s.Resources); i < 21; i++ {
				s.Resources = append(s.Resources, salon.Resource{ID: fmt.Sprintf("room-%d", i), Name: "Room", Count: 1})
			}
		}), "resources must hold at most 20 entries"},
		{"a resource id with a capital is refused", withBasins(func(s *salon.Settings) { s.Resources[1].ID = "Chair" }), "resources[1].id must be 1 to 40 of a-z, 0-9 and -"},
		{"a resource id twice is refused", withBasins(func(s *salon.Settings) { s.Resources[1].ID = "basin" }), "resources[1].id must be unique"},
		{"an empty resource name is refused", withBasins(func(s *salon.Settings) { s.Resources[0].Name = "" }), "resources[0].name must be 1 to 100 characters"},
		{"a resource of no units is refused", withBasins(func(s *salon.Settings) { s.Resources[0].Count = 0 }), "resources[0].count must be 1 to 50"},
		{"a resource of 51 units is refused", withBasins(func(s *salon.Settings) { s.Resources[1].Count = 51 }), "resources[1].count must be 1 to 50"},
		{"a service holding an unknown resource is refused", withBasins(func(s *salon.Settings) { s.Services[1].Resources = []string{"basin", "sink"} }), "services[1].resources[1] must be the id of one of the salon's resources"},
		{"a service holding a resource twice is refused", withBasins(func(s *salon.Settings) { s.Services[1].Resources = []string{"basin", "basin"} }), "services[1].resources[1] must be unique"},
		{"a menu salon's horizonDays keep their bounds", func(s *salon.Settings) { s.HorizonDays = 91 }, "horizonDays must be 1 to 90"},
		{"a menu salon's own hours keep their bounds", func(s *salon.Settings) {
			s.Hours = salon.Hours{time.Monday: {{Start: 600, End: 540}}}
		}, "hours.mon[0] must start before it ends"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := menuNine()
			tt.change(&s)
			wantRefusal(t, s.Check(time.LoadLocation), tt.want)
		})
	}
}

func TestCheckSimpleSalonRefusesTheMenusFields(t *testing.T) {
	tests := []struct {
		name   string
		change func(*salon.Settings)
		want   string
	}{
		{"changeCutoffHours and maxUpcomingPerContact belong to every salon", func(s *salon.Settings) {
			s.ChangeCutoffHours, s.MaxUpcomingPerContact = 168, 20
		}, ""},
		{"changeCutoffHours keeps its bounds at a simple salon", func(s *salon.Settings) { s.ChangeCutoffHours = 169 }, "changeCutoffHours must be 0 to 168"},
		{"maxUpcomingPerContact keeps its bounds at a simple salon", func(s *salon.Settings) { s.MaxUpcomingPerContact = 21 }, "maxUpcomingPerContact must be 0 to 20"},
		{"currency needs services", func(s *salon.Settings) { s.Currency = "GBP" }, "currency needs services"},
		{"stylists need services", func(s *salon.Settings) { s.Stylists = stylists(1) }, "stylists needs services"},
		{"gridMinutes needs services", func(s *salon.Settings) { s.GridMinutes = 15 }, "gridMinutes needs services"},
		{"minNoticeMinutes needs services", func(s *salon.Settings) { s.MinNoticeMinutes = 60 }, "minNoticeMinutes needs services"},
		{"closures need services", func(s *salon.Settings) { s.Closures = closures(1) }, "closures needs services"},
		{"resources need services", func(s *salon.Settings) { s.Resources = []salon.Resource{{ID: "basin", Name: "Basin", Count: 2}} }, "resources needs services"},
		{"a field of the other kind is refused before any bound", func(s *salon.Settings) { s.Name, s.GridMinutes = "", 15 }, "gridMinutes needs services"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := studioNine()
			tt.change(&s)
			wantRefusal(t, s.Check(time.LoadLocation), tt.want)
		})
	}
}

func TestResolve(t *testing.T) {
	simple := func() salon.Settings {
		s := studioNine()
		s.SlotMinutes, s.HorizonDays = 0, 0
		return s
	}
	menu := func() salon.Settings {
		s := menuNine()
		s.HorizonDays, s.GridMinutes, s.MinNoticeMinutes, s.ChangeCutoffHours = 0, 0, 0, 0
		return s
	}
	tests := []struct {
		name  string
		put   salon.Settings
		given salon.Given
		want  func(*salon.Settings) // what the put makes, from the put; nil when refused
		err   string
	}{
		{"a simple salon's fields left out take their defaults", simple(), salon.Given{}, func(s *salon.Settings) {
			s.SlotMinutes, s.HorizonDays, s.ChangeCutoffHours = 45, 14, 24
		}, ""},
		{"a menu salon's fields left out take their defaults", menu(), salon.Given{Services: true}, func(s *salon.Settings) {
			s.HorizonDays, s.GridMinutes, s.MinNoticeMinutes, s.ChangeCutoffHours = 14, 15, 60, 24
		}, ""},
		{"zeros put where zero is in bounds are kept", menu(), salon.Given{MinNoticeMinutes: true, ChangeCutoffHours: true}, func(s *salon.Settings) {
			s.HorizonDays, s.GridMinutes = 14, 15
		}, ""},
		{"changeCutoffHours put as 0 at a simple salon is kept", simple(), salon.Given{ChangeCutoffHours: true}, func(s *salon.Settings) {
			s.SlotMinutes, s.HorizonDays = 45, 14
		}, ""},
		{"values put are kept", func() salon.Settings {
			s := menu()
			s.HorizonDays, s.GridMinutes, s.MinNoticeMinutes, s.ChangeCutoffHours = 7, 30, 120, 48
			return s
		}(), salon.Given{}, func(*salon.Settings) {}, ""},

		{"maxBookingsPerMinute put is kept", func() salon.Settings { s := simple(); s.MaxBookingsPerMinute = 1000; return s }(),
			salon.Given{MaxBookingsPerMinute: true}, func(s *salon.Settings) { s.SlotMinutes, s.HorizonDays, s.ChangeCutoffHours = 45, 14, 24 }, ""},
		{"maxBookingsPerMinute put as 0 is refused", simple(), salon.Given{MaxBookingsPerMinute: true}, nil, "maxBookingsPerMinute must be 1 to 1000"},
		{"maxBookingsPerMinute put as 1001 is refused", func() salon.Settings { s := simple(); s.MaxBookingsPerMinute = 1001; return s }(),
			salon.Given{MaxBookingsPerMinute: true}, nil, "maxBookingsPerMinute must be 1 to 1000"},
		{"horizonDays put as 0 is refused", simple(), salon.Given{HorizonDays: true}, nil, "horizonDays must be 1 to 90"},
		{"slotMinutes put as 0 is refused", simple(), salon.Given{SlotMinutes: true}, nil, "slotMinutes must be 5 to 480"},
		{"gridMinutes put as 0 is refused", menu(), salon.Given{GridMinutes: true}, nil, "gridMinutes must be 5 to 60, a multiple of 5"},
		{"services put as an empty list are refused", func() salon.Settings { s := simple(); s.Services = []salon.Service{}; return s }(), salon.Given{}, nil, "services must hold 1 to 50 entries"},
		{"services put as nothing at all are refused", simple(), salon.Given{Services: true}, nil, "services must hold 1 to 50 entries"},
		{"slotMinutes put as 0 with services is refused", menu(), salon.Given{SlotMinutes: true}, nil, "give services, or slotMinutes and prices, not both"},
		{"prices put as an empty list with services are refused", menu(), salon.Given{Prices: true}, nil, "give services, or slotMinutes and prices, not both"},
		{"currency put as empty at a menu salon is refused", func() salon.Settings {
			s := menu()
			s.Currency = ""
			for i := range s.Services {
				s.Services[i].Price = nil
			}
			return s
		}(), salon.Given{Currency: true}, nil, "currency must be three capital letters"},
		{"currency put empty without services is refused", simple(), salon.Given{Currency: true}, nil, "currency needs services"},
		{"stylists put empty without services are refused", simple(), salon.Given{Stylists: true}, nil, "stylists needs services"},
		{"gridMinutes put as 0 without services is refused", simple(), salon.Given{GridMinutes: true}, nil, "gridMinutes needs services"},
		{"minNoticeMinutes put as 0 without services is refused", simple(), salon.Given{MinNoticeMinutes: true}, nil, "minNoticeMinutes needs services"},
		{"closures put empty without services are refused", simple(), salon.Given{Closures: true}, nil, "closures needs services"},
		{"minNoticeMinutes put without services is refused", func() salon.Settings { s := simple(); s.MinNoticeMinutes = 30; return s }(), salon.Given{}, nil, "minNoticeMinutes needs services"},
		{"the bounds are judged after the defaults", func() salon.Settings { s := menu(); s.Name = ""; return s }(), salon.Given{}, nil, "name must be 1 to 100 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.put.Resolve(tt.given, time.LoadLocation)
			wantRefusal(t, err, tt.err)
			if tt.want == nil {
				return
			}
			want := tt.put
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})
	}
}

func TestWithDefaultsLeavesCheckedSettingsAlone(t *testing.T) {
	for _, s := range []salon.Settings{studioNine(), menuNine(), func() salon.Settings {
		s := menuNine()
		s.MinNoticeMinutes, s.ChangeCutoffHours = 0, 0
		return s
	}()} {
		if err := s.Check(time.LoadLocation); err != nil {
			t.Fatalf("Check: got %q, want the test's settings to pass", err)
		}
		if got := s.WithDefaults(); !reflect.DeepEqual(got, s) {
			t.Errorf("WithDefaults: got %+v, want settings that pass Check unchanged, %+v", got, s)
		}
	}
	s := menuNine()
	s.GridMinutes, s.HorizonDays = 0, 0
	if got := s.WithDefaults(); got.GridMinutes != 15 || got.HorizonDays != 14 || got.SlotMinutes != 0 {
		t.Errorf("WithDefaults at a menu salon: got gridMinutes %d, horizonDays %d, slotMinutes %d, want 15, 14 and 0",
			got.GridMinutes, got.HorizonDays, got.SlotMinutes)
	}
}

func TestChoose(t *testing.T) {
	s := menuNine()
	tests := []struct {
		service, stylist string
		want             string
	}{
		{"cut", "", ""},
		{"cut", "ben", ""},
		{"colour", "ana", ""},
		{"perm", "", "studio-nine offers no service perm"},
		{"perm", "ana", "studio-nine offers no service perm"},
		{"cut", "zoe", "studio-nine has no stylist zoe"},
		{"colour", "ben", "Ben doesn't do Colour"},
		{"", "", "studio-nine offers no such service"},
		{"Cut\n<script>", "", "studio-nine offers no such service"},
		{"cut", strings.Repeat("z", 41), "studio-nine has no such stylist"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q with %q", tt.service, tt.stylist), func(t *testing.T) {
			wantRefusal(t, s.Choose("studio-nine", tt.service, tt.stylist), tt.want)
		})
	}
}

func TestLookups(t *testing.T) {
	s := menuNine()
	if v, ok := s.Service("colour"); !ok || v.Minutes != 90 {
		t.Errorf("Service(colour): got %+v, %v, want the 90-minute colour", v, ok)
	}
	if _, ok := s.Service("perm"); ok {
		t.Errorf("Service(perm): got found, want none")
	}
	ben, ok := s.Stylist("ben")
	if !ok || !ben.Does("cut") || ben.Does("colour") {
		t.Errorf("Stylist(ben): got %+v, %v, want Ben, who does cuts and not colours", ben, ok)
	}
	if got := s.HoursOf(ben); !reflect.DeepEqual(got, s.Hours) {
		t.Errorf("HoursOf(ben): got %v, want the salon's hours", got)
	}
	chloe, _ := s.Stylist("chloe")
	if got := s.HoursOf(chloe); got == nil || len(got) != 0 {
		t.Errorf("HoursOf(chloe): got %v, want her own empty hours", got)
	}
	if studioNine().HasMenu() || !s.HasMenu() {
		t.Errorf("HasMenu: got %v for the simple salon and %v for the menu, want false and true", studioNine().HasMenu(), s.HasMenu())
	}
}

func services(n int) []salon.Service {
	list := make([]salon.Service, n)
	for i := range list {
		list[i] = salon.Service{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Service %d", i), Minutes: 30}
	}
	list[0].ID, list[1].ID, list[2].ID = "cut", "colour", "beard-trim" // menuNine's stylists do these
	return list
}

func stylists(n int) []salon.Stylist {
	list := make([]salon.Stylist, n)
	for i := range list {
		list[i] = salon.Stylist{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Stylist %d", i), Services: []string{"cut"}}
	}
	list[0].ID = "ana" // menuNine's closure names her
	return list
}

func closures(n int) []salon.Closure {
	list := make([]salon.Closure, n)
	from := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	for i := range list {
		list[i] = salon.Closure{From: from.Add(time.Duration(i) * time.Hour), To: from.Add(time.Duration(i)*time.Hour + 30*time.Minute)}
	}
	return list
}
