// The owner's calendar laid out: a day's or a week's window in the salon's zone, the hours the grid shows, one lane per stylist, and each booking placed by its start and drawn to its length (processing after it). Pure: the salon, the bookings and the dates come in as arguments.
import type { Entry, Hours, Salon } from '../calendar/decode';
import { addDays, clockMinutes, dayOf, instantOf, mondayOf, rfc3339, wallOf } from '../calendar/zone';

/** Which window the calendar shows. */
export type Span = 'day' | 'week';

/** A window of the salon's days: their dates, and the instants the owner's list is asked for. */
export interface Window {
  readonly dates: readonly string[];
  readonly from: string;
  readonly to: string;
}

/** windowOf is the day of date, or its week from Monday, as instants in the salon's zone. */
export function windowOf(span: Span, date: string, zone: string): Window {
  const first = span === 'day' ? date : mondayOf(date);
  const count = span === 'day' ? 1 : 7;
  const dates = Array.from({ length: count }, (_, i) => addDays(first, i));
  return {
    dates,
    from: rfc3339(instantOf(first, '00:00', zone), zone),
    to: rfc3339(instantOf(addDays(first, count), '00:00', zone), zone),
  };
}

/** A lane of the grid: one stylist, or the salon's one chair at a simple salon. */
export interface Lane {
  /** The stylist's id; '' for a simple salon's chair or a stylist no longer on the team. */
  readonly id: string;
  readonly name: string;
}

/** lanesOf is the salon's stylists in its order, or its one chair; a booking of someone no longer on the team gets a lane of its own. */
export function lanesOf(salon: Salon, entries: readonly Entry[]): Lane[] {
  const lanes: Lane[] = salon.menu === null ? [{ id: '', name: salon.name }] : salon.menu.stylists.map((p) => ({ id: p.id, name: p.name }));
  for (const entry of entries) {
    const id = entry.stylist ?? '';
    if (!lanes.some((lane) => lane.id === id)) {
      lanes.push({ id, name: entry.stylistName ?? 'No stylist' });
    }
  }
  return lanes;
}

/** hoursOn is a stylist's (or the salon's) opening intervals on a date, in minutes since midnight. */
export function hoursOn(hours: Hours, date: string): [number, number][] {
  return (hours[dayOf(date)] ?? []).map(([from, to]) => [clockMinutes(from), clockMinutes(to)]);
}

/** laneHours is the hours a lane works: its stylist's own, else the salon's. */
export function laneHours(salon: Salon, lane: string): Hours {
  return salon.menu?.stylists.find((p) => p.id === lane)?.hours ?? salon.hours;
}

/** A booking placed on the grid. */
export interface Block {
  readonly entry: Entry;
  readonly date: string;
  readonly lane: string;
  /** Minutes since the salon's local midnight that the booking starts. */
  readonly start: number;
  /** How long the service takes, in minutes. */
  readonly minutes: number;
  /** Processing after it, when the stylist is still taken (from the menu as it is now). */
  readonly after: number;
}

/** blocksOf places the live bookings: by date and lane, each from its start to its end, with its service's processing after it. */
export function blocksOf(salon: Salon, entries: readonly Entry[]): Block[] {
  return entries
    .filter((entry) => entry.status === 'booked')
    .map((entry) => {
      const start = wallOf(entry.slot, salon.timeZone);
      const ends = entry.ends === null ? Date.parse(entry.slot) + (salon.slotMinutes ?? 0) * 60_000 : Date.parse(entry.ends);
      const minutes = Math.max(5, Math.round((ends - Date.parse(entry.slot)) / 60_000));
      const last = entry.services.at(-1) ?? entry.service;
      const after = salon.menu?.services.find((s) => s.id === last)?.afterMinutes ?? 0;
      return { entry, date: start.date, lane: entry.stylist ?? '', start: start.minutes, minutes, after };
    });
}

/** One service of a booking, as the menu now has it: its name, where it starts after the booking's start, its length and processing, and the names of the resources it holds. */
export interface Part {
  readonly name: string;
  readonly from: number;
  readonly minutes: number;
  readonly after: number;
  readonly holds: readonly string[];
}

/** partsOf is a booking's services back to back, as the menu now has them: one part, or a visit's several; none at a simple salon. A service the menu no longer has takes no time. */
export function partsOf(salon: Salon, entry: Entry): Part[] {
  const menu = salon.menu;
  let from = 0;
  return entry.services.map((id) => {
    const service = menu?.services.find((s) => s.id === id);
    const holds = (service?.resources ?? []).map((r) => menu?.resources.find((x) => x.id === r)?.name ?? r);
    const part = { name: service?.name ?? id, from, minutes: service?.minutes ?? 0, after: service?.afterMinutes ?? 0, holds };
    from += part.minutes + part.after;
    return part;
  });
}

/** The hours the grid runs through, in minutes since midnight: whole hours from the earliest opening to the latest closing or booking. */
export interface Axis {
  readonly start: number;
  readonly end: number;
}

/** axisOf spans every lane's hours on the dates and every block, in whole hours; 09:00 to 18:00 when nothing says otherwise. */
export function axisOf(salon: Salon, lanes: readonly Lane[], dates: readonly string[], blocks: readonly Block[]): Axis {
  const edges: number[] = [];
  for (const date of dates) {
    for (const lane of lanes) {
      for (const [from, to] of hoursOn(laneHours(salon, lane.id), date)) {
        edges.push(from, to);
      }
    }
  }
  for (const block of blocks) {
    if (dates.includes(block.date)) {
      edges.push(block.start, Math.min(24 * 60, block.start + block.minutes + block.after));
    }
  }
  if (edges.length === 0) {
    return { start: 9 * 60, end: 18 * 60 };
  }
  return { start: Math.floor(Math.min(...edges) / 60) * 60, end: Math.min(24 * 60, Math.ceil(Math.max(...edges) / 60) * 60) };
}

/** closedSpans is when a lane is closed within the axis on a date: outside its hours, as [from, to) minutes. */
export function closedSpans(salon: Salon, lane: string, date: string, axis: Axis): [number, number][] {
  const open = hoursOn(laneHours(salon, lane), date).sort((a, b) => a[0] - b[0]);
  const closed: [number, number][] = [];
  let at = axis.start;
  for (const [from, to] of open) {
    if (from > at) {
      closed.push([at, Math.min(from, axis.end)]);
    }
    at = Math.max(at, to);
  }
  if (at < axis.end) {
    closed.push([at, axis.end]);
  }
  return closed.filter(([from, to]) => to > from);
}

/** todayIn is the salon's local date at the instant now (ms). */
export function todayIn(zone: string, now: number): string {
  return wallOf(now, zone).date;
}
