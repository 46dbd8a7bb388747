// Which page an address shows: the list of salons (or the address-driven page), a salon's page, a customer's own booking, or the owner's.
import { maxSalonChars } from '../api/bounds';

/** The page an address asks for. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'salon'; readonly salon: string; readonly paid?: Paid }
  | { readonly page: 'my'; readonly salon: string; readonly booking: string }
  | { readonly page: 'owner' }
  | { readonly page: 'no such page' };

/** The customer back from Stripe's Checkout, at /book/{salon}/paid: the held booking, and whether they cancelled there. */
export interface Paid {
  readonly booking: string;
  readonly cancelled: boolean;
}

/** segment is one path segment percent-decoded once, or null when it is empty or malformed. */
function segment(raw: string): string | null {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded === '' ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * routeOf reads a pathname: `/` is home, `/book/{salon}` a salon's page (the id percent-decoded
 * once, within the service's bounds), and `/book/{salon}/paid?booking=…` the same page once the
 * customer is back from paying a deposit (`&cancelled=1` when they cancelled there), `/my/{salon}/{booking}` a customer's own booking (its key
 * is in the fragment, which the pathname never holds), `/owner/` the owner's page.
 */
export function routeOf(pathname: string, search = ''): Route {
  if (pathname === '/' || pathname === '/index.html') {
    return { page: 'home' };
  }
  if (pathname === '/owner' || pathname === '/owner/') {
    return { page: 'owner' };
  }
  const my = /^\/my\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (my?.[1] !== undefined && my[2] !== undefined) {
    const salon = segment(my[1]);
    const booking = segment(my[2]);
    if (salon !== null && booking !== null && [...salon].length <= maxSalonChars) {
      return { page: 'my', salon, booking };
    }
  }
  const book = /^\/book\/([^/]+)(\/paid)?\/?$/.exec(pathname);
  if (book?.[1] !== undefined) {
    try {
      const salon = decodeURIComponent(book[1]);
      if (salon !== '' && [...salon].length <= maxSalonChars) {
        if (book[2] === undefined) {
          return { page: 'salon', salon };
        }
        const query = new URLSearchParams(search);
        const booking = query.get('booking') ?? '';
        return booking === '' ? { page: 'salon', salon } : { page: 'salon', salon, paid: { booking, cancelled: query.get('cancelled') === '1' } };
      }
    } catch {
      // A malformed escape names no salon.
    }
  }
  return { page: 'no such page' };
}

/** bookingPath is the address of a salon's page. */
export function bookingPath(salon: string): string {
  return `/book/${encodeURIComponent(salon)}`;
}

/** keyOf reads the manage key from an address's fragment (`#key`), percent-decoded once; empty when there is none. */
export function keyOf(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  return segment(raw) ?? '';
}
