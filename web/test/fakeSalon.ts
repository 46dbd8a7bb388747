// A fake booking service behind a stubbed fetch: it speaks the route's two rounds with JSON text crossing both ways, and can be told what to answer next.
import { vi } from 'vitest';

/** A reply the fake is told to give instead of its own, or the network going down. */
export type Scripted = { readonly status: number; readonly contentType: string; readonly body: string } | 'network down';

/** One request as it crossed the wire. */
export interface Received {
  readonly method: string;
  readonly url: string;
  readonly contentType: string | null;
  /** The body exactly as sent. */
  readonly body: string;
}

/** json is a reply whose body is value as JSON text, labelled application/json. */
export function json(status: number, value: unknown): Scripted {
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) };
}

/** text is a reply with a plain-text body. */
export function text(status: number, body: string): Scripted {
  return { status, contentType: 'text/plain; charset=utf-8', body };
}

interface Issued {
  readonly salon: string;
  readonly argumentsText: string;
  readonly offered: readonly string[];
}

const bookPath = /^\/salons\/([^/]+)\/book$/;

/**
 * FakeSalon answers POST /salons/{salon}/book as the route does without a calendar: round one
 * offers the first two open slots with a state, round two checks that the arguments and state came back untouched and that
 * the state is spent once. Its states hold quotes, backslashes and non-ASCII on purpose, so any
 * client that re-encodes them is caught.
 */
export class FakeSalon {
  readonly received: Received[] = [];
  private readonly scripted: Scripted[] = [];
  private readonly issued = new Map<string, Issued>();
  private readonly spent = new Set<string>();

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
    const next = this.scripted.shift() ?? this.protocol(request, body);
    if (next === 'network down') {
      throw new TypeError('fetch failed');
    }
    return new Response(next.body, { status: next.status, headers: { 'content-type': next.contentType } });
  };

  private protocol(request: Request, bodyText: string): Scripted {
    const path = bookPath.exec(new URL(request.url).pathname);
    if (request.method !== 'POST' || path?.[1] === undefined) {
      return json(404, 'no such route');
    }
    const salon = decodeURIComponent(path[1]);
    const body = JSON.parse(bodyText) as {
      arguments: { message: string; openSlots: string[] };
      inputResponses?: { time?: { action?: string; content?: { time?: unknown } } } | null;
      requestState?: string | null;
    };
    const argumentsText = JSON.stringify(body.arguments);
    const answers = body.inputResponses ?? undefined;
    const state = body.requestState ?? undefined;
    if ((answers === undefined) !== (state === undefined)) {
      return json(400, 'answers and their requestState travel together');
    }
    if (answers === undefined || state === undefined) {
      return this.roundOne(salon, argumentsText, body.arguments.openSlots);
    }
    const issued = this.issued.get(state);
    if (issued === undefined) {
      return json(400, "requestState doesn't verify");
    }
    if (issued.salon !== salon || issued.argumentsText !== argumentsText) {
      return json(400, 'requestState belongs to another request');
    }
    const answer = answers.time;
    if (answer === undefined) {
      return json(400, 'no answer to the question asked');
    }
    let slot: string | undefined;
    if (answer.action === 'accept') {
      const time = answer.content?.time;
      if (typeof time !== 'string' || !issued.offered.includes(time)) {
        return json(400, `${String(time)} was never offered`);
      }
      slot = time;
    } else if (answer.action !== 'decline' && answer.action !== 'cancel') {
      return json(400, 'the answer is not an accept, a decline or a cancel');
    }
    if (this.spent.has(state)) {
      return json(400, 'requestState was already used');
    }
    this.spent.add(state);
    return slot === undefined
      ? json(200, complete({ status: 'not_booked', say: 'No time was chosen, so nothing is booked.' }))
      : json(200, complete({ status: 'booked', slot, say: `${slot} is yours.` }));
  }

  private roundOne(salon: string, argumentsText: string, openSlots: readonly string[]): Scripted {
    const offered = openSlots.slice(0, 2);
    if (offered.length === 0) {
      return json(200, complete({ status: 'not_booked', say: 'Nothing is open then, so the salon will call you.' }));
    }
    const payload = JSON.stringify({ goodUntil: 1791018120, nonce: `n${this.issued.size}`, offered, note: 'Café "Nine"\\' });
    const state = `${payload}.b5dc${this.issued.size}14`;
    this.issued.set(state, { salon, argumentsText, offered });
    return json(200, question(offered, state));
  }
}

/** question is an input_required reply offering times, as the real server words it. */
export function question(times: readonly string[], requestState: string): unknown {
  return {
    resultType: 'input_required',
    inputRequests: {
      time: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Which time suits you?',
          requestedSchema: { type: 'object', properties: { time: { type: 'string', enum: times } }, required: ['time'] },
        },
      },
    },
    requestState,
  };
}

/** complete is a complete reply with the given structuredContent. */
export function complete(structuredContent: unknown): unknown {
  return { resultType: 'complete', structuredContent };
}
