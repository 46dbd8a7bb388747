// Scenarios of the owner's session through the real store and RTK Query: the token on the owner's requests only, a wrong token forgotten, cancelling and closing with the lists refreshed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from '../src/api/booking';
import type { Trouble } from '../src/api/booking';
import { ownerOperations } from '../src/api/emptyApi';
import { signIn, signOut } from '../src/owner/slice';
import { troubleWords } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeCalendar, fakeOwnerToken, studioNine } from './fakeCalendar';
import { json } from './fakeWire';

const origin = 'http://salon.test';
const salon = 'studio-nine';
const [nine, nineFortyFive] = studioNine.slots.map((s) => s.slot) as [string, string];

let calendar: FakeCalendar;
let store: AppStore;
const subscriptions: (() => void)[] = [];

beforeEach(() => {
  calendar = new FakeCalendar().install();
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], ownerToken: fakeOwnerToken });
});

afterEach(() => {
  subscriptions.splice(0).forEach((unsubscribe) => unsubscribe());
  vi.unstubAllGlobals();
});

/** watch reads the owner's lists as the page does, and stays subscribed while the page would be open. */
async function watch() {
  const bookings = store.dispatch(bookingApi.endpoints.listBookings.initiate({ salon }));
  const slots = store.dispatch(bookingApi.endpoints.listSlots.initiate({ salon }));
  subscriptions.push(bookings.unsubscribe, slots.unsubscribe);
  return { bookings: await bookings, slots: await slots };
}

function listed() {
  const state = store.getState();
  return {
    bookings: bookingApi.endpoints.listBookings.select({ salon })(state).data,
    slots: bookingApi.endpoints.listSlots.select({ salon })(state).data,
  };
}

describe('Scenario: the owner sees the bookings and slots by the token entered once', () => {
  it('sends the token as a bearer token on the owner’s requests, and on no other', async () => {
    calendar.take(nine);
    const { bookings, slots } = await watch();
    await store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
    await store.dispatch(bookingApi.endpoints.listSalons.initiate({}));

    expect(bookings.data).toEqual({
      ok: true,
      value: {
        entries: [
          {
            booking: 'ref-1_Q',
            slot: nine,
            label: 'Saturday 5 December, 09:00',
            name: 'Rosa Diaz',
            contact: '+44 7700 900456',
            words: 'A colour?',
            bookedAt: '2026-12-04T12:00:00Z',
            status: 'booked',
            service: null,
            serviceName: null,
            services: [],
            stylist: null,
            stylistName: null,
            ends: null,
            fits: true,
            deposit: null,
            lastText: null,
          },
        ],
        next: null,
      },
    });
    expect(slots.data?.ok === true && slots.data.value.map((s) => `${s.slot} ${s.status}`)).toEqual([
      `${nine} booked`,
      `${nineFortyFive} open`,
      '2026-12-05T10:30:00Z open',
      '2026-12-07T09:00:00Z open',
    ]);
    for (const request of calendar.received) {
      const owners = request.operation !== null && ownerOperations.includes(request.operation);
      expect(request.authorization, `${request.method} ${request.url}`).toBe(owners ? `Bearer ${fakeOwnerToken}` : null);
    }
  });

  it('forgets a token the service refuses, says so, and sends none after', async () => {
    store.dispatch(signIn('  not-the-token  '));
    expect(store.getState().owner).toEqual({ token: 'not-the-token', refused: false });
    const { bookings } = await watch();

    expect(bookings.error).toEqual({ kind: 'refused', status: 401, reason: 'wrong token' });
    expect(store.getState().owner).toEqual({ token: null, refused: true });
    expect(troubleWords(bookings.error as Trouble)).toBe("That token isn't right. Check it and enter it again.");
    expect(JSON.stringify(store.getState())).not.toContain("the owner's token is missing or wrong");

    store.dispatch(signIn(fakeOwnerToken));
    expect(store.getState().owner).toEqual({ token: fakeOwnerToken, refused: false });
    store.dispatch(signOut());
    expect(store.getState().owner.token).toBeNull();
  });
});

describe('Scenario: the owner cancels a booking and changes slots, and the lists follow', () => {
  it('cancels a booking, and the bookings, slots and the customer’s open times are read again', async () => {
    calendar.take(nine);
    await watch();
    const customerView = store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon }));
    subscriptions.push(customerView.unsubscribe);
    await customerView;
    const before = { bookings: calendar.arrived('listBookings').length, slots: calendar.arrived('listSlots').length, salon: calendar.arrived('getSalon').length };

    const cancelled = await store.dispatch(bookingApi.endpoints.cancelBooking.initiate({ salon, booking: 'ref-1_Q', cancelRequest: {} }));
    expect(cancelled.data).toMatchObject({ ok: true, value: { booking: 'ref-1_Q', status: 'cancelled' } });
    expect(calendar.arrived('cancelBooking')[0]?.url).toBe('http://salon.test/salons/studio-nine/bookings/ref-1_Q/cancel');

    await vi.waitFor(() =>
      expect({ bookings: calendar.arrived('listBookings').length, slots: calendar.arrived('listSlots').length, salon: calendar.arrived('getSalon').length }).toEqual({
        bookings: before.bookings + 1,
        slots: before.slots + 1,
        salon: before.salon + 1,
      }),
    );
    await vi.waitFor(() => expect(listed().slots).toMatchObject({ ok: true, value: [{ slot: nine, status: 'open' }, {}, {}, {}] }));
  });

  it('closes a slot and opens it again, escaping its id in the path', async () => {
    await watch();
    const closed = await store.dispatch(bookingApi.endpoints.closeSlot.initiate({ salon, slot: '2026-06-06T10:30:00+01:00' }));
    expect(calendar.arrived('closeSlot')[0]?.url).toBe('http://salon.test/salons/studio-nine/slots/2026-06-06T10%3A30%3A00%2B01%3A00/close');
    expect(closed.error).toEqual({ kind: 'refused', status: 404, reason: 'no slot' });
    expect(troubleWords(closed.error as Trouble, 'Saturday 6 June, 10:30')).toBe(
      "Saturday 6 June, 10:30 is no longer one of the salon's times. The list is up to date again.",
    );

    const closing = await store.dispatch(bookingApi.endpoints.closeSlot.initiate({ salon, slot: nineFortyFive }));
    expect(closing.data?.ok === true && closing.data.value.openSlots.map((s) => s.slot)).not.toContain(nineFortyFive);
    await vi.waitFor(() => expect(listed().slots).toMatchObject({ ok: true, value: [{}, { slot: nineFortyFive, status: 'closed' }, {}, {}] }));

    await store.dispatch(bookingApi.endpoints.openSlot.initiate({ salon, slot: nineFortyFive }));
    await vi.waitFor(() => expect(listed().slots).toMatchObject({ ok: true, value: [{}, { slot: nineFortyFive, status: 'open' }, {}, {}] }));
  });

  it('words a booked slot that can’t be closed, a booking gone, no reply and a service down', async () => {
    calendar.take(nine);
    const booked = await store.dispatch(bookingApi.endpoints.closeSlot.initiate({ salon, slot: nine }));
    expect(booked.error).toEqual({ kind: 'refused', status: 409, reason: 'slot booked' });
    expect(troubleWords(booked.error as Trouble, 'Saturday 5 December, 09:00')).toBe(
      "Saturday 5 December, 09:00 is booked, so it can't be closed. Cancel the booking first.",
    );

    const gone = await store.dispatch(bookingApi.endpoints.cancelBooking.initiate({ salon, booking: 'no-such', cancelRequest: {} }));
    expect(troubleWords(gone.error as Trouble)).toBe("That booking isn't there any more. The list is up to date again.");

    calendar.answerNext('cancelBooking', 'network down');
    const silent = await store.dispatch(bookingApi.endpoints.cancelBooking.initiate({ salon, booking: 'ref-1_Q', cancelRequest: {} }));
    expect(troubleWords(silent.error as Trouble)).toBe("The booking service didn't answer. Check your connection and try again.");

    calendar.answerNext('openSlot', json(503, 'the booking service is unavailable'));
    const down = await store.dispatch(bookingApi.endpoints.openSlot.initiate({ salon, slot: nine }));
    expect(troubleWords(down.error as Trouble)).toBe('The booking service is having trouble right now. Try again in a minute.');
    expect(store.getState().owner.token).toBe(fakeOwnerToken);
  });

  it('treats a list it can’t read strictly as unreadable, never as data', async () => {
    calendar.answerNext('listBookings', json(200, { bookings: [{ booking: 'r1', slot: nine, status: 'booked' }] }));
    const { bookings } = await watch();
    expect(bookings.data).toEqual({ ok: false, problem: 'the bookings[0].label is not a non-empty string' });
  });
});
