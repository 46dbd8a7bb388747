// The page at /: with calendars, the registered salons, each linked to its page; without, the address-driven page.
import { say } from '../i18n/say';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { BookingPage } from '../booking/BookingPage';
import { LoadingPage, PageHeader, TryAgainLater, UnshownPage } from './parts';
import { bookingPath } from './route';

export function HomePage() {
  const read = bookingApi.endpoints.listSalons.useQuery({});

  if (read.data?.ok === true && !read.data.value.calendar) {
    return <BookingPage />;
  }
  if (read.data?.ok === true) {
    const { salons } = read.data.value;
    return (
      <main>
        <PageHeader eyebrow={say('page.eyebrow')} title={say('salons.choose')} />
        {salons.length === 0 ? (
          <p>{say('salons.none')}</p>
        ) : (
          <ul className="salons" aria-label={say('salons.list')}>
            {salons.map((salon) => (
              <li key={salon.salon}>
                <a href={bookingPath(salon.salon)}>{salon.name}</a>
              </li>
            ))}
          </ul>
        )}
      </main>
    );
  }
  if (read.isLoading) {
    return <LoadingPage doing={say('salons.looking')} />;
  }
  const trouble = read.error as Trouble | undefined;
  const headline =
    trouble?.kind === 'no reply' ? say('salons.noReply') : say('salons.unshown');
  return (
    <UnshownPage title={say('salons.choose')} headline={headline} moment={read.error}>
      <TryAgainLater onTryAgain={() => void read.refetch()} />
    </UnshownPage>
  );
}
