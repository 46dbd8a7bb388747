// The owner's page's other sections: webhooks with their last deliveries and failures, the messages to customers held back past a contact's daily bound, the calendar feed's address with a button that replaces it, the audit of owners' actions, and erasing a customer's details after a confirmation.
import { locale, say } from '../../i18n/say';
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

/** eventWords says when a webhook is told, as the owner reads it: "a booking is made". */
function eventWords(type: string): string {
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
        tell({ text: say(made.value.secret === null ? 'extras.hookChanged' : 'extras.hookAdded', { id: made.value.id }), bad: false, focus: made.value.secret === null });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setUrlError(say('closure.notSaved', { why: trouble.said }));
      } else {
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };
  const drop = async (hook: string) => {
    setConfirming(null);
    try {
      await remove({ salon: salon.salon, id: hook }).unwrap();
      tell({ text: say('extras.hookDeleted', { id: hook }), bad: false, focus: true });
    } catch (error) {
      tell({ text: troubleWords(error as Trouble), bad: true, focus: true });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.webhooks')}</h2>
      <p>{say('extras.hooksIntro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {secret !== null && (
        <div className="card notice good">
          <p>
            Keep the secret of webhook {secret.id} now: it is never shown again. It checks each delivery's signature.
          </p>
          <label htmlFor={`${id}-secret`}>{say('extras.secretOf', { id: secret.id })}</label>
          <input id={`${id}-secret`} readOnly value={secret.secret} onFocus={(event) => event.target.select()} />
        </div>
      )}
      {hooks === null ? (
        <p>{read.isLoading ? say('extras.readingHooks') : troubleWords(read.error as Trouble | undefined)}</p>
      ) : hooks.length === 0 ? (
        <p>{say('extras.noHooks')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={say('extras.hooksTable')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{say('extras.colHook')}</th>
                <th scope="col">{say('extras.colAddress')}</th>
                <th scope="col">{say('extras.colWhen')}</th>
                <th scope="col">{say('extras.colLast')}</th>
                <th scope="col">{say('extras.colFailed')}</th>
                <th scope="col">
                  <span className="sr-only">{say('extras.delete')}</span>
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
                  <td>{new Intl.ListFormat(locale(), { type: 'conjunction' }).format(hook.events.map(eventWords))}</td>
                  <td>{hook.lastDelivery === null ? say('extras.never') : when(hook.lastDelivery, salon)}</td>
                  <td className={hook.failures > 0 ? 'bad-text' : undefined}>{say('extras.failures', { count: hook.failures })}</td>
                  <td>
                    {confirming === hook.id ? (
                      <Confirm question={say('extras.deleteHook', { id: hook.id })} yes={say('extras.yesDelete')} onYes={() => void drop(hook.id)} onNo={() => setConfirming(null)} />
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
        <h3 id={`${id}-add`}>{say('extras.addHook')}</h3>
        <div className="field">
          <label htmlFor={`${id}-url`}>{say('extras.hookUrl')}</label>
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
          <label htmlFor={`${id}-id`}>{say('extras.hookName')}</label>
          <input id={`${id}-id`} maxLength={64} pattern="[A-Za-z0-9_\-]+" value={form.id} onChange={(event) => setForm({ ...form, id: event.target.value })} aria-describedby={`${id}-id-hint`} />
          <p className="hint" id={`${id}-id-hint`}>
            {say('extras.hookNameHint')}
          </p>
        </div>
        <fieldset>
          <legend>{say('extras.tellWhen')}</legend>
          {eventTypes.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={form.events.includes(type)}
                onChange={(event) => setForm({ ...form, events: event.target.checked ? [...form.events, type] : form.events.filter((e) => e !== type) })}
              />
              <span>{eventWords(type)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" aria-disabled={putting.isLoading}>
          {putting.isLoading ? say('extras.adding') : say('extras.addHookButton')}
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
        tell({ text: say('extras.feedReady'), bad: false, focus: true });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      tell({ text: troubleWords(error as Trouble), bad: true, focus: true });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.feed')}</h2>
      <p>{say('extras.feedIntro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {url !== null && (
        <div className="field">
          <label htmlFor={`${id}-url`}>{say('extras.feedUrl')}</label>
          <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      )}
      {confirming ? (
        <Confirm
          question={say('extras.feedConfirm')}
          yes={say('extras.feedYes')}
          no={say('extras.feedNo')}
          onYes={() => void replace()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button type="button" aria-disabled={making.isLoading} onClick={() => !making.isLoading && setConfirming(true)}>
          {making.isLoading ? say('extras.making') : url === null ? say('extras.makeFeed') : say('extras.replaceFeed')}
        </button>
      )}
      <Announcer text={notice?.notice.text ?? ''} moment={notice?.seq ?? null} />
    </section>
  );
}

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
          text: say('extras.erased', { count: done.value, who }),
          bad: false,
          focus: true,
        });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setRefused(say('extras.notErased', { why: trouble.said }));
      } else {
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.erase')}</h2>
      <p>{say('extras.eraseIntro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <form className="card" onSubmit={ask} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{say('extras.eraseContact')}</label>
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
            {erasing.isLoading ? say('extras.erasing') : say('extras.eraseButton')}
          </button>
        ) : (
          <Confirm
            question={say('extras.eraseConfirm', { contact: confirming })}
            yes={say('extras.eraseYes')}
            onYes={() => void go(confirming)}
            onNo={() => setConfirming(null)}
          />
        )}
      </form>
      <Announcer text={refused ?? notice?.notice.text ?? ''} moment={refused ?? notice?.seq ?? null} />
    </section>
  );
}
