// The owner's settings editor: the salon's details and terms, its hours, and at a menu salon the menu (name, length, price, processing) and the team (who does what, and their own hours). A refusal from the service is shown in its words next to the field it names, which takes focus.
import { say } from '../i18n/say';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { fieldOf } from '../api/refusal';
import { dayKeys } from '../calendar/decode';
import { weekdayName } from '../calendar/zone';
import type { DayKey, Salon } from '../calendar/decode';
import { bodyOf, draftOf, idFrom, isRefused, placeOf, placesOf, withoutResource } from './settings';
import type { Draft, DraftHours, DraftResource, DraftService, DraftStylist } from './settings';
import { Announcer } from '../page/parts';
import { troubleWords } from '../page/words';
import { FieldError, NoticeCard, useNotice } from './common';


/** A refusal placed on the form: where it shows, and its words. */
interface Placed {
  readonly place: string;
  readonly words: string;
}

/** What every field of the form needs: the refusal placed on it, if any. */
type ErrorFor = (path: string) => string | undefined;

export function SettingsForm({ salon }: { salon: Salon }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(salon));
  const [refused, setRefused] = useState<Placed | null>(null);
  const [notice, tell] = useNotice();
  const [put, putting] = bookingApi.endpoints.putSalon.useMutation();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  // A refusal takes focus to its field (or the row or section holding it), so the owner lands on what to fix.
  useLayoutEffect(() => {
    if (refused !== null) {
      const target = form.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(refused.place)}"]`);
      target?.focus();
    }
  }, [refused]);

  const errorFor: ErrorFor = (path) => (refused !== null && refused.place === path ? refused.words : undefined);
  const change = (next: Draft) => {
    setDraft(next);
  };

  const save = async () => {
    if (putting.isLoading) {
      return;
    }
    tell(null);
    const body = bodyOf(draft);
    if (isRefused(body)) {
      setRefused({ place: placeOf(body.field, placesOf(draft)), words: say('settings.notSavedThis', { why: body.words }) });
      return;
    }
    try {
      const saved = await put({ salon: salon.salon, salonSettings: body }).unwrap();
      setRefused(null);
      if (saved.ok) {
        setDraft(draftOf(saved.value));
        tell({ text: say('settings.saved'), bad: false, focus: false });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        const field = fieldOf(trouble.said);
        const rest = trouble.said.startsWith(field) ? trouble.said.slice(field.length).trim() : trouble.said;
        setRefused({ place: placeOf(field, placesOf(draft)), words: say('closure.notSaved', { why: rest }) });
      } else {
        setRefused(null);
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.settings')}</h2>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <form
        ref={form}
        className="settings"
        aria-busy={putting.isLoading}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {errorFor('settings') !== undefined && (
          <p className="field-error" data-field="settings" tabIndex={-1}>
            {errorFor('settings')}
          </p>
        )}
        <fieldset className="card">
          <legend>{say('settings.salon')}</legend>
          <Field path="name" label={say('settings.name')} value={draft.name} onChange={(name) => change({ ...draft, name })} errorFor={errorFor} />
          <Field path="phone" label={say('settings.phone')} value={draft.phone} onChange={(phone) => change({ ...draft, phone })} errorFor={errorFor} />
          <Field path="timeZone" label={say('settings.timeZone')} hint={say('settings.timeZoneHint')} value={draft.timeZone} onChange={(timeZone) => change({ ...draft, timeZone })} errorFor={errorFor} />
          <Field path="language" label={say('language.label')} hint={say('settings.languageHint')} value={draft.language} onChange={(language) => change({ ...draft, language })} errorFor={errorFor} />
          <Lines
            path="embedOrigins"
            label={say('settings.embedOrigins')}
            hint={say('settings.embedOriginsHint')}
            value={draft.embedOrigins}
            onChange={(embedOrigins) => change({ ...draft, embedOrigins })}
            errorFor={errorFor}
          />
          <Field path="horizonDays" label={say('settings.horizonDays')} numeric value={draft.horizonDays} onChange={(horizonDays) => change({ ...draft, horizonDays })} errorFor={errorFor} />
          <Field
            path="changeCutoffHours"
            label={say('settings.changeCutoffHours')}
            numeric
            value={draft.changeCutoffHours}
            onChange={(changeCutoffHours) => change({ ...draft, changeCutoffHours })}
            errorFor={errorFor}
          />
          <Field
            path="maxUpcomingPerContact"
            label={say('settings.maxUpcoming')}
            numeric
            value={draft.maxUpcomingPerContact}
            onChange={(maxUpcomingPerContact) => change({ ...draft, maxUpcomingPerContact })}
            errorFor={errorFor}
          />
          <Field
            path="maxBookingsPerMinute"
            label={say('settings.perMinute')}
            numeric
            value={draft.maxBookingsPerMinute}
            onChange={(maxBookingsPerMinute) => change({ ...draft, maxBookingsPerMinute })}
            errorFor={errorFor}
          />
          <Field
            path="paymentMinutes"
            label={say('settings.paymentMinutes')}
            numeric
            value={draft.paymentMinutes}
            onChange={(paymentMinutes) => change({ ...draft, paymentMinutes })}
            errorFor={errorFor}
          />
          {draft.menu ? (
            <>
              <Field path="gridMinutes" label={say('settings.gridMinutes')} numeric value={draft.gridMinutes} onChange={(gridMinutes) => change({ ...draft, gridMinutes })} errorFor={errorFor} />
              <Field
                path="minNoticeMinutes"
                label={say('settings.minNotice')}
                numeric
                value={draft.minNoticeMinutes}
                onChange={(minNoticeMinutes) => change({ ...draft, minNoticeMinutes })}
                errorFor={errorFor}
              />
              <Field path="currency" label={say('settings.currency')} hint={say('settings.currencyHint')} value={draft.currency} onChange={(currency) => change({ ...draft, currency })} errorFor={errorFor} />
            </>
          ) : (
            <Field path="slotMinutes" label={say('settings.slotMinutes')} numeric value={draft.slotMinutes} onChange={(slotMinutes) => change({ ...draft, slotMinutes })} errorFor={errorFor} />
          )}
        </fieldset>

        <HoursEditor title={say('settings.hours')} path="hours" hours={draft.hours} onChange={(hours) => change({ ...draft, hours })} errorFor={errorFor} />

        {draft.menu && <ResourcesEditor draft={draft} onChange={change} errorFor={errorFor} />}
        {draft.menu && <MenuEditor draft={draft} onChange={change} errorFor={errorFor} />}
        {draft.menu && <TeamEditor draft={draft} onChange={change} errorFor={errorFor} />}

        <div className="form-actions">
          <button type="submit" aria-disabled={putting.isLoading}>
            {putting.isLoading ? say('owner.saving') : say('settings.save')}
          </button>
          <button
            type="button"
            className="quiet"
            onClick={() => {
              setDraft(draftOf(salon));
              setRefused(null);
            }}
          >
            {say('settings.undo')}
          </button>
        </div>
      </form>
      <Announcer text={refused !== null ? refused.words : (notice?.notice.text ?? '')} moment={refused ?? notice?.seq ?? null} />
    </section>
  );
}

interface FieldProps {
  readonly path: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly errorFor: ErrorFor;
  readonly hint?: string;
  /** A whole number: the phone's keypad shows digits. */
  readonly numeric?: boolean;
  readonly type?: 'text' | 'time';
  readonly inputMode?: 'decimal' | 'numeric';
}

/** Field is one labelled value of the settings, with any hint and any refusal of it, both read with it. */
export function Field({ path, label, value, onChange, errorFor, hint, numeric = false, type = 'text', inputMode }: FieldProps) {
  const id = useId();
  const error = errorFor(path);
  const described = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`].filter((d) => d !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        data-field={path}
        inputMode={numeric ? 'numeric' : inputMode}
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described === '' ? undefined : described}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} words={error} />
      {hint !== undefined && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Lines is a field of one entry a line, such as the sites that may frame the booking page. */
function Lines({ path, label, hint, value, onChange, errorFor }: { path: string; label: string; hint: string; value: string; onChange: (value: string) => void; errorFor: ErrorFor }) {
  const id = useId();
  const error = errorFor(path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        data-field={path}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={[`${id}-hint`, error === undefined ? null : `${id}-error`].filter((d) => d !== null).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} words={error} />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** Row is a part of the form a refusal can name as a whole (a day, a service, a stylist): its refusal shows at its top and takes focus there. */
function Row({ path, legend, errorFor, children, className = 'row-set' }: { path: string; legend: ReactNode; errorFor: ErrorFor; children: ReactNode; className?: string }) {
  const error = errorFor(path);
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {error !== undefined && (
        <p className="field-error" data-field={path} tabIndex={-1}>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** HoursEditor edits a week's hours, day by day: each day closed, or open in one or more intervals. */
function HoursEditor({ title, path, hours, onChange, errorFor }: { title: string; path: string; hours: DraftHours; onChange: (hours: DraftHours) => void; errorFor: ErrorFor }) {
  const setDay = (day: DayKey, intervals: DraftHours[DayKey]) => onChange({ ...hours, [day]: intervals });
  return (
    <Row path={path} legend={title} errorFor={errorFor} className="card hours-editor">
      {dayKeys.map((day) => (
        <Row key={day} path={`${path}.${day}`} legend={weekdayName(day)} errorFor={errorFor} className="day-hours">
          {hours[day].length === 0 && <p className="closed-note">{say('owner.slotClosed')}</p>}
          {hours[day].map((interval, k) => {
            const many = hours[day].length > 1;
            const error = errorFor(`${path}.${day}[${k}]`);
            return (
              <div className="interval" key={k}>
                <TimeInput
                  label={many ? say('settings.opensNth', { day: weekdayName(day), n: k + 1 }) : say('settings.opens', { day: weekdayName(day) })}
                  path={`${path}.${day}[${k}]`}
                  value={interval.from}
                  invalid={error !== undefined}
                  onChange={(from) => setDay(day, hours[day].map((x, i) => (i === k ? { ...x, from } : x)))}
                />
                <TimeInput
                  label={many ? say('settings.closesNth', { day: weekdayName(day), n: k + 1 }) : say('settings.closes', { day: weekdayName(day) })}
                  value={interval.to}
                  invalid={error !== undefined}
                  onChange={(to) => setDay(day, hours[day].map((x, i) => (i === k ? { ...x, to } : x)))}
                />
                <button type="button" className="quiet inline" onClick={() => setDay(day, hours[day].filter((_, i) => i !== k))}>
                  {say('closure.remove')}
                  <span className="sr-only"> {many ? say('settings.dayHoursNth', { day: weekdayName(day), n: k + 1 }) : say('settings.dayHours', { day: weekdayName(day) })}</span>
                </button>
                {error !== undefined && <p className="field-error">{error}</p>}
              </div>
            );
          })}
          <button type="button" className="quiet inline" onClick={() => setDay(day, [...hours[day], hours[day].length === 0 ? { from: '09:00', to: '17:30' } : { from: '13:30', to: '17:30' }])}>
            {hours[day].length === 0 ? say('settings.openOn', { day: weekdayName(day) }) : say('settings.moreHours', { day: weekdayName(day) })}
          </button>
        </Row>
      ))}
    </Row>
  );
}

function TimeInput({ label, value, onChange, invalid, path }: { label: string; value: string; onChange: (value: string) => void; invalid: boolean; path?: string }) {
  const id = useId();
  return (
    <span className="time-input">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="time" data-field={path} value={value} aria-invalid={invalid ? true : undefined} onChange={(event) => onChange(event.target.value)} />
    </span>
  );
}

/** MenuEditor edits the menu: each service's name, length, price and processing, and adds or removes services. */
function MenuEditor({ draft, onChange, errorFor }: { draft: Draft; onChange: (draft: Draft) => void; errorFor: ErrorFor }) {
  const setService = (i: number, patch: Partial<DraftService>) => onChange({ ...draft, services: draft.services.map((s, k) => (k === i ? { ...s, ...patch } : s)) });
  const add = () => {
    const name = say('settings.newService');
    const id = idFrom(name, draft.services.map((s) => s.id));
    onChange({ ...draft, services: [...draft.services, { id, name, minutes: '30', price: '', afterMinutes: '0', deposit: '', resources: [] }] });
  };
  const remove = (i: number) => {
    const gone = draft.services[i]?.id;
    onChange({
      ...draft,
      services: draft.services.filter((_, k) => k !== i),
      stylists: draft.stylists.map((p) => ({ ...p, services: p.services.filter((s) => s !== gone) })),
    });
  };
  return (
    <Row path="services" legend={say('settings.menu')} errorFor={errorFor} className="card menu-editor">
      {draft.services.map((service, i) => (
        <Row key={i} path={`services[${i}]`} legend={say('settings.serviceN', { n: i + 1, name: service.name })} errorFor={errorFor}>
          <Field path={`services[${i}].name`} label={say('settings.name')} value={service.name} onChange={(name) => setService(i, { name })} errorFor={errorFor} />
          <Field path={`services[${i}].minutes`} label={say('settings.minutes')} numeric value={service.minutes} onChange={(minutes) => setService(i, { minutes })} errorFor={errorFor} />
          <Field
            path={`services[${i}].price`}
            label={draft.currency === '' ? say('settings.price') : say('settings.priceIn', { currency: draft.currency })}
            hint={say('settings.priceHint')}
            inputMode="decimal"
            value={service.price}
            onChange={(price) => setService(i, { price })}
            errorFor={errorFor}
          />
          <Field
            path={`services[${i}].deposit`}
            label={draft.currency === '' ? say('my.deposit') : say('settings.depositIn', { currency: draft.currency })}
            hint={say('settings.depositHint')}
            inputMode="decimal"
            value={service.deposit}
            onChange={(deposit) => setService(i, { deposit })}
            errorFor={errorFor}
          />
          <Field
            path={`services[${i}].afterMinutes`}
            label={say('settings.afterMinutes')}
            numeric
            value={service.afterMinutes}
            onChange={(afterMinutes) => setService(i, { afterMinutes })}
            errorFor={errorFor}
          />
          {draft.resources.length > 0 && (
            <Row path={`services[${i}].resources`} legend={say('settings.holds', { name: service.name })} errorFor={errorFor} className="does">
              {draft.resources.map((resource) => (
                <label key={resource.id} className="check">
                  <input
                    type="checkbox"
                    checked={service.resources.includes(resource.id)}
                    onChange={(event) =>
                      setService(i, { resources: event.target.checked ? [...service.resources, resource.id] : service.resources.filter((r) => r !== resource.id) })
                    }
                  />
                  <span>{resource.name}</span>
                </label>
              ))}
            </Row>
          )}
          <Field path={`services[${i}].id`} label={say('settings.serviceId')} hint={say('settings.serviceIdHint')} value={service.id} onChange={(id) => setService(i, { id })} errorFor={errorFor} />
          <button type="button" className="quiet inline" onClick={() => remove(i)}>
            {say('settings.remove', { name: service.name })}
          </button>
        </Row>
      ))}
      <button type="button" className="quiet" onClick={add}>
        {say('settings.addService')}
      </button>
    </Row>
  );
}

/** ResourcesEditor edits what the salon has only so many of: each resource's name and count, added or removed (a service holding one removed holds it no more). */
function ResourcesEditor({ draft, onChange, errorFor }: { draft: Draft; onChange: (draft: Draft) => void; errorFor: ErrorFor }) {
  const setResource = (i: number, patch: Partial<DraftResource>) => onChange({ ...draft, resources: draft.resources.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  const add = () => {
    const name = say('settings.newResource');
    const id = idFrom(name, draft.resources.map((r) => r.id));
    onChange({ ...draft, resources: [...draft.resources, { id, name, count: '1' }] });
  };
  return (
    <Row path="resources" legend={say('settings.resources')} errorFor={errorFor} className="card resources-editor">
      <p className="hint">{say('settings.resourcesHint')}</p>
      {draft.resources.map((resource, i) => (
        <Row key={i} path={`resources[${i}]`} legend={say('settings.resourceN', { n: i + 1, name: resource.name })} errorFor={errorFor}>
          <Field path={`resources[${i}].name`} label={say('settings.name')} value={resource.name} onChange={(name) => setResource(i, { name })} errorFor={errorFor} />
          <Field path={`resources[${i}].count`} label={say('settings.resourceCount')} numeric value={resource.count} onChange={(count) => setResource(i, { count })} errorFor={errorFor} />
          <Field path={`resources[${i}].id`} label={say('settings.resourceId')} value={resource.id} onChange={(id) => setResource(i, { id })} errorFor={errorFor} />
          <button type="button" className="quiet inline" onClick={() => onChange(withoutResource(draft, i))}>
            {say('settings.remove', { name: resource.name })}
          </button>
        </Row>
      ))}
      <button type="button" className="quiet" onClick={add}>
        {say('settings.addResource')}
      </button>
    </Row>
  );
}

/** TeamEditor edits the team: each stylist's name, the services they do, and their own hours or the salon's. */
function TeamEditor({ draft, onChange, errorFor }: { draft: Draft; onChange: (draft: Draft) => void; errorFor: ErrorFor }) {
  const setStylist = (i: number, patch: Partial<DraftStylist>) => onChange({ ...draft, stylists: draft.stylists.map((p, k) => (k === i ? { ...p, ...patch } : p)) });
  const add = () => {
    const name = say('settings.newStylist');
    const id = idFrom(name, draft.stylists.map((p) => p.id));
    onChange({ ...draft, stylists: [...draft.stylists, { id, name, services: draft.services.map((s) => s.id), ownHours: false, hours: draft.hours }] });
  };
  return (
    <Row path="stylists" legend={say('settings.team')} errorFor={errorFor} className="card team-editor">
      {draft.stylists.map((stylist, i) => (
        <Row key={i} path={`stylists[${i}]`} legend={say('settings.stylistN', { n: i + 1, name: stylist.name })} errorFor={errorFor}>
          <Field path={`stylists[${i}].name`} label={say('settings.name')} value={stylist.name} onChange={(name) => setStylist(i, { name })} errorFor={errorFor} />
          <Field path={`stylists[${i}].id`} label={say('settings.stylistId')} value={stylist.id} onChange={(id) => setStylist(i, { id })} errorFor={errorFor} />
          <Row path={`stylists[${i}].services`} legend={say('settings.does', { name: stylist.name })} errorFor={errorFor} className="does">
            {draft.services.map((service) => (
              <label key={service.id} className="check">
                <input
                  type="checkbox"
                  checked={stylist.services.includes(service.id)}
                  onChange={(event) =>
                    setStylist(i, { services: event.target.checked ? [...stylist.services, service.id] : stylist.services.filter((s) => s !== service.id) })
                  }
                />
                <span>{service.name}</span>
              </label>
            ))}
          </Row>
          <label className="check">
            <input type="checkbox" checked={!stylist.ownHours} onChange={(event) => setStylist(i, { ownHours: !event.target.checked, hours: stylist.ownHours ? stylist.hours : draft.hours })} />
            <span>{say('settings.salonHours')}</span>
          </label>
          {stylist.ownHours && (
            <HoursEditor title={say('settings.ownHours', { name: stylist.name })} path={`stylists[${i}].hours`} hours={stylist.hours} onChange={(hours) => setStylist(i, { hours })} errorFor={errorFor} />
          )}
          <button type="button" className="quiet inline" onClick={() => onChange({ ...draft, stylists: draft.stylists.filter((_, k) => k !== i) })}>
            {say('settings.remove', { name: stylist.name })}
          </button>
        </Row>
      ))}
      <button type="button" className="quiet" onClick={add}>
        {say('settings.addStylist')}
      </button>
    </Row>
  );
}
