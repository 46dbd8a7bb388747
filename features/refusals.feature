# Requests the server refuses, each with its status and the exact reason the contract names.
Feature: A refusal is never a result
  Each refusal answers 400 with a JSON string naming the reason. An answer the server can't
  accept leaves the state unspent, so a corrected answer can follow with the same state.

  Background:
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"
    And the customer asked "A cut on Saturday morning?"

  # Decided by: internal/answer.Parse (answer.go), internal/booking.Desk.roundTwo (desk.go)
  Scenario: Given an answer with a time never offered, Then the server refuses it, and the state still completes a corrected answer
    When the customer picks "sat-13:00"
    Then the server refuses with 400 "sat-13:00 was never offered"
    And no state was spent
    When the customer picks "sun-09:00"
    Then the server refuses with 400 "sun-09:00 was never offered"
    And no state was spent
    When the customer picks "sat-11:30"
    Then "sat-11:30" is booked and the customer is told "sat-11:30 is yours."

  # Decided by: internal/answer.Parse (answer.go)
  Scenario Outline: Given an answer that is not an accept, a decline or a cancel, Then the server refuses it
    When the app sends the answers `<answers>` with the state
    Then the server refuses with 400 "the answer is not an accept, a decline or a cancel"
    And no state was spent

    Examples:
      | answers                                                            |
      | {"time": {"action": "maybe"}}                                      |
      | {"time": {"action": "Accept", "content": {"time": "sat-10:30"}}}   |
      | {"time": {"action": "accept"}}                                     |
      | {"time": {"action": "accept", "content": {"time": 1030}}}          |
      | {"time": {"content": {"time": "sat-10:30"}}}                       |
      | {"time": "sat-10:30"}                                              |

  # Decided by: internal/answer.Parse (answer.go)
  Scenario Outline: Given answers to a question the server never asked, Then the server refuses them
    When the app sends the answers `<answers>` with the state
    Then the server refuses with 400 "no answer to the question asked"
    And no state was spent

    Examples:
      | answers                                                        |
      | {"date": {"action": "accept", "content": {"date": "saturday"}}} |
      | {}                                                             |
      | {"time": null}                                                 |

  # Decided by: internal/booking.Desk.Book (desk.go), internal/wire.DecodeBooking (decode.go)
  Scenario Outline: Given answers with no request state, or a request state with no answers, Then the server refuses them
    When the app sends <what>
    Then the server refuses with 400 "answers and their requestState travel together"
    And no step ran: no state was issued and none was spent

    Examples:
      | what                          |
      | the answers without the state |
      | the state without the answers |
      | the answers with a null state |
      | the state with null answers   |

  # Decided by: internal/wire.DecodeBooking (decode.go)
  Scenario Outline: A request the decoder can't read is refused before any step
    When the app sends the body `<body>`
    Then the server refuses with 400 "<reason>"
    And no step ran: no state was issued and none was spent
    When the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."

    Examples:
      | body                                                                                                                                                                     | reason                                        |
      | not json                                                                                                                                                                 | the body must be a JSON object                |
      | ["sat-10:30"]                                                                                                                                                            | the body must be a JSON object                |
      | {"arguments": null}                                                                                                                                                      | arguments must be an object                   |
      | {"arguments": {"message": "A cut on Saturday morning?", "openSlots": "sat-10:30"}}                                                                                      | arguments.openSlots must be a list of strings |
      | {"arguments": {"message": "A cut on Saturday morning?", "openSlots": ["sat-10:30", 1130]}}                                                                              | arguments.openSlots must be a list of strings |
      | {"arguments": {"message": ["A cut"], "openSlots": ["sat-10:30"]}}                                                                                                       | arguments.message must be a string            |
      | {"arguments": {"message": "A cut on Saturday morning?", "openSlots": "sat-10:30"}, "inputResponses": {"time": {"action": "decline"}}, "requestState": @state}         | arguments.openSlots must be a list of strings |
      | {"arguments": {"message": "A cut on Saturday morning?", "openSlots": ["sat-10:30", "sat-11:30", "sat-13:00"]}, "inputResponses": {"time": {"action": "decline"}}, "requestState": 7} | requestState must be a string |
      | {"arguments": {"message": "A cut on Saturday morning?", "openSlots": ["sat-10:30", "sat-11:30", "sat-13:00"]}, "inputResponses": {"time": {"action": "decline"}}, "requestState": @state | the body must be a JSON object |

  # Decided by: internal/api.classify (errors.go), internal/api.sendRefusal (errors.go)
  Scenario: A refused retry answers 400, with its reason
    When the app edits one character of the state's MAC before round two
    And the customer picks "sat-10:30"
    Then the server refuses with 400 "requestState doesn't verify"
    And the reply is labelled "application/json" and its body is exactly the JSON string "requestState doesn't verify"
    When the app sends its booking and the state as round one had them
    And the customer picks "sat-10:30"
    Then "sat-10:30" is booked and the customer is told "sat-10:30 is yours."
    When the customer picks "sat-10:30" again, with the state's MAC as issued
    Then the server refuses with 400 "requestState was already used"
    And the reply is labelled "application/json" and its body is exactly the JSON string "requestState was already used"
