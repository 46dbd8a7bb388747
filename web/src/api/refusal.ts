// Reads a refusal's body into one reason from a closed list, so the store learns why a request was refused and never holds the body itself.
import type { Holds, Same } from '../booking/wire';
import type { SalonSettings } from './generated';

/** Why the service refused a request, as far as the client tells reasons apart. */
export const refusalReasons = [
  /** The question's state outlived its life: the times must be asked for again. */
  'expired',
  /** The state was spent already: by this answer sent before, or from another tab. */
  'used',
  /** The state was issued for other words, times or customer. */
  'another request',
  /** The state doesn't verify: damaged, or signed by a key the service no longer has. */
  'damaged',
  /** The answer itself was refused; the state is still unspent, so a corrected answer can follow. */
  'answer refused',
  /** The customer's name or contact is missing or outside its bounds. */
  'customer',
  /** No salon has that id here. */
  'no salon',
  /** The owner's token is missing or wrong. */
  'wrong token',
  /** The booking the owner named is not the salon's. */
  'no booking',
  /** The slot the owner named is not one of the salon's. */
  'no slot',
  /** The slot the owner would close is booked. */
  'slot booked',
  /** The customer may no longer change the booking themselves: the salon's cutoff has passed. */
  'changes closed',
  /** The customer has moved the booking as often as the service lets them; the salon changes it now. */
  'moved too often',
  /** The booking is cancelled already, so it can't be cancelled or moved. */
  'already cancelled',
  /** The service has no outcome for the round two sent: its state was never spent by it. */
  'no outcome',
  /** The time the owner would move a booking to is taken or closed for that stylist. */
  'taken',
  /** The service or the stylist asked for can't be booked at this salon. */
  'not on the menu',
  /** The customer holds as many upcoming bookings as the salon allows one contact. */
  'too many bookings',
  /** A value the owner put breaks its rule; the refusal's words name the field. */
  'field',
  /** This connection asked too often (the quota per client address); nothing was read, so the same request can follow in a moment. */
  'too many',
  /** The service can't complete anything now (no key, or its database is down). */
  'unavailable',
  /** Anything else: a bound the client broke, a body it shouldn't have sent. */
  'other',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** The refusals the service words exactly, each with its reason (the contract fixes these strings). */
const exact: Readonly<Record<string, RefusalReason>> = {
  'requestState has expired': 'expired',
  'requestState was already used': 'used',
  'requestState belongs to another request': 'another request',
  "requestState doesn't verify": 'damaged',
  'no answer to the question asked': 'answer refused',
  'the answer is not an accept, a decline or a cancel': 'answer refused',
  'answers and their requestState travel together': 'answer refused',
  'arguments.customer is required at this salon': 'customer',
  'the booking service is unavailable': 'unavailable',
  'too many requests; try again shortly': 'too many',
  "the owner's token is missing or wrong": 'wrong token',
  'this booking is already cancelled': 'already cancelled',
  'there is no outcome for this request': 'no outcome',
  'arguments.service is required at this salon': 'not on the menu',
  'give services, or slotMinutes and prices, not both': 'field',
};

/** Every field of the settings the owner puts. */
const settingsFields = [
  'changeCutoffHours', 'closures', 'currency', 'embedOrigins', 'gridMinutes', 'horizonDays', 'hours', 'language',
  'maxBookingsPerMinute', 'maxUpcomingPerContact', 'minNoticeMinutes', 'name', 'paymentMinutes', 'phone', 'prices',
  'resources', 'services', 'slotMinutes', 'stylists', 'timeZone',
] as const;

/** Compile-time proof that settingsFields are the fields ../openapi.json gives the settings put: one added there fails npm run typecheck here. */
export type SettingsFieldsMatchTheDocument = Holds<Same<(typeof settingsFields)[number], keyof SalonSettings>>;

/** The settings and other bodies the owner puts (a webhook's url and events, an erasure's contact): a refusal that starts with one of these names the field it refuses. */
export const ownerFields = new RegExp(`^(${[...settingsFields, 'url', 'events', 'contact'].join('|')})(\\[\\d+\\]|\\.[A-Za-z]+)* `);

/** The refusals that name what they refuse, matched by their fixed part. */
const patterns: readonly (readonly [RegExp, RefusalReason])[] = [
  [/ was never offered$/, 'answer refused'],
  [/^arguments\.customer\./, 'customer'],
  [/^there is no salon /, 'no salon'],
  [/^there is no booking /, 'no booking'],
  [/^there is no slot /, 'no slot'],
  [/ is booked; cancel the booking first$/, 'slot booked'],
  [/^changes close \d+ hours? before the appointment; call /, 'changes closed'],
  [/^this booking has been moved \d+ times?; call .+ to change it again$/, 'moved too often'],
  [/^booking \S+ is cancelled$/, 'already cancelled'],
  [/ is (taken|closed) for .+$/, 'taken'],
  [/ offers no (service \S+|such service)$/, 'not on the menu'],
  [/ has no (stylist \S+|such stylist)$/, 'not on the menu'],
  [/ doesn't do .+$/, 'not on the menu'],
  [/^you already hold \d+ upcoming bookings? here; call /, 'too many bookings'],
  [ownerFields, 'field'],
];

/**
 * reasonOf names why a request was refused, from the refusal's status and body (a JSON string, as
 * the service sends; anything else is read by its status alone). Only the reason is kept.
 */
export function reasonOf(status: number, body: unknown): RefusalReason {
  if (typeof body === 'string') {
    const known = exact[body];
    if (known !== undefined) {
      return known;
    }
    for (const [pattern, reason] of patterns) {
      if (pattern.test(body)) {
        return reason;
      }
    }
  }
  switch (status) {
    case 429:
      return 'too many';
    case 503:
      return 'unavailable';
    case 401:
      return 'wrong token';
    default:
      return 'other';
  }
}

/** The longest refusal whose words the store keeps: a setting's refusal is well within it. */
const maxSaid = 300;

/**
 * saidOf keeps a refusal's own words when the page shows them as they are: the field an owner's
 * put breaks, and the cutoff or the bound on moves with whom to call. Any other refusal keeps none.
 */
export function saidOf(reason: RefusalReason, body: unknown): string | null {
  if ((reason === 'field' || reason === 'changes closed' || reason === 'moved too often') && typeof body === 'string' && body.length <= maxSaid && !/[\p{Cc}\p{Cf}]/u.test(body)) {
    return body;
  }
  return null;
}

/** fieldOf is the field a setting's refusal names, as the body it refuses spells it: `services[1].minutes`. */
export function fieldOf(said: string): string {
  if (said === 'give services, or slotMinutes and prices, not both') {
    return 'services';
  }
  return ownerFields.exec(said)?.[0].trim() ?? '';
}
