// A fake menu salon behind a stubbed fetch, answering as bookingd with a database does by the contract: the menu and the team, open times per service and stylist, both rounds with a service and a stylist, the outcome of a lost reply, the customer's own booking behind its key, and the owner's list, moves, settings, webhooks, feed, audit and erasure behind a token.
import { vi } from 'vitest';
import { RequestStates, complete, json, question, respond } from './fakeWire';
import type { BookBody, Received, Scripted } from './fakeWire';

/** The routes the fake answers, by the operationId each has (or will have) in ../openapi.json. */
export type MenuOperation =
  | 'getSalon'
  | 'putSalon'
  | 'getAvailability'
  | 'book'
  | 'bookOutcome'
  | 'listBookings'
  | 'cancelBooking'
  | 'moveBooking'
  | 'myBooking'
  | 'cancelMyBooking'
  | 'moveMyBooking'
  | 'myBookingCalendar'
  | 'listWebhooks'
  | 'putWebhook'
  | 'deleteWebhook'
  | 'newFeed'
  | 'readAudit'
  | 'eraseCustomer';

const routes: readonly (readonly [string, RegExp, MenuOperation])[] = [
  ['GET', /^\/salons\/([^/]+)$/, 'getSalon'],
  ['PUT', /^\/salons\/([^/]+)$/, 'putSalon'],
  ['GET', /^\/salons\/([^/]+)\/availability$/, 'getAvailability'],
  ['POST', /^\/salons\/([^/]+)\/book$/, 'book'],
  ['POST', /^\/salons\/([^/]+)\/book\/outcome$/, 'bookOutcome'],
  ['GET', /^\/salons\/([^/]+)\/bookings$/, 'listBookings'],
  ['POST', /^\/salons\/([^/]+)\/bookings\/([^/]+)\/cancel$/, 'cancelBooking'],
  ['POST', /^\/salons\/([^/]+)\/bookings\/([^/]+)\/move$/, 'moveBooking'],
  ['GET', /^\/salons\/([^/]+)\/my\/([^/]+)$/, 'myBooking'],
  ['POST', /^\/salons\/([^/]+)\/my\/([^/]+)\/cancel$/, 'cancelMyBooking'],
  ['POST', /^\/salons\/([^/]+)\/my\/([^/]+)\/move$/, 'moveMyBooking'],
  ['GET', /^\/salons\/([^/]+)\/my\/([^/]+)\/calendar\.ics$/, 'myBookingCalendar'],
  ['GET', /^\/salons\/([^/]+)\/webhooks$/, 'listWebhooks'],
  ['PUT', /^\/salons\/([^/]+)\/webhooks\/([^/]+)$/, 'putWebhook'],
  ['DELETE', /^\/salons\/([^/]+)\/webhooks\/([^/]+)$/, 'deleteWebhook'],
  ['POST', /^\/salons\/([^/]+)\/feed$/, 'newFeed'],
  ['GET', /^\/salons\/([^/]+)\/audit$/, 'readAudit'],
  ['POST', /^\/salons\/([^/]+)\/customers\/erase$/, 'eraseCustomer'],
];

const ownerOnly: ReadonlySet<MenuOperation> = new Set([
  'putSalon',
  'listBookings',
  'cancelBooking',
  'moveBooking',
  'listWebhooks',
  'putWebhook',
  'deleteWebhook',
  'newFeed',
  'readAudit',
  'eraseCustomer',
]);
const keyOnly: ReadonlySet<MenuOperation> = new Set(['myBooking', 'cancelMyBooking', 'moveMyBooking', 'myBookingCalendar']);

/** The fake's owner's token: a salon's key. */
export const menuOwnerKey = 'sk_studio-nine_a-key-long-enough-to-be-one';

const day = [['09:00', '12:00']];

/** The salon the fake starts with: the demo salon's menu and team, its days cut to two mornings. */
export const menuSalon = {
  salon: 'studio-nine',
  name: 'Studio Nine',
  timeZone: 'Europe/London',
  phone: '+44 20 7946 0000',
  hours: { wed: day, fri: day },
  horizonDays: 14,
  changeCutoffHours: 24,
  maxUpcomingPerContact: 3,
  maxBookingsPerMinute: 30,
  paymentMinutes: 30,
  language: 'en',
  currency: 'GBP',
  services: [
    { id: 'cut', name: 'Cut', minutes: 45, price: 4500, afterMinutes: 0, resources: [] as string[] },
    { id: 'colour', name: 'Colour', minutes: 90, price: 8000, afterMinutes: 30, deposit: 2000, resources: [] as string[] },
    { id: 'beard-trim', name: 'Beard trim', minutes: 15, price: 1500, afterMinutes: 0, resources: [] as string[] },
  ],
  stylists: [
    { id: 'ana', name: 'Ana', services: ['cut', 'colour', 'beard-trim'], hours: { wed: day } },
    { id: 'ben', name: 'Ben', services: ['cut', 'beard-trim'] },
    { id: 'chloe', name: 'Chloé', services: ['cut', 'colour', 'beard-trim'], hours: { fri: day } },
  ],
  gridMinutes: 15,
  minNoticeMinutes: 60,
  closures: [] as { from: string; to: string; stylist?: string; note?: string }[],
  resources: [] as { id: string; name: string; count: number }[],
};

type Settings = typeof menuSalon;

/** The two mornings the fake opens, in London in winter: its slot ids are UTC. */
const mornings = [
  { date: '2026-12-02', day: 'wed', heading: 'Wednesday 2 December' },
  { date: '2026-12-04', day: 'fri', heading: 'Friday 4 December' },
] as const;

/** A booking the fake holds, with its key and how often it changed. */
export interface MenuBooking {
  booking: string;
  slot: string;
  service: string;
  stylist: string;
  name: string;
  contact: string;
  words: string;
  status: 'booked' | 'cancelled';
  manage: string;
  sequence: number;
}

/** One request as it crossed the wire, with the operation it reached and its Authorization header. */
export interface MenuArrived extends Received {
  readonly operation: MenuOperation | null;
  readonly authorization: string | null;
  readonly referrerPolicy: string;
}

const minutesOf = (slot: string) => {
  const at = new Date(slot);
  return at.getUTCHours() * 60 + at.getUTCMinutes();
};
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

/**
 * FakeMenu answers as bookingd does at a menu salon, by the contract. A lost reply can be staged:
 * the request is answered in full, then the reply never arrives, as when a train enters a tunnel.
 */
export class FakeMenu {
  readonly received: MenuArrived[] = [];
  readonly bookings: MenuBooking[] = [];
  settings: Settings = structuredClone(menuSalon);
  readonly webhooks = new Map<string, { url: string; events: string[]; lastDelivery: string | null; failures: number }>();
  readonly audit: { at: string; by: string; action: string; booking?: string; detail?: string }[] = [];
  feedKeys = 0;
  /** True when every booking's change cutoff has passed. */
  pastCutoff = false;
  /** The most rows a page of the owner's list holds. */
  pageSize = 200;
  private readonly scripted = new Map<MenuOperation, Scripted[]>();
  private readonly losing = new Set<MenuOperation>();
  private readonly states = new RequestStates((n) => `menu${n}`);
  private readonly moves = new RequestStates((n) => `move${n}`);
  /** What each spent round two did, by its body's exact text: what the outcome route tells again. */
  private readonly spends = new Map<string, unknown>();

  /** answerNext queues replies for one operation, each taken instead of the fake's own. */
  answerNext(operation: MenuOperation, ...replies: Scripted[]): void {
    this.scripted.set(operation, [...(this.scripted.get(operation) ?? []), ...replies]);
  }

  /** loseNextReply makes the next request to operation do all it does, then lose its reply. */
  loseNextReply(operation: MenuOperation): void {
    this.losing.add(operation);
  }

  install(): this {
    vi.stubGlobal('fetch', this.fetch);
    return this;
  }

  arrived(operation: MenuOperation): MenuArrived[] {
    return this.received.filter((request) => request.operation === operation);
  }

  sent(operation: MenuOperation, n: number): Record<string, unknown> {
    const request = this.arrived(operation)[n];
    if (request === undefined) {
      throw new Error(`no request ${n} to ${operation}: only ${this.arrived(operation).length} arrived`);
    }
    return JSON.parse(request.body) as Record<string, unknown>;
  }

  /** label is a start in the salon's words. */
  label(slot: string): string {
    const date = slot.slice(0, 10);
    const heading = mornings.find((m) => m.date === date)?.heading ?? date;
    return `${heading}, ${clock(minutesOf(slot))}`;
  }

  /** book records a booking straight away, as another customer's would be. */
  book(slot: string, service: string, stylist: string, name = 'Rosa Diaz', contact = 'rosa@example.org'): MenuBooking {
    const made: MenuBooking = {
      booking: `b${this.bookings.length + 1}`,
      slot,
      service,
      stylist,
      name,
      contact,
      words: '',
      status: 'booked',
      manage: `key-${this.bookings.length + 1}_-x`,
      sequence: 0,
    };
    this.bookings.push(made);
    return made;
  }

  private service(id: string) {
    return this.settings.services.find((s) => s.id === id);
  }

  /** intervals is when a stylist works on a date, in minutes since midnight: their own hours, else the salon's. */
  private intervals(stylist: (typeof menuSalon.stylists)[number], date: string): [number, number][] {
    const morning = mornings.find((m) => m.date === date);
    const hours = ((stylist as { hours?: Record<string, string[][]> }).hours ?? this.settings.hours) as Record<string, string[][]>;
    if (morning === undefined) {
      return [];
    }
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    return (hours[morning.day] ?? []).map(([from = '', to = '']) => [minutes(from), minutes(to)]);
  }

  /** free says whether stylist can start service at slot, leaving out the booking `except`. */
  free(service: string, stylist: string, slot: string, except?: string): boolean {
    const s = this.service(service);
    const p = this.settings.stylists.find((x) => x.id === stylist);
    if (s === undefined || p === undefined || !p.services.includes(service)) {
      return false;
    }
    const start = minutesOf(slot);
    const fits = this.intervals(p, slot.slice(0, 10)).some(([from, to]) => start >= from && start + s.minutes <= to && (start - from) % this.settings.gridMinutes === 0);
    if (!fits) {
      return false;
    }
    return !this.bookings.some((b) => {
      if (b.status !== 'booked' || b.stylist !== stylist || b.booking === except || b.slot.slice(0, 10) !== slot.slice(0, 10)) {
        return false;
      }
      const other = this.service(b.service);
      const theirs = minutesOf(b.slot);
      return theirs < start + s.minutes + s.afterMinutes && start < theirs + (other?.minutes ?? 0) + (other?.afterMinutes ?? 0);
    });
  }

  /** starts is every start on the fake's grid, earliest first. */
  starts(): string[] {
    return mornings.flatMap((m) => Array.from({ length: 12 }, (_, i) => `${m.date}T${clock(9 * 60 + i * 15)}:00Z`));
  }

  /** openFor is who is free at slot for service: the stylist asked for, or anyone in the salon's order. */
  openFor(service: string, stylist: string | undefined, slot: string, except?: string): string[] {
    return this.settings.stylists.filter((p) => (stylist === undefined || p.id === stylist) && this.free(service, p.id, slot, except)).map((p) => p.id);
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
      referrerPolicy: request.referrerPolicy,
    });
    const queued = operation === null ? undefined : this.scripted.get(operation)?.shift();
    const reply = queued ?? this.answer(request, url, body, route);
    if (operation !== null && this.losing.delete(operation)) {
      throw new TypeError('fetch failed');
    }
    return reply !== 'network down' && reply.status === 204 ? new Response(null, { status: 204 }) : respond(reply);
  };

  private answer(request: Request, url: URL, body: string, route: (typeof routes)[number] | undefined): Scripted {
    if (route === undefined) {
      return json(404, 'Not Found');
    }
    const [, path, operation] = route;
    const [, salonPart = '', second = ''] = path.exec(url.pathname) ?? [];
    const salon = decodeURIComponent(salonPart);
    const id = decodeURIComponent(second);
    const authorization = request.headers.get('authorization');
    if (ownerOnly.has(operation) && authorization !== `Bearer ${menuOwnerKey}`) {
      return json(401, "the owner's token is missing or wrong");
    }
    if (salon !== this.settings.salon) {
      return json(404, `there is no salon ${salon}`);
    }
    if (keyOnly.has(operation)) {
      const own = this.bookings.find((b) => b.booking === id);
      if (own === undefined || authorization !== `Bearer ${own.manage}`) {
        return json(404, `there is no booking ${id}`);
      }
      return this.mine(operation, own, body);
    }
    switch (operation) {
      case 'getSalon':
        return json(200, this.view());
      case 'putSalon':
        return this.put(body);
      case 'getAvailability':
        return this.availability(url);
      case 'book':
        return this.round(salon, body);
      case 'bookOutcome': {
        const told = this.spends.get(body);
        return told === undefined ? json(404, 'there is no outcome for this request') : json(200, told);
      }
      case 'listBookings':
        return this.list(url);
      case 'cancelBooking':
      case 'moveBooking':
        return this.owners(operation, id, body);
      case 'listWebhooks':
        return json(200, { webhooks: [...this.webhooks].map(([hook, w]) => ({ id: hook, ...w })) });
      case 'putWebhook': {
        const put = JSON.parse(body) as { url: string; events?: string[] };
        if (!put.url.startsWith('https://')) {
          return json(400, 'url must be https to a public address');
        }
        const created = !this.webhooks.has(id);
        const events = put.events ?? ['booking.created', 'booking.cancelled', 'booking.moved'];
        this.webhooks.set(id, { url: put.url, events, lastDelivery: null, failures: 0 });
        this.record('webhook.put', undefined, id);
        return json(200, { id, url: put.url, events, ...(created ? { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } : {}) });
      }
      case 'deleteWebhook':
        if (!this.webhooks.delete(id)) {
          return json(404, `there is no webhook ${id}`);
        }
        this.record('webhook.delete', undefined, id);
        return { status: 204, contentType: 'text/plain', body: '' };
      case 'newFeed':
        this.feedKeys += 1;
        this.record('feed.new');
        return json(200, { url: `http://salon.test/salons/studio-nine/calendar.ics?key=feed${this.feedKeys}` });
      case 'readAudit':
        return json(200, { entries: [...this.audit].reverse() });
      case 'eraseCustomer': {
        const { contact } = JSON.parse(body) as { contact: string };
        const digits = (c: string) => c.replace(/[^0-9]/g, '');
        const same = (c: string) => (contact.includes('@') ? c.toLowerCase() === contact.toLowerCase() : digits(c) !== '' && digits(c) === digits(contact));
        let erased = 0;
        for (const b of this.bookings.filter((x) => same(x.contact))) {
          b.name = '';
          b.contact = '';
          b.words = '';
          erased += 1;
        }
        this.record('customers.erase', undefined, `${erased} bookings`);
        return json(200, { erased });
      }
      default:
        return json(404, 'Not Found');
    }
  }

  private record(action: string, booking?: string, detail?: string): void {
    this.audit.push({ at: `2026-12-01T10:00:${pad(this.audit.length)}.000Z`, by: 'k1', action, ...(booking === undefined ? {} : { booking }), ...(detail === undefined ? {} : { detail }) });
  }

  private view(): unknown {
    const first = this.settings.services[0]?.id ?? '';
    return { ...this.settings, openSlots: this.starts().filter((s) => this.openFor(first, undefined, s).length > 0).slice(0, 50).map((slot) => ({ slot, label: this.label(slot) })) };
  }

  private put(body: string): Scripted {
    const next = JSON.parse(body) as Settings;
    for (const [i, s] of next.services.entries()) {
      if (s.minutes < 5 || s.minutes > 480 || s.minutes % 5 !== 0) {
        return json(400, `services[${i}].minutes must be 5 to 480, a multiple of 5`);
      }
    }
    for (const [i, p] of next.stylists.entries()) {
      for (const [d, intervals] of Object.entries((p as { hours?: Record<string, string[][]> }).hours ?? {})) {
        for (const [k, [from = '', to = ''] = []] of intervals.entries()) {
          if (from >= to) {
            return json(400, `stylists[${i}].hours.${d}[${k}] must start before it ends`);
          }
        }
      }
    }
    this.settings = { ...next, salon: this.settings.salon };
    this.record('salon.put');
    return json(200, this.view());
  }

  private availability(url: URL): Scripted {
    const service = url.searchParams.get('service') ?? '';
    const stylist = url.searchParams.get('stylist') ?? undefined;
    const s = this.service(service);
    if (s === undefined) {
      return json(400, `studio-nine offers no service ${service}`);
    }
    const p = stylist === undefined ? undefined : this.settings.stylists.find((x) => x.id === stylist);
    if (stylist !== undefined && p === undefined) {
      return json(400, `studio-nine has no stylist ${stylist}`);
    }
    if (p !== undefined && !p.services.includes(service)) {
      return json(400, `${p.name} doesn't do ${s.name}`);
    }
    const slots = this.starts()
      .map((slot) => ({ slot, label: this.label(slot), stylists: this.openFor(service, stylist, slot) }))
      .filter((slot) => slot.stylists.length > 0);
    return json(200, { service, stylist: stylist ?? null, slots, more: false });
  }

  private round(salon: string, text: string): Scripted {
    const body = JSON.parse(text) as BookBody<{ message: string; openSlots: string[]; customer?: { name?: string; contact?: string }; service?: string; stylist?: string }>;
    const args = body.arguments;
    if (args.customer === undefined) {
      return json(400, 'arguments.customer is required at this salon');
    }
    if (args.service === undefined) {
      return json(400, 'arguments.service is required at this salon');
    }
    const round = this.states.read(salon, body);
    if ('refusal' in round) {
      return round.refusal;
    }
    if (round.round === 'one') {
      const offered = args.openSlots.filter((slot) => this.openFor(args.service ?? '', args.stylist, slot).length > 0).slice(0, 2);
      if (offered.length === 0) {
        return json(200, complete({ status: 'not_booked', say: 'Nothing is open then, so the salon will call you.' }));
      }
      return json(200, question(offered, this.states.issue(salon, JSON.stringify(args), offered)));
    }
    const told = this.spend(args, round.slot);
    this.spends.set(text, told);
    return json(200, told);
  }

  private spend(args: { service?: string; stylist?: string; customer?: { name?: string; contact?: string }; message: string }, slot: string | undefined): unknown {
    if (slot === undefined) {
      return complete({ status: 'not_booked', say: 'No time was chosen, so nothing is booked.' });
    }
    const service = args.service ?? '';
    const who = this.openFor(service, args.stylist, slot)[0];
    if (who === undefined) {
      return complete({ status: 'not_booked', say: `${this.label(slot)} was taken meanwhile, so nothing is booked.` });
    }
    const made = this.book(slot, service, who, args.customer?.name ?? '', args.customer?.contact ?? '');
    made.words = args.message;
    const names = `${this.service(service)?.name ?? service} with ${this.settings.stylists.find((p) => p.id === who)?.name ?? who}`;
    return complete({ status: 'booked', slot, say: `${names}, ${this.label(slot)}, is yours.`, booking: made.booking, service, stylist: who, manage: made.manage });
  }

  private own(b: MenuBooking): unknown {
    const s = this.service(b.service);
    const p = this.settings.stylists.find((x) => x.id === b.stylist);
    const start = Date.parse(b.slot);
    const changeUntil = new Date(start - this.settings.changeCutoffHours * 3_600_000).toISOString().replace('.000Z', 'Z');
    return {
      booking: b.booking,
      salon: this.settings.salon,
      salonName: this.settings.name,
      phone: this.settings.phone,
      service: b.service,
      serviceName: s?.name ?? b.service,
      stylist: b.stylist,
      stylistName: p?.name ?? b.stylist,
      slot: b.slot,
      label: this.label(b.slot),
      ends: new Date(start + (s?.minutes ?? 0) * 60_000).toISOString().replace('.000Z', 'Z'),
      status: b.status,
      name: b.name,
      contact: b.contact,
      changeUntil,
      canChange: b.status === 'booked' && !this.pastCutoff,
      sequence: b.sequence,
    };
  }

  private closed(): Scripted {
    return json(409, `changes close ${this.settings.changeCutoffHours} hours before the appointment; call ${this.settings.name} on ${this.settings.phone}`);
  }

  private mine(operation: MenuOperation, b: MenuBooking, text: string): Scripted {
    switch (operation) {
      case 'myBooking':
        return json(200, this.own(b));
      case 'myBookingCalendar':
        return {
          status: 200,
          contentType: 'text/calendar; charset=utf-8',
          body: `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:${b.booking}@studio-nine\r\nSEQUENCE:${b.sequence}\r\nSTATUS:${b.status === 'booked' ? 'CONFIRMED' : 'CANCELLED'}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
        };
      case 'cancelMyBooking':
        if (b.status === 'cancelled') {
          return json(409, 'this booking is already cancelled');
        }
        if (this.pastCutoff) {
          return this.closed();
        }
        b.status = 'cancelled';
        b.sequence += 1;
        return json(200, this.own(b));
      default: {
        if (b.status === 'cancelled') {
          return json(409, 'this booking is already cancelled');
        }
        if (this.pastCutoff) {
          return this.closed();
        }
        const body = JSON.parse(text) as BookBody<{ message: string; openSlots: string[]; stylist?: string }>;
        const round = this.moves.read(b.booking, body);
        if ('refusal' in round) {
          return round.refusal;
        }
        const stylist = body.arguments.stylist ?? b.stylist;
        if (round.round === 'one') {
          const offered = body.arguments.openSlots.filter((slot) => this.free(b.service, stylist, slot, b.booking)).slice(0, 2);
          if (offered.length === 0) {
            return json(200, complete({ status: 'not_booked', say: `Nothing is open then, so your booking stays at ${this.label(b.slot)}.` }));
          }
          return json(200, question(offered, this.moves.issue(b.booking, JSON.stringify(body.arguments), offered)));
        }
        if (round.slot === undefined) {
          return json(200, complete({ status: 'not_booked', say: 'No time was chosen, so your booking stays as it is.' }));
        }
        if (!this.free(b.service, stylist, round.slot, b.booking)) {
          return json(200, complete({ status: 'not_booked', say: `${this.label(round.slot)} was taken meanwhile, so your booking stays at ${this.label(b.slot)}.` }));
        }
        b.slot = round.slot;
        b.stylist = stylist;
        b.sequence += 1;
        const names = `${this.service(b.service)?.name ?? b.service} with ${this.settings.stylists.find((p) => p.id === stylist)?.name ?? stylist}`;
        return json(200, complete({ status: 'booked', slot: b.slot, say: `${names} is now ${this.label(b.slot)}.`, booking: b.booking }));
      }
    }
  }

  private entry(b: MenuBooking): unknown {
    const s = this.service(b.service);
    return {
      booking: b.booking,
      slot: b.slot,
      label: this.label(b.slot),
      name: b.name,
      contact: b.contact,
      words: b.words,
      bookedAt: '2026-12-01T09:00:00Z',
      status: b.status,
      service: b.service,
      serviceName: s?.name ?? b.service,
      stylist: b.stylist,
      stylistName: this.settings.stylists.find((p) => p.id === b.stylist)?.name ?? b.stylist,
      ends: new Date(Date.parse(b.slot) + (s?.minutes ?? 0) * 60_000).toISOString().replace('.000Z', 'Z'),
      fits: b.status === 'cancelled' || this.free(b.service, b.stylist, b.slot, b.booking),
    };
  }

  private list(url: URL): Scripted {
    const from = Date.parse(url.searchParams.get('from') ?? '2000-01-01T00:00:00Z');
    const to = Date.parse(url.searchParams.get('to') ?? '2100-01-01T00:00:00Z');
    const after = Number(url.searchParams.get('after') ?? '0');
    const limit = Number(url.searchParams.get('limit') ?? String(this.pageSize));
    const rows = this.bookings
      .filter((b) => Date.parse(b.slot) >= from && Date.parse(b.slot) < to)
      .sort((a, b) => Date.parse(a.slot) - Date.parse(b.slot) || a.booking.localeCompare(b.booking));
    const page = rows.slice(after, after + Math.min(limit, this.pageSize));
    const more = after + page.length < rows.length;
    return json(200, { bookings: page.map((b) => this.entry(b)), ...(more ? { next: String(after + page.length) } : {}) });
  }

  private owners(operation: MenuOperation, id: string, text: string): Scripted {
    const b = this.bookings.find((x) => x.booking === id);
    if (b === undefined) {
      return json(404, `there is no booking ${id}`);
    }
    if (operation === 'cancelBooking') {
      b.status = 'cancelled';
      b.sequence += 1;
      this.record('booking.cancel', b.booking);
      return json(200, this.entry(b));
    }
    if (b.status === 'cancelled') {
      return json(409, `booking ${b.booking} is cancelled`);
    }
    const move = JSON.parse(text) as { slot: string; stylist?: string };
    const stylist = move.stylist ?? b.stylist;
    if (!this.starts().includes(move.slot)) {
      return json(404, `there is no slot ${move.slot}`);
    }
    if (!this.free(b.service, stylist, move.slot, b.booking)) {
      return json(409, `${this.label(move.slot)} is taken for ${this.settings.stylists.find((p) => p.id === stylist)?.name ?? stylist}`);
    }
    b.slot = move.slot;
    b.stylist = stylist;
    b.sequence += 1;
    this.record('booking.move', b.booking);
    return json(200, this.entry(b));
  }
}
