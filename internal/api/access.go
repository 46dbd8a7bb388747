// This file serves who may do what and the customer's data: the owner's guard (the operator's
// token, or a salon's own key, with wrong tokens slowed per client address), the salons' keys, the
// audit, and erasure and export, the owner's and the customer's own.

package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"salon/internal/audit"
	"salon/internal/booking"
	"salon/internal/refusal"
	"salon/internal/wire"
)

// errOwnerToken refuses an owner's request without a token good on the route.
var errOwnerToken = refusal.New(refusal.Unauthorized, "owner_token", "the owner's token is missing or wrong")

// refuseOwner answers 401 with WWW-Authenticate: Bearer.
func refuseOwner(c echo.Context) error {
	c.Response().Header().Set(echo.HeaderWWWAuthenticate, "Bearer")
	return errOwnerToken
}

// bearer is the token the request carries as Authorization: Bearer <token>, and whether it carries one.
func bearer(c echo.Context) (string, bool) {
	token, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
	return token, ok && token != ""
}

// owner is the guard of the owner's routes. With no operator's token configured they don't exist
// (404, as any unknown route). Otherwise the request must carry Authorization: Bearer with the
// operator's token (compared in constant time), good on every route, or, unless operatorOnly, a
// key of the salon the path names, read from the database on this very request, so a key revoked
// through any instance is refused at once. Anything else is 401 with WWW-Authenticate: Bearer: no
// token, a wrong one, a revoked key, another salon's key, or a key on an operator's route.
//
// A token that is neither the operator's nor any key at all is a guess, and takes one from the
// client address's bucket in s.Guesses; while that bucket is empty a guess answers 429 with
// Retry-After instead of 401. Only guesses count: the operator's token and a salon's key (even a
// revoked one, or another salon's) always get their answer, however many guesses the address
// sent before, so an owner behind the same address as a guesser, or behind a proxy missing from
// -trusted-proxies, is never locked out. Who acts (the operator, or the key's id) goes into the
// request's context for the audit (audit.WithActor).
//
// Letting the right token through while the wrong ones are refused tells a guesser which guess
// was right as surely as a 401 would; what the bucket bounds is the work and the log lines a
// guesser costs, since a key is 128 random bits or more and no rate of guessing finds one.
func (s *Service) owner(operatorOnly bool) echo.MiddlewareFunc {
	want := sha256.Sum256([]byte(s.OwnerToken))
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if s.OwnerToken == "" {
				return echo.ErrNotFound
			}
			token, ok := bearer(c)
			if !ok {
				return refuseOwner(c)
			}
			req := c.Request()
			got := sha256.Sum256([]byte(token))
			if subtle.ConstantTimeCompare(got[:], want[:]) == 1 {
				c.SetRequest(req.WithContext(audit.WithActor(req.Context(), audit.Operator)))
				return next(c)
			}
			key, found, err := s.desk.OpenKey(req.Context(), token)
			switch {
			case err != nil:
				return err
			case !found:
				return s.guessed(c)
			case key.Revoked || operatorOnly || key.Salon != pathParam(c, "salon"):
				return refuseOwner(c)
			}
			c.SetRequest(req.WithContext(audit.WithActor(req.Context(), key.ID)))
			return next(c)
		}
	}
}

// guessed answers a token that is no token at all: 401, taking one from the client address's
// bucket of guesses, or 429 with Retry-After when that bucket is empty.
func (s *Service) guessed(c echo.Context) error {
	if s.Guesses == nil {
		return refuseOwner(c)
	}
	if ok, wait := s.Guesses.Allow(bucketOf(c.RealIP()), s.Now()); !ok {
		return refusal.Busy("too_many", wait)
	}
	return refuseOwner(c)
}

// createKey answers POST /salons/{salon}/keys: a key for the salon alone, shown this once.
func (s *Service) createKey(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	name, err := wire.DecodeKeyRequest(body)
	if err != nil {
		return err
	}
	made, err := s.desk.CreateKey(c.Request().Context(), id, name)
	if err != nil {
		return err
	}
	return noStore(c, wire.KeyMadeOf(made))
}

// listKeys answers GET /salons/{salon}/keys.
func (s *Service) listKeys(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	keys, err := s.desk.SalonKeys(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return noStore(c, wire.KeyListOf(keys))
}

// revokeKey answers DELETE /salons/{salon}/keys/{id}: 204 once the key is refused everywhere.
func (s *Service) revokeKey(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	keyID := pathParam(c, "id")
	if err := wire.CheckID("id", keyID); err != nil {
		return err
	}
	if err := s.desk.RevokeKey(c.Request().Context(), id, keyID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// readAudit answers GET /salons/{salon}/audit: a page of entries, newest first.
func (s *Service) readAudit(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	limit, err := wire.AuditLimit(c.QueryParam("limit"))
	if err != nil {
		return err
	}
	after, err := wire.ReadAuditCursor(c.QueryParam("after"))
	if err != nil {
		return err
	}
	if limit == 0 {
		limit = booking.DefaultAuditLimit
	}
	entries, err := s.desk.Audit(c.Request().Context(), id, after, limit)
	if err != nil {
		return err
	}
	return noStore(c, wire.AuditListOf(entries, limit))
}

// eraseCustomer answers POST /salons/{salon}/customers/erase: the contact's bookings' details erased.
func (s *Service) eraseCustomer(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	contact, err := wire.DecodeContactRequest(body)
	if err != nil {
		return err
	}
	n, err := s.desk.EraseContact(c.Request().Context(), id, contact)
	if err != nil {
		return err
	}
	return noStore(c, wire.Erased{Erased: n})
}

// exportCustomer answers GET /salons/{salon}/customers/export?contact=…: the contact's bookings as
// the owner's list shows them.
func (s *Service) exportCustomer(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	contact := c.QueryParam("contact")
	if err := wire.CheckContact("contact", contact); err != nil {
		return err
	}
	found, err := s.desk.Export(c.Request().Context(), id, contact)
	if err != nil {
		return err
	}
	return noStore(c, wire.BookingListOf(found, nil))
}

// eraseMine answers POST /salons/{salon}/my/{booking}/erase: the customer erases their own
// booking's details with its manage key, as Authorization: Bearer <key>. A wrong or missing key
// and an unknown booking answer the same 404.
func (s *Service) eraseMine(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	ref := pathParam(c, "booking")
	if err := wire.CheckID("booking", ref); err != nil {
		return err
	}
	key, _ := bearer(c)
	n, err := s.desk.EraseMine(c.Request().Context(), id, ref, key)
	if err != nil {
		return err
	}
	return noStore(c, wire.Erased{Erased: n})
}
