// The owner's page, /owner/: signed in with a salon's key (or the operator's token) for this tab, then the salon's calendar, closures, settings, webhooks, calendar feed, audit and erasure, one section at a time.
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { useAppDispatch, useAppSelector } from '../hooks';
import { signIn, signOut } from '../owner/slice';
import { Agenda } from './owner/Agenda';
import { CalendarView } from './owner/CalendarView';
import { Closures } from './owner/Closures';
import { Audit, Dropped, Erase, Feed, Webhooks } from './owner/Extras';
import { SettingsForm } from './owner/SettingsForm';
import { Announcer, PageHeader, useFocusOnMount } from './parts';
import { troubleWords } from './words';

export { Who } from './owner/common';

/** The sections of the owner's page, in the order the menu lists them. */
const sections = ['Calendar', 'Closures', 'Settings', 'Webhooks', 'Messages not sent', 'Calendar feed', 'Audit', 'Erase a customer'] as const;
type Section = (typeof sections)[number];

export default function OwnerPage() {
  const owner = useAppSelector((state) => state.owner);
  const salons = bookingApi.endpoints.listSalons.useQuery({});
  const [chosen, setChosen] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  const directory = salons.data?.ok === true ? salons.data.value : null;
  const salon = directory?.salons.find((s) => s.salon === chosen) ?? directory?.salons[0];

  return (
    <main className="owner">
      <PageHeader eyebrow="The owner's page" title={salon === undefined ? 'Bookings' : salon.name} />
      {owner.token === null ? (
        <TokenForm refused={owner.refused} />
      ) : directory === null ? (
        <p>{salons.isLoading ? 'Looking for the salons…' : troubleWords(salons.error as Trouble | undefined)}</p>
      ) : !directory.calendar ? (
        <p>This server keeps no calendars, so there are no bookings to manage here.</p>
      ) : salon === undefined ? (
        <p>No salon is registered yet.</p>
      ) : (
        <>
          {directory.salons.length > 1 && (
            <nav aria-label="Salons">
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
              Sign out of this tab
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
    return <p>{read.isLoading ? 'Reading the salon…' : read.data?.ok === false ? troubleWords(undefined) : troubleWords(read.error as Trouble | undefined)}</p>;
  }
  const offered = sections.filter((s) => view.menu !== null || s !== 'Closures');
  return (
    <>
      <nav aria-label="Sections" className="sections">
        <ul className="inline-list">
          {offered.map((s) => (
            <li key={s}>
              <button type="button" className="quiet" aria-pressed={s === section} onClick={() => setSection(s)}>
                {s}
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
    document.title = "The owner's page";
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() !== '') {
      dispatch(signIn(token));
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      {refused && <RefusedToken />}
      <h2 id={`${id}-title`}>Sign in</h2>
      <p className="hint" id={`${id}-hint`}>
        Enter your salon's key, or the operator's token. It is kept for this tab only, until you close it.
      </p>
      <label htmlFor={`${id}-token`}>Salon key or owner's token</label>
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
      <button type="submit">Sign in</button>
      <Announcer text={refused ? "That key isn't right for this salon. Check it and enter it again." : ''} moment={refused} />
    </form>
  );
}

function RefusedToken() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="outcome bad notice" aria-label="What went wrong">
      <h2 ref={heading} tabIndex={-1}>
        That key isn't right for this salon.
      </h2>
      <p>Check it and enter it again.</p>
    </section>
  );
}
