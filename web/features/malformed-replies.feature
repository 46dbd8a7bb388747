Feature: A reply the client can't read strictly stops the booking, and nothing is booked
  Every field the client reads decodes strictly. A reply that breaks one stops the run with a
  problem naming what is wrong, and the open times stay as they were.

  Background:
    Given the salon "Studio Nine" with the open times "sat-10:30, sat-11:30, sat-13:00"

  Scenario Outline: <reply kind>, in <round>, is refused by the client
    Given the salon answers <round> with <reply>
    When the customer books "A cut on Saturday morning?", choosing the first time offered
    Then the booking fails as <failure>
    And the problem reads "<problem>"
    And nothing is booked

    Examples: the five faults the client tells apart
      | reply kind                           | round     | reply                                                                                                                                                                                   | failure             | problem                                                        |
      | no known result type                 | round one | {"resultType":"working","progress":0.5}                                                                                                                                                 | unknown result type | the reply's resultType "working" is not one the client knows   |
      | a question with no state             | round one | {"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","message":"Which time suits you?","requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":["sat-10:30","sat-11:30"]}},"required":["time"]}}}}} | malformed           | the question came without a requestState                       |
      | a question with no times             | round one | {"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","message":"Which time suits you?","requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":[]}},"required":["time"]}}}},"requestState":"s.1"} | malformed           | the question offers no times                                   |
      | a booking with no slot               | round two | {"resultType":"complete","structuredContent":{"status":"booked","say":"You're booked."}}                                                                                               | malformed           | the booking names no slot                                      |
      | a booking of a status it doesn't know | round two | {"resultType":"complete","structuredContent":{"status":"cancelled","slot":"sat-10:30","say":"Cancelled."}}                                                                             | malformed           | the booking's status "cancelled" is not one the client knows   |

    Examples: more replies that break a field the client reads
      | reply kind                           | round     | reply                                                                                                                                                                                   | failure             | problem                                                        |
      | no result type at all                | round one | {"structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}}                                                                                               | unknown result type | the reply has no resultType                                    |
      | a reply that isn't an object         | round one | "sat-10:30 is yours."                                                                                                                                                                   | malformed           | the reply is not a JSON object                                 |
      | a question offering a time twice     | round one | {"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","message":"Which?","requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":["sat-10:30","sat-10:30"]}},"required":["time"]}}}},"requestState":"s.1"} | malformed           | the question offers sat-10:30 twice                            |
      | a question with no words             | round one | {"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":["sat-10:30"]}},"required":["time"]}}}},"requestState":"s.1"} | malformed           | the question has no message                                    |
      | a booking with nothing to say        | round two | {"resultType":"complete","structuredContent":{"status":"not_booked"}}                                                                                                                   | malformed           | the booking has nothing to say                                 |
      | a booking with no content            | round two | {"resultType":"complete"}                                                                                                                                                               | malformed           | the booking has no structuredContent                           |
      | a second question                    | round two | {"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","message":"Which time suits you?","requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":["sat-10:30"]}},"required":["time"]}}}},"requestState":"s.2"} | asked again         | the salon asked a second question after it was answered        |
