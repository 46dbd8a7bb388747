// A salon's own page, /book/{salon}: its name, phone and prices, its open times by day, the customer's details and words, the question as labelled times, and the outcome.
import { useEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { OpenTime, Salon } from '../calendar/decode';
import { answerAtSalon, askAtSalon, startOver } from '../calendar/visit';
import { useAppDispatch, useAppSelector } from '../hooks';
import { DetailsForm, Ending, customerOf, endAloud, initialTyped } from './Customer';
import { byDay } from './days';
import { tidyWords } from './fields';
import { MenuBooking } from './MenuBooking';
import { Announcer, LoadingPage, PageHeader, TryAgainLater, UnshownPage, telHref } from './parts';
import { QuestionForm } from './QuestionForm';
import { rememberCustomer } from './remember';
import type { Paid } from './route';
import { announcement } from './words';

/** How often an open page reads its salon again, so times booked elsewhere drop out. */
const refreshMs = 30_000;

export function SalonPage({ salon, paid }: { salon: string; paid?: Paid }) {
  const read = bookingApi.endpoints.getSalon.useQuery({ salon }, { pollingInterval: refreshMs, refetchOnFocus: true, refetchOnReconnect: true });

  if (read.data?.ok === true) {
    const view = read.data.value;
    return view.menu === null ? <SalonBooking view={view} refreshing={read.isFetching} /> : <MenuBooking view={view} menu={view.menu} {...(paid === undefined ? {} : { paid })} />;
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
  const [details, setDetails] = useState(initialTyped);
  const askButton = useRef<HTMLButtonElement>(null);
  const words = useRef<HTMLTextAreaElement>(null);
  const contactCard = { id: view.salon, name: view.name, phone: view.phone };
  useEffect(() => {
    document.title = `Book a time at ${view.name}`;
  }, [view.name]);

  const ask = () => {
    const who = customerOf(details);
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
        typed={details}
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
