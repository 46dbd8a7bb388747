// This file holds who may do what and the customer's data on the wire: a salon's keys, the audit
// with its pages, and the bodies and replies of erasure and export.

package wire

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/go-json-experiment/json"

	"salon/internal/audit"
	"salon/internal/booking"
	"salon/internal/salon"
)

// MaxKeyNameChars bounds a key's name, in characters.
const MaxKeyNameChars = 100

// KeyRequest is the body that makes a salon's key.
type KeyRequest struct {
	Name string `json:"name" minLength:"1" maxLength:"100" doc:"What the key is for, such as front desk: shown in the list of keys."`
}

// KeyMade is a key just made: the key itself is in this reply alone, and never shown again.
type KeyMade struct {
	ID      string `json:"id" doc:"The key's id: it names the key in the list, in the audit (by) and in a revocation."`
	Name    string `json:"name"`
	Key     string `json:"key" doc:"The key, as Authorization: Bearer <key> on this salon's owner routes. Shown once: only its hash is kept."`
	Created string `json:"created" doc:"When it was made, RFC 3339 in UTC to the millisecond."`
}

// KeyList is a salon's live keys, oldest first, without the keys themselves.
type KeyList struct {
	Keys []KeyView `json:"keys"`
}

// KeyView is one of a salon's keys as the list shows it.
type KeyView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Created string `json:"created" doc:"RFC 3339 in UTC to the millisecond."`
}

// AuditList is a page of a salon's audit, newest first.
type AuditList struct {
	Entries []AuditEntry `json:"entries"`
	Next    string       `json:"next,omitempty" doc:"Present when older entries follow: send it as after for the next page."`
}

// AuditEntry is one owner action. It never holds a customer's name, contact or words.
type AuditEntry struct {
	At      string `json:"at" doc:"When, RFC 3339 in UTC to the millisecond."`
	By      string `json:"by" doc:"Who: a key's id, or operator for the operator's token."`
	Action  string `json:"action" enum:"putSalon|cancelBooking|closeSlot|openSlot|createKey|revokeKey|eraseCustomer|exportCustomer|moveBooking|putWebhook|deleteWebhook|newFeed|markNoShow" doc:"What: the owner route's operationId."`
	Booking string `json:"booking" doc:"The booking the action touched; empty when none."`
	Detail  string `json:"detail" doc:"What changed, such as the slot or the settings' version; never a customer's details."`
}

// ContactRequest is the body that erases a customer's details.
type ContactRequest struct {
	Contact string `json:"contact" minLength:"1" maxLength:"200" doc:"The customer's contact: an e-mail address, compared case-insensitively, or a phone number, compared by its digits."`
}

// Erased says how many bookings had their name, contact and words erased.
type Erased struct {
	Erased int `json:"erased"`
}

// millis is how the keys and the audit write a time: RFC 3339 in UTC to the millisecond.
const millis = "2006-01-02T15:04:05.000Z07:00"

// KeyMadeOf is a key just made, as its reply shows it.
func KeyMadeOf(k booking.NewKey) KeyMade {
	return KeyMade{ID: k.ID, Name: k.Name, Key: k.Secret, Created: k.Created.UTC().Format(millis)}
}

// KeyListOf is a salon's keys as their list shows them.
func KeyListOf(keys []salon.Key) KeyList {
	list := KeyList{Keys: make([]KeyView, len(keys))}
	for i, k := range keys {
		list.Keys[i] = KeyView{ID: k.ID, Name: k.Name, Created: k.Created.UTC().Format(millis)}
	}
	return list
}

// AuditListOf is a page of entries, with the cursor of the page after it when the page is full at
// limit.
func AuditListOf(entries []audit.Entry, limit int) AuditList {
	list := AuditList{Entries: make([]AuditEntry, len(entries))}
	for i, e := range entries {
		list.Entries[i] = AuditEntry{At: e.At.UTC().Format(millis), By: e.By, Action: e.Action, Booking: e.Booking, Detail: e.Detail}
	}
	if n := len(entries); n > 0 && n == limit {
		list.Next = AuditCursor(audit.Cursor{At: entries[n-1].At, ID: entries[n-1].ID})
	}
	return list
}

// auditCursorKind is an audit cursor's first byte, so another list's cursor is refused.
const auditCursorKind = 'a'

// AuditCursor writes where a page of the audit ended as the next the page carries: base64url,
// opaque to the client.
func AuditCursor(c audit.Cursor) string {
	buf := binary.AppendVarint([]byte{auditCursorKind}, c.At.UnixMilli())
	return base64.RawURLEncoding.EncodeToString(append(buf, c.ID...))
}

// errAuditAfter refuses an after that no page of the audit wrote.
var errAuditAfter = Refusal("after must be the next of an earlier page of this list")

// ReadAuditCursor reads the audit's after: nil when absent, else the cursor AuditCursor wrote.
func ReadAuditCursor(raw string) (*audit.Cursor, error) {
	if raw == "" {
		return nil, nil
	}
	if len(raw) > 100 {
		return nil, errAuditAfter
	}
	buf, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(buf) < 2 || buf[0] != auditCursorKind {
		return nil, errAuditAfter
	}
	at, n := binary.Varint(buf[1:])
	id := buf[1+max(n, 0):]
	if n <= 0 || len(id) == 0 || !plain(string(id), false) {
		return nil, errAuditAfter
	}
	return &audit.Cursor{At: time.UnixMilli(at).UTC(), ID: string(id)}, nil
}

// errAuditLimit refuses a limit out of bounds.
var errAuditLimit = Refusal(fmt.Sprintf("limit must be a whole number from 1 to %d", booking.MaxAuditLimit))

// AuditLimit reads the audit's limit: 0 (the default) when absent, else a whole number from 1 to
// booking.MaxAuditLimit written in decimal digits.
func AuditLimit(raw string) (int, error) {
	if raw == "" {
		return 0, nil
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, errAuditLimit
		}
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > booking.MaxAuditLimit {
		return 0, errAuditLimit
	}
	return n, nil
}

// DecodeKeyRequest reads the body that makes a key: its name, 1 to MaxKeyNameChars characters with
// no control or format character.
func DecodeKeyRequest(body []byte) (string, error) {
	var req KeyRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return "", Refusal(fieldRefusal(err))
	}
	if n := utf8.RuneCountInString(req.Name); n < 1 || n > MaxKeyNameChars {
		return "", Refusal(fmt.Sprintf("name must be 1 to %d characters", MaxKeyNameChars))
	}
	if !utf8.ValidString(req.Name) || !plain(req.Name, false) {
		return "", unallowed("name")
	}
	return req.Name, nil
}

// DecodeContactRequest reads the body that erases a customer's details: the contact, checked as
// CheckContact checks it.
func DecodeContactRequest(body []byte) (string, error) {
	var req ContactRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return "", Refusal(fieldRefusal(err))
	}
	return req.Contact, CheckContact("contact", req.Contact)
}

// CheckContact refuses a contact to look up, named field, outside 1 to MaxContactChars characters
// or holding a character no contact may hold. Any other contact is looked up: one an older booking
// holds may be neither a phone number nor an e-mail address, and must be found to be erased.
func CheckContact(field, contact string) error {
	if n := utf8.RuneCountInString(contact); n < 1 || n > MaxContactChars {
		return Refusal(fmt.Sprintf("%s must be 1 to %d characters", field, MaxContactChars))
	}
	if !utf8.ValidString(contact) || !plain(contact, false) {
		return unallowed(field)
	}
	return nil
}
