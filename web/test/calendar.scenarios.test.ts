// Scenarios of a customer's visit to a salon with a calendar, through the real store and RTK Query, against a fake calendar behind a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from '../src/api/booking';
import type { Failure } from '../src/booking/failure';
import type { Salon } from '../src/calendar/decode';
import { answerAtSalon, askAtSalon, startOver, visitProblems } from '../src/calendar/visit';
import type { Customer, VisitState } from '../src/calendar/visit';
import { toldFailure, toldVisit } from '../src/page/words';
import type { Told } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeCalendar, studioNine } from './fakeCalendar';
import { complete, json, question, text } from './fakeWire';

const origin = 'http://salon.test';
const ana: Customer = { name: 'Ana Lima', contact: '+44 7700 900123' };
const [nine, nineFortyFive, tenThirty, monday] = studioNine.slots.map((s) => s.slot) as [string, string, string, string];

let calendar: FakeCalendar;
let store: AppStore;
let unsubscribe: () => void;

beforeEach(() => {
  calendar = new FakeCalendar().install();
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: [], visitSalon: 'studio-nine' });
});

afterEach(() => {
  unsubscribe?.();
  vi.unstubAllGlobals();
});

function visit(): VisitState {
  return store.getState().visit;
}

/** openSalon reads the salon as the page does, and stays subscribed, as the page does while shown. */
async function openSalon(): Promise<Salon> {
  const read = store.dispatch(bookingApi.endpoints.getSalon.initiate({ salon: 'studio-nine' }));
  unsubscribe = read.unsubscribe;
  const result = await read;
  if (result.data?.ok !== true) {
    throw new Error(`got ${JSON.stringify(result.data ?? result.error)}, want the salon`);
  }
  return result.data.value;
}

/** shown is the salon as the store holds it now. */
function shown(): Salon | undefined {
  const data = bookingApi.endpoints.getSalon.select({ salon: 'studio-nine' })(store.getState()).data;
  return data?.ok === true ? data.value : undefined;
}

async function ask(message = 'A cut on Saturday morning?', who: Customer = ana): Promise<void> {
  const view = shown() ?? (await openSalon());
  await store.dispatch(askAtSalon({ message, customer: who, open: view.openSlots }));
}

async function choose(time: string): Promise<void> {
  await store.dispatch(answerAtSalon({ kind: 'accept', time }));
}

function failedWith(): { told: Told; round: string } {
  const flow = visit().flow;
  if (flow.phase !== 'failed') {
    throw new Error(`got phase ${flow.phase}, want failed`);
  }
  return { told: toldFailure(flow.failure, flow.round), round: flow.round };
}

function troubleShown(): Told {
  const flow = visit().flow;
  if (flow.phase !== 'asking' || flow.trouble === null) {
    throw new Error(`got ${JSON.stringify(flow)}, want the question with a trouble`);
  }
  return toldFailure(flow.trouble, 'round two');
}

describe('Scenario: the customer reads the salon, asks, and books a labelled time', () => {
  it('reads the salon’s name, phone, prices and open times through RTK Query', async () => {
    const view = await openSalon();
    expect(view).toEqual({
      salon: 'studio-nine',
      name: 'Studio Nine',
      phone: '+44 20 7946 0000',
      timeZone: 'Europe/London',
      hours: studioNine.hours,
      horizonDays: 7,
      changeCutoffHours: 24,
      maxUpcomingPerContact: 0,
      maxBookingsPerMinute: 30,
      paymentMinutes: 30,
      language: 'en',
      embedOrigins: [],
      prices: studioNine.prices,
      slotMinutes: 45,
      menu: null,
      openSlots: studioNine.slots,
    });
    expect(calendar.arrived('getSalon')[0]?.url).toBe('http://salon.test/salons/studio-nine');
  });

  it('sends the words, the open times in order and the customer, and asks with labels', async () => {
    await ask();
    expect(calendar.sent('book', 0)).toEqual({
      arguments: { message: 'A cut on Saturday morning?', openSlots: [nine, nineFortyFive, tenThirty, monday], customer: ana },
    });
    expect(visit().flow).toMatchObject({
      phase: 'asking',
      question: { message: 'Which time suits you?', times: [nine, nineFortyFive] },
      labels: { [nine]: 'Saturday 5 December, 09:00', [nineFortyFive]: 'Saturday 5 December, 09:45' },
      trouble: null,
    });
  });

  it('books the chosen time, tells it in words with the reference, and refreshes the open times', async () => {
    await ask();
    const before = calendar.arrived('getSalon').length;
    await choose(nineFortyFive);

    expect(visit().flow).toEqual({
      phase: 'done',
      outcome: {
        kind: 'booked',
        slot: nineFortyFive,
        label: 'Saturday 5 December, 09:45',
        reference: 'ref-1_Q',
        say: 'Saturday 5 December, 09:45 is yours.',
        service: null,
        services: null,
        stylist: null,
        manage: null,
        recovered: false,
        deposit: null,
      },
    });
    const flow = visit().flow;
    expect(flow.phase === 'done' && toldVisit(flow.outcome)).toMatchObject({
      headline: "You're booked: Saturday 5 December, 09:45.",
      next: 'The salon expects you then. To change or cancel, call the salon and give your booking reference.',
      call: true,
    });
    // Round two sends round one's arguments again, byte for byte, with the answer and the state.
    const [first, second] = calendar.arrived('book');
    expect(second?.body.startsWith(`${first?.body.slice(0, -1)},`)).toBe(true);
    await vi.waitFor(() => expect(calendar.arrived('getSalon').length).toBe(before + 1));
    await vi.waitFor(() => expect(shown()?.openSlots.map((s) => s.slot)).toEqual([nine, tenThirty, monday]));
  });

  it('tells a time taken meanwhile apart from no thanks, offers to ask again, and refreshes', async () => {
    await ask();
    calendar.take(nine);
    const before = calendar.arrived('getSalon').length;
    await choose(nine);

    const flow = visit().flow;
    expect(flow).toEqual({
      phase: 'done',
      outcome: { kind: 'taken', slot: nine, label: 'Saturday 5 December, 09:00', say: 'Saturday 5 December, 09:00 was taken meanwhile, so nothing is booked.' },
    });
    expect(flow.phase === 'done' && toldVisit(flow.outcome)).toMatchObject({
      headline: 'Saturday 5 December, 09:00 was taken just before your answer arrived, so nothing is booked.',
      step: 'ask again',
    });
    await vi.waitFor(() => expect(calendar.arrived('getSalon').length).toBe(before + 1));
    await vi.waitFor(() => expect(shown()?.openSlots.map((s) => s.slot)).toEqual([nineFortyFive, tenThirty, monday]));

    store.dispatch(startOver());
    await ask();
    expect(visit().flow).toMatchObject({ phase: 'asking', question: { times: [nineFortyFive, tenThirty] } });
  });

  it('books nothing for a customer who says no thanks', async () => {
    await ask();
    await store.dispatch(answerAtSalon({ kind: 'decline' }));
    expect(calendar.sent('book', 1)['inputResponses']).toEqual({ time: { action: 'decline' } });
    expect(visit().flow).toEqual({ phase: 'done', outcome: { kind: 'declined', say: 'No time was chosen, so nothing is booked.' } });
    expect(calendar.bookings).toEqual([]);
  });

  it('completes without a question when none of the times sent is open any more', async () => {
    await openSalon();
    for (const { slot } of studioNine.slots) {
      calendar.take(slot);
    }
    await ask();
    const flow = visit().flow;
    expect(flow).toEqual({ phase: 'done', outcome: { kind: 'nothing open', say: 'Nothing is open then, so the salon will call you.' } });
    expect(flow.phase === 'done' && toldVisit(flow.outcome)).toMatchObject({ call: true, step: 'ask again' });
  });

  it('sends no answer to a time the question did not offer', async () => {
    await ask();
    await choose(monday);
    expect(calendar.arrived('book')).toHaveLength(1);
    expect(visit().flow.phase).toBe('asking');
  });
});

describe('Scenario: a failure the state survives keeps the question, and the same answer goes through', () => {
  it('keeps the question when the answer gets no reply, then books with the same answer and state', async () => {
    await ask();
    calendar.answerNext('book', 'network down');
    await choose(nine);

    expect(visit().flow).toMatchObject({ phase: 'asking', trouble: { kind: 'no reply' } });
    expect(troubleShown()).toEqual({
      headline: "Your answer didn't reach the salon, so nothing is booked yet.",
      next: 'Your times are still held for a short while: send your answer again.',
      step: 'send again',
      call: false,
    });
    await choose(nine);
    expect(calendar.sent('book', 2)).toEqual(calendar.sent('book', 1));
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', slot: nine } });
  });

  it('keeps the question while the service is unavailable, and offers the salon’s phone', async () => {
    await ask();
    calendar.answerNext('book', json(503, 'the booking service is unavailable'));
    await choose(nine);

    expect(troubleShown()).toMatchObject({ step: 'send again', call: true });
    await choose(nine);
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', slot: nine } });
  });

  it('keeps the question when the connection asked too often, and the same answer goes through after', async () => {
    await ask();
    calendar.answerNext('book', json(429, 'too many requests; try again shortly'));
    await choose(nine);

    expect(troubleShown()).toEqual({
      headline: 'Too many requests came from your connection just now, so nothing is booked yet.',
      next: 'Your answer is kept: wait a few seconds, then send it again.',
      step: 'send again',
      call: false,
    });
    await choose(nine);
    expect(calendar.sent('book', 2)).toEqual(calendar.sent('book', 1));
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', slot: nine } });
  });

  it('keeps the question when the answer itself is refused, since its state is unspent', async () => {
    await ask();
    calendar.answerNext('book', json(400, `${nine} was never offered`));
    await choose(nine);

    expect(troubleShown()).toMatchObject({ headline: "The salon couldn't take that answer, so nothing is booked yet.", step: 'send again' });
    await choose(nine);
    expect(visit().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked' } });
  });
});

describe('Scenario: a failure the state doesn’t survive says so and offers to ask again', () => {
  const cases: readonly { name: string; setUp: () => void; headline: string; call: boolean }[] = [
    {
      name: 'an answer after the state expired',
      setUp: () => calendar.expireEvery(),
      headline: 'The times offered were held for a short while only, and that has passed, so nothing is booked.',
      call: false,
    },
    {
      name: 'a state already used',
      setUp: () => calendar.answerNext('book', json(400, 'requestState was already used')),
      headline: "This answer was sent once already, so it can't be sent again.",
      call: true,
    },
    {
      name: 'a state that belongs to another request',
      setUp: () => calendar.answerNext('book', json(400, 'requestState belongs to another request')),
      headline: 'Your details changed after the times were offered, so this answer no longer fits and nothing is booked.',
      call: false,
    },
    {
      name: 'a state that doesn’t verify',
      setUp: () => calendar.answerNext('book', json(400, "requestState doesn't verify")),
      headline: "The salon couldn't check the offer your answer came with, so nothing is booked.",
      call: false,
    },
    {
      name: 'a refusal the client has no words of its own for',
      setUp: () => calendar.answerNext('book', json(413, 'the body must be at most 65536 bytes')),
      headline: "The booking service couldn't take this request, so nothing is booked.",
      call: true,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: the question goes, the page offers to ask again`, async () => {
      await ask();
      c.setUp();
      await choose(nine);
      const { told, round } = failedWith();
      expect(round).toBe('round two');
      expect(told).toMatchObject({ headline: c.headline, step: 'ask again', call: c.call });

      await ask();
      expect(visit().flow).toMatchObject({ phase: 'asking', trouble: null });
    });
  }

  const unclear: readonly { name: string; reply: ReturnType<typeof json>; headline: string }[] = [
    {
      name: 'a reply labelled JSON that isn’t',
      reply: { status: 200, contentType: 'application/json', body: '{"resultType":"comp' },
      headline: "The salon's reply to your answer couldn't be understood, so we can't tell whether you're booked.",
    },
    {
      name: 'a result type the client doesn’t know',
      reply: json(200, { resultType: 'working' }),
      headline: "The salon's reply to your answer couldn't be understood, so we can't tell whether you're booked.",
    },
    {
      name: 'a booking with no reference',
      reply: json(200, complete({ status: 'booked', slot: '2026-12-05T09:00:00Z', say: 'Yours.' })),
      headline: "The salon's reply to your answer couldn't be understood, so we can't tell whether you're booked.",
    },
    {
      name: 'a second question',
      reply: json(200, question(['2026-12-05T09:00:00Z'], 's.2')),
      headline: "The salon asked another question instead of booking, so we stopped there and can't tell whether you're booked.",
    },
  ];
  for (const c of unclear) {
    it(`${c.name} in round two: the page can't tell, so it sends the customer to the salon's phone`, async () => {
      await ask();
      calendar.answerNext('book', c.reply);
      await choose(nine);
      expect(failedWith().told).toMatchObject({ headline: c.headline, next: 'Call the salon to check before you ask again.', step: 'ask again', call: true });
    });
  }

  it('names a booking with no reference as malformed', async () => {
    await ask();
    calendar.answerNext('book', json(200, complete({ status: 'booked', slot: nine, say: 'Yours.' })));
    await choose(nine);
    expect(visit().flow).toMatchObject({ phase: 'failed', failure: { kind: 'malformed', problem: visitProblems.noReference } });
  });
});

describe('Scenario: round one fails, and the customer’s words stay for trying again', () => {
  const cases: readonly { name: string; reply: Parameters<FakeCalendar['answerNext']>[1]; headline: string; step: string; call: boolean }[] = [
    { name: 'no reply', reply: 'network down', headline: "We couldn't reach the salon's booking service, so nothing is booked.", step: 'try again', call: false },
    {
      name: 'the service unavailable',
      reply: json(503, 'the booking service is unavailable'),
      headline: 'The booking service is having trouble right now, so nothing is booked.',
      step: 'try again',
      call: true,
    },
    {
      name: 'too many requests from the connection',
      reply: json(429, 'too many requests; try again shortly'),
      headline: 'Too many requests came from your connection just now, so nothing is booked.',
      step: 'try again',
      call: false,
    },
    {
      name: 'a plain-text 502 from a proxy in front',
      reply: text(502, 'Bad Gateway'),
      headline: "The booking service couldn't take this request, so nothing is booked.",
      step: 'try again',
      call: true,
    },
    {
      name: 'a customer the service refuses',
      reply: json(400, 'arguments.customer.contact must be a phone number or an e-mail address'),
      headline: 'The salon needs your name and a phone number or e-mail address to book, so nothing is booked.',
      step: 'try again',
      call: false,
    },
    { name: 'a salon that isn’t registered', reply: json(404, 'there is no salon studio-nine'), headline: "This salon doesn't take bookings here.", step: 'none', call: false },
    {
      name: 'a reply that can’t be read',
      reply: { status: 200, contentType: 'application/json', body: '{' },
      headline: "The salon's reply couldn't be understood, so nothing is booked.",
      step: 'try again',
      call: true,
    },
    {
      name: 'a question offering a time that wasn’t open here',
      reply: json(200, question(['2026-12-05T13:00:00Z'], 's.1')),
      headline: "The salon's reply couldn't be understood, so nothing is booked.",
      step: 'try again',
      call: true,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.step}`, async () => {
      await openSalon();
      calendar.answerNext('book', c.reply);
      await ask();
      const { told, round } = failedWith();
      expect(round).toBe('round one');
      expect(told).toMatchObject({ headline: c.headline, step: c.step, call: c.call });
    });
  }

  it('tries again with the same words and customer after no reply', async () => {
    await openSalon();
    calendar.answerNext('book', 'network down');
    await ask();
    await ask();
    expect(calendar.sent('book', 1)).toEqual(calendar.sent('book', 0));
    expect(visit().flow.phase).toBe('asking');
  });
});

describe('Scenario: no failure is told with an HTTP status', () => {
  it('words every failure the client tells apart without a status code', async () => {
    const { refusalReasons } = await import('../src/api/refusal');
    const failures: Failure[] = [
      { kind: 'no reply', problem: '' },
      { kind: 'unreadable', status: 200, problem: '' },
      { kind: 'malformed', problem: '' },
      { kind: 'unknown result type', problem: '' },
      { kind: 'asked again', problem: '' },
      ...refusalReasons.map((reason) => ({ kind: 'refused' as const, status: 503, reason, problem: '' })),
    ];
    for (const failure of failures) {
      for (const round of ['round one', 'round two'] as const) {
        const told = toldFailure(failure, round);
        for (const words of [told.headline, told.next]) {
          expect(words, `${failure.kind} in ${round}`).not.toMatch(/HTTP|\b[1-5]\d\d\b/);
          expect(words.length, `${failure.kind} in ${round}`).toBeGreaterThan(10);
        }
      }
    }
  });
});
