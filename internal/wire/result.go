// This file turns the desk's results into the wire's: a question with its state, or a completed outcome.

package wire

import (
	"salon/internal/answer"
	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
)

// requiredTime is every question's list of required answers: one list, shared by every reply,
// which only the encoder reads.
var requiredTime = []string{answer.Question}

// Form is the elicitation form that asks which of q's times suits the customer.
func Form(q step.Question) ElicitationParams {
	return ElicitationParams{
		Mode:    "form",
		Message: q.Message,
		RequestedSchema: TimeSchema{
			Type:       "object",
			Properties: TimeProperties{Time: TimeChoice{Type: "string", Enum: q.Times}},
			Required:   requiredTime,
		},
	}
}

// InputRequired is round one's question as the route answers it, with the state to send back.
func InputRequired(q step.Question, state string) InputRequiredResult {
	return InputRequiredResult{
		ResultType:    ResultInputRequired,
		InputRequests: InputRequests{Time: ElicitationRequest{Method: "elicitation/create", Params: Form(q)}},
		RequestState:  state,
	}
}

// PaymentRequired is round two's request to pay a held booking's deposit, with round three's state.
func PaymentRequired(p booking.Payment, state string) PaymentRequiredResult {
	return PaymentRequiredResult{
		ResultType: ResultInputRequired,
		InputRequests: PaymentRequests{Payment: URLElicitationRequest{Method: "elicitation/create",
			Params: URLElicitation{Mode: "url", Message: p.Message, URL: p.URL, ElicitationID: p.Booking}}},
		RequestState: state,
	}
}

// CompletionOf is what a completed booking came to, as structuredContent carries it. o is step.Booked
// or step.NotBooked.
func CompletionOf(o step.Outcome) Completion {
	switch o := o.(type) {
	case step.Booked:
		c := Completion{Status: StatusBooked, Slot: o.Slot, Say: o.Say, Booking: o.Booking, Stylist: o.Stylist, Manage: o.Manage, Deposit: o.Deposit}
		if o.Service != "" {
			c.Services = salon.VisitServices(o.Service)
			c.Service = c.Services[0]
		}
		return c
	case step.NotBooked:
		return Completion{Status: StatusNotBooked, Say: o.Say}
	}
	panic("wire: a completed booking is either booked or not booked")
}

// Complete is the result that ends a booking.
func Complete(o step.Outcome) CompleteResult {
	return CompleteResult{ResultType: ResultComplete, StructuredContent: CompletionOf(o)}
}
