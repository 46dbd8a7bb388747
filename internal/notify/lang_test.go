// This file tests that the customer is told of a booking in the language it was made in: its
// mails, their calendar file and its texts.

package notify_test

import (
	"strings"
	"testing"
	"time"

	"salon/internal/lang"
	"salon/internal/sms"
)

func TestAMailIsInTheLanguageTheBookingWasMadeIn(t *testing.T) {
	w := newWorld(t)
	w.start()
	start := ahead(72 * time.Hour)
	w.bookIn("de", "bk-de", "Zoë", "zoe@example.com", start)
	mails := w.smtp.Await(1, 10*time.Second)
	if len(mails) != 1 {
		t.Fatalf("the SMTP server got %d mails, want the confirmation", len(mails))
	}
	london, _ := time.LoadLocation("Europe/London")
	when := lang.Of("de").Label(start, london)
	p := parse(t, mails[0])
	if want := "Gebucht: Termin bei Studio Nine, " + when; p.subject != want {
		t.Errorf("subject: %q, want %q", p.subject, want)
	}
	for _, want := range []string{"Guten Tag Zoë,", "Sie sind gebucht: Termin bei Studio Nine, " + when + ".",
		"So sehen, verschieben oder stornieren Sie Ihre Buchung:", "Sie erreichen Studio Nine unter +44 20 7946 0000."} {
		if !strings.Contains(p.text, want) {
			t.Errorf("the mail lacks %q:\n%s", want, p.text)
		}
	}
	if strings.Contains(p.text, "Hello") || strings.Contains(p.text, "booking:") {
		t.Errorf("the German mail has English in it:\n%s", p.text)
	}
	events := p.ics.Events()
	if len(events) != 1 {
		t.Fatalf("the calendar holds %d events", len(events))
	}
	if summary, _ := events[0].Props.Text("SUMMARY"); summary != "Termin bei Studio Nine" {
		t.Errorf("SUMMARY: %q, want Termin bei Studio Nine", summary)
	}
}

func TestABookingMadeBeforeLanguagesIsToldInTheSalonsLanguage(t *testing.T) {
	w := newWorld(t)
	set, err := w.db.Salon(t.Context(), salonID)
	if err != nil {
		t.Fatal(err)
	}
	set.Language = "fr"
	if err := w.db.PutSalon(t.Context(), salonID, set); err != nil {
		t.Fatal(err)
	}
	w.start()
	w.book("bk-fr", "Zoë", "zoe@example.com", ahead(72*time.Hour))
	mails := w.smtp.Await(1, 10*time.Second)
	if len(mails) != 1 {
		t.Fatalf("the SMTP server got %d mails", len(mails))
	}
	if p := parse(t, mails[0]); !strings.HasPrefix(p.subject, "Réservé : Rendez-vous chez Studio Nine, ") || !strings.Contains(p.text, "Bonjour Zoë,") {
		t.Errorf("a booking with no language of its own at a French salon: %q\n%s", p.subject, p.text)
	}
}

func TestATextIsInTheLanguageTheBookingWasMadeIn(t *testing.T) {
	w := newWorld(t)
	d := w.texting()
	start := ahead(3 * time.Hour)
	b := w.bookIn("es", "b1", "Rosa", "07700 900123", start)
	london, _ := time.LoadLocation("Europe/London")
	m := texts(t, d, 1)[0]
	// An accented weekday ("sábado") makes the text UCS-2, whose two segments may not hold the
	// link too: it is dropped before the words, so only the words are certain on any day.
	want := "Studio Nine: reservado, cita, " + lang.Of("es").Label(start, london) + "."
	link := " Cambiar o cancelar: https://book.studio-nine.example/my/studio-nine/b1#"
	if !strings.HasPrefix(m.Body, want) || (m.Body != want && !strings.HasPrefix(m.Body, want+link)) {
		t.Errorf("the Spanish confirmation says %q, want %q, with the link %q after it when it fits", m.Body, want, link)
	}
	if n, _ := sms.Segments(m.Body); n > sms.MaxSegments {
		t.Errorf("the Spanish confirmation takes %d segments", n)
	}
	if _, err := w.db.Cancel(t.Context(), salonID, b.ID); err != nil {
		t.Fatal(err)
	}
	if got := texts(t, d, 2)[1].Body; !strings.HasPrefix(got, "Studio Nine: cancelado, cita, ") {
		t.Errorf("the Spanish cancellation says %q", got)
	}
	if b.Language != "es" {
		t.Errorf("the store read the booking's language back as %q", b.Language)
	}
}

func TestAnAddressAtAUnicodeDomainIsMailedAtItsASCIIForm(t *testing.T) {
	w := newWorld(t)
	w.start()
	w.bookIn("de", "bk-idn", "Jürgen", "info@müller.de", ahead(72*time.Hour))
	mails := w.smtp.Await(1, 10*time.Second)
	if len(mails) != 1 {
		t.Fatalf("the SMTP server got %d mails, want the confirmation", len(mails))
	}
	if len(mails[0].To) != 1 || mails[0].To[0] != "info@xn--mller-kva.de" {
		t.Errorf("the mail went to %q, want info@xn--mller-kva.de", mails[0].To)
	}
	if p := parse(t, mails[0]); !strings.Contains(p.to, "info@xn--mller-kva.de") {
		t.Errorf("To: %q, want the ASCII form", p.to)
	}
}
