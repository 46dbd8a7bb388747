// This file tests bookingd's calendar configuration: -db, the owner's token, and -dev's demo salon.

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// demoView is what GET /salons/studio-nine shows, as far as these tests read it: a menu salon
// whose open times are its first service's (a cut) with anyone.
type demoView struct {
	Name      string
	TimeZone  string
	Currency  string
	Services  []struct{ ID, Name string }
	Stylists  []struct{ ID, Name string }
	OpenSlots []struct{ Slot, Label string }
}

// bookDemo books the demo salon's first open time through both rounds, and checks it is no longer open.
func bookDemo(t *testing.T, base string) {
	t.Helper()
	view := readDemo(t, base)
	if view.Name != "Studio Nine" || view.TimeZone != "Europe/London" || view.Currency != "GBP" || len(view.Services) != 3 || len(view.Stylists) != 3 || len(view.OpenSlots) < 2 {
		t.Fatalf("got the demo salon %+v, want Studio Nine in Europe/London, in pounds, with three services, three stylists and open times", view)
	}
	slots := make([]string, len(view.OpenSlots))
	for i, s := range view.OpenSlots {
		slots[i] = s.Slot
	}
	args := `{"message":"A cut?","openSlots":` + mustJSON(slots) + `,"customer":{"name":"Ana Lima","contact":"+44 7700 900123"},"service":"cut","stylist":"ben"}`
	status, body := post(t, base+"/salons/studio-nine/book", `{"arguments":`+args+`}`)
	var asked struct{ RequestState string }
	if status != http.StatusOK || json.Unmarshal([]byte(body), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s, want a question", status, body)
	}
	first := view.OpenSlots[0]
	status, body = post(t, base+"/salons/studio-nine/book", `{"arguments":`+args+
		`,"inputResponses":{"time":{"action":"accept","content":{"time":`+mustJSON(first.Slot)+`}}},"requestState":`+mustJSON(asked.RequestState)+`}`)
	var done struct {
		StructuredContent struct{ Status, Slot, Say, Booking, Service, Stylist string }
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &done) != nil {
		t.Fatalf("round two: got %d %s", status, body)
	}
	want := "Cut with Ben, " + first.Label + ", is yours."
	if got := done.StructuredContent; got.Status != "booked" || got.Slot != first.Slot || got.Say != want || got.Booking == "" || got.Service != "cut" || got.Stylist != "ben" {
		t.Errorf("round two: got %+v, want a cut with Ben at %s with a reference, saying %q", got, first.Slot, want)
	}
	// Ben is busy then now, so round one for him at that time has nothing to offer.
	again := `{"arguments":{"message":"A cut?","openSlots":[` + mustJSON(first.Slot) + `],"customer":{"name":"Bo Li","contact":"+44 7700 900999"},"service":"cut","stylist":"ben"}}`
	if status, body := post(t, base+"/salons/studio-nine/book", again); status != http.StatusOK || !strings.Contains(body, `"status":"not_booked"`) {
		t.Errorf("round one for Ben at %s once it is booked: got %d %s, want nothing open", first.Slot, status, body)
	}
}

func readDemo(t *testing.T, base string) demoView {
	t.Helper()
	status, body := get(t, base+"/salons/studio-nine")
	var view demoView
	if status != http.StatusOK || json.Unmarshal([]byte(body), &view) != nil {
		t.Fatalf("GET /salons/studio-nine: got %d %s", status, body)
	}
	return view
}

func TestDevRegistersTheDemoSalonInTheCacheDirectoryAndPrintsAnOwnerToken(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	s := start(t, map[string]string{envSigningKey: testKey, "XDG_CACHE_HOME": cache}, "-dev")
	bookDemo(t, s.base)
	if !strings.Contains(s.stderr.String(), filepath.Join(cache, "bookingd", "dev.db")) {
		t.Errorf("stderr doesn't name the demo database in %s:\n%s", cache, s.stderr)
	}
	if strings.Contains(s.stderr.String(), "dev mode: no "+envSigningKey) {
		t.Errorf("dev mode made a key although one is configured:\n%s", s.stderr)
	}
	token := regexp.MustCompile(`owner token \(this process only\): (\S+)`).FindStringSubmatch(s.stderr.String())
	if token == nil {
		t.Fatalf("stderr doesn't print the owner's token:\n%s", s.stderr)
	}
	req, _ := http.NewRequest(http.MethodGet, s.base+"/salons/studio-nine/bookings", nil)
	req.Header.Set("Authorization", "Bearer "+token[1])
	res, err := calendarClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"name":"Ana Lima"`) {
		t.Errorf("the owner's bookings with the printed token: got %d %s, want Ana's booking", res.StatusCode, body)
	}
}

func TestAConfiguredOwnerTokenIsUsedAndNeverPrinted(t *testing.T) {
	t.Parallel()
	token := strings.Repeat("t", 40)
	s := start(t, map[string]string{envSigningKey: testKey, envOwnerToken: token, "XDG_CACHE_HOME": t.TempDir()}, "-dev")
	req, _ := http.NewRequest(http.MethodGet, s.base+"/salons/studio-nine/bookings", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := calendarClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("the configured token: got %d, want 200", res.StatusCode)
	}
	if strings.Contains(s.stderr.String(), token) || strings.Contains(s.stderr.String(), "owner token") {
		t.Errorf("stderr speaks of the owner's token:\n%s", s.stderr)
	}
}

func TestWithoutADatabaseNoSalonCanBeRead(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey})
	if status, body := get(t, s.base+"/salons/studio-nine"); status != http.StatusNotFound || strings.TrimSpace(body) != `"there is no salon studio-nine"` {
		t.Errorf("got %d %s, want 404 \"there is no salon studio-nine\"", status, body)
	}
	if status, body := get(t, s.base+"/salons"); status != http.StatusOK || strings.TrimSpace(body) != `{"salons":[],"calendar":false}` {
		t.Errorf("GET /salons: got %d %s, want 200 {\"salons\":[],\"calendar\":false}", status, body)
	}
	bothRounds(t, s.base) // the stateless mode books as it always has
}

func TestTheCalendarsConfigurationErrorsStopStartUp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"a database and redis", []string{"-db", "sqlite:" + filepath.Join(dir, "a.db"), "-redis-url", "redis://127.0.0.1:1/0"}, nil,
			"-db and -redis-url don't go together"},
		{"a short owner's token", nil, map[string]string{envOwnerToken: "short"}, envOwnerToken + " must be at least 32 characters"},
		{"an unreadable database URL", []string{"-db", "mysql://somewhere"}, nil, "sqlite:PATH"},
		{"an unreachable database", []string{"-db", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"}, nil, "127.0.0.1:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string { return tt.env[k] }
			err := run(t.Context(), append([]string{"-addr", "127.0.0.1:0"}, tt.args...), getenv, nil, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// Over stdio there is no page, so `bookingd mcp -dev` makes no owner's token and points to no page.
func TestMCPDevMakesNoOwnersTokenForAPageStdioDoesntServe(t *testing.T) {
	t.Parallel()
	var stdout, stderr strings.Builder
	env := map[string]string{"XDG_CACHE_HOME": t.TempDir()}
	if err := run(t.Context(), []string{"mcp", "-dev"}, func(k string) string { return env[k] }, strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("bookingd mcp -dev: got %v once stdin ended, want nil\n%s", err, stderr.String())
	}
	logs := stderr.String()
	for _, never := range []string{"/owner", "owner token (this process only)", "takes it"} {
		if strings.Contains(logs, never) {
			t.Errorf("stderr says %q, but stdio serves no owner's page:\n%s", never, logs)
		}
	}
	if want := "dev mode: over stdio there is only the book tool and no owner's page, so no owner's token is made"; !strings.Contains(logs, want) {
		t.Errorf("stderr doesn't say %q:\n%s", want, logs)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout got %q with no request on stdin, want nothing", stdout.String())
	}
}
