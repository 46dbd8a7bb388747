// This file holds the request decoder: a body becomes a checked booking request, or a refusal naming the field.

package wire

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
)

// maxDepth is how deeply a body's objects and arrays may nest. A booking needs four levels
// (inputResponses.time.content.time); the bound keeps the cost of a hostile body flat.
const maxDepth = 32

// DecodeBooking reads one round of a booking request for salon from body, refusing anything outside the bounds with a
// reason that names the field. Names match exactly, case included. Fields it does not know are
// ignored, at any depth; null counts as absent. A key written twice in one object, at any depth, is
// refused: parsers disagree on which of the two counts, so such a body could mean one thing here
// and another to whatever reads it next.
func DecodeBooking(salon string, body []byte) (booking.Request, error) {
	if err := CheckSalon(salon); err != nil {
		return booking.Request{}, err
	}
	if !utf8.Valid(body) {
		return booking.Request{}, Refusal("the body must be UTF-8 JSON")
	}
	// Only a body with more brackets than maxDepth can nest deeper, so only such a body is walked
	// for its depth before it is decoded.
	if bytes.Count(body, []byte("{"))+bytes.Count(body, []byte("[")) > maxDepth {
		if err := checkShape(body); err != nil {
			return booking.Request{}, err
		}
	}
	if lead := bytes.TrimLeft(body, " \t\r\n"); len(lead) == 0 || lead[0] != '{' {
		return booking.Request{}, errNotAnObject // null, which decodes into nothing, among the rest
	}
	b := requestBodies.Get().(*requestBody)
	defer func() {
		*b = requestBody{}
		requestBodies.Put(b)
	}()
	if err := json.Unmarshal(body, b, ReadOptions); err != nil {
		return booking.Request{}, refusalOf(body, err)
	}
	return b.request(salon)
}

// requestBodies are the decoder's targets, reused: empty, as a fresh one is, every time one is taken.
var requestBodies = sync.Pool{New: func() any { return new(requestBody) }}

// ReadOptions are the options every request body is read with, beside the JSON v2 library's
// defaults (names matched case-sensitively, a key twice refused). They let a string escape a lone
// surrogate (\ud800), read as U+FFFD as JSON parsers commonly read it; the raw body must still be
// UTF-8. A test that judges what the server read decodes the body with these, so it reads it as
// the server does.
var ReadOptions = jsontext.AllowInvalidUTF8(true)

// requestBody is a booking request as the decoder reads it; a nil pointer is a field absent or null.
type requestBody struct {
	Arguments *struct {
		Message   *string  `json:"message"`
		OpenSlots slotList `json:"openSlots"`
		Customer  *struct {
			Name    *string `json:"name"`
			Contact *string `json:"contact"`
		} `json:"customer"`
		Service  *string  `json:"service"`
		Services []string `json:"services"`
		Stylist  *string  `json:"stylist"`
	} `json:"arguments"`
	InputResponses jsontext.Value `json:"inputResponses"` // raw until the state verifies
	// RequestState is raw, unquoted by stateOf: the decoder passes every string it decodes into a
	// field through its cache of strings, where a state meets another as long as itself and the
	// two are compared, on memory long gone cold.
	RequestState jsontext.Value `json:"requestState"`
}

// The refusals of a field of the wrong type, by where the decoder met it.
var (
	errNotAnObject = Refusal("the body must be a JSON object")
	errNotSlots    = Refusal("arguments.openSlots must be a list of strings")
	// ErrServiceOrServices refuses a request naming a service and a visit's services both.
	ErrServiceOrServices = Refusal("give service or services, not both")
	typeRefusals         = map[jsontext.Pointer]error{
		"":                            errNotAnObject,
		"/arguments":                  Refusal("arguments must be an object"),
		"/arguments/message":          Refusal("arguments.message must be a string"),
		"/arguments/openSlots":        errNotSlots,
		"/arguments/customer":         Refusal("arguments.customer must be an object"),
		"/arguments/customer/name":    Refusal("arguments.customer.name must be a string"),
		"/arguments/customer/contact": Refusal("arguments.customer.contact must be a string"),
		"/arguments/service":          Refusal("arguments.service must be a string"),
		"/arguments/services":         Refusal("arguments.services must be a list of strings"),
		"/arguments/stylist":          Refusal("arguments.stylist must be a string"),
		"/requestState":               Refusal("requestState must be a string"),
	}
)

// refusalOf names why the decoder refused body: a field of the wrong type by where it stands, or
// the body's shape (not one object, a key twice) by walking it.
func refusalOf(body []byte, err error) error {
	var semantic *json.SemanticError
	if errors.As(err, &semantic) {
		p := semantic.JSONPointer
		if parent := p.Parent(); parent == "/arguments/openSlots" || parent == "/arguments/services" {
			p = parent
		}
		if refusal, ok := typeRefusals[p]; ok {
			return refusal
		}
	}
	if err := checkShape(body); err != nil {
		return err
	}
	return errNotAnObject
}

// request checks the fields' bounds, in the order the refusals are checked, and gives the request.
func (b requestBody) request(salonID string) (booking.Request, error) {
	state, err := stateOf(b.RequestState)
	if err != nil {
		return booking.Request{}, err
	}
	a := b.Arguments
	switch {
	case a == nil:
		return booking.Request{}, typeRefusals["/arguments"]
	case a.Message == nil:
		return booking.Request{}, typeRefusals["/arguments/message"]
	case utf8.RuneCountInString(*a.Message) > MaxMessageChars:
		return booking.Request{}, Refusal(fmt.Sprintf("arguments.message must be at most %d characters", MaxMessageChars))
	case !plain(*a.Message, true):
		return booking.Request{}, unallowed("arguments.message")
	}
	slots, err := a.OpenSlots.check()
	if err != nil {
		return booking.Request{}, err
	}
	r := booking.Request{
		Salon:          salonID,
		Booking:        step.Request{Message: *a.Message, OpenSlots: slots},
		InputResponses: present(b.InputResponses),
		RequestState:   state,
	}
	if c := a.Customer; c != nil {
		switch {
		case c.Name == nil:
			return booking.Request{}, typeRefusals["/arguments/customer/name"]
		case c.Contact == nil:
			return booking.Request{}, typeRefusals["/arguments/customer/contact"]
		}
		r.Booking.Customer = &salon.Customer{Name: *c.Name, Contact: *c.Contact}
		if err := checkCustomer(*r.Booking.Customer); err != nil {
			return booking.Request{}, err
		}
	}
	if a.Service != nil && a.Services != nil {
		return booking.Request{}, ErrServiceOrServices
	}
	if a.Services != nil {
		if err := salon.CheckVisit("arguments.services", a.Services); err != nil {
			return booking.Request{}, err
		}
		for i, id := range a.Services {
			if n := utf8.RuneCountInString(id); n < 1 || n > MaxIDChars {
				return booking.Request{}, Refusal(fmt.Sprintf("arguments.services[%d] must be 1 to %d characters", i, MaxIDChars))
			}
		}
		visit := salon.VisitID(a.Services)
		a.Service = &visit
	}
	if a.Service != nil || a.Stylist != nil {
		r.Choice = &salon.Choice{}
		for _, f := range [...]struct {
			name  string
			value *string
			to    *string
		}{{"service", a.Service, &r.Choice.Service}, {"stylist", a.Stylist, &r.Choice.Stylist}} {
			if f.value == nil {
				continue
			}
			if n := utf8.RuneCountInString(*f.value); n < 1 || n > MaxIDChars {
				return booking.Request{}, Refusal(fmt.Sprintf("arguments.%s must be 1 to %d characters", f.name, MaxIDChars))
			}
			*f.to = *f.value
		}
	}
	return r, nil
}

// QueryService is the service a query asks for: service, or the visit of the comma-separated ids
// of services when the query has it (given), refused as the booking's arguments are.
func QueryService(service, services string, given bool) (string, error) {
	if !given {
		return service, nil
	}
	if service != "" {
		return "", ErrServiceOrServices
	}
	ids := strings.Split(services, ",")
	if err := salon.CheckVisit("services", ids); err != nil {
		return "", err
	}
	return salon.VisitID(ids), nil
}

// stateOf is the requestState raw holds, or nil when it is absent or null. Anything but a
// string is refused as the decoder refuses a field of the wrong type.
func stateOf(raw jsontext.Value) (*string, error) {
	switch raw.Kind() {
	case 0, 'n':
		return nil, nil
	case '"':
		// The decoder has read it as a string, and unquotes every string so: an escaped lone
		// surrogate becomes U+FFFD, and the error saying so is dropped.
		var stack [512]byte
		unquoted, _ := jsontext.AppendUnquote(stack[:0], raw)
		state := string(unquoted)
		return &state, nil
	}
	return nil, typeRefusals["/requestState"]
}

// present returns raw, or nil when the field is absent or null.
func present(raw jsontext.Value) []byte {
	if len(raw) == 0 || raw.Kind() == 'n' {
		return nil
	}
	return raw
}

// CheckSalon refuses a salon's name outside its bounds. The name is opaque (the state binds it
// exactly), but a "." or ".." segment is one that URL normalizers (browsers, proxies) rewrite on
// the way, so the salon served could differ from the one meant, and a control or format
// character is never a name: it is an id, and holds what any id may hold.
func CheckSalon(salon string) error {
	if n := utf8.RuneCountInString(salon); n < 1 || n > MaxSalonChars || !utf8.ValidString(salon) {
		return Refusal(fmt.Sprintf("salon must be 1 to %d characters", MaxSalonChars))
	}
	if !plain(salon, false) {
		return unallowed("salon")
	}
	start := 0 // of the segment being read; segments end at a slash, a backslash and the end
	for i := 0; i <= len(salon); i++ {
		if i < len(salon) && salon[i] != '/' && salon[i] != '\\' {
			continue
		}
		if segment := salon[start:i]; segment == "." || segment == ".." {
			return Refusal("salon must not hold . or .. as a path segment")
		}
		start = i + 1
	}
	return nil
}

// slotList is arguments.openSlots as the decoder reads it: every entry in order, a null one as
// "", and where the first null stands, so it is refused there and not taken for an empty slot.
// It is read token by token into one slice, with no pointer for each entry; absent or null, the
// list is nil.
type slotList struct {
	slots     []string
	firstNull int // -1 when no entry is null
}

// UnmarshalJSONFrom reads the list from dec. Anything but an array of strings and nulls is
// refused as a field of the wrong type, where the list stands.
func (l *slotList) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	*l = slotList{firstNull: -1}
	tok, err := dec.ReadToken()
	switch {
	case err != nil:
		return err
	case tok.Kind() == 'n':
		return nil
	case tok.Kind() != '[':
		return errNotSlots
	}
	l.slots = make([]string, 0, 4)
	for dec.PeekKind() != ']' {
		tok, err := dec.ReadToken()
		switch {
		case err != nil:
			return err
		case tok.Kind() == '"':
			l.slots = append(l.slots, tok.String())
		case tok.Kind() == 'n':
			if l.firstNull < 0 {
				l.firstNull = len(l.slots)
			}
			l.slots = append(l.slots, "")
		default:
			return errNotSlots
		}
	}
	_, err = dec.ReadToken()
	return err
}

// check refuses a list outside its bounds: absent or null, too long, then each entry in turn
// (null, its length, its characters, a repeat). It gives the slots.
func (l slotList) check() ([]string, error) {
	slots := l.slots
	if slots == nil {
		return nil, errNotSlots
	}
	if len(slots) > MaxOpenSlots {
		return nil, Refusal(fmt.Sprintf("arguments.openSlots must hold at most %d slots", MaxOpenSlots))
	}
	for i, slot := range slots {
		if i == l.firstNull {
			return nil, errNotSlots
		}
		if n := utf8.RuneCountInString(slot); n < 1 || n > MaxSlotChars {
			return nil, Refusal(fmt.Sprintf("arguments.openSlots[%d] must be 1 to %d characters", i, MaxSlotChars))
		}
		if !plain(slot, false) {
			return nil, unallowed(fmt.Sprintf("arguments.openSlots[%d]", i))
		}
		if slices.Contains(slots[:i], slot) {
			return nil, Refusal(fmt.Sprintf("arguments.openSlots[%d] repeats a slot", i))
		}
	}
	return slots, nil
}

// checkCustomer refuses a customer's name or contact outside its bounds or holding a character
// neither may hold, then a contact that is neither a phone number nor an e-mail address: the
// name first, and each field's length before its characters before its form.
func checkCustomer(c salon.Customer) error {
	for _, f := range [...]struct {
		name, value string
		max         int
	}{{"name", c.Name, MaxCustomerNameChars}, {"contact", c.Contact, MaxContactChars}} {
		if n := utf8.RuneCountInString(f.value); n < 1 || n > f.max {
			return Refusal(fmt.Sprintf("arguments.customer.%s must be 1 to %d characters", f.name, f.max))
		}
		if !plain(f.value, false) {
			return unallowed("arguments.customer." + f.name)
		}
	}
	if holdsAnAddress(c.Name) {
		return errNameIsAnAddress
	}
	if !IsContact(c.Contact) {
		return errNotAContact
	}
	return nil
}

// checkShape reads body token by token, in the order written, and refuses the first thing wrong
// with it: not one JSON object, a nesting deeper than maxDepth, or a key written twice in one
// object (which the JSON decoder itself finds, with where).
func checkShape(body []byte) error {
	notAnObject := errNotAnObject
	dec := jsontext.NewDecoder(bytes.NewReader(body), ReadOptions)
	if dec.PeekKind() != '{' {
		return notAnObject
	}
	for {
		tok, err := dec.ReadToken()
		var syntactic *jsontext.SyntacticError
		switch {
		case err == nil && dec.StackDepth() == 0:
			// The object has ended; nothing but white space may follow it.
			if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
				return notAnObject
			}
			return nil
		case errors.As(err, &syntactic) && errors.Is(err, jsontext.ErrDuplicateName):
			return Refusal(fieldPath(dec, syntactic.JSONPointer) + " appears twice")
		case err != nil:
			return notAnObject
		}
		if k := tok.Kind(); (k == '{' || k == '[') && dec.StackDepth() > maxDepth {
			return Refusal(fmt.Sprintf("the body must nest at most %d levels deep", maxDepth))
		}
	}
}

// maxPathBytes bounds a field's path in a refusal, since a key can be as long as the body.
const maxPathBytes = 120

// fieldPath names the field at p, as the refusals write it: arguments.notes[2].note. dec is where
// the walk stands, so it tells an array's index from an object's name. A key that isn't a plain
// name is written quoted, as ["a key"].
func fieldPath(dec *jsontext.Decoder, p jsontext.Pointer) string {
	var b strings.Builder
	level := 0
	for token := range p.Tokens() {
		level++
		switch kind, _ := dec.StackIndex(level); {
		case kind == '[':
			b.WriteString("[" + token + "]")
		case plainName(token):
			if level > 1 {
				b.WriteByte('.')
			}
			b.WriteString(token)
		default:
			quoted, _ := jsontext.AppendQuote(nil, token) // the token came out of valid JSON, so it quotes
			b.WriteString("[" + string(quoted) + "]")
		}
	}
	path := b.String()
	if len(path) <= maxPathBytes {
		return path
	}
	cut := maxPathBytes
	for cut > 0 && !utf8.RuneStart(path[cut]) {
		cut--
	}
	return path[:cut] + "…"
}

// plainName reports whether key can be written bare in a field's path.
func plainName(key string) bool {
	if key == "" {
		return false
	}
	for _, r := range key {
		if !(r == '_' || r == '-' || r == '$' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}
