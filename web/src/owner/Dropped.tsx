// The messages to customers held back past a contact's daily bound.
import { say } from '../i18n/say';
import { useId } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { troubleWords } from '../page/words';
import { eventWords, when } from './common';

/** kindWords names a kind of message to a customer: "E-mail", "Text reminder". */
function kindWords(kind: string): string {
  switch (kind) {
    case 'mail':
      return say('extras.kind.mail');
    case 'reminder':
      return say('extras.kind.reminder');
    case 'text':
      return say('extras.kind.text');
    case 'text-reminder':
      return say('extras.kind.textReminder');
  }
  return kind;
}

/** Dropped lists the messages to customers that weren't sent because their contact had been sent ten from the salon in a day. */
export function Dropped({ salon }: { salon: Salon }) {
  const read = bookingApi.endpoints.listDroppedMessages.useQuery({ salon: salon.salon }, { refetchOnFocus: true });
  const id = useId();
  const dropped = read.data?.ok === true ? read.data.value : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.dropped')}</h2>
      <p>{say('extras.droppedIntro')}</p>
      {dropped === null ? (
        <p>{read.isLoading ? say('extras.readingDropped') : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>
      ) : dropped.length === 0 ? (
        <p>{say('extras.allSent')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={say('extras.droppedTable')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{say('ending.when')}</th>
                <th scope="col">{say('extras.colMessage')}</th>
                <th scope="col">{say('extras.colAbout')}</th>
                <th scope="col">{say('extras.colBooking')}</th>
              </tr>
            </thead>
            <tbody>
              {dropped.map((d) => (
                <tr key={`${d.booking} ${d.event} ${d.kind} ${d.at}`}>
                  <td>{when(d.at, salon)}</td>
                  <td>{kindWords(d.kind)}</td>
                  <td>{eventWords(d.event)}</td>
                  <td className="reference">{d.booking}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
