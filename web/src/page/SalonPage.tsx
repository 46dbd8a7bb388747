// A salon's own page, /book/{salon}: its name, phone and prices, its open times by day, the customer's details and words, the question as labelled times, and the outcome.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Choice } from '../booking/slice';
import type { OpenTime, Salon } from '../calendar/decode';
import { answerAtSalon, askAtSalon, startOver } from '../calendar/visit';
import type { Customer, VisitFlow, VisitState } from '../calendar/visit';
import { useAppDispatch, useAppSelector } from '../hooks';
import { byDay } from './days';
import { Announcer, ToldCard, telHref, useFocusOnMount } from './parts';
import { recallCustomer, rememberCustomer } from './remember';
import { toldFailure, toldVisit } from './words';

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

// A name or contact may not hold control characters; a pasted tab or line break becomes a space.
const tidy = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

export function SalonPage({ salon }: { salon: string }) {
  const read = bookingApi.endpoints.getSalon.useQuery({ salon }, { pollingInterval: refreshMs, refetchOnFocus: true, refetchOnReconnect: true });

  if (read.data?.ok === true) {
    return <SalonBooking view={read.data.value} refreshing={read.isFetching} />;
  }
  if (read.isLoading) {
    return (
      <main>
        <header>
          <p className="eyebrow">Book a time</p>
          <h1>Looking up the salon…</h1>
        </header>
        <Announcer text="Looking up the salon…" moment="loading" />
      </main>
    );
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
    <main>
      <header>
        <p className="eyebrow">Book a time</p>
        <h1>{noSalon ? 'No such salon' : "The salon can't be shown"}</h1>
      </header>
      <section className="card outcome bad" aria-label="What went wrong">
        <h2>{headline}</h2>
        {noSalon ? (
          <p>
            Check the address, or <a href="/">choose a salon from the list</a>.
          </p>
        ) : (
          <>
            <p>Try again in a moment.</p>
            <button type="button" onClick={() => void read.refetch()}>
              Try again
            </button>
          </>
        )}
      </section>
      <Announcer text={headline} moment={read.error} />
    </main>
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

  const customer = (): Customer => ({ name: tidy(details.name), contact: tidy(details.contact) });
  const ask = () => {
    const who = customer();
    rememberCustomer(window.localStorage, who, details.remember);
    void dispatch(askAtSalon({ message: details.message.trim(), customer: who, open: view.openSlots }));
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
      <header>
        <p className="eyebrow">Book a time at</p>
        <h1>{view.name}</h1>
        <p className="phone">
          Phone: <a href={telHref(view.phone)}>{view.phone}</a>
        </p>
      </header>

      <Prices prices={view.prices} />
      <NextAvailable open={view.openSlots} />

      <AskForm
        details={details}
        onChange={setDetails}
        onAsk={ask}
        locked={visit.flow.phase === 'asking'}
        asking={visit.inFlight === 'round one'}
        askButton={askButton}
        words={words}
      />

      {visit.flow.phase === 'asking' && (
        <QuestionForm key={visit.flow.requestState} flow={visit.flow} sending={visit.inFlight === 'round two'} salon={contactCard} />
      )}

      <Ending visit={visit} salon={contactCard} onAskAgain={askAgain} onBookAnother={bookAnother} />

      <OpenTimes open={view.openSlots} refreshing={refreshing} />

      <Announcer text={announcement(visit, view)} moment={visit.flow} />
    </main>
  );
}

/** announcement is what the live region says about where the visit is. */
function announcement(visit: VisitState, view: Salon): string {
  const { flow, inFlight } = visit;
  if (inFlight === 'round one') {
    return `Asking ${view.name} for a time…`;
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
      const times = flow.question.times.map((time) => flow.labels[time] ?? time);
      return `${flow.question.message} ${times.join(', or ')}, or no thanks.`;
    }
    case 'done': {
      const told = toldVisit(flow.outcome);
      const reference = flow.outcome.kind === 'booked' ? ` Your booking reference is ${flow.outcome.reference}.` : '';
      return `${told.headline}${reference} ${told.next}`;
    }
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return `${told.headline} ${told.next}`;
    }
  }
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

interface AskFormProps {
  details: Details;
  onChange: (details: Details) => void;
  onAsk: () => void;
  /** A question is waiting: the details asked with are fixed until it is answered. */
  locked: boolean;
  asking: boolean;
  askButton: RefObject<HTMLButtonElement | null>;
  words: RefObject<HTMLTextAreaElement | null>;
}

function AskForm({ details, onChange, onAsk, locked, asking, askButton, words }: AskFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asking && !locked) {
      onAsk();
    }
  };
  const set = (patch: Partial<Details>) => onChange({ ...details, ...patch });
  return (
    <form className="card" onSubmit={submit} aria-busy={asking} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ask for a time</h2>
      <fieldset disabled={locked}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Your name</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            readOnly={asking}
            value={details.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>Phone or e-mail</label>
          <input
            id={`${id}-contact`}
            name="contact"
            autoComplete="tel"
            required
            maxLength={200}
            readOnly={asking}
            aria-describedby={`${id}-contact-why`}
            value={details.contact}
            onChange={(event) => set({ contact: event.target.value })}
          />
          <p className="hint" id={`${id}-contact-why`}>
            The salon uses it only about this booking.
          </p>
        </div>
        <label className="check">
          <input type="checkbox" name="remember" checked={details.remember} onChange={(event) => set({ remember: event.target.checked })} />
          <span>Remember my name and contact on this device</span>
        </label>
        <div className="field">
          <label htmlFor={`${id}-words`}>What would you like?</label>
          <textarea
            id={`${id}-words`}
            ref={words}
            name="words"
            rows={3}
            maxLength={1000}
            required
            readOnly={asking}
            placeholder="A cut on Saturday morning?"
            value={details.message}
            onChange={(event) => set({ message: event.target.value })}
          />
        </div>
        <button type="submit" ref={askButton} aria-disabled={asking}>
          {asking ? 'Asking…' : 'Ask for a time'}
        </button>
      </fieldset>
    </form>
  );
}

const noThanks = 'no-thanks';

function QuestionForm({ flow, sending, salon }: { flow: Extract<VisitFlow, { phase: 'asking' }>; sending: boolean; salon: { name: string; phone: string } }) {
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState('');
  // The question appears where the customer isn't looking: take them to it.
  const group = useFocusOnMount<HTMLFieldSetElement>();
  const name = useId();
  const { question, labels, trouble } = flow;

  const answer = (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    const time = question.times.find((_, i) => `offer-${i}` === picked);
    const choice: Choice | undefined = picked === noThanks ? { kind: 'decline' } : time === undefined ? undefined : { kind: 'accept', time };
    if (choice !== undefined) {
      void dispatch(answerAtSalon(choice));
    }
  };

  return (
    <form className="card question" onSubmit={answer} aria-busy={sending} aria-label="The salon's question">
      {trouble !== null && <ToldCard key={`${trouble.kind}`} told={toldFailure(trouble, 'round two')} tone="bad" salon={salon} />}
      <fieldset ref={group} tabIndex={-1}>
        <legend>{question.message}</legend>
        {question.times.map((time, i) => (
          <label key={time} className="choice">
            <input type="radio" name={name} value={`offer-${i}`} required checked={picked === `offer-${i}`} onChange={() => setPicked(`offer-${i}`)} />
            <span>{labels[time] ?? time}</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name={name} value={noThanks} required checked={picked === noThanks} onChange={() => setPicked(noThanks)} />
          <span>No thanks</span>
        </label>
      </fieldset>
      <button type="submit" aria-disabled={sending}>
        {sending ? 'Sending…' : trouble !== null ? 'Send my answer again' : 'Send my answer'}
      </button>
    </form>
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

