// The words the pages show for an outcome or a failure, in a customer's terms: what happened, and what to do next. The server's `say` is shown beside them, never read.
import type { Trouble } from '../api/booking';
import type { Round, RoundFlow } from '../booking/round';
import type { Failure, Outcome } from '../booking/slice';
import type { VisitOutcome } from '../calendar/visit';
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
        headline: "The salon's reply couldn't be understood, so nothing is booked.",
        next: 'Try again, or call the salon.',
        step: 'try again',
        call: true,
      }
    : {
        headline: "The salon's reply to your answer couldn't be understood, so we can't tell whether you're booked.",
        next: 'Call the salon to check before you ask again.',
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
            headline: "We couldn't reach the salon's booking service, so nothing is booked.",
            next: 'Check your connection, then try again.',
            step: 'try again',
            call: false,
          }
        : {
            headline: "Your answer didn't reach the salon, so nothing is booked yet.",
            next: 'Your times are still held for a short while: send your answer again.',
            step: 'send again',
            call: false,
          };
    case 'lost':
      return {
        headline: "We couldn't hear back from the salon, so we can't tell yet whether you're booked.",
        next: "Check your connection, then send your answer again: if it went through, we'll show your booking.",
        step: 'send again',
        call: false,
      };
    case 'unreadable':
    case 'malformed':
    case 'unknown result type':
      return unclear(round);
    case 'asked again':
      return {
        headline: "The salon asked another question instead of booking, so we stopped there and can't tell whether you're booked.",
        next: 'Call the salon to check before you ask again.',
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
            headline: 'The booking service is having trouble right now, so nothing is booked.',
            next: 'Try again in a minute, or call the salon.',
            step: 'try again',
            call: true,
          }
        : {
            headline: 'The booking service is having trouble right now, so nothing is booked yet.',
            next: 'Your answer is kept: send it again in a moment, or call the salon.',
            step: 'send again',
            call: true,
          };
    case 'too many':
      return round === 'round one'
        ? {
            headline: 'Too many requests came from your connection just now, so nothing is booked.',
            next: 'Wait a few seconds, then try again.',
            step: 'try again',
            call: false,
          }
        : {
            headline: 'Too many requests came from your connection just now, so nothing is booked yet.',
            next: 'Your answer is kept: wait a few seconds, then send it again.',
            step: 'send again',
            call: false,
          };
    case 'answer refused':
      return {
        headline: "The salon couldn't take that answer, so nothing is booked yet.",
        next: 'Choose one of the times offered, then send it again.',
        step: round === 'round two' ? 'send again' : 'try again',
        call: false,
      };
    case 'expired':
      return {
        headline: 'The times offered were held for a short while only, and that has passed, so nothing is booked.',
        next: 'Ask again for the times open now.',
        step: again,
        call: false,
      };
    case 'used':
      return {
        headline: "This answer was sent once already, so it can't be sent again.",
        next: 'If you sent it before, you may be booked already: call the salon to check. Or ask again for a new time.',
        step: again,
        call: true,
      };
    case 'another request':
      return {
        headline: 'Your details changed after the times were offered, so this answer no longer fits and nothing is booked.',
        next: 'Ask again with your details as they are now.',
        step: again,
        call: false,
      };
    case 'damaged':
      return {
        headline: "The salon couldn't check the offer your answer came with, so nothing is booked.",
        next: 'Ask again for the times open now.',
        step: again,
        call: false,
      };
    case 'customer':
      return {
        headline: 'The salon needs your name and a phone number or e-mail address to book, so nothing is booked.',
        next: 'Check them, then try again.',
        step: again,
        call: false,
      };
    case 'not on the menu':
      return {
        headline: "The salon can't book that service with that stylist, so nothing is booked.",
        next: 'The menu is up to date again: choose again, then try again.',
        step: again,
        call: false,
      };
    case 'too many bookings':
      return {
        headline: 'You already hold as many upcoming bookings here as the salon takes from one person, so nothing is booked.',
        next: 'Call the salon to book more.',
        step: 'none',
        call: true,
      };
    case 'no salon':
      return {
        headline: "This salon doesn't take bookings here.",
        next: 'Check the address, or choose a salon from the list.',
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
        headline: "The booking service couldn't take this request, so nothing is booked.",
        next: round === 'round one' ? 'Try again, or call the salon.' : 'Ask again, or call the salon.',
        step: again,
        call: true,
      };
  }
}

/** toldVisit says what a visit to a salon with a calendar came to, and what happens next; `what` names a menu salon's service and stylist ("Colour with Ana"). */
export function toldVisit(outcome: VisitOutcome, what = ''): Told {
  switch (outcome.kind) {
    case 'booked': {
      const lost = outcome.recovered ? 'Your connection dropped, but the salon had your answer. ' : '';
      return {
        headline: `You're booked: ${what === '' ? '' : `${what}, `}${outcome.label}.`,
        next:
          outcome.manage === null
            ? `${lost}The salon expects you then. To change or cancel, call the salon and give your booking reference.`
            : `${lost}The salon expects you then. You can add it to your calendar, and change or cancel it yourself from the link below.`,
        step: 'none',
        call: outcome.manage === null,
      };
    }
    case 'taken':
      return {
        headline: `${outcome.label} was taken just before your answer arrived, so nothing is booked.`,
        next: 'The open times are up to date again: ask again for another time.',
        step: 'ask again',
        call: false,
      };
    case 'declined':
      return {
        headline: 'Nothing is booked: you said no thanks.',
        next: 'Ask again whenever you like, or call the salon.',
        step: 'ask again',
        call: true,
      };
    case 'nothing open':
      return {
        headline: 'None of the times shown is open any more, so nothing is booked.',
        next: 'Call the salon to find a time, or ask again later.',
        step: 'ask again',
        call: true,
      };
    case 'pay':
      if (outcome.again) {
        return {
          headline: `Your deposit hasn't reached the salon yet: ${outcome.label} is still held for you.`,
          next: `If you paid, check again in a moment. If not, pay it now: ${outcome.payment.message}`,
          step: 'none',
          call: false,
        };
      }
      return {
        headline: `${outcome.label} is held for you while you pay the deposit.`,
        next: `${outcome.payment.message} You pay on Stripe's page, and come back here to finish.`,
        step: 'none',
        call: false,
      };
    case 'released':
      return {
        headline: `${outcome.label} was released: the deposit wasn't paid in time, so nothing is booked.`,
        next: 'Ask again for another time, or call the salon.',
        step: 'ask again',
        call: true,
      };
  }
}

/** outcomeWords says in plain words what the address-driven page booked. */
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

/** troubleWords says in the owner's terms why a request didn't go through; a wrong token is the sign-in form's to say. */
export function troubleWords(trouble: Trouble | undefined, label = 'That time'): string {
  if (trouble === undefined) {
    return "The service's reply couldn't be read. Reload the page to see where things stand.";
  }
  switch (trouble.kind) {
    case 'no reply':
      return "The booking service didn't answer. Check your connection and try again.";
    case 'unreadable':
      return "The service's reply couldn't be read. Reload the page to see where things stand.";
    case 'refused':
      switch (trouble.reason) {
        case 'unavailable':
          return 'The booking service is having trouble right now. Try again in a minute.';
        case 'too many':
          return 'Too many requests came from this connection just now. Wait a few seconds and try again.';
        case 'wrong token':
          return "That token isn't right. Check it and enter it again.";
        case 'slot booked':
          return `${label} is booked, so it can't be closed. Cancel the booking first.`;
        case 'no booking':
          return "That booking isn't there any more. The list is up to date again.";
        case 'no slot':
          return `${label} is no longer one of the salon's times. The list is up to date again.`;
        case 'no salon':
          return "That salon isn't registered here any more.";
        case 'already cancelled':
          return "That booking is cancelled, so it can't be moved. The list is up to date again.";
        case 'taken':
          return `${label} isn't free for that stylist any more. Choose another time.`;
        case 'not on the menu':
          return "That stylist doesn't do this service. Choose another stylist.";
        case 'field':
          return trouble.said === undefined ? "The service refused one of the values. Check them and try again." : `The service refused it: ${trouble.said}.`;
        default:
          return "The booking service couldn't do that. Reload the page and try again.";
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
    return 'Sending your answer…';
  }
  switch (flow.phase) {
    case 'idle':
      return '';
    case 'asking': {
      if (flow.trouble !== null) {
        const told = toldFailure(flow.trouble, 'round two');
        return `${told.headline} ${told.next}`;
      }
      const times = flow.question.times.map((time) => flow.labels?.[time] ?? time);
      return `${flow.question.message} ${times.join(', or ')}, or no thanks.`;
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
        headline: `Your booking is moved: it is now ${outcome.label}.`,
        next: outcome.recovered
          ? 'Your connection dropped, but the salon had your answer. Add the new time to your calendar.'
          : 'Add the new time to your calendar; the salon expects you then.',
        step: 'none',
        call: false,
      };
    case 'stayed':
      return {
        headline: `${outcome.chosen} was taken just before your answer arrived, so your booking stays where it was.`,
        next: 'Choose another time, or keep the one you have.',
        step: 'ask again',
        call: false,
      };
    case 'declined':
      return { headline: 'Nothing is changed: you said no thanks.', next: 'Your booking stays as it is.', step: 'none', call: false };
    case 'nothing open':
      return {
        headline: 'None of those times is open any more, so your booking stays where it was.',
        next: 'Choose another time from the list, which is up to date again.',
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
          headline: 'It is too close to the appointment to change it here.',
          next: trouble.said === undefined ? 'Call the salon to change or cancel it.' : `The salon says: ${trouble.said}.`,
          step: 'none',
          call: true,
        };
      case 'moved too often':
        return {
          headline: 'This booking has been moved as often as it can be here.',
          next: trouble.said === undefined ? 'Call the salon to change it again.' : `The salon says: ${trouble.said}.`,
          step: 'none',
          call: true,
        };
      case 'already cancelled':
        return { headline: 'This booking is cancelled already.', next: 'Book a new time if you like.', step: 'none', call: false };
      case 'no booking':
        return {
          headline: "We couldn't find this booking with this link.",
          next: 'Use the whole link from your booking, or call the salon.',
          step: 'none',
          call: true,
        };
      default:
        break;
    }
  }
  const word = troubleWords(trouble);
  return { headline: 'That didn’t go through, so nothing is changed.', next: word, step: 'try again', call: true };
}
