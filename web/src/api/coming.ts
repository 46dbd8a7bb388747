// Reviewed, hand-written: the endpoints of operations the pages use that ../openapi.json doesn't hold yet, written as npm run codegen writes them (same names, arguments and types), so each moves to generated.ts unchanged when its route lands. docs/pages.md lists which are here.
import { generatedApi } from './generated';

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
export type AuditEntry = { action: string; at: string; booking: string; by: string; detail: string };
export type AuditList = { entries: AuditEntry[]; next?: string };
export type ContactRequest = { contact: string };
export type Erased = { erased: number };

/** The operations written here, by the operationId each will have in ../openapi.json. */
export const comingOperations: readonly string[] = [
  'listWebhooks',
  'putWebhook',
  'deleteWebhook',
  'newFeed',
  'readAudit',
  'eraseCustomer',
];

/** The api with the coming endpoints injected beside the generated ones. */
export const comingApi = generatedApi.injectEndpoints({
  endpoints: (build) => ({
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
    readAudit: build.query<AuditList, { salon: string }>({
      query: (queryArg) => ({ url: `/salons/${encodeURIComponent(String(queryArg.salon))}/audit` }),
    }),
    eraseCustomer: build.mutation<Erased, { salon: string; contactRequest: ContactRequest }>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/customers/erase`,
        method: 'POST',
        body: queryArg.contactRequest,
      }),
    }),
  }),
  overrideExisting: false,
});
