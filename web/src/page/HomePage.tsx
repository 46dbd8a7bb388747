// The page at /: with calendars, the registered salons, each linked to its page; without, the address-driven page.
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import { BookingPage } from './BookingPage';
import { Announcer } from './parts';
import { bookingPath } from './route';

export function HomePage() {
  const read = bookingApi.endpoints.listSalons.useQuery();

  if (read.data?.ok === true && !read.data.value.calendar) {
    return <BookingPage />;
  }
  if (read.data?.ok === true) {
    const { salons } = read.data.value;
    return (
      <main>
        <header>
          <p className="eyebrow">Book a time</p>
          <h1>Choose a salon</h1>
        </header>
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
    return (
      <main>
        <header>
          <p className="eyebrow">Book a time</p>
          <h1>Looking for salons…</h1>
        </header>
        <Announcer text="Looking for salons…" moment="loading" />
      </main>
    );
  }
  const trouble = read.error as Trouble | undefined;
  const headline =
    trouble?.kind === 'no reply' ? "We couldn't reach the booking service." : "The list of salons can't be shown right now.";
  return (
    <main>
      <header>
        <p className="eyebrow">Book a time</p>
        <h1>Choose a salon</h1>
      </header>
      <section className="card outcome bad" aria-label="What went wrong">
        <h2>{headline}</h2>
        <p>Try again in a moment.</p>
        <button type="button" onClick={() => void read.refetch()}>
          Try again
        </button>
      </section>
      <Announcer text={headline} moment={read.error} />
    </main>
  );
}
