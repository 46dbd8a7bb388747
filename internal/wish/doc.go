// Package wish reads what a customer's words ask of the time, at a menu salon without a model: a
// day, a part of the day and a clock time. It is a pure function of the words, the moment now and
// the salon's zone; it has no clock and does no I/O.
//
// # Reading
//
// Read looks at the words in English, without regard to case. It splits them into words at
// anything that is not a letter or a digit, except that ':', '.' and '/' between two letters or
// digits stay inside a word ("10:30", "10.30am", "a.m", "5/12"). So a word is only found whole:
// "sat" is not found in "saturated", nor "wed" in "wedding".
//
// A day is one of:
//   - a weekday, whole, plural or short: "saturday", "saturdays", "sat"; "mon", "tue", "tues",
//     "wed", "weds", "thu", "thur", "thurs", "fri", "sun" likewise. It means the weekday's next
//     occurrence, today included. After "next" it means the next occurrence after today, so
//     "next Friday" said on a Friday is a week later; "this" and "on" change nothing.
//   - "today"; "tomorrow" (or "tmrw"), and "day after tomorrow", the day after that; "tonight" is
//     today and the evening; "this morning", "this afternoon" and "this evening" are today.
//   - a date: a day of the month, plain or ordinal, next to a month's name, whole or short ("jan",
//     "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"), in either
//     order: "5 December", "5th of December", "December 5", "Dec the 5th"; or day and month as
//     numbers, day first: "5/12". A year from 2000 to 2099 may follow, in four digits after a named
//     month ("5 December 2026"), in two or four after the numbers ("5/12/26", "5/12/2026"); any
//     other number there is no year ("Dec 5 1400" is 5 December). A date without
//     a year means its next occurrence, today included, so "29/2" is the next 29 February there is.
//     A date that never occurs ("31/2", "31 April", "0/5", "5/13") names no day.
//
// A month's name alone ("in December") names nothing: a month is not a day. That settles "may",
// which is a month only next to a day of the month ("5 May", "May 5th") and otherwise the verb
// ("may I come Friday" reads Friday).
//
// A part of the day is "morning", "afternoon" or "evening" (or their plurals), or "tonight".
//
// A clock time is one of:
//   - hours and minutes with ':' or '.': "10:30", "15:00", "10.30". Minutes are two digits. Without
//     "am" or "pm" it is the 24-hour clock, except that when the words also name the afternoon or
//     the evening an hour from 1 to 11 is after noon ("3:30 in the afternoon" is 15:30);
//   - a time with "am" or "pm" ("a.m.", "p.m."), joined or apart: "3pm", "3 pm", "10.30am",
//     "10:30 a.m.". Its hour is 1 to 12; "12am" is 00:00 and "12pm" is 12:00;
//   - "noon" or "midday", which are 12:00.
//
// A number alone ("at 3", "for 2") is not a clock time: it is as likely a count as an hour, and
// read as 03:00 it would match nothing a salon opens. Nor are "25:00", "10:75", "10:5" or
// "10:30:00". A number touching a currency sign ("£45", "£10.30", "12.50€") is neither a time
// nor a date.
//
// The words name each of the three at most once. The first day named counts, except that a date
// counts before any weekday, "today" or "tomorrow", being the more precise ("Friday 5 December"
// is 5 December); the first part and the first clock time count. Words that name no day, part or
// clock ("any time next week", "as soon as you can", "this weekend") name nothing, and the offer is
// the earliest, asked as without words.
//
// "Today" is the day of now on the salon's clock, not UTC's: at 23:50 in Auckland it is
// Auckland's date. Days are counted on the calendar, never as 24-hour spans, so a clock change
// never moves "tomorrow".
//
// # Matching
//
// A start matches a Wish when it fits everything the Wish names, read on the salon's wall clock
// (the start's time in the zone):
//   - a day: the start's local date is that day;
//   - a part: morning is before 12:00, afternoon from 12:00 to before 17:00, evening from 17:00;
//   - a clock time: the start's wall clock, in minutes after local midnight, is within 60 minutes
//     of it, either side, 60 included. There is no wrap past midnight.
//
// The distance to a clock time is measured on the wall clock, not in elapsed time, because a
// customer asks for "around 1:30" as the clock on the wall reads it, and because a time a clock
// change skips or repeats has no single instant to measure from. On the day the clock goes forward
// a start's distance on the wall may be an hour more than the time elapsed between them, and on
// the day it goes back an hour less; in the repeated hour both starts that read 01:30 match "1:30".
//
// # Other languages
//
// ReadIn reads German, French or Spanish the same way, with each language's own words, and reads
// English when the words name nothing in that language:
//   - German: the weekdays whole, plural or short ("Freitag", "freitags", "Fr"; not "So", which
//     is a word); "heute", "morgen", "übermorgen"; "nächsten" or "kommenden" before a weekday;
//     "vormittag(s)", "morgens", "früh", "nachmittag(s)", "abend(s)", and "Morgen" as the morning
//     after "am", "heute", "den", "jeden", "diesen" or a weekday; "Mittag" is 12:00. A date is
//     "5. Dezember" or "5.12." ("5.12.2026"), where English reads "5.12" as a clock time. An hour
//     alone is a clock time before "Uhr" ("14 Uhr", "14 Uhr 30") or after "um" or "gegen".
//   - French: "lundi" … "dimanche" and their short forms; "aujourd'hui", "demain",
//     "après-demain"; "prochain" after a weekday; "matin", "matinée", "après-midi", "aprem",
//     "soir", "soirée", and "ce", "cet" or "cette" before one for today; "midi" is 12:00 except in
//     "après-midi". A date is "5 décembre" or "1er janvier". An hour is "14h", "14h30", "14 h 30",
//     "15 heures".
//   - Spanish: "lunes" … "domingo", with or without accents; "hoy", "mañana", "pasado mañana";
//     "próximo" before a weekday; "tarde", "noche", and "mañana" as the morning after "la" or
//     "esta"; "esta" or "este" before a part for today; "mediodía" is 12:00. A date is "5 de
//     diciembre". An hour alone is a clock time after "las" ("a las 3 de la tarde" is 15:00) or
//     with "h" ("16h", "16 h").
//
// A Wish that names nothing matches every start. Pick takes the first starts, in the caller's
// order, that match; when the words name something and nothing matches, the caller says
// AskNothingThen and offers the earliest.
package wish
