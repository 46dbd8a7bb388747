// The pages' pure parts: reading refusals, the strict calendar decoders, days and the owner's agenda, addresses, what is kept on the device, and the build's Brotli copies.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { myBookingOperations, ownerOperations } from '../src/api/emptyApi';
import { reasonOf } from '../src/api/refusal';
import { decodeAvailability, decodeBookings, decodeDirectory, decodeSalon, decodeSlots } from '../src/calendar/decode';
import { decodeOwn } from '../src/my/decode';
import { decodeAudit, decodeDropped, decodeErased, decodeFeed, decodePutWebhook, decodeWebhooks } from '../src/owner/decode';
import type { Entry } from '../src/calendar/decode';
import { agenda, byDay, splitLabel } from '../src/page/days';
import { customerKey, keepOwnerToken, ownerTokenKey, recallCustomer, recallOwnerToken, rememberCustomer } from '../src/page/remember';
import type { Keeping } from '../src/page/remember';
import { bookingPath, routeOf } from '../src/page/route';
import { telHref } from '../src/page/parts';
import { precompress } from '../scripts/precompress.mjs';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('Scenario: a refusal is read into one reason, from the strings the service fixes', () => {
  it.each([
    [400, 'requestState has expired', 'expired'],
    [400, 'requestState was already used', 'used'],
    [400, 'requestState belongs to another request', 'another request'],
    [400, "requestState doesn't verify", 'damaged'],
    [400, '2026-12-05T13:00:00Z was never offered', 'answer refused'],
    [400, 'no answer to the question asked', 'answer refused'],
    [400, 'the answer is not an accept, a decline or a cancel', 'answer refused'],
    [400, 'answers and their requestState travel together', 'answer refused'],
    [400, 'arguments.customer is required at this salon', 'customer'],
    [400, 'arguments.customer.name must be 1 to 100 characters', 'customer'],
    [404, 'there is no salon elsewhere', 'no salon'],
    [404, 'there is no booking b1', 'no booking'],
    [404, 'there is no slot 2026-12-05T09:10:00Z', 'no slot'],
    [409, 'Saturday 5 December, 09:00 is booked; cancel the booking first', 'slot booked'],
    [409, 'this booking has been moved 3 times; call Studio Nine on +44 20 7946 0000 to change it again', 'moved too often'],
    [400, 'arguments.customer.name must be a name, not an address', 'customer'],
    [503, 'the booking service is unavailable', 'unavailable'],
    [429, 'too many requests; try again shortly', 'too many'],
    [429, 'Too Many Requests', 'too many'],
    [401, "the owner's token is missing or wrong", 'wrong token'],
    [503, 'Service Unavailable', 'unavailable'],
    [401, undefined, 'wrong token'],
    [400, 'arguments.openSlots must be a list of strings', 'other'],
    [502, { error: 'Bad Gateway' }, 'other'],
  ])('reads %i %j as %s', (status, body, reason) => {
    expect(reasonOf(status, body)).toBe(reason);
  });
});

describe('Scenario: the calendar’s replies decode strictly, or name the field that broke', () => {
  const view = {
    salon: 'studio-nine',
    name: 'Studio Nine',
    timeZone: 'Europe/London',
    phone: '+44 20 7946 0000',
    prices: [{ service: 'cut', price: '$45' }],
    hours: {},
    slotMinutes: 45,
    horizonDays: 14,
    changeCutoffHours: 24,
    maxUpcomingPerContact: 0,
    maxBookingsPerMinute: 30,
    paymentMinutes: 30,
    language: 'en',
    embedOrigins: ['https://studio-nine.example'],
    openSlots: [{ slot: '2026-12-05T09:00:00Z', label: 'Saturday 5 December, 09:00' }],
  };
  it('reads a simple salon, keeping only what the pages use', () => {
    expect(decodeSalon({ ...view, unknown: 'ignored' })).toEqual({
      ok: true,
      value: {
        salon: 'studio-nine',
        name: 'Studio Nine',
        phone: '+44 20 7946 0000',
        timeZone: 'Europe/London',
        hours: {},
        horizonDays: 14,
        changeCutoffHours: 24,
        maxUpcomingPerContact: 0,
        maxBookingsPerMinute: 30,
        paymentMinutes: 30,
        language: 'en',
        embedOrigins: ['https://studio-nine.example'],
        prices: view.prices,
        slotMinutes: 45,
        menu: null,
        openSlots: view.openSlots,
      },
    });
  });
  it.each([
    ['a salon that is a list', [], 'the salon is not an object'],
    ['an embedding site that is no string', { ...view, embedOrigins: [7] }, 'the salon.embedOrigins[0] is not a non-empty string'],
    ['a salon with no phone', { ...view, phone: undefined }, 'the salon.phone is not a non-empty string'],
    ['a salon with an empty name', { ...view, name: '' }, 'the salon.name is not a non-empty string'],
    ['prices that are not a list', { ...view, prices: 'cut $45' }, 'the salon.prices is not a list'],
    ['a price with no price', { ...view, prices: [{ service: 'cut' }] }, 'the salon.prices[0].price is not a string'],
    ['an open time with no label', { ...view, openSlots: [{ slot: 's' }] }, 'the salon.openSlots[0].label is not a non-empty string'],
    ['an open time listed twice', { ...view, openSlots: [view.openSlots[0], view.openSlots[0]] }, 'the salon.openSlots lists 2026-12-05T09:00:00Z twice'],
  ])('refuses %s', (_, body, problem) => {
    expect(decodeSalon(body)).toEqual({ ok: false, problem });
  });
  it.each([
    ['a list that does not say whether calendars are kept', { salons: [] }, 'the list of salons does not say whether calendars are kept'],
    ['a salon with no id', { salons: [{ name: 'Studio Nine' }], calendar: true }, 'the list of salons.salons[0].salon is not a non-empty string'],
  ])('refuses %s', (_, body, problem) => {
    expect(decodeDirectory(body)).toEqual({ ok: false, problem });
  });
  it('reads the list of salons', () => {
    expect(decodeDirectory({ salons: [], calendar: false })).toEqual({ ok: true, value: { salons: [], calendar: false } });
  });
  it.each([
    ['a booking of a status the page does not know', { bookings: [{ ...entry('b1', '2026-12-05T09:00:00Z'), status: 'moved' }] }, 'the bookings[0].status "moved" is not one the client knows'],
    ['a booking with no contact', { bookings: [{ ...entry('b1', '2026-12-05T09:00:00Z'), contact: 7 }] }, 'the bookings[0].contact is not a string'],
    ['bookings that are not a list', { bookings: {} }, 'the bookings.bookings is not a list'],
  ])('refuses %s', (_, body, problem) => {
    expect(decodeBookings(body)).toEqual({ ok: false, problem });
  });
  it('refuses a slot of a state the page does not know', () => {
    expect(decodeSlots({ slots: [{ slot: 's', label: 'l', status: 'held' }] })).toEqual({ ok: false, problem: 'the slots[0].status "held" is not one the client knows' });
  });
});

function entry(booking: string, slot: string, status: Entry['status'] = 'booked'): Entry {
  return {
    booking,
    slot,
    label: `label of ${slot}`,
    name: 'Ana Lima',
    contact: '+44 7700 900123',
    words: 'A cut?',
    bookedAt: '2026-12-04T12:00:00Z',
    status,
    service: null,
    services: [],
    serviceName: null,
    stylist: null,
    stylistName: null,
    ends: null,
    fits: true, deposit: null, lastText: null,
  };
}

describe('Scenario: times are grouped by the salon’s day, and the owner’s agenda misses no booking', () => {
  it('groups by the date the slot id carries, and reads the time from the label', () => {
    const days = byDay([
      { slot: '2026-12-05T09:00:00Z', label: 'Saturday 5 December, 09:00' },
      { slot: '2026-12-05T09:45:00Z', label: 'Saturday 5 December, 09:45' },
      { slot: '2026-06-06T23:30:00+01:00', label: 'Saturday 6 June, 23:30' },
    ]);
    expect(days.map((d) => [d.key, d.heading, d.times.map((t) => t.time)])).toEqual([
      ['2026-12-05', 'Saturday 5 December', ['09:00', '09:45']],
      ['2026-06-06', 'Saturday 6 June', ['23:30']],
    ]);
    expect(splitLabel('Tuesday')).toEqual({ day: 'Tuesday', time: '' });
  });

  it('puts each slot beside its live booking and its cancelled ones, and keeps a booking past the list', () => {
    const rows = agenda(
      [
        { slot: '2026-12-05T09:00:00Z', label: 'Saturday 5 December, 09:00', status: 'booked' },
        { slot: '2026-12-05T09:45:00Z', label: 'Saturday 5 December, 09:45', status: 'closed' },
      ],
      [entry('b2', '2026-12-12T09:00:00Z'), entry('b0', '2026-12-05T09:00:00Z', 'cancelled'), entry('b1', '2026-12-05T09:00:00Z')],
    );
    expect(rows.map((r) => [r.slot, r.status, r.booking?.booking ?? null, r.cancelled.map((c) => c.booking)])).toEqual([
      ['2026-12-05T09:00:00Z', 'booked', 'b1', ['b0']],
      ['2026-12-05T09:45:00Z', 'closed', null, []],
      ['2026-12-12T09:00:00Z', 'booked', 'b2', []],
    ]);
  });
});

describe('Scenario: an address names its page', () => {
  it.each([
    ['/', { page: 'home' }],
    ['/book/studio-nine', { page: 'salon', salon: 'studio-nine' }],
    ['/book/hair%20%26%20co/', { page: 'salon', salon: 'hair & co' }],
    ['/owner/', { page: 'owner' }],
    ['/owner', { page: 'owner' }],
    ['/book/', { page: 'no such page' }],
    ['/book/%E0%A4%A', { page: 'no such page' }],
    [`/book/${'x'.repeat(65)}`, { page: 'no such page' }],
    ['/elsewhere', { page: 'no such page' }],
  ])('reads %s', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });
  it('writes a salon’s address so that it reads back', () => {
    expect(bookingPath('hair & co/annex')).toBe('/book/hair%20%26%20co%2Fannex');
    expect(routeOf(bookingPath('hair & co/annex'))).toEqual({ page: 'salon', salon: 'hair & co/annex' });
  });
  it('dials only what a phone number dials', () => {
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(telHref('(020) 7946-0000')).toBe('tel:02079460000');
  });
});

/** A Storage kept in a Map, as a browser's would be. */
function memoryStorage(): Keeping & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('Scenario: the device keeps the customer’s details only when they agree, and the token for the tab', () => {
  const ana = { name: 'Ana Lima', contact: '+44 7700 900123' };
  it('keeps nothing unless the customer ticks the box', () => {
    const storage = memoryStorage();
    rememberCustomer(storage, ana, false);
    expect(storage.items.size).toBe(0);
    expect(recallCustomer(storage)).toBeNull();
  });
  it('keeps the details when ticked, and forgets them when unticked later', () => {
    const storage = memoryStorage();
    rememberCustomer(storage, ana, true);
    expect(JSON.parse(storage.items.get(customerKey) ?? 'null')).toEqual(ana);
    expect(recallCustomer(storage)).toEqual(ana);
    rememberCustomer(storage, ana, false);
    expect(recallCustomer(storage)).toBeNull();
  });
  it('reads details it can’t parse as none', () => {
    const storage = memoryStorage();
    storage.setItem(customerKey, '{"name":');
    expect(recallCustomer(storage)).toBeNull();
    storage.setItem(customerKey, '{"name":"Ana","contact":7}');
    expect(recallCustomer(storage)).toBeNull();
  });
  it('keeps the owner’s token, and forgets it', () => {
    const storage = memoryStorage();
    keepOwnerToken(storage, 'secret-token');
    expect(storage.items.get(ownerTokenKey)).toBe('secret-token');
    expect(recallOwnerToken(storage)).toBe('secret-token');
    keepOwnerToken(storage, null);
    expect(recallOwnerToken(storage)).toBeNull();
  });
  it('goes on when the storage refuses', () => {
    const refusing: Keeping = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberCustomer(refusing, ana, true)).not.toThrow();
    expect(recallCustomer(refusing)).toBeNull();
    expect(() => keepOwnerToken(refusing, 't')).not.toThrow();
    expect(recallOwnerToken(refusing)).toBeNull();
  });
});

describe('Scenario: the client’s idea of the owner’s operations is the document’s', () => {
  const document = JSON.parse(readFileSync(web('../openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
  const config = createRequire(import.meta.url)(web('openapi-config.cjs')) as { filterEndpoints: string[] };
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

  const inDocument = operations.map((op) => op.operationId).filter((id): id is string => id !== undefined);
  const guardedBy = (scheme: string) =>
    operations
      .filter((op) => (op.security ?? []).some((requirement) => typeof requirement === 'object' && requirement !== null && scheme in requirement))
      .map((op) => op.operationId);

  it('sends the owner’s token on exactly the generated operations the document guards with it', () => {
    const guarded = guardedBy('ownerToken').filter((id) => id !== undefined && config.filterEndpoints.includes(id));
    expect([...ownerOperations].sort()).toEqual(guarded.sort());
  });

  it('sends a manage key on exactly the generated operations the document guards with it', () => {
    const guarded = guardedBy('manageKey').filter((id) => id !== undefined && config.filterEndpoints.includes(id));
    expect([...myBookingOperations].sort()).toEqual(guarded.sort());
    expect(inDocument).toContain('myBookingCalendar');
  });

  it('covers every operation it calls in the consumer’s contract, the calendar file it fetches itself included', () => {
    const contract = JSON.parse(readFileSync(web('consumer.contract.json'), 'utf8')) as { rounds: { route: { operationId?: string } }[] };
    const covered = new Set(contract.rounds.map((round) => round.route.operationId));
    expect([...config.filterEndpoints, 'myBookingCalendar'].filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('Scenario: the build writes a Brotli copy beside each text file, and only where it is smaller', () => {
  it('writes copies that decode to the files, and none for images or for what Brotli can’t shrink', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      const script = 'export const salon = "Studio Nine";\n'.repeat(200);
      writeFileSync(join(dir, 'index.js'), script);
      writeFileSync(join(dir, 'a.css'), 'a');
      writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096));
      const written = precompress(dir);
      expect(written.map((w) => w.path.slice(dir.length + 1))).toEqual(['index.js']);
      expect(brotliDecompressSync(readFileSync(join(dir, 'index.js.br'))).toString()).toBe(script);
      expect(existsSync(join(dir, 'a.css.br'))).toBe(false);
      expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Scenario: the replies the menu, the customer’s booking and the owner’s sections read decode strictly', () => {
  const openings = { service: 'colour', stylist: null, slots: [{ slot: '2026-12-02T10:00:00Z', label: 'Wednesday 2 December, 10:00', stylists: ['ana'] }], more: false };
  it('reads a service’s open times, anyone’s as null', () => {
    expect(decodeAvailability(openings)).toEqual({
      ok: true,
      value: { service: 'colour', stylist: null, times: [{ slot: '2026-12-02T10:00:00Z', label: 'Wednesday 2 December, 10:00', stylists: ['ana'] }], more: false },
    });
  });
  it.each([
    ['open times with no stylist field at all', JSON.parse(JSON.stringify({ ...openings, stylist: undefined })) as unknown, 'the open times.stylist is missing'],
    ['a time nobody is free for', { ...openings, slots: [{ ...openings.slots[0], stylists: [] }] }, 'the open times.slots[0].stylists is empty'],
    ['a time that isn’t RFC 3339', { ...openings, slots: [{ ...openings.slots[0], slot: 'wed-10:00' }] }, 'the open times.slots[0].slot is not a time written in RFC 3339'],
    ['no word on whether more were left out', { ...openings, more: 'no' }, 'the open times.more is not true or false'],
  ])('refuses %s', (_, body, problem) => {
    expect(decodeAvailability(body)).toEqual({ ok: false, problem });
  });

  const own = {
    booking: 'b1', salon: 'studio-nine', salonName: 'Studio Nine', phone: '+44 20 7946 0000', service: 'cut', serviceName: 'Cut', stylist: 'ana', stylistName: 'Ana',
    slot: '2026-12-02T10:00:00Z', label: 'Wednesday 2 December, 10:00', ends: '2026-12-02T10:45:00Z', status: 'booked', name: 'Ana Lima', contact: 'ana@example.org',
    changeUntil: '2026-12-01T10:00:00Z', canChange: true, sequence: 0,
  };
  it('reads the customer’s booking, and a simple salon’s with no service or stylist', () => {
    expect(decodeOwn(own)).toMatchObject({ ok: true, value: { service: 'cut', stylistName: 'Ana', canChange: true } });
    expect(decodeOwn({ ...own, service: null, serviceName: null, stylist: null, stylistName: null })).toMatchObject({ ok: true, value: { service: null, stylistName: null } });
  });
  it.each([
    ['a menu booking with no stylist’s name', { ...own, stylistName: null }, 'the booking.stylistName is not a non-empty string'],
    ['no word on whether it can change', { ...own, canChange: 'yes' }, 'the booking.canChange is not true or false'],
    ['a sequence that isn’t a count', { ...own, sequence: -1 }, 'the booking.sequence is not a whole number'],
    ['a status it doesn’t know', { ...own, status: 'moved' }, 'the booking.status "moved" is not one the client knows'],
  ])('refuses %s', (_, body, problem) => {
    expect(decodeOwn(body)).toEqual({ ok: false, problem });
  });

  it('reads the messages held back past a contact’s daily bound', () => {
    const dropped = { booking: 'b1', event: 'booking.moved', kind: 'mail', at: '2026-12-04T10:00:00Z' };
    expect(decodeDropped({ dropped: [dropped] })).toEqual({ ok: true, value: [dropped] });
    expect(decodeDropped({ dropped: [] })).toEqual({ ok: true, value: [] });
  });
  it.each([
    ['a webhook with a negative count of failures', () => decodeWebhooks({ webhooks: [{ id: 'crm', url: 'https://x.example', events: [], lastDelivery: null, failures: -1 }] }), 'the webhooks[0].failures is not a whole number'],
    ['a secret that isn’t one', () => decodePutWebhook({ id: 'crm', url: 'https://x.example', events: [], secret: 'hunter2' }), 'the webhook.secret does not start with whsec_'],
    ['a feed that isn’t a web address', () => decodeFeed({ url: 'javascript:alert(1)' }), 'the feed.url is not a web address'],
    ['an audit entry with no time', () => decodeAudit({ entries: [{ by: 'operator', action: 'putSalon', booking: '', detail: '' }] }), 'the audit.entries[0].at is not a string'],
    ['an erasure with no count', () => decodeErased({ erased: 'all' }), 'the erasure.erased is not a whole number'],
    ['a dropped message with no booking', () => decodeDropped({ dropped: [{ booking: '', event: 'booking.created', kind: 'mail', at: '2026-12-04T10:00:00Z' }] }), 'the dropped messages[0].booking is not a non-empty string'],
  ])('refuses %s', (_, decode, problem) => {
    expect(decode()).toEqual({ ok: false, problem });
  });
});
