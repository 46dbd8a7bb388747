// Which page an address shows: the list of salons (or the address-driven page), a salon's page, or the owner's.
import { maxSalonChars } from '../api/bounds';

/** The page an address asks for. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'salon'; readonly salon: string }
  | { readonly page: 'owner' }
  | { readonly page: 'no such page' };

/**
 * routeOf reads a pathname: `/` is home, `/book/{salon}` a salon's page (the id percent-decoded
 * once, within the service's bounds), `/owner/` the owner's page.
 */
export function routeOf(pathname: string): Route {
  if (pathname === '/' || pathname === '/index.html') {
    return { page: 'home' };
  }
  if (pathname === '/owner' || pathname === '/owner/') {
    return { page: 'owner' };
  }
  const book = /^\/book\/([^/]+)\/?$/.exec(pathname);
  if (book?.[1] !== undefined) {
    try {
      const salon = decodeURIComponent(book[1]);
      if (salon !== '' && [...salon].length <= maxSalonChars) {
        return { page: 'salon', salon };
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
