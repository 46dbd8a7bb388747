// Reads which salon the page books for, and its open times, from the page's address.
import { maxOpenSlots, maxSalonChars, maxSlotChars } from '../api/bounds';

/** The salon a bare `/` books for. */
export const defaultSalon = 'Studio Nine';

/** The times a salon's page opens with when the address names none. */
export const defaultOpenSlots: readonly string[] = ['sat-10:30', 'sat-11:30', 'sat-13:00'];

/** What the page starts from. */
export interface Start {
  readonly salon: string;
  readonly openSlots: readonly string[];
}

/**
 * fromAddress reads `?salon=<name>&slots=<a>,<b>,…` (both optional). A name outside the service's
 * bounds (1 to maxSalonChars characters) falls back to the default; slots are trimmed, emptied
 * ones, repeats and ones over maxSlotChars dropped, and at most maxOpenSlots kept, so round one
 * never breaks a bound the server enforces.
 */
export function fromAddress(search: string): Start {
  const query = new URLSearchParams(search);
  const name = query.get('salon')?.trim() ?? '';
  const salon = name.length >= 1 && [...name].length <= maxSalonChars ? name : defaultSalon;
  const listed = query.get('slots');
  if (listed === null) {
    return { salon, openSlots: defaultOpenSlots };
  }
  const openSlots: string[] = [];
  for (const slot of listed.split(',').map((part) => part.trim())) {
    if (slot !== '' && [...slot].length <= maxSlotChars && !openSlots.includes(slot) && openSlots.length < maxOpenSlots) {
      openSlots.push(slot);
    }
  }
  return { salon, openSlots };
}
