// Generated from ../openapi.json by @rtk-query/codegen-openapi (npm run codegen). Never edit by hand.
import { emptyApi as api } from './emptyApi';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSalons: build.query<ListSalonsApiResponse, ListSalonsApiArg>({
      query: (queryArg) => ({
        url: `/salons`,
        params: {
          limit: queryArg.limit,
          after: queryArg.after,
        },
      }),
    }),
    getSalon: build.query<GetSalonApiResponse, GetSalonApiArg>({
      query: (queryArg) => ({ url: `/salons/${encodeURIComponent(String(queryArg.salon))}` }),
    }),
    putSalon: build.mutation<PutSalonApiResponse, PutSalonApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}`,
        method: 'PUT',
        body: queryArg.salonSettings,
      }),
    }),
    readAudit: build.query<ReadAuditApiResponse, ReadAuditApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/audit`,
        params: {
          limit: queryArg.limit,
          after: queryArg.after,
        },
      }),
    }),
    getAvailability: build.query<GetAvailabilityApiResponse, GetAvailabilityApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/availability`,
        params: {
          service: queryArg.service,
          services: queryArg.services,
          stylist: queryArg.stylist,
          from: queryArg['from'],
          days: queryArg.days,
        },
      }),
    }),
    book: build.mutation<BookApiResponse, BookApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/book`,
        method: 'POST',
        body: queryArg.bookRequest,
        headers: {
          'Accept-Language': queryArg['Accept-Language'],
        },
      }),
    }),
    bookOutcome: build.mutation<BookOutcomeApiResponse, BookOutcomeApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/book/outcome`,
        method: 'POST',
        body: queryArg.bookRequest,
        headers: {
          'Accept-Language': queryArg['Accept-Language'],
        },
      }),
    }),
    listBookings: build.query<ListBookingsApiResponse, ListBookingsApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/bookings`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          limit: queryArg.limit,
          after: queryArg.after,
        },
      }),
    }),
    cancelBooking: build.mutation<CancelBookingApiResponse, CancelBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/bookings/${encodeURIComponent(String(queryArg.booking))}/cancel`,
        method: 'POST',
        body: queryArg.cancelRequest,
      }),
    }),
    moveBooking: build.mutation<MoveBookingApiResponse, MoveBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/bookings/${encodeURIComponent(String(queryArg.booking))}/move`,
        method: 'POST',
        body: queryArg.moveRequest,
      }),
    }),
    markNoShow: build.mutation<MarkNoShowApiResponse, MarkNoShowApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/bookings/${encodeURIComponent(String(queryArg.booking))}/no-show`,
        method: 'POST',
      }),
    }),
    eraseCustomer: build.mutation<EraseCustomerApiResponse, EraseCustomerApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/customers/erase`,
        method: 'POST',
        body: queryArg.contactRequest,
      }),
    }),
    newFeed: build.mutation<NewFeedApiResponse, NewFeedApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/feed`,
        method: 'POST',
      }),
    }),
    listDroppedMessages: build.query<ListDroppedMessagesApiResponse, ListDroppedMessagesApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/messages/dropped`,
      }),
    }),
    myBooking: build.query<MyBookingApiResponse, MyBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}`,
      }),
    }),
    cancelMyBooking: build.mutation<CancelMyBookingApiResponse, CancelMyBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}/cancel`,
        method: 'POST',
      }),
    }),
    moveMyBooking: build.mutation<MoveMyBookingApiResponse, MoveMyBookingApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/my/${encodeURIComponent(String(queryArg.booking))}/move`,
        method: 'POST',
        body: queryArg.myMoveRequest,
        headers: {
          'Accept-Language': queryArg['Accept-Language'],
        },
      }),
    }),
    listSlots: build.query<ListSlotsApiResponse, ListSlotsApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/slots`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
    closeSlot: build.mutation<CloseSlotApiResponse, CloseSlotApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/slots/${encodeURIComponent(String(queryArg.slot))}/close`,
        method: 'POST',
      }),
    }),
    openSlot: build.mutation<OpenSlotApiResponse, OpenSlotApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/slots/${encodeURIComponent(String(queryArg.slot))}/open`,
        method: 'POST',
      }),
    }),
    listWebhooks: build.query<ListWebhooksApiResponse, ListWebhooksApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks`,
      }),
    }),
    deleteWebhook: build.mutation<DeleteWebhookApiResponse, DeleteWebhookApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks/${encodeURIComponent(String(queryArg.id))}`,
        method: 'DELETE',
      }),
    }),
    putWebhook: build.mutation<PutWebhookApiResponse, PutWebhookApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/webhooks/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.webhookPut,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type ListSalonsApiResponse = /** status 200 A page of the registered salons. */ SalonList;
export type ListSalonsApiArg = {
  /** The most rows the page holds: 1 to 1000; 200 when absent. */
  limit?: number;
  /** The next of the page before, to read the page after it; the first page when absent. Opaque. */
  after?: string;
};
export type GetSalonApiResponse = /** status 200 The salon, with the slots open now. */ SalonView;
export type GetSalonApiArg = {
  /** The salon's id. */
  salon: string;
};
export type PutSalonApiResponse = /** status 200 The salon, with the slots open now. */ SalonView;
export type PutSalonApiArg = {
  /** The salon's id. */
  salon: string;
  salonSettings: SalonSettings;
};
export type ReadAuditApiResponse = /** status 200 A page of entries. */ AuditList;
export type ReadAuditApiArg = {
  /** The salon's id. */
  salon: string;
  /** How many entries a page holds at most; 200 when absent. */
  limit?: number;
  /** The next of the page before, to read the entries older than it. */
  after?: string;
};
export type GetAvailabilityApiResponse = /** status 200 The open starts. */ Availability;
export type GetAvailabilityApiArg = {
  /** The salon's id. */
  salon: string;
  /** The service's id; may be left out at a salon with one service. */
  service?: string;
  /** A visit of several services, their ids in the order they are done, joined by commas (cut,colour): the starts where the whole visit fits. In place of service. */
  services?: string;
  /** The stylist's id; anyone who does the service when absent. */
  stylist?: string;
  /** No start before it is listed, and days counts the salon's local dates from its date; now when absent. RFC 3339; percent-encode + as %2B. */
  from?: string;
  /** How many of the salon's local dates the window holds: 1 to 90; the rest of the horizon when absent. */
  days?: number;
};
export type BookApiResponse =
  /** status 200 A question to answer, or the completed booking. */ BookResult;
export type BookApiArg = {
  /** The salon's name. */
  salon: string;
  /** The languages the customer reads, as browsers send them. The question and say are in its best match among en, de, fr and es, else in the salon's language; a booking's mails and texts are in the language its round two was answered in. Refusal reasons are always English. */
  'Accept-Language'?: string;
  /** The booking, and in round two the answers with their state. At most 65536 bytes. */
  bookRequest: BookRequest;
};
export type BookOutcomeApiResponse =
  /** status 200 The same complete result round two gave, manage key included. */ CompleteResult;
export type BookOutcomeApiArg = {
  /** The salon's id. */
  salon: string;
  /** The languages the customer reads, as browsers send them. The question and say are in its best match among en, de, fr and es, else in the salon's language; a booking's mails and texts are in the language its round two was answered in. Refusal reasons are always English. */
  'Accept-Language'?: string;
  /** Round two's body, exactly as it was sent. */
  bookRequest: BookRequest;
};
export type ListBookingsApiResponse = /** status 200 A page of the bookings. */ BookingList;
export type ListBookingsApiArg = {
  /** The salon's id. */
  salon: string;
  /** The window's start; now when absent. RFC 3339; percent-encode + as %2B. */
  from?: string;
  /** The window's end; the end of the horizon's last local day when absent. RFC 3339; percent-encode + as %2B. */
  to?: string;
  /** The most rows the page holds: 1 to 1000; 200 when absent. */
  limit?: number;
  /** The next of the page before, to read the page after it; the first page when absent. Opaque. */
  after?: string;
};
export type CancelBookingApiResponse = /** status 200 The booking, cancelled. */ BookingView;
export type CancelBookingApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
  cancelRequest: CancelRequest;
};
export type MoveBookingApiResponse = /** status 200 The booking, moved. */ BookingView;
export type MoveBookingApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
  moveRequest: MoveRequest;
};
export type MarkNoShowApiResponse = /** status 200 The booking, marked. */ BookingView;
export type MarkNoShowApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
};
export type EraseCustomerApiResponse = /** status 200 How many bookings were erased. */ Erased;
export type EraseCustomerApiArg = {
  /** The salon's id. */
  salon: string;
  contactRequest: ContactRequest;
};
export type NewFeedApiResponse = /** status 200 The feed's address. */ FeedView;
export type NewFeedApiArg = {
  /** The salon's id. */
  salon: string;
};
export type ListDroppedMessagesApiResponse =
  /** status 200 The dropped messages, naming their bookings. */ DroppedList;
export type ListDroppedMessagesApiArg = {
  /** The salon's id. */
  salon: string;
};
export type MyBookingApiResponse =
  /** status 200 The booking, as its customer sees it. */ MyBooking;
export type MyBookingApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
};
export type CancelMyBookingApiResponse = /** status 200 The booking, cancelled. */ MyBooking;
export type CancelMyBookingApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
};
export type MoveMyBookingApiResponse =
  /** status 200 A question to answer, or the completed move: booked at the new time, or not_booked and where it stays. */ BookResult;
export type MoveMyBookingApiArg = {
  /** The salon's id. */
  salon: string;
  /** The booking's reference. */
  booking: string;
  /** The languages the customer reads, as browsers send them. The question and say are in its best match among en, de, fr and es, else in the salon's language; a booking's mails and texts are in the language its round two was answered in. Refusal reasons are always English. */
  'Accept-Language'?: string;
  /** The move, and in round two the answers with their state. At most 65536 bytes. */
  myMoveRequest: MyMoveRequest;
};
export type ListSlotsApiResponse = /** status 200 The slots. */ SlotList;
export type ListSlotsApiArg = {
  /** The salon's id. */
  salon: string;
  /** The window's start; now when absent. RFC 3339; percent-encode + as %2B. */
  from?: string;
  /** The window's end; the end of the horizon's last local day when absent. RFC 3339; percent-encode + as %2B. */
  to?: string;
};
export type CloseSlotApiResponse = /** status 200 The salon, with the slots open now. */ SalonView;
export type CloseSlotApiArg = {
  /** The salon's id. */
  salon: string;
  /** The slot's id, percent-encoded (+ as %2B). */
  slot: string;
};
export type OpenSlotApiResponse = /** status 200 The salon, with the slots open now. */ SalonView;
export type OpenSlotApiArg = {
  /** The salon's id. */
  salon: string;
  /** The slot's id, percent-encoded (+ as %2B). */
  slot: string;
};
export type ListWebhooksApiResponse = /** status 200 The webhooks, by id. */ WebhookList;
export type ListWebhooksApiArg = {
  /** The salon's id. */
  salon: string;
};
export type DeleteWebhookApiResponse = unknown;
export type DeleteWebhookApiArg = {
  /** The salon's id. */
  salon: string;
  /** The webhook's id. */
  id: string;
};
export type PutWebhookApiResponse =
  /** status 200 The webhook; with its secret when this put created it. */ WebhookView;
export type PutWebhookApiArg = {
  /** The salon's id. */
  salon: string;
  /** The webhook's id: 1 to 64 of a-z, A-Z, 0-9, - and _. */
  id: string;
  webhookPut: WebhookPut;
};
export type SalonSummary = {
  name: string;
  salon: string;
};
export type SalonList = {
  /** Whether this server keeps salons' calendars (a database is configured). Without one the list is empty and the app keeps its own open times. */
  calendar: boolean;
  /** When more salons follow: send it as after for the next page. Absent on the last page. */
  next?: string;
  /** The registered salons, ordered by id, at most limit of them. */
  salons: SalonSummary[];
};
export type Refusal = string;
export type ClosureLine = {
  /** When it starts, RFC 3339. */
  from: string;
  /** The owner's words for it, such as Christmas. */
  note?: string;
  /** The stylist it closes; absent for the whole salon. */
  stylist?: string;
  /** When it ends, RFC 3339; after from. */
  to: string;
};
export type OpenSlot = {
  /** The start in the salon's words, such as Saturday 5 December, 10:30. */
  label: string;
  /** The slot's start in RFC 3339, with the salon's offset on that day. */
  slot: string;
};
export type PriceLine = {
  /** Its price as the salon writes it, such as $45. */
  price: string;
  /** The service, such as cut. */
  service: string;
};
export type ResourceLine = {
  /** How many the salon has: 1 to 50. */
  count: number;
  /** The resource's id: 1 to 40 of a-z, 0-9 and -, unique among the resources. */
  id: string;
  /** What the owner sees, such as Basin. */
  name: string;
};
export type ServiceView = {
  afterMinutes: number;
  /** The deposit paid by card to hold the time, in the currency's minor unit; absent when the service takes none. */
  deposit?: number | null;
  id: string;
  minutes: number;
  name: string;
  /** In the currency's minor unit; absent when not on the sheet. */
  price?: number | null;
  /** The ids of the resources it holds; empty when none. */
  resources: string[];
};
export type StylistLine = {
  /** The stylist's own weekly hours, as the salon's are written; absent when they follow the salon's. */
  hours?: {
    [key: string]: string[][];
  };
  /** The stylist's id: 1 to 40 of a-z, 0-9 and -, unique on the team. */
  id: string;
  /** What the customer sees, such as Ana. */
  name: string;
  /** The ids of the services the stylist does. */
  services: string[];
};
export type SalonView = {
  changeCutoffHours: number;
  /** Absent at a simple salon. */
  closures?: ClosureLine[] | null;
  /** The currency of the menu's prices; absent at a simple salon, or when no service has a price and none was put. */
  currency?: string;
  /** The sites that may frame the booking page; empty when none may. */
  embedOrigins: string[];
  /** Absent at a simple salon. */
  gridMinutes?: number | null;
  horizonDays: number;
  hours: {
    fri?: string[][];
    mon?: string[][];
    sat?: string[][];
    sun?: string[][];
    thu?: string[][];
    tue?: string[][];
    wed?: string[][];
  };
  /** The salon's language, as put; en when none was. */
  language: string;
  maxBookingsPerMinute: number;
  maxUpcomingPerContact: number;
  /** Absent at a simple salon. */
  minNoticeMinutes?: number | null;
  name: string;
  /** The slots open now, earliest first, at most 50: send them as round one's openSlots. At a menu salon, for the first service with anyone. */
  openSlots: OpenSlot[];
  paymentMinutes: number;
  phone: string;
  /** A simple salon's price list; empty when no price is set. Absent at a menu salon. */
  prices?: PriceLine[] | null;
  /** What the salon has only so many of; empty when none. Absent at a simple salon. */
  resources?: ResourceLine[] | null;
  /** The salon's id, as in its path. */
  salon: string;
  /** The menu; absent at a simple salon. */
  services?: ServiceView[];
  /** A simple salon's appointment length; absent at a menu salon. */
  slotMinutes?: number | null;
  /** The team, in the order anyone is booked; absent at a simple salon. */
  stylists?: StylistLine[];
  timeZone: string;
};
export type ServiceLine = {
  /** Processing or clean-up after the service, when the stylist can't start another client: 0 to 120, a multiple of 5; 0 when absent. */
  afterMinutes?: number;
  /** What the customer pays by card to hold the time, in the currency's minor unit: 1 to the service's price. Needs a price, and payments configured on the server. */
  deposit?: number | null;
  /** The service's id: 1 to 40 of a-z, 0-9 and -, unique on the menu. */
  id: string;
  /** How long the customer is in the chair: 5 to 480, a multiple of 5. */
  minutes: number;
  /** What the customer sees, such as Colour. */
  name: string;
  /** The price in the currency's minor unit (4500 is £45.00 in GBP), 0 or more; absent when not on the sheet. */
  price?: number | null;
  /** The ids of the salon's resources the service holds, a unit of each, for its minutes and afterMinutes; none when absent. */
  resources?: string[];
};
export type SalonSettings = {
  /** A customer may cancel or move a booking until this long before it starts: 0 to 168; 24 when absent. */
  changeCutoffHours?: number | null;
  /** Spans when the salon, or one stylist, takes no booking: at most 200. Needs services. */
  closures?: ClosureLine[];
  /** The ISO 4217 code of every price, such as GBP: three capital letters. Required when a service has a price; needs services. */
  currency?: string | null;
  /** The sites that may show the booking page in a frame (the embed script's iframe): at most 10 origins such as https://studio-nine.example; http only for localhost. None when absent: no site may frame it. */
  embedOrigins?: string[];
  /** How far apart start times are: 5 to 60, a multiple of 5; 15 when absent. Needs services. */
  gridMinutes?: number | null;
  /** How many local days slots open on, today included: 1 to 90; 14 when absent. */
  horizonDays?: number | null;
  /** Weekly opening hours by day (mon to sun), each a list of [start, end] in HH:MM, 24-hour, in the salon's zone. A day absent is closed. */
  hours: {
    fri?: string[][];
    mon?: string[][];
    sat?: string[][];
    sun?: string[][];
    thu?: string[][];
    tue?: string[][];
    wed?: string[][];
  };
  /** The salon's language, as a BCP 47 tag: en, de, fr or es, a region allowed (de-AT); en when absent. Its questions, mails and texts are in it, unless the customer's Accept-Language matches another. */
  language?: string | null;
  /** How many new bookings the salon takes in any minute, from everyone, across every instance: 1 to 1000; 30 when absent. Past it round two answers 429 with Retry-After, and its state can still be used. */
  maxBookingsPerMinute?: number | null;
  /** How many upcoming bookings one contact may hold: 0 to 20, 0 meaning no cap; 0 when absent. */
  maxUpcomingPerContact?: number | null;
  /** No start sooner than this after now: 0 to 10080; 60 when absent. Needs services. */
  minNoticeMinutes?: number | null;
  /** What the customer sees. */
  name: string;
  /** How long a time is held while its customer pays a service's deposit: 30 to 1440 minutes; 30 when absent. */
  paymentMinutes?: number | null;
  /** Shown when nothing is booked, and for changes. */
  phone: string;
  /** The price list of a simple salon, as words; never computed. Refused with services. */
  prices?: PriceLine[];
  /** What the salon has only so many of, such as basins: at most 20. A service holds a unit of each it names for its minutes and afterMinutes, and no instant holds more units than a resource's count. Needs services. */
  resources?: ResourceLine[];
  /** The menu: 1 to 50 services. A salon put without services is the simple salon. */
  services?: ServiceLine[];
  /** The length of one appointment at a simple salon, 5 to 480 minutes; 45 when absent. Refused with services. */
  slotMinutes?: number | null;
  /** The team: 1 to 50 stylists, in the order anyone is booked. Needs services. */
  stylists?: StylistLine[];
  /** An IANA time zone name, such as Europe/London. Opening hours are wall-clock times in it. */
  timeZone: string;
};
export type AuditEntry = {
  /** What: the owner route's operationId. */
  action:
    | 'putSalon'
    | 'cancelBooking'
    | 'closeSlot'
    | 'openSlot'
    | 'createKey'
    | 'revokeKey'
    | 'eraseCustomer'
    | 'exportCustomer'
    | 'moveBooking'
    | 'putWebhook'
    | 'deleteWebhook'
    | 'newFeed'
    | 'markNoShow';
  /** When, RFC 3339 in UTC to the millisecond. */
  at: string;
  /** The booking the action touched; empty when none. */
  booking: string;
  /** Who: a key's id, or operator for the operator's token. */
  by: string;
  /** What changed, such as the slot or the settings' version; never a customer's details. */
  detail: string;
};
export type AuditList = {
  entries: AuditEntry[];
  /** Present when older entries follow: send it as after for the next page. */
  next?: string;
};
export type AvailableSlot = {
  /** The start in the salon's words, such as Saturday 5 December, 10:30. */
  label: string;
  /** The start's slot id: RFC 3339 with the salon's offset on that day. */
  slot: string;
  /** The ids of the stylists free then who do the service, in the salon's order. */
  stylists: string[];
};
export type Availability = {
  /** Whether open starts of the window were left out past the 500 listed. */
  more: boolean;
  /** The service's id; at a visit of several, the first's. */
  service: string;
  /** The ids of the services asked for, in order: the one, or the visit's. */
  services: string[];
  /** The open starts, earliest first, at most 500. */
  slots: AvailableSlot[];
  /** The stylist asked for; null for anyone. */
  stylist: string | null;
};
export type Completion = {
  /** The booking's reference at a salon with a calendar; present only when status is booked there. */
  booking?: string;
  /** The deposit paid to hold the booking, in the minor unit of the salon's currency; present only when its service asked one. */
  deposit?: number;
  /** The key the customer sees, cancels and moves the booking with, at a salon with a calendar: keep it; it is shown only here. Present only when status is booked there. */
  manage?: string;
  /** What to tell the customer. Shown, never parsed. */
  say: string;
  /** The service booked, at a menu salon (at a visit of several, the first); present only when status is booked there. */
  service?: string;
  /** The services booked, in the order they are done: one, or the visit's; present only with service. */
  services?: string[];
  /** The booked slot; present only when status is booked. */
  slot?: string;
  status: 'booked' | 'not_booked';
  /** The stylist booked, at a menu salon; present only when status is booked there. */
  stylist?: string;
};
export type CompleteResult = {
  resultType: 'complete';
  structuredContent: Completion;
};
export type TimeChoice = {
  enum: string[];
  type: 'string';
};
export type TimeProperties = {
  time: TimeChoice;
};
export type TimeSchema = {
  properties: TimeProperties;
  required: string[];
  type: 'object';
};
export type ElicitationParams = {
  message: string;
  mode: 'form';
  requestedSchema: TimeSchema;
};
export type ElicitationRequest = {
  method: 'elicitation/create';
  params: ElicitationParams;
};
export type InputRequests = {
  time: ElicitationRequest;
};
export type UrlElicitation = {
  /** The held booking's reference. */
  elicitationId: string;
  /** What to tell the customer: the deposit, the time held and until when. */
  message: string;
  mode: 'url';
  /** Stripe's Checkout page, where the customer pays the deposit. */
  url: string;
};
export type UrlElicitationRequest = {
  method: 'elicitation/create';
  params: UrlElicitation;
};
export type PaymentRequests = {
  payment: UrlElicitationRequest;
};
export type InputRequiredResult = {
  /** What the customer must answer: which time suits them, or, once a time is held for a deposit, to pay it on Stripe's page. */
  inputRequests: InputRequests | PaymentRequests;
  /** Opaque to the client: send it back unchanged with the answers. */
  requestState: string;
  resultType: 'input_required';
};
export type BookResult =
  | ({
      resultType: 'complete';
    } & CompleteResult)
  | ({
      resultType: 'input_required';
    } & InputRequiredResult);
export type Customer = {
  /** A phone number or an e-mail address, as the customer writes it. */
  contact: string;
  /** The customer's name. */
  name: string;
};
export type BookArguments = {
  customer?: Customer;
  /** The customer's words. */
  message: string;
  /** The slots still open, in the app's order. Opaque to the server. */
  openSlots: string[];
  /** The service, at a salon with a menu: required where the menu has more than one; the request state is bound to it. Give service or services, not both. */
  service?: string;
  /** A visit of several services booked as one, in the order they are done: one stylist does them back to back, each starting as the one before ends its processing. In place of service; the request state is bound to the list. */
  services?: string[];
  /** The stylist, at a salon with a menu; absent for anyone. The request state is bound to it. */
  stylist?: string;
};
export type Answer = {
  action: 'accept' | 'decline' | 'cancel';
  content?: {
    [key: string]: unknown;
  };
};
export type BookRequest = {
  arguments: BookArguments;
  /** Round two: the customer's answers, keyed by the name of the request they answer. */
  inputResponses?: {
    [key: string]: Answer;
  } | null;
  /** Round two: the requestState round one returned, byte for byte. */
  requestState?: string | null;
};
export type DepositView = {
  /** In the minor unit of the salon's currency. */
  amount: number;
  /** awaiting: being paid; paid; refunded after a cancel; kept by the salon (a no-show, or the owner's cancel without refund); released: never paid, the time open again. */
  status: 'awaiting' | 'paid' | 'refunded' | 'kept' | 'released';
};
export type BookingView = {
  /** When it was booked, RFC 3339 in UTC. */
  bookedAt: string;
  /** The booking's reference. */
  booking: string;
  contact: string;
  deposit?: DepositView;
  /** At a menu salon: when the service ends, slot plus its minutes (processing not included), written as slot is. */
  ends?: string | null;
  /** At a menu salon: false for a live booking that no longer fits the settings (hours, closures, the menu or the team); the notice and the horizon don't count. */
  fits?: boolean | null;
  label: string;
  /** The status of the last text about it, as Twilio last called it back (queued, sent, delivered, undelivered, failed), or unsubscribed when its number had opted out; absent when none was sent. */
  lastText?: string;
  name: string;
  /** At a menu salon: the id of the service booked (at a visit of several, the first). Absent at a simple salon. */
  service?: string | null;
  /** At a menu salon: the service's name as the settings now give it (its id when they no longer hold it). */
  serviceName?: string | null;
  /** At a menu salon: the ids of the services booked, in the order they are done: one, or the visit's. Absent at a simple salon. */
  services?: string[];
  slot: string;
  /** awaiting_payment: its time is held while the customer pays its deposit; no_show: marked as not come. */
  status: 'booked' | 'cancelled' | 'awaiting_payment' | 'no_show';
  /** At a menu salon: the id of the stylist booked. */
  stylist?: string | null;
  /** At a menu salon: the stylist's name as the settings now give it (their id when they no longer hold them). */
  stylistName?: string | null;
  /** What the customer wrote when booking. */
  words: string;
};
export type BookingList = {
  /** Earliest slot first, then earliest booked; at most limit of them. */
  bookings: BookingView[];
  /** When more bookings follow: send it as after for the next page. Absent on the last page. */
  next?: string;
};
export type CancelRequest = {
  /** false keeps a paid deposit (the salon's to keep); absent or true gives it back. */
  refund?: boolean | null;
};
export type MoveRequest = {
  /** The new start: a slot id as the salon writes it, such as 2026-12-05T10:30:00Z. */
  slot: string;
  /** At a menu salon, the stylist who keeps the booking; absent, its own. */
  stylist?: string | null;
};
export type Erased = {
  erased: number;
};
export type ContactRequest = {
  /** The customer's contact: an e-mail address, compared case-insensitively, or a phone number, compared by its digits. */
  contact: string;
};
export type FeedView = {
  /** The feed's address, its key in the query. It replaces the one before, which no longer answers. */
  url: string;
};
export type DroppedMessage = {
  /** When it was dropped, RFC 3339 in UTC. */
  at: string;
  booking: string;
  /** The change it would have told of: booking.created, booking.cancelled or booking.moved. */
  event: string;
  /** mail (the notice of the change) or reminder. */
  kind: string;
};
export type DroppedList = {
  /** At most 100, over the deliveries still kept (see docs/webhooks.md). */
  dropped: DroppedMessage[];
};
export type MyBooking = {
  /** The booking's reference. */
  booking: string;
  /** Whether it is booked and changeUntil is still ahead. */
  canChange: boolean;
  /** The last moment the customer may cancel or move it, RFC 3339 with the salon's offset: the start less the salon's changeCutoffHours as the salon has it now. */
  changeUntil: string;
  contact: string;
  deposit?: DepositView;
  /** When the appointment ends, RFC 3339 with the salon's offset: the service's minutes after the start, or the salon's slot at a simple salon. */
  ends: string;
  /** The start in the salon's words, such as Saturday 5 December, 10:30. */
  label: string;
  /** Whom it is for. */
  name: string;
  /** The salon's phone, for what the customer can no longer change themselves. */
  phone: string;
  /** The salon's id. */
  salon: string;
  salonName: string;
  /** How many times it has changed since it was made: each cancel or move raises it. Its calendar event's SEQUENCE. */
  sequence: number;
  /** The menu's service booked (at a visit of several, the first); null at a simple salon. */
  service: string | null;
  /** Its name on the menu; null at a simple salon. */
  serviceName: string | null;
  /** The menu's services booked, in the order they are done: one, or the visit's; empty at a simple salon. */
  services: string[];
  /** The booked slot: its start in RFC 3339, with the salon's offset on that day. */
  slot: string;
  status: 'booked' | 'cancelled' | 'no_show';
  /** The stylist booked; null at a simple salon. */
  stylist: string | null;
  /** Their name; null at a simple salon. */
  stylistName: string | null;
};
export type MyMoveArguments = {
  /** The customer's words. */
  message: string;
  /** The slots the customer would move to, in the app's order: the salon's slot ids. */
  openSlots: string[];
  /** At a menu salon, the stylist to move to; absent keeps the booking's own. The booking's service is kept. */
  stylist?: string;
};
export type MyMoveRequest = {
  arguments: MyMoveArguments;
  /** Round two: the customer's answers, keyed by the name of the request they answer. */
  inputResponses?: {
    [key: string]: Answer;
  } | null;
  /** Round two: the requestState round one returned, byte for byte. */
  requestState?: string | null;
};
export type SlotView = {
  /** The start in the salon's words, such as Saturday 5 December, 10:30. */
  label: string;
  /** The slot's id: its start in RFC 3339, with the salon's offset on that day. */
  slot: string;
  status: 'open' | 'booked' | 'closed';
};
export type SlotList = {
  /** At most 500; ask again from a later time for more. */
  slots: SlotView[];
};
export type WebhookState = {
  events: string[];
  /** How many events it was given up on, after 24 hours of retries, over the deliveries still kept (see docs/webhooks.md). */
  failures: number;
  id: string;
  /** When a delivery to it was last made, RFC 3339 in UTC; null when none was. */
  lastDelivery: string | null;
  url: string;
};
export type WebhookList = {
  webhooks: WebhookState[];
};
export type WebhookView = {
  events: string[];
  id: string;
  /** Only when this put created the webhook: whsec_ and the base64 of the key that signs its deliveries. Keep it; it is never shown again. */
  secret?: string;
  url: string;
};
export type WebhookPut = {
  /** The event types it takes: booking.created, booking.cancelled, booking.moved. Absent, all three. */
  events?: string[];
  /** Where the deliveries go: https to a public address (http and private addresses too when the server runs with -webhooks-insecure). */
  url: string;
};
