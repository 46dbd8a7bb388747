// The empty RTK Query api that the generated endpoints are injected into: one base query, bodies read as the type they declare, the owner's token on the owner's requests and a booking's manage key on its customer's.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { language } from '../i18n/say';

/** What the store hands every thunk and query: where the booking service lives. */
export interface StoreExtra {
  /** The service's origin, such as `https://salon.example`; requests go to paths under it. */
  readonly origin: string;
}

/** How long a round may wait for a reply before it counts as no reply at all. */
export const replyTimeoutMs = 15_000;

/** The operations behind the owner's bearer token, a salon's key or the operator's (see ../openapi.json); only these carry it. */
export const ownerOperations: readonly string[] = [
  'putSalon',
  'listBookings',
  'listSlots',
  'cancelBooking',
  'markNoShow',
  'moveBooking',
  'closeSlot',
  'openSlot',
  'listWebhooks',
  'listDroppedMessages',
  'putWebhook',
  'deleteWebhook',
  'newFeed',
  'readAudit',
  'eraseCustomer',
];

/** The operations behind a booking's manage key; only these carry it, and it goes nowhere else. */
export const myBookingOperations: readonly string[] = ['myBooking', 'cancelMyBooking', 'moveMyBooking'];

function originOf(extra: unknown): string {
  if (typeof extra === 'object' && extra !== null && 'origin' in extra && typeof extra.origin === 'string') {
    return extra.origin;
  }
  throw new Error('the store was made without an origin: use makeStore');
}

/** The owner's token in the store's state, if one was entered. */
function ownerTokenOf(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'owner' in state) {
    const owner = state.owner;
    if (typeof owner === 'object' && owner !== null && 'token' in owner && typeof owner.token === 'string' && owner.token !== '') {
      return owner.token;
    }
  }
  return null;
}

/** The manage key the page holds for the booking it shows, if any: it came from the address's fragment. */
function manageKeyOf(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'own' in state) {
    const own = state.own;
    if (typeof own === 'object' && own !== null && 'key' in own && typeof own.key === 'string' && own.key !== '') {
      return own.key;
    }
  }
  return null;
}

// 'content-type' reads a body labelled application/json as JSON and any other body as text, so a
// plain-text refusal is still a refusal, and a body labelled JSON that doesn't parse is a PARSING_ERROR.
const service: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extraOptions) =>
  fetchBaseQuery({
    baseUrl: originOf(api.extra),
    responseHandler: 'content-type',
    timeout: replyTimeoutMs,
    // No request says which page sent it: the my-booking page's address names a booking.
    referrerPolicy: 'no-referrer',
    prepareHeaders: (headers, { getState, endpoint }) => {
      const token = ownerTokenOf(getState());
      if (token !== null && ownerOperations.includes(endpoint)) {
        headers.set('Authorization', `Bearer ${token}`);
      }
      const key = manageKeyOf(getState());
      if (key !== null && myBookingOperations.includes(endpoint)) {
        headers.set('Authorization', `Bearer ${key}`);
      }
      // The server words its question and says in the page's language, not the browser's.
      headers.set('Accept-Language', language());
      return headers;
    },
  })(args, api, extraOptions);

/** The api the generated endpoints are injected into (see openapi-config.cjs). */
export const emptyApi = createApi({
  reducerPath: 'bookingApi',
  baseQuery: service,
  endpoints: () => ({}),
});
