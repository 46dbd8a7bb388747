# The service as an operator runs it: its key, its HTTP route and its committed contract.
Feature: The service, its key and its contract
  A server without its signing key never books anything and says nothing of why. The route
  answers over real HTTP, and the committed OpenAPI document is the one the wire types generate.

  Background:
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"

  # Decided by: internal/api.Service.book (handler.go), internal/booking.Desk.Book (desk.go)
  Scenario: Given no signing key is configured, When a request arrives, Then nothing is booked
    Given the customer asked "A cut on Saturday morning?"
    And the booking service restarts with no signing key configured
    When the customer asks "A cut on Saturday morning?"
    Then the server refuses with 503 "the booking service is unavailable"
    And no request state is issued
    When the customer picks "sat-10:30"
    Then the server refuses with 503 "the booking service is unavailable"
    And no state was spent
    And the spent-state record holds 0 states

  # Decided by: internal/api.DocumentJSON (openapi.go), internal/api.build (openapi.go)
  Scenario: The committed OpenAPI document is the one the type generates
    Given the committed OpenAPI document
    Then it is byte for byte the document the wire types generate
    And it validates as OpenAPI 3
    And the application serves that same document at "/openapi.json"

  # Decided by: internal/api.New (server.go), internal/api.Service.book (handler.go)
  Scenario: The route answers a first round over HTTP
    Given the booking service listens on a real HTTP address
    When the customer asks "A cut on Saturday morning?"
    Then the server asks "Which time suits you?" offering "sat-10:30, sat-11:30"
    And the exchange crossed HTTP and matches the committed OpenAPI document
    When the customer picks "sat-11:30"
    Then "sat-11:30" is booked and the customer is told "sat-11:30 is yours."
    And the exchange crossed HTTP and matches the committed OpenAPI document

  # Decided by: internal/api.Service.book (handler.go), internal/api.errorHandler (errors.go)
  Scenario: A server with no signing key answers 503, and says nothing of why
    Given the booking service has no signing key configured
    And the booking service listens on a real HTTP address
    When the customer asks "A cut on Saturday morning?"
    Then the server refuses with 503 "the booking service is unavailable"
    And the reply is labelled "application/json" and its body is exactly the JSON string "the booking service is unavailable"
    And the exchange crossed HTTP and matches the committed OpenAPI document
    And nothing in the reply speaks of keys or configuration

  # Decided by: internal/api.Service.book (handler.go), internal/api.isJSON (handler.go)
  Scenario: A body not labelled as JSON is refused before any step
    When the app sends round one labelled "text/plain"
    Then the server refuses with 415 "the body must be application/json"
    And no step ran: no state was issued and none was spent
