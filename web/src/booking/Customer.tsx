// What both of a salon's booking pages (simple and menu) share: the customer's details and words, kept across rounds, the form they ask with, and how a visit ends: booked (with its details, the calendar file and the my-booking page), not booked, or failed.
import { localStore, sessionStore } from '../page/storage';
import { Said } from '../i18n/Said';
import { when } from '../calendar/zone';
import { say } from '../i18n/say';
import { useEffect, useId } from 'react';
import type { ReactNode, RefObject } from 'react';
import { maxContactChars, maxCustomerNameChars } from '../api/bounds';
import type { Customer, Pending, VisitOutcome, VisitState } from '../calendar/visit';
import { AskForm, WordsField } from './AskForm';
import { Details, MyBookingLinks } from './Booked';
import type { Detail } from './Booked';
import { isEmail, isPhone, tidyLine } from '../page/fields';
import { PageHeader, ToldCard, telHref } from '../page/parts';
import { keepPending, recallCustomer } from '../page/remember';
import { toldFailure, toldVisit } from '../page/words';

/** The details a customer types, kept across rounds so asking again sends them unchanged. */
export interface Typed {
  readonly name: string;
  readonly contact: string;
  readonly message: string;
  readonly remember: boolean;
}

/** initialTyped is the details this device kept, if the customer asked it to, and no words. */
export function initialTyped(): Typed {
  const kept = recallCustomer(localStore());
  return { name: kept?.name ?? '', contact: kept?.contact ?? '', message: '', remember: kept !== null };
}

/** customerOf is whom the typed details name, tidied as the service takes them. */
export function customerOf(typed: Typed): Customer {
  return { name: tidyLine(typed.name), contact: tidyLine(typed.contact) };
}

/** What is wrong with a customer's details before anything is sent, field by field. */
export interface DetailErrors {
  readonly name?: string;
  readonly contact?: string;
}

/** detailErrors checks the details as the service will: a name, and a phone number or an e-mail address. */
export function detailErrors(customer: Customer): DetailErrors {
  return {
    ...(customer.name === '' ? { name: say('details.nameMissing') } : {}),
    ...(isEmail(customer.contact) || isPhone(customer.contact) ? {} : { contact: say('details.contactMissing') }),
  };
}

interface DetailsFormProps {
  readonly typed: Typed;
  readonly onChange: (typed: Typed) => void;
  readonly onAsk: () => void;
  /** A question is waiting: the details asked with are fixed until it is answered. */
  readonly locked: boolean;
  readonly asking: boolean;
  readonly askButton: RefObject<HTMLButtonElement | null>;
  readonly words: RefObject<HTMLTextAreaElement | null>;
  /** The boxes, to move focus to the first one whose value is refused. */
  readonly nameBox?: RefObject<HTMLInputElement | null>;
  readonly contactBox?: RefObject<HTMLInputElement | null>;
  readonly errors?: DetailErrors;
  /** Whether the words may be left out (a menu salon books from a tapped time). */
  readonly wordsOptional?: boolean;
  /** The heading above the fields; "Ask for a time" when left out. */
  readonly heading?: string;
  /** Said under the heading. */
  readonly intro?: ReactNode;
}

/** DetailsForm asks with who the customer is, whether to remember it, and their words. */
export function DetailsForm({ typed, onChange, onAsk, locked, asking, askButton, words, nameBox, contactBox, errors = {}, wordsOptional = false, heading, intro }: DetailsFormProps) {
  const id = useId();
  const set = (patch: Partial<Typed>) => onChange({ ...typed, ...patch });
  return (
    <AskForm headingId={`${id}-title`} heading={heading} locked={locked} asking={asking} onAsk={onAsk} askButton={askButton}>
      {intro}
      <TextField
        id={`${id}-name`}
        label={say('details.name')}
        name="name"
        autoComplete="name"
        maxLength={maxCustomerNameChars}
        readOnly={asking}
        value={typed.name}
        onChange={(name) => set({ name })}
        box={nameBox}
        error={errors.name}
      />
      <TextField
        id={`${id}-contact`}
        label={say('details.contact')}
        name="contact"
        autoComplete="tel"
        maxLength={maxContactChars}
        readOnly={asking}
        value={typed.contact}
        onChange={(contact) => set({ contact })}
        hint={say('details.contactHint')}
        box={contactBox}
        error={errors.contact}
      />
      <label className="check">
        <input type="checkbox" name="remember" checked={typed.remember} onChange={(event) => set({ remember: event.target.checked })} />
        <span>{say('details.remember')}</span>
      </label>
      <div className="field">
        <WordsField
          id={`${id}-words`}
          box={words}
          value={typed.message}
          onChange={(message) => set({ message })}
          readOnly={asking}
          optional={wordsOptional}
        />
      </div>
    </AskForm>
  );
}

interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  readonly name: string;
  readonly autoComplete: string;
  readonly maxLength: number;
  readonly readOnly: boolean;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Said under the field, and read with it. */
  readonly hint?: string;
  readonly box?: RefObject<HTMLInputElement | null> | undefined;
  /** Why the value is refused, said under the field and read with it. */
  readonly error?: string | undefined;
}

/** TextField is one required line of the customer's details, with its label, any hint, and any error. */
export function TextField({ id, label, name, autoComplete, maxLength, readOnly, value, onChange, hint, box, error }: TextFieldProps) {
  const described = [hint === undefined ? null : `${id}-why`, error === undefined ? null : `${id}-error`].filter((d) => d !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={box}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        readOnly={readOnly}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described === '' ? undefined : described}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error !== undefined && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint !== undefined && (
        <p className="hint" id={`${id}-why`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** endAloud is what the live region says when a visit ends: what happened, the booking's reference, and what comes next. */
export function endAloud(outcome: VisitOutcome, what = ''): string {
  const told = toldVisit(outcome, what);
  const reference = outcome.kind === 'booked' ? ` ${say('ending.referenceAloud', { reference: outcome.reference })}` : '';
  return `${told.headline}${reference} ${told.next}`;
}

interface EndingProps {
  readonly visit: VisitState;
  readonly salon: { readonly id: string; readonly name: string; readonly phone: string };
  readonly onAskAgain: () => void;
  readonly onBookAnother: () => void;
  /** The booking's details beyond its time and reference: at a menu salon, its service and stylist. */
  readonly details?: (outcome: Extract<VisitOutcome, { kind: 'booked' }>) => readonly Detail[];
  /** What the headline names beside the time: a menu salon's service and stylist. */
  readonly what?: (outcome: Extract<VisitOutcome, { kind: 'booked' }>) => string;
  /** A deposit written in the salon's currency. */
  readonly deposit?: (minor: number) => string;
  /** Round three again, for a deposit not yet told paid. */
  readonly onCheckAgain?: (pending: Pending) => void;
}

/**
 * PayLink keeps what round three needs in this tab, then sends the customer to Stripe's page to
 * pay the deposit; the link stays for a browser that doesn't follow.
 */
function PayLink({ pending, go, onCheckAgain }: { pending: Pending; go: boolean; onCheckAgain?: (pending: Pending) => void }) {
  // In a frame on a salon's own site Stripe's page can't be shown, and the frame may not send the
  // window elsewhere unasked: the link takes the whole window there when the customer follows it.
  const framed = window.top !== window.self;
  useEffect(() => {
    keepPending(sessionStore(), pending);
    if (go && !framed) {
      window.location.assign(pending.url);
    }
  }, [pending, go, framed]);
  return (
    <p className="actions">
      {!go && onCheckAgain !== undefined && (
        <button type="button" onClick={() => onCheckAgain(pending)}>
          {say('ending.checkAgain')}
        </button>
      )}
      <a className={go ? 'button' : 'button quiet'} href={pending.url} {...(framed ? { target: '_top' } : {})}>
        {say('ending.pay')}
      </a>
    </p>
  );
}

/** Ending tells how a visit ended, and offers the way on. */
export function Ending({ visit, salon, onAskAgain, onBookAnother, details, what, deposit, onCheckAgain }: EndingProps) {
  const { flow } = visit;
  switch (flow.phase) {
    case 'idle':
    case 'asking':
      return null;
    case 'done': {
      const { outcome } = flow;
      const told = toldVisit(outcome, outcome.kind === 'booked' ? (what?.(outcome) ?? '') : '');
      return (
        <ToldCard key={JSON.stringify(outcome)} told={told} tone={outcome.kind === 'booked' ? 'good' : 'plain'} salon={salon}>
          {outcome.kind === 'booked' && (
            <>
              <Details
                label={say('ending.yourBooking')}
                lines={[
                  ...(details?.(outcome) ?? []),
                  { term: say('ending.when'), value: when(outcome.slot, outcome.label) },
                  ...(outcome.deposit === null || deposit === undefined ? [] : [{ term: say('ending.depositPaid'), value: deposit(outcome.deposit) }]),
                  { term: say('ending.reference'), value: outcome.reference, code: true },
                ]}
              />
              {outcome.manage !== null && <MyBookingLinks salon={salon.id} booking={outcome.reference} manageKey={outcome.manage} />}
            </>
          )}
          {outcome.kind === 'pay' ? (
            <PayLink pending={outcome.pending} go={!outcome.again} onCheckAgain={onCheckAgain} />
          ) : (
            <p className="say">
              <Said id="ending.salonSays" at="say">
                <q>{outcome.say}</q>
              </Said>
            </p>
          )}
          {told.step === 'ask again' && (
            <button type="button" onClick={onAskAgain}>
              {say('ending.askAgain')}
            </button>
          )}
          {outcome.kind === 'booked' && (
            <button type="button" className="quiet" onClick={onBookAnother}>
              {say('ending.another')}
            </button>
          )}
        </ToldCard>
      );
    }
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return (
        <ToldCard key={`${flow.round} ${flow.failure.kind} ${flow.failure.problem}`} told={told} tone="bad" salon={salon}>
          {told.step === 'ask again' && (
            <button type="button" onClick={onAskAgain}>
              {say('ending.askAgain')}
            </button>
          )}
          {told.step === 'try again' && (
            <button type="button" onClick={onAskAgain}>
              {say('tryAgain.button')}
            </button>
          )}
          {told.step === 'none' && (
            <p>
              <a href="/">{say('salons.seeAll')}</a>
            </p>
          )}
        </ToldCard>
      );
    }
  }
}

/** SalonHeader heads a salon's booking page: its name, and its phone as a link to call. */
export function SalonHeader({ name, phone }: { name: string; phone: string }) {
  return (
    <PageHeader eyebrow={say('salon.eyebrow')} title={name}>
      <p className="phone">
        <Said id="salon.phone" at="phone">
          <a href={telHref(phone)}>{phone}</a>
        </Said>
      </p>
    </PageHeader>
  );
}
