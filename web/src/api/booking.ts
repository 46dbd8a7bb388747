// The reviewed half of the endpoints: attaches a strict decoder to each generated endpoint, strips refusals to their status and reason, and says which replies refresh which data.
import type { DefinitionsFromApi, FetchBaseQueryError, OverrideResultType } from '@reduxjs/toolkit/query';
import { generatedApi } from './generated';
import { reasonOf, saidOf } from './refusal';
import type { RefusalReason } from './refusal';
import type { Verdict } from './strict';
import { decodeReply } from '../booking/decode';
import type { Decoded } from '../booking/decode';
import { decodeAvailability, decodeBooking, decodeBookings, decodeDirectory, decodeSalon, decodeSlots } from '../calendar/decode';
import type { Directory, Entry, EntryPage, Openings, Salon, SlotEntry } from '../calendar/decode';
import { decodeOwn } from '../my/decode';
import type { Own } from '../my/decode';
import { decodeAudit, decodeDropped, decodeErased, decodeFeed, decodePutWebhook, decodeWebhooks } from '../owner/decode';
import type { AuditLine, DroppedMessage, PutWebhook, Webhook } from '../owner/decode';

/**
 * Trouble is what is left of a request that got no 2xx reply it could read: a refusal keeps only
 * its status and the reason its body names, from a closed list, so no reply body reaches the store.
 */
export type Trouble =
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly reason: RefusalReason;
      /** The refusal's own words, kept only where a page shows them as they are (refusal.ts, saidOf). */
      readonly said?: string;
    }
  | { readonly kind: 'unreadable'; readonly status: number }
  | { readonly kind: 'no reply' };

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** troubleOf keeps only what the client may know of a failed fetch: which kind, the HTTP status, and why. */
export function troubleOf(error: FetchBaseQueryError): Trouble {
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
    case 'CUSTOM_ERROR':
      return { kind: 'no reply' };
    case 'PARSING_ERROR':
      // Only a success that doesn't parse is unreadable; a refusal is read for its status alone then.
      return isSuccess(error.originalStatus)
        ? { kind: 'unreadable', status: error.originalStatus }
        : { kind: 'refused', status: error.originalStatus, reason: reasonOf(error.originalStatus, undefined) };
    default: {
      const reason = reasonOf(error.status, error.data);
      const said = saidOf(reason, error.data);
      return said === null ? { kind: 'refused', status: error.status, reason } : { kind: 'refused', status: error.status, reason, said };
    }
  }
}

/** isTrouble tells a Trouble from any other error value (an exception RTK Query serialized). */
export function isTrouble(value: unknown): value is Trouble {
  if (typeof value !== 'object' || value === null || !('kind' in value)) {
    return false;
  }
  switch (value.kind) {
    case 'no reply':
      return true;
    case 'unreadable':
      return 'status' in value && typeof value.status === 'number';
    case 'refused':
      return 'status' in value && typeof value.status === 'number' && 'reason' in value && typeof value.reason === 'string';
    default:
      return false;
  }
}

/** The data the pages keep, each refreshed by the replies that can change it. */
export const tagTypes = ['Salons', 'Salon', 'Bookings', 'Slots', 'Openings', 'Own', 'Webhooks', 'Audit'] as const;

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Decoding = Omit<
  Definitions,
  | 'book'
  | 'bookOutcome'
  | 'listSalons'
  | 'getSalon'
  | 'putSalon'
  | 'getAvailability'
  | 'listBookings'
  | 'listSlots'
  | 'cancelBooking'
  | 'markNoShow'
  | 'moveBooking'
  | 'closeSlot'
  | 'openSlot'
  | 'myBooking'
  | 'cancelMyBooking'
  | 'moveMyBooking'
  | 'listWebhooks'
  | 'listDroppedMessages'
  | 'putWebhook'
  | 'deleteWebhook'
  | 'newFeed'
  | 'readAudit'
  | 'eraseCustomer'
> & {
  book: OverrideResultType<Definitions['book'], Decoded>;
  bookOutcome: OverrideResultType<Definitions['bookOutcome'], Decoded>;
  listSalons: OverrideResultType<Definitions['listSalons'], Verdict<Directory>>;
  getSalon: OverrideResultType<Definitions['getSalon'], Verdict<Salon>>;
  putSalon: OverrideResultType<Definitions['putSalon'], Verdict<Salon>>;
  getAvailability: OverrideResultType<Definitions['getAvailability'], Verdict<Openings>>;
  listBookings: OverrideResultType<Definitions['listBookings'], Verdict<EntryPage>>;
  listSlots: OverrideResultType<Definitions['listSlots'], Verdict<readonly SlotEntry[]>>;
  cancelBooking: OverrideResultType<Definitions['cancelBooking'], Verdict<Entry>>;
  markNoShow: OverrideResultType<Definitions['markNoShow'], Verdict<Entry>>;
  moveBooking: OverrideResultType<Definitions['moveBooking'], Verdict<Entry>>;
  closeSlot: OverrideResultType<Definitions['closeSlot'], Verdict<Salon>>;
  openSlot: OverrideResultType<Definitions['openSlot'], Verdict<Salon>>;
  myBooking: OverrideResultType<Definitions['myBooking'], Verdict<Own>>;
  cancelMyBooking: OverrideResultType<Definitions['cancelMyBooking'], Verdict<Own>>;
  moveMyBooking: OverrideResultType<Definitions['moveMyBooking'], Decoded>;
  listWebhooks: OverrideResultType<Definitions['listWebhooks'], Verdict<readonly Webhook[]>>;
  listDroppedMessages: OverrideResultType<Definitions['listDroppedMessages'], Verdict<readonly DroppedMessage[]>>;
  putWebhook: OverrideResultType<Definitions['putWebhook'], Verdict<PutWebhook>>;
  deleteWebhook: OverrideResultType<Definitions['deleteWebhook'], null>;
  newFeed: OverrideResultType<Definitions['newFeed'], Verdict<string>>;
  readAudit: OverrideResultType<Definitions['readAudit'], Verdict<readonly AuditLine[]>>;
  eraseCustomer: OverrideResultType<Definitions['eraseCustomer'], Verdict<number>>;
};

const asTrouble = (error: FetchBaseQueryError): Trouble => troubleOf(error);

/** What a change to one salon's calendar makes stale: its page, its open times, the owner's lists and the audit. */
const calendarOf = (salon: string) =>
  [
    { type: 'Salon', id: salon },
    { type: 'Openings', id: salon },
    { type: 'Bookings', id: salon },
    { type: 'Slots', id: salon },
    { type: 'Audit', id: salon },
  ] as const;

/** A change that got no reply may or may not have happened; anything else did or was refused, and the lists are read again. */
const unlessNoReply = (salon: string) => (_result: unknown, error: unknown) => (isTrouble(error) && error.kind === 'no reply' ? [] : [...calendarOf(salon)]);

/** bookingApi is the api with every endpoint decoding its replies strictly. */
export const bookingApi = generatedApi.enhanceEndpoints<(typeof tagTypes)[number], Decoding>({
  addTagTypes: tagTypes,
  endpoints: {
    book: {
      transformResponse: (body: unknown): Decoded => decodeReply(body),
      transformErrorResponse: asTrouble,
      // A completed booking, or a round two the service refused, can mean the open times moved.
      invalidatesTags: (result, error, { salon, bookRequest }) => {
        const completed = result?.ok === true && result.reply.resultType === 'complete';
        const refusedAnswer = bookRequest.requestState != null && isTrouble(error) && error.kind === 'refused';
        return completed || refusedAnswer ? [...calendarOf(salon)] : [];
      },
    },
    bookOutcome: {
      transformResponse: (body: unknown): Decoded => decodeReply(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, _error, { salon }) => (result?.ok === true ? [...calendarOf(salon)] : []),
    },
    listSalons: {
      transformResponse: (body: unknown) => decodeDirectory(body),
      transformErrorResponse: asTrouble,
      providesTags: ['Salons'],
    },
    getSalon: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Salon', id: salon }],
    },
    putSalon: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, error, { salon }) => (isTrouble(error) && error.kind === 'refused' && error.reason === 'field' ? [] : [...calendarOf(salon), 'Salons']),
    },
    getAvailability: {
      transformResponse: (body: unknown) => decodeAvailability(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Openings', id: salon }],
    },
    listBookings: {
      transformResponse: (body: unknown) => decodeBookings(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Bookings', id: salon }],
    },
    listSlots: {
      transformResponse: (body: unknown) => decodeSlots(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Slots', id: salon }],
    },
    cancelBooking: {
      transformResponse: (body: unknown) => decodeBooking(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
    markNoShow: {
      transformResponse: (body: unknown) => decodeBooking(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
    moveBooking: {
      transformResponse: (body: unknown) => decodeBooking(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
    closeSlot: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
    openSlot: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
    myBooking: {
      transformResponse: (body: unknown) => decodeOwn(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { booking }) => [{ type: 'Own', id: booking }],
    },
    cancelMyBooking: {
      transformResponse: (body: unknown) => decodeOwn(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon, booking }) => (isTrouble(error) && error.kind === 'no reply' ? [] : [...unlessNoReply(salon)(result, error), { type: 'Own', id: booking }]),
    },
    moveMyBooking: {
      transformResponse: (body: unknown): Decoded => decodeReply(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon, booking, myMoveRequest }) => {
        const completed = result?.ok === true && result.reply.resultType === 'complete';
        const refusedAnswer = myMoveRequest.requestState != null && isTrouble(error) && error.kind === 'refused';
        return completed || refusedAnswer ? [...calendarOf(salon), { type: 'Own', id: booking }] : [];
      },
    },
    listWebhooks: {
      transformResponse: (body: unknown) => decodeWebhooks(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Webhooks', id: salon }],
    },
    listDroppedMessages: {
      transformResponse: (body: unknown) => decodeDropped(body),
      transformErrorResponse: asTrouble,
    },
    putWebhook: {
      transformResponse: (body: unknown) => decodePutWebhook(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, _error, { salon }) => [{ type: 'Webhooks', id: salon }],
    },
    deleteWebhook: {
      // 204: nothing to read.
      transformResponse: () => null,
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, _error, { salon }) => [{ type: 'Webhooks', id: salon }],
    },
    newFeed: {
      transformResponse: (body: unknown) => decodeFeed(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, _error, { salon }) => [{ type: 'Audit', id: salon }],
    },
    readAudit: {
      transformResponse: (body: unknown) => decodeAudit(body),
      transformErrorResponse: asTrouble,
      providesTags: (_result, _error, { salon }) => [{ type: 'Audit', id: salon }],
    },
    eraseCustomer: {
      transformResponse: (body: unknown) => decodeErased(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (result, error, { salon }) => unlessNoReply(salon)(result, error),
    },
  },
});
