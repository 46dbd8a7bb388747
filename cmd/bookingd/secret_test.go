// This file tests the signing key and the owner's token read from files, as Docker's secrets give them.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSecret writes content to a file of its own in a temporary directory and returns its path.
func writeSecret(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSecretReadsTheVariableOrTheFileItNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		value      string
		file       *string // the file's content; nil is no _FILE variable
		want       string
		wantErrHas string
	}{
		{name: "neither", want: ""},
		{name: "the variable", value: "from-the-environment", want: "from-the-environment"},
		{name: "a file ending in a newline", file: ptr("from-a-file\n"), want: "from-a-file"},
		{name: "a file ending in CRLF and blank lines", file: ptr("from-a-file\r\n\n"), want: "from-a-file"},
		{name: "a file with no line ending", file: ptr("from-a-file"), want: "from-a-file"},
		{name: "spaces are the secret's own", file: ptr(" spaced \n"), want: " spaced "},
		{name: "both", value: "from-the-environment", file: ptr("from-a-file\n"),
			wantErrHas: "BOOKING_OWNER_TOKEN and BOOKING_OWNER_TOKEN_FILE are both set: give the secret one way"},
		{name: "an empty file", file: ptr("\n"), wantErrHas: "is empty"},
		{name: "a file far larger than a token", file: ptr(strings.Repeat("x", maxSecretFileBytes+1)), wantErrHas: "holds more than 64 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{envOwnerToken: tt.value}
			if tt.file != nil {
				env[envOwnerToken+fileSuffix] = writeSecret(t, *tt.file)
			}
			got, err := secret(func(k string) string { return env[k] }, envOwnerToken)
			if tt.wantErrHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErrHas) {
					t.Fatalf("got %q, %v; want an error saying %q", got, err, tt.wantErrHas)
				}
				if strings.Contains(err.Error(), "from-") || strings.Contains(err.Error(), "xxxx") {
					t.Errorf("the error %q holds the secret", err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q, nil", got, err, tt.want)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestASecretFileThatCantServeStopsStartUpAndIsNeverQuoted(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "none")
	notHex := "this-is-not-a-hex-key-but-it-is-secret"
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"a key given two ways", map[string]string{envSigningKey: testKey, envSigningKey + fileSuffix: writeSecret(t, testKey+"\n")},
			"BOOKING_SIGNING_KEY and BOOKING_SIGNING_KEY_FILE are both set"},
		{"a token given two ways", map[string]string{envOwnerToken: ownerToken, envOwnerToken + fileSuffix: writeSecret(t, ownerToken)},
			"BOOKING_OWNER_TOKEN and BOOKING_OWNER_TOKEN_FILE are both set"},
		{"a key file that isn't there", map[string]string{envSigningKey + fileSuffix: missing},
			"BOOKING_SIGNING_KEY_FILE: open " + missing + ": no such file or directory"},
		{"a token file that is a directory", map[string]string{envOwnerToken + fileSuffix: t.TempDir()},
			"BOOKING_OWNER_TOKEN_FILE: read "},
		{"a key file that isn't hex", map[string]string{envSigningKey + fileSuffix: writeSecret(t, notHex+"\n")},
			"BOOKING_SIGNING_KEY must be written in hex"},
		{"a short token in its file", map[string]string{envOwnerToken + fileSuffix: writeSecret(t, "short\n")},
			"BOOKING_OWNER_TOKEN must be at least 32 characters, got 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			err := run(t.Context(), []string{"-addr", "127.0.0.1:0"}, func(k string) string { return tt.env[k] }, nil, io.Discard, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error saying %q", err, tt.want)
			}
			for _, secret := range []string{testKey, ownerToken, notHex} {
				if strings.Contains(err.Error(), secret) || strings.Contains(stderr.String(), secret) {
					t.Errorf("the error %q or stderr %q quotes a secret", err, stderr.String())
				}
			}
		})
	}
}

// A state issued with the key from the environment completes where the key came from a file:
// the file holds the same key, its newline aside.
func TestTheSigningKeyFromAFileIsTheKey(t *testing.T) {
	t.Parallel()
	fromFile := start(t, map[string]string{envSigningKey + fileSuffix: writeSecret(t, testKey+"\n")})
	fromEnv := start(t, map[string]string{envSigningKey: testKey}) // started second, so the first vouches for its states
	status, body := post(t, fromEnv.base+"/salons/studio-nine/book", roundOneBody)
	var asked struct{ RequestState string }
	if status != http.StatusOK || json.Unmarshal([]byte(body), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s, want 200 with a requestState", status, body)
	}
	second := fmt.Sprintf(`{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},`+
		`"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},"requestState":%s}`, mustJSON(asked.RequestState))
	status, body = post(t, fromFile.base+"/salons/studio-nine/book", second)
	if want := `{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}}`; status != 200 || body != want {
		t.Errorf("round two where the key came from a file: got %d %s, want 200 %s", status, body, want)
	}
	if logs := fromFile.stderr.String(); strings.Contains(logs, testKey) || strings.Contains(logs, "no "+envSigningKey) {
		t.Errorf("stderr quotes the key or says none is set:\n%s", logs)
	}
}

func TestTheOwnersTokenFromAFileGuardsTheOwnersEndpoints(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey, envOwnerToken + fileSuffix: writeSecret(t, ownerToken+"\r\n")}, "-dev")
	// The file's line ending is no part of the token: the token without it opens the owner's
	// endpoints, and a token one character off doesn't.
	for _, tt := range []struct {
		token string
		want  int
	}{{ownerToken, http.StatusOK}, {ownerToken + "x", http.StatusUnauthorized}, {"", http.StatusUnauthorized}} {
		req, _ := http.NewRequest(http.MethodGet, s.base+"/salons/studio-nine/bookings", nil)
		if tt.token != "" {
			req.Header.Set("Authorization", "Bearer "+tt.token)
		}
		res, err := calendarClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.want {
			t.Errorf("the owner's bookings with the token %q: got %d, want %d", tt.token, res.StatusCode, tt.want)
		}
	}
	if logs := s.stderr.String(); strings.Contains(logs, ownerToken) || strings.Contains(logs, "owner token") {
		t.Errorf("stderr speaks of the owner's token:\n%s", logs)
	}
}

// TestEveryKeyTokenAndSecretIsReadFromItsFileToo: the usage promises a _FILE twin for each secret,
// and each one is read from it, its line ending aside; given both ways, start-up refuses.
func TestEveryKeyTokenAndSecretIsReadFromItsFileToo(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		read func(config) string
	}{
		{envSigningKey, func(c config) string { return c.signingKey }},
		{envPreviousKeys, func(c config) string { return c.previous }},
		{envOwnerToken, func(c config) string { return c.owner }},
		{envMCPToken, func(c config) string { return c.mcpToken }},
		{envMCPKey, func(c config) string { return c.mcpKey }},
		{envModelKey, func(c config) string { return c.model.key }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			value := "secret-of-" + strings.ToLower(tt.name)
			env := map[string]string{tt.name + fileSuffix: writeSecret(t, value+"\n")}
			cfg, err := configure(nil, func(k string) string { return env[k] }, io.Discard)
			if err != nil || tt.read(cfg) != value {
				t.Fatalf("from %s%s: got %q, %v, want %q", tt.name, fileSuffix, tt.read(cfg), err, value)
			}
			env[tt.name] = value
			if _, err := configure(nil, func(k string) string { return env[k] }, io.Discard); err == nil ||
				!strings.Contains(err.Error(), "are both set") || strings.Contains(err.Error(), value) {
				t.Errorf("given both ways: got %v, want a refusal that quotes nothing", err)
			}
		})
	}
}
