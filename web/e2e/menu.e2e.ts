// End to end at a menu salon: the real bookingd on SQLite, in Chromium. A customer books a colour with anyone by tapping a time, moves it from the my-booking page and is told to call once changes close; a lost reply is recovered; the owner, signed in with the salon's key, changes a stylist's hours (and the customer's page follows), reads a week with services overlapping across stylists, and erases a customer. axe-core on every state, at a phone's 360 px and on a desktop.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayHeading, dayOf, mondayOf, shortDay, wallOf } from '../src/calendar/zone';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort, watchedPage } from './bookingd';

/** The button that shows more days of open times: "Show 4 more days", or "Show one more day" at the end. */
const laterDays = /^Show (one more day|\d+ more days)$/;

const docs = fileURLToPath(new URL('../docs', import.meta.url));
const writeDocs = process.env['E2E_DOCS'] === '1';

const salon = 'studio-nine';
const salonName = 'Studio Nine';
const phone = '+44 20 7946 0000';
const zone = 'Europe/London';
const operator = randomBytes(24).toString('hex');
const signingKey = randomBytes(32).toString('hex');
const phoneSize = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };

const dayNames: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

interface Slot {
  readonly slot: string;
  readonly label: string;
  readonly stylists: readonly string[];
}

let scratch = '';
let server: Bookingd;
let browser: Browser;
let salonKey = '';
const contexts: BrowserContext[] = [];
const browserErrors: string[] = [];

async function api(path: string, init: RequestInit = {}, token = operator): Promise<Response> {
  return fetch(`${server.base}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
}

/** settings are the salon's: the demo's menu and team, but open every day from early to late, three days ahead, so the test finds times whenever it runs. */
function settings(changeCutoffHours = 24): unknown {
  const day = [['06:00', '23:30']];
  const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  return {
    name: salonName,
    timeZone: zone,
    phone,
    hours: week,
    horizonDays: 3,
    changeCutoffHours,
    currency: 'GBP',
    services: [
      { id: 'cut', name: 'Cut', minutes: 45, price: 4500 },
      { id: 'colour', name: 'Colour', minutes: 90, price: 8000, afterMinutes: 30 },
      { id: 'beard-trim', name: 'Beard trim', minutes: 15, price: 1500 },
    ],
    stylists: [
      { id: 'ana', name: 'Ana', services: ['cut', 'colour', 'beard-trim'] },
      { id: 'ben', name: 'Ben', services: ['cut', 'beard-trim'] },
      { id: 'chloe', name: 'Chloé', services: ['cut', 'colour', 'beard-trim'] },
    ],
  };
}

async function putSettings(body: unknown): Promise<void> {
  const response = await api(`/salons/${salon}`, { method: 'PUT', body: JSON.stringify(body) });
  if (response.status !== 200) {
    throw new Error(`PUT /salons/${salon}: got ${response.status} ${await response.text()}`);
  }
}

async function openTimes(service: string, stylist?: string): Promise<Slot[]> {
  const response = await fetch(`${server.base}/salons/${salon}/availability?service=${service}${stylist === undefined ? '' : `&stylist=${stylist}`}`);
  return ((await response.json()) as { slots: Slot[] }).slots;
}

/** onLastDay is the open times of a service on the horizon's last day, more than a day ahead, where changes are still open. */
async function onLastDay(service: string, stylist?: string): Promise<Slot[]> {
  const times = await openTimes(service, stylist);
  const last = times.at(-1)?.slot.slice(0, 10) ?? '';
  return times.filter((t) => t.slot.startsWith(last) && Date.parse(t.slot) - Date.now() > 26 * 3_600_000);
}

/** bookByApi books through both rounds, as another customer's page would, and answers the booking's reference. */
async function bookByApi(service: string, slot: string, stylist: string, name: string, contact: string): Promise<string> {
  const args = { message: '', openSlots: [slot], customer: { name, contact }, service, stylist };
  const one = (await (await api(`/salons/${salon}/book`, { method: 'POST', body: JSON.stringify({ arguments: args }) }, '')).json()) as { requestState: string };
  const two = (await (
    await api(
      `/salons/${salon}/book`,
      { method: 'POST', body: JSON.stringify({ arguments: args, inputResponses: { time: { action: 'accept', content: { time: slot } } }, requestState: one.requestState }) },
      '',
    )
  ).json()) as { structuredContent: { status: string; booking: string } };
  expect(two.structuredContent.status).toBe('booked');
  return two.structuredContent.booking;
}

async function listed(): Promise<{ booking: string; name: string; contact: string; slot: string; stylist: string; status: string }[]> {
  return ((await (await api(`/salons/${salon}/bookings?limit=1000`)).json()) as { bookings: { booking: string; name: string; contact: string; slot: string; stylist: string; status: string }[] }).bookings;
}

function newPage(viewport = desktop): Promise<Page> {
  return watchedPage(browser, { viewport, acceptDownloads: true }, contexts, browserErrors);
}

function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el === null || el === document.body ? 'body' : `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim()}`;
  });
}

/**
 * shot saves what the screen shows at a phone's width and at a desktop's, where focus has brought
 * the page (name-phone.png, name-desktop.png), and with E2E_DOCS=1 copies both to docs/. The page
 * is left at the size it had.
 */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? desktop;
  for (const [label, viewport] of [
    ['phone', phoneSize],
    ['desktop', desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => (document.activeElement === document.body ? undefined : document.activeElement?.scrollIntoView({ block: 'center' })));
    await page.waitForTimeout(100);
    const path = join(artifacts, `menu-${name}-${label}.png`);
    await page.screenshot({ path });
    if (writeDocs) {
      copyFileSync(path, join(docs, `${name}-${label}.png`));
    }
  }
  await page.setViewportSize(size);
}

/** state checks a state of a page: axe-core clean, and no wider than the screen. */
async function state(page: Page, what: string): Promise<void> {
  await checkAxe(page, what);
  expect(await fitsTheScreen(page), `${what} fits the screen`).toBe(true);
}

async function openBooking(page: Page): Promise<void> {
  const response = await page.goto(`${server.base}/book/${salon}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
}

async function details(page: Page, name: string, contact: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone or e-mail').fill(contact);
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'menu-e2e-'));
  server = await Bookingd.start({
    port: await freePort(),
    flags: ['-db', `sqlite:${join(scratch, 'menu.db')}`],
    env: { BOOKING_SIGNING_KEY: signingKey, BOOKING_OWNER_TOKEN: operator },
    log: 'menu-bookingd.log',
    ready: '/readyz',
  });
  await putSettings(settings());
  const made = (await (await api(`/salons/${salon}/keys`, { method: 'POST', body: JSON.stringify({ name: 'front desk' }) })).json()) as { key: string };
  salonKey = made.key;
  browser = await chromium.launch(chromiumOptions);
});

afterAll(async () => {
  for (const context of contexts) {
    await context.close();
  }
  await browser?.close();
  await server?.stop();
  if (scratch !== '') {
    rmSync(scratch, { recursive: true, force: true });
  }
});

describe('Scenario: a customer books a colour with anyone by tapping a time, on a phone', () => {
  let page: Page;
  let chosen: Slot;
  let manage = '';
  const requests: { url: string; referer: string | undefined; authorization: string | undefined }[] = [];

  it('shows the menu with each length and price in pounds, and the stylists who do the service', async () => {
    page = await newPage(phoneSize);
    page.on('request', (request) => {
      const headers = request.headers();
      requests.push({ url: request.url(), referer: headers['referer'], authorization: headers['authorization'] });
    });
    await openBooking(page);
    const menu = page.getByRole('group', { name: 'Choose a service' });
    expect(await menu.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent ?? ''))).toEqual([
      'Cut45 min£45.00',
      'Colour1 hr 30 min, then 30 min processing£80.00',
      'Beard trim15 min£15.00',
    ]);
    await state(page, 'the menu on a phone');
    await shot(page, 'menu');
    await page.getByRole('radio', { name: /^Colour/ }).check();
    const stylists = page.getByRole('group', { name: 'Choose a stylist' });
    expect(await stylists.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent ?? ''))).toEqual(['Anyone', 'Ana', 'Chloé']);
    expect(await page.getByRole('radio', { name: 'Anyone' }).isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Open times for Colour with anyone' }).waitFor();
    await state(page, 'the open times for a colour with anyone');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByRole('heading', { name: 'Open times for Colour with anyone' }).scrollIntoViewIfNeeded();
    await shot(page, 'open-times');
  });

  it('asks for the details first, then offers the tapped time first in the question', async () => {
    const times = await onLastDay('colour');
    chosen = times.find((t) => t.stylists.includes('ana') && t.stylists.includes('chloe')) ?? times[0]!;
    // The last day may be behind "Show later days".
    const button = page.getByRole('button', { name: chosen.label, exact: true });
    while ((await button.count()) === 0) {
      await page.getByRole('button', { name: laterDays }).click();
    }
    await button.click();
    await page.getByText('Enter your name, so the salon knows who is coming.').first().waitFor();
    expect(await page.getByLabel('Your name').evaluate((input) => input === document.activeElement)).toBe(true);
    await state(page, 'details refused before asking');
    await details(page, 'Ana Lima', 'ana.lima@example.org');
    await button.click();
    const question = page.getByRole('group', { name: 'Which time suits you?' });
    await question.waitFor();
    const offered = await question.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent ?? ''));
    expect(offered[0]).toBe(chosen.label);
    expect(await page.getByRole('radio', { name: chosen.label }).isChecked()).toBe(true);
    await state(page, 'the question, the tapped time first');
    await shot(page, 'question');
  });

  it('books it, and says what, with whom, when, the reference, with the calendar file and the manage link', async () => {
    await page.getByRole('button', { name: 'Send my answer' }).click();
    const headline = `You're booked: Colour with Ana, ${chosen.label}.`;
    await page.getByRole('heading', { name: headline }).waitFor();
    expect(await focused(page)).toBe(`h2: ${headline}`);
    expect(await page.locator('.outcome dd').allTextContents()).toEqual(['Colour', 'Ana', chosen.label, expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    await calendar.waitFor();
    expect(await calendar.getAttribute('href')).toMatch(/^blob:/);
    manage = (await page.getByRole('link', { name: 'Change or cancel' }).getAttribute('href')) ?? '';
    expect(manage).toMatch(/^\/my\/studio-nine\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
    await state(page, 'booked, on a phone');
    await shot(page, 'booked');

    const download = page.waitForEvent('download');
    await calendar.click();
    const file = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(file).toContain('BEGIN:VCALENDAR');
    expect(file).toContain('SUMMARY:Colour at Studio Nine');
    expect(file).toContain('STATUS:CONFIRMED');
  });

  it('takes the time from Ana only: Chloé, and so anyone, can still do a colour then', async () => {
    expect((await openTimes('colour', 'ana')).map((t) => t.slot)).not.toContain(chosen.slot);
    expect((await openTimes('colour', 'chloe')).map((t) => t.slot)).toContain(chosen.slot);
    expect((await openTimes('colour')).find((t) => t.slot === chosen.slot)?.stylists).toEqual(['chloe']);
    await page.getByRole('radio', { name: 'Ana' }).check();
    await page.getByRole('heading', { name: 'Open times for Colour with Ana' }).waitFor();
    await page.getByRole('button', { name: /, \d\d:\d\d$/ }).first().waitFor();
    while ((await page.getByRole('button', { name: laterDays }).count()) > 0) {
      await page.getByRole('button', { name: laterDays }).click();
    }
    expect(await page.getByRole('button', { name: chosen.label, exact: true }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Chloé' }).check();
    await page.getByRole('heading', { name: 'Open times for Colour with Chloé' }).waitFor();
    await page.getByRole('button', { name: /, \d\d:\d\d$/ }).first().waitFor();
    while ((await page.getByRole('button', { name: laterDays }).count()) > 0) {
      await page.getByRole('button', { name: laterDays }).click();
    }
    expect(await page.getByRole('button', { name: chosen.label, exact: true }).count()).toBe(1);
  });

  it('never puts the manage key in an address, and sends no Referer', () => {
    const key = manage.slice(manage.indexOf('#') + 1);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      expect(request.url).not.toContain(key);
      expect(request.referer ?? '').toBe('');
    }
    const reference = manage.slice('/my/studio-nine/'.length, manage.indexOf('#'));
    expect(requests.filter((r) => r.authorization !== undefined).map((r) => [new URL(r.url).pathname, r.authorization])).toEqual([
      [`/salons/studio-nine/my/${reference}/calendar.ics`, `Bearer ${key}`],
    ]);
  });

  describe('the my-booking page', () => {
    let mine: Page;

    it('shows the booking, with the calendar file, move and cancel', async () => {
      mine = await newPage(desktop);
      const seen: { url: string; authorization: string | undefined }[] = [];
      mine.on('request', (request) => seen.push({ url: request.url(), authorization: request.headers()['authorization'] }));
      await mine.goto(`${server.base}${manage}`);
      await mine.getByRole('heading', { level: 1, name: 'Colour with Ana' }).waitFor();
      expect(await mine.locator('dd').allTextContents()).toEqual(['Colour', 'Ana', chosen.label, expect.stringMatching(/^\d\d:\d\d$/), 'Ana Lima', expect.any(String)]);
      await mine.getByRole('link', { name: 'Add to calendar' }).waitFor();
      await state(mine, 'the my-booking page');
      await mine.setViewportSize(phoneSize);
      await state(mine, 'the my-booking page on a phone');
      await mine.setViewportSize(desktop);
      await shot(mine, 'manage');
      const key = manage.slice(manage.indexOf('#') + 1);
      expect(seen.filter((r) => r.url.includes(key))).toEqual([]);
      expect(seen.filter((r) => r.authorization !== undefined).every((r) => r.authorization === `Bearer ${key}` && r.url.includes('/my/'))).toBe(true);
    });

    it('moves it to another time, in two rounds', async () => {
      const later = (await onLastDay('colour', 'ana')).find((t) => Date.parse(t.slot) >= Date.parse(chosen.slot) + 3 * 3_600_000);
      expect(later).toBeDefined();
      await mine.getByRole('button', { name: 'Move to another time' }).click();
      await mine.getByRole('heading', { name: 'Move to another time' }).waitFor();
      expect(await focused(mine)).toBe('h2: Move to another time');
      await state(mine, 'choosing a new time');
      const button = mine.getByRole('button', { name: later?.label ?? '', exact: true });
      // Until the first time is shown there is no button for later days either.
      await mine.getByRole('button', { name: /, \d\d:\d\d$/ }).first().waitFor();
      while ((await button.count()) === 0) {
        await mine.getByRole('button', { name: laterDays }).click();
      }
      await button.click();
      await mine.getByRole('group', { name: 'Which time suits you?' }).waitFor();
      await state(mine, 'the move’s question');
      await mine.getByRole('button', { name: 'Send my answer' }).click();
      await mine.getByRole('heading', { name: `Your booking is moved: it is now ${later?.label}.` }).waitFor();
      await state(mine, 'moved');
      await shot(mine, 'moved');
      expect((await openTimes('colour', 'ana')).map((t) => t.slot)).toContain(chosen.slot);
      expect((await openTimes('colour', 'ana')).map((t) => t.slot)).not.toContain(later?.slot);
      await mine.getByRole('button', { name: 'Done' }).click();
      await mine.locator('dd', { hasText: later?.label ?? '' }).waitFor();
    });

    it('past the cutoff, a cancel is told to call the salon, with the phone as a link', async () => {
      // The owner moves the cutoff to a week before, which closes changes to this booking at once.
      await putSettings(settings(168));
      await mine.getByRole('button', { name: 'Cancel booking' }).click();
      await mine.getByText(/^Cancel your Colour with Ana on .+\?$/).first().waitFor();
      expect(await focused(mine)).toMatch(/^p: Cancel your Colour with Ana on/);
      await state(mine, 'the cancel’s confirmation');
      await mine.getByRole('button', { name: 'Yes, cancel it' }).click();
      await mine.getByRole('heading', { name: 'It is too close to the appointment to change it here.' }).waitFor();
      expect(await mine.locator('.outcome').getByText('The salon says: changes close 168 hours before the appointment; call Studio Nine on +44 20 7946 0000.').count()).toBe(1);
      expect(await mine.getByRole('link', { name: phone }).first().getAttribute('href')).toBe('tel:+442079460000');
      await state(mine, 'a cancel refused past the cutoff');
      await shot(mine, 'cancel-refused');
      await mine.reload();
      await mine.getByRole('heading', { name: /^Changes here closed at / }).waitFor();
      expect(await mine.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
      expect(await mine.getByRole('link', { name: phone }).getAttribute('href')).toBe('tel:+442079460000');
      await mine.setViewportSize(phoneSize);
      await state(mine, 'changes closed, on a phone');
      await shot(mine, 'call-to-change');
      await putSettings(settings(24));
    });
  });
});

describe('Scenario: a customer books a cut and a colour as one visit, on a phone', () => {
  it('adds the colour to the cut, lists the times the whole visit fits, and books it as one', async () => {
    const page = await newPage(phoneSize);
    await openBooking(page);
    await page.getByRole('radio', { name: /^Cut/ }).check();
    const add = page.getByRole('group', { name: 'Add to this visit' });
    await add.getByRole('checkbox', { name: /^Colour/ }).check();
    // Ben doesn't do colour, so he is no choice for the visit.
    const stylists = page.getByRole('group', { name: 'Choose a stylist' });
    expect(await stylists.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent ?? ''))).toEqual(['Anyone', 'Ana', 'Chloé']);
    await page.getByRole('heading', { name: 'Open times for Cut and Colour with anyone' }).waitFor();
    await state(page, 'a visit of a cut and a colour, on a phone');
    const visit = ((await (await fetch(`${server.base}/salons/${salon}/availability?services=cut,colour`)).json()) as { slots: Slot[] }).slots;
    const time = visit.find((t) => Date.parse(t.slot) - Date.now() > 26 * 3_600_000) ?? visit[0]!;
    const button = page.getByRole('button', { name: time.label, exact: true });
    while ((await button.count()) === 0) {
      await page.getByRole('button', { name: laterDays }).click();
    }
    await details(page, 'Mia Roth', '+44 7700 900777');
    await button.click();
    await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
    await page.getByRole('button', { name: 'Send my answer' }).click();
    const who = time.stylists[0] === 'ana' ? 'Ana' : 'Chloé';
    const headline = `You're booked: Cut and Colour with ${who}, ${time.label}.`;
    await page.getByRole('heading', { name: headline }).waitFor();
    expect((await page.locator('.outcome dd').allTextContents())[0]).toBe('Cut and Colour');
    await state(page, 'a visit booked, on a phone');
    const booked = (await listed()).find((b) => b.name === 'Mia Roth') as unknown as { services: string[]; slot: string };
    expect(booked.services).toEqual(['cut', 'colour']);
    expect(booked.slot).toBe(time.slot);
  });
});

describe('Scenario: a reply lost on the way back is recovered, and the customer told the truth', () => {
  it('asks the outcome route after round two’s reply is cut, and shows the booking it made', async () => {
    const page = await newPage(phoneSize);
    await openBooking(page);
    await page.getByRole('radio', { name: /^Cut/ }).check();
    await details(page, 'Omar Haddad', 'omar@example.com');
    const time = (await onLastDay('cut'))[0]!;
    const button = page.getByRole('button', { name: time.label, exact: true });
    // Until the first time is shown there is no button for later days either.
    await page.getByRole('button', { name: /, \d\d:\d\d$/ }).first().waitFor();
    while ((await button.count()) === 0) {
      await page.getByRole('button', { name: laterDays }).click();
    }
    await button.click();
    await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
    // Round two reaches the server and books; its reply never reaches the page.
    await page.route('**/salons/studio-nine/book', async (route) => {
      if ((route.request().postData() ?? '').includes('"requestState"')) {
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await page.getByRole('heading', { name: /^You're booked: Cut with / }).waitFor();
    expect(await page.locator('.outcome').getByText('Your connection dropped, but the salon had your answer.', { exact: false }).count()).toBe(1);
    await page.getByRole('link', { name: 'Change or cancel' }).waitFor();
    await state(page, 'a lost reply recovered');
    await shot(page, 'recovered');
    expect((await listed()).filter((b) => b.contact === 'omar@example.com' && b.status === 'booked')).toHaveLength(1);
  });
});

describe('Scenario: the owner, signed in with the salon’s key', () => {
  let owner: Page;
  let overlap: Slot;

  it('signs in with the salon’s key, kept for the tab', async () => {
    owner = await newPage(desktop);
    await owner.goto(`${server.base}/owner/`);
    await owner.getByLabel("Salon key or owner's token").waitFor();
    await state(owner, 'the sign-in form');
    await shot(owner, 'owner-sign-in');
    await owner.getByLabel("Salon key or owner's token").fill(salonKey);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('heading', { name: /^Week of / }).waitFor();
    expect(await owner.evaluate(() => sessionStorage.getItem('salon.ownerToken'))).toBe(salonKey);
  });

  it('shows a week by stylist, with services overlapping across stylists each drawn to its length', async () => {
    const colours = await onLastDay('colour', 'ana');
    overlap = colours.find((c) => c.slot.endsWith(':00:00Z') || c.slot.endsWith(':00:00+01:00')) ?? colours[0]!;
    await bookByApi('colour', overlap.slot, 'ana', 'Rosa Diaz', 'rosa@example.org');
    const cutAt = new Date(Date.parse(overlap.slot) + 30 * 60_000).toISOString().replace('.000Z', 'Z');
    const cutSlot = (await openTimes('cut', 'ben')).find((t) => Date.parse(t.slot) === Date.parse(cutAt));
    if (cutSlot === undefined) {
      throw new Error(`Ben isn't free for a cut at ${cutAt}`);
    }
    await bookByApi('cut', cutSlot.slot, 'ben', 'Li Wei', '+44 7700 900456');
    // Booked behind the page's back: it reads its lists again on a reload (or when the tab comes back into view).
    await owner.reload();
    await owner.getByRole('heading', { name: /^Week of / }).waitFor();
    const day = wallOf(overlap.slot, zone).date;
    if (mondayOf(day) !== mondayOf(wallOf(Date.now(), zone).date)) {
      await owner.getByRole('button', { name: 'Next week' }).click();
    }
    const named = (slot: Slot, what: string, who: string, minutes: number, stylist: string) =>
      `${wallOf(slot.slot, zone).time} ${what} ${who} on ${dayHeading(day)}, until ${wallOf(Date.parse(slot.slot) + minutes * 60_000, zone).time}, with ${stylist}`;
    const colour = owner.getByRole('button', { name: named(overlap, 'Colour', 'Rosa Diaz', 90, 'Ana'), exact: true });
    const cut = owner.getByRole('button', { name: named(cutSlot, 'Cut', 'Li Wei', 45, 'Ben'), exact: true });
    await colour.waitFor();
    await cut.waitFor();
    const [a, b] = [await colour.boundingBox(), await cut.boundingBox()];
    expect(a !== null && b !== null).toBe(true);
    if (a !== null && b !== null) {
      expect(a.height / b.height).toBeCloseTo(2, 1);
      expect(b.y).toBeGreaterThan(a.y);
      expect(b.y).toBeLessThan(a.y + a.height);
      expect(a.x + a.width).toBeLessThanOrEqual(b.x);
    }
    await state(owner, 'the week by stylist');
    await owner.setViewportSize(phoneSize);
    await state(owner, 'the week by stylist on a phone');
    await owner.setViewportSize(desktop);
    await shot(owner, 'owner-week');
    await owner.getByRole('button', { name: `${shortDay(day)} (show this day alone)` }).click();
    await colour.waitFor();
    await state(owner, 'the day by stylist');
    await shot(owner, 'owner-day');
  });

  it('opens a booking’s details, and moves it to a free time', async () => {
    await owner.getByRole('button', { name: /^\d\d:\d\d Cut Li Wei on .+, with Ben$/ }).click();
    const panel = owner.getByRole('region', { name: /^Cut, / });
    await panel.waitFor();
    expect(await focused(owner)).toMatch(/^h3: Cut, /);
    expect(await panel.getByRole('link', { name: '+44 7700 900456' }).getAttribute('href')).toBe('tel:+447700900456');
    await state(owner, 'a booking’s details');
    await shot(owner, 'owner-details');
    await panel.getByRole('button', { name: 'Move booking' }).click();
    const to = (await onLastDay('cut', 'ben')).find((t) => Date.parse(t.slot) > Date.parse(overlap.slot) + 4 * 3_600_000)!;
    await panel.getByText('Choose the new time; the booking moves at once.').waitFor();
    const button = panel.getByRole('button', { name: to.label, exact: true });
    while ((await button.count()) === 0) {
      await panel.getByRole('button', { name: laterDays }).click();
    }
    await state(owner, 'choosing a free time to move to');
    await button.click();
    await owner.getByText(`Moved to ${to.label} with Ben.`).first().waitFor();
    expect((await listed()).find((b) => b.name === 'Li Wei')?.slot).toBe(to.slot);
  });

  it('changes a stylist’s hours, and the customer’s page follows', async () => {
    const day = wallOf(overlap.slot, zone).date;
    const weekday = dayNames[dayOf(day)] ?? '';
    const before = (await onLastDay('cut', 'ben')).filter((t) => wallOf(t.slot, zone).time < '20:00');
    expect(before.length).toBeGreaterThan(0);
    await owner.getByRole('button', { name: 'Settings', exact: true }).click();
    const ben = owner.getByRole('group', { name: 'Stylist 2: Ben' });
    await ben.getByLabel("Works the salon's hours").uncheck();
    await ben.getByLabel(`${weekday} opens`).fill('20:00');
    await state(owner, 'a stylist’s own hours');
    await owner.getByRole('button', { name: 'Save the settings' }).click();
    await owner.getByText("Saved. The customer's page shows the new settings now.").first().waitFor();
    expect((await onLastDay('cut', 'ben')).filter((t) => wallOf(t.slot, zone).time < '20:00' && t.slot.startsWith(day))).toEqual([]);

    const customer = await newPage(phoneSize);
    await openBooking(customer);
    await customer.getByRole('radio', { name: /^Cut/ }).check();
    await customer.getByRole('radio', { name: 'Ben' }).check();
    await customer.getByRole('heading', { name: 'Open times for Cut with Ben' }).waitFor();
    // The times come after the heading: until the first is shown, there is no "Show later days" to count.
    await customer.getByRole('button', { name: /, \d\d:\d\d$/ }).first().waitFor();
    while ((await customer.getByRole('button', { name: laterDays }).count()) > 0) {
      await customer.getByRole('button', { name: laterDays }).click();
    }
    const shown = await customer.locator(`div.day:has(h3:text-is("${dayHeading(day)}")) button.slot`).allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((time) => time >= '20:00')).toBe(true);
  });

  it('shows the service’s refusal next to the field it names, and takes focus there', async () => {
    const colour = owner.getByRole('group', { name: 'Service 2: Colour' });
    await colour.getByLabel('Length (minutes)').fill('92');
    await owner.getByRole('button', { name: 'Save the settings' }).click();
    await owner.getByText('Not saved: must be 5 to 480, a multiple of 5.').first().waitFor();
    expect(await colour.getByLabel('Length (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(await colour.getByLabel('Length (minutes)').evaluate((input) => input === document.activeElement)).toBe(true);
    await state(owner, 'a setting refused');
    await shot(owner, 'owner-settings');
    await owner.setViewportSize(phoneSize);
    await state(owner, 'a setting refused, on a phone');
    await owner.setViewportSize(desktop);
    await owner.getByRole('button', { name: 'Undo my changes' }).click();
  });

  it('adds a basin the colour holds, and two colours at once are no longer offered', async () => {
    const resources = owner.getByRole('group', { name: 'What the salon has only so many of' });
    await resources.getByRole('button', { name: 'Add a resource' }).click();
    const basin = owner.getByRole('group', { name: 'Resource 1: Basin' });
    await basin.getByLabel('How many').fill('1');
    await owner.getByRole('group', { name: 'What Colour holds' }).getByLabel('Basin').check();
    await state(owner, 'a resource the colour holds');
    await owner.setViewportSize(phoneSize);
    await state(owner, 'a resource the colour holds, on a phone');
    await owner.setViewportSize(desktop);
    await owner.getByRole('button', { name: 'Save the settings' }).click();
    await owner.getByText("Saved. The customer's page shows the new settings now.").first().waitFor();
    const read = (await (await api(`/salons/${salon}`)).json()) as { resources: unknown; services: { id: string; resources: string[] }[] };
    expect(read.resources).toEqual([{ id: 'basin', name: 'Basin', count: 1 }]);
    expect(read.services.find((v) => v.id === 'colour')?.resources).toEqual(['basin']);
    // A colour booked with Ana holds the one basin: Chloé's colour is not offered over it, her cut is.
    const colour = (await onLastDay('colour', 'ana')).at(-4);
    expect(colour).toBeDefined();
    const at = colour?.slot ?? '';
    await bookByApi('colour', at, 'ana', 'Iris Novak', '+44 7700 900999');
    expect((await onLastDay('colour', 'chloe')).map((t) => t.slot)).not.toContain(at);
    expect((await onLastDay('cut', 'chloe')).map((t) => t.slot)).toContain(at);
    await owner.getByRole('group', { name: 'Resource 1: Basin' }).getByRole('button', { name: 'Remove Basin' }).click();
    await owner.getByRole('button', { name: 'Save the settings' }).click();
    await owner.getByText("Saved. The customer's page shows the new settings now.").first().waitFor();
    expect((await onLastDay('colour', 'chloe')).map((t) => t.slot)).toContain(at);
  });

  it('adds a closure for one stylist, and removes it', async () => {
    await owner.getByRole('button', { name: 'Closures', exact: true }).click();
    await owner.getByLabel('Who').selectOption({ label: 'Chloé' });
    const day = wallOf(overlap.slot, zone).date;
    await owner.getByLabel('From (date)').fill(day);
    await owner.getByLabel('From (time)').fill('12:00');
    await owner.getByLabel('Until (date)').fill(day);
    await owner.getByLabel('Until (time)').fill('14:00');
    await owner.getByLabel('Note (optional)').fill('Training');
    await owner.getByRole('button', { name: 'Add the closure' }).click();
    await owner.getByText(/^Closed: Chloé: .+ 12:00 to 14:00 \(Training\)\./).first().waitFor();
    const during = (await openTimes('colour', 'chloe')).filter((t) => t.slot.startsWith(day) && wallOf(t.slot, zone).time >= '11:00' && wallOf(t.slot, zone).time < '14:00');
    expect(during).toEqual([]);
    await state(owner, 'a closure added');
    await shot(owner, 'owner-closures');
    await owner.getByRole('button', { name: /^Remove the closure Chloé/ }).click();
    await owner.getByText(/^Open again: Chloé/).first().waitFor();
  });

  it('adds a webhook, showing its secret once, then lists it with its deliveries', async () => {
    await owner.getByRole('button', { name: 'Webhooks', exact: true }).click();
    await owner.getByText('No webhook is registered.').first().waitFor();
    await owner.getByLabel('Address (https)').fill('https://crm.example.com/hooks/salon');
    await owner.getByLabel('Its name (optional)').fill('crm');
    await owner.getByRole('button', { name: 'Add the webhook' }).click();
    await owner.getByLabel('Secret of crm').waitFor();
    expect(await owner.getByLabel('Secret of crm').inputValue()).toMatch(/^whsec_/);
    await owner.getByRole('row', { name: /crm https:\/\/crm\.example\.com\/hooks\/salon/ }).waitFor();
    await state(owner, 'a webhook added');
    await shot(owner, 'owner-webhooks');
  });

  it('makes a new feed address after a confirmation', async () => {
    await owner.getByRole('button', { name: 'Calendar feed', exact: true }).click();
    await owner.getByRole('button', { name: 'Make a new feed address' }).click();
    await owner.getByText('Make a new feed address? Calendars subscribed to the one before stop updating.').first().waitFor();
    await state(owner, 'the feed’s confirmation');
    await owner.getByRole('button', { name: 'Yes, make a new one' }).click();
    const url = await owner.getByLabel('Feed address').inputValue();
    expect(url).toMatch(/\/salons\/studio-nine\/calendar\.ics\?key=/);
    const feed = await fetch(url.replace(/^https?:\/\/[^/]+/, server.base));
    expect(await feed.text()).toContain('SUMMARY:Rosa Diaz');
    await state(owner, 'a new feed address');
  });

  it('erases a customer after a confirmation; the booking stays, without their details', async () => {
    await owner.getByRole('button', { name: 'Erase a customer', exact: true }).click();
    await owner.getByLabel("Customer's phone or e-mail").fill('rosa@example.org');
    await owner.getByRole('button', { name: "Erase this customer's details" }).click();
    await owner.getByText('Erase the name, contact and words of every booking with rosa@example.org? This can\'t be undone.').first().waitFor();
    await state(owner, 'the erasure’s confirmation');
    await shot(owner, 'owner-erase');
    await owner.getByRole('button', { name: 'Yes, erase them' }).click();
    await owner.getByText('Erased the name, contact and words of one booking of rosa@example.org.').first().waitFor();
    const rosa = (await listed()).find((b) => b.slot === overlap.slot && b.stylist === 'ana');
    expect(rosa).toMatchObject({ name: '', contact: '', status: 'booked' });
  });

  it('lists the owners’ actions in the audit, by the key that did them', async () => {
    await owner.getByRole('button', { name: 'Audit', exact: true }).click();
    await owner.getByRole('table').waitFor();
    const whats = await owner.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(whats).toContain("Erased a customer's details");
    expect(whats).toContain('Changed the settings');
    expect((await owner.locator('tbody tr td:nth-child(2)').allTextContents()).some((who) => who.startsWith('Key '))).toBe(true);
    await state(owner, 'the audit');
    await shot(owner, 'owner-audit');
  });
});

describe('Scenario: the menu’s pages logged nothing wrong', () => {
  it('logged no error in the browser (so no CSP violation either)', () => {
    expect(browserErrors).toEqual([]);
  });
});
