// This file keeps testdata/signed.json: deliveries as the code signs them, which the web app's
// tests check with the standardwebhooks npm package, a verifier this package doesn't use.

package webhook

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/signed.json from what the code signs")

// signed is one delivery as testdata/signed.json lists it.
type signed struct {
	Secret  string            `json:"secret"`
	Body    string            `json:"body"`
	Headers map[string]string `json:"headers"`
}

func TestGoldenDeliveriesAreWhatTheCodeSigns(t *testing.T) {
	secretOf := func(n int, fill byte) string {
		return "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{fill}, n))
	}
	inputs := []struct {
		secret, id string
		ts         int64
		body       string
	}{
		{vectorSecret, vectorID, vectorTimestamp, vectorBody},
		{secretOf(24, 0xa5), "evt_01JBKQ7M2X", 1796466600, `{"type":"booking.created","timestamp":"2026-12-05T10:30:00Z","data":{"booking":"bk_7Qx2","name":"Zoë \"Zed\" Ångström 😀","slot":"2026-12-05T10:30:00Z"}}`},
		{secretOf(64, 0x5a), "evt_01JBKQ7M2Y", 1796470200, `{"type":"booking.cancelled","timestamp":"2026-12-05T11:30:00Z","data":{"booking":"bk_7Qx2","words":"line one\nline two"}}`},
		{NewSecretFrom(bytes.Repeat([]byte{0x3c}, 32)), "evt_01JBKQ7M2Z", 1796473800, `{}`},
	}
	var all []signed
	for _, in := range inputs {
		secret, err := ParseSecret(in.secret)
		if err != nil {
			t.Fatalf("ParseSecret(%q): %v", in.secret, err)
		}
		h := http.Header{}
		Header(h, secret, in.id, time.Unix(in.ts, 0), []byte(in.body))
		all = append(all, signed{Secret: in.secret, Body: in.body, Headers: map[string]string{
			HeaderID: h.Get(HeaderID), HeaderTimestamp: h.Get(HeaderTimestamp), HeaderSignature: h.Get(HeaderSignature)}})
	}
	if got := all[0].Headers[HeaderSignature]; got != vectorSignature {
		t.Fatalf("the test vector signs as %q, want %q", got, vectorSignature)
	}
	want, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	path := filepath.Join("testdata", "signed.json")
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/webhook -run TestGolden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code signs; run go test ./internal/webhook -run TestGolden -update and review the diff", path)
	}
}
