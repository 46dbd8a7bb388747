// This file holds the steps about what crosses the wire: refusals, raw bodies and answers, bounds, a service without a key, real HTTP and the OpenAPI document.

package features

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/cucumber/godog"

	"salon/internal/api"
	"salon/internal/api/apitest"
)

// contractSteps registers the steps about refusals, the wire and the document.
func contractSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^the server refuses with (\d+) "([^"]*)"$`, w.refuses)
	sc.Step(`^the reply is labelled "([^"]*)" and its body is exactly the JSON string "([^"]*)"$`, w.replyIsExactly)

	sc.Step("^the app sends the answers `([^`]*)` with the state$", w.sendsAnswers)
	sc.Step(`^the app sends (the answers without the state|the state without the answers|the answers with a null state|the state with null answers)$`, w.sendsUnpaired)
	sc.Step("^the app sends the body `([^`]*)`$", w.sendsBody)
	sc.Step(`^the app sends round one labelled "([^"]*)"$`, w.sendsLabelled)

	sc.Step(`^the app asks with (\d+) open slots$`, w.asksWithSlots)
	sc.Step(`^the app asks with the open slots "([^"]*)"$`, w.asksWithListedSlots)
	sc.Step(`^the app asks with an open slot of (\d+) characters$`, w.asksWithLongSlot)
	sc.Step(`^the app asks with an empty open slot$`, w.asksWithEmptySlot)
	sc.Step(`^the app asks with a salon name of (\d+) characters$`, w.asksWithSalonName)
	sc.Step(`^the app asks with a message of (\d+) characters$`, w.asksWithMessage)
	sc.Step(`^the app asks with a body of (\d+) bytes$`, w.asksWithBodyOf)

	sc.Step(`^the booking service has no signing key configured$`, w.noKey)
	sc.Step(`^the booking service restarts with no signing key configured$`, w.noKey)
	sc.Step(`^the booking service listens on a real HTTP address$`, w.listen)
	sc.Step(`^the exchange crossed HTTP and matches the committed OpenAPI document$`, w.crossedHTTP)
	sc.Step(`^nothing in the reply speaks of keys or configuration$`, w.saysNothingOfWhy)

	sc.Step(`^the committed OpenAPI document$`, w.readsCommittedDocument)
	sc.Step(`^it is byte for byte the document the wire types generate$`, w.documentIsGenerated)
	sc.Step(`^it validates as OpenAPI 3$`, w.documentValidates)
	sc.Step(`^the application serves that same document at "([^"]*)"$`, w.documentServed)
}

func (w *world) refuses(status int, reason string) error {
	return refusal(w.reply, status, reason)
}

func (w *world) replyIsExactly(contentType, reason string) error {
	if got := w.reply.Header.Get("Content-Type"); got != contentType {
		return fmt.Errorf("got Content-Type %q, want %q", got, contentType)
	}
	if got, want := bytes.TrimSuffix(w.reply.Body, []byte("\n")), encode(reason); !bytes.Equal(got, want) {
		return fmt.Errorf("got body %s, want %s", got, want)
	}
	return nil
}

func (w *world) sendsAnswers(answers string) error {
	var raw json.RawMessage
	if err := json.Unmarshal([]byte(answers), &raw); err != nil {
		return fmt.Errorf("the step's answers are not JSON: %w", err)
	}
	c := w.who("the customer")
	return w.roundTwo(c, c.send.salon, raw, nil)
}

func (w *world) sendsUnpaired(what string) error {
	c := w.who("the customer")
	if c.issued == "" {
		return fmt.Errorf("the customer has no request state: no round one asked a question")
	}
	req := body(c.send, nil, "")
	switch what {
	case "the answers without the state":
		req["inputResponses"] = accept("sat-10:30")
	case "the state without the answers":
		req["requestState"] = c.state
	case "the answers with a null state":
		req["inputResponses"], req["requestState"] = accept("sat-10:30"), nil
	case "the state with null answers":
		req["inputResponses"], req["requestState"] = nil, c.state
	}
	return w.post(c.send.salon, encode(req))
}

// sendsBody posts a body as written, except that @state stands for the customer's state as a JSON string.
func (w *world) sendsBody(raw string) error {
	if strings.Contains(raw, "@state") {
		c := w.who("the customer")
		if c.issued == "" {
			return fmt.Errorf("the body names @state, but no round one issued one")
		}
		raw = strings.ReplaceAll(raw, "@state", string(encode(c.state)))
	}
	return w.post(w.salon, []byte(raw))
}

func (w *world) sendsLabelled(contentType string) error {
	b := booking{salon: w.salon, message: "A cut on Saturday morning?", slots: w.slots}
	req := httptest.NewRequest(http.MethodPost, "/salons/"+w.salon+"/book", bytes.NewReader(encode(body(b, nil, ""))))
	req.Header.Set("Content-Type", contentType)
	return w.do(req)
}

// askWith sends round one of a booking at the salon, asking for a cut.
func (w *world) askWith(salon string, slots []string) error {
	return w.ask("the customer", booking{salon: salon, message: "A cut on Saturday morning?", slots: slots}, nil)
}

func (w *world) asksWithSlots(n int) error {
	slots := make([]string, n)
	for i := range slots {
		slots[i] = fmt.Sprintf("slot-%02d", i+1)
	}
	return w.askWith(w.salon, slots)
}

func (w *world) asksWithListedSlots(slots string) error { return w.askWith(w.salon, list(slots)) }

func (w *world) asksWithLongSlot(n int) error {
	return w.askWith(w.salon, []string{strings.Repeat("s", n), "sat-11:30"})
}

func (w *world) asksWithEmptySlot() error {
	return w.askWith(w.salon, []string{"sat-10:30", "", "sat-13:00"})
}

func (w *world) asksWithSalonName(n int) error {
	return w.askWith(strings.Repeat("s", n), []string{"sat-10:30", "sat-11:30"})
}

func (w *world) asksWithMessage(n int) error {
	return w.ask("the customer", booking{salon: w.salon, message: strings.Repeat("a", n), slots: []string{"sat-10:30", "sat-11:30"}}, nil)
}

// asksWithBodyOf sends a round one of exactly n bytes, made up to size by a field the server doesn't read.
func (w *world) asksWithBodyOf(n int) error {
	b := booking{salon: w.salon, message: "A cut on Saturday morning?", slots: []string{"sat-10:30", "sat-11:30"}}
	req := body(b, nil, "")
	req["padding"] = ""
	short := len(encode(req))
	if n < short {
		return fmt.Errorf("a round one needs at least %d bytes, asked for %d", short, n)
	}
	req["padding"] = strings.Repeat("x", n-short)
	data := encode(req)
	if len(data) != n {
		return fmt.Errorf("made a body of %d bytes, want %d", len(data), n)
	}
	if err := w.post(b.salon, data); err != nil {
		return err
	}
	if r, err := w.result(); err == nil && r.RequestState != nil {
		*w.who("the customer") = customer{asked: b, send: b.clone(), issued: *r.RequestState, state: *r.RequestState}
	}
	return nil
}

func (w *world) noKey() error { return w.signWith(nil) }

func (w *world) crossedHTTP() error {
	if w.server == nil || w.relayed.Load() == 0 {
		return fmt.Errorf("no exchange crossed a real HTTP connection")
	}
	// Every exchange already went through apitest, which refuses one the document doesn't describe;
	// a reply with no Date header would not have come from net/http's server.
	if w.reply.Header.Get("Date") == "" {
		return fmt.Errorf("the reply has no Date header, so it did not come over HTTP")
	}
	return nil
}

func (w *world) saysNothingOfWhy() error {
	words := []string{"key", "config", "sign", "secret", "env", "hex", "booking_"}
	check := func(where, text string) error {
		lower := strings.ToLower(text)
		for _, word := range words {
			if strings.Contains(lower, word) {
				return fmt.Errorf("the reply's %s %q speaks of %q", where, text, word)
			}
		}
		return nil
	}
	if err := check("body", string(w.reply.Body)); err != nil {
		return err
	}
	for name, values := range w.reply.Header {
		if err := check("header", name+": "+strings.Join(values, ", ")); err != nil {
			return err
		}
	}
	return nil
}

func (w *world) readsCommittedDocument() error {
	path, err := apitest.CommittedPath()
	if err != nil {
		return err
	}
	w.document, err = os.ReadFile(path)
	return err
}

func (w *world) documentIsGenerated() error {
	generated, err := api.DocumentJSON()
	if err != nil {
		return err
	}
	if !bytes.Equal(w.document, generated) {
		return fmt.Errorf("openapi.json differs from what the wire types generate; regenerate it with: go test ./internal/api -run TestCommittedDocument -update")
	}
	return nil
}

func (w *world) documentValidates() error {
	_, err := api.LoadDocument(w.document)
	return err
}

// documentServed fetches the document over a real connection; the document doesn't describe its own route, so apitest can't check this one exchange.
func (w *world) documentServed(path string) error {
	server := httptest.NewServer(w.app)
	defer server.Close()
	res, err := server.Client().Get(server.URL + path)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	served, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("got %d from GET %s, want 200", res.StatusCode, path)
	}
	if err := jsonLabelled(res.Header); err != nil {
		return err
	}
	if !bytes.Equal(served, w.document) {
		return fmt.Errorf("GET %s serves a document other than the committed one", path)
	}
	return nil
}
