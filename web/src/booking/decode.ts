// The strict decoder of a round's reply: every field the client reads, decoded, or one problem that says what is wrong.
import { resultTypes, statuses } from './wire';
import type { ResultType, Status } from './wire';

/** The question round one asks: its words and the times it offers, in the order offered. */
export interface Question {
  readonly message: string;
  readonly times: readonly string[];
}

/**
 * A completed booking as the server tells it: booked names its slot, and at a salon with a
 * calendar the booking's reference; `say` is for showing only.
 */
export type Completed =
  | {
      readonly status: Extract<Status, 'booked'>;
      readonly slot: string;
      readonly say: string;
      /** The booking's reference, at a salon with a calendar. */
      readonly booking?: string;
      /** The key that opens the booking to its customer, at a salon with a calendar. */
      readonly manage?: string;
      /** The service and the stylist booked, at a menu salon: at a visit of several, the first service. */
      readonly service?: string;
      readonly stylist?: string;
      /** The services booked, in order, at a menu salon: one, or a visit's several. */
      readonly services?: readonly string[];
      /** The deposit paid to hold it, in the minor unit, when its service asked one. */
      readonly deposit?: number;
    }
  | { readonly status: Extract<Status, 'not_booked'>; readonly say: string };

/** A held time's request to pay its deposit on Stripe's page: MCP's URL-mode elicitation. */
export interface Payment {
  readonly message: string;
  /** Stripe's Checkout page. */
  readonly url: string;
  /** The held booking's reference. */
  readonly booking: string;
}

/**
 * A reply that decoded: a question with the state to send back, a request to pay a deposit (an
 * input_required whose one request is the payment, read as its own kind) with round three's
 * state, or a completed booking.
 */
export type Reply =
  | { readonly resultType: Extract<ResultType, 'input_required'>; readonly question: Question; readonly requestState: string }
  | { readonly resultType: 'payment'; readonly payment: Payment; readonly requestState: string }
  | { readonly resultType: Extract<ResultType, 'complete'>; readonly completed: Completed };

/** Why a reply did not decode. An unknown result type is told apart from every other fault. */
export type Problem =
  | { readonly kind: 'unknown result type'; readonly text: string }
  | { readonly kind: 'malformed'; readonly text: string };

/** The decoder's verdict. It never throws, so RTK Query stores a verdict, not an exception. */
export type Decoded = { readonly ok: true; readonly reply: Reply } | { readonly ok: false; readonly problem: Problem };

type Fields = { readonly [field: string]: unknown };

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, name: string): unknown {
  return isFields(value) && Object.hasOwn(value, name) ? value[name] : undefined;
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function malformed(text: string): Decoded {
  return { ok: false, problem: { kind: 'malformed', text } };
}

/** Proves at compile time that a switch handled every member of a list. */
function unhandled(value: never): never {
  throw new Error(`unhandled value ${JSON.stringify(value)}`);
}

function decodeQuestion(raw: Fields): Decoded {
  const requestState = field(raw, 'requestState');
  if (typeof requestState !== 'string' || requestState === '') {
    return malformed('the question came without a requestState');
  }
  const payment = field(field(raw, 'inputRequests'), 'payment');
  if (payment !== undefined) {
    return decodePayment(field(payment, 'params'), requestState);
  }
  const params = field(field(field(raw, 'inputRequests'), 'time'), 'params');
  const times = field(field(field(field(params, 'requestedSchema'), 'properties'), 'time'), 'enum');
  if (!Array.isArray(times) || times.length === 0) {
    return malformed('the question offers no times');
  }
  const offered: string[] = [];
  for (const time of times as unknown[]) {
    if (typeof time !== 'string' || time === '') {
      return malformed('the question offers a time that is not a string');
    }
    if (offered.includes(time)) {
      return malformed(`the question offers ${time} twice`);
    }
    offered.push(time);
  }
  const message = field(params, 'message');
  if (typeof message !== 'string') {
    return malformed('the question has no message');
  }
  return { ok: true, reply: { resultType: 'input_required', question: { message, times: offered }, requestState } };
}

function decodePayment(params: unknown, requestState: string): Decoded {
  const [mode, message, url, booking] = ['mode', 'message', 'url', 'elicitationId'].map((name) => field(params, name));
  if (mode !== 'url') {
    return malformed('the request to pay is not a URL');
  }
  if (typeof message !== 'string' || typeof url !== 'string' || typeof booking !== 'string' || booking === '') {
    return malformed('the request to pay lacks its message, its page or its booking');
  }
  if (!/^https?:\/\//.test(url)) {
    return malformed('the page to pay on is not a web address');
  }
  return { ok: true, reply: { resultType: 'payment', payment: { message, url, booking }, requestState } };
}

function decodeCompleted(raw: Fields): Decoded {
  const content = field(raw, 'structuredContent');
  if (!isFields(content)) {
    return malformed('the booking has no structuredContent');
  }
  const status = field(content, 'status');
  if (!isOneOf(statuses, status)) {
    return malformed(
      status === undefined
        ? 'the booking has no status'
        : `the booking's status ${JSON.stringify(status)} is not one the client knows`,
    );
  }
  const say = field(content, 'say');
  switch (status) {
    case 'booked': {
      const slot = field(content, 'slot');
      if (typeof slot !== 'string' || slot === '') {
        return malformed('the booking names no slot');
      }
      if (typeof say !== 'string') {
        return malformed('the booking has nothing to say');
      }
      // Each of these is optional, and read strictly when it is there.
      const extras: { booking?: string; manage?: string; service?: string; stylist?: string; deposit?: number; services?: readonly string[] } = {};
      const services = field(content, 'services');
      if (services !== undefined) {
        if (!Array.isArray(services) || services.length === 0 || !services.every((id) => typeof id === 'string' && id !== '')) {
          return malformed("the booking's services are not a list of ids");
        }
        extras.services = services as string[];
      }
      const deposit = field(content, 'deposit');
      if (deposit !== undefined) {
        if (typeof deposit !== 'number' || !Number.isInteger(deposit) || deposit < 1) {
          return malformed("the booking's deposit is not an amount");
        }
        extras.deposit = deposit;
      }
      for (const [name, what] of [
        ['booking', "the booking's reference"],
        ['manage', "the booking's manage key"],
        ['service', "the booking's service"],
        ['stylist', "the booking's stylist"],
      ] as const) {
        const value = field(content, name);
        if (value === undefined) {
          continue;
        }
        if (typeof value !== 'string' || value === '') {
          return malformed(`${what} is not a string`);
        }
        extras[name] = value;
      }
      return { ok: true, reply: { resultType: 'complete', completed: { status, slot, say, ...extras } } };
    }
    case 'not_booked':
      if (typeof say !== 'string') {
        return malformed('the booking has nothing to say');
      }
      return { ok: true, reply: { resultType: 'complete', completed: { status, say } } };
    default:
      return unhandled(status);
  }
}

/**
 * decodeReply reads a 200 reply's body, already parsed from JSON (or text, if it wasn't labelled
 * JSON). It reads only the fields the client uses, each strictly, and returns the first problem.
 */
export function decodeReply(body: unknown): Decoded {
  if (!isFields(body)) {
    return malformed('the reply is not a JSON object');
  }
  const resultType = field(body, 'resultType');
  if (!isOneOf(resultTypes, resultType)) {
    const text =
      resultType === undefined
        ? 'the reply has no resultType'
        : `the reply's resultType ${JSON.stringify(resultType)} is not one the client knows`;
    return { ok: false, problem: { kind: 'unknown result type', text } };
  }
  switch (resultType) {
    case 'input_required':
      return decodeQuestion(body);
    case 'complete':
      return decodeCompleted(body);
    default:
      return unhandled(resultType);
  }
}
