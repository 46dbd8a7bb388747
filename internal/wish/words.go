// This file holds the words Read knows in each language it reads: days, relative days, parts of
// the day, months, and the words around a clock time.

package wish

import "time"

// vocabulary is what one language's words for the time are.
type vocabulary struct {
	weekdays map[string]time.Weekday
	months   map[string]time.Month
	// relative are the days named from today: 0 for today, 1 for tomorrow, 2 for the day after.
	relative map[string]int
	// dayAfter reports whether the relative word at i is preceded by words that make it one day
	// later ("day after tomorrow", "après-demain", "pasado mañana").
	dayAfter func(r *reader, i int) bool
	parts    map[string]Part
	// partAfter are relative words that are a part of the day instead after one of these words
	// ("heute Morgen", "por la mañana"), each with that part.
	partAfter map[string]partAfter
	// evenings are words that are today and the evening ("tonight").
	evenings map[string]bool
	// noons are the words for 12:00, unless one of notNoonAfter comes before ("après-midi").
	noons        map[string]bool
	notNoonAfter map[string]Part
	// this are the words that make a part of the day today's ("this morning", "ce soir").
	this map[string]bool
	// nextBefore come before a weekday, and nextAfter after it, to mean the one after today's.
	nextBefore, nextAfter map[string]bool
	// the and of may stand between a month and a day of the month.
	the, of map[string]bool
	// ordinals are the endings of a day of the month written as an ordinal ("5th", "1er").
	ordinals []string
	// meridiems map the ways of writing am and pm to "am" or "pm".
	meridiems map[string]string
	// hourWords follow a number to make it an hour ("14 Uhr", "15 heures"), and hourSuffix is a
	// letter joined to it to the same end, with or without minutes after it ("14h", "14h30").
	hourWords  map[string]bool
	hourSuffix string
	// atWords come before a number to make it an hour ("um 3", "a las 3").
	atWords map[string]bool
	// dotDates reads day and month written with points as a date, "5.12." and "5.12.2026", where
	// English reads "5.12" as a clock time.
	dotDates bool
}

// set is a set of words.
func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// partAfter is a relative word read as a part of the day after one of words.
type partAfter struct {
	words map[string]bool
	part  Part
}

var english = &vocabulary{
	weekdays: map[string]time.Weekday{
		"monday": time.Monday, "mondays": time.Monday, "mon": time.Monday,
		"tuesday": time.Tuesday, "tuesdays": time.Tuesday, "tue": time.Tuesday, "tues": time.Tuesday,
		"wednesday": time.Wednesday, "wednesdays": time.Wednesday, "wed": time.Wednesday, "weds": time.Wednesday,
		"thursday": time.Thursday, "thursdays": time.Thursday, "thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday,
		"friday": time.Friday, "fridays": time.Friday, "fri": time.Friday,
		"saturday": time.Saturday, "saturdays": time.Saturday, "sat": time.Saturday,
		"sunday": time.Sunday, "sundays": time.Sunday, "sun": time.Sunday,
	},
	months: map[string]time.Month{
		"january": time.January, "jan": time.January,
		"february": time.February, "feb": time.February,
		"march": time.March, "mar": time.March,
		"april": time.April, "apr": time.April,
		"may":  time.May,
		"june": time.June, "jun": time.June,
		"july": time.July, "jul": time.July,
		"august": time.August, "aug": time.August,
		"september": time.September, "sep": time.September, "sept": time.September,
		"october": time.October, "oct": time.October,
		"november": time.November, "nov": time.November,
		"december": time.December, "dec": time.December,
	},
	relative: map[string]int{"today": 0, "tomorrow": 1, "tmrw": 1},
	dayAfter: func(r *reader, i int) bool { return r.text(i-1) == "after" && r.text(i-2) == "day" },
	parts: map[string]Part{
		"morning": Morning, "mornings": Morning,
		"afternoon": Afternoon, "afternoons": Afternoon,
		"evening": Evening, "evenings": Evening,
	},
	evenings:   set("tonight"),
	noons:      set("noon", "midday"),
	this:       set("this"),
	nextBefore: set("next"),
	the:        set("the"),
	of:         set("of"),
	ordinals:   []string{"st", "nd", "rd", "th"},
	meridiems:  map[string]string{"am": "am", "a.m": "am", "pm": "pm", "p.m": "pm"},
}

var german = &vocabulary{
	weekdays: map[string]time.Weekday{
		"montag": time.Monday, "montags": time.Monday, "mo": time.Monday,
		"dienstag": time.Tuesday, "dienstags": time.Tuesday, "di": time.Tuesday,
		"mittwoch": time.Wednesday, "mittwochs": time.Wednesday, "mi": time.Wednesday,
		"donnerstag": time.Thursday, "donnerstags": time.Thursday, "do": time.Thursday,
		"freitag": time.Friday, "freitags": time.Friday, "fr": time.Friday,
		"samstag": time.Saturday, "samstags": time.Saturday, "sonnabend": time.Saturday, "sa": time.Saturday,
		"sonntag": time.Sunday, "sonntags": time.Sunday,
	},
	months: map[string]time.Month{
		"januar": time.January, "jänner": time.January, "jan": time.January,
		"februar": time.February, "feb": time.February,
		"märz": time.March, "maerz": time.March, "mär": time.March, "mrz": time.March,
		"april": time.April, "apr": time.April,
		"mai":  time.May,
		"juni": time.June, "jun": time.June,
		"juli": time.July, "jul": time.July,
		"august": time.August, "aug": time.August,
		"september": time.September, "sep": time.September, "sept": time.September,
		"oktober": time.October, "okt": time.October,
		"november": time.November, "nov": time.November,
		"dezember": time.December, "dez": time.December,
	},
	relative: map[string]int{"heute": 0, "morgen": 1, "übermorgen": 2, "uebermorgen": 2},
	dayAfter: func(*reader, int) bool { return false },
	parts: map[string]Part{
		"vormittag": Morning, "vormittags": Morning, "morgens": Morning, "früh": Morning, "frueh": Morning,
		"nachmittag": Afternoon, "nachmittags": Afternoon,
		"abend": Evening, "abends": Evening,
	},
	partAfter:  map[string]partAfter{"morgen": {set("am", "heute", "den", "jeden", "diesen"), Morning}},
	noons:      set("mittag", "mittags"),
	this:       set("heute", "diesen"),
	nextBefore: set("nächsten", "nächster", "nächste", "naechsten", "kommenden", "kommender"),
	of:         set(),
	the:        set(),
	hourWords:  set("uhr"),
	atWords:    set("um", "gegen"),
	dotDates:   true,
}

var french = &vocabulary{
	weekdays: map[string]time.Weekday{
		"lundi": time.Monday, "lun": time.Monday,
		"mardi": time.Tuesday, "mar": time.Tuesday,
		"mercredi": time.Wednesday, "mer": time.Wednesday,
		"jeudi": time.Thursday, "jeu": time.Thursday,
		"vendredi": time.Friday, "ven": time.Friday,
		"samedi": time.Saturday, "sam": time.Saturday,
		"dimanche": time.Sunday, "dim": time.Sunday,
	},
	months: map[string]time.Month{
		"janvier": time.January, "janv": time.January,
		"février": time.February, "fevrier": time.February, "févr": time.February, "fevr": time.February,
		"mars":  time.March,
		"avril": time.April, "avr": time.April,
		"mai":     time.May,
		"juin":    time.June,
		"juillet": time.July, "juil": time.July,
		"août": time.August, "aout": time.August,
		"septembre": time.September, "sept": time.September,
		"octobre": time.October, "oct": time.October,
		"novembre": time.November, "nov": time.November,
		"décembre": time.December, "decembre": time.December, "déc": time.December, "dec": time.December,
	},
	// "aujourd'hui" splits into "aujourd" and "hui".
	relative: map[string]int{"aujourd": 0, "demain": 1},
	dayAfter: func(r *reader, i int) bool { t := r.text(i - 1); return t == "après" || t == "apres" },
	parts: map[string]Part{
		"matin": Morning, "matinée": Morning, "matinee": Morning,
		"aprem": Afternoon,
		"soir":  Evening, "soirée": Evening, "soiree": Evening,
	},
	noons:        set("midi"),
	notNoonAfter: map[string]Part{"après": Afternoon, "apres": Afternoon},
	this:         set("ce", "cet", "cette"),
	nextAfter:    set("prochain"),
	of:           set(),
	the:          set(),
	ordinals:     []string{"er"},
	hourWords:    set("h", "heure", "heures"),
	hourSuffix:   "h",
}

var spanish = &vocabulary{
	weekdays: map[string]time.Weekday{
		"lunes": time.Monday, "lun": time.Monday,
		"martes": time.Tuesday, "mar": time.Tuesday,
		"miércoles": time.Wednesday, "miercoles": time.Wednesday, "mié": time.Wednesday, "mie": time.Wednesday,
		"jueves": time.Thursday, "jue": time.Thursday,
		"viernes": time.Friday, "vie": time.Friday,
		"sábado": time.Saturday, "sabado": time.Saturday, "sábados": time.Saturday, "sabados": time.Saturday, "sáb": time.Saturday, "sab": time.Saturday,
		"domingo": time.Sunday, "domingos": time.Sunday, "dom": time.Sunday,
	},
	months: map[string]time.Month{
		"enero": time.January, "ene": time.January,
		"febrero": time.February, "feb": time.February,
		"marzo": time.March,
		"abril": time.April, "abr": time.April,
		"mayo":  time.May,
		"junio": time.June, "jun": time.June,
		"julio": time.July, "jul": time.July,
		"agosto": time.August, "ago": time.August,
		"septiembre": time.September, "setiembre": time.September, "sep": time.September, "sept": time.September,
		"octubre": time.October, "oct": time.October,
		"noviembre": time.November, "nov": time.November,
		"diciembre": time.December, "dic": time.December,
	},
	relative: map[string]int{"hoy": 0, "mañana": 1, "manana": 1},
	dayAfter: func(r *reader, i int) bool { return r.text(i-1) == "pasado" },
	parts: map[string]Part{
		"tarde": Afternoon, "tardes": Afternoon,
		"noche": Evening, "noches": Evening,
	},
	partAfter: map[string]partAfter{
		"mañana": {set("la", "esta"), Morning},
		"manana": {set("la", "esta"), Morning},
	},
	noons:      set("mediodía", "mediodia"),
	this:       set("esta", "este", "hoy"),
	nextBefore: set("próximo", "proximo"),
	of:         set("de"),
	the:        set(),
	hourWords:  set("h", "horas"),
	hourSuffix: "h",
	atWords:    set("las"),
}

// vocabularies are the languages Read reads, by code.
var vocabularies = map[string]*vocabulary{"en": english, "de": german, "fr": french, "es": spanish}
