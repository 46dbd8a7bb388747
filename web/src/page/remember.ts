// What the pages keep on this device: the customer's name and contact (only when they agree), and the owner's token for this tab.
import type { Customer, Pending } from '../calendar/visit';

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
      storage.setItem(
        customerKey,
        JSON.stringify({ name: customer.name, contact: customer.contact }),
      );
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

/** Where round three waits in sessionStorage while the customer pays a deposit on Stripe's page. */
export const pendingKey = 'salon.deposit';

/** keepPending keeps what round three sends, for this tab, across the trip to Stripe and back. */
export function keepPending(storage: Keeping, pending: Pending): void {
  try {
    storage.setItem(pendingKey, JSON.stringify(pending));
  } catch {
    // Refused: back from Stripe, the page can't finish, and the booking's mail still tells.
  }
}

/** recallPending reads round three kept for the salon's held booking, or null when none is (or it doesn't read). */
export function recallPending(storage: Keeping, salon: string, booking: string): Pending | null {
  try {
    const kept = JSON.parse(storage.getItem(pendingKey) ?? 'null') as Partial<Pending> | null;
    if (
      kept !== null &&
      typeof kept === 'object' &&
      kept.salon === salon &&
      typeof kept.requestState === 'string' &&
      typeof kept.label === 'string' &&
      typeof kept.url === 'string' &&
      typeof kept.booking === 'object' &&
      kept.booking !== null &&
      kept.reference === booking
    ) {
      return { ...(kept as Pending), slot: typeof kept.slot === 'string' ? kept.slot : '' };
    }
  } catch {
    // Unreadable is as good as none.
  }
  return null;
}

/** forgetPending drops round three once it has finished. */
export function forgetPending(storage: Keeping): void {
  try {
    storage.removeItem(pendingKey);
  } catch {
    // Nothing to do.
  }
}
