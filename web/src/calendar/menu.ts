// A menu in the customer's words: a price in the salon's currency (Intl.NumberFormat), a length in hours and minutes, who does what; and a price typed by the owner read back into the currency's minor unit.
import { language, say } from '../i18n/say';
import type { Menu, Service, Stylist } from './decode';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** moneyFormat is the salon's currency as Intl.NumberFormat writes it in the page's language, such as £45.00 in English and 45,00 £ in German. */
function moneyFormat(currency: string): Intl.NumberFormat {
  const key = `${language()} ${currency}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language() === 'en' ? 'en-GB' : language(), { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}

/** minorDigits is how many digits of currency's minor unit there are: 2 for GBP, 0 for JPY. */
export function minorDigits(currency: string): number {
  try {
    return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** priceWords writes a price in the currency's minor unit as the salon's currency: 4500 in GBP is £45.00. */
export function priceWords(minor: number, currency: string | null): string {
  if (currency === null) {
    return String(minor);
  }
  try {
    return moneyFormat(currency).format(minor / 10 ** minorDigits(currency));
  } catch {
    // A code Intl doesn't know is still the salon's: write the amount and the code.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** priceOf is a service's price in words, or that it isn't on the sheet. */
export function priceOf(service: Service, currency: string | null): string {
  return service.price === null ? say('menu.priceOnRequest') : priceWords(service.price, currency);
}

/** depositOf is the deposit a service asks, in the salon's currency, such as "£20.00 deposit"; "" when it asks none. */
export function depositOf(service: Service, currency: string | null): string {
  return service.deposit === null ? '' : say('menu.deposit', { amount: priceWords(service.deposit, currency) });
}

/** depositWords says a booking's deposit and where it stands, such as "£20.00, paid". */
export function depositWords(deposit: { readonly amount: number; readonly status: string }, currency: string | null): string {
  const status: Record<string, string> = {
    awaiting: say('deposit.awaiting'),
    paid: say('deposit.paid'),
    refunded: say('deposit.refunded'),
    kept: say('deposit.kept'),
    released: say('deposit.released'),
  };
  return say('deposit.where', { amount: priceWords(deposit.amount, currency), status: status[deposit.status] ?? deposit.status });
}

/** bookingStatusWords says where a booking stands, in the owner's and the customer's words. */
export function bookingStatusWords(status: string): string {
  switch (status) {
    case 'booked':
      return say('status.booked');
    case 'cancelled':
      return say('status.cancelled');
    case 'awaiting_payment':
      return say('status.awaiting');
    case 'no_show':
      return say('status.noShow');
  }
  return status;
}

/** lengthWords writes minutes as a length: 45 min, 1 hr, 1 hr 30 min. */
export function lengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) {
    return say('length.min', { minutes: rest });
  }
  return rest === 0 ? say('length.hr', { hours }) : say('length.hrMin', { hours, minutes: rest });
}

/** lengthOf is a service's length, with its processing time when it has one. */
export function lengthOf(service: Service): string {
  return service.afterMinutes === 0 ? lengthWords(service.minutes) : say('length.processing', { length: lengthWords(service.minutes), after: lengthWords(service.afterMinutes) });
}

/** stylistsFor is the team members who do the service (or every service of a visit), in the salon's order. */
export function stylistsFor(menu: Menu, service: string | readonly string[]): readonly Stylist[] {
  const ids = typeof service === 'string' ? [service] : service;
  return menu.stylists.filter((stylist) => ids.every((id) => stylist.services.includes(id)));
}

/** visitName names a visit's services as one phrase in the page's language: "Cut and Colour". */
export function visitName(menu: Menu, ids: readonly (string | null)[]): string {
  return new Intl.ListFormat(language(), { style: 'long', type: 'conjunction' }).format(ids.map((id) => nameOf(menu.services, id)));
}

/** nameOf is a service's or stylist's name by its id, or the id when the menu no longer holds it. */
export function nameOf(items: readonly { readonly id: string; readonly name: string }[], id: string | null): string {
  if (id === null) {
    return '';
  }
  return items.find((item) => item.id === id)?.name ?? id;
}

/**
 * minorOf reads a price the owner typed in the currency's major unit ("45", "45.5", "45.00") as
 * its minor unit (4500), or null when it isn't a plain amount with at most the currency's digits.
 */
export function minorOf(typed: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(typed.trim());
  if (match === null || (match[2] ?? '').length > digits) {
    return null;
  }
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  return Number(match[1]) * 10 ** digits + (digits === 0 ? 0 : Number(fraction));
}

/** majorOf writes a price in the minor unit as the owner types it: 4500 in GBP is 45.00. */
export function majorOf(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/**
 * timesFrom is round one's open times when the customer taps one: that time first, so the question
 * offers it, then the times after it in the salon's order, at most max of them.
 */
export function timesFrom<T extends { readonly slot: string }>(times: readonly T[], tapped: T, max: number): T[] {
  const at = times.findIndex((time) => time.slot === tapped.slot);
  return [tapped, ...(at < 0 ? [] : times.slice(at + 1))].slice(0, max);
}
