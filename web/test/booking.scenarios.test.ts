// Scenarios of the two rounds through the real store, against a fake salon behind a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerQuestion, askForTime, slotTaken } from '../src/booking/slice';
import type { BookingState } from '../src/booking/slice';
import { outcomeWords, toldFailure } from '../src/page/words';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeSalon } from './fakeSalon';
import { complete, json, question, text } from './fakeWire';

const origin = 'http://salon.test';
const open = ['sat-10:30', 'sat-11:30', 'sat-13:00'];

let salon: FakeSalon;
let store: AppStore;

beforeEach(() => {
  salon = new FakeSalon().install();
  store = makeStore({ origin, salon: 'Studio Nine', openSlots: open });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function booking(): BookingState {
  return store.getState().booking;
}

async function roundOne(message = 'A cut on Saturday morning?'): Promise<void> {
  await store.dispatch(askForTime({ message }));
}

async function pick(time: string): Promise<void> {
  await store.dispatch(answerQuestion({ kind: 'accept', time }));
}

function expectNothingBooked(): void {
  expect(booking().booked).toEqual([]);
  expect(booking().openSlots).toEqual(open);
}

describe('Scenario: the app books the slot the booking names', () => {
  it('books the named slot even when the customer’s words name another time', async () => {
    await roundOne('Saturday at 13:00, please');
    expect(booking().flow).toMatchObject({ phase: 'asking', question: { times: ['sat-10:30', 'sat-11:30'] } });
    await pick('sat-10:30');

    expect(booking().flow).toEqual({ phase: 'done', outcome: { kind: 'booked', slot: 'sat-10:30', say: 'sat-10:30 is yours.' } });
    expect(booking().booked).toEqual(['sat-10:30']);
    expect(booking().openSlots).toEqual(['sat-11:30', 'sat-13:00']);
  });

  it('books the slot the booking names, never one its `say` mentions', async () => {
    await roundOne();
    salon.answerNext(json(200, complete({ status: 'booked', slot: 'sat-11:30', say: 'sat-13:00 is yours.' })));
    await pick('sat-10:30');

    expect(booking().booked).toEqual(['sat-11:30']);
    expect(booking().openSlots).toEqual(['sat-10:30', 'sat-13:00']);
    expect(booking().flow).toEqual({ phase: 'done', outcome: { kind: 'booked', slot: 'sat-11:30', say: 'sat-13:00 is yours.' } });
  });

  it('does not book a slot taken meanwhile, and tells the customer', async () => {
    await roundOne();
    store.dispatch(slotTaken('sat-10:30'));
    await pick('sat-10:30');

    const flow = booking().flow;
    expect(flow).toEqual({ phase: 'done', outcome: { kind: 'slot gone', slot: 'sat-10:30', say: 'sat-10:30 is yours.' } });
    expect(booking().booked).toEqual([]);
    expect(booking().openSlots).toEqual(['sat-11:30', 'sat-13:00']);
    if (flow.phase === 'done') {
      expect(outcomeWords(flow.outcome)).toBe('sat-10:30 is no longer open here, so nothing is booked.');
    }
  });

  it('does not book twice a slot an earlier booking took', async () => {
    await roundOne();
    await pick('sat-10:30');
    salon.answerNext(json(200, complete({ status: 'booked', slot: 'sat-10:30', say: 'sat-10:30 is yours.' })));
    await roundOne('And one more?');

    expect(booking().booked).toEqual(['sat-10:30']);
    expect(booking().flow).toMatchObject({ phase: 'done', outcome: { kind: 'slot gone', slot: 'sat-10:30' } });
  });
});

describe('Scenario: a server that asks, a customer who picks', () => {
  it('retries with the same booking, the answer, and the state untouched', async () => {
    await roundOne('A cut on Saturday morning?');
    const flow = booking().flow;
    if (flow.phase !== 'asking') {
      throw new Error(`got phase ${flow.phase}, want asking`);
    }
    const roundOneBody = salon.received[0]?.body ?? '';
    const state = flow.requestState;
    await pick('sat-11:30');

    expect(salon.received).toHaveLength(2);
    const [first, second] = salon.received;
    expect(first?.body).toBe('{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}');
    // Round two's text begins with round one's, byte for byte, then adds the answer and the state.
    expect(second?.body.startsWith(roundOneBody.slice(0, -1) + ',')).toBe(true);
    expect(salon.sent(1)).toEqual({
      arguments: salon.sent(0)['arguments'],
      inputResponses: { time: { action: 'accept', content: { time: 'sat-11:30' } } },
      requestState: state,
    });
    expect(salon.sent(1)['requestState']).toBe('{"goodUntil":1791018120,"nonce":"n0","offered":["sat-10:30","sat-11:30"],"note":"Café \\"Nine\\"\\\\"}.b5dc014');
    expect(second?.url).toBe('http://salon.test/salons/Studio%20Nine/book');
    expect(second?.method).toBe('POST');
    expect(second?.contentType).toBe('application/json');
    expect(booking().booked).toEqual(['sat-11:30']);
  });

  it('escapes the salon’s name in the path', async () => {
    store = makeStore({ origin, salon: 'Nine/Ten ?&#', openSlots: open });
    await roundOne();
    expect(salon.received[0]?.url).toBe('http://salon.test/salons/Nine%2FTen%20%3F%26%23/book');
  });

  it('books nothing for a customer who declines', async () => {
    await roundOne();
    await store.dispatch(answerQuestion({ kind: 'decline' }));

    expect(salon.sent(1)['inputResponses']).toEqual({ time: { action: 'decline' } });
    expect(booking().flow).toEqual({ phase: 'done', outcome: { kind: 'not booked', say: 'No time was chosen, so nothing is booked.' } });
    expectNothingBooked();
  });

  it('completes without a question when nothing is open', async () => {
    store = makeStore({ origin, salon: 'Studio Nine', openSlots: [] });
    await roundOne();
    expect(booking().flow).toEqual({
      phase: 'done',
      outcome: { kind: 'not booked', say: 'Nothing is open then, so the salon will call you.' },
    });
  });

  it('sends no answer to a time the question did not offer', async () => {
    await roundOne();
    await pick('sat-13:00');
    expect(salon.received).toHaveLength(1);
    expect(booking().flow.phase).toBe('asking');
  });
});

describe('Scenario: a round that fails stops the run and books nothing', () => {
  it('stops with a clear error when the server asks again in round two', async () => {
    await roundOne();
    salon.answerNext(json(200, question(['sat-10:30'], 'another state')));
    await pick('sat-10:30');

    expect(booking().flow).toEqual({
      phase: 'failed',
      round: 'round two',
      failure: { kind: 'asked again', problem: 'the salon asked a second question after it was answered' },
    });
    expectNothingBooked();
  });

  it('names no reply at all when the server is down in round one', async () => {
    salon.answerNext('network down');
    await roundOne();

    expect(booking().flow).toEqual({
      phase: 'failed',
      round: 'round one',
      failure: { kind: 'no reply', problem: 'the service did not reply: it or the network is down' },
    });
    expectNothingBooked();
  });

  it('keeps the question when the server goes down before round two, so the same answer goes again', async () => {
    await roundOne();
    salon.answerNext('network down');
    await pick('sat-10:30');

    expect(booking().flow).toMatchObject({ phase: 'asking', trouble: { kind: 'no reply' } });
    expectNothingBooked();
    await pick('sat-10:30');
    expect(salon.sent(2)).toEqual(salon.sent(1));
    expect(booking().flow).toMatchObject({ phase: 'done', outcome: { kind: 'booked', slot: 'sat-10:30' } });
  });

  it('names a refused round two as a refusal with its status and reason, not a missing reply', async () => {
    await roundOne();
    salon.answerNext(json(400, 'requestState was already used'));
    await pick('sat-10:30');

    const flow = booking().flow;
    expect(flow).toEqual({
      phase: 'failed',
      round: 'round two',
      failure: { kind: 'refused', status: 400, reason: 'used', problem: 'the service refused the request (used)' },
    });
    if (flow.phase === 'failed') {
      expect(toldFailure(flow.failure, flow.round)).toMatchObject({
        headline: "This answer was sent once already, so it can't be sent again.",
        step: 'ask again',
        call: true,
      });
    }
    expectNothingBooked();
  });

  it('resends round one’s booking even when the open times changed meanwhile', async () => {
    await roundOne();
    store.dispatch(slotTaken('sat-13:00'));
    // The app keeps round one's booking for round two, so the server still sees the same request.
    await pick('sat-10:30');
    expect(booking().booked).toEqual(['sat-10:30']);
    expect(salon.sent(1)['arguments']).toEqual(salon.sent(0)['arguments']);
  });

  it('names a plain-text refusal as a refusal with its status', async () => {
    salon.answerNext(text(503, 'Service Unavailable'));
    await roundOne();

    expect(booking().flow).toEqual({
      phase: 'failed',
      round: 'round one',
      failure: { kind: 'refused', status: 503, reason: 'unavailable', problem: 'the service refused the request (unavailable)' },
    });
  });

  it('names a reply labelled JSON that does not parse as unreadable, not missing', async () => {
    salon.answerNext({ status: 200, contentType: 'application/json', body: '{"resultType":"input_req' });
    await roundOne();

    expect(booking().flow).toEqual({
      phase: 'failed',
      round: 'round one',
      failure: { kind: 'unreadable', status: 200, problem: "the reply could not be read: it is labelled JSON but isn't" },
    });
    expectNothingBooked();
  });

  it('never lets a refusal’s body reach the store', async () => {
    const seen: string[] = [];
    store.subscribe(() => seen.push(JSON.stringify(store.getState())));
    await roundOne();
    salon.answerNext(json(400, 'secret-refusal-body requestState was already used'));
    await pick('sat-10:30');
    salon.answerNext(text(400, 'secret-refusal-body in plain text'));
    await roundOne();

    expect(booking().flow).toMatchObject({ phase: 'failed', failure: { kind: 'refused', status: 400 } });
    expect(seen.length).toBeGreaterThan(0);
    for (const snapshot of seen) {
      expect(snapshot).not.toContain('secret-refusal-body');
    }
  });

  it('stops and names a result type the client has never heard of', async () => {
    salon.answerNext(json(200, { resultType: 'working', progress: 0.5 }));
    await roundOne();

    expect(booking().flow).toEqual({
      phase: 'failed',
      round: 'round one',
      failure: { kind: 'unknown result type', problem: 'the reply\'s resultType "working" is not one the client knows' },
    });
    expectNothingBooked();
  });

  it('lets the customer start again after a failure', async () => {
    salon.answerNext('network down');
    await roundOne();
    await roundOne();
    expect(booking().flow).toMatchObject({ phase: 'asking' });
  });
});
