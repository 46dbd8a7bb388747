// Strict decoders of the calendar's replies: a salon (simple, or with its menu and team), the list of salons, the owner's bookings and slots, and a menu salon's open times. Every field the pages read, or one problem naming it.
import type { Availability, BookingView, DepositView, SalonList, SalonView, SlotView } from '../api/generated';
import { Problem, fields, flag, has, instant, list, maybeInstant, maybeList, maybeText, maybeWhole, oneOf, text, texts, verdict, whole } from '../api/strict';
import type { Fields, Verdict } from '../api/strict';
import type { Holds, Same } from '../booking/wire';

export type { Verdict } from '../api/strict';

/** SalonView's fields that a Salon holds in its menu rather than beside the rest. */
type MenuFields = 'closures' | 'currency' | 'gridMinutes' | 'minNoticeMinutes' | 'resources' | 'services' | 'stylists';
/** SalonView's fields that a Salon holds under the same name and type (the rest are reshaped). */
type SameFields = Exclude<keyof SalonView, MenuFields | 'hours' | 'openSlots' | 'prices' | 'slotMinutes'>;

/**
 * Compile-time proof that the salon's decoder reads every field ../openapi.json gives a salon: a
 * setting added on the server, once npm run codegen has run, fails npm run typecheck here until
 * Salon has it (and then decodeSalon, which must build every field of Salon).
 */
export type SalonMatchesTheDocument = [
  Holds<Same<keyof SalonView, Exclude<keyof Salon, 'menu'> | MenuFields>>,
  Holds<Same<{ [F in SameFields]: Writable<Salon[F]> }, Pick<SalonView, SameFields>>>,
];

/** Writable is a list type without its readonly, as the generated types write lists. */
type Writable<T> = T extends readonly (infer U)[] ? U[] : T;

/** Every status of a booking the owner's page handles. */
export const bookingStatuses = ['booked', 'cancelled', 'awaiting_payment', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Every status of a slot the owner's page handles. */
export const slotStatuses = ['open', 'booked', 'closed'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

/** Compile-time proof that the lists above are the values ../openapi.json declares (see wire.ts). */
export type StatusListsMatchTheDocument = [
  Holds<Same<BookingStatus, BookingView['status']>>,
  Holds<Same<SlotStatus, SlotView['status']>>,
  Holds<Same<boolean, SalonList['calendar']>>,
  Holds<Same<boolean, Availability['more']>>,
  Holds<Same<DepositStatus, DepositView['status']>>,
];

/** One open time: its id, to send, and its label, to show. */
export interface OpenTime {
  readonly slot: string;
  readonly label: string;
}

/** The days of the week as the service keys them, Monday first. */
export const dayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof dayKeys)[number];

/** One opening interval, [start, end] as HH:MM on the salon's wall clock. */
export type Interval = readonly [string, string];

/** Weekly hours: each day's intervals; a day left out is closed. */
export type Hours = Readonly<Partial<Record<DayKey, readonly Interval[]>>>;

/** One service on a salon's menu. */
export interface Service {
  readonly id: string;
  readonly name: string;
  readonly minutes: number;
  /** In the currency's minor unit (pence); null when it isn't on the sheet. */
  readonly price: number | null;
  /** Processing or clean-up after the service, when the stylist can't start another client. */
  readonly afterMinutes: number;
  /** What the customer pays by card to hold the time, in the minor unit; null when it asks none. */
  readonly deposit: number | null;
  /** The ids of the salon's resources it holds a unit of for its span. */
  readonly resources: readonly string[];
}

/** Something the salon has only so many of, such as a basin. */
export interface Resource {
  readonly id: string;
  readonly name: string;
  /** How many the salon has. */
  readonly count: number;
}

/** One member of a salon's team. */
export interface Stylist {
  readonly id: string;
  readonly name: string;
  /** The ids of the services they do. */
  readonly services: readonly string[];
  /** Their own hours; null when they follow the salon's. */
  readonly hours: Hours | null;
}

/** A span when the salon, or one stylist, takes no booking. */
export interface Closure {
  readonly from: string;
  readonly to: string;
  /** The stylist it closes; null for the whole salon. */
  readonly stylist: string | null;
  readonly note: string;
}

/** A menu salon's menu, team and terms. */
export interface Menu {
  /** ISO 4217, such as GBP; null when no price is set. */
  readonly currency: string | null;
  readonly services: readonly Service[];
  readonly stylists: readonly Stylist[];
  readonly gridMinutes: number;
  readonly minNoticeMinutes: number;
  readonly closures: readonly Closure[];
  readonly resources: readonly Resource[];
}

/** A salon as its pages read it: what the customer sees, and every setting the owner can change. */
export interface Salon {
  readonly salon: string;
  readonly name: string;
  readonly phone: string;
  /** The salon's language, a BCP 47 tag such as "de": the page speaks it when the browser's languages aren't shipped. */
  readonly language: string;
  /** The sites that may show the booking page in a frame: origins such as https://studio-nine.example. */
  readonly embedOrigins: readonly string[];
  readonly timeZone: string;
  readonly hours: Hours;
  readonly horizonDays: number;
  readonly changeCutoffHours: number;
  readonly maxUpcomingPerContact: number;
  readonly maxBookingsPerMinute: number;
  /** How long a time is held while its customer pays a deposit. */
  readonly paymentMinutes: number;
  /** A simple salon's price list, as the salon wrote it; empty at a menu salon. */
  readonly prices: readonly { readonly service: string; readonly price: string }[];
  /** A simple salon's appointment length; null at a menu salon. */
  readonly slotMinutes: number | null;
  /** The menu and the team; null at a simple salon. */
  readonly menu: Menu | null;
  /** Earliest first, as the service lists them (at a menu salon, the first service's with anyone). */
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
  /** At a menu salon, the service booked and its name as the settings now give it; null at a simple salon. */
  readonly service: string | null;
  readonly serviceName: string | null;
  /** At a menu salon, the services booked, in order: one, or a visit's several; empty at a simple salon. */
  readonly services: readonly string[];
  /** At a menu salon, the stylist booked and their name; null at a simple salon. */
  readonly stylist: string | null;
  readonly stylistName: string | null;
  /** At a menu salon, when the service ends (processing not included); null at a simple salon. */
  readonly ends: string | null;
  /** At a menu salon, false for a live booking that no longer fits the settings. */
  readonly fits: boolean;
  /** The deposit its service asked and where it stands; null when none. */
  readonly deposit: Deposit | null;
  /** The status of the last text about it (delivered, failed, unsubscribed…); null when none was sent. */
  readonly lastText: string | null;
}

/** Every status of a deposit the pages handle. */
export const depositStatuses = ['awaiting', 'paid', 'refunded', 'kept', 'released'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** A booking's deposit: its amount in the minor unit, and where it stands. */
export interface Deposit {
  readonly amount: number;
  readonly status: DepositStatus;
}

/** readDeposit reads a booking's deposit, or null when it has none. */
export function readDeposit(raw: Fields, at: string): Deposit | null {
  if (!has(raw, 'deposit')) {
    return null;
  }
  const deposit = fields(raw['deposit'], `${at}.deposit`);
  return { amount: whole(deposit, 'amount', `${at}.deposit`, 1), status: oneOf(depositStatuses, deposit, 'status', `${at}.deposit`) };
}

/** One open start of a service, and who is free then. */
export interface AvailableTime extends OpenTime {
  /** The stylists free then who do the service, in the salon's order. */
  readonly stylists: readonly string[];
}

/** A menu salon's open starts for one service, with one stylist or anyone. */
export interface Openings {
  readonly service: string;
  /** The stylist asked for; null for anyone. */
  readonly stylist: string | null;
  readonly times: readonly AvailableTime[];
  /** Whether starts of the window were left out past those listed. */
  readonly more: boolean;
}

/** One slot as the owner sees it. */
export interface SlotEntry {
  readonly slot: string;
  readonly label: string;
  readonly status: SlotStatus;
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

const clock = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

function readHours(raw: unknown, where: string): Hours {
  const days = fields(raw, where);
  const hours: Partial<Record<DayKey, readonly Interval[]>> = {};
  for (const day of Object.keys(days)) {
    if (!(dayKeys as readonly string[]).includes(day)) {
      throw new Problem(`${where} names ${JSON.stringify(day)}, which is not a day`);
    }
    hours[day as DayKey] = list(days, day, where).map((item, i) => {
      const at = `${where}.${day}[${i}]`;
      if (!Array.isArray(item) || item.length !== 2 || !item.every((t) => typeof t === 'string' && clock.test(t))) {
        throw new Problem(`${at} is not a pair of HH:MM times`);
      }
      return [item[0] as string, item[1] as string] as const;
    });
  }
  return hours;
}

function readService(item: unknown, at: string): Service {
  const raw = fields(item, at);
  return {
    id: text(raw, 'id', at, { empty: false }),
    name: text(raw, 'name', at, { empty: false }),
    minutes: whole(raw, 'minutes', at, 1),
    price: maybeWhole(raw, 'price', at),
    afterMinutes: whole(raw, 'afterMinutes', at),
    deposit: maybeWhole(raw, 'deposit', at),
    resources: has(raw, 'resources') ? texts(raw, 'resources', at) : [],
  };
}

function readResource(item: unknown, at: string): Resource {
  const raw = fields(item, at);
  return { id: text(raw, 'id', at, { empty: false }), name: text(raw, 'name', at, { empty: false }), count: whole(raw, 'count', at, 1) };
}

function readStylist(item: unknown, at: string, menu: ReadonlySet<string>): Stylist {
  const raw = fields(item, at);
  const services = texts(raw, 'services', at);
  const stranger = services.find((id) => !menu.has(id));
  if (stranger !== undefined) {
    throw new Problem(`${at}.services names ${stranger}, which is not on the menu`);
  }
  return {
    id: text(raw, 'id', at, { empty: false }),
    name: text(raw, 'name', at, { empty: false }),
    services,
    hours: has(raw, 'hours') ? readHours(raw['hours'], `${at}.hours`) : null,
  };
}

function readClosure(item: unknown, at: string): Closure {
  const raw = fields(item, at);
  return {
    from: instant(raw, 'from', at),
    to: instant(raw, 'to', at),
    stylist: maybeText(raw, 'stylist', at, { empty: false }),
    note: maybeText(raw, 'note', at) ?? '',
  };
}

function unique<T extends { readonly id: string }>(items: readonly T[], where: string): readonly T[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) {
      throw new Problem(`${where} lists ${item.id} twice`);
    }
    seen.add(item.id);
  }
  return items;
}

function readMenu(raw: Fields, where: string): Menu {
  const services = unique(
    list(raw, 'services', where).map((item, i) => readService(item, `${where}.services[${i}]`)),
    `${where}.services`,
  );
  if (services.length === 0) {
    throw new Problem(`${where}.services is empty`);
  }
  const resources = unique(
    maybeList(raw, 'resources', where).map((item, i) => readResource(item, `${where}.resources[${i}]`)),
    `${where}.resources`,
  );
  const held = new Set(resources.map((resource) => resource.id));
  services.forEach((service, i) => {
    const stranger = service.resources.find((id) => !held.has(id));
    if (stranger !== undefined) {
      throw new Problem(`${where}.services[${i}].resources names ${stranger}, which is not one of the resources`);
    }
  });
  const ids = new Set(services.map((service) => service.id));
  const stylists = unique(
    list(raw, 'stylists', where).map((item, i) => readStylist(item, `${where}.stylists[${i}]`, ids)),
    `${where}.stylists`,
  );
  return {
    currency: maybeText(raw, 'currency', where, { empty: false }),
    services,
    stylists,
    gridMinutes: whole(raw, 'gridMinutes', where, 1),
    minNoticeMinutes: whole(raw, 'minNoticeMinutes', where),
    closures: maybeList(raw, 'closures', where).map((item, i) => readClosure(item, `${where}.closures[${i}]`)),
    resources,
  };
}

function readSalon(body: unknown, where: string): Salon {
  const raw = fields(body, where);
  const menu = has(raw, 'services') ? readMenu(raw, where) : null;
  return {
    salon: text(raw, 'salon', where, { empty: false }),
    name: text(raw, 'name', where, { empty: false }),
    phone: text(raw, 'phone', where, { empty: false }),
    language: text(raw, 'language', where, { empty: false }),
    embedOrigins: has(raw, 'embedOrigins') ? texts(raw, 'embedOrigins', where) : [],
    timeZone: text(raw, 'timeZone', where, { empty: false }),
    hours: readHours(raw['hours'], `${where}.hours`),
    horizonDays: whole(raw, 'horizonDays', where, 1),
    changeCutoffHours: whole(raw, 'changeCutoffHours', where),
    maxUpcomingPerContact: whole(raw, 'maxUpcomingPerContact', where),
    maxBookingsPerMinute: whole(raw, 'maxBookingsPerMinute', where, 1),
    paymentMinutes: whole(raw, 'paymentMinutes', where, 1),
    prices: (menu === null ? list(raw, 'prices', where) : maybeList(raw, 'prices', where)).map((item, i) => {
      const line = fields(item, `${where}.prices[${i}]`);
      return { service: text(line, 'service', `${where}.prices[${i}]`), price: text(line, 'price', `${where}.prices[${i}]`) };
    }),
    slotMinutes: menu === null ? whole(raw, 'slotMinutes', where, 1) : null,
    menu,
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
  const service = maybeText(raw, 'service', at, { empty: false });
  const fits = has(raw, 'fits') ? flag(raw, 'fits', at) : true;
  return {
    booking: text(raw, 'booking', at, { empty: false }),
    slot: instant(raw, 'slot', at),
    label: text(raw, 'label', at, { empty: false }),
    name: text(raw, 'name', at),
    contact: text(raw, 'contact', at),
    words: text(raw, 'words', at),
    bookedAt: text(raw, 'bookedAt', at),
    status: oneOf(bookingStatuses, raw, 'status', at),
    service,
    serviceName: service === null ? null : text(raw, 'serviceName', at, { empty: false }),
    services: has(raw, 'services') ? texts(raw, 'services', at) : service === null ? [] : [service],
    stylist: service === null ? null : text(raw, 'stylist', at, { empty: false }),
    stylistName: service === null ? null : text(raw, 'stylistName', at, { empty: false }),
    ends: service === null ? maybeInstant(raw, 'ends', at) : instant(raw, 'ends', at),
    fits,
    deposit: readDeposit(raw, at),
    lastText: maybeText(raw, 'lastText', at, { empty: false }),
  };
}

/** A page of the owner's bookings: the rows, and where the next page starts when there is one. */
export interface EntryPage {
  readonly entries: readonly Entry[];
  readonly next: string | null;
}

/** decodeBookings reads a page of the owner's GET /salons/{salon}/bookings. */
export function decodeBookings(body: unknown): Verdict<EntryPage> {
  return verdict(() => {
    const raw = fields(body, 'the bookings');
    return {
      entries: list(raw, 'bookings', 'the bookings').map((item, i) => readEntry(item, `the bookings[${i}]`)),
      next: maybeText(raw, 'next', 'the bookings', { empty: false }),
    };
  });
}

/** decodeBooking reads the booking the owner's cancel or move answers with. */
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

/** decodeAvailability reads GET /salons/{salon}/availability. */
export function decodeAvailability(body: unknown): Verdict<Openings> {
  return verdict(() => {
    const where = 'the open times';
    const raw = fields(body, where);
    const seen = new Set<string>();
    const times = list(raw, 'slots', where).map((item, i): AvailableTime => {
      const at = `${where}.slots[${i}]`;
      const slot = fields(item, at);
      const id = instant(slot, 'slot', at);
      if (seen.has(id)) {
        throw new Problem(`${where}.slots lists ${id} twice`);
      }
      seen.add(id);
      const stylists = texts(slot, 'stylists', at);
      if (stylists.length === 0) {
        throw new Problem(`${at}.stylists is empty`);
      }
      return { slot: id, label: text(slot, 'label', at, { empty: false }), stylists };
    });
    const stylist = has(raw, 'stylist') ? text(raw, 'stylist', where, { empty: false }) : Object.hasOwn(raw, 'stylist') ? null : undefined;
    if (stylist === undefined) {
      throw new Problem(`${where}.stylist is missing`);
    }
    return { service: text(raw, 'service', where, { empty: false }), stylist, times, more: flag(raw, 'more', where) };
  });
}
