// A fake booking service behind a stubbed fetch: it speaks the route's two rounds with JSON text crossing both ways, and can be told what to answer next.
import { vi } from 'vitest';
import { RequestStates, complete, json, question, respond } from './fakeWire';
import type { BookBody, Received, Scripted } from './fakeWire';

const bookPath = /^\/salons\/([^/]+)\/book$/;

/**
 * FakeSalon answers POST /salons/{salon}/book as the route does without a calendar: round one
 * offers the first two open slots with a state, round two checks that the arguments and state came
 * back untouched and that the state is spent once (see RequestStates).
 */
export class FakeSalon {
  readonly received: Received[] = [];
  private readonly scripted: Scripted[] = [];
  private readonly states = new RequestStates((n) => `b5dc${n}14`);

  /** answerNext queues replies; each request takes the first queued one instead of the protocol's. */
  answerNext(...replies: Scripted[]): void {
    this.scripted.push(...replies);
  }

  /** install stubs the global fetch with this fake until vi.unstubAllGlobals(). */
  install(): this {
    vi.stubGlobal('fetch', this.fetch);
    return this;
  }

  /** The body of the nth request (0 for round one), parsed from its JSON text. */
  sent(n: number): Record<string, unknown> {
    const request = this.received[n];
    if (request === undefined) {
      throw new Error(`no request ${n}: only ${this.received.length} arrived`);
    }
    return JSON.parse(request.body) as Record<string, unknown>;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.text();
    this.received.push({ method: request.method, url: request.url, contentType: request.headers.get('content-type'), body });
    return respond(this.scripted.shift() ?? this.protocol(request, body));
  };

  private protocol(request: Request, bodyText: string): Scripted {
    const path = bookPath.exec(new URL(request.url).pathname);
    if (request.method !== 'POST' || path?.[1] === undefined) {
      return json(404, 'no such route');
    }
    const salon = decodeURIComponent(path[1]);
    const body = JSON.parse(bodyText) as BookBody<{ message: string; openSlots: string[] }>;
    const round = this.states.read(salon, body);
    if ('refusal' in round) {
      return round.refusal;
    }
    if (round.round === 'one') {
      return this.roundOne(salon, JSON.stringify(body.arguments), body.arguments.openSlots);
    }
    const { slot } = round;
    return slot === undefined
      ? json(200, complete({ status: 'not_booked', say: 'No time was chosen, so nothing is booked.' }))
      : json(200, complete({ status: 'booked', slot, say: `${slot} is yours.` }));
  }

  private roundOne(salon: string, argumentsText: string, openSlots: readonly string[]): Scripted {
    const offered = openSlots.slice(0, 2);
    if (offered.length === 0) {
      return json(200, complete({ status: 'not_booked', say: 'Nothing is open then, so the salon will call you.' }));
    }
    return json(200, question(offered, this.states.issue(salon, argumentsText, offered)));
  }
}
