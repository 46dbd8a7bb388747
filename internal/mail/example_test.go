// This file shows a confirmation being built.

package mail_test

import (
	"fmt"

	"salon/internal/mail"
)

// The confirmation a customer gets, with the booking's .ics (here a stand-in) attached.
func ExampleConfirmation() {
	m := mail.Confirmation(mail.Notice{
		Name: "Ana Smith", Email: "ana@example.com",
		Salon: "Studio Nine", Phone: "+44 20 7946 0000",
		What: "Cut with Ana", When: "Saturday 5 December, 10:30",
		Manage: "https://salon.example/my/studio-nine/bk_7Qx2#key",
	}, []byte("BEGIN:VCALENDAR\r\n…"))
	fmt.Printf("To: %s <%s>\nSubject: %s\nAttached: %s (%s)\n\n%s", m.ToName, m.To, m.Subject,
		m.Attachments[0].Name, m.Attachments[0].ContentType, m.Text)
	// Output:
	// To: Ana Smith <ana@example.com>
	// Subject: Booked: Cut with Ana at Studio Nine, Saturday 5 December, 10:30
	// Attached: booking.ics (text/calendar; charset=utf-8)
	//
	// Hello Ana Smith,
	//
	// You're booked: Cut with Ana at Studio Nine, Saturday 5 December, 10:30.
	//
	// The booking is attached as a calendar file (booking.ics): open it to add it to your calendar.
	//
	// To see, move or cancel your booking:
	// https://salon.example/my/studio-nine/bk_7Qx2#key
	//
	// To talk to Studio Nine, call +44 20 7946 0000.
}
