// This file holds the table tests of ReadIn: each shipped language's own ways of naming a day, a
// part of the day and a clock time, read at the same moment as English's.

package wish_test

import (
	"testing"

	"salon/internal/wish"
)

// readIn runs one language's rows at wed in London.
func readIn(t *testing.T, code string, rows []struct{ words, want string }) {
	t.Helper()
	if len(rows) < 20 {
		t.Errorf("%s has %d examples, want at least 20", code, len(rows))
	}
	loc := zone(t, "Europe/London")
	for _, tc := range rows {
		if got := wish.ReadIn(code, tc.words, instant(t, wed), loc); got.String() != tc.want {
			t.Errorf("ReadIn(%s, %q): got %s, want %s", code, tc.words, got, tc.want)
		}
	}
}

func TestReadGerman(t *testing.T) {
	readIn(t, "de", []struct{ words, want string }{
		{"Freitag 14 Uhr", "2026-12-04 any 14:00"},
		{"am Samstag um 10:30", "2026-12-05 any 10:30"},
		{"morgen früh", "2026-12-03 morning any"},
		{"heute Abend", "2026-12-02 evening any"},
		{"heute Morgen", "2026-12-02 morning any"},
		{"übermorgen", "2026-12-04 any any"},
		{"nächsten Mittwoch", "2026-12-09 any any"},
		{"Mittwoch", "2026-12-02 any any"},
		{"Dienstag Nachmittag", "2026-12-08 afternoon any"},
		{"um 3 nachmittags", "any afternoon 15:00"},
		{"am 5. Dezember", "2026-12-05 any any"},
		{"5.12. um 14 Uhr", "2026-12-05 any 14:00"},
		{"am 24.12.2026 vormittags", "2026-12-24 morning any"},
		{"gegen Mittag", "any any 12:00"},
		{"Do 9:30", "2026-12-03 any 09:30"},
		{"Sa. Vormittag", "2026-12-05 morning any"},
		{"Montag Morgen", "2026-12-07 morning any"},
		{"morgen um 16 Uhr", "2026-12-03 any 16:00"},
		{"irgendwann nächste Woche", "nothing"},
		{"Ein Schnitt für 45€", "nothing"},
		{"MORGEN ABEND", "2026-12-03 evening any"},
		{"den 1. März", "2027-03-01 any any"},
		{"Freitag 14.30 Uhr", "2026-12-04 any 14:30"},
		{"abends", "any evening any"},
	})
}

func TestReadFrench(t *testing.T) {
	readIn(t, "fr", []struct{ words, want string }{
		{"vendredi après-midi", "2026-12-04 afternoon any"},
		{"samedi à 14h", "2026-12-05 any 14:00"},
		{"demain matin", "2026-12-03 morning any"},
		{"ce soir", "2026-12-02 evening any"},
		{"cet après-midi", "2026-12-02 afternoon any"},
		{"après-demain", "2026-12-04 any any"},
		{"mercredi prochain", "2026-12-09 any any"},
		{"aujourd'hui à 15h30", "2026-12-02 any 15:30"},
		{"le 5 décembre", "2026-12-05 any any"},
		{"le 1er janvier", "2027-01-01 any any"},
		{"à midi", "any any 12:00"},
		{"jeudi 10 h 30", "2026-12-03 any 10:30"},
		{"vers 16 heures", "any any 16:00"},
		{"lundi vers 9h", "2026-12-07 any 09:00"},
		{"samedi matin", "2026-12-05 morning any"},
		{"3 heures de l'après-midi", "any afternoon 15:00"},
		{"n'importe quand la semaine prochaine", "nothing"},
		{"une coupe à 45€", "nothing"},
		{"VENDREDI SOIR", "2026-12-04 evening any"},
		{"le 24/12 à 18h", "2026-12-24 any 18:00"},
		{"sam. 11h", "2026-12-05 any 11:00"},
		{"dimanche", "2026-12-06 any any"},
		{"mardi en fin de matinée", "2026-12-08 morning any"},
		{"le 5 decembre a 9h15", "2026-12-05 any 09:15"},
	})
}

func TestReadSpanish(t *testing.T) {
	readIn(t, "es", []struct{ words, want string }{
		{"el sábado por la mañana", "2026-12-05 morning any"},
		{"mañana por la tarde", "2026-12-03 afternoon any"},
		{"mañana", "2026-12-03 any any"},
		{"pasado mañana", "2026-12-04 any any"},
		{"esta tarde", "2026-12-02 afternoon any"},
		{"esta noche", "2026-12-02 evening any"},
		{"hoy a las 5 de la tarde", "2026-12-02 afternoon 17:00"},
		{"el viernes a las 10:30", "2026-12-04 any 10:30"},
		{"el 5 de diciembre", "2026-12-05 any any"},
		{"el próximo miércoles", "2026-12-09 any any"},
		{"miercoles", "2026-12-02 any any"},
		{"a mediodía", "any any 12:00"},
		{"jueves 16h", "2026-12-03 any 16:00"},
		{"lunes a las 9", "2026-12-07 any 09:00"},
		{"mañana por la mañana", "2026-12-03 morning any"},
		{"el martes por la noche", "2026-12-08 evening any"},
		{"cualquier día de la semana que viene", "nothing"},
		{"un corte por 45€", "nothing"},
		{"SÁBADO", "2026-12-05 any any"},
		{"el 24/12 a las 18:00", "2026-12-24 any 18:00"},
		{"a las 3 de la tarde", "any afternoon 15:00"},
		{"domingo", "2026-12-06 any any"},
		{"el 1 de enero de 2027", "2027-01-01 any any"},
		{"sábado 11 h", "2026-12-05 any 11:00"},
	})
}

// TestReadInFallsBackToEnglish: words a language doesn't read are read in English, and English
// is read as before whatever the code.
func TestReadInFallsBackToEnglish(t *testing.T) {
	loc := zone(t, "Europe/London")
	for _, code := range []string{"de", "fr", "es", "en", "it", ""} {
		if got := wish.ReadIn(code, "Saturday at 3pm", instant(t, wed), loc).String(); got != "2026-12-05 any 15:00" {
			t.Errorf("ReadIn(%q, Saturday at 3pm): got %s", code, got)
		}
	}
	// German's own words win over English where both would read something.
	if got := wish.ReadIn("de", "morgen 10:00", instant(t, wed), loc).String(); got != "2026-12-03 any 10:00" {
		t.Errorf("ReadIn(de, morgen 10:00): got %s", got)
	}
}
