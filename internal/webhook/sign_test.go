// This file tests signing against the specification's own test vector and against its reference
// verifier, and the secrets' format.

package webhook

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// The test vector of the Standard Webhooks reference libraries (libraries/go/webhook_test.go,
// TestWebhookSign, in github.com/standard-webhooks/standard-webhooks).
const (
	vectorSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vectorID        = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vectorTimestamp = 1614265330
	vectorBody      = `{"test": 2432232314}`
	vectorSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func TestSignGivesTheSpecificationsTestVector(t *testing.T) {
	secret, err := ParseSecret(vectorSecret)
	if err != nil {
		t.Fatalf("ParseSecret(%q): %v", vectorSecret, err)
	}
	if got := Sign(secret, vectorID, time.Unix(vectorTimestamp, 0), []byte(vectorBody)); got != vectorSignature {
		t.Errorf("Sign: got %q, want %q", got, vectorSignature)
	}
}

func TestTheReferenceVerifierAcceptsWhatHeaderSetsAndOnlyThat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		secretText := NewSecret()
		secret, err := ParseSecret(secretText)
		if err != nil {
			t.Fatalf("ParseSecret(NewSecret()): %v", err)
		}
		body := make([]byte, rng.IntN(2000))
		for j := range body {
			body[j] = byte(rng.IntN(256))
		}
		id := fmt.Sprintf("evt_%d_%x", i, rng.Uint64())
		ts := time.Unix(time.Now().Unix()-int64(rng.IntN(60)), 0)
		h := http.Header{}
		Header(h, secret, id, ts, body)

		wh, err := standardwebhooks.NewWebhook(secretText)
		if err != nil {
			t.Fatalf("the reference library refuses the secret: %v", err)
		}
		if err := wh.Verify(body, h); err != nil {
			t.Fatalf("attempt %d: the reference verifier refuses it: %v", i, err)
		}
		want, _ := wh.Sign(id, ts, body)
		if got := h.Get(HeaderSignature); got != want {
			t.Fatalf("attempt %d: got %q, the reference signs %q", i, got, want)
		}
		if len(body) > 0 {
			tampered := bytes.Clone(body)
			tampered[rng.IntN(len(tampered))] ^= 1 << rng.IntN(8)
			if err := wh.Verify(tampered, h); err == nil {
				t.Fatalf("attempt %d: the reference verifier accepts a changed body", i)
			}
		}
		other := h.Clone()
		other.Set(HeaderID, id+"x")
		if err := wh.Verify(body, other); err == nil {
			t.Fatalf("attempt %d: the reference verifier accepts another id", i)
		}
	}
}

func TestNewSecretIsWhsecAnd32RandomBytes(t *testing.T) {
	a, b := NewSecret(), NewSecret()
	if a == b {
		t.Errorf("two secrets are the same: %q", a)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(a, "whsec_"))
	if !strings.HasPrefix(a, "whsec_") || err != nil || len(raw) != 32 {
		t.Errorf("got %q (%d bytes, %v), want whsec_ and 32 bytes in standard base64", a, len(raw), err)
	}
}

func TestParseSecretRefusesAnythingButWhsecAnd24To64Bytes(t *testing.T) {
	enc := func(n int) string { return "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, n)) }
	good := map[string]int{
		enc(24): 24, enc(64): 64, enc(32): 32,
		"whsec_" + base64.RawStdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 25)): 25,
	}
	for s, n := range good {
		b, err := ParseSecret(s)
		if err != nil || len(b) != n {
			t.Errorf("ParseSecret(%q): got %d bytes, %v; want %d bytes", s, len(b), err, n)
		}
	}
	bad := []string{
		"", "whsec_", enc(23), enc(65), strings.TrimPrefix(enc(32), "whsec_"), "WHSEC_" + enc(32)[6:],
		"whsk_" + enc(32)[6:], enc(32) + "!", "whsec_" + base64.URLEncoding.EncodeToString(bytes.Repeat([]byte{0xfb}, 32)),
		enc(30)[:20] + "\r\n" + enc(30)[20:], " " + enc(32),
	}
	for _, s := range bad {
		b, err := ParseSecret(s)
		if !errors.Is(err, ErrSecret) || b != nil {
			t.Errorf("ParseSecret(%q): got %d bytes, %v; want ErrSecret", s, len(b), err)
		}
		if err != nil && len(s) > 8 && strings.Contains(err.Error(), s[6:]) {
			t.Errorf("ParseSecret's error quotes the secret: %v", err)
		}
	}
}

func TestCheckIDAllowsOnlyWhatAHeaderAndTheSignedTextCanCarry(t *testing.T) {
	for _, id := range []string{"evt_1", "msg_p5jXN8AQM9LWM0D4loKWxJek", "a-b_C9", strings.Repeat("x", 100)} {
		if err := CheckID(id); err != nil {
			t.Errorf("CheckID(%q): got %v, want nil", id, err)
		}
	}
	for _, id := range []string{"", "a.b", "a b", "a\r\nb", "é", strings.Repeat("x", 101), "a,b"} {
		if err := CheckID(id); !errors.Is(err, ErrID) {
			t.Errorf("CheckID(%q): got %v, want ErrID", id, err)
		}
	}
}
