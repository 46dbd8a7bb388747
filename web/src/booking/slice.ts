// The booking slice (idle, asking, done, failed) and its two thunks, one per round; the app acts here on what the server completed.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { failureText, isFailure, noReply, sendRound } from './failure';
import type { Failure } from './failure';
import type { Completed, Question } from './decode';
import { answerFailed, answerSent, asked, mayAnswer, mayAsk, sendAnswer } from './round';
import type { Choice, Round, RoundFlow } from './round';
import type { BookArguments } from './wire';

export type { Failure } from './failure';
export type { Choice } from './round';

/** What the app made of a completed booking. */
export type Outcome =
  | { readonly kind: 'booked'; readonly slot: string; readonly say: string }
  | { readonly kind: 'not booked'; readonly say: string }
  /** The server booked a slot this app no longer has open, so the app books nothing. */
  | { readonly kind: 'slot gone'; readonly slot: string; readonly say: string };

/** Where the current booking is. */
export type Flow = RoundFlow<Outcome>;

export interface BookingState {
  readonly salon: string;
  /** The times still open here, in the salon's order. */
  readonly openSlots: readonly string[];
  /** The times this customer has booked, in the order booked. */
  readonly booked: readonly string[];
  readonly flow: Flow;
  /** The round whose reply is awaited, if any. */
  readonly inFlight: Round | null;
}

interface ThunkConfig {
  state: { booking: BookingState };
  rejectValue: Failure;
}

/** What round one came to: a question to ask, or a completed booking. */
export type RoundOne =
  | { readonly booking: BookArguments; readonly question: Question; readonly requestState: string }
  | { readonly completed: Completed };

/**
 * askForTime is round one: it sends the customer's words and the times open now, in their order.
 * It does nothing while a round is in flight or a question waits for its answer.
 */
export const askForTime = createAsyncThunk<RoundOne, { readonly message: string }, ThunkConfig>(
  'booking/askForTime',
  async ({ message }, { getState, dispatch, rejectWithValue }) => {
    const { salon, openSlots } = getState().booking;
    const booking: BookArguments = { message, openSlots: [...openSlots] };
    const reply = await sendRound(dispatch, salon, { arguments: booking });
    if (isFailure(reply)) {
      return rejectWithValue(reply);
    }
    switch (reply.resultType) {
      case 'payment':
        // Round one asks no deposit, and a move never does.
        return rejectWithValue({ kind: 'malformed', problem: failureText.unaskedPayment });
      case 'input_required':
        return { booking, question: reply.question, requestState: reply.requestState };
      case 'complete':
        return { completed: reply.completed };
    }
  },
  { condition: (_, { getState }) => mayAsk(getState().booking) },
);

/**
 * answerQuestion is round two: the round-one booking again, the customer's choice, and the state,
 * all exactly as they were. A second question is a failure, never asked of the customer.
 */
export const answerQuestion = createAsyncThunk<Completed, Choice, ThunkConfig>(
  'booking/answerQuestion',
  async (choice, { getState, dispatch, rejectWithValue }) => {
    const { salon, flow } = getState().booking;
    const completed = await sendAnswer(dispatch, salon, asked(flow), choice);
    return isFailure(completed) ? rejectWithValue(completed) : completed;
  },
  { condition: (choice, { getState }) => mayAnswer(getState().booking, choice) },
);

/** act books the slot a completed booking names, only while it is still open here; `say` is never read. */
function act(state: BookingState, completed: Completed): BookingState {
  switch (completed.status) {
    case 'not_booked':
      return { ...state, flow: { phase: 'done', outcome: { kind: 'not booked', say: completed.say } } };
    case 'booked': {
      const { slot, say } = completed;
      if (!state.openSlots.includes(slot)) {
        return { ...state, flow: { phase: 'done', outcome: { kind: 'slot gone', slot, say } } };
      }
      return {
        ...state,
        openSlots: state.openSlots.filter((open) => open !== slot),
        booked: [...state.booked, slot],
        flow: { phase: 'done', outcome: { kind: 'booked', slot, say } },
      };
    }
  }
}

function failed(state: BookingState, round: Round, failure: Failure): BookingState {
  return { ...state, flow: { phase: 'failed', round, failure } };
}

/** The state of a salon page before any booking. */
export function initialBooking(salon: string, openSlots: readonly string[]): BookingState {
  return { salon, openSlots: [...openSlots], booked: [], flow: { phase: 'idle' }, inFlight: null };
}

export const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBooking('Studio Nine', []),
  reducers: {
    /** slotTaken: the app learned that a time was taken elsewhere; it is no longer open here. */
    slotTaken: (state, action: PayloadAction<string>) => ({
      ...state,
      openSlots: state.openSlots.filter((slot) => slot !== action.payload),
    }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(askForTime.pending, (state) => ({ ...state, inFlight: 'round one' as const }))
      .addCase(askForTime.fulfilled, (state, { payload }) => {
        const settled = { ...state, inFlight: null };
        if ('completed' in payload) {
          return act(settled, payload.completed);
        }
        return { ...settled, flow: { phase: 'asking' as const, ...payload, trouble: null } };
      })
      // Without a payload the thunk threw: nothing came back that the client could use.
      .addCase(askForTime.rejected, (state, { payload }) => failed({ ...state, inFlight: null }, 'round one', payload ?? noReply))
      .addCase(answerQuestion.pending, (state) => ({ ...state, inFlight: 'round two' as const, flow: answerSent<Outcome, unknown, BookArguments>(state.flow) }))
      .addCase(answerQuestion.fulfilled, (state, { payload }) => act({ ...state, inFlight: null }, payload))
      .addCase(answerQuestion.rejected, (state, { payload }) => ({ ...state, inFlight: null, flow: answerFailed<Outcome, unknown, BookArguments>(state.flow, payload ?? noReply) }));
  },
});

export const { slotTaken } = bookingSlice.actions;
