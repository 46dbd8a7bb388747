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
    book: build.mutation<BookApiResponse, BookApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/book`,
        method: 'POST',
        body: queryArg.bookRequest,
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
export type BookApiResponse =
  /** status 200 A question to answer, or the completed booking. */ BookResult;
export type BookApiArg = {
  /** The salon's name. */
  salon: string;
  /** The booking, and in round two the answers with their state. At most 65536 bytes. */
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
export type ServiceView = {
  afterMinutes: number;
  id: string;
  minutes: number;
  name: string;
  /** In the currency's minor unit; absent when not on the sheet. */
  price?: number | null;
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
  maxUpcomingPerContact: number;
  /** Absent at a simple salon. */
  minNoticeMinutes?: number | null;
  name: string;
  /** The slots open now, earliest first, at most 50: send them as round one's openSlots. At a menu salon, for the first service with anyone. */
  openSlots: OpenSlot[];
  phone: string;
  /** A simple salon's price list; empty when no price is set. Absent at a menu salon. */
  prices?: PriceLine[] | null;
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
export type Completion = {
  /** The booking's reference at a salon with a calendar; present only when status is booked there. */
  booking?: string;
  /** The key the customer sees, cancels and moves the booking with, at a salon with a calendar: keep it; it is shown only here. Present only when status is booked there. */
  manage?: string;
  /** What to tell the customer. Shown, never parsed. */
  say: string;
  /** The service booked, at a menu salon; present only when status is booked there. */
  service?: string;
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
export type InputRequiredResult = {
  inputRequests: InputRequests;
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
  /** The service, at a salon with a menu: required where the menu has more than one; the request state is bound to it. */
  service?: string;
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
export type BookingView = {
  /** When it was booked, RFC 3339 in UTC. */
  bookedAt: string;
  /** The booking's reference. */
  booking: string;
  contact: string;
  /** At a menu salon: when the service ends, slot plus its minutes (processing not included), written as slot is. */
  ends?: string | null;
  /** At a menu salon: false for a live booking that no longer fits the settings (hours, closures, the menu or the team); the notice and the horizon don't count. */
  fits?: boolean | null;
  label: string;
  name: string;
  /** At a menu salon: the id of the service booked. Absent at a simple salon. */
  service?: string | null;
  /** At a menu salon: the service's name as the settings now give it (its id when they no longer hold it). */
  serviceName?: string | null;
  slot: string;
  status: 'booked' | 'cancelled';
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
