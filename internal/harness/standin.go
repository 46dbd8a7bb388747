// This file holds the stand-in model: a pure function of the call, for a demo without a key.

package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"salon/internal/step"
)

// Standin is the deterministic demo model: it chooses the first two options (the day the customer
// asked for comes first) and asks "Would <a> or <b> suit you?", naming each by its label at a salon
// with a calendar and as the list spells it otherwise. At a salon with a calendar, when the
// customer asked about a price, it first says what the sheet holds of the services their words
// name ("A cut costs $45."), or that the price isn't on the sheet; at a menu salon, what the menu
// holds of them, or of the service being booked when they name none ("A cut costs £45.00."). It
// reads nothing but the call.
func Standin() Model {
	return ModelFunc(func(_ context.Context, c Call) (string, error) {
		options := c.Grammar.Options()
		if len(options) == 0 {
			return "", errors.New("the stand-in was offered nothing to choose")
		}
		chosen := options[:min(len(options), MaxChoices)]
		said := make([]string, len(chosen))
		for i, o := range chosen {
			said[i] = o
			if label, ok := labelOf(c.Context, o); ok {
				said[i] = label
			}
		}
		question := "Would " + strings.Join(said, " or ") + " suit you?"
		if lead := priceLead(c.Context); lead != "" && utf8.RuneCountInString(lead+question) <= MaxQuestionChars {
			question = lead + question
		}
		return AnswerText(chosen, question), nil
	})
}

// priceLead is what the stand-in says of prices before its question, when the customer asked about one.
func priceLead(c Context) string {
	if c.Salon == nil || !c.AskedPrice {
		return ""
	}
	if len(c.Salon.Services) > 0 {
		return menuPriceLead(c)
	}
	if len(c.Salon.Prices) == 0 {
		return "The price isn't on the sheet, so the salon will tell you. "
	}
	var lead strings.Builder
	words := strings.ToLower(c.Words)
	for _, p := range c.Salon.Prices {
		if strings.Contains(words, strings.ToLower(p.Service)) {
			lead.WriteString(article(p.Service) + " " + p.Service + " costs " + p.Price + ". ")
		}
	}
	return lead.String()
}

// menuPriceLead is what the stand-in says of a menu salon's prices: of each service the
// customer's words name (by its name or its id), or else of the one being booked, its price
// ("A cut costs £45.00. ") or that it isn't on the sheet.
func menuPriceLead(c Context) string {
	words := strings.ToLower(c.Words)
	var named []step.Service
	for _, v := range c.Salon.Services {
		if strings.Contains(words, strings.ToLower(v.Name)) || strings.Contains(words, v.ID) {
			named = append(named, v)
		}
	}
	if chosen, ok := c.Salon.Chosen(); ok && len(named) == 0 {
		named = append(named, chosen)
	}
	var lead strings.Builder
	for _, v := range named {
		if v.Price == "" {
			lead.WriteString("The price of " + aService(v) + " isn't on the sheet, so the salon will tell you. ")
			continue
		}
		lead.WriteString(capitalise(aService(v)) + " costs " + v.Price + ". ")
	}
	return lead.String()
}

// AnswerText writes an answer of the grammar's shape, as a model following it would.
func AnswerText(choices []string, question string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if choices == nil {
		choices = []string{}
	}
	if err := enc.Encode(struct {
		Choices  []string `json:"choices"`
		Question string   `json:"question"`
	}{choices, question}); err != nil {
		panic("harness: encoding plain data can't fail: " + err.Error())
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
