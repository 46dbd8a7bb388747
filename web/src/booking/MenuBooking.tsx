// A menu salon's page: the menu with each service's length and price in the salon's currency, the stylist with "Anyone", the customer's details, the open times for that choice by day, each a button that asks with that time first, then the question and the outcome.
import { localStore, sessionStore } from '../page/storage';
import { language, say } from '../i18n/say';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { maxOpenSlots } from '../api/bounds';
import type { AvailableTime, Menu, Salon } from '../calendar/decode';
import { depositOf, lengthOf, nameOf, priceOf, priceWords, stylistsFor, timesFrom, visitName } from '../calendar/menu';
import { answerAtSalon, askAtSalon, payAtSalon, startOver } from '../calendar/visit';
import type { Pending } from '../calendar/visit';
import type { VisitOutcome } from '../calendar/visit';
import { useAppDispatch, useAppSelector } from '../hooks';
import { DetailsForm, Ending, SalonHeader, customerOf, detailErrors, endAloud, initialTyped } from './Customer';
import type { DetailErrors } from './Customer';
import { tidyWords } from '../page/fields';
import { Announcer } from '../page/parts';
import { QuestionForm } from './QuestionForm';
import { TimeButtons } from './TimeButtons';
import { forgetPending, recallPending, rememberCustomer } from '../page/remember';
import { bookingPath } from '../page/route';
import type { Paid } from '../page/route';
import { announcement, troubleWords } from '../page/words';

/** How often the open times are read again while the page is open. */
const refreshMs = 30_000;

/** Anyone is the stylist choice that books whoever is free, in the salon's order. */
const anyone = '';

export function MenuBooking({ view, menu, paid }: { view: Salon; menu: Menu; paid?: Paid }) {
  const dispatch = useAppDispatch();
  const visit = useAppSelector((state) => state.visit);
  const [service, setService] = useState<string | null>(null);
  // The services added after the first to make one visit, in the order they are done.
  const [added, setAdded] = useState<readonly string[]>([]);
  const [stylist, setStylist] = useState(anyone);
  const [typed, setTyped] = useState(initialTyped);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [tapped, setTapped] = useState<string | null>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const words = useRef<HTMLTextAreaElement>(null);
  const nameBox = useRef<HTMLInputElement>(null);
  const contactBox = useRef<HTMLInputElement>(null);
  const contactCard = { id: view.salon, name: view.name, phone: view.phone };
  useEffect(() => {
    document.title = say('title.salon', { salon: view.name });
  }, [view.name, language()]);
  // Back from Stripe's page: round three finishes the booking this tab held, and the address
  // becomes the salon's page again, so a reload sends nothing.
  const [orphan, setOrphan] = useState(false);
  const finishing = useRef(false);
  useEffect(() => {
    if (paid === undefined || finishing.current) {
      return;
    }
    finishing.current = true;
    window.history.replaceState(null, '', bookingPath(view.salon));
    const pending = recallPending(sessionStore(), view.salon, paid.booking);
    if (pending === null) {
      setOrphan(true);
      return;
    }
    void dispatch(payAtSalon({ pending, paid: !paid.cancelled }));
  }, [paid, view.salon, dispatch]);
  const outcome = visit.flow.phase === 'done' ? visit.flow.outcome : null;
  useEffect(() => {
    if (outcome !== null && outcome.kind !== 'pay') {
      forgetPending(sessionStore());
    }
  }, [outcome]);
  const checkAgain = (pending: Pending) => void dispatch(payAtSalon({ pending, paid: true }));

  const chosen = menu.services.find((s) => s.id === service) ?? null;
  const visitIds = chosen === null ? [] : [chosen.id, ...added];
  const many = visitIds.length > 1;
  const chosenName = visitName(menu, visitIds);
  const team = chosen === null ? [] : stylistsFor(menu, visitIds);
  const openings = bookingApi.endpoints.getAvailability.useQuery(
    chosen === null
      ? skipToken
      : { salon: view.salon, ...(many ? { services: visitIds.join(',') } : { service: chosen.id }), ...(stylist === anyone ? {} : { stylist }) },
    { pollingInterval: refreshMs, refetchOnFocus: true, refetchOnReconnect: true },
  );
  // currentData, not data: while another service's or stylist's times are on the way, the last
  // choice's times must not show under this choice's heading.
  const current = openings.currentData;
  const times = current?.ok === true ? current.value.times : [];

  const busy = visit.inFlight !== null;
  // A new choice makes any question or outcome on screen about something else.
  const clearStale = () => {
    if (!busy && visit.flow.phase !== 'idle') {
      dispatch(startOver());
    }
  };
  /** choose makes the visit first and then, settling the stylist on anyone when the one chosen doesn't do all of it. */
  const choose = (first: string, then: readonly string[]) => {
    clearStale();
    setService(first);
    setAdded(then);
    if (stylist !== anyone && !stylistsFor(menu, [first, ...then]).some((p) => p.id === stylist)) {
      setStylist(anyone);
    }
  };
  const chooseService = (id: string) => choose(id, added.filter((x) => x !== id));
  const toggleAdded = (id: string, on: boolean) => {
    if (chosen !== null) {
      choose(chosen.id, on ? [...added, id] : added.filter((x) => x !== id));
    }
  };
  const chooseStylist = (id: string) => {
    clearStale();
    setStylist(id);
  };

  /** ready checks the customer's details before anything is sent, moving focus to the first one refused. */
  const ready = (): boolean => {
    const found = detailErrors(customerOf(typed));
    setErrors(found);
    if (found.name !== undefined) {
      nameBox.current?.focus();
      return false;
    }
    if (found.contact !== undefined) {
      contactBox.current?.focus();
      return false;
    }
    return true;
  };

  /** ask is round one with open, in that order: the server offers the first of them that suit. */
  const ask = (open: readonly AvailableTime[], first: string | null) => {
    if (chosen === null || busy || !ready()) {
      return;
    }
    const who = customerOf(typed);
    rememberCustomer(localStore(), who, typed.remember);
    setTapped(first);
    if (visit.flow.phase !== 'idle') {
      dispatch(startOver());
    }
    void dispatch(
      askAtSalon({
        message: tidyWords(typed.message),
        customer: who,
        open: open.slice(0, maxOpenSlots),
        ...(many ? { services: visitIds } : { service: chosen.id }),
        ...(stylist === anyone ? {} : { stylist }),
      }),
    );
  };
  const tap = (time: AvailableTime) => ask(timesFrom(times, time, maxOpenSlots), time.slot);
  const askAgain = () => {
    askButton.current?.focus();
    dispatch(startOver());
    ask(times, null);
  };
  const bookAnother = () => {
    words.current?.focus();
    dispatch(startOver());
  };

  const bookedName = (outcome: Extract<VisitOutcome, { kind: 'booked' }>) => visitName(menu, outcome.services ?? [outcome.service]);
  const what = (outcome: Extract<VisitOutcome, { kind: 'booked' }>) =>
    outcome.service === null ? '' : outcome.stylist === null ? bookedName(outcome) : say('menu.with', { service: bookedName(outcome), stylist: nameOf(menu.stylists, outcome.stylist) });

  return (
    <main>
      <SalonHeader name={view.name} phone={view.phone} />

      {orphan && (
        <section className="card outcome plain" aria-label={say('card.happened')}>
          <h2>{say('paid.orphan')}</h2>
          <p>{say('paid.orphanNext')}</p>
        </section>
      )}

      <ServiceChoice menu={menu} chosen={service} onChoose={chooseService} />
      {chosen !== null && menu.services.length > 1 && <AddToVisit menu={menu} first={chosen.id} added={added} onToggle={toggleAdded} />}
      {chosen !== null && <StylistChoice team={team} chosen={stylist} onChoose={chooseStylist} />}

      <DetailsForm
        heading={say('menu.details')}
        intro={<p className="hint">{say('menu.detailsIntro')}</p>}
        typed={typed}
        onChange={(next) => {
          setTyped(next);
          if (errors.name !== undefined || errors.contact !== undefined) {
            setErrors({});
          }
        }}
        onAsk={() => ask(times, null)}
        locked={visit.flow.phase === 'asking'}
        asking={visit.inFlight === 'round one'}
        askButton={askButton}
        words={words}
        nameBox={nameBox}
        contactBox={contactBox}
        errors={errors}
        wordsOptional
      />

      {visit.flow.phase === 'asking' && (
        <QuestionForm
          key={visit.flow.requestState}
          question={visit.flow.question}
          labels={visit.flow.labels}
          trouble={visit.flow.trouble}
          sending={visit.inFlight === 'round two'}
          salon={contactCard}
          preselect={tapped}
          onAnswer={(choice) => void dispatch(answerAtSalon(choice))}
        />
      )}

      <Ending
        visit={visit}
        salon={contactCard}
        onAskAgain={askAgain}
        onBookAnother={bookAnother}
        what={what}
        deposit={(minor) => priceWords(minor, menu.currency)}
        onCheckAgain={checkAgain}
        details={(outcome) => [
          { term: say('menu.service'), value: outcome.kind === 'booked' ? bookedName(outcome) : nameOf(menu.services, outcome.service) },
          { term: say('menu.stylist'), value: nameOf(menu.stylists, outcome.stylist) },
        ]}
      />

      <section aria-labelledby="open-times" className="open-times">
        <h2 id="open-times">
          {chosen === null
            ? say('times.heading')
            : stylist === anyone
              ? say('times.forAnyone', { service: chosenName })
              : say('times.forStylist', { service: chosenName, stylist: nameOf(menu.stylists, stylist) })}
        </h2>
        {chosen === null ? (
          <p>{say('times.chooseFirst')}</p>
        ) : current?.ok === true ? (
          <TimeButtons
            key={`${visitIds.join(',')} ${stylist}`}
            times={times}
            busy={busy}
            onTap={tap}
            hint={say('times.tapHint')}
            none={say('times.noneForChoice')}
          />
        ) : current === undefined && openings.isFetching ? (
          <p>{say('times.looking')}</p>
        ) : (
          <>
            <p>{current?.ok === false ? say('times.unread') : troubleWords(openings.error as Trouble | undefined)}</p>
            <button type="button" onClick={() => void openings.refetch()}>
              {say('tryAgain.button')}
            </button>
          </>
        )}
        {openings.isFetching && current !== undefined && <p className="quiet-note">{say('times.checking')}</p>}
      </section>

      <Announcer text={announcement(visit, say('ask.askingSalon', { salon: view.name }), (outcome) => endAloud(outcome, outcome.kind === 'booked' ? what(outcome) : ''))} moment={visit.flow} />
    </main>
  );
}

/** ServiceChoice is the menu as one radio group: each service's name, length and price. */
function ServiceChoice({ menu, chosen, onChoose }: { menu: Menu; chosen: string | null; onChoose: (id: string) => void }) {
  const name = useId();
  return (
    <fieldset className="card menu">
      <legend>{say('menu.chooseService')}</legend>
      {menu.services.map((service) => (
        <label key={service.id} className="choice service">
          <input type="radio" name={name} value={service.id} checked={chosen === service.id} onChange={() => onChoose(service.id)} />
          <span className="service-name">{service.name}</span>
          <span className="service-length">{lengthOf(service)}</span>
          <span className="price">{priceOf(service, menu.currency)}</span>
          {service.deposit !== null && <span className="deposit">{depositOf(service, menu.currency)}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** The most services one visit holds. */
const maxVisit = 5;

/** AddToVisit adds the menu's other services to the visit, each done after the ones before, by one stylist. */
function AddToVisit({ menu, first, added, onToggle }: { menu: Menu; first: string; added: readonly string[]; onToggle: (id: string, on: boolean) => void }) {
  const hint = useId();
  return (
    <fieldset className="card menu" aria-describedby={hint}>
      <legend>{say('menu.addToVisit')}</legend>
      <p className="hint" id={hint}>
        {say('menu.addToVisitHint')}
      </p>
      {menu.services
        .filter((service) => service.id !== first)
        .map((service) => {
          const on = added.includes(service.id);
          return (
            <label key={service.id} className="choice service">
              <input type="checkbox" checked={on} disabled={!on && added.length + 1 >= maxVisit} onChange={(event) => onToggle(service.id, event.target.checked)} />
              <span className="service-name">{service.name}</span>
              <span className="service-length">{lengthOf(service)}</span>
              <span className="price">{priceOf(service, menu.currency)}</span>
            </label>
          );
        })}
    </fieldset>
  );
}

/** StylistChoice is "Anyone" and each stylist who does the service, as one radio group. */
function StylistChoice({ team, chosen, onChoose }: { team: Menu['stylists']; chosen: string; onChoose: (id: string) => void }) {
  const name = useId();
  return (
    <fieldset className="card">
      <legend>{say('menu.chooseStylist')}</legend>
      <label className="choice">
        <input type="radio" name={name} value="" checked={chosen === anyone} onChange={() => onChoose(anyone)} />
        <span>{say('menu.anyone')}</span>
      </label>
      {team.map((stylist) => (
        <label key={stylist.id} className="choice">
          <input type="radio" name={name} value={stylist.id} checked={chosen === stylist.id} onChange={() => onChoose(stylist.id)} />
          <span>{stylist.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
