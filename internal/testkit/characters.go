// This file holds the characters no name, contact, words or id may hold, shared by the tests of every transport.

package testkit

// Unallowed is a character no customer's name, contact or id may hold, and words may hold only
// when InWords says so.
type Unallowed struct {
	// Name says what the character is, as a subtest's name.
	Name string
	// Char is the character.
	Char string
	// InWords says the customer's words may hold it: a line feed and a tab only.
	InWords bool
}

// UnallowedCharacters are one of each kind of character the fields refuse: C0 controls (NUL,
// ESC, the line breaks, the tab), DEL, C1 controls, the bidirectional controls, the zero-width
// characters and the other format characters.
var UnallowedCharacters = []Unallowed{
	{Name: "NUL", Char: "\x00"},
	{Name: "ESC", Char: "\x1b"},
	{Name: "a line feed", Char: "\n", InWords: true},
	{Name: "a tab", Char: "\t", InWords: true},
	{Name: "a carriage return", Char: "\r"},
	{Name: "DEL", Char: "\x7f"},
	{Name: "the C1 next line", Char: "\u0085"},
	{Name: "the C1 control sequence introducer", Char: "\u009b"},
	{Name: "a right-to-left override", Char: "\u202e"},
	{Name: "a left-to-right override", Char: "\u202d"},
	{Name: "a right-to-left embedding", Char: "\u202b"},
	{Name: "a pop directional formatting", Char: "\u202c"},
	{Name: "a right-to-left isolate", Char: "\u2067"},
	{Name: "a first strong isolate", Char: "\u2068"},
	{Name: "a pop directional isolate", Char: "\u2069"},
	{Name: "a right-to-left mark", Char: "\u200f"},
	{Name: "a left-to-right mark", Char: "\u200e"},
	{Name: "an Arabic letter mark", Char: "\u061c"},
	{Name: "a zero-width space", Char: "\u200b"},
	{Name: "a zero-width non-joiner", Char: "\u200c"},
	{Name: "a zero-width joiner", Char: "\u200d"},
	{Name: "a word joiner", Char: "\u2060"},
	{Name: "a byte-order mark", Char: "\ufeff"},
	{Name: "a soft hyphen", Char: "\u00ad"},
	{Name: "a tag character", Char: "\U000e0041"},
}
