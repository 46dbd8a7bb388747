// What a booked customer gets on both pages: the booking's details as a list, "Add to calendar" (the .ics, fetched with the key and offered as a download) and "Change or cancel" (the my-booking page, its key after #).
import { say } from '../i18n/say';
import { useEffect, useState } from 'react';
import { calendarFileName, fetchCalendar, myBookingPath } from '../my/calendarFile';

/** One line of a booking's details: what it is, and its value. */
export interface Detail {
  readonly term: string;
  readonly value: string;
  /** Set out in a typewriter face, as a reference is. */
  readonly code?: boolean;
}

/** Details lists a booking's details as terms and values. */
export function Details({ lines, label }: { lines: readonly Detail[]; label: string }) {
  return (
    <dl className="details" aria-label={label}>
      {lines.map((line) => (
        <div key={line.term}>
          <dt>{line.term}</dt>
          <dd className={line.code === true ? 'reference' : undefined}>
            <bdi>{line.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the calendar file is: being made, ready at a blob: address, or not to be had. */
type CalendarFile = { readonly state: 'making' } | { readonly state: 'ready'; readonly href: string } | { readonly state: 'failed' };

/**
 * CalendarLink offers the booking's .ics as "Add to calendar". The route wants the key as a bearer
 * token, which a plain link can't send, so the file is fetched first and offered from a blob:
 * address; `version` (the booking's sequence, say) fetches it anew when the booking changes.
 */
export function CalendarLink({ salon, booking, manageKey, version = 0 }: { salon: string; booking: string; manageKey: string; version?: number }) {
  const [file, setFile] = useState<CalendarFile>({ state: 'making' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let href: string | null = null;
    let gone = false;
    setFile({ state: 'making' });
    void fetchCalendar(window.location.origin, salon, booking, manageKey).then((blob) => {
      if (gone) {
        return;
      }
      if (blob === null) {
        setFile({ state: 'failed' });
        return;
      }
      href = URL.createObjectURL(blob);
      setFile({ state: 'ready', href });
    });
    return () => {
      gone = true;
      if (href !== null) {
        URL.revokeObjectURL(href);
      }
    };
  }, [salon, booking, manageKey, version, attempt]);

  switch (file.state) {
    case 'making':
      return <span className="link-like waiting">{say('booked.calendarMaking')}</span>;
    case 'ready':
      return (
        <a className="action-link" href={file.href} download={calendarFileName(salon, booking)}>
          {say('booked.calendar')}
        </a>
      );
    case 'failed':
      return (
        <span>
          {say('booked.calendarFailed')}{' '}
          <button type="button" className="quiet inline" onClick={() => setAttempt((n) => n + 1)}>
            {say('booked.calendarAgain')}
          </button>
        </span>
      );
  }
}

/** MyBookingLinks are a booked customer's ways on: the calendar file, and the page to change or cancel it. */
export function MyBookingLinks({ salon, booking, manageKey }: { salon: string; booking: string; manageKey: string }) {
  return (
    <ul className="my-booking-links">
      <li>
        <CalendarLink salon={salon} booking={booking} manageKey={manageKey} />
      </li>
      <li>
        <a className="action-link" href={myBookingPath(salon, booking, manageKey)}>
          {say('booked.change')}
        </a>
      </li>
    </ul>
  );
}
