Feature: The customer's own booking
  A customer who booked at a salon with a calendar holds the booking's manage key. With it, and no
  account, they see the booking, cancel it or move it until the salon's cutoff, and add it to their
  calendar. The key opens that booking and no other; a wrong key, no key and an unknown booking are
  answered alike. A reply lost on the way is told again by the outcome route.

  Background:
    Given the salon "studio-nine" in "Europe/London" is open on Saturdays from 09:00 to 11:15 with 45-minute slots over 7 days
    And it is "2026-12-03T12:00:00Z"
    And Ana has booked "2026-12-05T09:00:00Z"

  # Decided by: internal/booking.Desk.MyBooking (my.go), internal/wire.MyBookingOf (my.go)
  Scenario: The customer sees their booking with its key
    When Ana reads her booking with her key
    Then the booking reads booked at "2026-12-05T09:00:00Z" ("Saturday 5 December, 09:00"), sequence 0, changeable until "2026-12-04T09:00:00Z"
    And it is for Ana, with her contact

  # Decided by: internal/booking.Desk.mine (my.go), internal/requeststate.ManageOpens (manage.go)
  Scenario: Another customer's key, no key and an unknown booking are answered alike
    Given Rosa has booked "2026-12-05T09:45:00Z"
    When Ana reads Rosa's booking with her own key
    Then the server refuses it with 404 "there is no booking <Rosa's reference>"
    When Ana cancels Rosa's booking with her own key
    Then the server refuses it with 404 "there is no booking <Rosa's reference>"
    When Rosa reads her booking with no key
    Then the server refuses it with 404 "there is no booking <Rosa's reference>"
    When Ana reads the booking "b-unknown" with her key
    Then the server refuses it with 404 "there is no booking b-unknown"
    When Rosa reads her booking with her key
    Then the booking reads booked at "2026-12-05T09:45:00Z" ("Saturday 5 December, 09:45"), sequence 0, changeable until "2026-12-04T09:45:00Z"

  # Decided by: internal/booking.Desk.CancelMine (my.go), internal/store.Store.CancelBefore (my.go)
  Scenario: The customer cancels before the cutoff, once
    Given it is "2026-12-04T08:59:59Z"
    When Ana cancels her booking
    Then the booking reads cancelled at "2026-12-05T09:00:00Z" ("Saturday 5 December, 09:00"), sequence 1, no longer changeable until "2026-12-04T09:00:00Z"
    And the salon's open times hold "2026-12-05T09:00:00Z" again
    When Ana cancels her booking
    Then the server refuses it with 409 "this booking is already cancelled"

  # Decided by: internal/booking.changesClosed (my.go), internal/booking.refuseChange (my.go)
  Scenario: From the cutoff on, a cancel and a move are refused, saying whom to call
    Given it is "2026-12-04T09:00:00Z"
    When Ana reads her booking with her key
    Then the booking reads booked at "2026-12-05T09:00:00Z" ("Saturday 5 December, 09:00"), sequence 0, no longer changeable until "2026-12-04T09:00:00Z"
    When Ana cancels her booking
    Then the server refuses it with 409 "changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000"
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    Then the server refuses it with 409 "changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000"
    And the salon's open times no longer hold "2026-12-05T09:00:00Z"

  # Decided by: internal/booking.Desk.MoveMine (my.go), internal/store.Store.MoveSpend (my.go)
  Scenario: A move in two rounds keeps the booking, its key and its customer, and raises its sequence
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    Then Ana is asked to choose "2026-12-05T10:30:00Z" for the move
    When Ana accepts "2026-12-05T10:30:00Z" for the move
    Then Ana is told "Your booking is now Saturday 5 December, 10:30." with a booking reference
    When Ana reads her booking with her key
    Then the booking reads booked at "2026-12-05T10:30:00Z" ("Saturday 5 December, 10:30"), sequence 1, changeable until "2026-12-04T10:30:00Z"
    And it is for Ana, with her contact
    And the salon's open times hold "2026-12-05T09:00:00Z" again
    And the salon's open times no longer hold "2026-12-05T10:30:00Z"

  # Decided by: internal/requeststate.Verify (state.go), internal/requeststate.Digest (state.go)
  Scenario: A state to move one booking can't move another
    Given Rosa has booked "2026-12-05T09:45:00Z"
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    And Rosa sends Ana's move state for her own booking, accepting "2026-12-05T10:30:00Z"
    Then the server refuses it with 400 "requestState belongs to another request"
    When Rosa reads her booking with her key
    Then the booking reads booked at "2026-12-05T09:45:00Z" ("Saturday 5 December, 09:45"), sequence 0, changeable until "2026-12-04T09:45:00Z"

  # Decided by: internal/store.Store.MoveSpend (my.go)
  Scenario: A state moves a booking once
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    And Ana accepts "2026-12-05T10:30:00Z" for the move
    And Ana accepts "2026-12-05T10:30:00Z" for the move
    Then the server refuses it with 400 "requestState was already used"

  # Decided by: internal/booking.Desk.MoveMine (my.go), internal/store.Store.MoveSpend (my.go)
  Scenario: A move to a time taken meanwhile leaves the booking where it was
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    And Rosa has booked "2026-12-05T10:30:00Z"
    And Ana accepts "2026-12-05T10:30:00Z" for the move
    Then Ana is told "Saturday 5 December, 10:30 was taken meanwhile, so your booking stays at Saturday 5 December, 09:00." with no booking reference
    When Ana reads her booking with her key
    Then the booking reads booked at "2026-12-05T09:00:00Z" ("Saturday 5 December, 09:00"), sequence 0, changeable until "2026-12-04T09:00:00Z"

  # Decided by: internal/booking.refuseChange (my.go), internal/store.Store.MoveSpend (my.go)
  Scenario: A cancelled booking can't be moved, whichever round
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    And Ana cancels her booking
    And Ana accepts "2026-12-05T10:30:00Z" for the move
    Then the server refuses it with 409 "this booking is already cancelled"
    When Ana asks to move her booking to "2026-12-05T10:30:00Z"
    Then the server refuses it with 409 "this booking is already cancelled"
    And the salon's open times hold "2026-12-05T10:30:00Z" again

  # Decided by: internal/wire.EventOf (my.go), internal/ical.Calendar (ical.go)
  Scenario: The calendar holds the booking, confirmed, then cancelled with its sequence raised
    When Ana fetches her calendar
    Then the calendar holds one event "Appointment at Studio Nine" from "2026-12-05T09:00:00Z" to "2026-12-05T09:45:00Z", sequence 0, CONFIRMED, for Ana's booking
    When Ana cancels her booking
    And Ana fetches her calendar
    Then the calendar holds one event "Appointment at Studio Nine" from "2026-12-05T09:00:00Z" to "2026-12-05T09:45:00Z", sequence 1, CANCELLED, for Ana's booking

  # Decided by: internal/booking.Desk.Outcome (my.go), internal/requeststate.Keys.ManageKeys (manage.go)
  Scenario: A lost reply is told again byte for byte, and round two itself still refused
    When Ana's reply to round two is lost, and she asks for the outcome
    Then Ana is told the outcome again, byte for byte, with her key
    When Ana sends her round two again
    Then the server refuses it with 400 "requestState was already used"

  # Decided by: internal/booking.Desk.Outcome (my.go), internal/store.Store.SpentState (my.go)
  Scenario: There is no outcome for another request, nor for a state not spent
    When Ana asks for the outcome of her round two, accepting "2026-12-05T09:45:00Z" instead
    Then the server refuses it with 404 "there is no outcome for this request"
    When Rosa asks "A cut?" with the salon's open times
    And Rosa asks for the outcome of her round one, accepting "2026-12-05T09:45:00Z"
    Then the server refuses it with 404 "there is no outcome for this request"
