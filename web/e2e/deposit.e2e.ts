// End to end with a deposit: the real bookingd on SQLite, in Chromium, with Stripe played by the stand-in on loopback (its Checkout page included). A customer sees the deposit on the menu, books a colour, is sent to the Checkout page, pays, and is back at /book/{salon}/paid where the page finishes round three; another cancels on the Checkout page and the time is released; the my-booking page says the cancel gives the deposit back, the owner's list shows each deposit and marks a no-show. axe-core on every state, at a phone's width.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripe } from '../../mcp-e2e/stripe.mjs';
import type { Stripe } from '../../mcp-e2e/stripe.mjs';
import { mondayOf, wallOf } from '../src/calendar/zone';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort } from './bookingd';

const salon = 'deposit-nine';
const salonName = 'Deposit Nine';
const operator = randomBytes(24).toString('hex');
const signingKey = randomBytes(32).toString('hex');
const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
const phoneSize = { width: 360, height: 780 };

let scratch = '';
let server: Bookingd;
let stripe: Stripe;
let browser: Browser;
const contexts: BrowserContext[] = [];
const browserErrors: string[] = [];

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.base}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}`, ...(init.headers ?? {}) } });
}

interface Listed {
  readonly booking: string;
  readonly status: string;
  readonly slot: string;
  readonly deposit?: { readonly amount: number; readonly status: string };
}

async function listed(): Promise<Listed[]> {
  return ((await (await api(`/salons/${salon}/bookings?limit=1000`)).json()) as { bookings: Listed[] }).bookings;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: phoneSize });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => browserErrors.push(String(error)));
  return page;
}

async function state(page: Page, what: string): Promise<void> {
  await checkAxe(page, what);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${what} fits the screen`).toBe(true);
}

/** bookColour books the colour at the first time open on the page, up to the Checkout page. */
async function bookColour(page: Page, name: string): Promise<string> {
  const response = await page.goto(`${server.base}/book/${salon}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('radio', { name: /^Colour/ }).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone or e-mail').fill(`${name.toLowerCase()}@example.org`);
  const first = page.getByRole('button', { name: /, \d\d:\d\d$/ }).first();
  await first.waitFor();
  const label = (await first.getAttribute('aria-label')) ?? (await first.textContent()) ?? '';
  await first.click();
  await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await page.waitForURL(`${stripe.url}/pay/**`);
  await page.getByRole('heading', { name: 'Pay £20.00' }).waitFor();
  return label;
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'deposit-e2e-'));
  stripe = await startStripe(stripeKey);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await Bookingd.start({
    port,
    flags: ['-db', `sqlite:${join(scratch, 'deposit.db')}`, '-public-url', base, '-stripe-api', stripe.url],
    env: { BOOKING_SIGNING_KEY: signingKey, BOOKING_OWNER_TOKEN: operator, BOOKING_STRIPE_KEY: stripeKey, BOOKING_STRIPE_WEBHOOK_SECRET: stripe.secret },
    log: 'deposit-bookingd.log',
    ready: '/readyz',
  });
  stripe.setHook(`${base}/payments/stripe`);
  const day = [['00:00', '23:55']];
  const put = await api(`/salons/${salon}`, {
    method: 'PUT',
    body: JSON.stringify({
      name: salonName, timeZone: 'Europe/London', phone: '+44 20 7946 0009', horizonDays: 3, changeCutoffHours: 0, minNoticeMinutes: 60,
      hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }, currency: 'GBP',
      services: [
        { id: 'cut', name: 'Cut', minutes: 45, price: 4500 },
        { id: 'colour', name: 'Colour', minutes: 90, afterMinutes: 30, price: 8000, deposit: 2000 },
      ],
      stylists: [{ id: 'ana', name: 'Ana', services: ['cut', 'colour'] }],
    }),
  });
  expect(put.status, await put.text()).toBe(200);
  browser = await chromium.launch(chromiumOptions);
});

afterAll(async () => {
  for (const context of contexts) {
    await context.close();
  }
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  if (scratch !== '') {
    rmSync(scratch, { recursive: true, force: true });
  }
  expect(browserErrors).toEqual([]);
});

describe('Scenario: a customer pays a deposit on Stripe\'s page and is booked on coming back', () => {
  let page: Page;
  let label = '';

  it('shows the deposit on the menu', async () => {
    page = await newPage();
    await page.goto(`${server.base}/book/${salon}`);
    const menu = page.getByRole('group', { name: 'Choose a service' });
    await menu.waitFor();
    expect(await menu.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent ?? ''))).toEqual([
      'Cut45 min£45.00',
      'Colour1 hr 30 min, then 30 min processing£80.00£20.00 deposit',
    ]);
    await state(page, 'the menu with a deposit');
  });

  it('holds the time and sends the customer to pay', async () => {
    label = await bookColour(page, 'Rosa');
    const held = (await listed()).find((b) => b.status === 'awaiting_payment');
    expect(held?.deposit).toEqual({ amount: 2000, status: 'awaiting' });
  });

  it('finishes round three back at /book/{salon}/paid, and says the deposit is paid', async () => {
    await page.getByRole('button', { name: 'Pay £20.00' }).click();
    const headline = `You're booked: Colour with Ana, ${label}.`;
    await page.getByRole('heading', { name: headline }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/book/${salon}`);
    expect(await page.locator('.outcome dd').allTextContents()).toEqual(['Colour', 'Ana', label, '£20.00', expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    await state(page, 'booked after paying');
    const [booked] = (await listed()).filter((b) => b.status === 'booked');
    expect(booked?.deposit).toEqual({ amount: 2000, status: 'paid' });
  });

  it('shows the owner the deposit paid', async () => {
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(owner);
    const desk = await owner.newPage();
    await desk.goto(`${server.base}/owner/`);
    await desk.getByLabel("Salon key or owner's token").fill(operator);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('heading', { name: /^Week of / }).waitFor();
    const booked = (await listed()).find((b) => b.status === 'booked');
    const zone = 'Europe/London';
    if (booked !== undefined && mondayOf(wallOf(booked.slot, zone).date) !== mondayOf(wallOf(Date.now(), zone).date)) {
      await desk.getByRole('button', { name: 'Next week' }).click();
    }
    await desk.getByRole('button', { name: /Colour Rosa on .*, with Ana$/ }).click();
    const panel = desk.getByRole('region', { name: /^Colour, / });
    await panel.waitFor();
    expect(await panel.locator('dd').allTextContents()).toEqual(expect.arrayContaining(['Booked', '£20.00, paid']));
    await state(desk, 'the owner’s booking with its deposit');
  });

  it('says on the my-booking page that a cancel gives the deposit back, and gives it back once', async () => {
    const manage = (await page.getByRole('link', { name: 'Change or cancel' }).getAttribute('href')) ?? '';
    await page.goto(`${server.base}${manage}`);
    await page.getByText('Cancelling gives your £20.00 deposit back.').waitFor();
    expect(await page.locator('dd').allTextContents()).toContain('£20.00, paid');
    await state(page, 'the my-booking page with a deposit');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('heading', { name: 'This booking is cancelled.' }).waitFor();
    await expect.poll(async () => (await listed()).find((b) => b.status === 'cancelled')?.deposit?.status, { timeout: 10_000 }).toBe('refunded');
    expect(stripe.refunds.map((r) => r.amount)).toEqual([2000]);
    await page.reload();
    await page.getByRole('heading', { name: 'This booking is cancelled.' }).waitFor();
    expect(await page.locator('dd').allTextContents()).toContain('£20.00, given back');
  });
});

describe('Scenario: a customer cancels on Stripe\'s page, and the time is released', () => {
  it('says nothing is booked, and the time is open again', async () => {
    const page = await newPage();
    const label = await bookColour(page, 'Lena');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Nothing is booked: you said no thanks.' }).waitFor();
    await state(page, 'not booked after cancelling the payment');
    expect((await listed()).filter((b) => b.status === 'awaiting_payment')).toEqual([]);
    const open = ((await (await fetch(`${server.base}/salons/${salon}/availability?service=colour`)).json()) as { slots: { label: string }[] }).slots;
    expect(open.map((s) => s.label)).toContain(label);
  });
});
