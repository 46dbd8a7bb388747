Feature: The salon's calendar
  With a database, the server owns each registered salon's open times and records every booking
  exactly once. Open times are computed from the opening hours; a booking is recorded in the same
  transaction that spends its state, and the database refuses a slot booked twice.

  Background:
    Given the salon "studio-nine" in "Europe/London" is open on Saturdays from 09:00 to 11:15 with 45-minute slots over 7 days
    And it is "2026-12-04T12:00:00Z"

  # Decided by: internal/booking.Desk.Salon (calendar.go), internal/salon.Open (slots.go)
  Scenario: The salon shows its open times with their labels
    When anyone reads the salon
    Then its open times are "2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z" and "2026-12-05T10:30:00Z"
    And the open time "2026-12-05T09:00:00Z" reads "Saturday 5 December, 09:00"

  # Decided by: internal/booking.Desk.bookAtSalon (calendar.go), internal/store.Store.Spend (spend.go)
  Scenario: A customer books a slot and it is no longer open
    When Ana asks "A cut on Saturday morning?" with the salon's open times
    Then Ana is asked to choose between "2026-12-05T09:00:00Z" and "2026-12-05T09:45:00Z"
    When Ana accepts "2026-12-05T09:00:00Z"
    Then Ana is told "Saturday 5 December, 09:00 is yours." with a booking reference
    And the salon's open times no longer hold "2026-12-05T09:00:00Z"
    And the owner sees Ana's booking of "Saturday 5 December, 09:00" with her contact and words

  # Decided by: internal/booking.Desk.askAtSalon (calendar.go), internal/booking.reading.holdsOpen (calendar.go)
  Scenario: Round one offers only slots the calendar holds open
    Given the owner has closed "2026-12-05T09:00:00Z"
    When Ana asks "A cut?" with the slots "2026-12-05T08:15:00Z", "2026-12-05T09:00:00Z", "sat-10:30", "2026-12-05T10:30:00Z" and "2026-12-05T09:45:00Z"
    Then Ana is asked to choose between "2026-12-05T10:30:00Z" and "2026-12-05T09:45:00Z"

  # Decided by: internal/store.Store.Spend (spend.go), internal/booking.Desk.bookAtSalon (calendar.go)
  Scenario: Two customers are offered one slot, and the second is told it was taken meanwhile
    When Ana asks "A cut?" with the salon's open times
    And Rosa asks "A colour?" with the salon's open times
    And Ana accepts "2026-12-05T09:00:00Z"
    And Rosa accepts "2026-12-05T09:00:00Z"
    Then Rosa is told "Saturday 5 December, 09:00 was taken meanwhile, so nothing is booked." with no booking reference
    And the salon holds exactly one live booking, Ana's of "2026-12-05T09:00:00Z"
    And Rosa's state, sent again, is refused with 400 "requestState was already used"

  # Decided by: internal/requeststate.Verify (state.go), internal/requeststate.Digest (state.go)
  Scenario: A state issued for one customer is refused for another
    When Ana asks "A cut?" with the salon's open times
    And Rosa sends Ana's words, slots and state, accepting "2026-12-05T09:00:00Z"
    Then the server refuses it with 400 "requestState belongs to another request"
    And nothing is booked

  # Decided by: internal/booking.Desk.read (calendar.go), internal/api.classify (errors.go)
  Scenario: An unknown salon
    When Ana asks the salon "elsewhere" for "A cut?" with the slots "2026-12-05T09:00:00Z"
    Then the server refuses it with 404 "there is no salon elsewhere"
    When anyone reads the salon "elsewhere"
    Then the server refuses it with 404 "there is no salon elsewhere"

  # Decided by: internal/booking.Desk.askAtSalon (calendar.go)
  Scenario: A missing customer
    When someone who doesn't say who they are asks "A cut?" with the salon's open times
    Then the server refuses it with 400 "arguments.customer is required at this salon"

  # Decided by: internal/booking.Desk.bookAtSalon (calendar.go), internal/store.Store.Spend (spend.go)
  Scenario: A customer who declines is booked nothing, and the state is spent
    When Ana asks "A cut?" with the salon's open times
    And Ana declines
    Then Ana is told "No time was chosen, so nothing is booked." with no booking reference
    And nothing is booked
    And Ana's state, sent again, is refused with 400 "requestState was already used"

  # Decided by: internal/booking.Desk.Cancel (owner.go), internal/store.Store.Cancel (bookings.go)
  Scenario: The owner cancels and the slot opens again
    Given Ana has booked "2026-12-05T09:00:00Z"
    When the owner cancels Ana's booking
    Then the owner sees Ana's booking as cancelled
    And the salon's open times hold "2026-12-05T09:00:00Z" again

  # Decided by: internal/booking.Desk.setSlot (owner.go), internal/store.Store.CloseSlot (bookings.go)
  Scenario: Closing a booked slot is refused
    Given Ana has booked "2026-12-05T09:00:00Z"
    When the owner closes "2026-12-05T09:00:00Z"
    Then the server refuses it with 409 "Saturday 5 December, 09:00 is booked; cancel the booking first"

  # Decided by: internal/booking.Desk.setSlot (owner.go), internal/booking.reading.open (calendar.go)
  Scenario: The owner closes a slot and opens it again
    When the owner closes "2026-12-05T09:45:00Z"
    Then the salon's open times no longer hold "2026-12-05T09:45:00Z"
    When the owner opens "2026-12-05T09:45:00Z"
    Then the salon's open times hold "2026-12-05T09:45:00Z" again

  # Decided by: internal/booking.Desk.Slots (owner.go), internal/api.Service.listSlots (salons.go)
  Scenario: The owner sees every slot ahead, open, booked or closed
    Given Ana has booked "2026-12-05T09:00:00Z"
    And the owner has closed "2026-12-05T10:30:00Z"
    When the owner lists the slots
    Then the slots read "2026-12-05T09:00:00Z" booked, "2026-12-05T09:45:00Z" open and "2026-12-05T10:30:00Z" closed
    And the slot "2026-12-05T09:45:00Z" reads "Saturday 5 December, 09:45"

  # Decided by: internal/api.Service.listSalons (salons.go)
  Scenario: The list of salons says the server keeps calendars
    When anyone lists the salons
    Then the list holds "studio-nine" named "Studio Nine" and says the server keeps calendars

  # Decided by: internal/booking.Desk.setSlot (owner.go), internal/salon.Holds (slots.go)
  Scenario: A slot the salon doesn't have
    When the owner closes "2026-12-05T09:10:00Z"
    Then the server refuses it with 404 "there is no slot 2026-12-05T09:10:00Z"

  # Decided by: internal/api.Service.owner (access.go)
  Scenario: The owner's endpoints need the owner's token
    When someone without the owner's token lists the bookings
    Then the server refuses it with 401 "the owner's token is missing or wrong" and asks for a bearer token
    When someone without the owner's token lists the slots
    Then the server refuses it with 401 "the owner's token is missing or wrong" and asks for a bearer token

  # Decided by: internal/refusal.Or (refusal.go), internal/api.classify (errors.go)
  Scenario: The database down, then back, and the same state completes
    When Ana asks "A cut?" with the salon's open times
    And the database goes down
    And Ana accepts "2026-12-05T09:00:00Z"
    Then the server refuses it with 503 "the booking service is unavailable"
    When anyone reads the salon
    Then the server refuses it with 503 "the booking service is unavailable"
    When the database comes back
    Then nothing is booked
    When Ana accepts "2026-12-05T09:00:00Z"
    Then Ana is told "Saturday 5 December, 09:00 is yours." with a booking reference

  # Decided by: internal/store.Store.Spend (spend.go), internal/store.Store.Bookings (bookings.go)
  Scenario: A restart keeps every booking
    Given Ana has booked "2026-12-05T09:00:00Z"
    When the service restarts on the same database
    Then the owner sees Ana's booking of "Saturday 5 December, 09:00" with her contact and words
    And Ana's state, sent again, is refused with 400 "requestState was already used"
    And the salon's open times no longer hold "2026-12-05T09:00:00Z"

  # Decided by: internal/store.spend.books (spend.go), internal/booking.Desk.bookAtSalon (calendar.go)
  Scenario: A slot that has started can't be booked
    Given it is "2026-12-05T08:59:30Z"
    When Ana asks "A cut?" with the salon's open times
    And it is "2026-12-05T09:00:00Z"
    And Ana accepts "2026-12-05T09:00:00Z"
    Then Ana is told "Saturday 5 December, 09:00 was taken meanwhile, so nothing is booked." with no booking reference
