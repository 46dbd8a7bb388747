// A message with an element inside it (a link, a strong time), kept as one sentence for the translator: the message is formatted with a marker where the element goes, and the element is put there.
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { say } from './say';
import type { MessageId, Values } from './say';

const marker = '\u0000';

/** Said is the message id with values, and `children` where its placeholder `at` stands. */
export function Said({ id, values = {}, at, children }: { id: MessageId; values?: Values; at: string; children: ReactNode }) {
  const parts = say(id, { ...values, [at]: marker }).split(marker);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && children}
          {part}
        </Fragment>
      ))}
    </>
  );
}
