// Open times as buttons, by day: a few days at first and more on request, each time a button named by its whole label ("Wednesday 2 December, 09:00").
import { say } from '../i18n/say';
import { useEffect, useRef, useState } from 'react';
import type { OpenTime } from '../calendar/decode';
import { byDay } from '../page/days';

/** How many days of open times show at first, and how many more each "Show 4 more days" adds. */
const firstDays = 3;
const moreDays = 4;

/** What TimeButtons shows, and whom it tells the time tapped. */
export interface TimeButtonsProps<T extends OpenTime> {
  readonly times: readonly T[];
  /** A round is out: the buttons say so and do nothing. */
  readonly busy: boolean;
  readonly onTap: (time: T) => void;
  /** Said above the times. */
  readonly hint: string;
  /** Said instead when there are none. */
  readonly none: string;
  /** What the days' heading ids start with, so two lists on a page don't share one. */
  readonly idPrefix?: string;
}

/** TimeButtons are the open times by day, a few days at first: each time a button named by its whole label. */
export function TimeButtons<T extends OpenTime>({ times, busy, onTap, hint, none, idPrefix = 'day' }: TimeButtonsProps<T>) {
  const [shown, setShown] = useState(firstDays);
  const days = byDay(times);
  const firstHidden = useRef<HTMLHeadingElement>(null);
  const [revealed, setRevealed] = useState<number | null>(null);
  useEffect(() => {
    if (revealed !== null) {
      firstHidden.current?.focus();
    }
  }, [revealed]);
  if (times.length === 0) {
    return <p>{none}</p>;
  }
  return (
    <>
      <p className="hint">{hint}</p>
      {days.slice(0, shown).map((day, i) => (
        <div className="day" role="group" key={day.key} aria-labelledby={`${idPrefix}-${day.key}`}>
          <h3 id={`${idPrefix}-${day.key}`} ref={i === revealed ? firstHidden : undefined} tabIndex={i === revealed ? -1 : undefined}>
            {day.heading}
          </h3>
          <ul className="slot-buttons" aria-labelledby={`${idPrefix}-${day.key}`}>
            {day.times.map((time) => (
              <li key={time.slot}>
                <button type="button" className="slot" aria-label={time.label} aria-disabled={busy} onClick={() => !busy && onTap(time)}>
                  {time.time === '' ? time.label : time.time}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {shown < days.length && (
        <button
          type="button"
          className="quiet"
          onClick={() => {
            setRevealed(shown);
            setShown(shown + moreDays);
          }}
        >
          {say('times.later', { count: Math.min(moreDays, days.length - shown) })}
        </button>
      )}
    </>
  );
}
