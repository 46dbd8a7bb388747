// This file holds who may do what at a salon, at the desk: the salons' keys (made, listed, revoked,
// and opened by the token a request presents), the owners' audit, and the customer's data (a
// contact's bookings erased or exported, one booking erased by its customer, and the cap of
// upcoming bookings per contact at round one).

package booking

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"golang.org/x/crypto/sha3"

	"salon/internal/audit"
	"salon/internal/refusal"
	"salon/internal/salon"
)

// Access is what the salons' keys, the audit and the customer's data need of the calendar's
// database, beside Calendar. *store.Store is one. A desk handed none (Desk.Access) serves none of
// them (they answer refusal.ErrUnavailable), and round one counts no cap.
type Access interface {
	CreateKey(ctx context.Context, salon, id, name string, hash []byte) (salon.Key, error)
	Keys(ctx context.Context, salon string) ([]salon.Key, error)
	RevokeKey(ctx context.Context, salon, id string) error
	KeyByID(ctx context.Context, id string) (salon.Key, bool, error)
	Audit(ctx context.Context, salon string, after *audit.Cursor, limit int) ([]audit.Entry, error)
	EraseContact(ctx context.Context, salon, contactKey string) (int, error)
	ContactBookings(ctx context.Context, salon, contactKey string) ([]salon.Booking, error)
	EraseBooking(ctx context.Context, salon, id string) (bool, error)
	Upcoming(ctx context.Context, salon, contactKey string, now time.Time) (int, error)
}

// access is the desk's Access, and whether it has one beside a calendar.
func (d *Desk) access() (Access, bool) {
	return d.Access, d.Calendar != nil && d.Access != nil
}

// accessOr is the desk's Access, or the refusal that there is none: no salon without a
// calendar, and unavailable with a calendar that keeps no keys.
func (d *Desk) accessOr(id string) (Access, error) {
	if d.Calendar == nil {
		return nil, salon.NoSalon(id)
	}
	a, ok := d.access()
	if !ok {
		return nil, refusal.ErrUnavailable
	}
	return a, nil
}

// keySeparator parts a salon key's id from its secret: "<id>.<secret>".
const keySeparator = "."

// NewKey is a key just made: as stored, and the key itself, which is shown this once and never
// kept.
type NewKey struct {
	salon.Key
	Secret string
}

// CreateKey makes a key for the salon id alone, named name, and stores it as its SHA3-256 hash. The
// key is "<key id>.<43 characters of URL-safe base64>", 256 random bits after its id; the id is
// "k" and 16 hex digits. An unknown salon is salon.NoSalon.
func (d *Desk) CreateKey(ctx context.Context, id, name string) (NewKey, error) {
	a, err := d.accessOr(id)
	if err != nil {
		return NewKey{}, err
	}
	raw := make([]byte, 8+32)
	rand.Read(raw)
	keyID := "k" + hex.EncodeToString(raw[:8])
	secret := keyID + keySeparator + base64.RawURLEncoding.EncodeToString(raw[8:])
	k, err := a.CreateKey(ctx, id, keyID, name, keyHash(secret))
	if err != nil {
		return NewKey{}, refusal.Or(err)
	}
	return NewKey{Key: k, Secret: secret}, nil
}

// SalonKeys lists the salon id's live keys, oldest first, without the keys themselves.
func (d *Desk) SalonKeys(ctx context.Context, id string) ([]salon.Key, error) {
	a, err := d.accessOr(id)
	if err != nil {
		return nil, err
	}
	keys, err := a.Keys(ctx, id)
	return keys, refusal.Or(err)
}

// RevokeKey revokes the salon id's key keyID: from the revocation's commit no instance accepts it.
// A key the salon doesn't hold live is salon.NoKey.
func (d *Desk) RevokeKey(ctx context.Context, id, keyID string) error {
	a, err := d.accessOr(id)
	if err != nil {
		return err
	}
	return refusal.Or(a.RevokeKey(ctx, id, keyID))
}

// keyHash is the SHA3-256 of a salon's key: all the database keeps of it.
func keyHash(key string) []byte {
	sum := sha3.Sum256([]byte(key))
	return sum[:]
}

// noKeyHash stands in for a key that isn't stored, so a token that opens nothing costs what one
// that opens a key does.
var noKeyHash = keyHash("no salon has this key")

// OpenKey reads the salon key that token is, from the database on every call (nothing of it is
// kept in the process, so a revocation holds at once on every instance): the key with true when
// token is one the store holds, revoked or not, its hash compared in constant time; false when it
// is no stored key at all. It reports an error only when the database failed.
func (d *Desk) OpenKey(ctx context.Context, token string) (salon.Key, bool, error) {
	a, ok := d.access()
	if !ok {
		return salon.Key{}, false, nil
	}
	keyID, _, found := strings.Cut(token, keySeparator)
	given := keyHash(token)
	if !found || keyID == "" || len(keyID) > maxKeyIDChars {
		subtle.ConstantTimeCompare(given, noKeyHash)
		return salon.Key{}, false, nil
	}
	k, ok, err := a.KeyByID(ctx, keyID)
	if err != nil {
		return salon.Key{}, false, refusal.Or(err)
	}
	stored := k.Hash
	if !ok || len(stored) != len(given) {
		subtle.ConstantTimeCompare(given, noKeyHash)
		return salon.Key{}, false, nil
	}
	if subtle.ConstantTimeCompare(given, stored) != 1 {
		return salon.Key{}, false, nil
	}
	return k, true, nil
}

// maxKeyIDChars bounds the id a token may name before the database is asked: a key's id is 17.
const maxKeyIDChars = 64

// DefaultAuditLimit and MaxAuditLimit are the audit's page: 200 entries unless asked, at most 1000.
const (
	DefaultAuditLimit = 200
	MaxAuditLimit     = 1000
)

// Audit lists the salon id's audit entries newest first, at most limit (0 is DefaultAuditLimit),
// only those older than after when it is not nil.
func (d *Desk) Audit(ctx context.Context, id string, after *audit.Cursor, limit int) ([]audit.Entry, error) {
	a, err := d.accessOr(id)
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = DefaultAuditLimit
	}
	entries, err := a.Audit(ctx, id, after, min(limit, MaxAuditLimit))
	return entries, refusal.Or(err)
}

// EraseContact erases the name, contact and words of every booking at the salon id with that
// contact (an e-mail address compared case-insensitively, a phone number by its E.164 form in the
// salon's region), keeping
// each booking's span, and reports how many it erased.
func (d *Desk) EraseContact(ctx context.Context, id, contact string) (int, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return 0, err
	}
	a, err := d.accessOr(id)
	if err != nil {
		return 0, err
	}
	n, err := a.EraseContact(ctx, id, salon.ContactKey(contact, rd.Settings.Region()))
	return n, refusal.Or(err)
}

// Export lists every booking at the salon id with that contact, compared as EraseContact compares
// it, earliest first, as the owner's list shows them.
func (d *Desk) Export(ctx context.Context, id, contact string) ([]Listed, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	a, err := d.accessOr(id)
	if err != nil {
		return nil, err
	}
	found, err := a.ContactBookings(ctx, id, salon.ContactKey(contact, rd.Settings.Region()))
	if err != nil {
		return nil, refusal.Or(err)
	}
	listed := make([]Listed, len(found))
	for i, b := range found {
		listed[i] = Listed{Booking: b, Label: rd.label(b.Start)}
	}
	return listed, nil
}

// EraseMine erases the name, contact and words of the salon's booking bookingID for the holder of
// its manage key, keeping its span, and reports how many it erased: 1, or 0 when they were erased
// already. A wrong key and an unknown booking are the same salon.NoBooking.
func (d *Desk) EraseMine(ctx context.Context, id, bookingID, key string) (int, error) {
	m, _, err := d.mine(ctx, id, bookingID, key)
	if err != nil {
		return 0, err
	}
	a, err := d.accessOr(id)
	if err != nil {
		return 0, err
	}
	erased, err := a.EraseBooking(ctx, id, m.ID)
	if err != nil {
		return 0, refusal.Or(err)
	}
	if erased {
		return 1, nil
	}
	return 0, nil
}

// underCap refuses round one for customer at the salon of rd when the salon caps the upcoming
// bookings one contact may hold and the contact holds that many already (salon.OverCap). Round two
// counts again inside the booking's transaction, which is what holds the cap against a race.
func (d *Desk) underCap(ctx context.Context, id string, rd reading, customer salon.Customer) error {
	limit := rd.Settings.MaxUpcomingPerContact
	a, ok := d.access()
	if limit <= 0 || !ok {
		return nil
	}
	held, err := a.Upcoming(ctx, id, salon.ContactKey(customer.Contact, rd.Settings.Region()), rd.now)
	if err != nil {
		return refusal.Or(err)
	}
	if held >= limit {
		return salon.OverCap(held, rd.Settings.Name)
	}
	return nil
}
