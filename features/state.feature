# The signed request state: bound to one request, good for a while, spent once.
Feature: The request state carries round one's offer to round two, and completes once
  Round one hands the app a signed state; round two must bring it back untouched, with the same
  booking, before it expires, and only once. The server remembers only which states were spent.

  Background:
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"

  # Decided by: internal/requeststate.Verify (state.go), internal/requeststate.Digest (state.go)
  Scenario Outline: Given a signed state, When the app adds a slot or edits the state before round two, Then the server refuses it
    Given the customer asked "A cut on Saturday morning?"
    When the app <edits> before round two
    And the customer picks "<time>"
    Then the server refuses with 400 "<reason>"
    And no state was spent
    When the app sends its booking and the state as round one had them
    And the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."

    Examples:
      | edits                                       | time      | reason                                  |
      | adds the slot "sat-15:00"                   | sat-10:30 | requestState belongs to another request |
      | removes the slot "sat-13:00"                | sat-10:30 | requestState belongs to another request |
      | edits one character of the state's nonce    | sat-10:30 | requestState doesn't verify             |
      | rewrites the state to offer "sat-13:00"     | sat-13:00 | requestState doesn't verify             |
      | stretches the state's goodUntil by a day    | sat-10:30 | requestState doesn't verify             |
      | edits one character of the state's MAC      | sat-10:30 | requestState doesn't verify             |
      | cuts the MAC off the state                  | sat-10:30 | requestState doesn't verify             |

  # Decided by: internal/requeststate.Digest (state.go), internal/requeststate.Verify (state.go)
  Scenario Outline: Given a signed state, When the app reorders its slots before round two, Then the server refuses it
    Given the customer asked "A cut on Saturday morning?"
    When the app reorders its open slots to "<order>" before round two
    And the customer picks "sat-10:30"
    Then the server refuses with 400 "requestState belongs to another request"
    And no state was spent

    Examples:
      | order                          |
      | sat-11:30, sat-10:30, sat-13:00 |
      | sat-10:30, sat-13:00, sat-11:30 |

  # Decided by: internal/requeststate.Verify (state.go), internal/requeststate.Memory.Spend (spent.go)
  Scenario: Given a used state, When it is sent again, however its MAC is written, Then the server refuses it
    Given the customer asked "A cut on Saturday morning?"
    And the customer picked "sat-10:30" and was booked
    When the customer picks "sat-10:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState was already used"
    When the customer picks "sat-11:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState was already used"
    When the customer picks "sat-10:30" again, with the state's MAC in capitals
    Then the server refuses with 400 "requestState was already used"
    When the customer picks "sat-11:30" again, with the state's MAC in mixed case
    Then the server refuses with 400 "requestState was already used"
    And the spent-state record holds 1 state

  # Decided by: internal/requeststate.Memory.Spend (spent.go)
  Scenario: Given one state, When two requests race with it, Then exactly one completes
    Given the customer asked "A cut on Saturday morning?"
    When 32 requests race round two with that one state, picking "sat-10:30, sat-11:30" by turns
    Then exactly one of them completes with a booking
    And the other 31 are refused with 400 "requestState was already used"

  # Decided by: internal/requeststate.Verify (state.go)
  Scenario: Given a signed state, When round two comes after it expires, Then the server refuses it
    Given the customer asked "A cut on Saturday morning?"
    When 121 seconds pass
    And the customer picks "sat-10:30"
    Then the server refuses with 400 "requestState has expired"
    And no state was spent

  # Decided by: internal/requeststate.Issue (state.go), internal/requeststate.Verify (state.go)
  Scenario: A state still completes in the last second of its life
    Given the customer asked "A cut on Saturday morning?"
    When 120 seconds pass
    And the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."

  # Decided by: internal/requeststate.Issue (state.go), internal/requeststate.Memory.Spend (spent.go)
  Scenario: Given two round ones of the same request in the same second, Then each gets its own state, and each completes once
    When two customers ask "A cut on Saturday morning?" in the same second
    Then the two customers' states differ in their nonce, and in nothing else they carry
    When the first customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."
    When the second customer picks "sat-11:30"
    Then "sat-11:30" is booked and the customer is told "sat-11:30 is yours."
    When the first customer picks "sat-10:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState was already used"
    When the second customer picks "sat-11:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState was already used"

  # Decided by: internal/requeststate.Issue (state.go), internal/requeststate.Digest (state.go)
  Scenario: A request state is readable JSON, bound to its request and signed with the service's key
    When the customer asks "A cut on Saturday morning?"
    Then the request state carries the offer "sat-10:30, sat-11:30", is bound to this request and is good for 120 seconds
    And the customer's request state is signed with the service's current key

  # Decided by: internal/requeststate.Digest (state.go), internal/requeststate.Verify (state.go)
  Scenario: Another salon's state is refused
    Given the customer asked "A cut on Saturday morning?"
    When the customer picks "sat-10:30" at the salon "studio-ten"
    Then the server refuses with 400 "requestState belongs to another request"

  # Decided by: internal/requeststate.Memory.sweep (spent.go), internal/requeststate.Verify (state.go)
  Scenario: The spent-state record forgets a state once its life is over, and the state stays refused
    Given the customer asked "A cut on Saturday morning?"
    And the customer picked "sat-10:30" and was booked
    And the spent-state record holds 1 state
    When 121 seconds pass
    And the second customer asked "A cut on Saturday morning?"
    And the second customer picked "sat-11:30" and was booked
    Then the spent-state record holds 1 state
    When the first customer picks "sat-10:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState has expired"

  # Decided by: internal/requeststate.NewKeys (state.go), internal/requeststate.Keys.signed (state.go)
  Scenario: A state signed before a key rotation completes while the old key still verifies
    Given the customer asked "A cut on Saturday morning?"
    When the service rotates to a new signing key, keeping the old one for verification
    And the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."
    When the second customer asks "A cut on Saturday morning?"
    Then the server asks "Which time suits you?" offering "sat-10:30, sat-11:30"
    And the second customer's request state is signed with the service's current key

  # Decided by: internal/requeststate.Keys.signed (state.go), internal/requeststate.Verify (state.go)
  Scenario: A state signed with a key the service has dropped no longer verifies
    Given the customer asked "A cut on Saturday morning?"
    When the service rotates to a new signing key and drops the old one
    And the customer picks "sat-10:30"
    Then the server refuses with 400 "requestState doesn't verify"
    And no state was spent
