// This file holds the Standard Webhooks secret, signature and headers.

package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The headers of a delivery, as the specification names them.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// The bounds of a secret's length in bytes, and its prefix when written.
const (
	MinSecretBytes = 24
	MaxSecretBytes = 64
	secretPrefix   = "whsec_"
	// newSecretBytes is the length of the secrets NewSecret makes: 256 bits.
	newSecretBytes = 32
)

// ErrSecret is ParseSecret's refusal. It never quotes the secret.
var ErrSecret = errors.New("webhook: a secret is whsec_ and 24 to 64 bytes in standard base64")

// ErrID is the refusal of an id that isn't 1 to 100 of A-Z, a-z, 0-9, "_" and "-".
var ErrID = errors.New("webhook: an id is 1 to 100 of A-Z, a-z, 0-9, _ and -")

// NewSecret is a new random secret, written whsec_<base64 of 32 bytes>.
func NewSecret() string {
	b := make([]byte, newSecretBytes)
	rand.Read(b) // never fails: crypto/rand aborts the program rather than return an error
	return NewSecretFrom(b)
}

// NewSecretFrom writes secret bytes as whsec_<base64>; ParseSecret reads them back when there
// are 24 to 64.
func NewSecretFrom(b []byte) string {
	return secretPrefix + base64.StdEncoding.EncodeToString(b)
}

// ParseSecret is the bytes of a secret written whsec_<base64>, with or without base64's padding.
// Anything else, or a secret outside 24 to 64 bytes, is ErrSecret.
func ParseSecret(s string) ([]byte, error) {
	encoded, ok := strings.CutPrefix(s, secretPrefix)
	if !ok {
		return nil, ErrSecret
	}
	enc := base64.StdEncoding.Strict()
	if !strings.HasSuffix(encoded, "=") && len(encoded)%4 != 0 {
		enc = base64.RawStdEncoding.Strict()
	}
	// Strict still skips CR and LF; a secret holds neither.
	if strings.ContainsAny(encoded, "\r\n") {
		return nil, ErrSecret
	}
	b, err := enc.DecodeString(encoded)
	if err != nil || len(b) < MinSecretBytes || len(b) > MaxSecretBytes {
		return nil, ErrSecret
	}
	return b, nil
}

// Sign is the webhook-signature of one attempt: "v1," and the standard base64 of the HMAC-SHA256,
// keyed with secret, of id "." the Unix seconds of ts "." body.
func Sign(secret []byte, id string, ts time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write(strconv.AppendInt(nil, ts.Unix(), 10))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// CheckID refuses with ErrID an id a delivery can't carry.
func CheckID(id string) error {
	if id == "" || len(id) > 100 {
		return ErrID
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return ErrID
		}
	}
	return nil
}

// Header sets the three headers of one attempt on h. The id must pass CheckID.
func Header(h http.Header, secret []byte, id string, ts time.Time, body []byte) {
	h.Set(HeaderID, id)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, Sign(secret, id, ts, body))
}
