// This file holds the test that a setting put as zero is judged as put, and one left out takes its default.

package api_test

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestAnExplicitZeroIsNotADefault puts a simple salon with each defaulted setting given as 0: each
// is refused as out of its bounds, naming the field, and changes nothing; left out, each takes its
// default.
func TestAnExplicitZeroIsNotADefault(t *testing.T) {
	a := newCalendarApp(t)
	base := `"name":"Studio Nine","timeZone":"Europe/London","phone":"+44 20 7946 0000","hours":{"tue":[["09:00","17:00"]]}`
	for field, want := range map[string]string{
		"horizonDays": "horizonDays must be 1 to 90",
		"slotMinutes": "slotMinutes must be 5 to 480",
	} {
		r := a.send(http.MethodPut, "/salons/studio-nine", `{`+base+`,"`+field+`":0}`, true)
		var reason string
		if r.Status != http.StatusBadRequest || json.Unmarshal(r.Body, &reason) != nil || reason != want {
			t.Errorf("%s put as 0: got %d %s, want 400 %q", field, r.Status, r.Body, want)
		}
	}
	if r := a.send(http.MethodGet, "/salons/studio-nine", "", false); r.Status != http.StatusNotFound {
		t.Errorf("after the refused puts: got %d %s, want 404: nothing was registered", r.Status, r.Body)
	}
	a.put("studio-nine", `{`+base+`}`)
	r := a.send(http.MethodGet, "/salons/studio-nine", "", false)
	var view struct {
		SlotMinutes, HorizonDays, ChangeCutoffHours int
	}
	if err := json.Unmarshal(r.Body, &view); err != nil || view.SlotMinutes != 45 || view.HorizonDays != 14 || view.ChangeCutoffHours != 24 {
		t.Errorf("left out: got %s, want slotMinutes 45, horizonDays 14, changeCutoffHours 24", r.Body)
	}
}
