package salon_test

import (
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
)

func TestEmbedOriginsAreOriginsAsABrowserWritesThem(t *testing.T) {
	for _, c := range []struct {
		origin string
		ok     bool
	}{
		{"https://studio-nine.example", true},
		{"https://studio-nine.example:8443", true},
		{"https://xn--mller-kva.de", true},
		{"http://localhost:5173", true},
		{"http://127.0.0.1:8080", true},
		{"http://[::1]:8080", true},
		{"http://studio-nine.example", false},
		{"https://studio-nine.example/", false},
		{"https://studio-nine.example/book", false},
		{"https://Studio-Nine.example", false},
		{"https://studio-nine.example?x=1", false},
		{"https://user@studio-nine.example", false},
		{"https://*.example", false},
		{"https://a;b.example", false},
		{"https://a.example;script-src", false},
		{"studio-nine.example", false},
		{"javascript:alert(1)", false},
		{"", false},
	} {
		if got := salon.IsEmbedOrigin(c.origin); got != c.ok {
			t.Errorf("IsEmbedOrigin(%q) = %v, want %v", c.origin, got, c.ok)
		}
	}
}

func TestASalonListsAtMostTenDistinctEmbedOrigins(t *testing.T) {
	base := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", SlotMinutes: 45, HorizonDays: 14}
	check := func(origins ...string) error {
		s := base
		s.EmbedOrigins = origins
		return s.Check(time.LoadLocation)
	}
	if err := check("https://a.example", "http://localhost:3000"); err != nil {
		t.Errorf("two origins: %v", err)
	}
	eleven := make([]string, 11)
	for i := range eleven {
		eleven[i] = "https://" + strings.Repeat("a", i+1) + ".example"
	}
	for _, c := range []struct {
		origins []string
		want    string
	}{
		{eleven, "embedOrigins must hold at most 10 origins"},
		{[]string{"https://a.example", "https://a.example/"}, "embedOrigins[1] must be an https:// origin, such as https://studio-nine.example: a scheme, a host and maybe a port, nothing after"},
		{[]string{"https://a.example", "https://a.example"}, "embedOrigins[1] repeats an origin"},
	} {
		if err := check(c.origins...); err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %q", c.origins, err, c.want)
		}
	}
}
