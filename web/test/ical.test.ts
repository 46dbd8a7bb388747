// The calendars the server writes (internal/ical's golden files, kept fresh by its Go tests) read back through ical.js, a reader the server doesn't use: every instant resolves through the calendar's own VTIMEZONE to the booking's, across a clock change in each hemisphere.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

const testdata = (name: string) => fileURLToPath(new URL(`../../internal/ical/testdata/${name}`, import.meta.url));

type Expected = {
  file: string;
  zone: string;
  events: { uid: string; sequence: number; status: string; summary: string; start: string; end: string; url?: string }[];
};

const calendars = JSON.parse(readFileSync(testdata('expected.json'), 'utf8')) as Expected[];

const instant = (iso: string) => new Date(iso).toISOString();

/** Each VEVENT of a calendar as ical.js reads it, its times resolved to instants. */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      start: new Date(event.startDate.toUnixTime() * 1000).toISOString(),
      end: new Date(event.endDate.toUnixTime() * 1000).toISOString(),
      url: vevent.getFirstPropertyValue('url') ?? undefined,
      zones: [event.startDate.zone?.tzid, event.endDate.zone?.tzid],
    };
  });
}

describe.each(calendars)('$file, read by ical.js', ({ file, zone, events }) => {
  const text = readFileSync(testdata(file), 'utf8');

  it('holds every booking with its UID, SEQUENCE, STATUS and summary as written', () => {
    expect(read(text).map(({ uid, sequence, status, summary }) => ({ uid, sequence, status, summary }))).toEqual(
      events.map(({ uid, sequence, status, summary }) => ({ uid, sequence, status, summary })),
    );
  });

  it("resolves every DTSTART and DTEND to the booking's instant", () => {
    expect(read(text).map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(
      events.map(({ uid, start, end }) => ({ uid, start: instant(start), end: instant(end) })),
    );
  });

  it(`reads the times written with a TZID through the calendar's own ${zone} VTIMEZONE`, () => {
    const zoned = read(text).flatMap((event) => event.zones.filter((tzid) => tzid !== 'UTC'));
    expect(zoned.length).toBeGreaterThan(0);
    expect(new Set(zoned)).toEqual(new Set([zone]));
  });

  it('gives a different instant when the VTIMEZONE says another offset, so the instants above came from it', () => {
    // Every TZOFFSETTO an hour later: the zone's wall times then name instants an hour earlier.
    const shifted = text.replace(/^TZOFFSETTO:\+(\d\d)00\r$/gm, (_, h: string) => `TZOFFSETTO:+${String(Number(h) + 1).padStart(2, '0')}00\r`);
    expect(shifted).not.toBe(text);
    const before = read(text);
    const after = read(shifted);
    const moved = after.filter((event, i) => event.start !== before[i]?.start);
    expect(moved.length).toBeGreaterThan(0);
  });

  it('keeps the manage link as the URL', () => {
    expect(read(text).map(({ url }) => url)).toEqual(events.map(({ url }) => url));
  });

  it('ends every line with CRLF and keeps each within 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
    expect(lines.filter((line) => Buffer.byteLength(line, 'utf8') > 75)).toEqual([]);
  });
});
