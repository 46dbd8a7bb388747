// This file holds the sentences the server words, one method each, so every use names its fields.

package lang

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// WhichTime is round one's question: "Which time suits you?"
func (l Lang) WhichTime() string { return l.say("ask.which_time", nil) }

// NothingThen is round one's question when nothing open matches the words, and the earliest are
// offered instead.
func (l Lang) NothingThen() string { return l.say("ask.nothing_then", nil) }

// NothingOpen is round one's answer when nothing is open.
func (l Lang) NothingOpen() string { return l.say("say.nothing_open", nil) }

// NoneChosen is round two's answer to a decline.
func (l Lang) NoneChosen() string { return l.say("say.none_chosen", nil) }

// Yours is round two's answer when the time when was booked: "Saturday 5 December, 10:30 is yours."
func (l Lang) Yours(when string) string { return l.say("say.yours", map[string]any{"When": when}) }

// YoursWith is Yours at a menu salon, with what is booked: "Cut with Ana, Saturday 5 December,
// 10:30, is yours."
func (l Lang) YoursWith(what, when string) string {
	return l.say("say.yours_with", map[string]any{"What": what, "When": when})
}

// Taken is round two's answer when the time chosen was taken meanwhile.
func (l Lang) Taken(when string) string { return l.say("say.taken", map[string]any{"When": when}) }

// NothingBooked is round three's answer when the customer gave up paying.
func (l Lang) NothingBooked() string { return l.say("say.nothing_booked", nil) }

// Released is round three's answer when the held time was released unpaid.
func (l Lang) Released(when string) string {
	return l.say("say.released", map[string]any{"When": when})
}

// PayDeposit asks the customer to pay the deposit amount that holds what at when until until.
func (l Lang) PayDeposit(amount, what, when, until string) string {
	return l.say("say.pay_deposit", map[string]any{"Amount": amount, "What": what, "When": when, "Until": until})
}

// StaysUnchosen is a move's answer to a decline: the booking stays at was.
func (l Lang) StaysUnchosen(was string) string {
	return l.say("say.stays_unchosen", map[string]any{"Was": was})
}

// StaysTaken is a move's answer when the time chosen, when, was taken meanwhile.
func (l Lang) StaysTaken(when, was string) string {
	return l.say("say.stays_taken", map[string]any{"When": when, "Was": was})
}

// MovedTo is a move's answer at a simple salon: "Your booking is now …".
func (l Lang) MovedTo(when string) string { return l.say("say.moved", map[string]any{"When": when}) }

// OwnerMove is the owner's question before their move of name's booking of what from was to when.
func (l Lang) OwnerMove(name, what, was, when string) string {
	return l.say("ask.owner_move", map[string]any{"Name": name, "What": what, "Was": was, "When": when})
}

// OwnerMoved is the owner's answer once name's booking moved to when.
func (l Lang) OwnerMoved(name, when string) string {
	return l.say("say.owner_moved", map[string]any{"Name": name, "When": when})
}

// OwnerStaysUnchosen is the owner's answer to their own decline: name's booking stays at was.
func (l Lang) OwnerStaysUnchosen(name, was string) string {
	return l.say("say.owner_stays_unchosen", map[string]any{"Name": name, "Was": was})
}

// OwnerStaysTaken is the owner's answer when when was taken meanwhile: name's booking stays at was.
func (l Lang) OwnerStaysTaken(name, when, was string) string {
	return l.say("say.owner_stays_taken", map[string]any{"Name": name, "When": when, "Was": was})
}

// MovedWith is a move's answer at a menu salon: "Cut with Ana is now …".
func (l Lang) MovedWith(what, when string) string {
	return l.say("say.moved_with", map[string]any{"What": what, "When": when})
}

// List is names as one phrase, the last joined by "and" in l's words: "Cut and colour", "Cut,
// colour and blow-dry". A name after the first is written with a small first letter where the
// language writes a common noun so and the rest of the name has small letters ("Colour" but not
// "OPI", and in German never).
func (l Lang) List(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	out := slices.Clone(names)
	if l.Code() != German {
		for i, name := range out[1:] {
			first, size := utf8.DecodeRuneInString(name)
			second, _ := utf8.DecodeRuneInString(name[size:])
			if unicode.IsUpper(first) && unicode.IsLower(second) {
				out[i+1] = string(unicode.ToLower(first)) + name[size:]
			}
		}
	}
	return strings.Join(out[:len(out)-1], ", ") + " " + l.say("what.and", nil) + " " + out[len(out)-1]
}

// With is a service with its stylist: "Cut with Ana".
func (l Lang) With(service, stylist string) string {
	return l.say("what.with", map[string]any{"Service": service, "Stylist": stylist})
}

// Appointment is what a booking at a simple salon is called, as a title: "Appointment".
func (l Lang) Appointment() string { return l.say("what.appointment", nil) }

// AtSalon is a calendar event's title: "Cut at Studio Nine".
func (l Lang) AtSalon(what, salon string) string {
	return l.say("ics.summary", map[string]any{"What": what, "Salon": salon})
}

// EventDescription is a calendar event's description: "Booking <id> at Studio Nine, <phone>."
func (l Lang) EventDescription(booking, salon, phone string) string {
	return l.say("ics.description", map[string]any{"Booking": booking, "Salon": salon, "Phone": phone})
}

// Mail is the words of one mail about a booking.
type Mail struct {
	Subject, Lead string
	// Attached is the note on the calendar file attached; "" when none goes with it.
	Attached string
}

// Booking is a booking in one line, as mails say it: "Cut with Ana at Studio Nine, Saturday 5
// December, 10:30".
func (l Lang) Booking(what, salon, when string) string {
	return l.say("mail.booking", map[string]any{"What": what, "Salon": salon, "When": when})
}

// Confirmation is the mail that confirms booking (as Booking words it), with file attached.
func (l Lang) Confirmation(booking, file string) Mail {
	d := map[string]any{"Booking": booking, "File": file}
	return Mail{l.say("mail.booked.subject", d), l.say("mail.booked.lead", d), l.say("mail.booked.attached", d)}
}

// Cancellation is the mail that says booking was cancelled, with file attached.
func (l Lang) Cancellation(booking, file string) Mail {
	d := map[string]any{"Booking": booking, "File": file}
	return Mail{l.say("mail.cancelled.subject", d), l.say("mail.cancelled.lead", d), l.say("mail.cancelled.attached", d)}
}

// MovedMail is the mail that says booking moved from was to when, with file attached.
func (l Lang) MovedMail(booking, was, when, file string) Mail {
	d := map[string]any{"Booking": booking, "Was": was, "When": when, "File": file}
	return Mail{l.say("mail.moved.subject", d), l.say("mail.moved.lead", d), l.say("mail.moved.attached", d)}
}

// ReminderMail is the mail that reminds the customer of booking.
func (l Lang) ReminderMail(booking string) Mail {
	d := map[string]any{"Booking": booking}
	return Mail{Subject: l.say("mail.reminder.subject", d), Lead: l.say("mail.reminder.lead", d)}
}

// Hello greets the customer by name, or without one when name is "".
func (l Lang) Hello(name string) string {
	if name == "" {
		return l.say("mail.hello", nil)
	}
	return l.say("mail.hello_name", map[string]any{"Name": name})
}

// ManageBelow introduces the link that manages a booking.
func (l Lang) ManageBelow() string { return l.say("mail.manage", nil) }

// CallToTalk tells the customer how to reach the salon when the mail has a manage link.
func (l Lang) CallToTalk(salon, phone string) string {
	return l.say("mail.call_to_talk", map[string]any{"Salon": salon, "Phone": phone})
}

// CallToChange tells the customer to call the salon to change a booking when there is no link.
func (l Lang) CallToChange(salon, phone string) string {
	return l.say("mail.call_to_change", map[string]any{"Salon": salon, "Phone": phone})
}

// Text is the kind of text message about a booking.
type Text int

// The texts about a booking.
const (
	TextBooked Text = iota
	TextReminder
	TextCancelled
	TextMoved
)

var textIDs = [...]string{TextBooked: "text.booked", TextReminder: "text.reminder", TextCancelled: "text.cancelled", TextMoved: "text.moved"}

// TextAbout is the text of kind about what (such as "cut with Ana") at salon, when, with was the
// start before a move and link the manage link ("" for none).
func (l Lang) TextAbout(kind Text, salon, what, when, was, link string) string {
	change := ""
	if link != "" {
		change = l.say("text.change", map[string]any{"Link": link})
	}
	return l.say(textIDs[kind], map[string]any{"Salon": salon, "What": what, "When": when, "Was": was, "Change": change})
}

// TextShort is the shortest text about a booking: the salon, the service and the time.
func (l Lang) TextShort(salon, what, when string) string {
	return l.say("text.short", map[string]any{"Salon": salon, "What": what, "When": when})
}

// TextAppointment is a booking at a simple salon, as a text's sentence names it: "appointment".
func (l Lang) TextAppointment() string { return l.say("text.appointment", nil) }
