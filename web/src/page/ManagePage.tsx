// The customer's own booking, /my/{salon}/{booking}#key: the booking, add it to a calendar, cancel it after a confirmation, move it by choosing a new time (two rounds); past the salon's cutoff, the salon's phone to call instead. The key comes from the fragment and goes only in the Authorization header.
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { maxOpenSlots } from '../api/bounds';
import type { OpenTime } from '../calendar/decode';
import { bookingStatusWords, depositWords, priceWords, timesFrom } from '../calendar/menu';
import { dayHeading } from '../calendar/zone';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { Own } from '../my/decode';
import { answerMove, askToMove, startMoveOver } from '../my/slice';
import { CalendarLink, Details } from './Booked';
import { TimeButtons } from './TimeButtons';
import { Announcer, CallLine, LoadingPage, PageHeader, ToldCard, TryAgainLater, UnshownPage, useFocusOnMount } from './parts';
import { QuestionForm } from './QuestionForm';
import { bookingPath } from './route';
import { announcement, toldFailure, toldMove, toldOwnTrouble } from './words';

/** stampWords writes an RFC 3339 time as the salon's labels do, on the salon's own clock (the offset it was written with). */
export function stampWords(stamp: string): string {
  return `${dayHeading(stamp.slice(0, 10))}, ${stamp.slice(11, 16)}`;
}

export default function ManagePage({ salon, booking }: { salon: string; booking: string }) {
  const key = useAppSelector((state) => state.own.key);
  const read = bookingApi.endpoints.myBooking.useQuery(key === '' ? skipToken : { salon, booking }, { refetchOnFocus: true, refetchOnReconnect: true });
  useEffect(() => {
    document.title = 'Your booking';
  }, []);

  if (key === '') {
    return (
      <UnshownPage title="Your booking" headline="This link is missing the part that opens your booking." moment="no key">
        <p>Open the whole link you were given when you booked, or call the salon.</p>
        <p>
          <a href={bookingPath(salon)}>Book a time at this salon</a>
        </p>
      </UnshownPage>
    );
  }
  if (read.data?.ok === true) {
    return <OwnBooking own={read.data.value} refreshing={read.isFetching} />;
  }
  if (read.isLoading || read.isUninitialized) {
    return <LoadingPage doing="Looking up your booking…" />;
  }
  const told = read.data?.ok === false ? toldOwnTrouble(undefined) : toldOwnTrouble(read.error as Trouble | undefined);
  const unknown = (read.error as Trouble | undefined)?.kind === 'refused' && (read.error as Trouble & { kind: 'refused' }).reason === 'no booking';
  return (
    <UnshownPage title="Your booking" headline={told.headline} moment={read.error ?? read.data}>
      <p>{told.next}</p>
      {unknown ? (
        <p>
          <a href={bookingPath(salon)}>Book a time at this salon</a>
        </p>
      ) : (
        <TryAgainLater onTryAgain={() => void read.refetch()} />
      )}
    </UnshownPage>
  );
}

/** What the page is doing beside showing the booking: nothing, asking to confirm a cancel, or choosing a new time. */
type Doing = 'nothing' | 'confirming' | 'moving';

function OwnBooking({ own, refreshing }: { own: Own; refreshing: boolean }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.own);
  const manageKey = useAppSelector((state) => state.own.key);
  const [cancel, cancelling] = bookingApi.endpoints.cancelMyBooking.useMutation();
  const [doing, setDoing] = useState<Doing>('nothing');
  const [trouble, setTrouble] = useState<{ trouble: Trouble | undefined; seq: number } | null>(null);
  const [said, setSaid] = useState('');
  const cancelButton = useRef<HTMLButtonElement>(null);
  const moveButton = useRef<HTMLButtonElement>(null);
  const what = own.serviceName === null ? 'Your appointment' : `${own.serviceName}${own.stylistName === null ? '' : ` with ${own.stylistName}`}`;
  const salonCard = { name: own.salonName, phone: own.phone };

  const confirmCancel = async (yes: boolean) => {
    setDoing('nothing');
    if (!yes) {
      cancelButton.current?.focus();
      return;
    }
    try {
      const done = await cancel({ salon: own.salon, booking: own.booking }).unwrap();
      setTrouble(null);
      setSaid(done.ok ? `Your booking on ${own.label} is cancelled.` : "The salon's reply couldn't be read. Reload the page to see where things stand.");
    } catch (error) {
      setTrouble((last) => ({ trouble: error as Trouble, seq: (last?.seq ?? 0) + 1 }));
    }
  };
  const closeMove = () => {
    dispatch(startMoveOver());
    setDoing('nothing');
  };

  const status = bookingStatusWords(own.status);
  const salonRead = bookingApi.endpoints.getSalon.useQuery({ salon: own.salon });
  const currency = salonRead.data?.ok === true ? (salonRead.data.value.menu?.currency ?? null) : null;
  const deposit = own.deposit;
  const told = trouble === null ? null : toldOwnTrouble(trouble.trouble);
  const aloud =
    told !== null
      ? `${told.headline} ${told.next}`
      : flow.inFlight !== null || flow.flow.phase !== 'idle'
        ? announcement(flow, 'Asking the salon about that time…', (outcome) => {
            const t = toldMove(outcome);
            return `${t.headline} ${t.next}`;
          })
        : said;

  return (
    <main>
      <PageHeader eyebrow={`Your booking at ${own.salonName}`} title={what}>
        <p className={`status ${own.status}`}>{status}</p>
      </PageHeader>

      {told !== null && trouble !== null && <ToldCard key={trouble.seq} told={told} tone="bad" salon={salonCard} />}

      <section className="card" aria-labelledby="booking-details">
        <h2 id="booking-details">The booking</h2>
        <Details
          label="The booking"
          lines={[
            ...(own.serviceName === null ? [] : [{ term: 'Service', value: own.serviceName }]),
            ...(own.stylistName === null ? [] : [{ term: 'Stylist', value: own.stylistName }]),
            { term: 'When', value: own.label },
            { term: 'Until', value: own.ends.slice(11, 16) },
            { term: 'For', value: own.name === '' ? '(details erased)' : own.name },
            ...(deposit === null ? [] : [{ term: 'Deposit', value: depositWords(deposit, currency) }]),
            { term: 'Booking reference', value: own.booking, code: true },
          ]}
        />
        {own.status === 'booked' && (
          <p>
            <CalendarLink salon={own.salon} booking={own.booking} manageKey={manageKey} version={own.sequence} />
          </p>
        )}
        {refreshing && <p className="quiet-note">Checking for changes…</p>}
      </section>

      {own.status === 'cancelled' ? (
        <section className="card" aria-labelledby="cancelled">
          <h2 id="cancelled" tabIndex={-1}>
            This booking is cancelled.
          </h2>
          <p>
            <a href={bookingPath(own.salon)}>Book another time at {own.salonName}</a>
          </p>
        </section>
      ) : !own.canChange ? (
        <section className="card outcome plain" aria-labelledby="call-to-change">
          <h2 id="call-to-change">Changes here closed at {stampWords(own.changeUntil)}.</h2>
          <p>To change or cancel it now, call the salon.</p>
          <CallLine name={own.salonName} phone={own.phone} />
        </section>
      ) : (
        <section className="card" aria-labelledby="change-it">
          <h2 id="change-it">Change or cancel</h2>
          <p>You can change or cancel it here until {stampWords(own.changeUntil)}. After that, call the salon.</p>
          {deposit !== null && deposit.status === 'paid' && <p>Cancelling gives your {priceWords(deposit.amount, currency)} deposit back.</p>}
          {doing === 'confirming' ? (
            <Confirm question={`Cancel your ${what === 'Your appointment' ? 'appointment' : what} on ${own.label}?`} onYes={() => void confirmCancel(true)} onNo={() => void confirmCancel(false)} />
          ) : doing === 'moving' ? null : (
            <>
              <button type="button" ref={moveButton} onClick={() => setDoing('moving')}>
                Move to another time
              </button>
              <button type="button" ref={cancelButton} className="danger" aria-disabled={cancelling.isLoading} onClick={() => !cancelling.isLoading && setDoing('confirming')}>
                {cancelling.isLoading ? 'Cancelling…' : 'Cancel booking'}
              </button>
            </>
          )}
        </section>
      )}

      {doing === 'moving' && own.status === 'booked' && own.canChange && <MovePicker own={own} onClose={closeMove} />}

      <Announcer text={aloud} moment={trouble?.seq ?? flow.flow} />
    </main>
  );
}

/** Confirm asks once more before the booking is cancelled; it takes focus, and either answer hands it back. */
function Confirm({ question, onYes, onNo }: { question: string; onYes: () => void; onNo: () => void }) {
  const asked = useFocusOnMount<HTMLParagraphElement>();
  const id = useId();
  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id} ref={asked} tabIndex={-1}>
        {question}
      </p>
      <button type="button" className="danger" onClick={onYes}>
        Yes, cancel it
      </button>
      <button type="button" className="quiet" onClick={onNo}>
        Keep it
      </button>
    </div>
  );
}

/** MovePicker offers the times the booking could move to, as buttons by day; tapping one asks the salon with it first. */
function MovePicker({ own, onClose }: { own: Own; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.own);
  const [tapped, setTapped] = useState<string | null>(null);
  const [stylist, setStylist] = useState(own.stylist);
  const heading = useRef<HTMLHeadingElement>(null);
  const radios = useId();
  const openings = bookingApi.endpoints.getAvailability.useQuery(
    own.service === null ? skipToken : { salon: own.salon, service: own.service, ...(stylist === null ? {} : { stylist }) },
    { refetchOnFocus: true },
  );
  const salonRead = bookingApi.endpoints.getSalon.useQuery({ salon: own.salon });
  const menu = salonRead.data?.ok === true ? salonRead.data.value.menu : null;
  const team = menu === null || own.service === null ? [] : menu.stylists.filter((p) => p.services.includes(own.service ?? ''));
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);

  const times: readonly OpenTime[] =
    own.service === null
      ? salonRead.data?.ok === true
        ? salonRead.data.value.openSlots
        : []
      : openings.currentData?.ok === true
        ? openings.currentData.value.times.filter((t) => t.slot !== own.slot)
        : [];
  // currentData: another stylist's times never show while this one's are on the way.
  const loading = own.service === null ? salonRead.isLoading : openings.currentData === undefined && openings.isFetching;
  const choose = (id: string) => {
    if (!busy && flow.phase !== 'idle') {
      dispatch(startMoveOver());
    }
    setStylist(id);
  };
  const busy = state.inFlight !== null;
  const { flow } = state;
  const tap = (time: OpenTime) => {
    if (busy) {
      return;
    }
    setTapped(time.slot);
    if (state.flow.phase !== 'idle') {
      dispatch(startMoveOver());
    }
    void dispatch(askToMove({ message: '', open: timesFrom(times, time, maxOpenSlots), ...(stylist === null || stylist === own.stylist ? {} : { stylist }) }));
  };

  return (
    <section className="card" aria-labelledby="move-heading">
      <h2 id="move-heading" ref={heading} tabIndex={-1}>
        Move to another time
      </h2>
      {team.length > 1 && (
        <fieldset>
          <legend>With</legend>
          {team.map((p) => (
            <label key={p.id} className="choice">
              <input type="radio" name={radios} value={p.id} checked={stylist === p.id} onChange={() => choose(p.id)} />
              <span>{p.id === own.stylist ? `${p.name} (as now)` : p.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {flow.phase === 'asking' && (
        <QuestionForm
          key={flow.requestState}
          question={flow.question}
          labels={flow.labels}
          trouble={flow.trouble}
          sending={state.inFlight === 'round two'}
          salon={{ name: own.salonName, phone: own.phone }}
          preselect={tapped}
          onAnswer={(choice) => void dispatch(answerMove(choice))}
        />
      )}
      {flow.phase === 'done' && <ToldCard key={JSON.stringify(flow.outcome)} told={toldMove(flow.outcome)} tone={flow.outcome.kind === 'moved' ? 'good' : 'plain'} />}
      {flow.phase === 'failed' && <ToldCard key={flow.failure.problem} told={toldFailure(flow.failure, flow.round)} tone="bad" salon={{ name: own.salonName, phone: own.phone }} />}
      {!(flow.phase === 'done' && flow.outcome.kind === 'moved') && (
        <>
          {loading ? (
            <p>Looking up the open times…</p>
          ) : (
            <TimeButtons
              key={stylist ?? ''}
              idPrefix="move"
              times={times}
              busy={busy}
              onTap={tap}
              hint="Tap a time to move your booking there. The salon then asks you to confirm it."
              none="No other time is open right now. Call the salon to find one."
            />
          )}
        </>
      )}
      <button type="button" className="quiet" onClick={onClose}>
        {flow.phase === 'done' && flow.outcome.kind === 'moved' ? 'Done' : 'Keep my booking as it is'}
      </button>
    </section>
  );
}
