// Reviewed, hand-written: the endpoints of operations the pages use that ../openapi.json doesn't hold yet, written as npm run codegen writes them (same names, arguments and types), so each moves to generated.ts unchanged when its route lands. docs/pages.md lists which are here.
import { generatedApi } from './generated';
import type { Answer, BookRequest, CompleteResult, BookResult } from './generated';

/** The arguments of a move: the customer's words, the times they would move to, and maybe another stylist. */
export type MoveArguments = {
  message: string;
  openSlots: string[];
  stylist?: string;
};
/** A move's body, both rounds: the arguments, and in round two the answers with their state. */
export type MyMoveRequest = {
  arguments: MoveArguments;
  inputResponses?: { [key: string]: Answer } | null;
  requestState?: string | null;
};
/** A booking as its customer sees it (GET /salons/{salon}/my/{booking}). */
export type MyBooking = {
  booking: string;
  salon: string;
  salonName: string;
  phone: string;
  service: string | null;
  serviceName: string | null;
  stylist: string | null;
  stylistName: string | null;
  slot: string;
  label: string;
  ends: string;
  status: 'booked' | 'cancelled';
  name: string;
  contact: string;
  changeUntil: string;
  canChange: boolean;
  sequence: number;
};
export type WebhookState = {
  events: string[];
  failures: number;
  id: string;
  lastDelivery: string | null;
  url: string;
};
export type WebhookList = { webhooks: WebhookState[] };
export type WebhookPut = { events?: string[]; url: string };
export type WebhookView = { events: string[]; id: string; secret?: string; url: string };
export type FeedView = { url: string };
export type AuditEntry = { action: string; at: string; booking?: string | null; by: string; detail?: string | null };
export type AuditList = { entries: AuditEntry[] };
export type EraseRequest = { contact: string };
export type Erased = { erased: number };

/** The operations written here, by the operationId each will have in ../openapi.json. */
export const comingOperations: readonly string[] = [
  'myBooking',
  'cancelMyBooking',
  'moveMyBooking',
  'bookOutcome',
  'listWebhooks',
  'putWebhook',
  'deleteWebhook',
  'newFeed',
  'listAudit',
  'eraseCustomer',
];

export type MyBookingApiArg = { salon: string; booking: string };
export type BookOutcomeApiArg = { salon: string; bookRequest: BookRequest };

/** The api with the coming endpoints injected beside the generated ones. */
export const comingApi = generatedApi.injectEndpoints({
  endpoints: (build) => ({
    myBooking: build.query<MyBooking, MyBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}`,
      }),
    }),
    cancelMyBooking: build.mutation<MyBooking, MyBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}/cancel`,
        method: 'POST',
      }),
    }),
    moveMyBooking: build.mutation<BookResult, { salon: string; booking: string; moveRequest: MyMoveRequest }>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}/move`,
        method: 'POST',
        body: queryArg.moveRequest,
      }),
    }),
    bookOutcome: build.mutation<CompleteResult, BookOutcomeApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/book/outcome`,
        method: 'POST',
        body: queryArg.bookRequest,
      }),
    }),
    listWebhooks: build.query<WebhookList, { salon: string }>({
      query: (queryArg) => ({ url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks` }),
    }),
    putWebhook: build.mutation<WebhookView, { salon: string; id: string; webhookPut: WebhookPut }>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.webhookPut,
      }),
    }),
    deleteWebhook: build.mutation<unknown, { salon: string; id: string }>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks/${encodeURIComponent(String(queryArg.id))}`,
        method: 'DELETE',
      }),
    }),
    newFeed: build.mutation<FeedView, { salon: string }>({
      query: (queryArg) => ({ url: `/salons/${encodeURIComponent(String(queryArg.salon))}/feed`, method: 'POST' }),
    }),
    listAudit: build.query<AuditList, { salon: string }>({
      query: (queryArg) => ({ url: `/salons/${encodeURIComponent(String(queryArg.salon))}/audit` }),
    }),
    eraseCustomer: build.mutation<Erased, { salon: string; eraseRequest: EraseRequest }>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/customers/erase`,
        method: 'POST',
        body: queryArg.eraseRequest,
      }),
    }),
  }),
  overrideExisting: false,
});
