// What the pages keep on this device: the customer's name and contact (only when they agree), and the owner's token for this tab.
import type { Customer } from '../calendar/visit';

/** Where the customer's details are kept in localStorage. */
export const customerKey = 'salon.customer';

/** Where the owner's token is kept in sessionStorage: for this tab, until it closes. */
export const ownerTokenKey = 'salon.ownerToken';

/** The part of the Web Storage API these functions use, so tests can hand in their own. */
export type Keeping = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** recallCustomer reads the details kept on this device, or null when none are (or they don't read). */
export function recallCustomer(storage: Keeping): Customer | null {
  try {
    const kept = JSON.parse(storage.getItem(customerKey) ?? 'null') as unknown;
    if (typeof kept === 'object' && kept !== null && 'name' in kept && 'contact' in kept) {
      const { name, contact } = kept;
      if (typeof name === 'string' && typeof contact === 'string') {
        return { name, contact };
      }
    }
  } catch {
    // Unreadable details are as good as none.
  }
  return null;
}

/** rememberCustomer keeps the details when the customer agreed, and forgets any kept ones when they didn't. */
export function rememberCustomer(storage: Keeping, customer: Customer, agreed: boolean): void {
  try {
    if (agreed) {
      storage.setItem(customerKey, JSON.stringify({ name: customer.name, contact: customer.contact }));
    } else {
      storage.removeItem(customerKey);
    }
  } catch {
    // Storage full or refused (a private window): the page works without it.
  }
}

/** recallOwnerToken reads the token kept for this tab, or null. */
export function recallOwnerToken(storage: Keeping): string | null {
  try {
    const token = storage.getItem(ownerTokenKey);
    return token === null || token === '' ? null : token;
  } catch {
    return null;
  }
}

/** keepOwnerToken keeps the token for this tab, or forgets it when it is null. */
export function keepOwnerToken(storage: Keeping, token: string | null): void {
  try {
    if (token === null) {
      storage.removeItem(ownerTokenKey);
    } else {
      storage.setItem(ownerTokenKey, token);
    }
  } catch {
    // As above: the owner enters the token again next time.
  }
}
