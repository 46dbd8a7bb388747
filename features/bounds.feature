# The bounds of a booking request: what is served at the limit, and refused one past it.
Feature: A booking request stays within its bounds
  The body is at most 64 KiB, the salon's name 1 to 64 characters, the message at most 1,000
  characters, and the open slots at most 50, each 1 to 64 characters, none twice. A request
  outside them is refused before any step; a request at them is served.

  Background:
    Given the salon "studio-nine" has open slots "sat-10:30, sat-11:30, sat-13:00"

  # Decided by: internal/wire.DecodeBooking (decode.go), internal/api.Service.book (handler.go)
  Scenario Outline: A request at its bounds is served
    When the app asks with <what>
    Then the server asks "Which time suits you?" offering the first two open slots

    Examples:
      | what                          |
      | 50 open slots                 |
      | a salon name of 64 characters |
      | a message of 1000 characters  |
      | an open slot of 64 characters |
      | a body of 65536 bytes         |

  # Decided by: internal/wire.DecodeBooking (decode.go), internal/api.Service.book (handler.go)
  Scenario Outline: A request past its bounds is refused before any step
    When the app asks with <what>
    Then the server refuses with <status> "<reason>"
    And no step ran: no state was issued and none was spent

    Examples:
      | what                                         | status | reason                                          |
      | 51 open slots                                | 400    | arguments.openSlots must hold at most 50 slots  |
      | the open slots "sat-10:30, sat-11:30, sat-10:30" | 400 | arguments.openSlots[2] repeats a slot          |
      | an open slot of 65 characters                | 400    | arguments.openSlots[0] must be 1 to 64 characters |
      | an empty open slot                           | 400    | arguments.openSlots[1] must be 1 to 64 characters |
      | a salon name of 65 characters                | 400    | salon must be 1 to 64 characters                |
      | a message of 1001 characters                 | 400    | arguments.message must be at most 1000 characters |
      | a body of 65537 bytes                        | 413    | the body must be at most 65536 bytes            |
