// End to end: the real bookingd without a database (the page owns its slots), booked through the page in headless Debian Chromium.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort } from './bookingd';

let scratch = '';
let bookingd: Bookingd | undefined;
let context: BrowserContext | undefined;
let page: Page;
let base = '';
const browserErrors: string[] = [];

async function openTimes(): Promise<string[]> {
  return page.getByRole('list', { name: 'Open times' }).getByRole('listitem').allTextContents();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'booking-e2e-'));

  // Each run's log starts empty.
  rmSync(join(artifacts, 'bookingd.log'), { force: true });
  bookingd = await Bookingd.start({
    port: await freePort(),
    env: { BOOKING_SIGNING_KEY: randomBytes(32).toString('hex') },
    log: 'bookingd.log',
    ready: '/healthz',
  });
  base = bookingd.base;

  context = await chromium.launchPersistentContext(join(scratch, 'profile'), { ...chromiumOptions, viewport: { width: 390, height: 844 } });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') {
      browserErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => browserErrors.push(String(error)));
});

afterAll(async () => {
  await context?.close();
  await bookingd?.stop();
  if (scratch !== '') {
    rmSync(scratch, { recursive: true, force: true });
  }
});

describe('Scenario: a customer books through the page served by bookingd', () => {
  it('serves the page with the salon and its open times, under a strict CSP', async () => {
    const response = await page.goto(`${base}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Studio Nine');
    expect(await openTimes()).toEqual(['sat-10:30', 'sat-11:30', 'sat-13:00']);
    await checkAxe(page, 'the address-driven page');
    await shot('1-open-times');
  });

  it('asks which time suits, moves focus to the question, and books the chosen time', async () => {
    await page.getByLabel('What would you like?').fill('A cut on Saturday morning?');
    await page.getByRole('button', { name: 'Ask for a time' }).click();

    const question = page.getByRole('group', { name: 'Which time suits you?' });
    await question.waitFor();
    expect(await question.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent))).toEqual([
      'sat-10:30',
      'sat-11:30',
      'No thanks',
    ]);
    expect(await question.evaluate((group) => group === document.activeElement)).toBe(true);
    await checkAxe(page, 'its question');
    await shot('2-question');

    // Keyboard only: into the group, arrow to the second time, on to the button, Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'sat-11:30' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Booked: sat-11:30.' }).waitFor();
    await expect.poll(() => page.getByText('The salon says:').textContent()).toBe('The salon says: sat-11:30 is yours.');
    expect(await openTimes()).toEqual(['sat-10:30', 'sat-13:00']);
    expect(await page.getByRole('list', { name: 'Your bookings' }).getByRole('listitem').allTextContents()).toEqual(['sat-11:30']);
    await checkAxe(page, 'its booking made');
    await shot('3-booked');
  });

  it('books nothing when the customer declines a second booking', async () => {
    await page.getByLabel('What would you like?').fill('And a colour, any time?');
    await page.getByRole('button', { name: 'Ask for a time' }).click();
    const question = page.getByRole('group', { name: 'Which time suits you?' });
    await question.waitFor();
    expect(await question.getByRole('radio').count()).toBe(3);
    expect(await page.getByRole('radio', { name: 'sat-13:00' }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'No thanks' }).check();
    await page.getByRole('button', { name: 'Send my answer' }).click();

    await page.getByRole('heading', { name: 'Nothing is booked.' }).waitFor();
    await expect.poll(() => page.getByText('The salon says:').textContent()).toBe(
      'The salon says: No time was chosen, so nothing is booked.',
    );
    expect(await openTimes()).toEqual(['sat-10:30', 'sat-13:00']);
    expect(await page.getByRole('list', { name: 'Your bookings' }).getByRole('listitem').allTextContents()).toEqual(['sat-11:30']);
    await checkAxe(page, 'its no thanks');
    await shot('4-declined');
  });

  it('reads the salon from the address and escapes it on the way to the server', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${base}/?salon=${encodeURIComponent('Hair & Co/Annex')}&slots=mon-09:00`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hair & Co/Annex');
    await page.getByLabel('What would you like?').fill('Monday?');
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByRole('button', { name: 'Ask for a time' }).click();
    expect((await sent).url()).toBe(`${base}/salons/Hair%20%26%20Co%2FAnnex/book`);
    await page.getByRole('group', { name: 'Which time suits you?' }).waitFor();
    await page.getByRole('radio', { name: 'mon-09:00' }).check();
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await page.getByRole('heading', { name: 'Booked: mon-09:00.' }).waitFor();
    expect(await page.getByText('Nothing is open right now.').isVisible()).toBe(true);
    await checkAxe(page, 'another salon on a desktop');
    await shot('5-desktop-other-salon');
  });

  it('logged no error in the browser (so no CSP violation either)', () => {
    expect(browserErrors).toEqual([]);
  });
});
