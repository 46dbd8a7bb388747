// What both fake booking services share: scripted replies, a request as it crossed the wire, the two rounds' reply shapes, and the states round one issues and round two spends once.

/** A reply a fake is told to give instead of its own, or the network going down. */
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

/** respond is what the stubbed fetch does with a reply: resolve to it, or throw as fetch does when the network is down. */
export function respond(reply: Scripted): Response {
  if (reply === 'network down') {
    throw new TypeError('fetch failed');
  }
  return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType } });
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

/** The body of a POST /salons/{salon}/book, as the fakes read it. */
export interface BookBody<Arguments> {
  readonly arguments: Arguments;
  readonly inputResponses?: { readonly time?: { readonly action?: string; readonly content?: { readonly time?: unknown } } } | null;
  readonly requestState?: string | null;
}

/** What a book request turned out to be: round one, round two with the time accepted (undefined for no thanks), or the route's refusal. */
export type RoundRead = { readonly round: 'one' } | { readonly round: 'two'; readonly slot: string | undefined } | { readonly refusal: Scripted };

interface Issued {
  readonly salon: string;
  readonly argumentsText: string;
  readonly offered: readonly string[];
  expired: boolean;
}

/**
 * RequestStates issues round one's states and checks round two's as the route does: the state must
 * be one it issued, for the same salon and the same arguments text, not expired, answering with a
 * time it offered (or declining), and is spent once. Its states hold quotes, backslashes and
 * non-ASCII on purpose, so any client that re-encodes them is caught.
 */
export class RequestStates {
  private readonly issued = new Map<string, Issued>();
  private readonly spent = new Set<string>();

  /** seal is what follows the state's payload, from how many states came before; each fake has its own. */
  constructor(private readonly seal: (n: number) => string) {}

  /** issue is a new state for a question offering offered, to the request whose arguments are argumentsText. */
  issue(salon: string, argumentsText: string, offered: readonly string[]): string {
    const n = this.issued.size;
    const state = `${JSON.stringify({ goodUntil: 1791018120, nonce: `n${n}`, offered, note: 'Café "Nine"\\' })}.${this.seal(n)}`;
    this.issued.set(state, { salon, argumentsText, offered, expired: false });
    return state;
  }

  /** expireEvery makes every state issued so far outlive its life. */
  expireEvery(): void {
    for (const issued of this.issued.values()) {
      issued.expired = true;
    }
  }

  /** read tells which round body is, and for round two checks its answer and its state, spending the state. */
  read(salon: string, body: BookBody<unknown>): RoundRead {
    const argumentsText = JSON.stringify(body.arguments);
    const answers = body.inputResponses ?? undefined;
    const state = body.requestState ?? undefined;
    if ((answers === undefined) !== (state === undefined)) {
      return { refusal: json(400, 'answers and their requestState travel together') };
    }
    if (answers === undefined || state === undefined) {
      return { round: 'one' };
    }
    const issued = this.issued.get(state);
    if (issued === undefined) {
      return { refusal: json(400, "requestState doesn't verify") };
    }
    if (issued.salon !== salon || issued.argumentsText !== argumentsText) {
      return { refusal: json(400, 'requestState belongs to another request') };
    }
    if (issued.expired) {
      return { refusal: json(400, 'requestState has expired') };
    }
    const answer = answers.time;
    if (answer === undefined) {
      return { refusal: json(400, 'no answer to the question asked') };
    }
    let slot: string | undefined;
    if (answer.action === 'accept') {
      const time = answer.content?.time;
      if (typeof time !== 'string' || !issued.offered.includes(time)) {
        return { refusal: json(400, `${String(time)} was never offered`) };
      }
      slot = time;
    } else if (answer.action !== 'decline' && answer.action !== 'cancel') {
      return { refusal: json(400, 'the answer is not an accept, a decline or a cancel') };
    }
    if (this.spent.has(state)) {
      return { refusal: json(400, 'requestState was already used') };
    }
    this.spent.add(state);
    return { round: 'two', slot };
  }
}
