// The pages in German, French and Spanish, in Chromium against the real bookingd: a German salon's page in a German browser, booked from tap to my-booking page, each state axe-clean on a 360 px phone and no wider than it (screenshots of each in docs/, German being the longest); the picker, remembered on reload; the salon's language when the browser's isn't shipped; and the server's question and say in the page's language.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxe } from './axe';
import { Bookingd, artifacts, chromiumOptions, freePort, watchedPage } from './bookingd';

const docs = fileURLToPath(new URL('../docs', import.meta.url));
const writeDocs = process.env['E2E_DOCS'] === '1';

const salon = 'haarstudio';
const salonName = 'Haarstudio Neun';
const operator = randomBytes(24).toString('hex');
const signingKey = randomBytes(32).toString('hex');
const phoneSize = { width: 360, height: 780 };

let scratch = '';
let server: Bookingd;
let browser: Browser;
const contexts: BrowserContext[] = [];
const browserErrors: string[] = [];

/** A German menu salon, open every day from early to late, three days ahead, so the test finds times whenever it runs. */
function settings(): unknown {
  const day = [['06:00', '23:30']];
  return {
    name: salonName,
    timeZone: 'Europe/Berlin',
    phone: '+49 30 901820',
    language: 'de',
    hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    horizonDays: 3,
    changeCutoffHours: 0,
    currency: 'EUR',
    services: [
      { id: 'schnitt', name: 'Schnitt', minutes: 45, price: 4500 },
      { id: 'farbe', name: 'Farbe', minutes: 90, price: 8000, afterMinutes: 30 },
    ],
    stylists: [
      { id: 'ana', name: 'Ana', services: ['schnitt', 'farbe'] },
      { id: 'ben', name: 'Ben', services: ['schnitt'] },
    ],
  };
}

function newPage(locale: string): Promise<Page> {
  return watchedPage(browser, { viewport: phoneSize, locale }, contexts, browserErrors);
}

/** state checks a state of a page at a phone's width: axe-core clean, no wider than the screen, and saved as a screenshot (docs/<name>.png with E2E_DOCS=1). */
async function state(page: Page, what: string, name: string): Promise<void> {
  await checkAxe(page, what);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${what} fits a 360 px phone`).toBe(true);
  await page.evaluate(() => (document.activeElement === document.body ? undefined : document.activeElement?.scrollIntoView({ block: 'center' })));
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path });
  if (writeDocs) {
    copyFileSync(path, join(docs, `${name}.png`));
  }
}

async function openSalon(page: Page): Promise<void> {
  expect((await page.goto(`${server.base}/book/${salon}`))?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'languages-e2e-'));
  server = await Bookingd.start({
    port: await freePort(),
    flags: ['-db', `sqlite:${join(scratch, 'languages.db')}`],
    env: { BOOKING_SIGNING_KEY: signingKey, BOOKING_OWNER_TOKEN: operator },
    log: 'languages-bookingd.log',
    ready: '/readyz',
  });
  const put = await fetch(`${server.base}/salons/${salon}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
    body: JSON.stringify(settings()),
  });
  expect(put.status).toBe(200);
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

describe('Scenario: a German browser books at a German salon on a phone, every state in German', () => {
  let page: Page;
  let manage = '';

  it('opens in German, with the menu in euros and the times on German dates', async () => {
    page = await newPage('de-DE');
    await openSalon(page);
    expect(await lang(page)).toBe('de');
    await page.getByRole('group', { name: 'Eine Leistung wählen' }).waitFor();
    expect(await page.getByRole('radio', { name: /^Schnitt/ }).evaluate((r) => r.parentElement?.textContent ?? '')).toBe('Schnitt45 Min.45,00\u00a0€');
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de');
    await state(page, 'the German menu', 'de-menu');
    await page.getByRole('radio', { name: /^Farbe/ }).check();
    await page.getByRole('heading', { name: 'Freie Zeiten für Farbe bei allen' }).waitFor();
    const first = page.locator('button.slot').first();
    await first.waitFor();
    expect(await first.getAttribute('aria-label')).toMatch(/^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. [A-ZÄ][a-zä]+, \d{2}:\d{2}$/);
    await first.click();
    await page.getByText('Geben Sie Ihren Namen ein, damit der Salon weiß, wer kommt.').first().waitFor();
    await state(page, 'the details refused, in German', 'de-details-refused');
  });

  it('asks the salon, which words its question in German', async () => {
    await page.getByLabel('Ihr Name').fill('Jürgen Groß');
    await page.getByLabel('Telefon oder E-Mail').fill('juergen@example.de');
    const first = page.locator('button.slot').first();
    const when = (await first.getAttribute('aria-label')) ?? '';
    await first.click();
    const question = page.getByRole('group', { name: 'Welche Zeit passt Ihnen?' });
    await question.waitFor();
    expect(await page.getByRole('radio', { name: when }).isChecked()).toBe(true);
    await question.getByRole('radio', { name: 'Nein, danke' }).waitFor();
    await state(page, 'the question, in German', 'de-question');
  });

  it('books, and tells it in German: the headline, the details, the salon’s own words', async () => {
    await page.getByRole('button', { name: 'Antwort senden' }).click();
    const headline = page.getByRole('heading', { name: /^Sie sind gebucht: Farbe mit Ana, / });
    await headline.waitFor();
    expect(await page.locator('.outcome dt').allTextContents()).toEqual(['Leistung', 'Stylist', 'Wann', 'Buchungsnummer']);
    expect(await page.locator('.say').textContent()).toMatch(/^Der Salon sagt: Farbe mit Ana, .+, ist für Sie gebucht\.$/);
    manage = (await page.getByRole('link', { name: 'Ändern oder stornieren' }).getAttribute('href')) ?? '';
    expect(manage).toMatch(/^\/my\/haarstudio\//);
    await page.getByRole('link', { name: 'In den Kalender' }).waitFor();
    await state(page, 'booked, in German', 'de-booked');
  });

  it('shows the booking on its my-booking page in German, and asks before cancelling', async () => {
    await page.goto(`${server.base}${manage}`);
    await page.getByRole('heading', { level: 1, name: 'Farbe mit Ana' }).waitFor();
    expect(await lang(page)).toBe('de');
    await page.getByText(/^Sie können sie hier bis .+ ändern oder stornieren\. Danach rufen Sie den Salon an\.$/).waitFor();
    await state(page, 'the my-booking page, in German', 'de-my-booking');
    await page.getByRole('button', { name: 'Buchung stornieren' }).click();
    await page.getByRole('group', { name: /^Farbe mit Ana am .+ stornieren\?$/ }).waitFor();
    await state(page, 'the cancel asked again, in German', 'de-my-booking-confirm');
    await page.getByRole('button', { name: 'Ja, stornieren' }).click();
    await page.getByRole('heading', { name: 'Diese Buchung ist storniert.' }).waitFor();
    await state(page, 'cancelled, in German', 'de-cancelled');
  });
});

describe('Scenario: the owner runs the salon in German', () => {
  it('signs in, and reads the calendar, the closures and the settings in German, each axe-clean on a phone', async () => {
    const page = await newPage('de-DE');
    expect((await page.goto(`${server.base}/owner/`))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await lang(page)).toBe('de');
    await state(page, 'the owner’s sign-in, in German', 'de-owner-sign-in');
    await page.getByLabel('Salon-Schlüssel oder Token der Inhaberin').fill(operator);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { level: 1, name: salonName }).waitFor();
    await page.getByRole('button', { name: 'Kalender', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Vorheriger Tag' }).waitFor();
    await page.locator('p.summary').getByText(/^(Keine Buchungen|Eine Buchung|\d+ Buchungen) am /).waitFor();
    await state(page, 'the owner’s calendar, in German', 'de-owner-calendar');
    await page.getByRole('button', { name: 'Schließzeiten' }).click();
    await page.getByRole('heading', { name: 'Eine Schließzeit hinzufügen' }).waitFor();
    await state(page, 'the closures, in German', 'de-owner-closures');
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByRole('group', { name: 'Das Angebot' }).waitFor();
    expect(await page.getByLabel('Sprache').first().inputValue()).toBe('de');
    await page.getByRole('group', { name: 'Montag' }).first().waitFor();
    await state(page, 'the settings, in German', 'de-owner-settings');
  });
});

describe('Scenario: the picker, and a browser whose language isn’t shipped', () => {
  it('switches to French and Spanish, each axe-clean on a phone, and remembers the pick on reload', async () => {
    const page = await newPage('de-DE');
    await openSalon(page);
    for (const [code, endonym, legend] of [
      ['fr', 'Français', 'Choisir une prestation'],
      ['es', 'Español', 'Elegir un servicio'],
      ['en', 'English', 'Choose a service'],
      ['fr', 'Français', 'Choisir une prestation'],
    ] as const) {
      await page.getByRole('combobox').selectOption({ label: endonym });
      await page.getByRole('group', { name: legend }).waitFor();
      expect(await lang(page)).toBe(code);
      await expect.poll(() => page.title(), { message: `the title in ${code}` }).toBe(
        { fr: `Prendre rendez-vous chez ${salonName}`, es: `Reservar una cita en ${salonName}`, en: `Book a time at ${salonName}` }[code],
      );
      await checkAxe(page, `the menu in ${code}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `the menu in ${code} fits`).toBe(true);
    }
    await page.reload();
    await page.getByRole('group', { name: 'Choisir une prestation' }).waitFor();
    expect(await lang(page)).toBe('fr');
    expect(await page.getByLabel('Langue').inputValue()).toBe('fr');
  });

  it('follows the salon’s German for an Italian browser, and English for an English one', async () => {
    const italian = await newPage('it-IT');
    await openSalon(italian);
    await italian.getByRole('group', { name: 'Eine Leistung wählen' }).waitFor();
    expect(await lang(italian)).toBe('de');
    const english = await newPage('en-GB');
    await openSalon(english);
    await english.getByRole('group', { name: 'Choose a service' }).waitFor();
    expect(await lang(english)).toBe('en');
  });

  it('logged no error in the browser', () => {
    expect(browserErrors).toEqual([]);
  });
});
