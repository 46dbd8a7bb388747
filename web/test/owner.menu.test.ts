// The owner at a menu salon: the calendar's layout (windows in the salon's zone, lanes, spans drawn to their length), the settings form's round trip and where a refusal lands, and the owner's operations through the real store against the fake menu salon.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from '../src/api/booking';
import type { Trouble } from '../src/api/booking';
import { ownerOperations } from '../src/api/emptyApi';
import { fieldOf, reasonOf } from '../src/api/refusal';
import type { Entry, Salon } from '../src/calendar/decode';
import { instantOf, offsetMinutes, rfc3339, wallOf } from '../src/calendar/zone';
import { axisOf, blocksOf, closedSpans, lanesOf, partsOf, windowOf } from '../src/owner/calendar';
import { bodyOf, draftOf, idFrom, isRefused, placeOf, placesOf, withClosures, withoutResource } from '../src/owner/settings';
import { blockName } from '../src/owner/CalendarView';
import { closureWords } from '../src/owner/Closures';
import { ready } from '../src/owner/messages';
import { troubleWords } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeMenu, menuOwnerKey } from './fakeMenu';

// The owner's page's words come with it, as the page fetches them.
beforeAll(() => ready);

const origin = 'http://salon.test';
const salon = 'studio-nine';

let fake: FakeMenu;
let store: AppStore;

beforeEach(() => {
  fake = new FakeMenu().install();
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], ownerToken: menuOwnerKey });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function readSalon(): Promise<Salon> {
  const read = await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }, { forceRefetch: true, subscribe: false }));
  if (read.data?.ok !== true) {
    throw new Error(`got ${JSON.stringify(read.data ?? read.error)}, want the salon`);
  }
  return read.data.value;
}

async function week(): Promise<readonly Entry[]> {
  const shown = windowOf('week', '2026-12-02', 'Europe/London');
  const read = await store.dispatch(bookingApi.endpoints.listBookings.initiate({ salon, from: shown.from, to: shown.to, limit: 1000 }, { forceRefetch: true, subscribe: false }));
  if (read.data?.ok !== true) {
    throw new Error(`got ${JSON.stringify(read.data ?? read.error)}, want the bookings`);
  }
  return read.data.value.entries;
}

describe('Scenario: the salon’s clock, read through the browser’s zones', () => {
  it('places wall times in the zone, across both changes of the clocks', () => {
    expect(rfc3339(instantOf('2026-12-02', '09:00', 'Europe/London'), 'Europe/London')).toBe('2026-12-02T09:00:00Z');
    expect(rfc3339(instantOf('2026-06-06', '10:30', 'Europe/London'), 'Europe/London')).toBe('2026-06-06T10:30:00+01:00');
    // London springs forward at 01:00 on 29 March 2026: 01:30 doesn't happen, and lands after the gap.
    expect(rfc3339(instantOf('2026-03-29', '01:30', 'Europe/London'), 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    // and falls back at 02:00 on 25 October: 01:30 happens twice, and is its first occurrence.
    expect(rfc3339(instantOf('2026-10-25', '01:30', 'Europe/London'), 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
    expect(rfc3339(instantOf('2026-12-02', '09:00', 'Australia/Sydney'), 'Australia/Sydney')).toBe('2026-12-02T09:00:00+11:00');
    expect(offsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'America/New_York')).toBe(-240);
    expect(wallOf('2026-12-05T23:30:00Z', 'Asia/Tokyo')).toEqual({ date: '2026-12-06', time: '08:30', minutes: 510, day: 'sun' });
  });

  it('asks for a day, or a week from its Monday, between the salon’s midnights', () => {
    expect(windowOf('day', '2026-12-02', 'Europe/London')).toEqual({ dates: ['2026-12-02'], from: '2026-12-02T00:00:00Z', to: '2026-12-03T00:00:00Z' });
    const summer = windowOf('week', '2026-06-10', 'Europe/London');
    expect(summer.dates[0]).toBe('2026-06-08');
    expect(summer.dates).toHaveLength(7);
    expect(summer.from).toBe('2026-06-08T00:00:00+01:00');
    expect(summer.to).toBe('2026-06-15T00:00:00+01:00');
  });
});

describe('Scenario: a week by stylist, each booking drawn to its length', () => {
  it('gives each stylist a lane, places each live booking by its start and length, with processing after it', async () => {
    fake.book('2026-12-02T09:00:00Z', 'colour', 'ana', 'Ana Lima', 'ana@example.org');
    fake.book('2026-12-02T09:30:00Z', 'cut', 'ben', 'Bo Li', '+44 7700 900001');
    fake.book('2026-12-04T10:00:00Z', 'beard-trim', 'chloe', 'Cy Do', 'cy@example.org');
    const gone = fake.book('2026-12-02T11:00:00Z', 'cut', 'ben');
    gone.status = 'cancelled';
    const view = await readSalon();
    const entries = await week();
    expect(entries.map((e) => [e.booking, e.service, e.stylistName, e.ends, e.fits])).toEqual([
      ['b1', 'colour', 'Ana', '2026-12-02T10:30:00Z', true],
      ['b2', 'cut', 'Ben', '2026-12-02T10:15:00Z', true],
      ['b4', 'cut', 'Ben', '2026-12-02T11:45:00Z', true],
      ['b3', 'beard-trim', 'Chloé', '2026-12-04T10:15:00Z', true],
    ]);
    expect(lanesOf(view, entries).map((l) => l.name)).toEqual(['Ana', 'Ben', 'Chloé']);
    const blocks = blocksOf(view, entries);
    // Overlapping services across stylists: Ana's colour and Ben's cut share 09:30 to 10:15, each in its own lane.
    expect(blocks.map((b) => [b.lane, b.date, b.start, b.minutes, b.after])).toEqual([
      ['ana', '2026-12-02', 540, 90, 30],
      ['ben', '2026-12-02', 570, 45, 0],
      ['chloe', '2026-12-04', 600, 15, 0],
    ]);
    expect(blockName(blocks[0]!)).toBe('09:00 Colour Ana Lima on Wednesday 2 December, until 10:30, with Ana');
    const dates = windowOf('week', '2026-12-02', 'Europe/London').dates;
    const axis = axisOf(view, lanesOf(view, entries), dates, blocks);
    expect(axis).toEqual({ start: 540, end: 720 });
    // Ben works the salon's hours: all Wednesday morning. Chloé doesn't work Wednesdays.
    expect(closedSpans(view, 'ben', '2026-12-02', axis)).toEqual([]);
    expect(closedSpans(view, 'chloe', '2026-12-02', axis)).toEqual([[540, 720]]);
  });

  it('gives a booking of a stylist no longer on the team a lane of its own, and marks one that no longer fits', async () => {
    fake.book('2026-12-02T09:00:00Z', 'cut', 'ana');
    fake.settings.stylists = fake.settings.stylists.filter((p) => p.id !== 'ana');
    const view = await readSalon();
    const entries = await week();
    expect(entries[0]?.fits).toBe(false);
    expect(lanesOf(view, entries).map((l) => [l.id, l.name])).toEqual([
      ['ben', 'Ben'],
      ['chloe', 'Chloé'],
      ['ana', 'ana'],
    ]);
    expect(blockName(blocksOf(view, entries)[0]!)).toMatch(/, no longer fits the settings$/);
  });
});

describe('Scenario: the owner moves and cancels a booking, behind the salon’s key', () => {
  it('moves a booking to a free time with another stylist, sending the key on the owner’s routes only', async () => {
    const made = fake.book('2026-12-02T09:00:00Z', 'cut', 'ana');
    await store.dispatch(bookingApi.endpoints.getAvailability.initiate({ salon, service: 'cut' }));
    const moved = await store.dispatch(bookingApi.endpoints.moveBooking.initiate({ salon, booking: made.booking, moveRequest: { slot: '2026-12-02T10:00:00Z', stylist: 'ben' } }));
    expect(moved.data).toMatchObject({ ok: true, value: { slot: '2026-12-02T10:00:00Z', stylist: 'ben', stylistName: 'Ben' } });
    expect(fake.sent('moveBooking', 0)).toEqual({ slot: '2026-12-02T10:00:00Z', stylist: 'ben' });
    for (const request of fake.received) {
      const owners = request.operation !== null && ownerOperations.includes(request.operation);
      expect(request.authorization, request.url).toBe(owners ? `Bearer ${menuOwnerKey}` : null);
    }
  });

  it('says in the owner’s words when the time is taken for that stylist', async () => {
    const made = fake.book('2026-12-02T09:00:00Z', 'cut', 'ana');
    fake.book('2026-12-02T10:00:00Z', 'cut', 'ben');
    const moved = await store.dispatch(bookingApi.endpoints.moveBooking.initiate({ salon, booking: made.booking, moveRequest: { slot: '2026-12-02T10:00:00Z', stylist: 'ben' } }));
    expect(moved.error).toEqual({ kind: 'refused', status: 409, reason: 'taken' });
    expect(troubleWords(moved.error as Trouble, 'Wednesday 2 December, 10:00')).toBe("Wednesday 2 December, 10:00 isn't free for that stylist any more. Choose another time.");
  });

  it('signs out at once when the key is refused', async () => {
    store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], ownerToken: 'a key of another salon' });
    await store.dispatch(bookingApi.endpoints.readAudit.initiate({ salon }));
    expect(store.getState().owner).toEqual({ token: null, refused: true });
  });
});

describe('Scenario: the owner edits the settings, and sees a refusal by the field it names', () => {
  it('puts back exactly the settings it read when nothing is changed', async () => {
    const view = await readSalon();
    const body = bodyOf(draftOf(view));
    const { salon: _id, ...put } = fake.settings;
    expect(body).toEqual(put);
  });

  it('changes a stylist’s hours, and the open times follow', async () => {
    const view = await readSalon();
    const draft = draftOf(view);
    const ben = draft.stylists.findIndex((p) => p.id === 'ben');
    const body = bodyOf({
      ...draft,
      stylists: draft.stylists.map((p, i) => (i === ben ? { ...p, ownHours: true, hours: { ...p.hours, wed: [{ from: '11:00', to: '12:00' }] } } : p)),
    });
    if (isRefused(body)) {
      throw new Error(`the form refused ${JSON.stringify(body)}`);
    }
    const before = await store.dispatch(bookingApi.endpoints.getAvailability.initiate({ salon, service: 'cut', stylist: 'ben' }));
    expect(before.data?.ok === true && before.data.value.times.some((t) => t.slot === '2026-12-02T09:00:00Z')).toBe(true);
    const put = await store.dispatch(bookingApi.endpoints.putSalon.initiate({ salon, salonSettings: body }));
    expect(put.data?.ok).toBe(true);
    expect(fake.sent('putSalon', 0)).toMatchObject({ stylists: [{ id: 'ana' }, { id: 'ben', hours: { wed: [['11:00', '12:00']], fri: [['09:00', '12:00']] } }, { id: 'chloe' }] });
    const shown = () => {
      const after = bookingApi.endpoints.getAvailability.select({ salon, service: 'cut', stylist: 'ben' })(store.getState()).data;
      return after?.ok === true ? after.value.times.filter((t) => t.slot.startsWith('2026-12-02')).map((t) => t.slot) : null;
    };
    await vi.waitFor(() => expect(shown()).toEqual(['2026-12-02T11:00:00Z', '2026-12-02T11:15:00Z']));
    expect(fake.arrived('getAvailability')).toHaveLength(2);
  });

  it('keeps a refusal’s words and places it by the field it names', async () => {
    const view = await readSalon();
    const draft = draftOf(view);
    const body = bodyOf({ ...draft, services: draft.services.map((s, i) => (i === 1 ? { ...s, minutes: '92' } : s)) });
    if (isRefused(body)) {
      throw new Error('the form should send 92 and let the service judge it');
    }
    const put = await store.dispatch(bookingApi.endpoints.putSalon.initiate({ salon, salonSettings: body }));
    expect(put.error).toEqual({ kind: 'refused', status: 400, reason: 'field', said: 'services[1].minutes must be 5 to 480, a multiple of 5' });
    const said = (put.error as Trouble & { said: string }).said;
    expect(fieldOf(said)).toBe('services[1].minutes');
    expect(placeOf(fieldOf(said), placesOf(draft))).toBe('services[1].minutes');
  });

  it('refuses before sending what can’t be sent, by the field', () => {
    const view = { ...draftOfDemo(), services: draftOfDemo().services.map((s, i) => (i === 0 ? { ...s, price: '45.999' } : s)) };
    expect(bodyOf(view)).toEqual({ field: 'services[0].price', words: 'must be an amount such as 45.00' });
    expect(bodyOf({ ...draftOfDemo(), gridMinutes: 'fifteen' })).toEqual({ field: 'gridMinutes', words: 'must be a whole number' });
  });

  it('places every refusal on the nearest part of the form that shows it', () => {
    const places = placesOf(draftOfDemo());
    expect(placeOf('stylists[0].services[2]', places)).toBe('stylists[0].services');
    expect(placeOf('stylists[0].hours.wed[0]', places)).toBe('stylists[0].hours.wed[0]');
    expect(placeOf('stylists[1].hours.mon[0]', places)).toBe('stylists[1].hours');
    expect(placeOf('hours.tue', places)).toBe('hours.tue');
    expect(placeOf('closures[0].from', places)).toBe('closures');
    expect(placeOf('give services, or slotMinutes and prices, not both', places)).toBe('settings');
    expect(fieldOf('give services, or slotMinutes and prices, not both')).toBe('services');
    expect(fieldOf('stylists[1].hours.wed[0] must start before it ends')).toBe('stylists[1].hours.wed[0]');
  });

  it('places the refusal of every setting at its field, as the service words it', () => {
    const places = placesOf(draftOfDemo());
    for (const [said, field] of [
      ['paymentMinutes must be 5 to 60', 'paymentMinutes'],
      ['language must be a BCP 47 tag of a language this server speaks: de, en, es, fr', 'language'],
      ['embedOrigins[1] repeats an origin', 'embedOrigins[1]'],
      ['maxBookingsPerMinute must be 1 to 600', 'maxBookingsPerMinute'],
    ] as const) {
      expect(reasonOf(400, said), said).toBe('field');
      expect(fieldOf(said), said).toBe(field);
      expect(placeOf(fieldOf(said), places), said).toBe(field.replace(/\[\d+\]$/, ''));
    }
  });

  it('makes ids from names as the service writes them', () => {
    expect(idFrom('Chloé Dupont', [])).toBe('chloe-dupont');
    expect(idFrom('Cut', ['cut'])).toBe('cut-2');
    expect(idFrom('!!!', [])).toBe('item');
  });
});

/** draftOfDemo is the fake salon's settings as the form holds them, read without a round trip. */
function draftOfDemo() {
  const s = fake.settings;
  const view: Salon = {
    salon: s.salon,
    name: s.name,
    phone: s.phone,
    language: 'en',
    embedOrigins: [],
    timeZone: s.timeZone,
    hours: s.hours as unknown as Salon['hours'],
    horizonDays: s.horizonDays,
    changeCutoffHours: s.changeCutoffHours,
    maxUpcomingPerContact: s.maxUpcomingPerContact,
    maxBookingsPerMinute: s.maxBookingsPerMinute,
    paymentMinutes: s.paymentMinutes,
    prices: [],
    slotMinutes: null,
    menu: {
      currency: s.currency,
      services: s.services.map((v) => ({ ...v, deposit: (v as { deposit?: number }).deposit ?? null, resources: [] })),
      stylists: s.stylists.map((p) => ({ ...p, hours: ((p as { hours?: unknown }).hours ?? null) as Salon['hours'] | null })),
      gridMinutes: s.gridMinutes,
      minNoticeMinutes: s.minNoticeMinutes,
      closures: [],
      resources: [],
    },
    openSlots: [],
  };
  return draftOf(view);
}

describe('Scenario: the owner’s week shows a visit’s parts and the resources they hold', () => {
  it('places each service of a visit after the one before, its processing included, with what each holds', async () => {
    fake.settings.resources = [{ id: 'basin', name: 'Basin', count: 2 }];
    fake.settings.services[1] = { ...fake.settings.services[1]!, resources: ['basin'] };
    const view = await readSalon();
    const visit: Entry = {
      booking: 'b9', slot: '2026-12-02T09:00:00Z', label: 'Wednesday 2 December, 09:00', name: 'Mia Roth', contact: '+44 7700 900777', words: '',
      bookedAt: '2026-12-01T08:00:00Z', status: 'booked', service: 'colour', serviceName: 'Colour + Cut', services: ['colour', 'cut'],
      stylist: 'ana', stylistName: 'Ana', ends: '2026-12-02T11:45:00Z', fits: true, deposit: null, lastText: null,
    };
    expect(partsOf(view, visit)).toEqual([
      { name: 'Colour', from: 0, minutes: 90, after: 30, holds: ['Basin'] },
      { name: 'Cut', from: 120, minutes: 45, after: 0, holds: [] },
    ]);
    const [block] = blocksOf(view, [visit]);
    expect(block?.minutes).toBe(165);
    expect(block?.after).toBe(0);
  });
});

describe('Scenario: the owner edits what the salon has only so many of', () => {
  it('puts the resources and what each service holds, and reads them back into the form', () => {
    const draft = draftOfDemo();
    const withBasins = {
      ...draft,
      resources: [{ id: 'basin', name: 'Basin', count: '2' }],
      services: draft.services.map((v, i) => (i === 1 ? { ...v, resources: ['basin'] } : v)),
    };
    const body = bodyOf(withBasins);
    expect(!isRefused(body) && body.resources).toEqual([{ id: 'basin', name: 'Basin', count: 2 }]);
    expect(!isRefused(body) && body.services?.map((v) => v.resources)).toEqual([[], ['basin'], []]);
    expect(placeOf('resources[0].count', placesOf(withBasins))).toBe('resources[0].count');
    expect(placeOf('services[1].resources[0]', placesOf(withBasins))).toBe('services[1].resources');
    expect(fieldOf('services[1].resources[0] must be the id of one of the salon\'s resources')).toBe('services[1].resources[0]');
  });

  it('refuses a count that is not a whole number before sending, by its field', () => {
    const draft = { ...draftOfDemo(), resources: [{ id: 'basin', name: 'Basin', count: 'two' }] };
    expect(bodyOf(draft)).toEqual({ field: 'resources[0].count', words: 'must be a whole number' });
  });

  it('takes a removed resource off every service that held it', () => {
    const draft = draftOfDemo();
    const two = {
      ...draft,
      resources: [{ id: 'basin', name: 'Basin', count: '2' }, { id: 'chair', name: 'Chair', count: '3' }],
      services: draft.services.map((v) => ({ ...v, resources: ['chair', 'basin'] })),
    };
    const gone = withoutResource(two, 0);
    expect(gone.resources.map((r) => r.id)).toEqual(['chair']);
    expect(gone.services.map((v) => v.resources)).toEqual([['chair'], ['chair'], ['chair']]);
  });
});

describe('Scenario: closures, webhooks, the feed, the audit and erasure', () => {
  it('adds a closure in the salon’s own time and writes it back with the settings', async () => {
    const view = await readSalon();
    const closure = { from: '2026-12-24T13:00:00Z', to: '2026-12-27T00:00:00Z', stylist: 'ana', note: 'Christmas' };
    const body = withClosures(view, [closure]);
    expect(!isRefused(body) && body.closures).toEqual([{ from: '2026-12-24T13:00:00Z', to: '2026-12-27T00:00:00Z', stylist: 'ana', note: 'Christmas' }]);
    expect(closureWords(closure, view)).toBe('Ana: Thursday 24 December, 13:00 to Sunday 27 December, 00:00 (Christmas)');
  });

  it('adds a webhook, shows its secret once, lists its deliveries and deletes it', async () => {
    const refused = await store.dispatch(bookingApi.endpoints.putWebhook.initiate({ salon, id: 'crm', webhookPut: { url: 'http://10.0.0.1/hook' } }));
    expect(refused.error).toEqual({ kind: 'refused', status: 400, reason: 'field', said: 'url must be https to a public address' });
    const made = await store.dispatch(bookingApi.endpoints.putWebhook.initiate({ salon, id: 'crm', webhookPut: { url: 'https://crm.example/hook', events: ['booking.created'] } }));
    expect(made.data).toEqual({ ok: true, value: { id: 'crm', url: 'https://crm.example/hook', events: ['booking.created'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } });
    fake.webhooks.get('crm')!.failures = 2;
    fake.webhooks.get('crm')!.lastDelivery = '2026-12-01T09:00:00Z';
    const listed = await store.dispatch(bookingApi.endpoints.listWebhooks.initiate({ salon }, { forceRefetch: true }));
    expect(listed.data).toEqual({ ok: true, value: [{ id: 'crm', url: 'https://crm.example/hook', events: ['booking.created'], lastDelivery: '2026-12-01T09:00:00Z', failures: 2 }] });
    const dropped = await store.dispatch(bookingApi.endpoints.deleteWebhook.initiate({ salon, id: 'crm' }));
    expect(dropped.data).toBeNull();
    expect(fake.webhooks.size).toBe(0);
  });

  it('makes a new feed address, and the audit records it', async () => {
    const first = await store.dispatch(bookingApi.endpoints.newFeed.initiate({ salon }));
    const second = await store.dispatch(bookingApi.endpoints.newFeed.initiate({ salon }));
    expect(first.data).toEqual({ ok: true, value: 'http://salon.test/salons/studio-nine/calendar.ics?key=feed1' });
    expect(second.data).toEqual({ ok: true, value: 'http://salon.test/salons/studio-nine/calendar.ics?key=feed2' });
    const audit = await store.dispatch(bookingApi.endpoints.readAudit.initiate({ salon }));
    expect(audit.data).toMatchObject({ ok: true, value: [{ action: 'feed.new', by: 'k1' }, { action: 'feed.new' }] });
  });

  it('erases a customer’s details, matching a phone by its digits, and the bookings stay', async () => {
    fake.book('2026-12-02T09:00:00Z', 'cut', 'ana', 'Ana Lima', '+44 7700 900123');
    fake.book('2026-12-04T09:00:00Z', 'cut', 'ben', 'Ana Lima', '07700 900123');
    fake.book('2026-12-04T10:00:00Z', 'cut', 'ben', 'Bo Li', 'bo@example.org');
    const erased = await store.dispatch(bookingApi.endpoints.eraseCustomer.initiate({ salon, contactRequest: { contact: '+44 7700 900123' } }));
    expect(erased.data).toEqual({ ok: true, value: 1 });
    expect(fake.sent('eraseCustomer', 0)).toEqual({ contact: '+44 7700 900123' });
    const entries = await week();
    expect(entries.map((e) => [e.name, e.contact])).toEqual([
      ['', ''],
      ['Ana Lima', '07700 900123'],
      ['Bo Li', 'bo@example.org'],
    ]);
  });
});
