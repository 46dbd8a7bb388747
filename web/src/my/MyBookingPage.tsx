// The customer's own booking, /my/{salon}/{booking}#key: the booking, add it to a calendar, cancel it after a confirmation, move it by choosing a new time (two rounds); past the salon's cutoff, the salon's phone to call instead. The key comes from the fragment and goes only in the Authorization header.
import { when } from '../calendar/zone';
import { language, say } from '../i18n/say';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { maxOpenSlots } from '../api/bounds';
import type { OpenTime } from '../calendar/decode';
import { bookingStatusWords, depositWords, priceWords, timesFrom } from '../calendar/menu';
import { dayHeading } from '../calendar/zone';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { Own } from './decode';
import { answerMove, askToMove, startMoveOver } from './slice';
import { CalendarLink, Details } from '../booking/Booked';
import { TimeButtons } from '../booking/TimeButtons';
import { Announcer, CallLine, Confirm, LoadingPage, PageHeader, ToldCard, TryAgainLater, UnshownPage } from '../page/parts';
import { QuestionForm } from '../booking/QuestionForm';
import { bookingPath } from '../page/route';
import { announcement, toldFailure, toldMove, toldOwnTrouble } from '../page/words';

/** stampWords writes an RFC 3339 time as the salon's labels do, on the salon's own clock (the offset it was written with). */
export function stampWords(stamp: string): string {
  return `${dayHeading(stamp.slice(0, 10))}, ${stamp.slice(11, 16)}`;
}

export default function MyBookingPage({ salon, booking }: { salon: string; booking: string }) {
  const key = useAppSelector((state) => state.own.key);
  const read = bookingApi.endpoints.myBooking.useQuery(key === '' ? skipToken : { salon, booking }, { refetchOnFocus: true, refetchOnReconnect: true });
  useEffect(() => {
    document.title = say('title.my');
  }, [language()]);

  if (key === '') {
    return (
      <UnshownPage title={say('title.my')} headline={say('my.noKey')} moment="no key">
        <p>{say('my.noKeyNext')}</p>
        <p>
          <a href={bookingPath(salon)}>{say('my.bookHere')}</a>
        </p>
      </UnshownPage>
    );
  }
  if (read.data?.ok === true) {
    return <OwnBooking own={read.data.value} refreshing={read.isFetching} />;
  }
  if (read.isLoading || read.isUninitialized) {
    return <LoadingPage doing={say('my.looking')} />;
  }
  const told = read.data?.ok === false ? toldOwnTrouble(undefined) : toldOwnTrouble(read.error as Trouble | undefined);
  const unknown = (read.error as Trouble | undefined)?.kind === 'refused' && (read.error as Trouble & { kind: 'refused' }).reason === 'no booking';
  return (
    <UnshownPage title={say('title.my')} headline={told.headline} moment={read.error ?? read.data}>
      <p>{told.next}</p>
      {unknown ? (
        <p>
          <a href={bookingPath(salon)}>{say('my.bookHere')}</a>
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
  const what = own.serviceName === null ? say('my.appointment') : own.stylistName === null ? own.serviceName : say('menu.with', { service: own.serviceName, stylist: own.stylistName });
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
      setSaid(done.ok ? say('my.cancelledOn', { when: when(own.slot, own.label) }) : say('words.51'));
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
        ? announcement(flow, say('my.asking'), (outcome) => {
            const t = toldMove(outcome);
            return `${t.headline} ${t.next}`;
          })
        : said;

  return (
    <main>
      <PageHeader eyebrow={say('my.eyebrow', { salon: own.salonName })} title={what}>
        <p className={`status ${own.status}`}>{status}</p>
      </PageHeader>

      {told !== null && trouble !== null && <ToldCard key={trouble.seq} told={told} tone="bad" salon={salonCard} />}

      <section className="card" aria-labelledby="booking-details">
        <h2 id="booking-details">{say('my.booking')}</h2>
        <Details
          label={say('my.booking')}
          lines={[
            ...(own.serviceName === null ? [] : [{ term: say('menu.service'), value: own.serviceName }]),
            ...(own.stylistName === null ? [] : [{ term: say('menu.stylist'), value: own.stylistName }]),
            { term: say('ending.when'), value: when(own.slot, own.label) },
            { term: say('my.until'), value: own.ends.slice(11, 16) },
            { term: say('my.for'), value: own.name === '' ? say('my.erased') : own.name },
            ...(deposit === null ? [] : [{ term: say('my.deposit'), value: depositWords(deposit, currency) }]),
            { term: say('ending.reference'), value: own.booking, code: true },
          ]}
        />
        {own.status === 'booked' && (
          <p>
            <CalendarLink salon={own.salon} booking={own.booking} manageKey={manageKey} version={own.sequence} />
          </p>
        )}
        {refreshing && <p className="quiet-note">{say('my.checking')}</p>}
      </section>

      {own.status === 'cancelled' ? (
        <section className="card" aria-labelledby="cancelled">
          <h2 id="cancelled" tabIndex={-1}>
            {say('my.isCancelled')}
          </h2>
          <p>
            <a href={bookingPath(own.salon)}>{say('my.bookAnother', { salon: own.salonName })}</a>
          </p>
        </section>
      ) : !own.canChange ? (
        <section className="card outcome plain" aria-labelledby="call-to-change">
          <h2 id="call-to-change">{say('my.closedAt', { at: stampWords(own.changeUntil) })}</h2>
          <p>{say('my.callNow')}</p>
          <CallLine name={own.salonName} phone={own.phone} />
        </section>
      ) : (
        <section className="card" aria-labelledby="change-it">
          <h2 id="change-it">{say('booked.change')}</h2>
          <p>{say('my.changeUntil', { at: stampWords(own.changeUntil) })}</p>
          {deposit !== null && deposit.status === 'paid' && <p>{say('my.refund', { amount: priceWords(deposit.amount, currency) })}</p>}
          {doing === 'confirming' ? (
            <Confirm question={own.serviceName === null ? say('my.confirmAppointment', { when: when(own.slot, own.label) }) : say('my.confirm', { what, when: when(own.slot, own.label) })} yes={say('my.yesCancel')} onYes={() => void confirmCancel(true)} onNo={() => void confirmCancel(false)} />
          ) : doing === 'moving' ? null : (
            <>
              <button type="button" ref={moveButton} onClick={() => setDoing('moving')}>
                {say('my.move')}
              </button>
              <button type="button" ref={cancelButton} className="danger" aria-disabled={cancelling.isLoading} onClick={() => !cancelling.isLoading && setDoing('confirming')}>
                {cancelling.isLoading ? say('my.cancelling') : say('my.cancel')}
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
        {say('my.move')}
      </h2>
      {team.length > 1 && (
        <fieldset>
          <legend>{say('my.with')}</legend>
          {team.map((p) => (
            <label key={p.id} className="choice">
              <input type="radio" name={radios} value={p.id} checked={stylist === p.id} onChange={() => choose(p.id)} />
              <span>{p.id === own.stylist ? say('my.asNow', { name: p.name }) : p.name}</span>
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
            <p>{say('times.looking')}</p>
          ) : (
            <TimeButtons
              key={stylist ?? ''}
              idPrefix="move"
              times={times}
              busy={busy}
              onTap={tap}
              hint={say('my.tapHint')}
              none={say('my.noneOpen')}
            />
          )}
        </>
      )}
      <button type="button" className="quiet" onClick={onClose}>
        {flow.phase === 'done' && flow.outcome.kind === 'moved' ? say('my.done') : say('my.keepAsIs')}
      </button>
    </section>
  );
}
