// The booking on a salon's own website, in Chromium against the real bookingd: docs/embed-demo.html served from a loopback origin the salon lists frames the booking page, which takes its height from the page's messages and books; the same page from an origin not listed is refused by the browser, as is any site at a salon that lists none; the "Book" link opens the page from the keyboard; and the demo, axe-clean, at a phone's and a desktop's width (docs/embed-phone.png and docs/embed-desktop.png with E2E_DOCS=1).
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort, watchedPage } from './bookingd';

const docs = fileURLToPath(new URL('../../docs', import.meta.url));
const demo = readFileSync(join(docs, 'embed-demo.html'), 'utf8');
const writeDocs = process.env['E2E_DOCS'] === '1';

const operator = randomBytes(24).toString('hex');
const signingKey = randomBytes(32).toString('hex');

let scratch = '';
let server: Bookingd;
let browser: Browser;
const sites: Server[] = [];
const contexts: BrowserContext[] = [];
const browserErrors: string[] = [];
let listed = '';
let unlisted = '';

/** site serves the demo page, its script pointed at bookingd, for salon, on a loopback port of its own, and resolves to its origin. */
async function site(salon: string): Promise<string> {
  const port = await freePort();
  const page = demo.replaceAll('http://localhost:8080', server.base).replaceAll('studio-nine', salon);
  const s = createServer((req, res) => {
    res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(req.url === '/' ? page : '');
  });
  sites.push(s);
  await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
  return `http://localhost:${port}`;
}

async function put(salon: string, embedOrigins: string[]): Promise<void> {
  const day = [['06:00', '23:30']];
  const response = await fetch(`${server.base}/salons/${salon}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
    body: JSON.stringify({
      name: 'Studio Nine', timeZone: 'Europe/London', phone: '+44 20 7946 0000',
      hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }, horizonDays: 3, slotMinutes: 60,
      ...(embedOrigins.length === 0 ? {} : { embedOrigins }),
    }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** bookingFrame is the frame the embed made, once it shows the booking page. */
async function bookingFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe.salon-booking-frame');
  const frame = await handle.contentFrame();
  if (frame === null) {
    throw new Error('the embed made no frame');
  }
  return frame;
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'embed-e2e-'));
  server = await Bookingd.start({
    port: await freePort(),
    flags: ['-db', `sqlite:${join(scratch, 'embed.db')}`],
    env: { BOOKING_SIGNING_KEY: signingKey, BOOKING_OWNER_TOKEN: operator },
    log: 'embed-bookingd.log',
    ready: '/readyz',
  });
  listed = await site('studio-nine');
  unlisted = await site('studio-nine');
  await put('studio-nine', [listed]);
  browser = await chromium.launch(chromiumOptions);
});

afterAll(async () => {
  for (const context of contexts) {
    await context.close();
  }
  await browser?.close();
  await server?.stop();
  for (const s of sites) {
    s.close();
  }
  if (scratch !== '') {
    rmSync(scratch, { recursive: true, force: true });
  }
});

describe('Scenario: a salon puts its booking on its own website', () => {
  it('frames the booking page on a site it lists, sized to the page, and books in it', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1280, height: 900 } }, contexts, browserErrors);
    await page.goto(listed);
    const frame = await bookingFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'Studio Nine' }).waitFor();
    // The frame takes the page's height from its messages, in place of the script's first guess.
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLIFrameElement>('iframe.salon-booking-frame');
      return el !== null && el.style.height !== '640px';
    });
    const [told, inner] = await Promise.all([
      page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe.salon-booking-frame')?.getBoundingClientRect().height ?? 0),
      frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
    ]);
    expect(Math.abs(told - inner), `the frame is ${told} px, its page ${inner} px`).toBeLessThanOrEqual(1);
    expect(await frame.evaluate(() => document.cookie)).toBe('');

    // The booking goes through in the frame, as on the page itself.
    await frame.getByLabel('Your name').fill('Ana Lima');
    await frame.getByLabel('Phone or e-mail').fill('ana@example.com');
    await frame.getByLabel('What would you like?').fill('A cut, please');
    await frame.getByRole('button', { name: 'Ask for a time' }).click();
    await frame.getByRole('group', { name: 'Which time suits you?' }).getByRole('radio').first().check();
    await frame.getByRole('button', { name: 'Send my answer' }).click();
    await frame.getByRole('heading', { name: /^You're booked: / }).waitFor();
    expect(browserErrors).toEqual([]);
  });

  it('refuses to be framed by a site the salon doesn\'t list', async () => {
    const errors: string[] = [];
    const page = await watchedPage(browser, { viewport: { width: 1280, height: 900 } }, contexts, errors);
    await page.goto(unlisted);
    const frame = await bookingFrame(page);
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    expect(await frame.getByRole('heading', { name: 'Studio Nine' }).count()).toBe(0);
    expect(errors.some((e) => e.includes(`frame-ancestors ${listed}`)), errors.join('\n')).toBe(true);
  });

  it('refuses every site where the salon lists none', async () => {
    await put('plain-salon', []);
    const errors: string[] = [];
    const page = await watchedPage(browser, { viewport: { width: 1280, height: 900 } }, contexts, errors);
    const origin = await site('plain-salon');
    await page.goto(origin);
    const frame = await bookingFrame(page);
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    expect(await frame.getByRole('heading', { name: 'Studio Nine' }).count()).toBe(0);
    expect(errors.some((e) => e.includes("frame-ancestors 'none'")), errors.join('\n')).toBe(true);
  });

  it('opens the booking page from the Book link with the keyboard', async () => {
    const page = await watchedPage(browser, { viewport: { width: 360, height: 780 } }, contexts, browserErrors);
    await page.goto(listed);
    const link = page.getByRole('link', { name: 'Book at Studio Nine' });
    await link.waitFor();
    await (await bookingFrame(page)).getByRole('heading', { level: 1, name: 'Studio Nine' }).waitFor();
    // The link is the page's last focusable element, after the frame and its whole booking form, so
    // a keyboard reaches it backwards from the end, whatever the frame holds by then.
    for (let i = 0; i < 3 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await link.evaluate((el) => el === document.activeElement), 'the link takes focus from the keyboard').toBe(true);
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${server.base}/book/studio-nine`);
    await opened.getByRole('heading', { level: 1, name: 'Studio Nine' }).waitFor();
  });

  for (const [name, viewport] of [
    ['embed-phone', { width: 360, height: 780 }],
    ['embed-desktop', { width: 1280, height: 900 }],
  ] as const) {
    it(`shows the demo, axe-clean, at ${viewport.width} px`, async () => {
      const page = await watchedPage(browser, { viewport }, contexts, browserErrors);
      await page.goto(listed);
      const frame = await bookingFrame(page);
      await frame.getByRole('heading', { level: 1, name: 'Studio Nine' }).waitFor();
      await page.waitForFunction(() => document.querySelector<HTMLIFrameElement>('iframe.salon-booking-frame')?.style.height !== '640px');
      await checkAxe(page, `the demo at ${viewport.width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no wider than the screen').toBe(true);
      const path = join(artifacts, `${name}.png`);
      await page.screenshot({ path });
      if (writeDocs) {
        copyFileSync(path, join(docs, `${name}.png`));
      }
    });
  }
});
