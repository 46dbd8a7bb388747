// A customer's visit to a salon with a calendar: the slice (idle, asking, done, failed) and its two thunks; the service owns the calendar, so the page only tells what it booked.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { isFailure, noReply, sendRound } from '../booking/failure';
import type { Failure } from '../booking/failure';
import type { Completed, Question } from '../booking/decode';
import { answerFailed, answerSent, asked, mayAnswer, mayAsk, sendAnswer } from '../booking/round';
import type { Choice, Round, RoundFlow } from '../booking/round';
import type { BookArguments } from '../booking/wire';
import type { OpenTime } from './decode';

/** Whom a booking is for, as the customer wrote it. */
export interface Customer {
  readonly name: string;
  readonly contact: string;
}

/** What a visit came to, in the terms the page tells it. */
export type VisitOutcome =
  /** The service booked `slot` and gave its reference. */
  | { readonly kind: 'booked'; readonly slot: string; readonly label: string; readonly reference: string; readonly say: string }
  /** The customer chose `slot`, and someone else (or the owner) took it before the answer came. */
  | { readonly kind: 'taken'; readonly slot: string; readonly label: string; readonly say: string }
  /** The customer said no thanks. */
  | { readonly kind: 'declined'; readonly say: string }
  /** None of the times sent was still open, so nothing was asked. */
  | { readonly kind: 'nothing open'; readonly say: string };

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
} as const;

/** What round one came to: a question to ask, or the visit's end. */
export type VisitRoundOne =
  | { readonly booking: BookArguments; readonly question: Question; readonly labels: Record<string, string>; readonly requestState: string }
  | { readonly outcome: VisitOutcome };

/** What a booked reply says, once its reference is checked. */
function bookedOutcome(completed: Extract<Completed, { status: 'booked' }>, labels: Readonly<Record<string, string>>): VisitOutcome | Failure {
  if (completed.booking === undefined) {
    return { kind: 'malformed', problem: visitProblems.noReference };
  }
  const label = labels[completed.slot] ?? completed.slot;
  return { kind: 'booked', slot: completed.slot, label, reference: completed.booking, say: completed.say };
}

/** What the customer asks with: their words, who they are, and the open times the page shows now. */
export interface Asking {
  readonly message: string;
  readonly customer: Customer;
  readonly open: readonly OpenTime[];
}

/**
 * askAtSalon is round one: the customer's words, the open times shown, in the salon's order, and
 * who they are. The question may offer only times that were sent. It does nothing while a round is
 * in flight or a question waits for its answer.
 */
export const askAtSalon = createAsyncThunk<VisitRoundOne, Asking, ThunkConfig>(
  'visit/ask',
  async ({ message, customer, open }, { getState, dispatch, rejectWithValue }) => {
    const { salon } = getState().visit;
    const booking: BookArguments = {
      message,
      openSlots: open.map((time) => time.slot),
      customer: { name: customer.name, contact: customer.contact },
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
        const outcome = bookedOutcome(completed, labels);
        return 'problem' in outcome ? rejectWithValue(outcome) : { outcome };
      }
    }
  },
  { condition: (_, { getState }) => mayAsk(getState().visit) },
);

/**
 * answerAtSalon is round two: round one's arguments again, the customer's choice, and the state,
 * all exactly as they were. An accepted time that comes back not booked was taken meanwhile.
 */
export const answerAtSalon = createAsyncThunk<VisitOutcome, Choice, ThunkConfig>(
  'visit/answer',
  async (choice, { getState, dispatch, rejectWithValue }) => {
    const { salon, flow } = getState().visit;
    const waiting = asked(flow);
    const completed = await sendAnswer(dispatch, salon, waiting, choice);
    if (isFailure(completed)) {
      return rejectWithValue(completed);
    }
    if (completed.status === 'booked') {
      const outcome = bookedOutcome(completed, waiting.labels);
      return 'problem' in outcome ? rejectWithValue(outcome) : outcome;
    }
    if (choice.kind === 'accept') {
      return { kind: 'taken', slot: choice.time, label: waiting.labels[choice.time] ?? choice.time, say: completed.say };
    }
    return { kind: 'declined', say: completed.say };
  },
  { condition: (choice, { getState }) => mayAnswer(getState().visit, choice) },
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
      .addCase(answerAtSalon.pending, (state) => ({ ...state, inFlight: 'round two' as const, flow: answerSent<VisitOutcome, Labelled>(state.flow) }))
      .addCase(answerAtSalon.fulfilled, (state, { payload }) => ({ ...state, inFlight: null, flow: { phase: 'done' as const, outcome: payload } }))
      .addCase(answerAtSalon.rejected, (state, { payload }) => ({ ...state, inFlight: null, flow: answerFailed<VisitOutcome, Labelled>(state.flow, payload ?? noReply) }));
  },
});

export const { startOver } = visitSlice.actions;
