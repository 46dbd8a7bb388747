// This file holds the mails the customer gets about a booking: confirmation, cancellation, move
// and reminder.

package mail

import (
	"fmt"
	"strings"
)

// Notice is a booking in words, as the mails about it say it.
type Notice struct {
	// Name is the customer's name, and Email their address.
	Name, Email string
	// Salon is the salon's name, and Phone its phone number.
	Salon, Phone string
	// What is what is booked, such as "Cut with Ana"; empty at a simple salon, where it reads
	// "Appointment".
	What string
	// When is the appointment's start in the salon's words and zone, such as "Saturday 5 December, 10:30".
	When string
	// Manage is the link that manages the booking, or empty when the server has no public URL.
	Manage string
}

// CalendarFile is the name of the .ics attached to a mail.
const CalendarFile = "booking.ics"

// CalendarType is the media type of the .ics attached to a mail.
const CalendarType = "text/calendar; charset=utf-8"

// Confirmation is the mail that confirms a booking just made, with the booking's calendar, ics,
// attached.
func Confirmation(n Notice, ics []byte) Message {
	return n.message(
		fmt.Sprintf("Booked: %s", n.what()),
		fmt.Sprintf("You're booked: %s.", n.what()),
		"The booking is attached as a calendar file ("+CalendarFile+"): open it to add it to your calendar.",
		ics)
}

// Cancellation is the mail that says a booking was cancelled, with its calendar, ics, attached:
// the booking with STATUS:CANCELLED, which takes it out of the customer's calendar.
func Cancellation(n Notice, ics []byte) Message {
	return n.message(
		fmt.Sprintf("Cancelled: %s", n.what()),
		fmt.Sprintf("Your booking is cancelled: %s.", n.what()),
		"The attached calendar file ("+CalendarFile+") takes it out of your calendar.",
		ics)
}

// Moved is the mail that says a booking moved from was (the old start, in words like When) to
// n.When, with its calendar, ics, attached, which moves it in the customer's calendar.
func Moved(n Notice, was string, ics []byte) Message {
	return n.message(
		fmt.Sprintf("Moved: %s", n.what()),
		fmt.Sprintf("Your booking has moved from %s to %s: %s.", oneLine(was), oneLine(n.When), n.what()),
		"The attached calendar file ("+CalendarFile+") moves it in your calendar.",
		ics)
}

// Reminder is the mail that reminds the customer of a booking shortly before it.
func Reminder(n Notice) Message {
	return n.message(
		fmt.Sprintf("Reminder: %s", n.what()),
		fmt.Sprintf("A reminder of your booking: %s.", n.what()),
		"", nil)
}

// what is the booking in one line: "Cut with Ana at Studio Nine, Saturday 5 December, 10:30".
func (n Notice) what() string {
	what := oneLine(n.What)
	if what == "" {
		what = "Appointment"
	}
	return fmt.Sprintf("%s at %s, %s", what, oneLine(n.Salon), oneLine(n.When))
}

// message is a mail to n's customer: the subject, then a body of the greeting, lead, the note on
// the attachment when there is one, the link that manages the booking, and the salon's phone.
func (n Notice) message(subject, lead, attached string, ics []byte) Message {
	var b strings.Builder
	if name := oneLine(n.Name); name != "" {
		fmt.Fprintf(&b, "Hello %s,\n\n", name)
	} else {
		b.WriteString("Hello,\n\n")
	}
	b.WriteString(lead + "\n\n")
	if ics != nil && attached != "" {
		b.WriteString(attached + "\n\n")
	}
	salon, phone := oneLine(n.Salon), oneLine(n.Phone)
	if manage := oneLine(n.Manage); manage != "" {
		fmt.Fprintf(&b, "To see, move or cancel your booking:\n%s\n\n", manage)
		fmt.Fprintf(&b, "To talk to %s, call %s.\n", salon, phone)
	} else {
		fmt.Fprintf(&b, "To change or cancel your booking, call %s on %s.\n", salon, phone)
	}
	m := Message{To: n.Email, ToName: n.Name, Subject: subject, Text: b.String()}
	if ics != nil {
		m.Attachments = []Attachment{{Name: CalendarFile, ContentType: CalendarType, Data: ics}}
	}
	return m
}
