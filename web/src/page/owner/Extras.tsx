// The owner's page's other sections: webhooks with their last deliveries and failures, the messages to customers held back past a contact's daily bound, the calendar feed's address with a button that replaces it, the audit of owners' actions, and erasing a customer's details after a confirmation.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../../api/booking';
import type { Trouble } from '../../api/booking';
import type { Salon } from '../../calendar/decode';
import { dayHeading, wallOf } from '../../calendar/zone';
import { eventTypes } from '../../owner/decode';
import { Announcer } from '../parts';
import { troubleWords } from '../words';
import { Confirm, FieldError, NoticeCard, useNotice } from './common';

/** when writes an instant on the salon's clock: "Wednesday 2 December, 09:15". */
function when(at: string, salon: Salon): string {
  const wall = wallOf(at, salon.timeZone);
  return `${dayHeading(wall.date)}, ${wall.time}`;
}

const eventWords: Record<string, string> = {
  'booking.created': 'a booking is made',
  'booking.cancelled': 'a booking is cancelled',
  'booking.moved': 'a booking is moved',
};

/** Webhooks lists the salon's webhooks with their last delivery and failures, adds one (its secret shown once) and deletes one. */
export function Webhooks({ salon }: { salon: Salon }) {
  const read = bookingApi.endpoints.listWebhooks.useQuery({ salon: salon.salon }, { refetchOnFocus: true });
  const [put, putting] = bookingApi.endpoints.putWebhook.useMutation();
  const [remove] = bookingApi.endpoints.deleteWebhook.useMutation();
  const [notice, tell] = useNotice();
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [form, setForm] = useState({ id: '', url: '', events: [...eventTypes] as string[] });
  const [urlError, setUrlError] = useState<string | undefined>(undefined);
  const id = useId();
  const hooks = read.data?.ok === true ? read.data.value : null;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (putting.isLoading) {
      return;
    }
    const hook = form.id.trim() === '' ? `hook-${(hooks?.length ?? 0) + 1}` : form.id.trim();
    try {
      const made = await put({ salon: salon.salon, id: hook, webhookPut: { url: form.url.trim(), events: form.events } }).unwrap();
      setUrlError(undefined);
      if (made.ok) {
        setSecret(made.value.secret === null ? null : { id: made.value.id, secret: made.value.secret });
        setForm({ id: '', url: '', events: [...eventTypes] });
        tell({ text: `Webhook ${made.value.id} ${made.value.secret === null ? 'is changed' : 'is added'}.`, bad: false, focus: made.value.secret === null });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setUrlError(`Not saved: ${trouble.said}.`);
      } else {
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };
  const drop = async (hook: string) => {
    setConfirming(null);
    try {
      await remove({ salon: salon.salon, id: hook }).unwrap();
      tell({ text: `Webhook ${hook} is deleted.`, bad: false, focus: true });
    } catch (error) {
      tell({ text: troubleWords(error as Trouble), bad: true, focus: true });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Webhooks</h2>
      <p>The service tells these addresses of every booking made, cancelled or moved, signed as the Standard Webhooks specification says.</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {secret !== null && (
        <div className="card notice good">
          <p>
            Keep the secret of webhook {secret.id} now: it is never shown again. It checks each delivery's signature.
          </p>
          <label htmlFor={`${id}-secret`}>Secret of {secret.id}</label>
          <input id={`${id}-secret`} readOnly value={secret.secret} onFocus={(event) => event.target.select()} />
        </div>
      )}
      {hooks === null ? (
        <p>{read.isLoading ? 'Reading the webhooks…' : troubleWords(read.error as Trouble | undefined)}</p>
      ) : hooks.length === 0 ? (
        <p>No webhook is registered.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="The webhooks" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Webhook</th>
                <th scope="col">Address</th>
                <th scope="col">Told when</th>
                <th scope="col">Last delivery</th>
                <th scope="col">Failed</th>
                <th scope="col">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.id}>
                  <th scope="row">{hook.id}</th>
                  <td className="url">
                    <bdi>{hook.url}</bdi>
                  </td>
                  <td>{hook.events.map((e) => eventWords[e] ?? e).join(', ')}</td>
                  <td>{hook.lastDelivery === null ? 'Never' : when(hook.lastDelivery, salon)}</td>
                  <td className={hook.failures > 0 ? 'bad-text' : undefined}>{hook.failures === 0 ? 'None' : hook.failures === 1 ? '1 event' : `${hook.failures} events`}</td>
                  <td>
                    {confirming === hook.id ? (
                      <Confirm question={`Delete webhook ${hook.id}?`} yes="Yes, delete it" onYes={() => void drop(hook.id)} onNo={() => setConfirming(null)} />
                    ) : (
                      <button type="button" className="quiet inline" onClick={() => setConfirming(hook.id)}>
                        Delete<span className="sr-only"> webhook {hook.id}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="card" onSubmit={(event) => void add(event)} aria-labelledby={`${id}-add`} aria-busy={putting.isLoading}>
        <h3 id={`${id}-add`}>Add a webhook</h3>
        <div className="field">
          <label htmlFor={`${id}-url`}>Address (https)</label>
          <input
            id={`${id}-url`}
            type="url"
            required
            value={form.url}
            placeholder="https://example.com/hooks/salon"
            aria-invalid={urlError === undefined ? undefined : true}
            aria-describedby={urlError === undefined ? undefined : `${id}-url-error`}
            onChange={(event) => setForm({ ...form, url: event.target.value })}
          />
          <FieldError id={`${id}-url-error`} words={urlError} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-id`}>Its name (optional)</label>
          <input id={`${id}-id`} maxLength={64} pattern="[A-Za-z0-9_\-]+" value={form.id} onChange={(event) => setForm({ ...form, id: event.target.value })} aria-describedby={`${id}-id-hint`} />
          <p className="hint" id={`${id}-id-hint`}>
            Letters, digits, - and _. Putting a name again changes that webhook.
          </p>
        </div>
        <fieldset>
          <legend>Tell it when</legend>
          {eventTypes.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={form.events.includes(type)}
                onChange={(event) => setForm({ ...form, events: event.target.checked ? [...form.events, type] : form.events.filter((e) => e !== type) })}
              />
              <span>{eventWords[type]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" aria-disabled={putting.isLoading}>
          {putting.isLoading ? 'Adding…' : 'Add the webhook'}
        </button>
      </form>
      <Announcer text={urlError ?? notice?.notice.text ?? ''} moment={urlError ?? notice?.seq ?? null} />
    </section>
  );
}

/** Feed makes the salon's calendar feed address; a new one replaces the old, after a confirmation. */
export function Feed({ salon }: { salon: Salon }) {
  const [make, making] = bookingApi.endpoints.newFeed.useMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, tell] = useNotice();
  const id = useId();
  const replace = async () => {
    setConfirming(false);
    try {
      const made = await make({ salon: salon.salon }).unwrap();
      if (made.ok) {
        setUrl(made.value);
        tell({ text: 'The new feed address is ready; the one before no longer answers.', bad: false, focus: true });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      tell({ text: troubleWords(error as Trouble), bad: true, focus: true });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Calendar feed</h2>
      <p>Subscribe to this address in a calendar app to see every booking, named by its customer. Keep it private: anyone with it can read the bookings. Making a new one stops the one before at once.</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {url !== null && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Feed address</label>
          <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      )}
      {confirming ? (
        <Confirm
          question="Make a new feed address? Calendars subscribed to the one before stop updating."
          yes="Yes, make a new one"
          no="Keep the one I have"
          onYes={() => void replace()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button type="button" aria-disabled={making.isLoading} onClick={() => !making.isLoading && setConfirming(true)}>
          {making.isLoading ? 'Making it…' : url === null ? 'Make a new feed address' : 'Replace the feed address'}
        </button>
      )}
      <Announcer text={notice?.notice.text ?? ''} moment={notice?.seq ?? null} />
    </section>
  );
}

const actionWords: Record<string, string> = {
  putSalon: 'Changed the settings',
  cancelBooking: 'Cancelled a booking',
  moveBooking: 'Moved a booking',
  closeSlot: 'Closed a time',
  openSlot: 'Opened a time',
  createKey: 'Made a key',
  revokeKey: 'Revoked a key',
  eraseCustomer: "Erased a customer's details",
  exportCustomer: "Exported a customer's bookings",
  putWebhook: 'Put a webhook',
  deleteWebhook: 'Deleted a webhook',
  newFeed: 'Made a new feed address',
};

/** Audit lists the owners' actions, newest first: when, who (a key, or the operator), what and which booking. */
export function Audit({ salon }: { salon: Salon }) {
  const read = bookingApi.endpoints.readAudit.useQuery({ salon: salon.salon }, { refetchOnFocus: true });
  const id = useId();
  const lines = read.data?.ok === true ? read.data.value : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit</h2>
      <p>Every owner's action at this salon, newest first. It never holds a customer's name, contact or words.</p>
      {lines === null ? (
        <p>{read.isLoading ? 'Reading the audit…' : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>
      ) : lines.length === 0 ? (
        <p>Nothing has been done yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="The audit" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Booking</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={`${line.at} ${i}`}>
                  <td>{when(line.at, salon)}</td>
                  <td>{line.by === 'operator' ? 'The operator' : `Key ${line.by}`}</td>
                  <td>{actionWords[line.action] ?? line.action}</td>
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
        Read the audit again
      </button>
    </section>
  );
}

const kindWords: Record<string, string> = { mail: 'E-mail', reminder: 'Reminder' };

/** Dropped lists the messages to customers that weren't sent because their contact had been sent ten from the salon in a day. */
export function Dropped({ salon }: { salon: Salon }) {
  const read = bookingApi.endpoints.listDroppedMessages.useQuery({ salon: salon.salon }, { refetchOnFocus: true });
  const id = useId();
  const dropped = read.data?.ok === true ? read.data.value : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Messages not sent</h2>
      <p>A customer is sent at most ten messages a day from this salon, so nobody can have it write to a stranger without end. These were held back; call the customer if one mattered.</p>
      {dropped === null ? (
        <p>{read.isLoading ? 'Reading the messages…' : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>
      ) : dropped.length === 0 ? (
        <p>Every message was sent.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="The messages not sent" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Message</th>
                <th scope="col">About</th>
                <th scope="col">Booking</th>
              </tr>
            </thead>
            <tbody>
              {dropped.map((d) => (
                <tr key={`${d.booking} ${d.event} ${d.kind} ${d.at}`}>
                  <td>{when(d.at, salon)}</td>
                  <td>{kindWords[d.kind] ?? d.kind}</td>
                  <td>{eventWords[d.event] ?? d.event}</td>
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

/** Erase erases the name, contact and words of every booking of one customer, after a confirmation; the bookings stay as spans. */
export function Erase({ salon }: { salon: Salon }) {
  const [erase, erasing] = bookingApi.endpoints.eraseCustomer.useMutation();
  const [contact, setContact] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, tell] = useNotice();
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const id = useId();
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (contact.trim() !== '' && !erasing.isLoading) {
      setConfirming(contact.trim());
    }
  };
  const go = async (who: string) => {
    setConfirming(null);
    try {
      const done = await erase({ salon: salon.salon, contactRequest: { contact: who } }).unwrap();
      setRefused(undefined);
      if (done.ok) {
        setContact('');
        tell({
          text: done.value === 0 ? `No booking has ${who} as its contact, so nothing was erased.` : `Erased the name, contact and words of ${done.value === 1 ? 'one booking' : `${done.value} bookings`} of ${who}.`,
          bad: false,
          focus: true,
        });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setRefused(`Not erased: ${trouble.said}.`);
      } else {
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Erase a customer</h2>
      <p>Erases the name, contact and words of every booking with this phone number or e-mail address. The bookings stay, as times taken, so the calendar holds. It can't be undone.</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <form className="card" onSubmit={ask} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-contact`}>Customer's phone or e-mail</label>
          <input
            id={`${id}-contact`}
            required
            maxLength={200}
            value={contact}
            aria-invalid={refused === undefined ? undefined : true}
            aria-describedby={refused === undefined ? undefined : `${id}-error`}
            onChange={(event) => setContact(event.target.value)}
          />
          <FieldError id={`${id}-error`} words={refused} />
        </div>
        {confirming === null ? (
          <button type="submit" className="danger" aria-disabled={erasing.isLoading}>
            {erasing.isLoading ? 'Erasing…' : "Erase this customer's details"}
          </button>
        ) : (
          <Confirm
            question={`Erase the name, contact and words of every booking with ${confirming}? This can't be undone.`}
            yes="Yes, erase them"
            onYes={() => void go(confirming)}
            onNo={() => setConfirming(null)}
          />
        )}
      </form>
      <Announcer text={refused ?? notice?.notice.text ?? ''} moment={refused ?? notice?.seq ?? null} />
    </section>
  );
}
