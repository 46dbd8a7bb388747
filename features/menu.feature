Feature: A salon's menu and team
  A salon put with services is a menu salon: each service has its own length, and each stylist
  does some of the services in their own hours. A start is open for a service with a stylist when
  the stylist works then, the service fits before the interval ends, no booking of the stylist
  overlaps its span, no closure overlaps it, and it is far enough ahead. The owner sees each
  booking's service and stylist, and moves a booking in one transaction.

  Background:
    Given the menu salon "studio-nine" in "Europe/London": a cut, a colour and a beard trim; Ana, Ben and Chloé
    And it is "2026-12-02T08:00:00Z"

  # Decided by: internal/salon.OpenTimes (open.go), internal/store.Store.Spans (menu.go)
  Scenario: A colour blocks the cuts it overlaps, for its stylist only
    Given Ana has booked a colour with Ana at "2026-12-02T10:00:00Z"
    Then the open times of a cut with Ana on "2026-12-02" hold "2026-12-02T09:15:00Z" and "2026-12-02T12:00:00Z"
    And the open times of a cut with Ana on "2026-12-02" don't hold "2026-12-02T09:30:00Z", "2026-12-02T10:00:00Z" and "2026-12-02T11:45:00Z"
    And the open times of a cut with Ben on "2026-12-02" hold "2026-12-02T09:30:00Z", "2026-12-02T10:00:00Z" and "2026-12-02T11:45:00Z"

  # Decided by: internal/salon.FirstFree (open.go), internal/store.Store.spendMenuIn (menu.go)
  Scenario: "Anyone" books the free stylist
    Given Ana has booked a cut with Ana at "2026-12-02T10:00:00Z"
    When Rosa asks for a cut with anyone, saying "A cut please", with the slots "2026-12-02T10:00:00Z"
    And Rosa accepts "2026-12-02T10:00:00Z"
    Then Rosa is told "Cut with Ben, Wednesday 2 December, 10:00, is yours." with a booking reference
    And the owner sees Rosa's cut with Ben at "2026-12-02T10:00:00Z", ending "2026-12-02T10:45:00Z"

  # Decided by: internal/requeststate.Verify (state.go), internal/booking.Desk.bookAtSalon (calendar.go)
  Scenario: A state for a cut is refused for a colour
    When Ana asks for a cut with anyone, saying "A cut please", with the slots "2026-12-02T10:00:00Z" and "2026-12-02T10:15:00Z"
    And Ana accepts "2026-12-02T10:00:00Z" for a colour instead
    Then the server refuses it with 400 "requestState belongs to another request"
    And nothing is booked

  # Decided by: internal/booking.Desk.askFromMenu (menu.go), internal/wish.Read (read.go)
  Scenario: "Friday afternoon" is offered Friday afternoon
    Given it is "2026-12-03T18:00:00Z"
    When Ana asks for a colour with anyone, saying "A colour on Friday afternoon please", with its open times
    Then Ana is asked "Which time suits you?" offering "2026-12-04T12:00:00Z" and "2026-12-04T12:15:00Z"

  # Decided by: internal/booking.Desk.askFromMenu (menu.go), internal/wish.Read (read.go)
  Scenario: "Sunday" at a salon closed on Sundays says nothing is open then
    Given it is "2026-12-03T18:00:00Z"
    When Ana asks for a cut with anyone, saying "Sunday please", with its open times
    Then Ana is asked "Nothing is open then, so here are the earliest. Which time suits you?" offering "2026-12-04T09:00:00Z" and "2026-12-04T09:15:00Z"

  # Decided by: internal/salon.Settings.Choose (open.go)
  Scenario: A stylist who doesn't do the service is refused
    When Ana asks for a colour with Ben, saying "A colour please", with the slots "2026-12-02T10:00:00Z"
    Then the server refuses it with 400 "Ben doesn't do Colour"
    When anyone asks for the open times of a colour with Ben
    Then the server refuses it with 400 "Ben doesn't do Colour"

  # Decided by: internal/salon.OpenTimes (open.go)
  Scenario: A closure hides its times
    Given the owner closes the salon from "2026-12-02T13:00:00Z" to "2026-12-02T15:00:00Z"
    Then the open times of a cut with anyone on "2026-12-02" hold "2026-12-02T12:15:00Z" and "2026-12-02T15:00:00Z"
    And the open times of a cut with anyone on "2026-12-02" don't hold "2026-12-02T12:30:00Z", "2026-12-02T13:00:00Z" and "2026-12-02T14:45:00Z"

  # Decided by: internal/salon.OpenTimes (open.go)
  Scenario: A closure of one stylist hides only their times
    Given the owner closes Ana's time from "2026-12-02T13:00:00Z" to "2026-12-02T15:00:00Z"
    Then the open times of a cut with Ana on "2026-12-02" don't hold "2026-12-02T13:00:00Z"
    And the open times of a cut with Ben on "2026-12-02" hold "2026-12-02T13:00:00Z"

  # Decided by: internal/salon.OpenTimes (open.go)
  Scenario: Minimum notice hides the next hour
    Given it is "2026-12-02T10:00:00Z"
    Then the open times of a cut with anyone on "2026-12-02" begin with "2026-12-02T11:00:00Z"

  # Decided by: internal/salon.OpenTimes (open.go), internal/store.takeUnits (resources.go)
  Scenario: The salon's one basin keeps a cut apart from a colour, whoever does each
    Given the owner gives the salon 1 basin, which a cut and a colour hold
    And Ana has booked a colour with Ana at "2026-12-02T10:00:00Z"
    Then the open times of a cut with Ben on "2026-12-02" hold "2026-12-02T09:15:00Z" and "2026-12-02T12:00:00Z"
    And the open times of a cut with Ben on "2026-12-02" don't hold "2026-12-02T09:30:00Z", "2026-12-02T10:00:00Z" and "2026-12-02T11:45:00Z"
    And the open times of a beard trim with Ben on "2026-12-02" hold "2026-12-02T10:00:00Z"

  # Decided by: internal/store.takeUnits (resources.go)
  Scenario: A basin taken between the two rounds leaves the second customer unbooked
    Given the owner gives the salon 1 basin, which a cut and a colour hold
    When Rosa asks for a cut with Ben, saying "A cut please", with the slots "2026-12-02T10:30:00Z"
    And Ana has booked a colour with Ana at "2026-12-02T10:00:00Z"
    And Rosa accepts "2026-12-02T10:30:00Z"
    Then Rosa is told "Wednesday 2 December, 10:30 was taken meanwhile, so nothing is booked." with no booking reference

  # Decided by: internal/salon.Settings.checkServices (menu_check.go)
  Scenario: A service holding a resource the salon doesn't have is refused
    When the owner puts a colour holding a "sink"
    Then the server refuses it with 400 "services[1].resources[0] must be the id of one of the salon's resources"

  # Decided by: internal/salon.Settings.visit (visit.go), internal/booking.serviceWords (menu.go)
  Scenario: A cut and a colour are booked as one visit, back to back with one stylist
    When Rosa asks for a cut and colour with anyone, saying "A cut and colour please", with the slots "2026-12-02T10:00:00Z"
    And Rosa accepts "2026-12-02T10:00:00Z"
    Then Rosa is told "Cut and colour with Ana, Wednesday 2 December, 10:00, is yours." with a booking reference
    And the owner sees Rosa's cut and colour with Ana at "2026-12-02T10:00:00Z", ending "2026-12-02T12:15:00Z"
    And the open times of a cut with Ana on "2026-12-02" hold "2026-12-02T09:15:00Z" and "2026-12-02T12:45:00Z"
    And the open times of a cut with Ana on "2026-12-02" don't hold "2026-12-02T10:00:00Z" and "2026-12-02T12:30:00Z"

  # Decided by: internal/salon.OpenTimes (open.go)
  Scenario: A visit's open times are the starts where the whole visit fits
    Then the open times of a cut and colour with anyone on "2026-12-02" hold "2026-12-02T09:00:00Z" and "2026-12-02T15:15:00Z"
    And the open times of a cut and colour with anyone on "2026-12-02" don't hold "2026-12-02T15:30:00Z"
    When anyone asks for the open times of a cut and colour with Ben
    Then the server refuses it with 400 "Ben doesn't do Colour"

  # Decided by: internal/wire.requestBody.request (decode.go)
  Scenario: A service and a visit's services both are refused
    When Rosa asks for a cut, and a cut and colour besides, saying "A cut please", with the slots "2026-12-02T10:00:00Z"
    Then the server refuses it with 400 "give service or services, not both"
    And nothing is booked

  # Decided by: internal/booking.Desk.Move (owner.go), internal/store.Store.Move (move.go)
  Scenario: The owner moves a booking and the old time opens
    Given Ana has booked a cut with Ana at "2026-12-02T10:00:00Z"
    When the owner moves Ana's booking to "2026-12-02T14:00:00Z"
    Then the owner sees Ana's cut with Ana at "2026-12-02T14:00:00Z", ending "2026-12-02T14:45:00Z"
    And the open times of a cut with Ana on "2026-12-02" hold "2026-12-02T10:00:00Z"
    And the open times of a cut with Ana on "2026-12-02" don't hold "2026-12-02T14:00:00Z"

  # Decided by: internal/booking.judgeMenuMove (owner.go), internal/store.Store.Move (move.go)
  Scenario: A move onto a stylist's time that isn't free is refused
    Given Ana has booked a colour with Ana at "2026-12-02T10:00:00Z"
    And Rosa has booked a cut with Ana at "2026-12-02T14:00:00Z"
    When the owner moves Rosa's booking to "2026-12-02T11:00:00Z"
    Then the server refuses it with 409 "Wednesday 2 December, 11:00 is taken for Ana"
    When the owner moves Rosa's booking to "2026-12-02T11:00:00Z" with Ben
    Then the owner sees Rosa's cut with Ben at "2026-12-02T11:00:00Z", ending "2026-12-02T11:45:00Z"

  # Decided by: internal/booking.listed (owner.go)
  Scenario: The owner sees a booking that no longer fits the settings
    Given Ana has booked a cut with Ana at "2026-12-02T10:00:00Z"
    When the owner gives Ana Wednesdays off
    Then the owner sees Ana's booking no longer fits

  # Decided by: internal/booking.Desk.setSlot (owner.go)
  Scenario: A menu salon closes time with closures, not single slots
    When the owner closes "2026-12-02T16:00:00Z"
    Then the server refuses it with 409 "studio-nine closes time with closures in its settings"
