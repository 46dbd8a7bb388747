// The failures a round can end in, told apart, and one round trip that turns whatever came back into a decoded reply or a failure.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { bookingApi, isTrouble } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { RefusalReason } from '../api/refusal';
import type { Completed, Decoded, Reply } from './decode';
import type { BookRequest } from './wire';

/**
 * Why a round stopped without an outcome. Each kind is a different fault; nothing is booked by the
 * round that failed. `problem` says what went wrong for the people who build the client; the
 * pages show the customer other words (src/page/words.ts), and never an HTTP status.
 */
export type Failure =
  | { readonly kind: 'refused'; readonly status: number; readonly reason: RefusalReason; readonly problem: string }
  | { readonly kind: 'unreadable'; readonly status: number; readonly problem: string }
  | { readonly kind: 'no reply'; readonly problem: string }
  /** Round two's reply was lost, and asking what it did got no answer either: it may or may not have gone through. */
  | { readonly kind: 'lost'; readonly problem: string }
  | { readonly kind: 'malformed'; readonly problem: string }
  | { readonly kind: 'unknown result type'; readonly problem: string }
  | { readonly kind: 'asked again'; readonly problem: string };

/** The exact problems of each failure that isn't the decoder's. */
export const failureText = {
  refused: (reason: RefusalReason) => `the service refused the request (${reason})`,
  unreadable: "the reply could not be read: it is labelled JSON but isn't",
  noReply: 'the service did not reply: it or the network is down',
  askedAgain: 'the salon asked a second question after it was answered',
  unaskedPayment: 'the salon asked for a payment where nothing asks a deposit',
  lost: "round two's reply was lost, and what it did couldn't be read back",
} as const;

/** The failure of a round two whose reply was lost and whose outcome couldn't be read back. */
export const lost: Failure = { kind: 'lost', problem: failureText.lost };

/** failureOf names what a failed request left. */
export function failureOf(trouble: Trouble): Failure {
  switch (trouble.kind) {
    case 'refused':
      return { kind: 'refused', status: trouble.status, reason: trouble.reason, problem: failureText.refused(trouble.reason) };
    case 'unreadable':
      return { kind: 'unreadable', status: trouble.status, problem: failureText.unreadable };
    case 'no reply':
      return { kind: 'no reply', problem: failureText.noReply };
  }
}

/** The failure of a thunk that threw: nothing came back that the client could use. */
export const noReply: Failure = { kind: 'no reply', problem: failureText.noReply };

/**
 * keepsTheQuestion says whether round two's state is still good after failure: nothing reached a
 * decision (no reply, a service that is down, a request past the quota), or the service refused
 * the answer and left the state unspent. Then the same answer can be sent again. After any other
 * failure the state is spent, or was never good, and only a new round one can go on.
 */
export function keepsTheQuestion(failure: Failure): boolean {
  switch (failure.kind) {
    case 'no reply':
    case 'lost':
      return true;
    case 'refused':
      return failure.reason === 'unavailable' || failure.reason === 'too many' || failure.reason === 'answer refused';
    default:
      return false;
  }
}

/** The dispatch a round's thunk gets. */
export type RoundDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** What a round's endpoint gave back: a decoded reply, or the trouble it ran into. */
type Sent = { readonly data: Decoded } | { readonly error: unknown };

/** replyOf turns what a round's endpoint gave back into a decoded reply or a failure. */
export function replyOf(result: Sent): Reply | Failure {
  if ('error' in result) {
    return failureOf(isTrouble(result.error) ? result.error : { kind: 'no reply' });
  }
  const decoded = result.data;
  if (!decoded.ok) {
    return { kind: decoded.problem.kind, problem: decoded.problem.text };
  }
  return decoded.reply;
}

/** sendRound makes one round trip and turns whatever came back into a decoded reply or a failure. */
export async function sendRound(dispatch: RoundDispatch, salon: string, bookRequest: BookRequest): Promise<Reply | Failure> {
  return replyOf(await dispatch(bookingApi.endpoints.book.initiate({ salon, bookRequest }, { track: false })));
}

/** isFailure tells a round's failure from its reply, or from the booking it completed. */
export function isFailure(value: Reply | Completed | Failure): value is Failure {
  return 'kind' in value;
}
