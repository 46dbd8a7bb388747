// A fake booking service with a calendar behind a stubbed fetch: salons with open times and labels, both rounds with a customer, taken meanwhile, and the owner's endpoints behind a token.
import { vi } from 'vitest';
import type { BookingView, OpenSlot } from '../src/api/generated';
import { RequestStates, complete, json, question, respond } from './fakeWire';
import type { BookBody, Received, Scripted } from './fakeWire';

/** The routes the fake answers, by the operationId ../openapi.json gives each. */
export type Operation = 'listSalons' | 'getSalon' | 'book' | 'listBookings' | 'listSlots' | 'cancelBooking' | 'closeSlot' | 'openSlot';

/** One of a fake salon's slots, as the service lists it. */
export type FakeSlot = OpenSlot;

/** A booking the fake recorded, as the service sends it; the owner's cancel changes its status. */
export type FakeBooking = BookingView;

/** The salon every calendar test starts with: three Saturday times and one on Monday. */
export const studioNine = {
  salon: 'studio-nine',
  name: 'Studio Nine',
  timeZone: 'Europe/London',
  phone: '+44 20 7946 0000',
  prices: [
    { service: 'cut', price: '$45' },
    { service: 'colour', price: '$80' },
  ],
  hours: { sat: [['09:00', '11:15']], mon: [['09:00', '09:45']] },
  slotMinutes: 45,
  horizonDays: 7,
  changeCutoffHours: 24,
  maxUpcomingPerContact: 0,
  maxBookingsPerMinute: 30,
  paymentMinutes: 30,
  language: 'en',
  slots: [
    { slot: '2026-12-05T09:00:00Z', label: 'Saturday 5 December, 09:00' },
    { slot: '2026-12-05T09:45:00Z', label: 'Saturday 5 December, 09:45' },
    { slot: '2026-12-05T10:30:00Z', label: 'Saturday 5 December, 10:30' },
    { slot: '2026-12-07T09:00:00Z', label: 'Monday 7 December, 09:00' },
  ] as readonly FakeSlot[],
};

/** The fake's owner's token. */
export const fakeOwnerToken = 'a-token-of-the-owner-that-is-long-enough';

const routes: readonly (readonly [string, RegExp, Operation])[] = [
  ['GET', /^\/salons$/, 'listSalons'],
  ['GET', /^\/salons\/([^/]+)$/, 'getSalon'],
  ['POST', /^\/salons\/([^/]+)\/book$/, 'book'],
  ['GET', /^\/salons\/([^/]+)\/bookings$/, 'listBookings'],
  ['GET', /^\/salons\/([^/]+)\/slots$/, 'listSlots'],
  ['POST', /^\/salons\/([^/]+)\/bookings\/([^/]+)\/cancel$/, 'cancelBooking'],
  ['POST', /^\/salons\/([^/]+)\/slots\/([^/]+)\/close$/, 'closeSlot'],
  ['POST', /^\/salons\/([^/]+)\/slots\/([^/]+)\/open$/, 'openSlot'],
];

const ownerOnly: ReadonlySet<Operation> = new Set(['listBookings', 'listSlots', 'cancelBooking', 'closeSlot', 'openSlot']);

/** One request as it crossed the wire, with the operation it reached and its Authorization header. */
export interface Arrived extends Received {
  readonly operation: Operation | null;
  readonly authorization: string | null;
}

/**
 * FakeCalendar answers as bookingd does with a database: only its one salon is registered, round
 * one offers the first two of the request's slots it holds open, round two spends the state once
 * and books the slot unless it was taken meanwhile. Each operation can be told what to answer next.
 */
export class FakeCalendar {
  readonly received: Arrived[] = [];
  readonly bookings: FakeBooking[] = [];
  readonly closed = new Set<string>();
  private readonly scripted = new Map<Operation, Scripted[]>();
  private readonly states = new RequestStates((n) => `mac${n}`);

  /** answerNext queues replies for one operation; each of its requests takes the first queued one instead of the fake's own. */
  answerNext(operation: Operation, ...replies: Scripted[]): void {
    this.scripted.set(operation, [...(this.scripted.get(operation) ?? []), ...replies]);
  }

  /** install stubs the global fetch with this fake until vi.unstubAllGlobals(). */
  install(): this {
    vi.stubGlobal('fetch', this.fetch);
    return this;
  }

  /** The requests that reached one operation, in order. */
  arrived(operation: Operation): Arrived[] {
    return this.received.filter((request) => request.operation === operation);
  }

  /** The body of the nth request to operation, parsed from its JSON text. */
  sent(operation: Operation, n: number): Record<string, unknown> {
    const request = this.arrived(operation)[n];
    if (request === undefined) {
      throw new Error(`no request ${n} to ${operation}: only ${this.arrived(operation).length} arrived`);
    }
    return JSON.parse(request.body) as Record<string, unknown>;
  }

  /** take books slot for someone else, as another customer would between two rounds. */
  take(slot: string): void {
    this.record(slot, 'Rosa Diaz', '+44 7700 900456', 'A colour?');
  }

  /** expireEvery makes every state issued so far outlive its life. */
  expireEvery(): void {
    this.states.expireEvery();
  }

  /** isOpen says whether the fake holds slot open: neither booked nor closed. */
  isOpen(slot: string): boolean {
    return studioNine.slots.some((s) => s.slot === slot) && !this.closed.has(slot) && !this.bookings.some((b) => b.slot === slot && b.status === 'booked');
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.text();
    const url = new URL(request.url);
    const route = routes.find(([method, path]) => method === request.method && path.test(url.pathname));
    const operation = route?.[2] ?? null;
    this.received.push({
      method: request.method,
      url: request.url,
      contentType: request.headers.get('content-type'),
      body,
      operation,
      authorization: request.headers.get('authorization'),
    });
    const queued = operation === null ? undefined : this.scripted.get(operation)?.shift();
    return respond(queued ?? this.answer(request, url, body, route));
  };

  private answer(request: Request, url: URL, body: string, route: (typeof routes)[number] | undefined): Scripted {
    if (route === undefined) {
      return json(404, 'Not Found');
    }
    const [, path, operation] = route;
    const [, salonPart = '', second = ''] = path.exec(url.pathname) ?? [];
    if (operation === 'listSalons') {
      return json(200, { salons: [{ salon: studioNine.salon, name: studioNine.name }], calendar: true });
    }
    if (ownerOnly.has(operation) && request.headers.get('authorization') !== `Bearer ${fakeOwnerToken}`) {
      return json(401, "the owner's token is missing or wrong");
    }
    const salon = decodeURIComponent(salonPart);
    if (salon !== studioNine.salon) {
      return json(404, `there is no salon ${salon}`);
    }
    switch (operation) {
      case 'getSalon':
        return json(200, this.view());
      case 'book':
        return this.book(salon, body);
      case 'listBookings':
        return json(200, { bookings: this.bookings.map((b) => ({ ...b })) });
      case 'listSlots':
        return json(200, {
          slots: studioNine.slots.map(({ slot, label }) => ({
            slot,
            label,
            status: this.bookings.some((b) => b.slot === slot && b.status === 'booked') ? 'booked' : this.closed.has(slot) ? 'closed' : 'open',
          })),
        });
      case 'cancelBooking': {
        const id = decodeURIComponent(second);
        const found = this.bookings.find((b) => b.booking === id);
        if (found === undefined) {
          return json(404, `there is no booking ${id}`);
        }
        found.status = 'cancelled';
        return json(200, { ...found });
      }
      case 'closeSlot':
      case 'openSlot': {
        const slot = decodeURIComponent(second);
        const known = studioNine.slots.find((s) => s.slot === slot);
        if (known === undefined) {
          return json(404, `there is no slot ${slot}`);
        }
        if (operation === 'closeSlot') {
          if (this.bookings.some((b) => b.slot === slot && b.status === 'booked')) {
            return json(409, `${known.label} is booked; cancel the booking first`);
          }
          this.closed.add(slot);
        } else {
          this.closed.delete(slot);
        }
        return json(200, this.view());
      }
    }
  }

  private view(): unknown {
    const { slots, ...settings } = studioNine;
    return { ...settings, openSlots: slots.filter((s) => this.isOpen(s.slot)) };
  }

  private record(slot: string, name: string, contact: string, words: string): FakeBooking {
    const label = studioNine.slots.find((s) => s.slot === slot)?.label ?? slot;
    const booking: FakeBooking = {
      booking: `ref-${this.bookings.length + 1}_Q`,
      slot,
      label,
      name,
      contact,
      words,
      bookedAt: '2026-12-04T12:00:00Z',
      status: 'booked',
    };
    this.bookings.push(booking);
    return booking;
  }

  private book(salon: string, bodyText: string): Scripted {
    const body = JSON.parse(bodyText) as BookBody<{ message: string; openSlots: string[]; customer?: { name?: unknown; contact?: unknown } }>;
    const customer = body.arguments.customer;
    if (customer === undefined) {
      return json(400, 'arguments.customer is required at this salon');
    }
    if (typeof customer.name !== 'string' || customer.name === '' || typeof customer.contact !== 'string' || customer.contact === '') {
      return json(400, 'arguments.customer.name must be 1 to 100 characters');
    }
    const round = this.states.read(salon, body);
    if ('refusal' in round) {
      return round.refusal;
    }
    if (round.round === 'one') {
      const offered = body.arguments.openSlots.filter((slot) => this.isOpen(slot)).slice(0, 2);
      if (offered.length === 0) {
        return json(200, complete({ status: 'not_booked', say: 'Nothing is open then, so the salon will call you.' }));
      }
      return json(200, question(offered, this.states.issue(salon, JSON.stringify(body.arguments), offered)));
    }
    const { slot } = round;
    if (slot === undefined) {
      return json(200, complete({ status: 'not_booked', say: 'No time was chosen, so nothing is booked.' }));
    }
    const label = studioNine.slots.find((s) => s.slot === slot)?.label ?? slot;
    if (!this.isOpen(slot)) {
      return json(200, complete({ status: 'not_booked', say: `${label} was taken meanwhile, so nothing is booked.` }));
    }
    const made = this.record(slot, String(customer.name), String(customer.contact), body.arguments.message);
    return json(200, complete({ status: 'booked', slot, say: `${label} is yours.`, booking: made.booking }));
  }
}
