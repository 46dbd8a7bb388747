// This file holds the request decoder: a body becomes a checked booking request, or a refusal naming the field.
package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"salon/internal/booking"
	"salon/internal/step"
)

// maxDepth is how deeply a body's objects and arrays may nest. A booking needs four levels
// (inputResponses.time.content.time); the bound keeps the cost of a hostile body flat.
const maxDepth = 32

// decode reads a booking request for salon from body, refusing anything outside the bounds with a reason that names the field.
// Fields it does not know are ignored, at any depth; null counts as absent. A key written twice in
// one object, at any depth, is refused: encoding/json keeps the last of the two where other parsers
// keep the first, so such a body could mean one thing here and another to whatever reads it next.
func decode(salon string, body []byte) (booking.Request, error) {
	if err := checkSalon(salon); err != nil {
		return booking.Request{}, err
	}
	if !utf8.Valid(body) {
		return booking.Request{}, badRequest("the body must be UTF-8 JSON")
	}
	shaped, foldFree := shapeOK(body)
	if shaped && foldFree {
		if r, ok := decodeUsual(salon, body); ok {
			return r, nil
		}
	}
	if !shaped {
		if err := checkShape(body); err != nil {
			return booking.Request{}, err
		}
	}
	return decodeFields(salon, body)
}

// decodeFields reads body field by field, in the order the refusals are checked: the path that
// names what is wrong. body is UTF-8 and one object of sound shape.
func decodeFields(salon string, body []byte) (booking.Request, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return booking.Request{}, badRequest("the body must be a JSON object")
	}
	var args map[string]json.RawMessage
	if raw := present(top["arguments"]); raw == nil || json.Unmarshal(raw, &args) != nil {
		return booking.Request{}, badRequest("arguments must be an object")
	}
	r := booking.Request{Salon: salon, InputResponses: present(top["inputResponses"])}

	if err := decodeString(present(args["message"]), &r.Booking.Message); err != nil {
		return booking.Request{}, badRequest("arguments.message must be a string")
	}
	if utf8.RuneCountInString(r.Booking.Message) > MaxMessageChars {
		return booking.Request{}, badRequest(fmt.Sprintf("arguments.message must be at most %d characters", MaxMessageChars))
	}
	slots, err := decodeSlots(present(args["openSlots"]))
	if err != nil {
		return booking.Request{}, err
	}
	r.Booking.OpenSlots = slots
	if r.Booking.Customer, err = decodeCustomer(present(args["customer"])); err != nil {
		return booking.Request{}, err
	}

	if raw := present(top["requestState"]); raw != nil {
		var state string
		if err := decodeString(raw, &state); err != nil {
			return booking.Request{}, badRequest("requestState must be a string")
		}
		r.RequestState = &state
	}
	return r, nil
}

// checkSalon refuses a salon's name outside its bounds. The name is opaque (the state binds it
// exactly), but a "." or ".." segment is one that URL normalizers (browsers, proxies) rewrite on
// the way, so the salon served could differ from the one meant, and a control character is never
// a name.
func checkSalon(salon string) error {
	if n := utf8.RuneCountInString(salon); n < 1 || n > MaxSalonChars || !utf8.ValidString(salon) {
		return badRequest(fmt.Sprintf("salon must be 1 to %d characters", MaxSalonChars))
	}
	if strings.IndexFunc(salon, unicode.IsControl) >= 0 {
		return badRequest("salon must not hold control characters")
	}
	for segment := range strings.FieldsFuncSeq(salon, func(r rune) bool { return r == '/' || r == '\\' }) {
		if segment == "." || segment == ".." {
			return badRequest("salon must not hold . or .. as a path segment")
		}
	}
	return nil
}

func decodeSlots(raw json.RawMessage) ([]string, error) {
	var items []*string // a null entry stays nil, so it is told apart from an empty slot
	if raw == nil || json.Unmarshal(raw, &items) != nil || items == nil {
		return nil, badRequest("arguments.openSlots must be a list of strings")
	}
	if len(items) > MaxOpenSlots {
		return nil, badRequest(fmt.Sprintf("arguments.openSlots must hold at most %d slots", MaxOpenSlots))
	}
	slots := make([]string, len(items))
	seen := make(map[string]struct{}, len(items))
	for i, item := range items {
		if item == nil {
			return nil, badRequest("arguments.openSlots must be a list of strings")
		}
		slot := *item
		if n := utf8.RuneCountInString(slot); n < 1 || n > MaxSlotChars {
			return nil, badRequest(fmt.Sprintf("arguments.openSlots[%d] must be 1 to %d characters", i, MaxSlotChars))
		}
		if _, twice := seen[slot]; twice {
			return nil, badRequest(fmt.Sprintf("arguments.openSlots[%d] repeats a slot", i))
		}
		seen[slot] = struct{}{}
		slots[i] = slot
	}
	return slots, nil
}

// decodeCustomer reads arguments.customer: nil when absent, else a name and a contact within their bounds.
func decodeCustomer(raw json.RawMessage) (*step.Customer, error) {
	if raw == nil {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
		return nil, badRequest("arguments.customer must be an object")
	}
	var c step.Customer
	if err := decodeString(present(fields["name"]), &c.Name); err != nil {
		return nil, badRequest("arguments.customer.name must be a string")
	}
	if err := decodeString(present(fields["contact"]), &c.Contact); err != nil {
		return nil, badRequest("arguments.customer.contact must be a string")
	}
	if err := checkCustomer(c); err != nil {
		return nil, err
	}
	return &c, nil
}

// checkCustomer refuses a customer's name or contact outside its bounds, or holding a control character.
func checkCustomer(c step.Customer) error {
	for _, f := range [...]struct {
		name, value string
		max         int
	}{{"name", c.Name, MaxCustomerNameChars}, {"contact", c.Contact, MaxContactChars}} {
		if n := utf8.RuneCountInString(f.value); n < 1 || n > f.max {
			return badRequest(fmt.Sprintf("arguments.customer.%s must be 1 to %d characters", f.name, f.max))
		}
		if strings.IndexFunc(f.value, unicode.IsControl) >= 0 {
			return badRequest(fmt.Sprintf("arguments.customer.%s must not hold control characters", f.name))
		}
	}
	return nil
}

// decodeString reads a JSON string, refusing absence and every other type.
func decodeString(raw json.RawMessage, into *string) error {
	if raw == nil || raw[0] != '"' {
		return errNotAString
	}
	return json.Unmarshal(raw, into)
}

var errNotAString = fmt.Errorf("not a string")

// present returns raw, or nil when the field is absent or null.
func present(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	return raw
}

// container is one open object or array of a body being walked.
type container struct {
	object  bool
	keys    map[string]struct{} // an object's keys so far
	key     string              // an object's key whose value comes next, or came last
	wantKey bool                // an object's next token is a key
	index   int                 // an array's entries so far
}

// checkShape walks body token by token, in the order written, and refuses the first thing wrong
// with it: not one JSON object, a nesting deeper than maxDepth, or a key written twice in one object.
func checkShape(body []byte) error {
	notAnObject := badRequest("the body must be a JSON object")
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // a number is never read here, so none is refused for its size
	var open []*container
	for {
		tok, err := dec.Token()
		if err != nil {
			return notAnObject
		}
		if len(open) == 0 && tok != json.Delim('{') {
			return notAnObject
		}
		if n := len(open); n > 0 && open[n-1].object && open[n-1].wantKey {
			if tok == json.Delim('}') {
				open = open[:n-1]
			} else {
				// Inside an object, the decoder hands over only a key or the object's end here.
				top := open[n-1]
				top.key, top.wantKey = tok.(string), false
				if _, twice := top.keys[top.key]; twice {
					return badRequest(fieldPath(open) + " appears twice")
				}
				top.keys[top.key] = struct{}{}
				continue
			}
		} else {
			switch tok {
			case json.Delim('{'), json.Delim('['):
				if len(open) == maxDepth {
					return badRequest(fmt.Sprintf("the body must nest at most %d levels deep", maxDepth))
				}
				c := &container{object: tok == json.Delim('{')}
				if c.object {
					c.keys, c.wantKey = map[string]struct{}{}, true
				}
				open = append(open, c)
				continue
			case json.Delim(']'):
				open = open[:len(open)-1]
			}
		}
		// A value has ended: a scalar, or an object or array just closed.
		if len(open) == 0 {
			break
		}
		if top := open[len(open)-1]; top.object {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return notAnObject
	}
	return nil
}

// maxPathBytes bounds a field's path in a refusal, since a key can be as long as the body.
const maxPathBytes = 120

// fieldPath names the field the walk is at, as the refusals write it: arguments.openSlots[2].note.
// A key that isn't a plain name is written quoted, as ["a key"].
func fieldPath(open []*container) string {
	var b strings.Builder
	for i, c := range open {
		switch {
		case !c.object:
			b.WriteString("[" + strconv.Itoa(c.index) + "]")
		case plainName(c.key):
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(c.key)
		default:
			quoted, _ := json.Marshal(c.key)
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

// shapeOK reports, in one pass with no allocation for a usual body, that checkShape would accept
// body: one object, nesting at most maxDepth levels, no key twice in one object. It doesn't
// validate scalars (the decoding that follows does, with the same refusal). False means look
// closer: checkShape then finds the refusal, or accepts what this pass would not vouch for
// (a key with an escape, an object with many keys).
func shapeOK(body []byte) (shaped, foldFree bool) {
	foldFree = true
	type frame struct {
		object   bool
		firstKey int
	}
	const maxKeys = 16
	var (
		stackBuf [maxDepth]frame
		keysBuf  [maxKeys][]byte
		stack    = stackBuf[:0]
		keys     = keysBuf[:0]
		wantKey  bool
		started  bool
	)
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case ' ', '\t', '\n', '\r', ':':
		case '{', '[':
			if len(stack) == maxDepth || (!started && c != '{') {
				return false, false
			}
			started = true
			stack = append(stack, frame{object: c == '{', firstKey: len(keys)})
			wantKey = c == '{'
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1].object != (c == '}') {
				return false, false
			}
			keys = keys[:stack[len(stack)-1].firstKey]
			stack = stack[:len(stack)-1]
			wantKey = false
			if len(stack) == 0 {
				for _, rest := range body[i+1:] {
					if rest != ' ' && rest != '\t' && rest != '\n' && rest != '\r' {
						return false, false
					}
				}
				return true, foldFree
			}
		case ',':
			wantKey = len(stack) > 0 && stack[len(stack)-1].object
		case '"':
			if !started {
				return false, false
			}
			j, ok := stringEnd(body, i)
			if !ok || wantKey && bytes.IndexByte(body[i+1:j], '\\') >= 0 {
				return false, false
			}
			if wantKey {
				key := body[i+1 : j]
				own := keys[stack[len(stack)-1].firstKey:]
				if len(keys) == maxKeys {
					return false, false
				}
				for _, k := range own {
					if bytes.Equal(k, key) {
						return false, false
					}
				}
				keys = append(keys, key)
				for _, name := range wireNames {
					if len(key) == len(name) && string(key) != name && bytes.EqualFold(key, []byte(name)) {
						foldFree = false
					}
				}
				wantKey = false
			}
			i = j
		default:
			if !started {
				return false, false
			}
		}
	}
	return false, false
}

// stringEnd finds the quote that closes the string whose opening quote is at body[open]: the
// first quote after it not escaped, that is, not after an odd run of backslashes. It hops from
// quote to quote with bytes.IndexByte rather than looking at every byte.
func stringEnd(body []byte, open int) (int, bool) {
	for j := open + 1; ; j++ {
		k := bytes.IndexByte(body[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		escapes := 0
		for p := j - 1; p > open && body[p] == '\\'; p-- {
			escapes++
		}
		if escapes%2 == 0 {
			return j, true
		}
	}
}

// wireNames are the keys decodeUsual reads. encoding/json matches struct fields without regard to
// case, so a body holding a key that folds to one of these without being it isn't usual.
var wireNames = [...]string{"arguments", "inputResponses", "requestState", "message", "openSlots", "customer", "name", "contact"}

// usualRequest is the body as decodeUsual reads it; a nil pointer is a field absent or null. A
// null slot reads as "", which no slot may be, so such a body goes the field-by-field way too.
type usualRequest struct {
	Arguments struct {
		Message   *string  `json:"message"`
		OpenSlots []string `json:"openSlots"`
		Customer  *struct {
			Name    *string `json:"name"`
			Contact *string `json:"contact"`
		} `json:"customer"`
	} `json:"arguments"`
	InputResponses json.RawMessage `json:"inputResponses"`
	RequestState   *string         `json:"requestState"`
}

// decodeUsual reads, in one pass, a body the field-by-field path would accept, and gives back what
// that path would; false means the body is not such a one, and the field-by-field path names the refusal.
// body is known to be UTF-8 with one object, no key twice and no key that folds to a wire name.
func decodeUsual(salon string, body []byte) (booking.Request, bool) {
	var u usualRequest
	a := &u.Arguments
	if json.Unmarshal(body, &u) != nil || a.Message == nil || a.OpenSlots == nil {
		return booking.Request{}, false
	}
	if utf8.RuneCountInString(*a.Message) > MaxMessageChars || len(a.OpenSlots) > MaxOpenSlots {
		return booking.Request{}, false
	}
	for i, slot := range a.OpenSlots {
		if n := utf8.RuneCountInString(slot); n < 1 || n > MaxSlotChars || slices.Contains(a.OpenSlots[:i], slot) {
			return booking.Request{}, false
		}
	}
	var customer *step.Customer
	if c := a.Customer; c != nil {
		if c.Name == nil || c.Contact == nil {
			return booking.Request{}, false
		}
		customer = &step.Customer{Name: *c.Name, Contact: *c.Contact}
		if checkCustomer(*customer) != nil {
			return booking.Request{}, false
		}
	}
	return booking.Request{
		Salon:          salon,
		Booking:        step.Booking{Message: *a.Message, OpenSlots: a.OpenSlots, Customer: customer},
		InputResponses: present(u.InputResponses),
		RequestState:   u.RequestState,
	}, true
}
