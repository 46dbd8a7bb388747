// The booking's calendar file, fetched with its manage key in the Authorization header (never in the address) and handed to the page as a local blob: address to download.
import { replyTimeoutMs } from '../api/emptyApi';

/** calendarPath is the booking's .ics route; it answers only with the booking's key as a bearer token. */
export function calendarPath(salon: string, booking: string): string {
  return `/salons/${encodeURIComponent(salon)}/my/${encodeURIComponent(booking)}/calendar.ics`;
}

/**
 * fetchCalendar reads the booking's .ics from the service at origin, the key as the bearer token,
 * and returns it as a Blob, or null when the service answers anything but a calendar (a wrong
 * key, a booking it doesn't hold, no reply).
 */
export async function fetchCalendar(origin: string, salon: string, booking: string, key: string): Promise<Blob | null> {
  try {
    const response = await fetch(new URL(calendarPath(salon, booking), origin), {
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/calendar' },
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: AbortSignal.timeout(replyTimeoutMs),
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/calendar')) {
      return null;
    }
    const text = await response.text();
    return text.startsWith('BEGIN:VCALENDAR') ? new Blob([text], { type: 'text/calendar' }) : null;
  } catch {
    return null;
  }
}

/** calendarFileName is what the downloaded file is called: the salon's id and the booking's reference. */
export function calendarFileName(salon: string, booking: string): string {
  return `${salon}-${booking}.ics`.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** myBookingPath is the my-booking page's address; the key goes after #, so it never reaches a request line or a Referer. */
export function myBookingPath(salon: string, booking: string, key: string): string {
  return `/my/${encodeURIComponent(salon)}/${encodeURIComponent(booking)}#${encodeURIComponent(key)}`;
}
