// The audit of owners' actions, newest first, a page at a time.
import { say } from '../i18n/say';
import { useId } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { troubleWords } from '../page/words';
import { when } from './common';

/** actionWords says what an owner's action did, as the audit shows it: "Changed the settings". */
function actionWords(action: string): string {
  switch (action) {
    case 'putSalon':
      return say('extras.action.putSalon');
    case 'cancelBooking':
      return say('extras.action.cancelBooking');
    case 'moveBooking':
      return say('extras.action.moveBooking');
    case 'markNoShow':
      return say('extras.action.markNoShow');
    case 'closeSlot':
      return say('extras.action.closeSlot');
    case 'openSlot':
      return say('extras.action.openSlot');
    case 'createKey':
      return say('extras.action.createKey');
    case 'revokeKey':
      return say('extras.action.revokeKey');
    case 'eraseCustomer':
      return say('extras.action.eraseCustomer');
    case 'exportCustomer':
      return say('extras.action.exportCustomer');
    case 'putWebhook':
      return say('extras.action.putWebhook');
    case 'deleteWebhook':
      return say('extras.action.deleteWebhook');
    case 'newFeed':
      return say('extras.action.newFeed');
  }
  return action;
}

/** Audit lists the owners' actions, newest first: when, who (a key, or the operator), what and which booking. */
export function Audit({ salon }: { salon: Salon }) {
  const read = bookingApi.endpoints.readAudit.useQuery({ salon: salon.salon }, { refetchOnFocus: true });
  const id = useId();
  const lines = read.data?.ok === true ? read.data.value : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.audit')}</h2>
      <p>{say('extras.auditIntro')}</p>
      {lines === null ? (
        <p>{read.isLoading ? say('extras.readingAudit') : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>
      ) : lines.length === 0 ? (
        <p>{say('extras.auditEmpty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={say('extras.auditTable')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{say('ending.when')}</th>
                <th scope="col">{say('closure.who')}</th>
                <th scope="col">{say('extras.colWhat')}</th>
                <th scope="col">{say('extras.colBooking')}</th>
                <th scope="col">{say('extras.colDetail')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={`${line.at} ${i}`}>
                  <td>{when(line.at, salon)}</td>
                  <td>{line.by === 'operator' ? say('extras.operator') : say('extras.key', { key: line.by })}</td>
                  <td>{actionWords(line.action)}</td>
                  <td className="reference">{line.booking ?? ''}</td>
                  <td>
                    <bdi>{line.detail ?? ''}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="quiet" onClick={() => void read.refetch()}>
        {say('extras.auditAgain')}
      </button>
    </section>
  );
}
