// End to end on the calendar: the real bookingd on SQLite, customers and the owner in their own Chromium contexts, a race for one slot, a server stopped mid-flow, a phone, and axe-core on every state.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort, watchedPage } from './bookingd';

const docs = fileURLToPath(new URL('../docs', import.meta.url));
/** With E2E_DOCS=1 (npm run screenshots) the shots of the docs are written to docs/ as well. */
const writeDocs = process.env['E2E_DOCS'] === '1';

const salon = 'studio-nine';
const salonName = 'Studio Nine';
const phone = '+44 20 7946 0000';
const ownerToken = randomBytes(24).toString('hex');
const signingKey = randomBytes(32).toString('hex');
const phoneViewport = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** startCalendar runs bookingd on the SQLite file db at port, with the test's key and owner's token. */
function startCalendar(db: string, port: number, log: string, extra: readonly string[] = []): Promise<Bookingd> {
  return Bookingd.start({
    port,
    flags: ['-db', `sqlite:${db}`, ...extra],
    env: { BOOKING_SIGNING_KEY: signingKey, BOOKING_OWNER_TOKEN: ownerToken },
    log,
    ready: '/readyz',
  });
}

/** putSalon registers the salon through the owner's API: open every day, half-hour slots, over two days, so the test finds times whenever it runs. */
async function putSalon(base: string): Promise<void> {
  const day = [['06:00', '23:30']];
  const response = await fetch(`${base}/salons/${salon}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      name: salonName,
      timeZone: 'Europe/London',
      phone,
      prices: [
        { service: 'Cut', price: '$45' },
        { service: 'Colour', price: '$80' },
      ],
      hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
      slotMinutes: 30,
      horizonDays: 2,
    }),
  });
  if (response.status !== 200) {
    throw new Error(`PUT /salons/${salon}: got ${response.status} ${await response.text()}, want 200`);
  }
  // A slot starting within the next quarter of an hour could start while a test books it, and be
  // refused as past: the owner closes it, so the first time offered is well ahead.
  for (const open of await openSlots(base)) {
    if (Date.parse(open.slot) - Date.now() > 15 * 60_000) {
      break;
    }
    const closed = await fetch(`${base}/salons/${salon}/slots/${encodeURIComponent(open.slot)}/close`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    if (closed.status !== 200) {
      throw new Error(`closing ${open.slot}: got ${closed.status} ${await closed.text()}, want 200`);
    }
  }
}

/** What a salon shows anyone, read straight from the API. */
async function openSlots(base: string): Promise<{ slot: string; label: string }[]> {
  const response = await fetch(`${base}/salons/${salon}`);
  return ((await response.json()) as { openSlots: { slot: string; label: string }[] }).openSlots;
}

let scratch = '';
let db = '';
let port = 0;
let server: Bookingd;
let browser: Browser;
const contexts: BrowserContext[] = [];
const browserErrors: string[] = [];

function newPage(viewport = desktop): Promise<Page> {
  return watchedPage(browser, { viewport }, contexts, browserErrors);
}

const axe = checkAxe;

/** fitsTheScreen says whether the page is no wider than its viewport: nothing to scroll sideways on a phone. */
function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** shot takes what the screen shows, where focus has brought the page; a shot for the docs is copied there with E2E_DOCS=1. */
async function shot(page: Page, name: string, forDocs = false): Promise<void> {
  const path = join(artifacts, `calendar-${name}.png`);
  await page.screenshot({ path });
  if (forDocs && writeDocs) {
    copyFileSync(path, join(docs, `${name}.png`));
  }
}

/** focused describes the element with focus; the page's body means focus was dropped. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el === null || el === document.body ? 'body' : `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim()}`;
  });
}

/** announced is what the page's live region says now, and whether it sits inside an aria-busy container. */
function announced(page: Page): Promise<{ text: string; busy: boolean; regions: number }> {
  return page.evaluate(() => {
    const regions = [...document.querySelectorAll('[role="status"]')];
    const region = regions[0];
    return { text: region?.textContent ?? '', busy: region?.closest('[aria-busy="true"]') !== null, regions: regions.length };
  });
}

async function openSalonPage(page: Page): Promise<void> {
  const response = await page.goto(`${server.base}/book/${salon}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
}

/** fillDetails writes the customer's name, contact and words into the salon's page. */
async function fillDetails(page: Page, name: string, contact: string, words: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone or e-mail').fill(contact);
  await page.getByLabel('What would you like?').fill(words);
}

async function askForTime(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Ask for a time' }).click();
  return offeredTimes(page);
}

/** offeredTimes waits for the question and reads the labels of its choices. */
async function offeredTimes(page: Page): Promise<string[]> {
  const question = page.getByRole('group', { name: 'Which time suits you?' });
  await question.waitFor();
  return question.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent ?? ''));
}

/** shownTimes is the labels of the open times the page lists. */
function shownTimes(page: Page): Promise<string[]> {
  return page.locator('.open-times li').evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'calendar-e2e-'));
  db = join(scratch, 'calendar.db');
  port = await freePort();
  server = await startCalendar(db, port, 'calendar-bookingd.log');
  await putSalon(server.base);
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

describe('Scenario: a customer books a real slot on a phone, and it is gone for the next customer', () => {
  let ana: Page;
  let booked = '';

  it('lists the registered salons at /, each linked to its page', async () => {
    const page = await newPage();
    await page.goto(`${server.base}/`);
    const link = page.getByRole('link', { name: salonName });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/book/${salon}`);
    await axe(page, 'the list of salons');

    await page.goto(`${server.base}/book/elsewhere`);
    await page.getByRole('heading', { name: 'There is no salon called “elsewhere” here.' }).waitFor();
    expect(await page.getByRole('link', { name: 'choose a salon from the list' }).getAttribute('href')).toBe('/');
    await axe(page, 'a salon that isn’t registered');
  });

  it('shows the salon’s name, phone, prices and open times by day, with the next available', async () => {
    ana = await newPage(phoneViewport);
    await openSalonPage(ana);
    const first = (await openSlots(server.base))[0];
    expect(first).toBeDefined();
    expect(await ana.getByRole('link', { name: phone }).first().getAttribute('href')).toBe('tel:+442079460000');
    expect(await ana.getByRole('list', { name: 'Prices' }).getByRole('listitem').allTextContents()).toEqual(['Cut $45', 'Colour $80']);
    expect(await ana.locator('.next-available').textContent()).toBe(`Next available: ${first?.label}`);
    expect((await shownTimes(ana))[0]).toBe(first?.label);
    const dayHeading = first?.label.slice(0, first.label.lastIndexOf(', ')) ?? '';
    expect(await ana.getByRole('heading', { level: 3, name: dayHeading }).count()).toBe(1);
    expect(await fitsTheScreen(ana)).toBe(true);
    await axe(ana, 'the salon’s page on a phone');
    await shot(ana, 'customer-salon', true);
  });

  it('asks with the customer’s details, offers labelled times, and keeps radios their size beside long labels', async () => {
    await fillDetails(ana, 'Ana Lima', '+44 7700 900123', 'A cut, please. I have long hair, so a little extra time would help.');
    await ana.getByLabel('Remember my name and contact on this device').check();
    const open = await openSlots(server.base);
    const offered = await askForTime(ana);
    expect(offered).toEqual([open[0]?.label, open[1]?.label, 'No thanks']);
    expect(await focused(ana)).toMatch(/^fieldset: Which time suits you\?/);
    const sizes = await ana.getByRole('radio').evaluateAll((radios) => radios.map((radio) => Math.round(radio.getBoundingClientRect().width)));
    expect(sizes).toEqual([20, 20, 20]);
    expect(await announced(ana)).toMatchObject({ busy: false, regions: 1 });
    expect((await announced(ana)).text).toContain('Which time suits you?');
    await axe(ana, 'the question on a phone');
    await shot(ana, 'customer-question', true);
  });

  it('keeps focus on the button while the answer is out, then moves it to the outcome, announced', async () => {
    const first = (await openSlots(server.base))[0];
    booked = first?.label ?? '';
    // Hold round two for a moment, to look at the page while it waits.
    await ana.route('**/book', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await ana.getByRole('radio', { name: booked }).check();
    await ana.getByRole('button', { name: 'Send my answer' }).click();
    await ana.getByRole('button', { name: 'Sending…' }).waitFor();
    expect(await focused(ana)).toBe('button: Sending…');
    expect(await announced(ana)).toMatchObject({ text: 'Sending your answer…', busy: false });

    const outcome = ana.getByRole('heading', { name: `You're booked: ${booked}.` });
    await outcome.waitFor();
    await ana.unroute('**/book');
    expect(await focused(ana)).toBe(`h2: You're booked: ${booked}.`);
    const reference = await ana.locator('.reference').textContent();
    expect(reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The booking's own links: its calendar file, fetched with its key, and the page to change or cancel it.
    expect(await ana.getByRole('link', { name: 'Change or cancel' }).getAttribute('href')).toMatch(new RegExp(`^/my/${salon}/${reference}#[A-Za-z0-9_-]{43}$`));
    expect(await ana.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toMatch(/^blob:/);
    expect((await announced(ana)).text).toContain(`You're booked: ${booked}. Your booking reference is ${reference}.`);
    expect(await fitsTheScreen(ana)).toBe(true);
    await axe(ana, 'the booking made, on a phone');
    await shot(ana, 'customer-booked', true);
  });

  it('drops the booked time from the open times, here and for another customer', async () => {
    await expect.poll(() => shownTimes(ana)).not.toContain(booked);
    const rosa = await newPage();
    await openSalonPage(rosa);
    expect(await shownTimes(rosa)).not.toContain(booked);
    expect((await openSlots(server.base)).map((s) => s.label)).not.toContain(booked);
  });

  it('remembers the details on this device because the customer agreed', async () => {
    const again = await ana.context().newPage();
    await openSalonPage(again);
    expect(await again.getByLabel('Your name').inputValue()).toBe('Ana Lima');
    expect(await again.getByLabel('Phone or e-mail').inputValue()).toBe('+44 7700 900123');
    await again.close();
    const stranger = await newPage();
    await openSalonPage(stranger);
    expect(await stranger.getByLabel('Your name').inputValue()).toBe('');
  });
});

describe('Scenario: two customers race for one slot', () => {
  it('books one, tells the other it was taken meanwhile, and offers to ask again', async () => {
    const rosa = await newPage();
    const li = await newPage(phoneViewport);
    for (const [page, name] of [
      [rosa, 'Rosa Diaz'],
      [li, 'Li Wei'],
    ] as const) {
      await openSalonPage(page);
      await fillDetails(page, name, `${name.split(' ')[0]?.toLowerCase()}@example.com`, 'A colour?');
    }
    const rosaTimes = await askForTime(rosa);
    const liTimes = await askForTime(li);
    expect(liTimes).toEqual(rosaTimes);
    const contested = rosaTimes[0] ?? '';

    await rosa.getByRole('radio', { name: contested }).check();
    await li.getByRole('radio', { name: contested }).check();
    await Promise.all([rosa.getByRole('button', { name: 'Send my answer' }).click(), li.getByRole('button', { name: 'Send my answer' }).click()]);

    const rosaWon = rosa.getByRole('heading', { name: `You're booked: ${contested}.` });
    const liWon = li.getByRole('heading', { name: `You're booked: ${contested}.` });
    const taken = `${contested} was taken just before your answer arrived, so nothing is booked.`;
    await expect.poll(async () => (await rosaWon.count()) + (await liWon.count())).toBe(1);
    const [winner, loser] = (await rosaWon.count()) === 1 ? [rosa, li] : [li, rosa];
    const told = loser.getByRole('heading', { name: taken });
    await told.waitFor();
    expect(await focused(loser)).toBe(`h2: ${taken}`);
    expect(await winner.getByRole('heading', { name: taken }).count()).toBe(0);
    await expect.poll(() => shownTimes(loser)).not.toContain(contested);
    await axe(loser, 'a time taken meanwhile');
    await shot(loser, 'customer-taken', true);

    await loser.getByRole('button', { name: 'Ask again' }).click();
    const fresh = await offeredTimes(loser);
    expect(fresh).not.toContain(contested);
    expect(await focused(loser)).toMatch(/^fieldset: Which time suits you\?/);
  });
});

describe('Scenario: failures in a customer’s words, on the real server', () => {
  it('keeps the question when the server stops after round one, and the same answer goes through once it is back', async () => {
    const page = await newPage(phoneViewport);
    await openSalonPage(page);
    await fillDetails(page, 'Maria Silva', '+351 912 345 678', 'Any time tomorrow?');
    const [time] = await askForTime(page);
    await page.getByRole('radio', { name: time ?? '' }).check();

    await server.stop('SIGKILL');
    try {
      await page.getByRole('button', { name: 'Send my answer' }).click();
      // Round two gets no reply, and neither does asking what it did: the page can't tell, and says so.
      const lost = page.getByRole('heading', { name: "We couldn't hear back from the salon, so we can't tell yet whether you're booked." });
      await lost.waitFor();
      expect(await focused(page)).toBe("h2: We couldn't hear back from the salon, so we can't tell yet whether you're booked.");
      expect(await page.getByRole('radio', { name: time ?? '' }).isChecked()).toBe(true);
      expect(await page.getByText(/HTTP|\b5\d\d\b/).count()).toBe(0);
      expect((await announced(page)).text).toContain('send your answer again');
      expect(await fitsTheScreen(page)).toBe(true);
      await axe(page, 'an answer that got no reply');
      await shot(page, 'customer-no-reply', true);
    } finally {
      server = await startCalendar(db, port, 'calendar-bookingd.log');
    }
    await page.getByRole('button', { name: 'Send my answer again' }).click();
    await page.getByRole('heading', { name: `You're booked: ${time}.` }).waitFor();
  });

  it('recovers a booking whose reply was lost on the way back, through the outcome route', async () => {
    const page = await newPage();
    await openSalonPage(page);
    await fillDetails(page, 'Omar Haddad', 'omar@example.com', 'A trim');
    const [time] = await askForTime(page);
    // The answer reaches the server and books; its reply never reaches the page.
    await page.route('**/book', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('radio', { name: time ?? '' }).check();
    await page.getByRole('button', { name: 'Send my answer' }).click();
    const booked = page.getByRole('heading', { name: `You're booked: ${time}.` });
    await booked.waitFor();
    expect(await focused(page)).toBe(`h2: You're booked: ${time}.`);
    expect(await page.locator('.outcome').getByText('Your connection dropped, but the salon had your answer.', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Which time suits you?' }).count()).toBe(0);
    await page.unroute('**/book');
    await axe(page, 'a lost reply recovered');
    expect((await openSlots(server.base)).map((s) => s.label)).not.toContain(time);
  });

  it('says the times were held only a while once the state expires, and asks again', async () => {
    const shortPort = await freePort();
    const short = await startCalendar(join(scratch, 'short.db'), shortPort, 'calendar-bookingd-short.log', ['-state-ttl', '1s']);
    try {
      await putSalon(short.base);
      const page = await newPage();
      await page.goto(`${short.base}/book/${salon}`);
      await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
      await fillDetails(page, 'Kim Park', 'kim@example.com', 'A cut');
      const [time] = await askForTime(page);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await page.getByRole('radio', { name: time ?? '' }).check();
      await page.getByRole('button', { name: 'Send my answer' }).click();
      const expired = 'The times offered were held for a short while only, and that has passed, so nothing is booked.';
      await page.getByRole('heading', { name: expired }).waitFor();
      expect(await focused(page)).toBe(`h2: ${expired}`);
      await axe(page, 'an expired state');
      await page.getByRole('button', { name: 'Ask again' }).click();
      await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
    } finally {
      await short.stop();
    }
  });

  it('tells a service that is down, offers the salon’s phone, and tries again with the words kept', async () => {
    const page = await newPage();
    await openSalonPage(page);
    await fillDetails(page, 'Ines Costa', 'ines@example.com', 'Colour on Friday');
    await page.route('**/book', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify('the booking service is unavailable') }),
    );
    await page.getByRole('button', { name: 'Ask for a time' }).click();
    const down = 'The booking service is having trouble right now, so nothing is booked.';
    await page.getByRole('heading', { name: down }).waitFor();
    expect(await focused(page)).toBe(`h2: ${down}`);
    expect(await page.getByText(`Call ${salonName} on`).count()).toBe(1);
    expect(await page.getByText(/HTTP|503/).count()).toBe(0);
    await axe(page, 'a service that is down');
    await page.unroute('**/book');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
    expect(await page.getByLabel('What would you like?').inputValue()).toBe('Colour on Friday');
  });
});

describe('Scenario: the owner’s page', () => {
  let owner: Page;

  it('refuses a wrong token clearly, and asks for it again', async () => {
    owner = await newPage();
    await owner.goto(`${server.base}/owner/`);
    await owner.getByLabel("Salon key or owner's token", { exact: true }).waitFor();
    await axe(owner, 'the owner’s token form');
    await owner.getByLabel("Salon key or owner's token", { exact: true }).fill('not-the-owner-token-at-all-not-it');
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('heading', { name: "That key isn't right for this salon." }).waitFor();
    expect(await focused(owner)).toBe("h2: That key isn't right for this salon.");
    expect(await owner.evaluate(() => sessionStorage.getItem('salon.ownerToken'))).toBeNull();
    await axe(owner, 'a wrong token');
  });

  it('shows the upcoming bookings by day with name, contact and words, after the token is entered once', async () => {
    await owner.getByLabel("Salon key or owner's token", { exact: true }).fill(ownerToken);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.locator('.summary', { hasText: 'upcoming bookings' }).waitFor();
    expect(await focused(owner)).toMatch(/^p: \d+ upcoming bookings\./);
    const ana = owner.locator('.row.booked', { hasText: 'Ana Lima' });
    expect(await ana.locator('.contact').textContent()).toBe('+44 7700 900123');
    expect(await ana.locator('.words').textContent()).toBe('A cut, please. I have long hair, so a little extra time would help.');
    expect(await owner.evaluate(() => sessionStorage.getItem('salon.ownerToken'))).toBe(ownerToken);
    await axe(owner, 'the owner’s bookings');
    await owner.setViewportSize(phoneViewport);
    await shot(owner, 'owner', true);
    await owner.setViewportSize(desktop);

    await owner.reload();
    await owner.locator('.summary', { hasText: 'upcoming bookings' }).waitFor();
    expect(await owner.getByLabel("Salon key or owner's token", { exact: true }).count()).toBe(0);
  });

  it('cancels a booking after a confirmation, and the time reappears on the customer’s page', async () => {
    const ana = owner.locator('.row.booked', { hasText: 'Ana Lima' });
    await ana.getByRole('button', { name: /^Cancel booking of Ana Lima on / }).click();
    const question = owner.getByText(/^Cancel Ana Lima's booking on .+\?$/);
    await question.waitFor();
    expect(await focused(owner)).toMatch(/^p: Cancel Ana Lima's booking on/);
    await axe(owner, 'the confirmation of a cancel');
    await shot(owner, 'owner-confirm', true);
    const when = /^Cancel Ana Lima's booking on (.+)\?$/.exec((await question.textContent()) ?? '')?.[1] ?? '';

    await owner.getByRole('button', { name: 'Keep it' }).click();
    expect(await focused(owner)).toMatch(/^button: Cancel booking/);
    await ana.getByRole('button', { name: /^Cancel booking of Ana Lima/ }).click();
    await owner.getByRole('button', { name: 'Yes, cancel it' }).click();
    const notice = owner.getByText(`Ana Lima's booking on ${when} is cancelled; the time is open again.`, { exact: true }).first();
    await notice.waitFor();
    expect(await focused(owner)).toBe(`p: Ana Lima's booking on ${when} is cancelled; the time is open again.`);
    await axe(owner, 'a booking cancelled');

    const customer = await newPage();
    await openSalonPage(customer);
    expect(await shownTimes(customer)).toContain(when);
  });

  it('closes a slot and opens it again, and the customer’s page follows', async () => {
    const open = (await openSlots(server.base))[0];
    const label = open?.label ?? '';
    const time = label.slice(label.lastIndexOf(', ') + 2);
    const day = label.slice(0, label.lastIndexOf(', '));
    const button = owner.getByRole('button', { name: `Close ${day}, ${time}` });
    await button.click();
    await owner.getByRole('button', { name: `Open ${day}, ${time}` }).waitFor();
    expect(await focused(owner)).toMatch(/^button: Open/);
    expect((await openSlots(server.base)).map((s) => s.label)).not.toContain(label);
    await axe(owner, 'a slot closed');
    await owner.getByRole('button', { name: `Open ${day}, ${time}` }).click();
    await owner.getByRole('button', { name: `Close ${day}, ${time}` }).waitFor();
    expect((await openSlots(server.base)).map((s) => s.label)).toContain(label);
  });

  it('keeps the token for the tab only: another tab asks for it', async () => {
    const other = await newPage();
    await other.goto(`${server.base}/owner/`);
    await other.getByLabel("Salon key or owner's token", { exact: true }).waitFor();
  });
});

describe('Scenario: what a visit costs in bytes, first and again', () => {
  it('sends the app compressed on a first visit, and next to nothing on a repeat visit', async () => {
    const context = await browser.newContext({ viewport: desktop });
    contexts.push(context);
    const measure = async (label: string) => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const seen = new Map<string, { url: string; status: number; encoding: string; bytes: number; cached: boolean }>();
      // responseReceived reports a revalidated response as the 200 it stands for; the status on the wire comes apart.
      const wire = new Map<string, number>();
      cdp.on('Network.responseReceivedExtraInfo', (event) => {
        wire.set(event.requestId, event.statusCode);
      });
      cdp.on('Network.responseReceived', (event) => {
        const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
        seen.set(event.requestId, {
          url: event.response.url.replace(server.base, ''),
          status: event.response.status,
          encoding: headers['content-encoding'] ?? '',
          bytes: 0,
          cached: event.response.fromDiskCache === true || event.response.fromPrefetchCache === true,
        });
      });
      cdp.on('Network.requestServedFromCache', (event) => {
        const entry = seen.get(event.requestId);
        if (entry !== undefined) {
          entry.cached = true;
        }
      });
      cdp.on('Network.loadingFinished', (event) => {
        const entry = seen.get(event.requestId);
        if (entry !== undefined) {
          entry.bytes = event.encodedDataLength;
        }
      });
      await page.goto(`${server.base}/book/${salon}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
      await page.close();
      const resources = [...seen.entries()].map(([id, entry]) => ({ ...entry, status: entry.cached ? entry.status : (wire.get(id) ?? entry.status) }));
      return { label, total: resources.reduce((sum, r) => sum + r.bytes, 0), resources };
    };
    const first = await measure('first visit');
    const repeat = await measure('repeat visit');
    writeFileSync(join(artifacts, 'transfer.json'), `${JSON.stringify([first, repeat], null, 2)}\n`);

    const script = (visit: typeof first) => visit.resources.find((r) => r.url.startsWith('/assets/') && r.url.endsWith('.js'));
    const html = (visit: typeof first) => visit.resources.find((r) => r.url === `/book/${salon}`);
    expect(['br', 'gzip']).toContain(script(first)?.encoding);
    expect(script(first)?.bytes).toBeLessThan(150_000);
    expect(first.total).toBeLessThan(150_000);
    expect(script(repeat)).toMatchObject({ cached: true });
    expect(script(repeat)?.bytes).toBe(0);
    expect(html(repeat)?.status).toBe(304);
    expect(repeat.total).toBeLessThan(first.total / 10);
  });
});

describe('Scenario: the pages logged nothing wrong', () => {
  it('logged no error in the browser (so no CSP violation either)', () => {
    expect(browserErrors).toEqual([]);
  });
});
