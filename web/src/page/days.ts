// Groups a salon's times by the day they fall on, for the customer's open times and the owner's agenda.
import type { Entry, SlotEntry, SlotStatus } from '../calendar/decode';
import { when } from '../calendar/zone';

/** A time of one day: its slot id, its whole label, and the time of day the label ends with. */
export interface DayTime {
  readonly slot: string;
  readonly label: string;
  readonly time: string;
}

/** One day's times, in the order given. */
export interface Day<T> {
  /** The day, as the slot ids spell it (they carry the salon's own offset, so it is the salon's date). */
  readonly key: string;
  /** The day in the salon's words, such as "Saturday 5 December". */
  readonly heading: string;
  readonly times: readonly T[];
}

const datePart = /^(\d{4}-\d{2}-\d{2})T/;

/**
 * splitLabel reads a label such as "Saturday 5 December, 09:00" as its day and its time of day,
 * at its last comma; a label without one is all day and no time.
 */
export function splitLabel(label: string): { readonly day: string; readonly time: string } {
  const comma = label.lastIndexOf(', ');
  return comma < 0 ? { day: label, time: '' } : { day: label.slice(0, comma), time: label.slice(comma + 2) };
}

/** byDay groups times by their salon-local date, keeping their order, each day once; each label reads in the page's language. */
export function byDay<T extends { readonly slot: string; readonly label: string }>(times: readonly T[]): Day<T & DayTime>[] {
  const days: { key: string; heading: string; times: (T & DayTime)[] }[] = [];
  for (const given of times) {
    const time = { ...given, label: when(given.slot, given.label) };
    const { day, time: ofDay } = splitLabel(time.label);
    const key = datePart.exec(time.slot)?.[1] ?? day;
    let found = days.find((d) => d.key === key);
    if (found === undefined) {
      found = { key, heading: day, times: [] };
      days.push(found);
    }
    found.times.push({ ...time, time: ofDay });
  }
  return days;
}

/** One row of the owner's agenda: a slot, its state, and the booking holding it, if any. */
export interface AgendaRow {
  readonly slot: string;
  readonly label: string;
  readonly status: SlotStatus;
  /** The live booking of this slot, when it is booked. */
  readonly booking: Entry | null;
  /** The bookings of this slot that were cancelled. */
  readonly cancelled: readonly Entry[];
}

/**
 * agenda lays the owner's slots and bookings side by side, earliest first: each slot with its
 * live booking and its cancelled ones. A booking of a slot the list doesn't hold (past its end)
 * still gets a row of its own, so no booking is ever left out.
 */
export function agenda(slots: readonly SlotEntry[], bookings: readonly Entry[]): AgendaRow[] {
  const rows = new Map<string, AgendaRow>();
  for (const slot of slots) {
    rows.set(slot.slot, { slot: slot.slot, label: slot.label, status: slot.status, booking: null, cancelled: [] });
  }
  for (const entry of bookings) {
    const row = rows.get(entry.slot) ?? { slot: entry.slot, label: entry.label, status: entry.status === 'booked' ? 'booked' : 'open', booking: null, cancelled: [] };
    rows.set(
      entry.slot,
      entry.status === 'booked' ? { ...row, status: 'booked', booking: entry } : { ...row, cancelled: [...row.cancelled, entry] },
    );
  }
  return [...rows.values()].sort((a, b) => Date.parse(a.slot) - Date.parse(b.slot) || a.slot.localeCompare(b.slot));
}
