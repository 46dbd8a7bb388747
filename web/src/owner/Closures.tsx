// A menu salon's closures on the owner's page: the spans it (or one stylist) takes no booking, each removable, and a form to add one in the salon's own time; saved as the salon's settings with the closures changed.
import { say } from '../i18n/say';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Closure, Salon } from '../calendar/decode';
import { nameOf } from '../calendar/menu';
import { dayHeading, instantOf, rfc3339, wallOf } from '../calendar/zone';
import { isRefused, withClosures } from './settings';
import { Announcer } from '../page/parts';
import { troubleWords } from '../page/words';
import { FieldError, NoticeCard, useNotice } from './common';

/** closureWords says when a closure runs and whom it closes, on the salon's clock. */
export function closureWords(closure: Closure, salon: Salon): string {
  const from = wallOf(closure.from, salon.timeZone);
  const to = wallOf(closure.to, salon.timeZone);
  const who = closure.stylist === null ? say('closure.wholeSalon') : nameOf(salon.menu?.stylists ?? [], closure.stylist);
  const until = from.date === to.date ? to.time : `${dayHeading(to.date)}, ${to.time}`;
  const values = { who, from: `${dayHeading(from.date)}, ${from.time}`, until, note: closure.note };
  return closure.note === '' ? say('closure.words', values) : say('closure.wordsNote', values);
}

export function Closures({ salon }: { salon: Salon }) {
  const [put, putting] = bookingApi.endpoints.putSalon.useMutation();
  const [notice, tell] = useNotice();
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const today = wallOf(Date.now(), salon.timeZone).date;
  const [form, setForm] = useState({ stylist: '', fromDate: today, fromTime: '09:00', toDate: today, toTime: '17:30', note: '' });
  const id = useId();
  const closures = salon.menu?.closures ?? [];

  const save = async (next: readonly Closure[], done: string): Promise<boolean> => {
    const body = withClosures(salon, next);
    if (isRefused(body)) {
      tell({ text: say('closure.notSaved', { why: `${body.field} ${body.words}` }), bad: true, focus: true });
      return false;
    }
    try {
      await put({ salon: salon.salon, salonSettings: body }).unwrap();
      setRefused(undefined);
      tell({ text: done, bad: false, focus: true });
      return true;
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setRefused(say('closure.notSaved', { why: trouble.said.replace(/^closures\[\d+\]\./, '') }));
        return false;
      }
      tell({ text: troubleWords(trouble), bad: true, focus: true });
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (putting.isLoading) {
      return;
    }
    const from = rfc3339(instantOf(form.fromDate, form.fromTime, salon.timeZone), salon.timeZone);
    const to = rfc3339(instantOf(form.toDate, form.toTime, salon.timeZone), salon.timeZone);
    const closure: Closure = { from, to, stylist: form.stylist === '' ? null : form.stylist, note: form.note.trim() };
    await save([...closures, closure], say('closure.closed', { closure: closureWords(closure, salon) }));
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.closures')}</h2>
      <p>{say('closure.intro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {closures.length === 0 ? (
        <p>{say('closure.none')}</p>
      ) : (
        <ul className="closures">
          {closures.map((closure, i) => (
            <li key={`${closure.from} ${closure.to} ${closure.stylist ?? ''}`}>
              <span>{closureWords(closure, salon)}</span>
              <button
                type="button"
                className="quiet inline"
                aria-disabled={putting.isLoading}
                onClick={() => !putting.isLoading && void save(closures.filter((_, k) => k !== i), say('closure.opened', { closure: closureWords(closure, salon) }))}
              >
                {say('closure.remove')}
                <span className="sr-only"> {say('closure.removeWhich', { closure: closureWords(closure, salon) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="card" onSubmit={(event) => void add(event)} aria-labelledby={`${id}-add`} aria-busy={putting.isLoading}>
        <h3 id={`${id}-add`}>{say('closure.add')}</h3>
        <div className="field">
          <label htmlFor={`${id}-who`}>{say('closure.who')}</label>
          <select id={`${id}-who`} value={form.stylist} onChange={(event) => setForm({ ...form, stylist: event.target.value })}>
            <option value="">{say('closure.wholeSalon')}</option>
            {(salon.menu?.stylists ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field two">
          <span>
            <label htmlFor={`${id}-from-date`}>{say('closure.fromDate')}</label>
            <input id={`${id}-from-date`} type="date" required value={form.fromDate} onChange={(event) => setForm({ ...form, fromDate: event.target.value })} />
          </span>
          <span>
            <label htmlFor={`${id}-from-time`}>{say('closure.fromTime')}</label>
            <input id={`${id}-from-time`} type="time" required value={form.fromTime} onChange={(event) => setForm({ ...form, fromTime: event.target.value })} />
          </span>
        </div>
        <div className="field two">
          <span>
            <label htmlFor={`${id}-to-date`}>{say('closure.toDate')}</label>
            <input id={`${id}-to-date`} type="date" required value={form.toDate} onChange={(event) => setForm({ ...form, toDate: event.target.value })} />
          </span>
          <span>
            <label htmlFor={`${id}-to-time`}>{say('closure.toTime')}</label>
            <input
              id={`${id}-to-time`}
              type="time"
              required
              value={form.toTime}
              aria-invalid={refused === undefined ? undefined : true}
              aria-describedby={refused === undefined ? undefined : `${id}-error`}
              onChange={(event) => setForm({ ...form, toTime: event.target.value })}
            />
          </span>
        </div>
        <FieldError id={`${id}-error`} words={refused} />
        <div className="field">
          <label htmlFor={`${id}-note`}>{say('closure.note')}</label>
          <input id={`${id}-note`} maxLength={200} value={form.note} onChange={(event) => setForm({ ...form, note: event.target.value })} />
        </div>
        <button type="submit" aria-disabled={putting.isLoading}>
          {putting.isLoading ? say('owner.saving') : say('closure.addButton')}
        </button>
      </form>
      <Announcer text={refused ?? notice?.notice.text ?? ''} moment={refused ?? notice?.seq ?? null} />
    </section>
  );
}
