// The words the page shows for an outcome or a failure; the server's `say` is shown beside them, never read.
import type { Failure, Outcome } from '../booking/slice';

/** outcomeWords says in plain words what the app booked. */
export function outcomeWords(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'booked':
      return `Booked: ${outcome.slot}.`;
    case 'not booked':
      return 'Nothing is booked.';
    case 'slot gone':
      return `${outcome.slot} is no longer open here, so nothing is booked.`;
  }
}

/** failureWords says that nothing is booked, and why. */
export function failureWords(failure: Failure): string {
  return `Nothing is booked: ${failure.problem}.`;
}
