// Scenarios of the customer's own booking through the real store and RTK Query, against the fake menu salon: the key only in the Authorization header of the booking's own routes, the cutoff told with whom to call, cancelling, moving in two rounds, a lost move read back, and the calendar file.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApi, troubleOf } from '../src/api/booking';
import type { Trouble } from '../src/api/booking';
import { fetchCalendar, myBookingPath } from '../src/my/calendarFile';
import { answerMove, askToMove } from '../src/my/slice';
import { stampWords } from '../src/my/MyBookingPage';
import { keyOf, routeOf } from '../src/page/route';
import { toldMove, toldOwnTrouble } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeMenu } from './fakeMenu';
import type { MenuBooking } from './fakeMenu';

const origin = 'http://salon.test';
const salon = 'studio-nine';
const wedTen = '2026-12-02T10:00:00Z';
const wedEleven = '2026-12-02T11:00:00Z';

let fake: FakeMenu;
let store: AppStore;
let mine: MenuBooking;

beforeEach(() => {
  fake = new FakeMenu().install();
  mine = fake.book(wedTen, 'cut', 'ana', 'Ana Lima', 'ana@example.org');
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], own: { salon, booking: mine.booking, key: mine.manage } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function readOwn() {
  return store.dispatch(bookingApi.endpoints.myBooking.initiate({ salon, booking: mine.booking }, { forceRefetch: true, subscribe: false }));
}

describe('Scenario: the my-booking page opens the booking with the key from its fragment, and nowhere else', () => {
  it('reads the address: the booking from the path, the key from the fragment', () => {
    const path = myBookingPath(salon, 'q3J-x_Y', 'Xb7/+=');
    expect(path).toBe('/my/studio-nine/q3J-x_Y#Xb7%2F%2B%3D');
    const url = new URL(path, origin);
    expect(routeOf(url.pathname)).toEqual({ page: 'my', salon, booking: 'q3J-x_Y' });
    expect(keyOf(url.hash)).toBe('Xb7/+=');
    expect(keyOf('')).toBe('');
    expect(routeOf('/my/studio-nine')).toEqual({ page: 'no such page' });
  });

  it('shows the booking, sending the key as a bearer token on its own routes only, never in an address', async () => {
    const read = await readOwn();
    expect(read.data).toEqual({
      ok: true,
      value: {
        booking: mine.booking,
        salon,
        salonName: 'Studio Nine',
        phone: '+44 20 7946 0000',
        service: 'cut',
        serviceName: 'Cut',
        stylist: 'ana',
        stylistName: 'Ana',
        slot: wedTen,
        label: 'Wednesday 2 December, 10:00',
        ends: '2026-12-02T10:45:00Z',
        status: 'booked',
        name: 'Ana Lima',
        contact: 'ana@example.org',
        changeUntil: '2026-12-01T10:00:00Z',
        canChange: true,
        sequence: 0,
        deposit: null,
      },
    });
    expect(stampWords('2026-12-01T10:00:00Z')).toBe('Tuesday 1 December, 10:00');
    await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
    await store.dispatch(bookingApi.endpoints.getAvailability.initiate({ salon, service: 'cut' }));
    for (const request of fake.received) {
      const own = request.operation === 'myBooking';
      expect(request.authorization, request.url).toBe(own ? `Bearer ${mine.manage}` : null);
      expect(request.url).not.toContain(mine.manage);
      expect(request.referrerPolicy).toBe('no-referrer');
    }
  });

  it('answers a wrong key as it answers an unknown booking, and says so in the customer’s words', async () => {
    store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], own: { salon, booking: mine.booking, key: 'not-the-key' } });
    const read = await readOwn();
    expect(read.error).toEqual({ kind: 'refused', status: 404, reason: 'no booking' });
    expect(toldOwnTrouble(read.error as Trouble)).toMatchObject({ headline: "We couldn't find this booking with this link.", call: true });
  });

  it('fetches the calendar file with the key in the Authorization header', async () => {
    const file = await fetchCalendar(origin, salon, mine.booking, mine.manage);
    expect(await file?.text()).toContain(`UID:${mine.booking}@studio-nine`);
    const [asked] = fake.arrived('myBookingCalendar');
    expect(asked?.authorization).toBe(`Bearer ${mine.manage}`);
    expect(asked?.url).toBe(`${origin}/salons/studio-nine/my/${mine.booking}/calendar.ics`);
    expect(await fetchCalendar(origin, salon, mine.booking, 'wrong')).toBeNull();
  });
});

describe('Scenario: the customer cancels, or is told to call once changes have closed', () => {
  it('cancels, and the booking reads back cancelled', async () => {
    const done = await store.dispatch(bookingApi.endpoints.cancelMyBooking.initiate({ salon, booking: mine.booking }));
    expect(done.data).toMatchObject({ ok: true, value: { status: 'cancelled', canChange: false, sequence: 1 } });
    expect(fake.arrived('cancelMyBooking')[0]?.authorization).toBe(`Bearer ${mine.manage}`);
  });

  it('past the cutoff, keeps the salon’s words with whom to call', async () => {
    fake.pastCutoff = true;
    const read = await readOwn();
    expect(read.data).toMatchObject({ ok: true, value: { canChange: false } });
    const done = await store.dispatch(bookingApi.endpoints.cancelMyBooking.initiate({ salon, booking: mine.booking }));
    expect(done.error).toEqual({
      kind: 'refused',
      status: 409,
      reason: 'changes closed',
      said: 'changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000',
    });
    expect(toldOwnTrouble(done.error as Trouble)).toEqual({
      headline: 'It is too close to the appointment to change it here.',
      next: 'The salon says: changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000.',
      step: 'none',
      call: true,
    });
  });
});

describe('Scenario: a booking moved three times by its customer is changed by the salon', () => {
  it('keeps the salon’s words with whom to call', () => {
    const said = 'this booking has been moved 3 times; call Studio Nine on +44 20 7946 0000 to change it again';
    const trouble = troubleOf({ status: 409, data: said });
    expect(trouble).toEqual({ kind: 'refused', status: 409, reason: 'moved too often', said });
    expect(toldOwnTrouble(trouble)).toEqual({
      headline: 'This booking has been moved as often as it can be here.',
      next: `The salon says: ${said}.`,
      step: 'none',
      call: true,
    });
  });
});

describe('Scenario: the customer moves the booking by choosing a new time, in two rounds', () => {
  const open = [
    { slot: wedEleven, label: 'Wednesday 2 December, 11:00' },
    { slot: '2026-12-02T11:15:00Z', label: 'Wednesday 2 December, 11:15' },
  ];

  it('asks with the chosen time first, and moves the booking to it', async () => {
    await store.dispatch(askToMove({ message: '', open }));
    expect(fake.sent('moveMyBooking', 0)).toEqual({ arguments: { message: '', openSlots: [wedEleven, '2026-12-02T11:15:00Z'] } });
    expect(store.getState().own.flow).toMatchObject({ phase: 'asking', question: { times: [wedEleven, '2026-12-02T11:15:00Z'] } });
    await store.dispatch(answerMove({ kind: 'accept', time: wedEleven }));
    const [, second] = fake.arrived('moveMyBooking');
    expect(JSON.parse(second?.body ?? '{}')).toMatchObject({ arguments: { openSlots: [wedEleven, '2026-12-02T11:15:00Z'] }, inputResponses: { time: { action: 'accept', content: { time: wedEleven } } } });
    const flow = store.getState().own.flow;
    expect(flow).toEqual({ phase: 'done', outcome: { kind: 'moved', slot: wedEleven, label: 'Wednesday 2 December, 11:00', say: 'Cut with Ana is now Wednesday 2 December, 11:00.', recovered: false } });
    expect(flow.phase === 'done' && toldMove(flow.outcome).headline).toBe('Your booking is moved: it is now Wednesday 2 December, 11:00.');
    expect(mine.slot).toBe(wedEleven);
  });

  it('moves to another stylist when asked', async () => {
    await store.dispatch(askToMove({ message: '', open, stylist: 'ben' }));
    expect(fake.sent('moveMyBooking', 0)).toMatchObject({ arguments: { stylist: 'ben' } });
    await store.dispatch(answerMove({ kind: 'accept', time: wedEleven }));
    expect(mine.stylist).toBe('ben');
  });

  it('reads the booking back when the move’s reply is lost, and tells the move it made', async () => {
    await store.dispatch(askToMove({ message: '', open }));
    fake.loseNextReply('moveMyBooking');
    await store.dispatch(answerMove({ kind: 'accept', time: wedEleven }));
    expect(store.getState().own.flow).toMatchObject({ phase: 'done', outcome: { kind: 'moved', slot: wedEleven, recovered: true } });
  });

  it('says the time was taken, and the booking stays, when another customer got there first', async () => {
    await store.dispatch(askToMove({ message: '', open }));
    fake.book(wedEleven, 'cut', 'ana');
    await store.dispatch(answerMove({ kind: 'accept', time: wedEleven }));
    const flow = store.getState().own.flow;
    expect(flow).toMatchObject({ phase: 'done', outcome: { kind: 'stayed', chosen: 'Wednesday 2 December, 11:00' } });
    expect(mine.slot).toBe(wedTen);
  });

  it('refuses a move past the cutoff, saying whom to call', async () => {
    fake.pastCutoff = true;
    await store.dispatch(askToMove({ message: '', open }));
    expect(store.getState().own.flow).toMatchObject({ phase: 'failed', failure: { kind: 'refused', reason: 'changes closed' } });
  });
});
