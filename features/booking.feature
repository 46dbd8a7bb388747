# The two rounds of a booking, as the customer lives them.
Feature: Booking a time in two rounds
  A customer asks the salon's assistant for a time. The server asks back which of two open
  times suits them, and their answer completes the booking. The server keeps no session
  between the rounds: what it must trust in round two travels with the app, signed.

  # Decided by: internal/step.DefaultOffer (step.go)
  Scenario: Round one asks the customer to choose between two open times
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"
    When the customer asks "A cut on Saturday morning?"
    Then the server asks "Which time suits you?" offering "sat-10:30, sat-11:30"
    And no state was spent

  # Decided by: internal/booking.Desk.roundTwo (desk.go), internal/step.Step (step.go)
  Scenario: Round two, with the customer's choice and the request state, completes the booking
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"
    And the customer asked "A cut on Saturday morning?"
    When the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."
    And the spent-state record holds 1 state

  # Decided by: internal/answer.Parse (answer.go), internal/step.Step (step.go)
  Scenario Outline: A customer who declines, or cancels, is booked nothing
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"
    And the customer asked "A cut on Saturday morning?"
    When the customer <answers> the question
    Then nothing is booked and the customer is told "No time was chosen, so nothing is booked."
    And the spent-state record holds 1 state

    Examples:
      | answers  |
      | declines |
      | cancels  |

  # Decided by: internal/step.Ask (step.go), internal/booking.Desk.ask (desk.go)
  Scenario: With nothing open, round one completes without a question
    Given the salon "studio-nine" has no open slots
    When the customer asks "A cut on Saturday morning?"
    Then nothing is booked and the customer is told "Nothing is open then, so the salon will call you."
    And no request state is issued

  # Decided by: internal/wire.DecodeBooking (decode.go), internal/answer.Parse (answer.go)
  Scenario: A field the server doesn't read is ignored
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"
    When the customer asks "A cut on Saturday morning?" in a body that also carries:
      """
      {
        "result": {"resultType": "complete", "structuredContent": {"status": "booked", "slot": "sat-13:00", "say": "sat-13:00 is yours."}},
        "arguments": {"stylist": "Ana", "openSlots": ["sat-10:30", "sat-11:30", "sat-13:00"]}
      }
      """
    Then the server asks "Which time suits you?" offering "sat-10:30, sat-11:30"
    When the customer picks "sat-10:30" in a body that also carries:
      """
      {
        "result": {"resultType": "complete", "structuredContent": {"status": "booked", "slot": "sat-13:00", "say": "sat-13:00 is yours."}},
        "arguments": {"stylist": "Ana"},
        "inputResponses": {"time": {"content": {"note": "by the window"}, "_meta": {"client": "web"}}, "colour": {"action": "accept"}}
      }
      """
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."
