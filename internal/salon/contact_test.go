// This file tests a contact's normal form and the cap's refusal.

package salon_test

import (
	"testing"

	"salon/internal/salon"
)

func TestContactKeyComparesAnEmailByCaseAndAPhoneByItsDigits(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"Ana.Lima@Example.COM", "ana.lima@example.com"},
		{" ana@example.com ", "ana@example.com"},
		{"+44 20 7946 0000", "+44 (20) 7946-0000"},
		{"+44 20 7946 0000", "442079460000"},
		{"020.7946.0000", "02079460000"},
		{"x", "X"},
	} {
		if ka, kb := salon.ContactKey(tc.a, ""), salon.ContactKey(tc.b, ""); ka != kb {
			t.Errorf("ContactKey(%q) = %q and ContactKey(%q) = %q, want them equal", tc.a, ka, tc.b, kb)
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"ana@example.com", "ana@example.org"},
		{"+44 20 7946 0000", "+44 20 7946 0001"},
		{"0044 20 7946 0000", "+44 20 7946 0000"}, // its digits, as written, with no region to read 00 in
		{"12345678", "12345678@example.com"},
		{"x", "y"},
	} {
		if ka, kb := salon.ContactKey(tc.a, ""), salon.ContactKey(tc.b, ""); ka == kb {
			t.Errorf("ContactKey(%q) and ContactKey(%q) are both %q, want them apart", tc.a, tc.b, ka)
		}
	}
}

func TestContactKeyIsASCIIAndNeverEmpty(t *testing.T) {
	for _, c := range []string{"", " ", "x", "Zoë", "\x00\xff", "zoë@example.com", "a@\xff", "+44 20 7946 0000", "ANA@EXAMPLE.COM"} {
		k := salon.ContactKey(c, "")
		if k == "" {
			t.Errorf("ContactKey(%q) = \"\", want a key", c)
		}
		for i := 0; i < len(k); i++ {
			if k[i] >= 0x80 {
				t.Errorf("ContactKey(%q) = %q, want ASCII", c, k)
				break
			}
		}
	}
	if got, want := salon.ContactKey("Zoë", ""), salon.ContactKey("ZOË", ""); got != want {
		t.Errorf("ContactKey(Zoë) = %q, ContactKey(ZOË) = %q, want them equal", got, want)
	}
}

func TestOverCapSaysHowManyAreHeldAndWhomToCall(t *testing.T) {
	for _, tc := range []struct {
		held int
		want string
	}{
		{3, "you already hold 3 upcoming bookings here; call Studio Nine to book more"},
		{1, "you already hold 1 upcoming booking here; call Studio Nine to book more"},
	} {
		if got := salon.OverCap(tc.held, "Studio Nine").Error(); got != tc.want {
			t.Errorf("OverCap(%d): got %q, want %q", tc.held, got, tc.want)
		}
	}
}

func TestAnEmailDomainInUnicodeIsItsASCIIForm(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"info@müller.de", "info@xn--mller-kva.de"},
		{"info@MÜLLER.de", "info@xn--mller-kva.de"},
		{"info@xn--mller-kva.de", "info@xn--mller-kva.de"},
		{"kari@blåbær.no", "kari@xn--blbr-roah.no"},
		{"eve@example.com", "eve@example.com"},
	} {
		if got, ok := salon.EmailASCII(c.in); !ok || got != c.want {
			t.Errorf("EmailASCII(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{"zoë@example.com", "no-at-sign", "a@b\u200d.example"} {
		if got, ok := salon.EmailASCII(in); ok {
			t.Errorf("EmailASCII(%q) = %q, want refused", in, got)
		}
	}
	// One customer, however the domain is written.
	if a, b := salon.ContactKey("Info@Müller.de", "DE"), salon.ContactKey("info@xn--mller-kva.de", "DE"); a != b || a != "e:info@xn--mller-kva.de" {
		t.Errorf("the two spellings key as %q and %q", a, b)
	}
}
