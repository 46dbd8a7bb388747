// A salon's own page, /book/{salon}: its name, phone and prices, its open times by day, the customer's details and words, the question as labelled times, and the outcome.
import { useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { maxContactChars, maxCustomerNameChars } from '../api/bounds';
import type { OpenTime, Salon } from '../calendar/decode';
import { answerAtSalon, askAtSalon, startOver } from '../calendar/visit';
import type { Customer, VisitOutcome, VisitState } from '../calendar/visit';
import { useAppDispatch, useAppSelector } from '../hooks';
import { AskForm, WordsField } from './AskForm';
import { byDay } from './days';
import { tidyLine, tidyWords } from './fields';
import { Announcer, LoadingPage, PageHeader, ToldCard, TryAgainLater, UnshownPage, telHref } from './parts';
import { QuestionForm } from './QuestionForm';
import { recallCustomer, rememberCustomer } from './remember';
import { announcement, toldFailure, toldVisit } from './words';

/** How often an open page reads its salon again, so times booked elsewhere drop out. */
const refreshMs = 30_000;

/** The details a customer types, kept across rounds so asking again sends them unchanged. */
interface Details {
  readonly name: string;
  readonly contact: string;
  readonly message: string;
  readonly remember: boolean;
}

function initialDetails(): Details {
  const kept = recallCustomer(window.localStorage);
  return { name: kept?.name ?? '', contact: kept?.contact ?? '', message: '', remember: kept !== null };
}


export function SalonPage({ salon }: { salon: string }) {
  const read = bookingApi.endpoints.getSalon.useQuery({ salon }, { pollingInterval: refreshMs, refetchOnFocus: true, refetchOnReconnect: true });

  if (read.data?.ok === true) {
    return <SalonBooking view={read.data.value} refreshing={read.isFetching} />;
  }
  if (read.isLoading) {
    return <LoadingPage doing="Looking up the salon…" />;
  }
  const trouble = read.error as Trouble | undefined;
  const noSalon = trouble?.kind === 'refused' && trouble.reason === 'no salon';
  const headline = noSalon
    ? `There is no salon called “${salon}” here.`
    : trouble?.kind === 'no reply'
      ? "We couldn't reach the salon's booking service."
      : trouble?.kind === 'refused' && trouble.reason === 'unavailable'
        ? 'The booking service is having trouble right now.'
        : "The salon's page couldn't be read.";
  return (
    <UnshownPage title={noSalon ? 'No such salon' : "The salon can't be shown"} headline={headline} moment={read.error}>
      {noSalon ? (
        <p>
          Check the address, or <a href="/">choose a salon from the list</a>.
        </p>
      ) : (
        <TryAgainLater onTryAgain={() => void read.refetch()} />
      )}
    </UnshownPage>
  );
}

function SalonBooking({ view, refreshing }: { view: Salon; refreshing: boolean }) {
  const dispatch = useAppDispatch();
  const visit = useAppSelector((state) => state.visit);
  const [details, setDetails] = useState(initialDetails);
  const askButton = useRef<HTMLButtonElement>(null);
  const words = useRef<HTMLTextAreaElement>(null);
  const contactCard = { name: view.name, phone: view.phone };
  useEffect(() => {
    document.title = `Book a time at ${view.name}`;
  }, [view.name]);

  const customer = (): Customer => ({ name: tidyLine(details.name), contact: tidyLine(details.contact) });
  const ask = () => {
    const who = customer();
    rememberCustomer(window.localStorage, who, details.remember);
    void dispatch(askAtSalon({ message: tidyWords(details.message), customer: who, open: view.openSlots }));
  };
  // Asking again replaces the card the customer is on, so focus goes to the button that asks first.
  const askAgain = () => {
    askButton.current?.focus();
    dispatch(startOver());
    ask();
  };
  const bookAnother = () => {
    words.current?.focus();
    dispatch(startOver());
  };

  return (
    <main>
      <PageHeader eyebrow="Book a time at" title={view.name}>
        <p className="phone">
          Phone: <a href={telHref(view.phone)}>{view.phone}</a>
        </p>
      </PageHeader>

      <Prices prices={view.prices} />
      <NextAvailable open={view.openSlots} />

      <DetailsForm
        details={details}
        onChange={setDetails}
        onAsk={ask}
        locked={visit.flow.phase === 'asking'}
        asking={visit.inFlight === 'round one'}
        askButton={askButton}
        words={words}
      />

      {visit.flow.phase === 'asking' && (
        <QuestionForm
          key={visit.flow.requestState}
          question={visit.flow.question}
          labels={visit.flow.labels}
          trouble={visit.flow.trouble}
          sending={visit.inFlight === 'round two'}
          salon={contactCard}
          onAnswer={(choice) => void dispatch(answerAtSalon(choice))}
        />
      )}

      <Ending visit={visit} salon={contactCard} onAskAgain={askAgain} onBookAnother={bookAnother} />

      <OpenTimes open={view.openSlots} refreshing={refreshing} />

      <Announcer text={announcement(visit, `Asking ${view.name} for a time…`, endAloud)} moment={visit.flow} />
    </main>
  );
}

/** endAloud is what the live region says when a visit ends: what happened, the booking's reference, and what comes next. */
function endAloud(outcome: VisitOutcome): string {
  const told = toldVisit(outcome);
  const reference = outcome.kind === 'booked' ? ` Your booking reference is ${outcome.reference}.` : '';
  return `${told.headline}${reference} ${told.next}`;
}

function Prices({ prices }: { prices: Salon['prices'] }) {
  return (
    <section aria-labelledby="prices">
      <h2 id="prices">Prices</h2>
      {prices.length === 0 ? (
        <p>The salon hasn't listed its prices: ask when you book.</p>
      ) : (
        <ul className="prices" aria-labelledby="prices">
          {prices.map((line) => (
            <li key={line.service}>
              <span>{line.service}</span> <span className="price">{line.price}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NextAvailable({ open }: { open: readonly OpenTime[] }) {
  const next = open[0];
  return (
    <p className="next-available">
      {next === undefined ? (
        'Nothing is open right now. Call the salon to find a time.'
      ) : (
        <>
          Next available: <strong>{next.label}</strong>
        </>
      )}
    </p>
  );
}

function OpenTimes({ open, refreshing }: { open: readonly OpenTime[]; refreshing: boolean }) {
  const days = byDay(open);
  return (
    <section aria-labelledby="open-times" className="open-times">
      <h2 id="open-times">Open times</h2>
      {open.length === 0 ? (
        <p>Nothing is open right now.</p>
      ) : (
        <>
          {days.map((day) => (
            <div className="day" key={day.key}>
              <h3 id={`day-${day.key}`}>{day.heading}</h3>
              <ul className="times" aria-labelledby={`day-${day.key}`}>
                {day.times.map((time) => (
                  <li key={time.slot} title={time.label}>
                    {time.time === '' ? time.label : time.time}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
      {refreshing && <p className="quiet-note">Checking the open times…</p>}
    </section>
  );
}

interface DetailsFormProps {
  details: Details;
  onChange: (details: Details) => void;
  onAsk: () => void;
  /** A question is waiting: the details asked with are fixed until it is answered. */
  locked: boolean;
  asking: boolean;
  askButton: RefObject<HTMLButtonElement | null>;
  words: RefObject<HTMLTextAreaElement | null>;
}

/** DetailsForm asks with who the customer is, whether to remember it, and their words. */
function DetailsForm({ details, onChange, onAsk, locked, asking, askButton, words }: DetailsFormProps) {
  const id = useId();
  const set = (patch: Partial<Details>) => onChange({ ...details, ...patch });
  return (
    <AskForm headingId={`${id}-title`} locked={locked} asking={asking} onAsk={onAsk} askButton={askButton}>
      <TextField
        id={`${id}-name`}
        label="Your name"
        name="name"
        autoComplete="name"
        maxLength={maxCustomerNameChars}
        readOnly={asking}
        value={details.name}
        onChange={(name) => set({ name })}
      />
      <TextField
        id={`${id}-contact`}
        label="Phone or e-mail"
        name="contact"
        autoComplete="tel"
        maxLength={maxContactChars}
        readOnly={asking}
        value={details.contact}
        onChange={(contact) => set({ contact })}
        hint="The salon uses it only about this booking."
      />
      <label className="check">
        <input type="checkbox" name="remember" checked={details.remember} onChange={(event) => set({ remember: event.target.checked })} />
        <span>Remember my name and contact on this device</span>
      </label>
      <div className="field">
        <WordsField id={`${id}-words`} box={words} value={details.message} onChange={(message) => set({ message })} readOnly={asking} />
      </div>
    </AskForm>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  maxLength: number;
  readOnly: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Said under the field, and read with it. */
  hint?: string;
}

/** TextField is one required line of the customer's details, with its label and any hint. */
function TextField({ id, label, name, autoComplete, maxLength, readOnly, value, onChange, hint }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        readOnly={readOnly}
        aria-describedby={hint === undefined ? undefined : `${id}-why`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint !== undefined && (
        <p className="hint" id={`${id}-why`}>
          {hint}
        </p>
      )}
    </div>
  );
}

interface EndingProps {
  visit: VisitState;
  salon: { name: string; phone: string };
  onAskAgain: () => void;
  onBookAnother: () => void;
}

function Ending({ visit, salon, onAskAgain, onBookAnother }: EndingProps) {
  const { flow } = visit;
  switch (flow.phase) {
    case 'idle':
    case 'asking':
      return null;
    case 'done': {
      const { outcome } = flow;
      const told = toldVisit(outcome);
      return (
        <ToldCard key={JSON.stringify(outcome)} told={told} tone={outcome.kind === 'booked' ? 'good' : 'plain'} salon={salon}>
          {outcome.kind === 'booked' && (
            <p>
              Booking reference: <strong className="reference">{outcome.reference}</strong>
            </p>
          )}
          <p className="say">
            The salon says: <q>{outcome.say}</q>
          </p>
          {told.step === 'ask again' && (
            <button type="button" onClick={onAskAgain}>
              Ask again
            </button>
          )}
          {outcome.kind === 'booked' && (
            <button type="button" className="quiet" onClick={onBookAnother}>
              Book another time
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
              Ask again
            </button>
          )}
          {told.step === 'try again' && (
            <button type="button" onClick={onAskAgain}>
              Try again
            </button>
          )}
          {told.step === 'none' && (
            <p>
              <a href="/">See the salons that book here</a>
            </p>
          )}
        </ToldCard>
      );
    }
  }
}

