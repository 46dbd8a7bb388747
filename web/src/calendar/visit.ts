// A customer's visit to a salon with a calendar: the slice (idle, asking, done, failed) and its two thunks, a menu's service and stylist, and a lost reply recovered through the outcome route; the service owns the calendar, so the page only tells what it booked.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { bookingApi, isTrouble } from '../api/booking';
import { failureOf, failureText, isFailure, lost, noReply, replyOf, sendRound } from '../booking/failure';
import type { Failure, RoundDispatch } from '../booking/failure';
import type { Completed, Payment, Question } from '../booking/decode';
import { answerFailed, answerSent, asked, completedOf, mayAnswer, mayAsk, roundTwoBody } from '../booking/round';
import type { Choice, Round, RoundFlow } from '../booking/round';
import type { BookArguments, BookRequest } from '../booking/wire';
import type { OpenTime } from './decode';

/** Whom a booking is for, as the customer wrote it. */
export interface Customer {
  readonly name: string;
  readonly contact: string;
}

/** What a visit came to, in the terms the page tells it. */
export type VisitOutcome =
  /** The service booked `slot` and gave its reference. */
  | {
      readonly kind: 'booked';
      readonly slot: string;
      readonly label: string;
      readonly reference: string;
      readonly say: string;
      /** At a menu salon, the service and the stylist booked, by id; null at a simple salon. */
      readonly service: string | null;
      readonly stylist: string | null;
      /** At a menu salon, the services booked, in order: one, or a visit's several; null at a simple salon. */
      readonly services: readonly string[] | null;
      /** The key that opens the booking to its customer; null when the service gave none. */
      readonly manage: string | null;
      /** True when round two's reply was lost and the outcome route told it again. */
      readonly recovered: boolean;
      /** The deposit paid to hold it, in the minor unit; null when its service asked none. */
      readonly deposit: number | null;
    }
  /** The time is held while the customer pays its deposit on Stripe's page; round three finishes it. */
  | {
      readonly kind: 'pay';
      readonly slot: string;
      readonly label: string;
      readonly payment: Payment;
      readonly pending: Pending;
      /** True when round three found it unpaid: the customer is back, and the page doesn't send them off again. */
      readonly again: boolean;
    }
  /** The deposit wasn't paid in time, so the time held for it was released. */
  | { readonly kind: 'released'; readonly slot: string; readonly label: string; readonly say: string }
  /** The customer chose `slot`, and someone else (or the owner) took it before the answer came. */
  | { readonly kind: 'taken'; readonly slot: string; readonly label: string; readonly say: string }
  /** The customer said no thanks. */
  | { readonly kind: 'declined'; readonly say: string }
  /** None of the times sent was still open, so nothing was asked. */
  | { readonly kind: 'nothing open'; readonly say: string };

/**
 * What round three sends back once the customer returns from paying: round one's arguments, the
 * state that waits for the deposit, and the held time's label. The page keeps it in this tab's
 * sessionStorage across the trip to Stripe.
 */
export interface Pending {
  readonly salon: string;
  readonly booking: BookArguments;
  readonly requestState: string;
  /** The held time: its slot id ("" when an older page kept it) and its label. */
  readonly slot: string;
  readonly label: string;
  readonly url: string;
  /** The held booking's reference. */
  readonly reference: string;
}

/** What a visit keeps beside its question: each offered slot's label, as the salon showed it when the question was asked. */
interface Labelled {
  readonly labels: Readonly<Record<string, string>>;
}

/** Where the visit is. */
export type VisitFlow = RoundFlow<VisitOutcome, Labelled>;

export interface VisitState {
  /** The salon's id, as in its page's address. */
  readonly salon: string;
  readonly flow: VisitFlow;
  /** The round whose reply is awaited, if any. */
  readonly inFlight: Round | null;
}

interface ThunkConfig {
  state: { visit: VisitState };
  rejectValue: Failure;
}

/** The problems only a calendar's replies can have. */
export const visitProblems = {
  notOpenHere: (slot: string) => `the question offers ${slot}, which was not open here`,
  noReference: 'the booking came without a reference',
  notAsked: (what: string) => `the booking names another ${what} than the one asked for`,
  notComplete: "the outcome route's reply is not a completed booking",
} as const;

/** What round one came to: a question to ask, or the visit's end. */
export type VisitRoundOne =
  | { readonly booking: BookArguments; readonly question: Question; readonly labels: Record<string, string>; readonly requestState: string }
  | { readonly outcome: VisitOutcome };

/** What a booked reply says, once its reference is checked, and its service and stylist are the ones asked for. */
function bookedOutcome(
  completed: Extract<Completed, { status: 'booked' }>,
  labels: Readonly<Record<string, string>>,
  booking: BookArguments,
  recovered = false,
): VisitOutcome | Failure {
  if (completed.booking === undefined) {
    return { kind: 'malformed', problem: visitProblems.noReference };
  }
  if (booking.service !== undefined && completed.service !== undefined && completed.service !== booking.service) {
    return { kind: 'malformed', problem: visitProblems.notAsked('service') };
  }
  if (booking.stylist !== undefined && completed.stylist !== undefined && completed.stylist !== booking.stylist) {
    return { kind: 'malformed', problem: visitProblems.notAsked('stylist') };
  }
  const label = labels[completed.slot] ?? completed.slot;
  return {
    kind: 'booked',
    slot: completed.slot,
    label,
    reference: completed.booking,
    say: completed.say,
    service: completed.service ?? booking.service ?? booking.services?.[0] ?? null,
    stylist: completed.stylist ?? null,
    services: completed.services ?? booking.services ?? (booking.service === undefined ? null : [booking.service]),
    manage: completed.manage ?? null,
    recovered,
    deposit: completed.deposit ?? null,
  };
}

/** What the customer asks with: their words, who they are, and the open times the page shows now, in the order to offer them. */
export interface Asking {
  readonly message: string;
  readonly customer: Customer;
  readonly open: readonly OpenTime[];
  /** At a menu salon, the service's id. */
  readonly service?: string;
  /** At a menu salon, a visit's services' ids, in order, in place of service. */
  readonly services?: readonly string[];
  /** At a menu salon, the stylist's id; left out for anyone. */
  readonly stylist?: string;
}

/**
 * askAtSalon is round one: the customer's words, the open times shown, in the salon's order, and
 * who they are. The question may offer only times that were sent. It does nothing while a round is
 * in flight or a question waits for its answer.
 */
export const askAtSalon = createAsyncThunk<VisitRoundOne, Asking, ThunkConfig>(
  'visit/ask',
  async ({ message, customer, open, service, services, stylist }, { getState, dispatch, rejectWithValue }) => {
    const { salon } = getState().visit;
    const booking: BookArguments = {
      message,
      openSlots: open.map((time) => time.slot),
      customer: { name: customer.name, contact: customer.contact },
      ...(service === undefined ? {} : { service }),
      ...(services === undefined ? {} : { services: [...services] }),
      ...(stylist === undefined ? {} : { stylist }),
    };
    const labels: Record<string, string> = {};
    for (const time of open) {
      labels[time.slot] = time.label;
    }
    const reply = await sendRound(dispatch, salon, { arguments: booking });
    if (isFailure(reply)) {
      return rejectWithValue(reply);
    }
    switch (reply.resultType) {
      case 'payment':
        // Round one asks no deposit, and a move never does.
        return rejectWithValue({ kind: 'malformed', problem: failureText.unaskedPayment });
      case 'input_required': {
        const stranger = reply.question.times.find((time) => !Object.hasOwn(labels, time));
        if (stranger !== undefined) {
          return rejectWithValue({ kind: 'malformed', problem: visitProblems.notOpenHere(stranger) });
        }
        return { booking, question: reply.question, labels, requestState: reply.requestState };
      }
      case 'complete': {
        const { completed } = reply;
        if (completed.status === 'not_booked') {
          return { outcome: { kind: 'nothing open', say: completed.say } };
        }
        const outcome = bookedOutcome(completed, labels, booking);
        return 'problem' in outcome ? rejectWithValue(outcome) : { outcome };
      }
    }
  },
  { condition: (_, { getState }) => mayAsk(getState().visit) },
);

/**
 * recoverOutcome asks the outcome route what round two's body did, for a round two whose reply
 * was lost: the booking it completed, 'nothing' when its state was never spent by it (so the
 * same answer can still be sent), or the failure of asking.
 */
export async function recoverOutcome(dispatch: RoundDispatch, salon: string, bookRequest: BookRequest): Promise<Completed | 'nothing' | Failure> {
  const result = await dispatch(bookingApi.endpoints.bookOutcome.initiate({ salon, bookRequest }, { track: false }));
  if ('error' in result && isTrouble(result.error) && result.error.kind === 'refused' && result.error.reason === 'no outcome') {
    return 'nothing';
  }
  const reply = replyOf(result);
  if (isFailure(reply)) {
    return reply.kind === 'no reply' ? lost : reply;
  }
  return reply.resultType === 'complete' ? reply.completed : { kind: 'malformed', problem: visitProblems.notComplete };
}

/**
 * answerAtSalon is round two: round one's arguments again, the customer's choice, and the state,
 * all exactly as they were. An accepted time that comes back not booked was taken meanwhile.
 * When the reply is lost (no reply, or a retry told the state was used already) the outcome
 * route is asked what the same body did, so the customer is told the truth: booked, not booked
 * yet (the question stays), or, when that can't be read either, that it isn't known yet.
 */
export const answerAtSalon = createAsyncThunk<VisitOutcome, Choice, ThunkConfig>(
  'visit/answer',
  async (choice, { getState, dispatch, rejectWithValue }) => {
    const { salon, flow } = getState().visit;
    const waiting = asked(flow);
    const body = roundTwoBody(waiting, choice);
    const reply = await sendRound(dispatch, salon, body);
    if (!isFailure(reply) && reply.resultType === 'payment' && choice.kind === 'accept') {
      const label = waiting.labels[choice.time] ?? choice.time;
      return toPay(salon, waiting.booking, reply.payment, reply.requestState, choice.time, label);
    }
    let completed = completedOf(reply);
    let recovered = false;
    if (isFailure(completed) && (completed.kind === 'no reply' || (completed.kind === 'refused' && completed.reason === 'used'))) {
      const told = await recoverOutcome(dispatch, salon, body);
      if (told === 'nothing') {
        // Nothing was spent by this answer: a lost reply means it never reached the salon.
        return rejectWithValue(completed.kind === 'no reply' ? failureOf({ kind: 'no reply' }) : completed);
      }
      if (isFailure(told)) {
        return rejectWithValue(told.kind === 'lost' ? told : completed);
      }
      completed = told;
      recovered = true;
    }
    if (isFailure(completed)) {
      return rejectWithValue(completed);
    }
    if (completed.status === 'booked') {
      const outcome = bookedOutcome(completed, waiting.labels, waiting.booking, recovered);
      return 'problem' in outcome ? rejectWithValue(outcome) : outcome;
    }
    if (choice.kind === 'accept') {
      return { kind: 'taken', slot: choice.time, label: waiting.labels[choice.time] ?? choice.time, say: completed.say };
    }
    return { kind: 'declined', say: completed.say };
  },
  { condition: (choice, { getState }) => mayAnswer(getState().visit, choice) },
);

/** toPay is the visit waiting for the customer to pay the deposit on payment's page. */
function toPay(salon: string, booking: BookArguments, payment: Payment, requestState: string, slot: string, label: string, again = false): VisitOutcome {
  return { kind: 'pay', slot, label, payment, again, pending: { salon, booking, requestState, slot, label, url: payment.url, reference: payment.booking } };
}

/**
 * payAtSalon is round three, once the customer is back from Stripe's page: round one's arguments,
 * their answer to the request to pay (accept when they paid, decline when they gave up there), and
 * the state that waits for the deposit. Booked once Stripe says it is paid; asked again while it
 * isn't yet; released when it wasn't paid in time.
 */
export const payAtSalon = createAsyncThunk<VisitOutcome, { readonly pending: Pending; readonly paid: boolean }, ThunkConfig>(
  'visit/pay',
  async ({ pending, paid }, { dispatch, rejectWithValue }) => {
    const reply = await sendRound(dispatch, pending.salon, {
      arguments: pending.booking,
      inputResponses: { payment: { action: paid ? 'accept' : 'decline' } },
      requestState: pending.requestState,
    });
    if (isFailure(reply)) {
      return rejectWithValue(reply);
    }
    switch (reply.resultType) {
      case 'payment':
        return toPay(pending.salon, pending.booking, reply.payment, reply.requestState, pending.slot, pending.label, true);
      case 'input_required':
        return rejectWithValue({ kind: 'asked again', problem: failureText.askedAgain });
      case 'complete': {
        const { completed } = reply;
        if (completed.status === 'booked') {
          const outcome = bookedOutcome(completed, { [completed.slot]: pending.label }, pending.booking);
          return 'problem' in outcome ? rejectWithValue(outcome) : outcome;
        }
        return paid ? { kind: 'released', slot: pending.slot, label: pending.label, say: completed.say } : { kind: 'declined', say: completed.say };
      }
    }
  },
  { condition: (_, { getState }) => getState().visit.inFlight === null },
);

/** The state of a salon's page before any booking. */
export function initialVisit(salon: string): VisitState {
  return { salon, flow: { phase: 'idle' }, inFlight: null };
}

export const visitSlice = createSlice({
  name: 'visit',
  initialState: initialVisit(''),
  reducers: {
    /** startOver drops the question or the outcome shown, so round one can be asked again. */
    startOver: (state) => (state.inFlight === null ? { ...state, flow: { phase: 'idle' as const } } : state),
  },
  extraReducers: (builder) => {
    builder
      .addCase(askAtSalon.pending, (state) => ({ ...state, inFlight: 'round one' as const }))
      .addCase(askAtSalon.fulfilled, (state, { payload }) => {
        const settled = { ...state, inFlight: null };
        if ('outcome' in payload) {
          return { ...settled, flow: { phase: 'done' as const, outcome: payload.outcome } };
        }
        return { ...settled, flow: { phase: 'asking' as const, ...payload, trouble: null } };
      })
      .addCase(askAtSalon.rejected, (state, { payload }) => ({
        ...state,
        inFlight: null,
        flow: { phase: 'failed' as const, round: 'round one' as const, failure: payload ?? noReply },
      }))
      .addCase(answerAtSalon.pending, (state) => ({ ...state, inFlight: 'round two' as const, flow: answerSent<VisitOutcome, Labelled, BookArguments>(state.flow) }))
      .addCase(answerAtSalon.fulfilled, (state, { payload }) => ({ ...state, inFlight: null, flow: { phase: 'done' as const, outcome: payload } }))
      .addCase(answerAtSalon.rejected, (state, { payload }) => ({ ...state, inFlight: null, flow: answerFailed<VisitOutcome, Labelled, BookArguments>(state.flow, payload ?? noReply) }))
      .addCase(payAtSalon.pending, (state) => ({ ...state, inFlight: 'round two' as const }))
      .addCase(payAtSalon.fulfilled, (state, { payload }) => ({ ...state, inFlight: null, flow: { phase: 'done' as const, outcome: payload } }))
      .addCase(payAtSalon.rejected, (state, { payload }) => ({
        ...state,
        inFlight: null,
        flow: { phase: 'failed' as const, round: 'round two' as const, failure: payload ?? noReply },
      }));
  },
});

export const { startOver } = visitSlice.actions;
