// The reviewed half of the endpoints: attaches a strict decoder to each generated endpoint, strips refusals to their status and reason, and says which replies refresh which data.
import type { DefinitionsFromApi, FetchBaseQueryError, OverrideResultType } from '@reduxjs/toolkit/query';
import { generatedApi } from './generated';
import { reasonOf } from './refusal';
import type { RefusalReason } from './refusal';
import { decodeReply } from '../booking/decode';
import type { Decoded } from '../booking/decode';
import { decodeBooking, decodeBookings, decodeDirectory, decodeSalon, decodeSlots } from '../calendar/decode';
import type { Directory, Entry, Salon, SlotEntry, Verdict } from '../calendar/decode';

/**
 * Trouble is what is left of a request that got no 2xx reply it could read: a refusal keeps only
 * its status and the reason its body names, from a closed list, so no reply body reaches the store.
 */
export type Trouble =
  | { readonly kind: 'refused'; readonly status: number; readonly reason: RefusalReason }
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
    default:
      return { kind: 'refused', status: error.status, reason: reasonOf(error.status, error.data) };
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
export const tagTypes = ['Salons', 'Salon', 'Bookings', 'Slots'] as const;

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Decoding = Omit<Definitions, 'book' | 'listSalons' | 'getSalon' | 'listBookings' | 'listSlots' | 'cancelBooking' | 'closeSlot' | 'openSlot'> & {
  book: OverrideResultType<Definitions['book'], Decoded>;
  listSalons: OverrideResultType<Definitions['listSalons'], Verdict<Directory>>;
  getSalon: OverrideResultType<Definitions['getSalon'], Verdict<Salon>>;
  listBookings: OverrideResultType<Definitions['listBookings'], Verdict<readonly Entry[]>>;
  listSlots: OverrideResultType<Definitions['listSlots'], Verdict<readonly SlotEntry[]>>;
  cancelBooking: OverrideResultType<Definitions['cancelBooking'], Verdict<Entry>>;
  closeSlot: OverrideResultType<Definitions['closeSlot'], Verdict<Salon>>;
  openSlot: OverrideResultType<Definitions['openSlot'], Verdict<Salon>>;
};

const asTrouble = (error: FetchBaseQueryError): Trouble => troubleOf(error);

/** What a change to one salon's calendar makes stale: its page, and the owner's lists. */
const calendarOf = (salon: string) =>
  [
    { type: 'Salon', id: salon },
    { type: 'Bookings', id: salon },
    { type: 'Slots', id: salon },
  ] as const;

/** bookingApi is the generated api with every endpoint decoding its replies strictly. */
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
      invalidatesTags: (_result, error, { salon }) => (isTrouble(error) && error.kind === 'no reply' ? [] : [...calendarOf(salon)]),
    },
    closeSlot: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, error, { salon }) => (isTrouble(error) && error.kind === 'no reply' ? [] : [...calendarOf(salon)]),
    },
    openSlot: {
      transformResponse: (body: unknown) => decodeSalon(body),
      transformErrorResponse: asTrouble,
      invalidatesTags: (_result, error, { salon }) => (isTrouble(error) && error.kind === 'no reply' ? [] : [...calendarOf(salon)]),
    },
  },
});
