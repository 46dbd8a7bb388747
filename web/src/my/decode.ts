// The strict decoder of a booking as its customer sees it (GET /salons/{salon}/my/{booking}, and a cancel's reply): every field the my-booking page reads, or one problem naming it.
import { fields, flag, instant, maybeText, oneOf, text, verdict, whole } from '../api/strict';
import type { Verdict } from '../api/strict';
import { bookingStatuses, readDeposit } from '../calendar/decode';
import type { BookingStatus, Deposit } from '../calendar/decode';

/** A booking as its customer sees it. */
export interface Own {
  readonly booking: string;
  readonly salon: string;
  readonly salonName: string;
  readonly phone: string;
  /** The service and stylist, by id and name; null at a simple salon. */
  readonly service: string | null;
  readonly serviceName: string | null;
  readonly stylist: string | null;
  readonly stylistName: string | null;
  readonly slot: string;
  readonly label: string;
  readonly ends: string;
  readonly status: BookingStatus;
  readonly name: string;
  readonly contact: string;
  /** The last moment the customer may cancel or move it themselves. */
  readonly changeUntil: string;
  /** Whether it is booked and changeUntil is still ahead. */
  readonly canChange: boolean;
  readonly sequence: number;
  /** The deposit paid to hold it, and where it stands; null when its service asked none. */
  readonly deposit: Deposit | null;
}

/** decodeOwn reads the customer's own booking. */
export function decodeOwn(body: unknown): Verdict<Own> {
  return verdict(() => {
    const where = 'the booking';
    const raw = fields(body, where);
    const service = maybeText(raw, 'service', where, { empty: false });
    const named = (name: string) => (service === null ? maybeText(raw, name, where, { empty: false }) : text(raw, name, where, { empty: false }));
    return {
      booking: text(raw, 'booking', where, { empty: false }),
      salon: text(raw, 'salon', where, { empty: false }),
      salonName: text(raw, 'salonName', where, { empty: false }),
      phone: text(raw, 'phone', where, { empty: false }),
      service,
      serviceName: named('serviceName'),
      stylist: named('stylist'),
      stylistName: named('stylistName'),
      slot: instant(raw, 'slot', where),
      label: text(raw, 'label', where, { empty: false }),
      ends: instant(raw, 'ends', where),
      status: oneOf(bookingStatuses, raw, 'status', where),
      name: text(raw, 'name', where),
      contact: text(raw, 'contact', where),
      changeUntil: instant(raw, 'changeUntil', where),
      canChange: flag(raw, 'canChange', where),
      sequence: whole(raw, 'sequence', where),
      deposit: readDeposit(raw, where),
    };
  });
}
