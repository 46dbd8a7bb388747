// This file tests what a field may hold: each refused character in each field, and what a contact is.

package wire

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"salon/internal/testkit"
)

// body is a round one for customer (name, contact) with message, as JSON.
func body(t *testing.T, message, name, contact string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"arguments": map[string]any{
		"message": message, "openSlots": []string{"sat-10:30", "sat-11:30"},
		"customer": map[string]string{"name": name, "contact": contact},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEveryFieldRefusesControlAndFormatCharactersNamingItself(t *testing.T) {
	for _, c := range testkit.UnallowedCharacters {
		words := c.InWords
		cases := []struct {
			field, salon string
			body         []byte
			allowed      bool
		}{
			{"salon", "studio" + c.Char + "nine", body(t, "hi", "Ada", "+44 7700 900123"), false},
			{"arguments.message", "studio-nine", body(t, "A cut"+c.Char+"please", "Ada", "+44 7700 900123"), words},
			{"arguments.customer.name", "studio-nine", body(t, "hi", "Ad"+c.Char+"a", "+44 7700 900123"), false},
			{"arguments.customer.contact", "studio-nine", body(t, "hi", "Ada", "ada@example.com"+c.Char), false},
			{"arguments.customer.contact", "studio-nine", body(t, "hi", "Ada", c.Char+"+44 7700 900123"), false},
			{"arguments.openSlots[1]", "studio-nine",
				[]byte(`{"arguments":{"message":"hi","openSlots":["sat-10:30",` + quote(t, "sat-11"+c.Char+":30") + `]}}`), false},
		}
		for _, tt := range cases {
			t.Run(c.Name+" in "+tt.field, func(t *testing.T) {
				_, err := DecodeBooking(tt.salon, tt.body)
				switch want := tt.field + " holds a character that isn't allowed"; {
				case tt.allowed && err != nil:
					t.Errorf("got %v, want it allowed", err)
				case !tt.allowed && (err == nil || err.Error() != want):
					t.Errorf("got %v, want %q", err, want)
				}
			})
		}
	}
}

func quote(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWordsNamesAndContactsKeepWhatCustomersWrite(t *testing.T) {
	for _, c := range []struct{ message, name, contact string }{
		{"A cut on Saturday?\nOr Sunday.\tThanks", "Zoë O'Brien-Łukasz", "+44 (0)20 7946-0000"},
		{"مرحبا، قصة شعر يوم السبت؟", "فاطمة الزهراء", "fatima@example.com"},
		{"土曜日の朝にカットをお願いします 💇", "山田 花子", "hanako.yamada+salon@mail.example.co.jp"},
		{"", "Ada", "020.7946.0000"},
	} {
		r, err := DecodeBooking("studio-nine", body(t, c.message, c.name, c.contact))
		if err != nil {
			t.Errorf("%q, %q, %q: got %v, want it decoded", c.message, c.name, c.contact, err)
			continue
		}
		if got := r.Booking.Customer; got == nil || got.Name != c.name || got.Contact != c.contact || r.Booking.Message != c.message {
			t.Errorf("got %+v and %q, want %q, %q, %q as written", got, r.Booking.Message, c.message, c.name, c.contact)
		}
	}
}

func TestAContactIsAPhoneNumberOrAnEmailAddress(t *testing.T) {
	for _, c := range []struct {
		contact string
		phone   bool
		email   bool
	}{
		{"+44 7700 900123", true, false},
		{"(020) 7946-0000", true, false},
		{"020.7946.0000", true, false},
		{"123456", true, false},
		{"12345", false, false},                 // five digits
		{strings.Repeat("1", 20), true, false},  // twenty digits
		{strings.Repeat("1", 21), false, false}, // twenty-one
		{"+44 7700 900123 ext 4", false, false}, // letters
		{"+44\u00a07700 900123", false, false},  // a no-break space
		{"٠١٢٣٤٥٦٧٨٩", false, false},            // digits, but not ASCII ones
		{"+44/7700/900123", false, false},       // a slash
		{"ada@example.com", false, true},        // the plain case
		{"a@b.example", false, true},            // the shortest sensible
		{"Ada.Lovelace+salon@mail.Example.co.uk", false, true},
		{"o'brien@example.ie", false, true},
		{"x@xn--p1ai.xn--p1ai", false, true},                    // an IDN's ASCII form
		{"a@b.example?bcc=attacker@evil.example", false, false}, // the mailto trick
		{"a@b.example?bcc=x", false, false},
		{"a?cc=x@b.example", false, false},
		{"a%40evil.example@b.example", false, false}, // an escape in the local part
		{"a@b.example#x", false, false},
		{"a@b.example&cc=x", false, false},
		{"a@@b.example", false, false},
		{"a@b@c.example", false, false},
		{"@b.example", false, false},
		{"a@", false, false},
		{"a@localhost", false, false}, // no dot in the domain
		{"a@b.", false, false},
		{"a@.b", false, false},
		{"a@b..example", false, false},
		{"a@-b.example", false, false},
		{"a@b-.example", false, false},
		{"a@b_c.example", false, false},
		{"a@192.0.2.1", false, false}, // an address, not a name
		{"a@[192.0.2.1]", false, false},
		{".a@b.example", false, false},
		{"a.@b.example", false, false},
		{"a..b@b.example", false, false},
		{`"a b"@b.example`, false, false},
		{"a b@b.example", false, false},
		{" a@b.example", false, false},
		{"a@b.example ", false, false},
		{"a(comment)@b.example", false, false},
		{"josé@example.com", false, false},
		{"a@café.example", false, true}, // IDNA 2008: a@xn--caf-dma.example
		{"info@müller.de", false, true},
		{"a@caf\u00e9 .example", false, false},
		{"a@b\u200d.example", false, false}, // a joiner IDNA refuses where it stands
		{"mailto:a@b.example", false, false},
		{"javascript:alert(1)//@b.example", false, false},
		{strings.Repeat("a", 64) + "@b.example", false, true},
		{strings.Repeat("a", 65) + "@b.example", false, false},
		{"a@" + strings.Repeat("b", 63) + ".example", false, true},
		{"a@" + strings.Repeat("b", 64) + ".example", false, false},
		{"Tuesday", false, false},
		{"x", false, false},
	} {
		if got := IsPhone(c.contact); got != c.phone {
			t.Errorf("IsPhone(%q): got %v, want %v", c.contact, got, c.phone)
		}
		if got := IsEmail(c.contact); got != c.email {
			t.Errorf("IsEmail(%q): got %v, want %v", c.contact, got, c.email)
		}
		if got := IsContact(c.contact); got != (c.phone || c.email) {
			t.Errorf("IsContact(%q): got %v, want %v", c.contact, got, c.phone || c.email)
		}
	}
}

func TestAContactThatIsNeitherIsRefusedAfterItsLengthAndCharacters(t *testing.T) {
	const notAContact = "arguments.customer.contact must be a phone number or an e-mail address"
	for _, c := range []struct{ name, contact, want string }{
		{"Ada", "x", notAContact},
		{"Ada", "a@b.example?bcc=attacker@evil.example", notAContact},
		{"Ada", "call me", notAContact},
		{"Ada", strings.Repeat("1", 201), "arguments.customer.contact must be 1 to 200 characters"},
		{"Ada", "x\u202e", "arguments.customer.contact holds a character that isn't allowed"},
		{"", "x", "arguments.customer.name must be 1 to 100 characters"},
		{"A\u200bda", "x", "arguments.customer.name holds a character that isn't allowed"},
	} {
		_, err := DecodeBooking("studio-nine", body(t, "hi", c.name, c.contact))
		if err == nil || err.Error() != c.want {
			t.Errorf("name %q, contact %q: got %v, want %q", c.name, c.contact, err, c.want)
		}
	}
}

func ExampleIsEmail() {
	for _, contact := range []string{"ada@example.com", "a@b.example?bcc=attacker@evil.example", "+44 7700 900123"} {
		fmt.Println(contact, IsEmail(contact), IsPhone(contact))
	}
	// Output:
	// ada@example.com true false
	// a@b.example?bcc=attacker@evil.example false false
	// +44 7700 900123 false true
}

func TestANameHoldingALinkOrAnEmailAddressIsRefused(t *testing.T) {
	const reason = "arguments.customer.name must be a name, not an address"
	for _, name := range []string{
		"Visit https://evil.example/refund now to keep your slot",
		"HTTP://EVIL.EXAMPLE",
		"javascript://x",
		"see www.evil.example",
		"WWW.evil",
		"Ｗｗｗ．evil", // fullwidth, read as www.
		"write to ada@evil.example",
		"(ada@evil.example)",
		"ada@evil.example.",
		"Ada evil.example/refund",
		"Ada ＠evil.example x@evil.example",
	} {
		if _, err := DecodeBooking("studio-nine", body(t, "hi", name, "+44 7700 900123")); err == nil || err.Error() != reason {
			t.Errorf("the name %q: got %v, want %q", name, err, reason)
		}
	}
	for _, name := range []string{
		"Ada Lovelace", "J.R.R. Tolkien", "St.John Smith", "Anne-Marie O'Neil", "Zoë Ngā-Tahu", "Ada @ the front desk",
		"Ada/Bob", "Dr. Who", "王小明", "Ada 2nd.",
	} {
		if _, err := DecodeBooking("studio-nine", body(t, "hi", name, "+44 7700 900123")); err != nil {
			t.Errorf("the name %q: got %v, want it taken", name, err)
		}
	}
}
