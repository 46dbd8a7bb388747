// A salon's wall clock, read through the browser's time-zone data (Intl): an instant's local date and time, a local date and time as an instant, and dates counted in days. Pure: no clock of its own.
import { language, locale } from '../i18n/say';
import { dayKeys } from './decode';
import type { DayKey } from './decode';

/** An instant as the salon's wall clock reads it. */
export interface Wall {
  /** The local date, YYYY-MM-DD. */
  readonly date: string;
  /** The local time, HH:MM. */
  readonly time: string;
  /** Minutes since local midnight. */
  readonly minutes: number;
  readonly day: DayKey;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** wallParts is the instant ms read in zone: its calendar fields as numbers. */
function wallParts(ms: number, zone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') {
      parts[part.type] = Number(part.value);
    }
  }
  return { y: parts['year'] ?? 0, mo: parts['month'] ?? 1, d: parts['day'] ?? 1, h: parts['hour'] ?? 0, mi: parts['minute'] ?? 0, s: parts['second'] ?? 0 };
}

/** offsetMinutes is how far zone's wall clock is ahead of UTC at the instant ms. */
export function offsetMinutes(ms: number, zone: string): number {
  const p = wallParts(ms, zone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dayOf names a local date's weekday as the service keys it. */
export function dayOf(date: string): DayKey {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return dayKeys[(sundayFirst + 6) % 7] ?? 'mon';
}

/** wallOf reads an instant (ms, or an RFC 3339 time) on zone's wall clock. */
export function wallOf(at: number | string, zone: string): Wall {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  const p = wallParts(ms, zone);
  const date = `${p.y}-${pad(p.mo)}-${pad(p.d)}`;
  return { date, time: `${pad(p.h)}:${pad(p.mi)}`, minutes: p.h * 60 + p.mi, day: dayOf(date) };
}

/**
 * instantOf is the instant zone's wall clock reads date at time (HH:MM), in ms. A time the clocks
 * skip is read with the offset before the change (so it lands after the gap); a time they repeat
 * is its first occurrence, as the service places a slot's start.
 */
export function instantOf(date: string, time: string, zone: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h, mi);
  // The offsets a day before and after bracket any change on the day; the earlier instant is the first occurrence.
  const candidates = [offsetMinutes(asUtc - 86_400_000, zone), offsetMinutes(asUtc + 86_400_000, zone)]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => wallOf(ms, zone).date === date && wallOf(ms, zone).minutes === h * 60 + mi);
  if (candidates.length > 0) {
    return Math.min(...candidates);
  }
  return asUtc - offsetMinutes(asUtc - 86_400_000, zone) * 60_000;
}

/** addDays is the date n days after date (before, for a negative n). */
export function addDays(date: string, n: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + n));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** mondayOf is the Monday of date's week. */
export function mondayOf(date: string): string {
  return addDays(date, -dayKeys.indexOf(dayOf(date)));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** dayFormat is Intl's format of a date in the page's language, long or short, or its weekday alone, cached. */
function dayFormat(length: 'long' | 'short' | 'weekday'): Intl.DateTimeFormat {
  const key = `${locale()} ${length}`;
  let format = dayFormats.get(key);
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions =
      length === 'weekday' ? { timeZone: 'UTC', weekday: 'long' } : { timeZone: 'UTC', weekday: length, day: 'numeric', month: length };
    format = new Intl.DateTimeFormat(locale(), options);
    dayFormats.set(key, format);
  }
  return format;
}

/** dayHeading writes a date as the salon's labels do, in the page's language: "Wednesday 2 December", "Mittwoch, 2. Dezember". */
export function dayHeading(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return dayFormat('long').format(new Date(Date.UTC(y, m - 1, d)));
}

/** shortDay writes a date briefly, for a column's heading: "Wed 2 Dec". */
export function shortDay(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return dayFormat('short').format(new Date(Date.UTC(y, m - 1, d)));
}

/** weekdayName names a day of the week in the page's language, as CLDR writes it: "Monday", "Montag". */
export function weekdayName(day: DayKey): string {
  // 7 December 2026 is a Monday.
  return dayFormat('weekday').format(new Date(Date.UTC(2026, 11, 7 + dayKeys.indexOf(day))));
}

const slotWall = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/**
 * when is how a slot reads in the page's language: the server's English label in English, and
 * elsewhere the slot's own wall-clock date and time (its id carries the salon's offset), such as
 * "Samstag, 5. Dezember, 10:30".
 */
export function when(slot: string, label: string): string {
  const m = slotWall.exec(slot);
  if (language() === 'en' || m === null) {
    return label;
  }
  return `${dayHeading(m[1] ?? '')}, ${m[2] ?? ''}`;
}

/** rfc3339 writes an instant as the service writes times: to the second, with zone's offset then. */
export function rfc3339(ms: number, zone: string): string {
  const wall = wallOf(ms, zone);
  const offset = offsetMinutes(ms, zone);
  const seconds = pad(new Date(ms).getUTCSeconds());
  if (offset === 0) {
    return `${wall.date}T${wall.time}:${seconds}Z`;
  }
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.date}T${wall.time}:${seconds}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** clockMinutes reads HH:MM as minutes since midnight. */
export function clockMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** clockOf writes minutes since midnight as HH:MM. */
export function clockOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
