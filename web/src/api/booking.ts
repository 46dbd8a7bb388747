// The reviewed half of the endpoint: attaches the strict decoder to the generated `book` mutation, and strips refusals to their status.
import type { DefinitionsFromApi, FetchBaseQueryError, OverrideResultType } from '@reduxjs/toolkit/query';
import { generatedApi } from './generated';
import { decodeReply } from '../booking/decode';
import type { Decoded } from '../booking/decode';

/**
 * Trouble is what is left of a round that got no 2xx reply it could read: a refusal keeps only
 * its status, so no reply body ever reaches the store.
 */
export type Trouble =
  | { readonly kind: 'refused'; readonly status: number }
  | { readonly kind: 'unreadable'; readonly status: number }
  | { readonly kind: 'no reply' };

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** troubleOf keeps only what the client may know of a failed fetch: which kind, and the HTTP status. */
export function troubleOf(error: FetchBaseQueryError): Trouble {
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
    case 'CUSTOM_ERROR':
      return { kind: 'no reply' };
    case 'PARSING_ERROR':
      // A refusal's body is never read, so only a success that doesn't parse is unreadable.
      return isSuccess(error.originalStatus)
        ? { kind: 'unreadable', status: error.originalStatus }
        : { kind: 'refused', status: error.originalStatus };
    default:
      return { kind: 'refused', status: error.status };
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
    case 'refused':
    case 'unreadable':
      return 'status' in value && typeof value.status === 'number';
    default:
      return false;
  }
}

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Decoding = Omit<Definitions, 'book'> & { book: OverrideResultType<Definitions['book'], Decoded> };

/** bookingApi is the generated api with `book` decoding its replies strictly. */
export const bookingApi = generatedApi.enhanceEndpoints<never, Decoding>({
  endpoints: {
    book: {
      transformResponse: (body: unknown): Decoded => decodeReply(body),
      transformErrorResponse: (error: FetchBaseQueryError): Trouble => troubleOf(error),
    },
  },
});
