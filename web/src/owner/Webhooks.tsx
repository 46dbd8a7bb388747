// The owner's webhooks: each with its last delivery and failures, one added (its secret shown once), one deleted.
import { locale, say } from '../i18n/say';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { eventTypes } from './decode';
import { Announcer, Confirm } from '../page/parts';
import { troubleWords } from '../page/words';
import { FieldError, NoticeCard, eventWords, useNotice, when } from './common';

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
