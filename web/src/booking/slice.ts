// The booking slice (idle, asking, done, failed) and its two thunks, one per round; the app acts here on what the server completed.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { GetThunkAPI, PayloadAction } from '@reduxjs/toolkit';
import { bookingApi, isTrouble } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Completed, Question, Reply } from './decode';
import type { BookArguments, BookRequest } from './wire';

/** Why a booking stopped without an outcome. Each kind is a different fault; nothing is booked after any of them. */
export type Failure =
  | { readonly kind: 'refused'; readonly status: number; readonly problem: string }
  | { readonly kind: 'unreadable'; readonly status: number; readonly problem: string }
  | { readonly kind: 'no reply'; readonly problem: string }
  | { readonly kind: 'malformed'; readonly problem: string }
  | { readonly kind: 'unknown result type'; readonly problem: string }
  | { readonly kind: 'asked again'; readonly problem: string };

/** What the app made of a completed booking. */
export type Outcome =
  | { readonly kind: 'booked'; readonly slot: string; readonly say: string }
  | { readonly kind: 'not booked'; readonly say: string }
  /** The server booked a slot this app no longer has open, so the app books nothing. */
  | { readonly kind: 'slot gone'; readonly slot: string; readonly say: string };

/** Where the current booking is. Only `asking` carries what round two must send back. */
export type Flow =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'asking';
      /** Round one's arguments, sent again untouched in round two. */
      readonly booking: BookArguments;
      readonly question: Question;
      /** Opaque: never parsed, sent back byte for byte. */
      readonly requestState: string;
    }
  | { readonly phase: 'done'; readonly outcome: Outcome }
  | { readonly phase: 'failed'; readonly failure: Failure };

export interface BookingState {
  readonly salon: string;
  /** The times still open here, in the salon's order. */
  readonly openSlots: readonly string[];
  /** The times this customer has booked, in the order booked. */
  readonly booked: readonly string[];
  readonly flow: Flow;
  /** The round whose reply is awaited, if any. */
  readonly inFlight: 'round one' | 'round two' | null;
}

/** The customer's answer to the question: one of the offered times, or no thanks. */
export type Choice = { readonly kind: 'accept'; readonly time: string } | { readonly kind: 'decline' };

/** The exact words of each failure that isn't the decoder's. */
export const failureText = {
  refused: (status: number) => `the salon refused the booking (HTTP ${status})`,
  unreadable: (status: number) => `the salon's reply could not be read (HTTP ${status}): it is labelled JSON but isn't`,
  noReply: 'the salon did not reply: the service or the network is down',
  askedAgain: 'the salon asked a second question after it was answered',
} as const;

function failureOf(trouble: Trouble): Failure {
  switch (trouble.kind) {
    case 'refused':
      return { kind: 'refused', status: trouble.status, problem: failureText.refused(trouble.status) };
    case 'unreadable':
      return { kind: 'unreadable', status: trouble.status, problem: failureText.unreadable(trouble.status) };
    case 'no reply':
      return { kind: 'no reply', problem: failureText.noReply };
  }
}

interface ThunkConfig {
  state: { booking: BookingState };
  rejectValue: Failure;
}

type Dispatch = GetThunkAPI<ThunkConfig>['dispatch'];

/** send makes one round trip and turns whatever came back into a decoded reply or a failure. */
async function send(dispatch: Dispatch, salon: string, bookRequest: BookRequest): Promise<Reply | Failure> {
  const result = await dispatch(bookingApi.endpoints.book.initiate({ salon, bookRequest }, { track: false }));
  if ('error' in result) {
    return failureOf(isTrouble(result.error) ? result.error : { kind: 'no reply' });
  }
  const decoded = result.data;
  if (!decoded.ok) {
    return { kind: decoded.problem.kind, problem: decoded.problem.text };
  }
  return decoded.reply;
}

function isFailure(value: Reply | Failure): value is Failure {
  return 'kind' in value;
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
    const reply = await send(dispatch, salon, { arguments: booking });
    if (isFailure(reply)) {
      return rejectWithValue(reply);
    }
    switch (reply.resultType) {
      case 'input_required':
        return { booking, question: reply.question, requestState: reply.requestState };
      case 'complete':
        return { completed: reply.completed };
    }
  },
  {
    condition: (_, { getState }) => {
      const { inFlight, flow } = getState().booking;
      return inFlight === null && flow.phase !== 'asking';
    },
  },
);

/**
 * answerQuestion is round two: the round-one booking again, the customer's choice, and the state,
 * all exactly as they were. A second question is a failure, never asked of the customer.
 */
export const answerQuestion = createAsyncThunk<Completed, Choice, ThunkConfig>(
  'booking/answerQuestion',
  async (choice, { getState, dispatch, rejectWithValue }) => {
    const { salon, flow } = getState().booking;
    if (flow.phase !== 'asking') {
      throw new Error('answerQuestion runs only while a question is asked'); // condition makes this unreachable
    }
    const reply = await send(dispatch, salon, {
      arguments: flow.booking,
      inputResponses: {
        time: choice.kind === 'accept' ? { action: 'accept', content: { time: choice.time } } : { action: 'decline' },
      },
      requestState: flow.requestState,
    });
    if (isFailure(reply)) {
      return rejectWithValue(reply);
    }
    switch (reply.resultType) {
      case 'input_required':
        return rejectWithValue({ kind: 'asked again', problem: failureText.askedAgain });
      case 'complete':
        return reply.completed;
    }
  },
  {
    condition: (choice, { getState }) => {
      const { inFlight, flow } = getState().booking;
      if (inFlight !== null || flow.phase !== 'asking') {
        return false;
      }
      return choice.kind === 'decline' || flow.question.times.includes(choice.time);
    },
  },
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

function failed(state: BookingState, failure: Failure | undefined): BookingState {
  // Without a payload the thunk threw: nothing came back that the client could use.
  return { ...state, flow: { phase: 'failed', failure: failure ?? { kind: 'no reply', problem: failureText.noReply } } };
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
        return { ...settled, flow: { phase: 'asking' as const, ...payload } };
      })
      .addCase(askForTime.rejected, (state, { payload }) => failed({ ...state, inFlight: null }, payload))
      .addCase(answerQuestion.pending, (state) => ({ ...state, inFlight: 'round two' as const }))
      .addCase(answerQuestion.fulfilled, (state, { payload }) => act({ ...state, inFlight: null }, payload))
      .addCase(answerQuestion.rejected, (state, { payload }) => failed({ ...state, inFlight: null }, payload));
  },
});

export const { slotTaken } = bookingSlice.actions;
