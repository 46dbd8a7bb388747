// End to end: the real bookingd without a database (the page owns its slots), booked through the page in headless Debian Chromium.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAxe } from './axe';

const web = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(web, 'e2e-artifacts');

let scratch = '';
let bookingd: ChildProcess | undefined;
let context: BrowserContext | undefined;
let page: Page;
let base = '';
const browserErrors: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(url: string, within: number): Promise<void> {
  const until = Date.now() + within;
  let last = '';
  while (Date.now() < until) {
    if (bookingd?.exitCode !== null) {
      throw new Error(`bookingd exited with ${String(bookingd?.exitCode)}: see e2e-artifacts/bookingd.log`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) {
        return;
      }
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered 200 (last: ${last})`);
}

async function openTimes(): Promise<string[]> {
  return page.getByRole('list', { name: 'Open times' }).getByRole('listitem').allTextContents();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'booking-e2e-'));
  const binary = inject('bookingd'); // built once by e2e/build.ts

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const log = openSync(join(artifacts, 'bookingd.log'), 'w');
  const env = { ...process.env };
  env['BOOKING_SIGNING_KEY'] = randomBytes(32).toString('hex');
  delete env['BOOKING_PREVIOUS_SIGNING_KEYS'];
  delete env['BOOKING_REDIS_URL'];
  delete env['BOOKING_DATABASE_URL'];
  bookingd = spawn(binary, ['-addr', `127.0.0.1:${port}`], { env, stdio: ['ignore', log, log] });
  await waitHealthy(`${base}/healthz`, 30_000);

  context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    viewport: { width: 390, height: 844 },
  });
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
  if (bookingd !== undefined && bookingd.exitCode === null) {
    const exited = new Promise((resolve) => bookingd?.once('exit', resolve));
    bookingd.kill('SIGTERM');
    await exited;
  }
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
