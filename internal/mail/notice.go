// This file holds the mails the customer gets about a booking: confirmation, cancellation, move
// and reminder, in the language the booking was made in.

package mail

import (
	"strings"

	"salon/internal/lang"
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
	// Lang is the language the mail is written in: the booking's.
	Lang lang.Lang
}

// CalendarFile is the name of the .ics attached to a mail.
const CalendarFile = "booking.ics"

// CalendarType is the media type of the .ics attached to a mail.
const CalendarType = "text/calendar; charset=utf-8"

// Confirmation is the mail that confirms a booking just made, with the booking's calendar, ics,
// attached.
func Confirmation(n Notice, ics []byte) Message {
	return n.message(n.Lang.Confirmation(n.what(), CalendarFile), ics)
}

// Cancellation is the mail that says a booking was cancelled, with its calendar, ics, attached:
// the booking with STATUS:CANCELLED, which takes it out of the customer's calendar.
func Cancellation(n Notice, ics []byte) Message {
	return n.message(n.Lang.Cancellation(n.what(), CalendarFile), ics)
}

// Moved is the mail that says a booking moved from was (the old start, in words like When) to
// n.When, with its calendar, ics, attached, which moves it in the customer's calendar.
func Moved(n Notice, was string, ics []byte) Message {
	return n.message(n.Lang.MovedMail(n.what(), oneLine(was), oneLine(n.When), CalendarFile), ics)
}

// Reminder is the mail that reminds the customer of a booking shortly before it.
func Reminder(n Notice) Message {
	return n.message(n.Lang.ReminderMail(n.what()), nil)
}

// what is the booking in one line: "Cut with Ana at Studio Nine, Saturday 5 December, 10:30".
func (n Notice) what() string {
	what := oneLine(n.What)
	if what == "" {
		what = n.Lang.Appointment()
	}
	return n.Lang.Booking(what, oneLine(n.Salon), oneLine(n.When))
}

// message is a mail to n's customer: the subject, then a body of the greeting, lead, the note on
// the attachment when there is one, the link that manages the booking, and the salon's phone.
func (n Notice) message(words lang.Mail, ics []byte) Message {
	var b strings.Builder
	b.WriteString(n.Lang.Hello(oneLine(n.Name)) + "\n\n")
	b.WriteString(words.Lead + "\n\n")
	if ics != nil && words.Attached != "" {
		b.WriteString(words.Attached + "\n\n")
	}
	salon, phone := oneLine(n.Salon), oneLine(n.Phone)
	if manage := oneLine(n.Manage); manage != "" {
		b.WriteString(n.Lang.ManageBelow() + "\n" + manage + "\n\n")
		b.WriteString(n.Lang.CallToTalk(salon, phone) + "\n")
	} else {
		b.WriteString(n.Lang.CallToChange(salon, phone) + "\n")
	}
	m := Message{To: n.Email, ToName: n.Name, Subject: words.Subject, Text: b.String()}
	if ics != nil {
		m.Attachments = []Attachment{{Name: CalendarFile, ContentType: CalendarType, Data: ics}}
	}
	return m
}
