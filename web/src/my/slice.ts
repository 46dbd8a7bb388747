// The customer's own booking on the my-booking page: the key from the address's fragment (sent only as the Authorization header of the booking's own routes), and moving it in the two rounds, a lost reply read back from the booking itself.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { bookingApi, isTrouble } from '../api/booking';
import type { Completed, Question } from '../booking/decode';
import { failureOf, failureText, isFailure, lost, noReply, replyOf } from '../booking/failure';
import type { Failure, RoundDispatch } from '../booking/failure';
import { answerFailed, answerSent, answersOf, asked, completedOf, mayAnswer, mayAsk } from '../booking/round';
import type { Choice, Round, RoundFlow } from '../booking/round';
import type { MyMoveArguments as MoveArguments, MyMoveRequest } from '../api/generated';
import type { OpenTime } from '../calendar/decode';
import type { Own } from './decode';

/** What a move came to, in the terms the page tells it. */
export type MoveOutcome =
  /** The booking is at `slot` now; `recovered` when its reply was lost and the booking was read back. */
  | { readonly kind: 'moved'; readonly slot: string; readonly label: string; readonly say: string; readonly recovered: boolean }
  /** The time chosen (`chosen`, its label) was taken before the answer arrived: the booking stays where it was. */
  | { readonly kind: 'stayed'; readonly chosen: string; readonly say: string }
  /** The customer said no thanks: nothing changed. */
  | { readonly kind: 'declined'; readonly say: string }
  /** None of the times sent was still open, so nothing was asked. */
  | { readonly kind: 'nothing open'; readonly say: string };

/** Each offered time's label, as the page showed it when the question was asked. */
interface Labelled {
  readonly labels: Readonly<Record<string, string>>;
}

/** The move's rounds: the question's arguments are a move's, not a booking's. */
export type MoveFlow = RoundFlow<MoveOutcome, Labelled, MoveArguments>;

export interface OwnState {
  readonly salon: string;
  readonly booking: string;
  /** The manage key, as the address's fragment gave it; empty when it gave none. */
  readonly key: string;
  readonly flow: MoveFlow;
  readonly inFlight: Round | null;
}

interface ThunkConfig {
  state: { own: OwnState };
  rejectValue: Failure;
}

/** The my-booking page's state for one booking, before anything is done. */
export function initialOwn(salon = '', booking = '', key = ''): OwnState {
  return { salon, booking, key, flow: { phase: 'idle' }, inFlight: null };
}

/** What the customer moves with: their words (maybe none), the times to offer in order, and maybe another stylist. */
export interface MoveAsking {
  readonly message: string;
  readonly open: readonly OpenTime[];
  readonly stylist?: string;
}

/** What round one of a move came to: a question, or the move's end. */
type MoveRoundOne =
  | { readonly booking: MoveArguments; readonly question: Question; readonly labels: Record<string, string>; readonly requestState: string }
  | { readonly outcome: MoveOutcome };

async function sendMove(dispatch: RoundDispatch, salon: string, booking: string, myMoveRequest: MyMoveRequest) {
  return replyOf(await dispatch(bookingApi.endpoints.moveMyBooking.initiate({ salon, booking, myMoveRequest }, { track: false })));
}

/** readOwn reads the booking again, past the cache: what it shows now, or null when it can't be read. */
async function readOwn(dispatch: RoundDispatch, salon: string, booking: string): Promise<Own | null> {
  const result = await dispatch(bookingApi.endpoints.myBooking.initiate({ salon, booking }, { forceRefetch: true, subscribe: false }));
  return result.data?.ok === true ? result.data.value : null;
}

/** askToMove is a move's round one: the times to move to, the chosen one first. */
export const askToMove = createAsyncThunk<MoveRoundOne, MoveAsking, ThunkConfig>(
  'own/ask',
  async ({ message, open, stylist }, { getState, dispatch, rejectWithValue }) => {
    const { salon, booking } = getState().own;
    const move: MoveArguments = { message, openSlots: open.map((time) => time.slot), ...(stylist === undefined ? {} : { stylist }) };
    const labels: Record<string, string> = {};
    for (const time of open) {
      labels[time.slot] = time.label;
    }
    const reply = await sendMove(dispatch, salon, booking, { arguments: move });
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
          return rejectWithValue({ kind: 'malformed', problem: `the question offers ${stranger}, which was not open here` });
        }
        return { booking: move, question: reply.question, labels, requestState: reply.requestState };
      }
      case 'complete':
        return reply.completed.status === 'booked'
          ? rejectWithValue({ kind: 'malformed', problem: 'a move completed in round one' })
          : { outcome: { kind: 'nothing open', say: reply.completed.say } };
    }
  },
  { condition: (_, { getState }) => mayAsk(getState().own) },
);

/**
 * answerMove is a move's round two. When the reply is lost, or a retry is told the state was used,
 * the booking is read again: at the time chosen, it moved; otherwise a used state means the time
 * was taken (it stays), and a lost reply that moved nothing keeps the question.
 */
export const answerMove = createAsyncThunk<MoveOutcome, Choice, ThunkConfig>(
  'own/answer',
  async (choice, { getState, dispatch, rejectWithValue }) => {
    const { salon, booking, flow } = getState().own;
    const waiting = asked(flow);
    const completed: Completed | Failure = completedOf(
      await sendMove(dispatch, salon, booking, { arguments: waiting.booking, inputResponses: answersOf(choice), requestState: waiting.requestState }),
    );
    if (isFailure(completed)) {
      const unsure = completed.kind === 'no reply' || (completed.kind === 'refused' && completed.reason === 'used');
      if (!unsure || choice.kind !== 'accept') {
        return rejectWithValue(completed);
      }
      const now = await readOwn(dispatch, salon, booking);
      if (now === null) {
        return rejectWithValue(completed.kind === 'no reply' ? lost : completed);
      }
      if (now.slot === choice.time && now.status === 'booked') {
        return { kind: 'moved', slot: now.slot, label: now.label, say: '', recovered: true };
      }
      const chosen = waiting.labels[choice.time] ?? choice.time;
      return completed.kind === 'no reply' ? rejectWithValue(failureOf({ kind: 'no reply' })) : { kind: 'stayed', chosen, say: '' };
    }
    if (completed.status === 'booked') {
      return { kind: 'moved', slot: completed.slot, label: waiting.labels[completed.slot] ?? completed.slot, say: completed.say, recovered: false };
    }
    if (choice.kind === 'accept') {
      return { kind: 'stayed', chosen: waiting.labels[choice.time] ?? choice.time, say: completed.say };
    }
    return { kind: 'declined', say: completed.say };
  },
  { condition: (choice, { getState }) => mayAnswer(getState().own, choice) },
);

export const ownSlice = createSlice({
  name: 'own',
  initialState: initialOwn(),
  reducers: {
    /** startMoveOver drops the question or the outcome shown, so a move can be asked again. */
    startMoveOver: (state) => (state.inFlight === null ? { ...state, flow: { phase: 'idle' as const } } : state),
  },
  extraReducers: (builder) => {
    builder
      .addCase(askToMove.pending, (state) => ({ ...state, inFlight: 'round one' as const }))
      .addCase(askToMove.fulfilled, (state, { payload }) => {
        const settled = { ...state, inFlight: null };
        if ('outcome' in payload) {
          return { ...settled, flow: { phase: 'done' as const, outcome: payload.outcome } };
        }
        return { ...settled, flow: { phase: 'asking' as const, ...payload, trouble: null } };
      })
      .addCase(askToMove.rejected, (state, { payload }) => ({
        ...state,
        inFlight: null,
        flow: { phase: 'failed' as const, round: 'round one' as const, failure: payload ?? noReply },
      }))
      .addCase(answerMove.pending, (state) => ({ ...state, inFlight: 'round two' as const, flow: answerSent<MoveOutcome, Labelled, MoveArguments>(state.flow) }))
      .addCase(answerMove.fulfilled, (state, { payload }) => ({ ...state, inFlight: null, flow: { phase: 'done' as const, outcome: payload } }))
      .addCase(answerMove.rejected, (state, { payload }) => ({
        ...state,
        inFlight: null,
        flow: answerFailed<MoveOutcome, Labelled, MoveArguments>(state.flow, payload ?? noReply),
      }));
  },
});

export const { startMoveOver } = ownSlice.actions;

/** isNoBooking says whether a trouble is the route's one answer to a wrong key or an unknown booking. */
export function isNoBooking(error: unknown): boolean {
  return isTrouble(error) && error.kind === 'refused' && error.reason === 'no booking';
}
