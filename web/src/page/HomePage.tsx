// The page at /: with calendars, the registered salons, each linked to its page; without, the address-driven page.
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { BookingPage } from './BookingPage';
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
        <PageHeader eyebrow="Book a time" title="Choose a salon" />
        {salons.length === 0 ? (
          <p>No salon takes bookings here yet.</p>
        ) : (
          <ul className="salons" aria-label="Salons">
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
    return <LoadingPage doing="Looking for salons…" />;
  }
  const trouble = read.error as Trouble | undefined;
  const headline =
    trouble?.kind === 'no reply' ? "We couldn't reach the booking service." : "The list of salons can't be shown right now.";
  return (
    <UnshownPage title="Choose a salon" headline={headline} moment={read.error}>
      <TryAgainLater onTryAgain={() => void read.refetch()} />
    </UnshownPage>
  );
}
