// This file tests the mails built about a booking.

package mail

import (
	"strings"
	"testing"
)

func TestEachMailSaysWhatHappenedAndHowToChangeIt(t *testing.T) {
	n := notice("Ana Smith")
	ics := []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
	cases := []struct {
		name, subject, lead string
		m                   Message
		attached            bool
	}{
		{"confirmation", "Booked: Cut with Ana at Studio Nine, Saturday 5 December, 10:30",
			"You're booked: Cut with Ana at Studio Nine, Saturday 5 December, 10:30.", Confirmation(n, ics), true},
		{"cancellation", "Cancelled: Cut with Ana at Studio Nine, Saturday 5 December, 10:30",
			"Your booking is cancelled: Cut with Ana at Studio Nine, Saturday 5 December, 10:30.", Cancellation(n, ics), true},
		{"move", "Moved: Cut with Ana at Studio Nine, Saturday 5 December, 10:30",
			"Your booking has moved from Friday 4 December, 16:00 to Saturday 5 December, 10:30: Cut with Ana at Studio Nine, Saturday 5 December, 10:30.",
			Moved(n, "Friday 4 December, 16:00", ics), true},
		{"reminder", "Reminder: Cut with Ana at Studio Nine, Saturday 5 December, 10:30",
			"A reminder of your booking: Cut with Ana at Studio Nine, Saturday 5 December, 10:30.", Reminder(n), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.m.To != "eve@example.com" || c.m.ToName != "Ana Smith" {
				t.Errorf("to %q <%s>, want \"Ana Smith\" <eve@example.com>", c.m.ToName, c.m.To)
			}
			if c.m.Subject != c.subject {
				t.Errorf("subject: got %q, want %q", c.m.Subject, c.subject)
			}
			for _, want := range []string{"Hello Ana Smith,\n\n", c.lead + "\n",
				"To see, move or cancel your booking:\nhttps://salon.example/my/studio-nine/bk_7Qx2#k3y\n",
				"To talk to Studio Nine, call +44 20 7946 0000.\n"} {
				if !strings.Contains(c.m.Text, want) {
					t.Errorf("the text lacks %q:\n%s", want, c.m.Text)
				}
			}
			if got := len(c.m.Attachments); c.attached != (got == 1) || got > 1 {
				t.Fatalf("got %d attachments, want the calendar: %v", got, c.attached)
			}
			if c.attached {
				a := c.m.Attachments[0]
				if a.Name != "booking.ics" || a.ContentType != "text/calendar; charset=utf-8" || string(a.Data) != string(ics) {
					t.Errorf("attachment: got %s (%s) %q", a.Name, a.ContentType, a.Data)
				}
			}
		})
	}
}

func TestWithoutALinkTheMailSaysToCallAndASimpleSalonSaysAppointment(t *testing.T) {
	n := notice("")
	n.Manage, n.What = "", ""
	m := Confirmation(n, nil)
	if want := "Booked: Appointment at Studio Nine, Saturday 5 December, 10:30"; m.Subject != want {
		t.Errorf("subject: got %q, want %q", m.Subject, want)
	}
	for _, want := range []string{"Hello,\n\n", "To change or cancel your booking, call Studio Nine on +44 20 7946 0000.\n"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the text lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "calendar file") || len(m.Attachments) != 0 {
		t.Errorf("with no calendar, the mail mentions or attaches one:\n%s", m.Text)
	}
}

func TestTheCustomersWordsStayOnTheirLine(t *testing.T) {
	n := notice("Eve\r\n\r\nYour booking is cancelled. Pay at https://evil.example")
	n.When = "Saturday\n5 December"
	m := Confirmation(n, nil)
	if !strings.HasPrefix(m.Text, "Hello Eve Your booking is cancelled. Pay at https://evil.example,\n\n") {
		t.Errorf("the name broke its line:\n%s", m.Text)
	}
	if strings.Contains(m.Subject, "\n") || !strings.Contains(m.Subject, "Saturday 5 December") {
		t.Errorf("subject: got %q", m.Subject)
	}
}
