// Generated from ../openapi.json by @rtk-query/codegen-openapi (npm run codegen). Never edit by hand.
import { emptyApi as api } from './emptyApi';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    book: build.mutation<BookApiResponse, BookApiArg>({
      query: (queryArg) => ({
        url: `/salons/${encodeURIComponent(String(queryArg.salon))}/book`,
        method: 'POST',
        body: queryArg.bookRequest,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type BookApiResponse =
  /** status 200 A question to answer, or the completed booking. */ BookResult;
export type BookApiArg = {
  /** The salon's name. */
  salon: string;
  /** The booking, and in round two the answers with their state. At most 65536 bytes. */
  bookRequest: BookRequest;
};
export type Outcome = {
  /** The booking's reference at a salon with a calendar; present only when status is booked there. */
  booking?: string;
  /** What to tell the customer. Shown, never parsed. */
  say: string;
  /** The booked slot; present only when status is booked. */
  slot?: string;
  status: 'booked' | 'not_booked';
};
export type CompleteResult = {
  resultType: 'complete';
  structuredContent: Outcome;
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
export type Refusal = string;
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
