// The owner's page, /owner/: the token entered once for this tab, then the upcoming bookings and slots by day, cancelling a booking (after a confirmation), closing and opening slots.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Entry } from '../calendar/decode';
import { useAppDispatch, useAppSelector } from '../hooks';
import { signIn, signOut } from '../owner/slice';
import { agenda, byDay, splitLabel } from './days';
import type { AgendaRow } from './days';
import { contactHref } from './fields';
import { Announcer, PageHeader, useFocusOnMount } from './parts';
import { troubleWords } from './words';

/** A notice the owner's page shows after an action: what happened, and whether it is a problem. */
interface Notice {
  readonly text: string;
  readonly bad: boolean;
  /** Whether the notice takes focus: after a problem, or when the control used is gone. */
  readonly focus: boolean;
}

export default function OwnerPage() {
  const owner = useAppSelector((state) => state.owner);
  const salons = bookingApi.endpoints.listSalons.useQuery({});
  const [chosen, setChosen] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  const directory = salons.data?.ok === true ? salons.data.value : null;
  const salon = directory?.salons.find((s) => s.salon === chosen) ?? directory?.salons[0];

  return (
    <main>
      <PageHeader eyebrow="The owner's page" title={salon === undefined ? 'Bookings' : `Bookings at ${salon.name}`} />
      {owner.token === null ? (
        <TokenForm refused={owner.refused} />
      ) : directory === null ? (
        <p>{salons.isLoading ? 'Looking for the salons…' : troubleWords(salons.error as Trouble | undefined)}</p>
      ) : !directory.calendar ? (
        <p>This server keeps no calendars, so there are no bookings to manage here.</p>
      ) : salon === undefined ? (
        <p>No salon is registered yet.</p>
      ) : (
        <>
          {directory.salons.length > 1 && (
            <nav aria-label="Salons">
              <ul className="salons">
                {directory.salons.map((s) => (
                  <li key={s.salon}>
                    <button type="button" className="quiet" aria-pressed={s.salon === salon.salon} onClick={() => setChosen(s.salon)}>
                      {s.name}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <Agenda key={salon.salon} salon={salon.salon} />
          <p>
            <button type="button" className="quiet" onClick={() => dispatch(signOut())}>
              Forget the token on this tab
            </button>
          </p>
        </>
      )}
    </main>
  );
}

function TokenForm({ refused }: { refused: boolean }) {
  const dispatch = useAppDispatch();
  const [token, setToken] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() !== '') {
      dispatch(signIn(token));
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      {refused && <RefusedToken />}
      <h2 id={`${id}-title`}>Enter the owner's token</h2>
      <p className="hint" id={`${id}-hint`}>
        It is kept for this tab only, until you close it.
      </p>
      <label htmlFor={`${id}-token`}>Owner's token</label>
      <input
        id={`${id}-token`}
        name="token"
        type="password"
        autoComplete="current-password"
        required
        aria-describedby={`${id}-hint`}
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <button type="submit">Show the bookings</button>
      <Announcer text={refused ? "That token isn't right. Check it and enter it again." : ''} moment={refused} />
    </form>
  );
}

function RefusedToken() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="outcome bad notice" aria-label="What went wrong">
      <h2 ref={heading} tabIndex={-1}>
        That token isn't right.
      </h2>
      <p>Check it and enter it again.</p>
    </section>
  );
}

function Agenda({ salon }: { salon: string }) {
  const bookings = bookingApi.endpoints.listBookings.useQuery({ salon }, { refetchOnFocus: true });
  const slots = bookingApi.endpoints.listSlots.useQuery({ salon }, { refetchOnFocus: true });
  const [notice, setNotice] = useState<{ notice: Notice; seq: number } | null>(null);
  const tell = (next: Notice) => setNotice((last) => ({ notice: next, seq: (last?.seq ?? 0) + 1 }));
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
        ? 'Reading the bookings…'
        : troubleWords(trouble)
      : live === 0
        ? 'No upcoming bookings.'
        : live === 1
          ? 'One upcoming booking.'
          : `${live} upcoming bookings.`;

  return (
    <>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <p className="summary" ref={summary} tabIndex={-1}>
        {said}
        {rows !== null && (bookings.isFetching || slots.isFetching) && ' Checking for changes…'}
      </p>
      {rows === null && trouble !== undefined && (
        <button
          type="button"
          onClick={() => {
            void bookings.refetch();
            void slots.refetch();
          }}
        >
          Try again
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

function NoticeCard({ notice }: { notice: Notice }) {
  const text = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (notice.focus) {
      text.current?.focus();
    }
  }, [notice]);
  return (
    <div className={`card notice ${notice.bad ? 'bad' : 'good'}`}>
      <p ref={text} tabIndex={-1}>
        {notice.text}
      </p>
    </div>
  );
}

/** Who shows whom a booking is for: the name, the contact (a link only when it is a phone number or an e-mail address) and the words, each isolated so no character in one can reorder the text around it. */
export function Who({ entry }: { entry: Pick<Entry, 'name' | 'contact' | 'words'> }) {
  const href = contactHref(entry.contact);
  return (
    <div className="who">
      <strong>
        <bdi>{entry.name}</bdi>
      </strong>
      <span className="contact">
        <bdi>{href === null ? entry.contact : <a href={href}>{entry.contact}</a>}</bdi>
      </span>
      {entry.words !== '' && (
        <span className="words">
          <q>
            <bdi>{entry.words}</bdi>
          </q>
        </span>
      )}
    </div>
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
      void act(() => cancel({ salon, booking }).unwrap(), `${name}'s booking on ${row.label} is cancelled; the time is open again.`, true);
    }
  };
  const setSlot = () => {
    if (busy || (row.status !== 'open' && row.status !== 'closed')) {
      return;
    }
    const closing = row.status === 'open';
    void act(
      () => (closing ? close({ salon, slot: row.slot }) : open({ salon, slot: row.slot })).unwrap(),
      closing ? `${row.label} is closed: customers won't be offered it.` : `${row.label} is open again.`,
      false,
    );
  };

  return (
    <li className={`row ${row.status}`}>
      <span className="time">{time}</span>
      <div className="state">
        {row.booking !== null ? <Who entry={row.booking} /> : <span>{row.status === 'closed' ? 'Closed' : 'Open'}</span>}
        {row.cancelled.map((entry) => (
          <span className="cancelled" key={entry.booking}>
            Cancelled: {entry.name} ({entry.contact})
          </span>
        ))}
      </div>
      <div className="actions">
        {row.booking !== null &&
          (confirming ? (
            <Confirm question={`Cancel ${row.booking.name}'s booking on ${row.label}?`} onYes={() => answer(true)} onNo={() => answer(false)} />
          ) : (
            <button type="button" ref={cancelButton} className="quiet" aria-disabled={busy} onClick={() => !busy && setConfirming(true)}>
              Cancel booking<span className="sr-only"> of {row.booking.name} on {row.label}</span>
            </button>
          ))}
        {row.booking === null && row.status !== 'booked' && (
          // One button for both, so it keeps focus when the slot turns from open to closed and back.
          <button type="button" className="quiet" aria-disabled={busy} onClick={setSlot}>
            {row.status === 'closed' ? 'Open' : 'Close'}
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
