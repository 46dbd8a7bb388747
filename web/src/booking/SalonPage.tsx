// A salon's own page, /book/{salon}: its name, phone and prices, its open times by day, the customer's details and words, the question as labelled times, and the outcome.
import { localStore } from '../page/storage';
import { Said } from '../i18n/Said';
import { when } from '../calendar/zone';
import { followSalon, language, say } from '../i18n/say';
import { useEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { OpenTime, Salon } from '../calendar/decode';
import { answerAtSalon, askAtSalon, startOver } from '../calendar/visit';
import { useAppDispatch, useAppSelector } from '../hooks';
import { DetailsForm, Ending, SalonHeader, customerOf, endAloud, initialTyped } from './Customer';
import { byDay } from '../page/days';
import { tidyWords } from '../page/fields';
import { MenuBooking } from './MenuBooking';
import { Announcer, LoadingPage, TryAgainLater, UnshownPage } from '../page/parts';
import { QuestionForm } from './QuestionForm';
import { rememberCustomer } from '../page/remember';
import type { Paid } from '../page/route';
import { announcement } from '../page/words';

/** How often an open page reads its salon again, so times booked elsewhere drop out. */
const refreshMs = 30_000;

export function SalonPage({ salon, paid }: { salon: string; paid?: Paid }) {
  const read = bookingApi.endpoints.getSalon.useQuery({ salon }, { pollingInterval: refreshMs, refetchOnFocus: true, refetchOnReconnect: true });
  const salonLanguage = read.data?.ok === true ? read.data.value.language : null;
  useEffect(() => {
    if (salonLanguage !== null) {
      followSalon(salonLanguage);
    }
  }, [salonLanguage]);

  if (read.data?.ok === true) {
    const view = read.data.value;
    return view.menu === null ? <SalonBooking view={view} refreshing={read.isFetching} /> : <MenuBooking view={view} menu={view.menu} {...(paid === undefined ? {} : { paid })} />;
  }
  if (read.isLoading) {
    return <LoadingPage doing={say('salon.looking')} />;
  }
  const trouble = read.error as Trouble | undefined;
  const noSalon = trouble?.kind === 'refused' && trouble.reason === 'no salon';
  const headline = noSalon
    ? say('salon.none', { salon })
    : trouble?.kind === 'no reply'
      ? say('salon.noReply')
      : trouble?.kind === 'refused' && trouble.reason === 'unavailable'
        ? say('salon.trouble')
        : say('salon.unread');
  return (
    <UnshownPage title={noSalon ? say('salon.noSuch') : say('salon.unshown')} headline={headline} moment={read.error}>
      {noSalon ? (
        <p>
          <Said id="salon.checkAddress" at="list">
            <a href="/">{say('salon.fromList')}</a>
          </Said>
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
    document.title = say('title.salon', { salon: view.name });
  }, [view.name, language()]);

  const ask = () => {
    const who = customerOf(details);
    rememberCustomer(localStore(), who, details.remember);
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
      <SalonHeader name={view.name} phone={view.phone} />

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

      <Announcer text={announcement(visit, say('ask.askingSalon', { salon: view.name }), endAloud)} moment={visit.flow} />
    </main>
  );
}

function Prices({ prices }: { prices: Salon['prices'] }) {
  return (
    <section aria-labelledby="prices">
      <h2 id="prices">{say('prices.heading')}</h2>
      {prices.length === 0 ? (
        <p>{say('prices.none')}</p>
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
        say('times.nothingCall')
      ) : (
        <Said id="times.next" at="when">
          <strong>{when(next.slot, next.label)}</strong>
        </Said>
      )}
    </p>
  );
}

function OpenTimes({ open, refreshing }: { open: readonly OpenTime[]; refreshing: boolean }) {
  const days = byDay(open);
  return (
    <section aria-labelledby="open-times" className="open-times">
      <h2 id="open-times">{say('times.heading')}</h2>
      {open.length === 0 ? (
        <p>{say('times.nothing')}</p>
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
      {refreshing && <p className="quiet-note">{say('times.checking')}</p>}
    </section>
  );
}
