// Package mail sends the customer's e-mails about a booking through an SMTP server, with
// github.com/wneessen/go-mail building the MIME and speaking SMTP.
//
// # The server
//
// A [Sender] is the server's URL, smtp://user:pass@host:port (port 587 when left out; user and
// password optional, percent-encoded where needed), and the From address. [Sender.Send] uses
// STARTTLS whenever the server offers it, verifying the server's certificate for host, and
// goes on in the clear when it doesn't. The password is sent (AUTH PLAIN) only over TLS, or in
// the clear to a host written localhost, 127.0.0.1 or ::1; to any other host without STARTTLS,
// Send fails without sending it. Send honours its context from dialling to the end.
//
// # The message
//
// A [Message] goes to one address, with a subject, a plain-text body in UTF-8 and any
// attachments. Its recipient must pass [IsEmail]. Nothing a customer wrote reaches a header as
// written: the recipient's name and the subject are made one line (every control character,
// CR and LF among them, becomes a space) and then encoded by go-mail (RFC 2047 where they aren't
// plain ASCII, quoted where they hold specials). Mails carry Auto-Submitted: auto-generated, so
// auto-responders stay quiet.
//
// # The mails
//
// [Confirmation] (with the booking's .ics attached), [Cancellation] and [Moved] (each with the
// updated .ics, so the customer's calendar follows), and [Reminder] are built from a [Notice]:
// the booking in words, and the link that manages it when the server has a public URL.
//
// # Errors
//
// An error from Send never holds the recipient's address or the server's words about it, since
// errors are logged: it says which step failed and the SMTP code. [Error.Permanent] tells a
// refusal the server won't change its mind about (a 5xx) from one worth retrying.
package mail
