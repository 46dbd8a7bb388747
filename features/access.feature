Feature: Who may do what, and the customer's data
  The operator's token opens every salon and makes each salon's keys; a salon's key opens that
  salon's owner routes alone, until it is revoked. Every owner action is in the salon's audit,
  which names no customer. A customer's details can be erased and exported, the bookings staying
  as spans, and a salon may cap the upcoming bookings one contact holds.

  Background:
    Given the salon "studio-nine" in "Europe/London" is open on Saturdays from 09:00 to 12:00 with 60-minute slots over 7 days
    And it is "2026-12-04T12:00:00Z"

  # Decided by: internal/api.Service.owner (access.go), internal/booking.Desk.OpenKey (access.go)
  Scenario: A salon's key opens its own salon and no other, and not the keys
    Given the salon "night-owls" is registered too
    And the operator has made a key named "front desk" for "studio-nine"
    When the key "front desk" lists the bookings of "studio-nine"
    Then the owner's list comes back
    When the key "front desk" lists the bookings of "night-owls"
    Then the server refuses it with 401 "the owner's token is missing or wrong" and asks for a bearer token
    When the key "front desk" lists the keys of "studio-nine"
    Then the server refuses it with 401 "the owner's token is missing or wrong" and asks for a bearer token

  # Decided by: internal/store.Store.RevokeKey (keys.go), internal/api.Service.owner (access.go)
  Scenario: A revoked key is refused at once
    Given the operator has made a key named "front desk" for "studio-nine"
    When the operator revokes the key "front desk"
    And the key "front desk" lists the bookings of "studio-nine"
    Then the server refuses it with 401 "the owner's token is missing or wrong" and asks for a bearer token

  # Decided by: internal/store.Store.audit (trail.go), internal/audit.ActorOf (audit.go)
  Scenario: The audit says who did what, and names no customer
    Given Ana, reachable at "ana@example.com", has booked "2026-12-05T09:00:00Z" saying "A cut, short at the back"
    And the operator has made a key named "front desk" for "studio-nine"
    When the key "front desk" cancels Ana's booking
    Then the audit's newest entry is the key "front desk"'s "cancelBooking" of Ana's booking, "slot 2026-12-05T09:00:00Z"
    And the audit names nothing of Ana

  # Decided by: internal/store.Store.EraseContact (privacy.go), internal/salon.ContactKey (contact.go)
  Scenario: Erasing a customer keeps their booking as a span
    Given Ana, reachable at "Ana@Example.com", has booked "2026-12-05T09:00:00Z" saying "A cut, short at the back"
    When the owner erases the customer reachable at "ana@EXAMPLE.com"
    Then 1 booking is erased
    And the owner sees Ana's booking with no name, contact or words
    And the salon's open times no longer hold "2026-12-05T09:00:00Z"
    And the export for "ana@example.com" holds no booking

  # Decided by: internal/store.Store.ContactBookings (privacy.go), internal/booking.Desk.Export (access.go)
  Scenario: Exporting a customer's bookings
    Given Ana, reachable at "+44 7700 900123", has booked "2026-12-05T09:00:00Z" saying "A cut, short at the back"
    Then the export for "+44 (7700) 900-123" holds Ana's booking with her contact and words

  # Decided by: internal/booking.Desk.underCap (access.go), internal/store.Store.capHold (privacy.go)
  Scenario: A contact at the salon's cap is told whom to call
    Given the salon caps each contact at 1 upcoming booking
    And Ana, reachable at "ana@example.com", has booked "2026-12-05T09:00:00Z" saying "A cut"
    When Ana asks "And a colour?" with the slots "2026-12-05T10:00:00Z"
    Then the server refuses it with 409 "you already hold 1 upcoming booking here; call Studio Nine to book more"
