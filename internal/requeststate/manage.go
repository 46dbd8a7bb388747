// This file holds the customer's manage key: derived from the booking under the signing key,
// kept by the database only as its hash, and compared in constant time.

package requeststate

import (
	"crypto/subtle"
	"encoding/base64"

	"golang.org/x/crypto/sha3"
)

// manageLabel sets a manage key's input apart from every state's payload, which starts with "{".
const manageLabel = "bookingd manage key\x00"

// ManageKey is the key the customer of booking at salon manages it with: the HMAC-SHA3-256, under
// the current signing key, of a label, the salon and the booking, in URL-safe base64 without
// padding (43 characters, 256 bits). Nobody without the signing key can make one, and the service
// can make it again whenever it must tell it again, so it is never stored.
func (k Keys) ManageKey(salon, booking string) string {
	return manageKey(k.current, salon, booking)
}

// ManageKeys is the booking's key under every key k holds, the current first: a key issued before a
// rotation is made again by one of the earlier keys.
func (k Keys) ManageKeys(salon, booking string) []string {
	keys := []string{manageKey(k.current, salon, booking)}
	for _, p := range k.previous {
		keys = append(keys, manageKey(p, salon, booking))
	}
	return keys
}

func manageKey(k *macKey, salon, booking string) string {
	sum := sign(k, manageLabel+salon+"\x00"+booking)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// ManageHash is the SHA3-256 of a manage key: all the database keeps of it.
func ManageHash(key string) []byte {
	sum := sha3.Sum256([]byte(key))
	return sum[:]
}

// noHash stands in for a booking that has no key, or isn't there, so a refusal costs what an
// acceptance does.
var noHash = ManageHash("no booking has this key")

// ManageOpens reports whether key is the key whose hash is stored, comparing the hashes in constant
// time. A nil stored (no key opens the booking, or there is no booking) compares against a stand-in
// all the same, so a wrong key and an unknown booking take the same time.
func ManageOpens(key string, stored []byte) bool {
	given := ManageHash(key)
	if len(stored) != len(given) {
		subtle.ConstantTimeCompare(given, noHash)
		return false
	}
	return subtle.ConstantTimeCompare(given, stored) == 1
}
