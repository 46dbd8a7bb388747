// Strict decoders of the calendar's replies: a salon, the list of salons, the owner's bookings and slots. Every field the pages read, or one problem naming it.
import type { BookingView, SalonList, SlotView } from '../api/generated';
import type { Holds, Same } from '../booking/wire';

/** Every status of a booking the owner's page handles. */
export const bookingStatuses = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Every status of a slot the owner's page handles. */
export const slotStatuses = ['open', 'booked', 'closed'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

/** Compile-time proof that the lists above are the values ../openapi.json declares (see wire.ts). */
export type StatusListsMatchTheDocument = [
  Holds<Same<BookingStatus, BookingView['status']>>,
  Holds<Same<SlotStatus, SlotView['status']>>,
  Holds<Same<boolean, SalonList['calendar']>>,
];

/** One open time: its id, to send, and its label, to show. */
export interface OpenTime {
  readonly slot: string;
  readonly label: string;
}

/** A salon as its customer's page reads it. */
export interface Salon {
  readonly salon: string;
  readonly name: string;
  readonly phone: string;
  readonly prices: readonly { readonly service: string; readonly price: string }[];
  /** Earliest first, as the service lists them. */
  readonly openSlots: readonly OpenTime[];
}

/** The registered salons, and whether this server keeps calendars at all. */
export interface Directory {
  readonly calendar: boolean;
  readonly salons: readonly { readonly salon: string; readonly name: string }[];
}

/** One booking as the owner sees it. */
export interface Entry {
  readonly booking: string;
  readonly slot: string;
  readonly label: string;
  readonly name: string;
  readonly contact: string;
  readonly words: string;
  readonly bookedAt: string;
  readonly status: BookingStatus;
}

/** One slot as the owner sees it. */
export interface SlotEntry {
  readonly slot: string;
  readonly label: string;
  readonly status: SlotStatus;
}

/** A decoder's verdict: the value, or one problem naming the field that broke. It never throws. */
export type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

class Problem {
  constructor(readonly text: string) {}
}

type Fields = { readonly [field: string]: unknown };

function fields(value: unknown, where: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Problem(`${where} is not an object`);
  }
  return value as Fields;
}

function text(value: Fields, name: string, where: string, { empty = true } = {}): string {
  const field = Object.hasOwn(value, name) ? value[name] : undefined;
  if (typeof field !== 'string' || (!empty && field === '')) {
    throw new Problem(`${where}.${name} is not ${empty ? 'a string' : 'a non-empty string'}`);
  }
  return field;
}

function list(value: Fields, name: string, where: string): readonly unknown[] {
  const field = Object.hasOwn(value, name) ? value[name] : undefined;
  if (!Array.isArray(field)) {
    throw new Problem(`${where}.${name} is not a list`);
  }
  return field as readonly unknown[];
}

function oneOf<T extends string>(values: readonly T[], value: Fields, name: string, where: string): T {
  const field = text(value, name, where);
  if (!(values as readonly string[]).includes(field)) {
    throw new Problem(`${where}.${name} ${JSON.stringify(field)} is not one the client knows`);
  }
  return field as T;
}

function verdict<T>(read: () => T): Verdict<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof Problem) {
      return { ok: false, problem: error.text };
    }
    throw error;
  }
}

function slots(raw: Fields, where: string): OpenTime[] {
  const seen = new Set<string>();
  return list(raw, 'openSlots', where).map((item, i) => {
    const at = `${where}.openSlots[${i}]`;
    const slot = fields(item, at);
    const id = text(slot, 'slot', at, { empty: false });
    if (seen.has(id)) {
      throw new Problem(`${where}.openSlots lists ${id} twice`);
    }
    seen.add(id);
    return { slot: id, label: text(slot, 'label', at, { empty: false }) };
  });
}

function readSalon(body: unknown, where: string): Salon {
  const raw = fields(body, where);
  return {
    salon: text(raw, 'salon', where, { empty: false }),
    name: text(raw, 'name', where, { empty: false }),
    phone: text(raw, 'phone', where, { empty: false }),
    prices: list(raw, 'prices', where).map((item, i) => {
      const line = fields(item, `${where}.prices[${i}]`);
      return { service: text(line, 'service', `${where}.prices[${i}]`), price: text(line, 'price', `${where}.prices[${i}]`) };
    }),
    openSlots: slots(raw, where),
  };
}

/** decodeSalon reads GET /salons/{salon} and the owner's slot replies, which show the salon the same way. */
export function decodeSalon(body: unknown): Verdict<Salon> {
  return verdict(() => readSalon(body, 'the salon'));
}

/** decodeDirectory reads GET /salons. */
export function decodeDirectory(body: unknown): Verdict<Directory> {
  return verdict(() => {
    const raw = fields(body, 'the list of salons');
    const calendar = Object.hasOwn(raw, 'calendar') ? raw['calendar'] : undefined;
    if (typeof calendar !== 'boolean') {
      throw new Problem('the list of salons does not say whether calendars are kept');
    }
    const salons = list(raw, 'salons', 'the list of salons').map((item, i) => {
      const at = `the list of salons.salons[${i}]`;
      const entry = fields(item, at);
      return { salon: text(entry, 'salon', at, { empty: false }), name: text(entry, 'name', at, { empty: false }) };
    });
    return { calendar, salons };
  });
}

function readEntry(item: unknown, at: string): Entry {
  const raw = fields(item, at);
  return {
    booking: text(raw, 'booking', at, { empty: false }),
    slot: text(raw, 'slot', at, { empty: false }),
    label: text(raw, 'label', at, { empty: false }),
    name: text(raw, 'name', at),
    contact: text(raw, 'contact', at),
    words: text(raw, 'words', at),
    bookedAt: text(raw, 'bookedAt', at),
    status: oneOf(bookingStatuses, raw, 'status', at),
  };
}

/** decodeBookings reads the owner's GET /salons/{salon}/bookings. */
export function decodeBookings(body: unknown): Verdict<readonly Entry[]> {
  return verdict(() => list(fields(body, 'the bookings'), 'bookings', 'the bookings').map((item, i) => readEntry(item, `the bookings[${i}]`)));
}

/** decodeBooking reads the booking a cancel answers with. */
export function decodeBooking(body: unknown): Verdict<Entry> {
  return verdict(() => readEntry(body, 'the booking'));
}

/** decodeSlots reads the owner's GET /salons/{salon}/slots. */
export function decodeSlots(body: unknown): Verdict<readonly SlotEntry[]> {
  return verdict(() =>
    list(fields(body, 'the slots'), 'slots', 'the slots').map((item, i) => {
      const at = `the slots[${i}]`;
      const raw = fields(item, at);
      return {
        slot: text(raw, 'slot', at, { empty: false }),
        label: text(raw, 'label', at, { empty: false }),
        status: oneOf(slotStatuses, raw, 'status', at),
      };
    }),
  );
}
