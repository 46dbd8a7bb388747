// The owner's page, /owner/: signed in with a salon's key (or the operator's token) for this tab, then the salon's calendar, closures, settings, webhooks, calendar feed, audit and erasure, one section at a time.
import { language, say } from '../i18n/say';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { useAppDispatch, useAppSelector } from '../hooks';
import { signIn, signOut } from './slice';
import { Agenda } from './Agenda';
import { CalendarView } from './CalendarView';
import { Closures } from './Closures';
import { Audit } from './Audit';
import { Dropped } from './Dropped';
import { Erase } from './Erase';
import { Feed } from './Feed';
import { Webhooks } from './Webhooks';
import { SettingsForm } from './SettingsForm';
import { Announcer, PageHeader, useFocusOnMount } from '../page/parts';
import { troubleWords } from '../page/words';

export { Who } from './common';

export { ready } from './messages';

/** The sections of the owner's page, in the order the menu lists them. */
const sections = ['Calendar', 'Closures', 'Settings', 'Webhooks', 'Messages not sent', 'Calendar feed', 'Audit', 'Erase a customer'] as const;
type Section = (typeof sections)[number];

/** sectionName is a section as the menu names it, in the page's language. */
function sectionName(section: Section): string {
  switch (section) {
    case 'Calendar':
      return say('owner.section.calendar');
    case 'Closures':
      return say('owner.section.closures');
    case 'Settings':
      return say('owner.section.settings');
    case 'Webhooks':
      return say('owner.section.webhooks');
    case 'Messages not sent':
      return say('owner.section.dropped');
    case 'Calendar feed':
      return say('owner.section.feed');
    case 'Audit':
      return say('owner.section.audit');
    case 'Erase a customer':
      return say('owner.section.erase');
  }
}

export default function OwnerPage() {
  const owner = useAppSelector((state) => state.owner);
  const salons = bookingApi.endpoints.listSalons.useQuery({});
  const [chosen, setChosen] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  const directory = salons.data?.ok === true ? salons.data.value : null;
  const salon = directory?.salons.find((s) => s.salon === chosen) ?? directory?.salons[0];

  return (
    <main className="owner">
      <PageHeader eyebrow={say('title.owner')} title={salon === undefined ? say('owner.bookings') : salon.name} />
      {owner.token === null ? (
        <TokenForm refused={owner.refused} />
      ) : directory === null ? (
        <p>{salons.isLoading ? say('salons.looking') : troubleWords(salons.error as Trouble | undefined)}</p>
      ) : !directory.calendar ? (
        <p>{say('owner.noCalendars')}</p>
      ) : salon === undefined ? (
        <p>{say('owner.noSalon')}</p>
      ) : (
        <>
          {directory.salons.length > 1 && (
            <nav aria-label={say('salons.list')}>
              <ul className="salons inline-list">
                {directory.salons.map((s) => (
                  <li key={s.salon}>
                    <button type="button" className="quiet" aria-pressed={s.salon === salon.salon} onClick={() => setChosen(s.salon)}>
                      {s.name}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <SalonSections key={salon.salon} salon={salon.salon} />
          <p>
            <button type="button" className="quiet" onClick={() => dispatch(signOut())}>
              {say('owner.signOut')}
            </button>
          </p>
        </>
      )}
    </main>
  );
}

/** SalonSections reads the salon (its menu and team, for the calendar and the settings) and shows one section of it. */
function SalonSections({ salon }: { salon: string }) {
  const read = bookingApi.endpoints.getSalon.useQuery({ salon }, { refetchOnFocus: true });
  const [section, setSection] = useState<Section>('Calendar');
  const view = read.data?.ok === true ? read.data.value : null;
  if (view === null) {
    return <p>{read.isLoading ? say('owner.reading') : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>;
  }
  const offered = sections.filter((s) => view.menu !== null || s !== 'Closures');
  return (
    <>
      <nav aria-label={say('owner.sections')} className="sections">
        <ul className="inline-list">
          {offered.map((s) => (
            <li key={s}>
              <button type="button" className="quiet" aria-pressed={s === section} onClick={() => setSection(s)}>
                {sectionName(s)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Shown section={section} salon={view} />
    </>
  );
}

function Shown({ section, salon }: { section: Section; salon: Salon }) {
  switch (section) {
    case 'Calendar':
      return salon.menu === null ? <Agenda salon={salon.salon} /> : <CalendarView salon={salon} />;
    case 'Closures':
      return <Closures salon={salon} />;
    case 'Settings':
      return <SettingsForm key={salon.salon} salon={salon} />;
    case 'Webhooks':
      return <Webhooks salon={salon} />;
    case 'Messages not sent':
      return <Dropped salon={salon} />;
    case 'Calendar feed':
      return <Feed salon={salon} />;
    case 'Audit':
      return <Audit salon={salon} />;
    case 'Erase a customer':
      return <Erase salon={salon} />;
  }
}

function TokenForm({ refused }: { refused: boolean }) {
  const dispatch = useAppDispatch();
  const [token, setToken] = useState('');
  const id = useId();
  useEffect(() => {
    document.title = say('title.owner');
  }, [language()]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() !== '') {
      dispatch(signIn(token));
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      {refused && <RefusedToken />}
      <h2 id={`${id}-title`}>{say('owner.signIn')}</h2>
      <p className="hint" id={`${id}-hint`}>
        {say('owner.signInHint')}
      </p>
      <label htmlFor={`${id}-token`}>{say('owner.token')}</label>
      <input
        id={`${id}-token`}
        name="token"
        type="password"
        autoComplete="current-password"
        required
        aria-describedby={`${id}-hint`}
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <button type="submit">{say('owner.signIn')}</button>
      <Announcer text={refused ? `${say('owner.refused')} ${say('owner.refusedNext')}` : ''} moment={refused} />
    </form>
  );
}

function RefusedToken() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="outcome bad notice" aria-label={say('card.wrong')}>
      <h2 ref={heading} tabIndex={-1}>
        {say('owner.refused')}
      </h2>
      <p>{say('owner.refusedNext')}</p>
    </section>
  );
}
