// A simple salon's calendar on the owner's page: its slots by day, each with its booking or its state; cancel a booking (after a confirmation), close a slot or open it again.
import { say } from '../i18n/say';
import { useLayoutEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { agenda, byDay, splitLabel } from '../page/days';
import type { AgendaRow } from '../page/days';
import { Announcer, Confirm, useFocusOnMount } from '../page/parts';
import { troubleWords } from '../page/words';
import { NoticeCard, Who, useNotice } from './common';
import type { Notice } from './common';

/** Agenda is a simple salon's calendar: its slots by day, each with its booking or its state, to cancel, close or open. */
export function Agenda({ salon }: { salon: string }) {
  const bookings = bookingApi.endpoints.listBookings.useQuery({ salon }, { refetchOnFocus: true });
  const slots = bookingApi.endpoints.listSlots.useQuery({ salon }, { refetchOnFocus: true });
  const [notice, tell] = useNotice();
  // One summary line stays through loading, failing and showing, so focus put there on arrival stays.
  const summary = useFocusOnMount<HTMLParagraphElement>();

  const unreadable = bookings.data?.ok === false || slots.data?.ok === false;
  const trouble = (bookings.error ?? slots.error) as Trouble | undefined;
  const rows = bookings.data?.ok === true && slots.data?.ok === true ? agenda(slots.data.value, bookings.data.value.entries) : null;
  const live = rows?.filter((row) => row.booking !== null).length ?? 0;
  const said = unreadable
    ? troubleWords(undefined)
    : rows === null
      ? trouble === undefined
        ? say('owner.readingBookings')
        : troubleWords(trouble)
      : say('owner.upcoming', { count: live });

  return (
    <>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <p className="summary" ref={summary} tabIndex={-1}>
        {said}
        {rows !== null && (bookings.isFetching || slots.isFetching) && ` ${say('my.checking')}`}
      </p>
      {rows === null && trouble !== undefined && (
        <button
          type="button"
          onClick={() => {
            void bookings.refetch();
            void slots.refetch();
          }}
        >
          {say('tryAgain.button')}
        </button>
      )}
      {rows !== null &&
        byDay(rows).map((day) => (
          <section className="day agenda" key={day.key} aria-labelledby={`day-${day.key}`}>
            <h2 id={`day-${day.key}`}>{day.heading}</h2>
            <ul aria-labelledby={`day-${day.key}`}>
              {day.times.map((row) => (
                <AgendaLine key={row.slot} salon={salon} row={row} time={row.time} onNotice={tell} />
              ))}
            </ul>
          </section>
        ))}
      <Announcer text={notice?.notice.text ?? said} moment={notice?.seq ?? said} />
    </>
  );
}

function AgendaLine({ salon, row, time, onNotice }: { salon: string; row: AgendaRow; time: string; onNotice: (notice: Notice) => void }) {
  const [cancel, cancelling] = bookingApi.endpoints.cancelBooking.useMutation();
  const [close, closing] = bookingApi.endpoints.closeSlot.useMutation();
  const [open, opening] = bookingApi.endpoints.openSlot.useMutation();
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const busy = cancelling.isLoading || closing.isLoading || opening.isLoading;
  const day = splitLabel(row.label).day;

  // The confirmation goes away either way: focus goes back to the button that asked for it.
  useLayoutEffect(() => {
    if (refocus && !confirming) {
      cancelButton.current?.focus();
      setRefocus(false);
    }
  }, [refocus, confirming]);

  const act = async (run: () => Promise<{ ok: boolean }>, done: string, focus: boolean) => {
    try {
      const verdict = await run();
      onNotice(verdict.ok ? { text: done, bad: false, focus } : { text: troubleWords(undefined), bad: true, focus: true });
    } catch (trouble) {
      onNotice({ text: troubleWords(trouble as Trouble, row.label), bad: true, focus: true });
    }
  };
  const answer = (yes: boolean) => {
    setConfirming(false);
    setRefocus(true);
    if (yes && row.booking !== null && !busy) {
      const { name, booking } = row.booking;
      void act(() => cancel({ salon, booking, cancelRequest: {} }).unwrap(), say('owner.cancelled', { name, when: row.label }), true);
    }
  };
  const setSlot = () => {
    if (busy || (row.status !== 'open' && row.status !== 'closed')) {
      return;
    }
    const closing = row.status === 'open';
    void act(
      () => (closing ? close({ salon, slot: row.slot }) : open({ salon, slot: row.slot })).unwrap(),
      closing ? say('owner.closed', { when: row.label }) : say('owner.opened', { when: row.label }),
      false,
    );
  };

  return (
    <li className={`row ${row.status}`}>
      <span className="time">{time}</span>
      <div className="state">
        {row.booking !== null ? <Who entry={row.booking} /> : <span>{row.status === 'closed' ? say('owner.slotClosed') : say('owner.slotOpen')}</span>}
        {row.cancelled.map((entry) => (
          <span className="cancelled" key={entry.booking}>
            {say('owner.cancelledEntry', { name: entry.name, contact: entry.contact })}
          </span>
        ))}
      </div>
      <div className="actions">
        {row.booking !== null &&
          (confirming ? (
            <Confirm question={say('owner.confirmCancel', { name: row.booking.name, when: row.label })} yes={say('my.yesCancel')} onYes={() => answer(true)} onNo={() => answer(false)} />
          ) : (
            <button type="button" ref={cancelButton} className="quiet" aria-disabled={busy} onClick={() => !busy && setConfirming(true)}>
              {say('my.cancel')}
              <span className="sr-only"> {say('owner.cancelOf', { name: row.booking.name, when: row.label })}</span>
            </button>
          ))}
        {row.booking === null && row.status !== 'booked' && (
          // One button for both, so it keeps focus when the slot turns from open to closed and back.
          <button type="button" className="quiet" aria-disabled={busy} onClick={setSlot}>
            {row.status === 'closed' ? say('owner.open') : say('owner.close')}
            <span className="sr-only">
              {' '}
              {day}, {time}
            </span>
          </button>
        )}
      </div>
    </li>
  );
}
