// The words the pages show for an outcome or a failure, in a customer's terms: what happened, and what to do next. The server's `say` is shown beside them, never read.
import type { Trouble } from '../api/booking';
import type { Round, RoundFlow } from '../booking/round';
import type { Failure, Outcome } from '../booking/slice';
import type { VisitOutcome } from '../calendar/visit';
import { when as shown } from '../calendar/zone';
import { language, say } from '../i18n/say';
import type { MoveOutcome } from '../my/slice';

/** What the page offers after a failure or an outcome. */
export type NextStep =
  /** The question stays: the same answer can be sent again. */
  | 'send again'
  /** Round one can be asked again (at a salon with a calendar, with the open times as they are now). */
  | 'ask again'
  /** Round one failed; the customer's words are still in the box, so asking again is trying again. */
  | 'try again'
  /** Nothing to do here: the salon doesn't book at this address. */
  | 'none';

/** A failure or an outcome told to the customer. */
export interface Told {
  /** What happened, as one sentence. */
  readonly headline: string;
  /** What to do next, as one sentence. */
  readonly next: string;
  readonly step: NextStep;
  /** Whether to offer the salon's phone as a way on. */
  readonly call: boolean;
}

const unclear = (round: Round): Told =>
  round === 'round one'
    ? {
        headline: say('words.1'),
        next: say('words.2'),
        step: 'try again',
        call: true,
      }
    : {
        headline: say('words.3'),
        next: say('words.4'),
        step: 'ask again',
        call: true,
      };

/**
 * toldFailure says what a failure means to the customer and what they can do: send the same
 * answer again while the state is still good, ask again when it isn't, or call the salon. It
 * never names an HTTP status.
 */
export function toldFailure(failure: Failure, round: Round): Told {
  switch (failure.kind) {
    case 'no reply':
      return round === 'round one'
        ? {
            headline: say('words.5'),
            next: say('words.6'),
            step: 'try again',
            call: false,
          }
        : {
            headline: say('words.7'),
            next: say('words.8'),
            step: 'send again',
            call: false,
          };
    case 'lost':
      return {
        headline: say('words.9'),
        next: say('words.10'),
        step: 'send again',
        call: false,
      };
    case 'unreadable':
    case 'malformed':
    case 'unknown result type':
      return unclear(round);
    case 'asked again':
      return {
        headline: say('words.11'),
        next: say('words.4'),
        step: 'ask again',
        call: true,
      };
    case 'refused':
      return toldRefusal(failure.reason, round);
  }
}

function toldRefusal(reason: Extract<Failure, { kind: 'refused' }>['reason'], round: Round): Told {
  const again: NextStep = round === 'round one' ? 'try again' : 'ask again';
  switch (reason) {
    case 'unavailable':
      return round === 'round one'
        ? {
            headline: say('words.15'),
            next: say('words.16'),
            step: 'try again',
            call: true,
          }
        : {
            headline: say('words.17'),
            next: say('words.18'),
            step: 'send again',
            call: true,
          };
    case 'too many':
      return round === 'round one'
        ? {
            headline: say('words.19'),
            next: say('words.20'),
            step: 'try again',
            call: false,
          }
        : {
            headline: say('words.21'),
            next: say('words.22'),
            step: 'send again',
            call: false,
          };
    case 'answer refused':
      return {
        headline: say('words.23'),
        next: say('words.24'),
        step: round === 'round two' ? 'send again' : 'try again',
        call: false,
      };
    case 'expired':
      return {
        headline: say('words.25'),
        next: say('words.26'),
        step: again,
        call: false,
      };
    case 'used':
      return {
        headline: say('words.27'),
        next: say('words.28'),
        step: again,
        call: true,
      };
    case 'another request':
      return {
        headline: say('words.29'),
        next: say('words.30'),
        step: again,
        call: false,
      };
    case 'damaged':
      return {
        headline: say('words.31'),
        next: say('words.26'),
        step: again,
        call: false,
      };
    case 'customer':
      return {
        headline: say('words.32'),
        next: say('words.33'),
        step: again,
        call: false,
      };
    case 'not on the menu':
      return {
        headline: say('words.34'),
        next: say('words.35'),
        step: again,
        call: false,
      };
    case 'too many bookings':
      return {
        headline: say('words.36'),
        next: say('words.37'),
        step: 'none',
        call: true,
      };
    case 'no salon':
      return {
        headline: say('words.38'),
        next: say('words.39'),
        step: 'none',
        call: false,
      };
    case 'wrong token':
    case 'no booking':
    case 'no slot':
    case 'slot booked':
    case 'changes closed':
    case 'moved too often':
    case 'already cancelled':
    case 'no outcome':
    case 'taken':
    case 'field':
    case 'other':
      return {
        headline: say('words.40'),
        next: round === 'round one' ? say('words.2') : say('words.41'),
        step: again,
        call: true,
      };
  }
}

/** toldVisit says what a visit to a salon with a calendar came to, and what happens next; `what` names a menu salon's service and stylist ("Colour with Ana"). */
export function toldVisit(outcome: VisitOutcome, what = ''): Told {
  switch (outcome.kind) {
    case 'booked': {
      const lost = outcome.recovered ? `${say('words.42')} ` : '';
      const when = shown(outcome.slot, outcome.label);
      return {
        headline: what === '' ? say('visit.booked', { when }) : say('visit.bookedWhat', { what, when }),
        next: lost + (outcome.manage === null ? say('visit.expectedCall') : say('visit.expectedLink')),
        step: 'none',
        call: outcome.manage === null,
      };
    }
    case 'taken':
      return {
        headline: say('visit.taken', { when: shown(outcome.slot, outcome.label) }),
        next: say('words.44'),
        step: 'ask again',
        call: false,
      };
    case 'declined':
      return {
        headline: say('words.45'),
        next: say('words.46'),
        step: 'ask again',
        call: true,
      };
    case 'nothing open':
      return {
        headline: say('words.47'),
        next: say('words.48'),
        step: 'ask again',
        call: true,
      };
    case 'pay':
      if (outcome.again) {
        return {
          headline: say('visit.notPaidYet', { when: shown(outcome.slot, outcome.label) }),
          next: say('visit.payNow', { message: outcome.payment.message }),
          step: 'none',
          call: false,
        };
      }
      return {
        headline: say('visit.held', { when: shown(outcome.slot, outcome.label) }),
        next: say('visit.payOnStripe', { message: outcome.payment.message }),
        step: 'none',
        call: false,
      };
    case 'released':
      return {
        headline: say('visit.released', { when: shown(outcome.slot, outcome.label) }),
        next: say('words.49'),
        step: 'ask again',
        call: true,
      };
  }
}

/** outcomeWords says in plain words what the address-driven page booked. */
export function outcomeWords(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'booked':
      return say('outcome.booked', { slot: outcome.slot });
    case 'not booked':
      return say('words.50');
    case 'slot gone':
      return say('outcome.slotGone', { slot: outcome.slot });
  }
}

/** troubleWords says in the owner's terms why a request didn't go through; a wrong token is the sign-in form's to say. */
export function troubleWords(trouble: Trouble | undefined, label = say('trouble.thatTime')): string {
  if (trouble === undefined) {
    return say('words.51');
  }
  switch (trouble.kind) {
    case 'no reply':
      return say('words.52');
    case 'unreadable':
      return say('words.51');
    case 'refused':
      switch (trouble.reason) {
        case 'unavailable':
          return say('words.53');
        case 'too many':
          return say('words.54');
        case 'wrong token':
          return say('words.55');
        case 'slot booked':
          return say('trouble.slotBooked', { label });
        case 'no booking':
          return say('words.56');
        case 'no slot':
          return say('trouble.noSlot', { label });
        case 'no salon':
          return say('words.57');
        case 'already cancelled':
          return say('words.58');
        case 'taken':
          return say('trouble.taken', { label });
        case 'not on the menu':
          return say('words.59');
        case 'field':
          return trouble.said === undefined ? say('words.60') : say('trouble.refusedSaid', { said: trouble.said });
        default:
          return say('words.61');
      }
  }
}

/** Where a booking of either page is, as its live region tells it: a question may keep its times' labels. */
export interface Announced<O> {
  readonly flow: RoundFlow<O, { readonly labels?: Readonly<Record<string, string>> }, unknown>;
  readonly inFlight: Round | null;
}

/**
 * announcement is what a booking page's live region says about where the booking is: the round
 * that is out, the question with its times (by label where the page has them), the trouble that
 * kept it, a failure with what to do next, or, through `done`, the page's own words for an outcome.
 */
export function announcement<O>({ flow, inFlight }: Announced<O>, asking: string, done: (outcome: O) => string): string {
  if (inFlight === 'round one') {
    return asking;
  }
  if (inFlight === 'round two') {
    return say('words.62');
  }
  switch (flow.phase) {
    case 'idle':
      return '';
    case 'asking': {
      if (flow.trouble !== null) {
        const told = toldFailure(flow.trouble, 'round two');
        return `${told.headline} ${told.next}`;
      }
      const times = flow.question.times.map((time) => shown(time, flow.labels?.[time] ?? time));
      return say('announce.question', { question: flow.question.message, times: new Intl.ListFormat(language(), { type: 'disjunction' }).format([...times, say('question.noThanksLower')]) });
    }
    case 'done':
      return done(flow.outcome);
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return `${told.headline} ${told.next}`;
    }
  }
}

/** toldMove says what a move of the customer's own booking came to. */
export function toldMove(outcome: MoveOutcome): Told {
  switch (outcome.kind) {
    case 'moved':
      return {
        headline: say('move.moved', { when: shown(outcome.slot, outcome.label) }),
        next: outcome.recovered
          ? say('move.movedRecovered')
          : say('words.63'),
        step: 'none',
        call: false,
      };
    case 'stayed':
      return {
        headline: say('move.stayed', { when: outcome.chosen }),
        next: say('words.64'),
        step: 'ask again',
        call: false,
      };
    case 'declined':
      return { headline: say('move.declined'), next: say('move.declinedNext'), step: 'none', call: false };
    case 'nothing open':
      return {
        headline: say('words.65'),
        next: say('words.66'),
        step: 'ask again',
        call: false,
      };
  }
}

/** toldOwnTrouble says why a change to the customer's own booking didn't go through, and what to do. */
export function toldOwnTrouble(trouble: Trouble | undefined): Told {
  if (trouble?.kind === 'refused') {
    switch (trouble.reason) {
      case 'changes closed':
        return {
          headline: say('words.67'),
          next: trouble.said === undefined ? say('words.68') : say('own.salonSays', { said: trouble.said }),
          step: 'none',
          call: true,
        };
      case 'moved too often':
        return {
          headline: say('words.69'),
          next: trouble.said === undefined ? say('words.70') : say('own.salonSays', { said: trouble.said }),
          step: 'none',
          call: true,
        };
      case 'already cancelled':
        return { headline: say('own.alreadyCancelled'), next: say('own.alreadyCancelledNext'), step: 'none', call: false };
      case 'no booking':
        return {
          headline: say('words.71'),
          next: say('words.72'),
          step: 'none',
          call: true,
        };
      default:
        break;
    }
  }
  const word = troubleWords(trouble);
  return { headline: say('own.didntGoThrough'), next: word, step: 'try again', call: true };
}
