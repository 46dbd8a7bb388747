// Scenarios of a customer at a menu salon, through the real store and RTK Query, against a fake menu salon behind a stubbed fetch: the menu in the salon's currency, open times per stylist, a tapped time offered first, the outcome with its key, and a lost reply told truly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from '../src/api/booking';
import { maxOpenSlots } from '../src/api/bounds';
import type { Openings, Salon } from '../src/calendar/decode';
import { lengthOf, minorOf, majorOf, priceOf, priceWords, stylistsFor, timesFrom } from '../src/calendar/menu';
import { answerAtSalon, askAtSalon } from '../src/calendar/visit';
import type { Customer, VisitState } from '../src/calendar/visit';
import { myBookingPath } from '../src/my/calendarFile';
import { toldFailure, toldVisit } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeMenu } from './fakeMenu';

const origin = 'http://salon.test';
const salon = 'studio-nine';
const ana: Customer = { name: 'Ana Lima', contact: 'ana@example.org' };
const wedNine = '2026-12-02T09:00:00Z';
const wedTen = '2026-12-02T10:00:00Z';

let fake: FakeMenu;
let store: AppStore;
const subscriptions: (() => void)[] = [];

beforeEach(() => {
  fake = new FakeMenu().install();
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], visitSalon: salon });
});

afterEach(() => {
  subscriptions.splice(0).forEach((unsubscribe) => unsubscribe());
  vi.unstubAllGlobals();
});

function visit(): VisitState {
  return store.getState().visit;
}

async function readSalon(): Promise<Salon> {
  const read = store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
  subscriptions.push(read.unsubscribe);
  const result = await read;
  if (result.data?.ok !== true) {
    throw new Error(`got ${JSON.stringify(result.data ?? result.error)}, want the salon`);
  }
  return result.data.value;
}

/** openings reads the open times for a service with a stylist (or anyone), and stays subscribed as the page does. */
async function openings(service: string, stylist?: string): Promise<Openings> {
  const read = store.dispatch(bookingApi.endpoints.getAvailability.initiate({ salon, service, ...(stylist === undefined ? {} : { stylist }) }));
  subscriptions.push(read.unsubscribe);
  const result = await read;
  if (result.data?.ok !== true) {
    throw new Error(`got ${JSON.stringify(result.data ?? result.error)}, want open times`);
  }
  return result.data.value;
}

function shownOpenings(service: string, stylist?: string): Openings | undefined {
  const data = bookingApi.endpoints.getAvailability.select({ salon, service, ...(stylist === undefined ? {} : { stylist }) })(store.getState()).data;
  return data?.ok === true ? data.value : undefined;
}

/** tap asks as the page does when a time is tapped: that time first, then the ones after it. */
async function tap(times: Openings, slot: string, stylist?: string): Promise<void> {
  const tapped = times.times.find((t) => t.slot === slot);
  if (tapped === undefined) {
    throw new Error(`${slot} is not open for ${times.service}`);
  }
  await store.dispatch(
    askAtSalon({ message: '', customer: ana, open: timesFrom(times.times, tapped, maxOpenSlots), service: times.service, ...(stylist === undefined ? {} : { stylist }) }),
  );
}

describe('Scenario: the menu is shown in the salon’s currency, with each service’s length and who does it', () => {
  it('reads the menu and the team strictly, and writes prices with Intl.NumberFormat in pounds', async () => {
    const view = await readSalon();
    const menu = view.menu;
    expect(menu?.currency).toBe('GBP');
    expect(menu?.services.map((s) => `${s.name}: ${lengthOf(s)}, ${priceOf(s, menu.currency)}`)).toEqual([
      'Cut: 45 min, £45.00',
      'Colour: 1 hr 30 min, then 30 min processing, £80.00',
      'Beard trim: 15 min, £15.00',
    ]);
    expect(menu === null ? [] : stylistsFor(menu, 'colour').map((p) => p.name)).toEqual(['Ana', 'Chloé']);
    expect(menu?.stylists.find((p) => p.id === 'ben')?.hours).toBeNull();
  });

  it('writes other currencies in their own way, and reads a typed price back into the minor unit', () => {
    expect(priceWords(4500, 'EUR')).toBe('€45.00');
    expect(priceWords(4500, 'JPY')).toBe('JP¥4,500');
    expect(minorOf('45', 'GBP')).toBe(4500);
    expect(minorOf('45.5', 'GBP')).toBe(4550);
    expect(minorOf('45.555', 'GBP')).toBeNull();
    expect(minorOf('4500', 'JPY')).toBe(4500);
    expect(minorOf('£45', 'GBP')).toBeNull();
    expect(majorOf(8000, 'GBP')).toBe('80.00');
  });

  it('reads the resources and what each service holds, and refuses a service holding one the salon hasn’t', async () => {
    fake.settings.resources = [{ id: 'basin', name: 'Basin', count: 2 }];
    fake.settings.services[1] = { ...fake.settings.services[1]!, resources: ['basin'] };
    const read = await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
    const menu = read.data?.ok === true ? read.data.value.menu : null;
    expect(menu?.resources).toEqual([{ id: 'basin', name: 'Basin', count: 2 }]);
    expect(menu?.services.map((v) => v.resources)).toEqual([[], ['basin'], []]);
    fake.settings.services[1] = { ...fake.settings.services[1]!, resources: ['sink'] };
    const again = await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }, { forceRefetch: true }));
    expect(again.data).toEqual({ ok: false, problem: 'the salon.services[1].resources names sink, which is not one of the resources' });
  });

  it('refuses a menu whose stylist does a service the menu doesn’t hold', async () => {
    fake.settings.stylists[1] = { id: 'ben', name: 'Ben', services: ['perm'] };
    const read = await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
    expect(read.data).toEqual({ ok: false, problem: 'the salon.stylists[1].services names perm, which is not on the menu' });
  });
});

describe('Scenario: a customer books a colour with anyone by tapping a time, and it goes for that stylist only', () => {
  it('lists the open times for the choice, each with who is free', async () => {
    const colour = await openings('colour');
    expect(colour.stylist).toBeNull();
    expect(colour.times[0]).toEqual({ slot: wedNine, label: 'Wednesday 2 December, 09:00', stylists: ['ana'] });
    expect(fake.arrived('getAvailability')[0]?.url).toBe(`${origin}/salons/studio-nine/availability?service=colour`);
    const withChloe = await openings('colour', 'chloe');
    expect(withChloe.times.every((t) => t.slot.startsWith('2026-12-04'))).toBe(true);
    expect(fake.arrived('getAvailability')[1]?.url).toBe(`${origin}/salons/studio-nine/availability?service=colour&stylist=chloe`);
  });

  it('sends the tapped time first and the service, so the question offers it first', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    const sent = fake.sent('book', 0) as { arguments: { openSlots: string[]; service: string; stylist?: string; message: string } };
    expect(sent.arguments.openSlots[0]).toBe(wedTen);
    expect(sent.arguments.openSlots.length).toBe(colour.times.length - colour.times.findIndex((t) => t.slot === wedTen));
    expect(sent.arguments).toMatchObject({ service: 'colour', message: '' });
    expect('stylist' in sent.arguments).toBe(false);
    expect(visit().flow).toMatchObject({ phase: 'asking', question: { times: [wedTen, '2026-12-02T10:15:00Z'] } });
  });

  it('books it, tells the service, stylist, time, reference and key, and the time leaves that stylist’s open times only', async () => {
    const colour = await openings('colour');
    const cut = await openings('cut');
    expect(cut.times.find((t) => t.slot === wedTen)?.stylists).toEqual(['ana', 'ben']);
    await tap(colour, wedTen);
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));

    const flow = visit().flow;
    expect(flow).toEqual({
      phase: 'done',
      outcome: {
        kind: 'booked',
        slot: wedTen,
        label: 'Wednesday 2 December, 10:00',
        reference: 'b1',
        say: 'Colour with Ana, Wednesday 2 December, 10:00, is yours.',
        service: 'colour',
        stylist: 'ana',
        services: ['colour'],
        manage: 'key-1_-x',
        recovered: false,
        deposit: null,
      },
    });
    expect(flow.phase === 'done' && toldVisit(flow.outcome, 'Colour with Ana')).toMatchObject({
      headline: "You're booked: Colour with Ana, Wednesday 2 December, 10:00.",
      call: false,
    });
    expect(myBookingPath(salon, 'b1', 'key-1_-x')).toBe('/my/studio-nine/b1#key-1_-x');
    // Both lists are read again: the colour's loses 10:00 (only Ana does colour then), the cut's keeps it for Ben alone.
    await vi.waitFor(() => expect(shownOpenings('colour')?.times.some((t) => t.slot === wedTen)).toBe(false));
    await vi.waitFor(() => expect(shownOpenings('cut')?.times.find((t) => t.slot === wedTen)?.stylists).toEqual(['ben']));
  });

  it('names another service than the one asked for as a reply it can’t read', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    fake.answerNext('book', {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ resultType: 'complete', structuredContent: { status: 'booked', slot: wedTen, say: 'x', booking: 'b9', service: 'cut', stylist: 'ben', manage: 'k' } }),
    });
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));
    expect(visit().flow).toMatchObject({ phase: 'failed', failure: { kind: 'malformed', problem: 'the booking names another service than the one asked for' } });
  });

  it('books the stylist asked for, and sends them', async () => {
    const cut = await openings('cut', 'ben');
    await tap(cut, wedNine, 'ben');
    expect(fake.sent('book', 0)).toMatchObject({ arguments: { service: 'cut', stylist: 'ben' } });
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedNine }));
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', service: 'cut', stylist: 'ben' } });
  });
});

describe('Scenario: a lost reply is recovered through the outcome route, and the customer is told the truth', () => {
  it('asks the outcome route with round two’s body exactly, and shows the booking it made', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    fake.loseNextReply('book');
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));

    const [, roundTwo] = fake.arrived('book');
    const [asked] = fake.arrived('bookOutcome');
    expect(asked?.body).toBe(roundTwo?.body);
    expect(asked?.url).toBe(`${origin}/salons/studio-nine/book/outcome`);
    const flow = visit().flow;
    expect(flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', reference: 'b1', manage: 'key-1_-x', recovered: true } });
    expect(flow.phase === 'done' && toldVisit(flow.outcome).next).toMatch(/^Your connection dropped, but the salon had your answer\./);
    expect(fake.bookings).toHaveLength(1);
  });

  it('says nothing is booked yet, keeping the question, when the answer never reached the salon', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    fake.answerNext('book', 'network down');
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));

    expect(fake.arrived('bookOutcome')).toHaveLength(1);
    const flow = visit().flow;
    expect(flow.phase === 'asking' && flow.trouble !== null && toldFailure(flow.trouble, 'round two')).toMatchObject({
      headline: "Your answer didn't reach the salon, so nothing is booked yet.",
      step: 'send again',
    });
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', recovered: false } });
  });

  it('says it can’t tell yet when the outcome can’t be read either, then tells the booking once the same answer goes again', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    fake.loseNextReply('book');
    fake.answerNext('bookOutcome', 'network down');
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));

    const flow = visit().flow;
    expect(flow.phase === 'asking' && flow.trouble).toMatchObject({ kind: 'lost' });
    expect(flow.phase === 'asking' && flow.trouble !== null && toldFailure(flow.trouble, 'round two').headline).toBe(
      "We couldn't hear back from the salon, so we can't tell yet whether you're booked.",
    );
    // The same answer again: its state was spent, and the outcome route tells what the spend did.
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));
    expect(fake.arrived('book').map((r) => r.body)).toEqual([fake.arrived('book')[0]?.body, fake.arrived('book')[1]?.body, fake.arrived('book')[1]?.body]);
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', reference: 'b1', recovered: true } });
    expect(fake.bookings).toHaveLength(1);
  });

  it('tells a time taken meanwhile, recovered from a lost reply, as taken', async () => {
    const colour = await openings('colour');
    await tap(colour, wedTen);
    fake.book(wedTen, 'colour', 'ana');
    fake.loseNextReply('book');
    await store.dispatch(answerAtSalon({ kind: 'accept', time: wedTen }));
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'taken', label: 'Wednesday 2 December, 10:00' } });
  });
});
