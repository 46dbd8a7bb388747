// What the owner's page's sections share: a notice after an action, a confirmation before one that can't be undone, who a booking is for (a contact linked only when it passes the rules), a field's refusal in the service's words, an instant on the salon's clock, and an event's words.
import { say } from '../i18n/say';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Entry, Salon } from '../calendar/decode';
import { dayHeading, wallOf } from '../calendar/zone';
import { contactHref } from '../page/fields';

/** A notice the owner's page shows after an action: what happened, and whether it is a problem. */
export interface Notice {
  readonly text: string;
  readonly bad: boolean;
  /** Whether the notice takes focus: after a problem, or when the control used is gone. */
  readonly focus: boolean;
}

/** useNotice keeps the last notice with a number that changes at each, so the same words are shown (and announced) anew. */
export function useNotice(): [{ readonly notice: Notice; readonly seq: number } | null, (notice: Notice | null) => void] {
  const [shown, setShown] = useState<{ notice: Notice; seq: number } | null>(null);
  const tell = (notice: Notice | null) => setShown((last) => (notice === null ? null : { notice, seq: (last?.seq ?? 0) + 1 }));
  return [shown, tell];
}

/** NoticeCard shows a notice; a problem, or one whose control went away, takes focus. */
export function NoticeCard({ notice }: { notice: Notice }) {
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
        <bdi>{entry.name === '' ? say('my.erased') : entry.name}</bdi>
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

/** FieldError is a refusal shown by the field it names, in the service's words; its id is what the field is described by. */
export function FieldError({ id, words }: { id: string; words: string | undefined }) {
  if (words === undefined) {
    return null;
  }
  return (
    <p className="field-error" id={id}>
      {words}
    </p>
  );
}

/** when writes an instant on the salon's clock: "Wednesday 2 December, 09:15". */
export function when(at: string, salon: Salon): string {
  const wall = wallOf(at, salon.timeZone);
  return `${dayHeading(wall.date)}, ${wall.time}`;
}

/** eventWords says when a webhook is told, as the owner reads it: "a booking is made". */
export function eventWords(type: string): string {
  switch (type) {
    case 'booking.created':
      return say('extras.event.created');
    case 'booking.cancelled':
      return say('extras.event.cancelled');
    case 'booking.moved':
      return say('extras.event.moved');
  }
  return type;
}
