// The owner's settings as a form holds them (every value as typed), back into the body of PUT /salons/{salon}, and where on the form a refusal that names a field belongs. Pure.
import type { ClosureLine, ResourceLine, SalonSettings, ServiceLine, StylistLine } from '../api/generated';
import { dayKeys } from '../calendar/decode';
import type { Closure, DayKey, Hours, Salon } from '../calendar/decode';
import { majorOf, minorOf } from '../calendar/menu';

/** One opening interval as typed: HH:MM each. */
export interface DraftInterval {
  readonly from: string;
  readonly to: string;
}

/** A week's hours as typed: each day's intervals, none for a closed day. */
export type DraftHours = Readonly<Record<DayKey, readonly DraftInterval[]>>;

export interface DraftService {
  readonly id: string;
  readonly name: string;
  readonly minutes: string;
  /** In the currency's major unit, as typed: "45.00"; empty when it isn't on the sheet. */
  readonly price: string;
  readonly afterMinutes: string;
  /** In the currency's major unit, as typed: "20.00"; empty when the service asks no deposit. */
  readonly deposit: string;
  /** The ids of the resources it holds. */
  readonly resources: readonly string[];
}

export interface DraftResource {
  readonly id: string;
  readonly name: string;
  /** How many the salon has, as typed. */
  readonly count: string;
}

export interface DraftStylist {
  readonly id: string;
  readonly name: string;
  readonly services: readonly string[];
  /** False: the stylist works the salon's hours. */
  readonly ownHours: boolean;
  readonly hours: DraftHours;
}

/** The settings as the form holds them. */
export interface Draft {
  readonly name: string;
  readonly timeZone: string;
  readonly phone: string;
  /** The salon's language, a BCP 47 tag. */
  readonly language: string;
  /** The sites that may frame the booking page, one origin a line, as typed. */
  readonly embedOrigins: string;
  readonly hours: DraftHours;
  readonly horizonDays: string;
  readonly changeCutoffHours: string;
  readonly maxUpcomingPerContact: string;
  readonly maxBookingsPerMinute: string;
  readonly paymentMinutes: string;
  /** A simple salon's: its slot length and its price list, kept as they are. */
  readonly slotMinutes: string;
  readonly prices: Salon['prices'];
  /** A menu salon's. */
  readonly menu: boolean;
  readonly currency: string;
  readonly gridMinutes: string;
  readonly minNoticeMinutes: string;
  readonly services: readonly DraftService[];
  readonly stylists: readonly DraftStylist[];
  readonly closures: readonly Closure[];
  readonly resources: readonly DraftResource[];
}

function draftHours(hours: Hours | null): DraftHours {
  const draft = {} as Record<DayKey, DraftInterval[]>;
  for (const day of dayKeys) {
    draft[day] = (hours?.[day] ?? []).map(([from, to]) => ({ from, to }));
  }
  return draft;
}

/** draftOf is the salon's settings as the form starts from. */
export function draftOf(salon: Salon): Draft {
  const menu = salon.menu;
  const currency = menu?.currency ?? '';
  return {
    name: salon.name,
    timeZone: salon.timeZone,
    phone: salon.phone,
    language: salon.language,
    embedOrigins: salon.embedOrigins.join('\n'),
    hours: draftHours(salon.hours),
    horizonDays: String(salon.horizonDays),
    changeCutoffHours: String(salon.changeCutoffHours),
    maxUpcomingPerContact: String(salon.maxUpcomingPerContact),
    maxBookingsPerMinute: String(salon.maxBookingsPerMinute),
    paymentMinutes: String(salon.paymentMinutes),
    slotMinutes: salon.slotMinutes === null ? '' : String(salon.slotMinutes),
    prices: salon.prices,
    menu: menu !== null,
    currency,
    gridMinutes: menu === null ? '' : String(menu.gridMinutes),
    minNoticeMinutes: menu === null ? '' : String(menu.minNoticeMinutes),
    services: (menu?.services ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      minutes: String(s.minutes),
      price: s.price === null ? '' : currency === '' ? String(s.price) : majorOf(s.price, currency),
      afterMinutes: String(s.afterMinutes),
      deposit: s.deposit === null ? '' : currency === '' ? String(s.deposit) : majorOf(s.deposit, currency),
      resources: s.resources,
    })),
    stylists: (menu?.stylists ?? []).map((p) => ({ id: p.id, name: p.name, services: p.services, ownHours: p.hours !== null, hours: draftHours(p.hours ?? salon.hours) })),
    closures: menu?.closures ?? [],
    resources: (menu?.resources ?? []).map((r) => ({ id: r.id, name: r.name, count: String(r.count) })),
  };
}

/** A value the form refuses before sending anything: the field, as the service would name it, and why. */
export interface Refused {
  readonly field: string;
  readonly words: string;
}

function hoursBody(hours: DraftHours): Record<string, string[][]> {
  const body: Record<string, string[][]> = {};
  for (const day of dayKeys) {
    if (hours[day].length > 0) {
      body[day] = hours[day].map((interval) => [interval.from, interval.to]);
    }
  }
  return body;
}

/** wholeOf reads a typed whole number; anything else is NaN, which the service refuses by name. */
function wholeOf(typed: string): number {
  return /^\s*\d{1,9}\s*$/.test(typed) ? Number(typed) : Number.NaN;
}

/** originsOf reads the origins typed one a line: each trimmed, a slash at the end dropped, blank lines left out. */
export function originsOf(typed: string): string[] {
  return typed
    .split('\n')
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => line !== '');
}

/** closureLine is a closure as the service takes it. */
export function closureLine(closure: Closure): ClosureLine {
  return { from: closure.from, to: closure.to, ...(closure.stylist === null ? {} : { stylist: closure.stylist }), ...(closure.note === '' ? {} : { note: closure.note }) };
}

/**
 * bodyOf is the PUT body the draft makes, or the first value the form can't even send (a number
 * that isn't one, a price that isn't an amount), named by the field the service would name.
 */
export function bodyOf(draft: Draft): SalonSettings | Refused {
  const numbers: [string, string][] = [
    ['horizonDays', draft.horizonDays],
    ['changeCutoffHours', draft.changeCutoffHours],
    ['maxUpcomingPerContact', draft.maxUpcomingPerContact],
    ['maxBookingsPerMinute', draft.maxBookingsPerMinute],
    ['paymentMinutes', draft.paymentMinutes],
    ...(draft.menu
      ? ([
          ['gridMinutes', draft.gridMinutes],
          ['minNoticeMinutes', draft.minNoticeMinutes],
        ] as [string, string][])
      : ([['slotMinutes', draft.slotMinutes]] as [string, string][])),
  ];
  for (const [field, typed] of numbers) {
    if (Number.isNaN(wholeOf(typed))) {
      return { field, words: 'must be a whole number' };
    }
  }
  const common = {
    name: draft.name,
    timeZone: draft.timeZone,
    phone: draft.phone,
    language: draft.language,
    // Left out is none, as an empty list is: PUT replaces the settings whole.
    ...(originsOf(draft.embedOrigins).length === 0 ? {} : { embedOrigins: originsOf(draft.embedOrigins) }),
    hours: hoursBody(draft.hours),
    horizonDays: wholeOf(draft.horizonDays),
    changeCutoffHours: wholeOf(draft.changeCutoffHours),
    maxUpcomingPerContact: wholeOf(draft.maxUpcomingPerContact),
    maxBookingsPerMinute: wholeOf(draft.maxBookingsPerMinute),
    paymentMinutes: wholeOf(draft.paymentMinutes),
  };
  if (!draft.menu) {
    return { ...common, slotMinutes: wholeOf(draft.slotMinutes), prices: draft.prices.map((p) => ({ service: p.service, price: p.price })) };
  }
  const services: ServiceLine[] = [];
  for (const [i, s] of draft.services.entries()) {
    for (const [field, typed] of [
      ['minutes', s.minutes],
      ['afterMinutes', s.afterMinutes],
    ] as const) {
      if (Number.isNaN(wholeOf(typed))) {
        return { field: `services[${i}].${field}`, words: 'must be a whole number of minutes' };
      }
    }
    let price: number | null = null;
    if (s.price.trim() !== '') {
      price = draft.currency === '' ? null : minorOf(s.price, draft.currency);
      if (price === null) {
        return { field: `services[${i}].price`, words: draft.currency === '' ? 'needs a currency for the salon first' : 'must be an amount such as 45.00' };
      }
    }
    let deposit: number | null = null;
    if (s.deposit.trim() !== '') {
      deposit = draft.currency === '' ? null : minorOf(s.deposit, draft.currency);
      if (deposit === null) {
        return { field: `services[${i}].deposit`, words: draft.currency === '' ? 'needs a currency for the salon first' : 'must be an amount such as 20.00' };
      }
    }
    services.push({
      id: s.id,
      name: s.name,
      minutes: wholeOf(s.minutes),
      afterMinutes: wholeOf(s.afterMinutes),
      ...(price === null ? {} : { price }),
      ...(deposit === null ? {} : { deposit }),
      resources: [...s.resources],
    });
  }
  const resources: ResourceLine[] = [];
  for (const [i, r] of draft.resources.entries()) {
    if (Number.isNaN(wholeOf(r.count))) {
      return { field: `resources[${i}].count`, words: 'must be a whole number' };
    }
    resources.push({ id: r.id, name: r.name, count: wholeOf(r.count) });
  }
  const stylists: StylistLine[] = draft.stylists.map((p) => ({ id: p.id, name: p.name, services: [...p.services], ...(p.ownHours ? { hours: hoursBody(p.hours) } : {}) }));
  return {
    ...common,
    ...(draft.currency === '' ? {} : { currency: draft.currency }),
    gridMinutes: wholeOf(draft.gridMinutes),
    minNoticeMinutes: wholeOf(draft.minNoticeMinutes),
    services,
    stylists,
    closures: draft.closures.map(closureLine),
    resources,
  };
}

/** withoutResource is the draft with its i-th resource removed, and off every service that held it. */
export function withoutResource(draft: Draft, i: number): Draft {
  const gone = draft.resources[i]?.id;
  return {
    ...draft,
    resources: draft.resources.filter((_, k) => k !== i),
    services: draft.services.map((s) => ({ ...s, resources: s.resources.filter((r) => r !== gone) })),
  };
}

/** withClosures is the salon's settings as they are, with its closures replaced: what the closures' editor puts. */
export function withClosures(salon: Salon, closures: readonly Closure[]): SalonSettings | Refused {
  return bodyOf({ ...draftOf(salon), closures });
}

/** isRefused tells a value the form refuses from a body to send. */
export function isRefused(value: SalonSettings | Refused): value is Refused {
  return 'words' in value;
}

/** The places on the settings form where a refusal can be shown: one per field, row and section the form draws. */
export function placesOf(draft: Draft): Set<string> {
  const places = new Set(['settings', 'name', 'timeZone', 'phone', 'language', 'embedOrigins', 'hours', 'horizonDays', 'changeCutoffHours', 'maxUpcomingPerContact', 'maxBookingsPerMinute', 'paymentMinutes']);
  const addHours = (prefix: string, hours: DraftHours) => {
    for (const day of dayKeys) {
      places.add(`${prefix}.${day}`);
      hours[day].forEach((_, k) => places.add(`${prefix}.${day}[${k}]`));
    }
  };
  addHours('hours', draft.hours);
  if (!draft.menu) {
    places.add('slotMinutes');
    places.add('prices');
    return places;
  }
  for (const field of ['currency', 'gridMinutes', 'minNoticeMinutes', 'services', 'stylists', 'closures', 'resources']) {
    places.add(field);
  }
  draft.resources.forEach((_, i) => {
    for (const field of ['', '.id', '.name', '.count']) {
      places.add(`resources[${i}]${field}`);
    }
  });
  draft.services.forEach((_, i) => {
    for (const field of ['', '.id', '.name', '.minutes', '.price', '.afterMinutes', '.deposit', '.resources']) {
      places.add(`services[${i}]${field}`);
    }
  });
  draft.stylists.forEach((p, i) => {
    for (const field of ['', '.id', '.name', '.services', '.hours']) {
      places.add(`stylists[${i}]${field}`);
    }
    if (p.ownHours) {
      addHours(`stylists[${i}].hours`, p.hours);
    }
  });
  draft.closures.forEach((_, i) => places.add(`closures[${i}]`));
  return places;
}

/**
 * placeOf is where on the form a refusal of field goes: the field itself when the form draws it,
 * else the nearest row or section holding it (`stylists[0].services[2]` goes to
 * `stylists[0].services`), else the form as a whole.
 */
export function placeOf(field: string, places: ReadonlySet<string>): string {
  let at = field;
  while (at !== '') {
    if (places.has(at)) {
      return at;
    }
    const cut = Math.max(at.lastIndexOf('.'), at.lastIndexOf('['));
    at = cut <= 0 ? '' : at.slice(0, cut);
  }
  return 'settings';
}

/** idFrom makes an id from a name, as the service's ids are written: a-z, 0-9 and -, at most 40. */
export function idFrom(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'item';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) {
    id = `${base}-${n}`;
  }
  return id;
}
