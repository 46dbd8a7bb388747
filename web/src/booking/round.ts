// What the address-driven booking and a visit to a salon share about the two rounds: which round is which, the customer's answer, the flow, when a round may start, round two's trip, and what its end does to the flow.
import { failureText, isFailure, keepsTheQuestion, sendRound } from './failure';
import type { Failure, RoundDispatch } from './failure';
import type { Completed, Question, Reply } from './decode';
import type { Answer, BookArguments, BookRequest } from './wire';

/** Which round a failure ended, or which round's reply is awaited. */
export type Round = 'round one' | 'round two';

/** The customer's answer to the question: one of the offered times, or no thanks. */
export type Choice = { readonly kind: 'accept'; readonly time: string } | { readonly kind: 'decline' };

/** A question waiting for its answer: what round two must send back, untouched (a booking's arguments, or a move's). */
export interface Asked<Args = BookArguments> {
  /** Round one's arguments, sent again untouched in round two. */
  readonly booking: Args;
  readonly question: Question;
  /** Opaque: never parsed, sent back byte for byte. */
  readonly requestState: string;
}

/**
 * Where a booking is: idle, a question waiting for its answer (with whatever the page keeps beside
 * it), the outcome, or the failure and the round it ended. Only `asking` carries what round two
 * must send back.
 */
export type RoundFlow<Outcome, Kept = unknown, Args = BookArguments> =
  | { readonly phase: 'idle' }
  | ({
      readonly phase: 'asking';
      /** Why the last answer didn't go through while the state stays good (keepsTheQuestion), else null. */
      readonly trouble: Failure | null;
    } & Asked<Args> &
      Kept)
  | { readonly phase: 'done'; readonly outcome: Outcome }
  | { readonly phase: 'failed'; readonly round: Round; readonly failure: Failure };

/** Where a booking's rounds are, as the rules below read it. */
export interface RoundsState {
  readonly flow: RoundFlow<unknown, unknown, unknown>;
  /** The round whose reply is awaited, if any. */
  readonly inFlight: Round | null;
}

/** mayAsk says whether round one may start: no round is in flight and no question waits for its answer. */
export function mayAsk({ inFlight, flow }: RoundsState): boolean {
  return inFlight === null && flow.phase !== 'asking';
}

/** mayAnswer says whether round two may send choice: nothing in flight, a question waiting, and a time it offered or no thanks. */
export function mayAnswer({ inFlight, flow }: RoundsState, choice: Choice): boolean {
  if (inFlight !== null || flow.phase !== 'asking') {
    return false;
  }
  return choice.kind === 'decline' || flow.question.times.includes(choice.time);
}

/** asked is the question flow waits on; the round-two thunks' conditions make any other phase unreachable. */
export function asked<F extends RoundFlow<unknown, unknown, unknown>>(flow: F): Extract<F, { readonly phase: 'asking' }> {
  if (flow.phase !== 'asking') {
    throw new Error('round two runs only while a question is asked');
  }
  return flow as Extract<F, { readonly phase: 'asking' }>;
}

/**
 * sendAnswer is round two's trip: round one's arguments again, the customer's choice, and the
 * state, all exactly as they were. It comes back with the completed booking or a failure; a second
 * question is a failure, never asked of the customer.
 */
export async function sendAnswer(dispatch: RoundDispatch, salon: string, waiting: Asked, choice: Choice): Promise<Completed | Failure> {
  return completedOf(await sendRound(dispatch, salon, roundTwoBody(waiting, choice)));
}

/** answersOf is round two's answers to the question: the time chosen, or a decline. */
export function answersOf(choice: Choice): { time: Answer } {
  return { time: choice.kind === 'accept' ? { action: 'accept', content: { time: choice.time } } : { action: 'decline' } };
}

/** roundTwoBody is round two's body: round one's arguments again, the answer, and the state, all as they were. */
export function roundTwoBody(waiting: Asked, choice: Choice): BookRequest {
  return { arguments: waiting.booking, inputResponses: answersOf(choice), requestState: waiting.requestState };
}

/** completedOf is round two's reply read as the booking it completed: a second question is a failure, never asked of the customer. */
export function completedOf(reply: Reply | Failure): Completed | Failure {
  if (isFailure(reply)) {
    return reply;
  }
  switch (reply.resultType) {
    case 'input_required':
    case 'payment':
      return { kind: 'asked again', problem: failureText.askedAgain };
    case 'complete':
      return reply.completed;
  }
}

/** answerSent is flow once round two is out: the trouble that kept the question is old news. */
export function answerSent<O, K, A>(flow: RoundFlow<O, K, A>): RoundFlow<O, K, A> {
  return flow.phase === 'asking' ? { ...flow, trouble: null } : flow;
}

/**
 * answerFailed is flow once round two ended in failure. While the request's state is still good
 * the question stays, with the failure as its trouble, so the same answer can be sent again;
 * otherwise the booking has failed in round two.
 */
export function answerFailed<O, K, A>(flow: RoundFlow<O, K, A>, failure: Failure): RoundFlow<O, K, A> {
  if (flow.phase === 'asking' && keepsTheQuestion(failure)) {
    return { ...flow, trouble: failure };
  }
  return { phase: 'failed', round: 'round two', failure };
}
