// A menu salon's calendar on the owner's page: a day or a week, one lane per stylist, each booking drawn from its start to its end (processing after it), hours a stylist doesn't work shaded; a booking opens its details, to cancel it or move it to a free time.
import { say } from '../i18n/say';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { AvailableTime, Entry, Salon } from '../calendar/decode';
import { bookingStatusWords, depositWords, nameOf } from '../calendar/menu';
import { addDays, clockOf, dayHeading, shortDay, wallOf, when } from '../calendar/zone';
import { axisOf, blocksOf, closedSpans, lanesOf, partsOf, todayIn, windowOf } from './calendar';
import type { Block, Span } from './calendar';
import { Details } from '../booking/Booked';
import { Announcer, Confirm } from '../page/parts';
import { TimeButtons } from '../booking/TimeButtons';
import { troubleWords } from '../page/words';
import { NoticeCard, Who, useNotice } from './common';
import type { Notice } from './common';

/** How many pixels a minute takes: a day has room to spare, a week packs seven. */
const scale: Record<Span, number> = { day: 1.6, week: 1 };

/** The most bookings one page of the owner's list brings. */
const pageLimit = 1000;

export function CalendarView({ salon }: { salon: Salon }) {
  // A phone shows a day: a week's 21 lanes need a scroller there.
  const [span, setSpan] = useState<Span>(() => (typeof window !== 'undefined' && window.innerWidth < 640 ? 'day' : 'week'));
  const [date, setDate] = useState(() => todayIn(salon.timeZone, Date.now()));
  const [open, setOpen] = useState<string | null>(null);
  const [notice, tell] = useNotice();
  const shown = windowOf(span, date, salon.timeZone);
  const read = bookingApi.endpoints.listBookings.useQuery({ salon: salon.salon, from: shown.from, to: shown.to, limit: pageLimit }, { refetchOnFocus: true, pollingInterval: 60_000 });
  // currentData: another day's or week's bookings never show under this one's heading.
  const page = read.currentData?.ok === true ? read.currentData.value : null;
  const entries = page?.entries ?? [];
  const chosen = entries.find((e) => e.booking === open) ?? null;
  const heading = span === 'day' ? dayHeading(date) : say('cal.weekOf', { day: dayHeading(shown.dates[0] ?? date) });
  const live = entries.filter((e) => e.status === 'booked').length;
  const said =
    read.currentData?.ok === false
      ? troubleWords(undefined)
      : page === null
        ? read.error === undefined
          ? say('owner.readingBookings')
          : troubleWords(read.error as Trouble)
        : span === 'day'
          ? say('cal.countDay', { count: live, day: dayHeading(date) })
          : say('cal.countWeek', { count: live, day: dayHeading(shown.dates[0] ?? date) });

  const step = (days: number) => {
    setOpen(null);
    setDate(addDays(date, days * (span === 'day' ? 1 : 7)));
  };

  return (
    <section aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">{heading}</h2>
      <div className="toolbar" role="group" aria-label={say('cal.toolbar')}>
        <button type="button" className="quiet" aria-pressed={span === 'day'} onClick={() => setSpan('day')}>
          {say('cal.day')}
        </button>
        <button type="button" className="quiet" aria-pressed={span === 'week'} onClick={() => setSpan('week')}>
          {say('cal.week')}
        </button>
        <button type="button" className="quiet" onClick={() => step(-1)}>
          {span === 'day' ? say('cal.previousDay') : say('cal.previousWeek')}
        </button>
        <button type="button" className="quiet" onClick={() => setDate(todayIn(salon.timeZone, Date.now()))}>
          {say('cal.today')}
        </button>
        <button type="button" className="quiet" onClick={() => step(1)}>
          {span === 'day' ? say('cal.nextDay') : say('cal.nextWeek')}
        </button>
      </div>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <p className="summary">
        {said}
        {page !== null && read.isFetching && ` ${say('my.checking')}`}
      </p>
      {page === null && read.error !== undefined && (
        <button type="button" onClick={() => void read.refetch()}>
          {say('tryAgain.button')}
        </button>
      )}
      {page !== null && page.next !== null && <p className="hint">{say('cal.onlyFirst', { count: pageLimit })}</p>}
      {page !== null && (
        <Grid
          salon={salon}
          span={span}
          dates={shown.dates}
          entries={entries}
          open={open}
          onOpen={(booking) => setOpen(booking)}
          onDay={(d) => {
            setSpan('day');
            setDate(d);
          }}
        />
      )}
      {chosen !== null && <BookingPanel key={chosen.booking} salon={salon} entry={chosen} onClose={() => setOpen(null)} onNotice={tell} />}
      <Announcer text={notice?.notice.text ?? said} moment={notice?.seq ?? said} />
    </section>
  );
}

interface GridProps {
  readonly salon: Salon;
  readonly span: Span;
  readonly dates: readonly string[];
  readonly entries: readonly Entry[];
  readonly open: string | null;
  readonly onOpen: (booking: string) => void;
  readonly onDay: (date: string) => void;
}

/** Grid draws the window: a column of hours, then for each day a column per stylist, each booking placed by its time. */
function Grid({ salon, span, dates, entries, open, onOpen, onDay }: GridProps) {
  const lanes = lanesOf(salon, entries);
  const blocks = blocksOf(salon, entries);
  const axis = axisOf(salon, lanes, dates, blocks);
  const ppm = scale[span];
  const height = (axis.end - axis.start) * ppm;
  const hours = Array.from({ length: (axis.end - axis.start) / 60 + 1 }, (_, i) => axis.start + i * 60);
  const label = span === 'day' ? say('cal.gridDay', { day: dayHeading(dates[0] ?? '') }) : say('cal.gridWeek', { day: dayHeading(dates[0] ?? '') });
  return (
    <div className={`calendar-scroll ${span}`} role="region" aria-label={label} tabIndex={0}>
      <div className="calendar-grid">
        <div className="hours-column" aria-hidden="true">
          <div className="day-head" />
          <div className="lane-head" />
          <div className="hours" style={{ height: `${height}px` }}>
            {hours.map((m) => (
              <span key={m} className="hour-mark" style={{ top: `${(m - axis.start) * ppm}px` }}>
                {clockOf(m)}
              </span>
            ))}
          </div>
        </div>
        {dates.map((date) => (
          <div className="day-column" key={date}>
            <div className="day-head">
              {span === 'week' ? (
                <button type="button" className="link-button" onClick={() => onDay(date)}>
                  {shortDay(date)}
                  <span className="sr-only">{say('cal.dayAlone')}</span>
                </button>
              ) : (
                <span>{shortDay(date)}</span>
              )}
            </div>
            <div className="lanes">
              {lanes.map((lane) => (
                <div className="lane" key={lane.id}>
                  <div className="lane-head" title={lane.name}>
                    {span === 'week' ? initials(lane.name) : lane.name}
                    {span === 'week' && <span className="sr-only"> {lane.name}</span>}
                  </div>
                  <div className="lane-body" style={{ height: `${height}px`, backgroundSize: `100% ${60 * ppm}px` }}>
                    {closedSpans(salon, lane.id, date, axis).map(([from, to]) => (
                      <div key={from} className="closed-span" aria-hidden="true" style={{ top: `${(from - axis.start) * ppm}px`, height: `${(to - from) * ppm}px` }} />
                    ))}
                    {blocks
                      .filter((b) => b.date === date && b.lane === lane.id)
                      .map((b) => (
                        <BookingBlock key={b.entry.booking} block={b} salon={salon} top={(b.start - axis.start) * ppm} ppm={ppm} open={open === b.entry.booking} onOpen={onOpen} week={span === 'week'} />
                      ))}
                  </div>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** partsWords are a visit's services in order, each with when it runs on the salon's clock: "Cut 10:00–10:45; Colour 10:45–12:15, then 30 min processing". */
function partsWords(salon: Salon, entry: Entry): string {
  const start = wallOf(entry.slot, salon.timeZone).minutes;
  return partsOf(salon, entry)
    .map((part) => {
      const span = say('cal.part', { service: part.name, from: clockOf(start + part.from), to: clockOf(start + part.from + part.minutes) });
      return part.after === 0 ? span : say('cal.partAfter', { part: span, after: part.after });
    })
    .join('; ');
}

/** heldBy names the resources a booking's services hold, each once, in order; "" when none. */
function heldBy(salon: Salon, entry: Entry): string {
  return [...new Set(partsOf(salon, entry).flatMap((part) => part.holds))].join(', ');
}

function initials(name: string): string {
  return [...name].slice(0, 2).join('');
}

/** The words of a booking's button: what the block shows, then what only a screen reader needs. */
export function blockWords(block: Block): { readonly shown: string; readonly more: string } {
  const { entry } = block;
  const what = entry.serviceName ?? say('cal.appointment');
  const who = entry.name === '' ? say('cal.erased') : entry.name;
  const day = dayHeading(entry.slot.slice(0, 10));
  const until = clockOf(block.start + block.minutes);
  const stylist = entry.stylistName;
  const more =
    stylist === null
      ? say(entry.fits ? 'cal.blockMore' : 'cal.blockMoreMisfit', { day, until })
      : say(entry.fits ? 'cal.blockMoreWith' : 'cal.blockMoreWithMisfit', { day, until, stylist });
  return { shown: `${clockOf(block.start)} ${what} ${who}`, more };
}

/**
 * blockName is what a booking's button is called: its shown words first (so the name holds what
 * is seen), then when and with whom. The browser puts a space between the two, since the second
 * is a box of its own.
 */
export function blockName(block: Block): string {
  const words = blockWords(block);
  return `${words.shown} ${words.more}`;
}

function BookingBlock({ block, salon, top, ppm, open, onOpen, week }: { block: Block; salon: Salon; top: number; ppm: number; open: boolean; onOpen: (booking: string) => void; week: boolean }) {
  const { entry } = block;
  const service = salon.menu?.services.findIndex((s) => s.id === entry.service) ?? -1;
  return (
    <>
      <button
        type="button"
        className={`booking-block tone-${service < 0 ? 0 : service % 6}${entry.fits ? '' : ' misfit'}${week ? ' compact' : ''}`}
        style={{ top: `${top}px`, height: `${block.minutes * ppm}px` }}
        aria-expanded={open}
        onClick={() => onOpen(entry.booking)}
      >
        <span className="block-time">{clockOf(block.start)}</span> <span className="block-what">{entry.serviceName ?? say('cal.appointment')}</span>{' '}
        <span className="block-who">{entry.name === '' ? say('cal.erased') : entry.name}</span>
        <span className="sr-only">{blockWords(block).more}</span>
      </button>
      {block.after > 0 && <div className="processing" aria-hidden="true" style={{ top: `${top + block.minutes * ppm}px`, height: `${block.after * ppm}px` }} />}
      {partsOf(salon, entry)
        .slice(1)
        .filter((part) => part.from < block.minutes)
        .map((part) => (
          <div key={part.from} className="part-edge" aria-hidden="true" style={{ top: `${top + part.from * ppm}px` }} />
        ))}
    </>
  );
}

/** BookingPanel is one booking's details, with cancel (after a confirmation) and move (to a time that is free). */
function BookingPanel({ salon, entry, onClose, onNotice }: { salon: Salon; entry: Entry; onClose: () => void; onNotice: (notice: Notice) => void }) {
  const [cancel, cancelling] = bookingApi.endpoints.cancelBooking.useMutation();
  const [markNoShow, marking] = bookingApi.endpoints.markNoShow.useMutation();
  const [doing, setDoing] = useState<'nothing' | 'confirming' | 'moving'>('nothing');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const zone = salon.timeZone;
  const ends = entry.ends === null ? '' : wallOf(entry.ends, zone).time;
  const at = when(entry.slot, entry.label);
  const doCancel = async () => {
    setDoing('nothing');
    try {
      const done = await cancel({ salon: salon.salon, booking: entry.booking, cancelRequest: {} }).unwrap();
      const text = entry.name === '' ? say('cal.cancelledErased', { when: at }) : say('owner.cancelled', { name: entry.name, when: at });
      onNotice(done.ok ? { text, bad: false, focus: true } : { text: troubleWords(undefined), bad: true, focus: true });
      onClose();
    } catch (error) {
      onNotice({ text: troubleWords(error as Trouble, at), bad: true, focus: true });
    }
  };
  const started = Date.parse(entry.slot) <= Date.now();
  const doNoShow = async () => {
    try {
      const done = await markNoShow({ salon: salon.salon, booking: entry.booking }).unwrap();
      const whose = entry.name === '' ? say('cal.theCustomer') : entry.name;
      const text = say(entry.deposit?.status === 'paid' ? 'cal.noShowKept' : 'cal.noShow', { name: whose, when: at });
      onNotice(done.ok ? { text, bad: false, focus: true } : { text: troubleWords(undefined), bad: true, focus: true });
      onClose();
    } catch (error) {
      onNotice({ text: troubleWords(error as Trouble, at), bad: true, focus: true });
    }
  };
  return (
    <section className="card booking-panel" aria-labelledby="booking-panel-heading">
      <h3 id="booking-panel-heading" ref={heading} tabIndex={-1}>
        {entry.serviceName ?? say('cal.appointment')}, {at}
      </h3>
      {!entry.fits && <p className="field-error">{say('cal.misfit')}</p>}
      <Who entry={entry} />
      <Details
        label={say('my.booking')}
        lines={[
          ...(entry.stylistName === null ? [] : [{ term: say('menu.stylist'), value: entry.stylistName }]),
          ...(entry.services.length > 1 ? [{ term: say('cal.parts'), value: partsWords(salon, entry) }] : []),
          ...(heldBy(salon, entry) === '' ? [] : [{ term: say('cal.holds'), value: heldBy(salon, entry) }]),
          { term: say('ending.when'), value: ends === '' ? at : say('cal.fromTo', { from: at, to: ends }) },
          { term: say('cal.status'), value: bookingStatusWords(entry.status) },
          ...(entry.deposit === null ? [] : [{ term: say('my.deposit'), value: depositWords(entry.deposit, salon.menu?.currency ?? null) }]),
          ...(entry.lastText === null ? [] : [{ term: say('cal.lastText'), value: entry.lastText }]),
          { term: say('cal.booked'), value: `${dayHeading(wallOf(entry.bookedAt, zone).date)}, ${wallOf(entry.bookedAt, zone).time}` },
          { term: say('cal.reference'), value: entry.booking, code: true },
        ]}
      />
      {entry.status === 'booked' && doing === 'confirming' && (
        <Confirm question={entry.name === '' ? say('cal.confirmErased', { when: at }) : say('owner.confirmCancel', { name: entry.name, when: at })} yes={say('my.yesCancel')} onYes={() => void doCancel()} onNo={() => setDoing('nothing')} />
      )}
      {entry.status === 'booked' && doing === 'nothing' && (
        <p>
          <button type="button" onClick={() => setDoing('moving')}>
            {say('cal.move')}
          </button>
          <button type="button" className="danger" aria-disabled={cancelling.isLoading} onClick={() => !cancelling.isLoading && setDoing('confirming')}>
            {say('my.cancel')}
          </button>
          {started && (
            <button type="button" aria-disabled={marking.isLoading} onClick={() => !marking.isLoading && void doNoShow()}>
              {say('status.noShow')}
            </button>
          )}
        </p>
      )}
      {doing === 'moving' && <MoveChooser salon={salon} entry={entry} onDone={onClose} onNotice={onNotice} onBack={() => setDoing('nothing')} />}
      <button type="button" className="quiet" onClick={onClose}>
        {say('cal.closeDetails')}
      </button>
    </section>
  );
}

/** MoveChooser offers the times the booking's service is free, with its stylist or another who does it; choosing one moves it. */
function MoveChooser({ salon, entry, onDone, onBack, onNotice }: { salon: Salon; entry: Entry; onDone: () => void; onBack: () => void; onNotice: (notice: Notice) => void }) {
  const [stylist, setStylist] = useState(entry.stylist ?? '');
  const [move, moving] = bookingApi.endpoints.moveBooking.useMutation();
  const team = salon.menu?.stylists.filter((p) => entry.service !== null && p.services.includes(entry.service)) ?? [];
  const openings = bookingApi.endpoints.getAvailability.useQuery(entry.service === null ? skipToken : { salon: salon.salon, service: entry.service, stylist }, { refetchOnMountOrArgChange: true });
  const times = openings.currentData?.ok === true ? openings.currentData.value.times.filter((t) => t.slot !== entry.slot) : [];
  const choose = async (time: AvailableTime) => {
    try {
      const done = await move({ salon: salon.salon, booking: entry.booking, moveRequest: { slot: time.slot, ...(stylist === entry.stylist ? {} : { stylist }) } }).unwrap();
      const text = say('cal.movedTo', { when: when(time.slot, time.label), stylist: nameOf(salon.menu?.stylists ?? [], stylist) });
      onNotice(done.ok ? { text, bad: false, focus: true } : { text: troubleWords(undefined), bad: true, focus: true });
      onDone();
    } catch (error) {
      onNotice({ text: troubleWords(error as Trouble, when(time.slot, time.label)), bad: true, focus: true });
    }
  };
  return (
    <div className="move-chooser">
      <h4>{say('cal.moveTo')}</h4>
      {team.length > 1 && (
        <label>
          {say('my.with')}{' '}
          <select value={stylist} onChange={(event) => setStylist(event.target.value)}>
            {team.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {openings.currentData === undefined && openings.isFetching ? (
        <p>{say('cal.lookingFree')}</p>
      ) : (
        <TimeButtons
          key={stylist}
          idPrefix="move"
          times={times}
          busy={moving.isLoading}
          onTap={(time) => void choose(time)}
          hint={say('cal.moveHint')}
          none={say('cal.noneFree')}
        />
      )}
      <button type="button" className="quiet" onClick={onBack}>
        {say('cal.dontMove')}
      </button>
    </div>
  );
}
