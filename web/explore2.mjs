import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:18080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
// a few bookings through the API
async function book(service, stylist, n, name) {
  const a = await (await fetch(base + '/salons/studio-nine/availability?service=' + service + (stylist ? '&stylist=' + stylist : ''))).json();
  const slots = a.slots.slice(n, n + 3).map((s) => s.slot);
  const args = { message: '', openSlots: slots, customer: { name, contact: name.toLowerCase().replace(' ', '.') + '@example.org' }, service, ...(stylist ? { stylist } : {}) };
  const r1 = await (await fetch(base + '/salons/studio-nine/book', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ arguments: args }) })).json();
  const t = r1.inputRequests.time.params.requestedSchema.properties.time.enum[0];
  const r2 = await (await fetch(base + '/salons/studio-nine/book', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ arguments: args, inputResponses: { time: { action: 'accept', content: { time: t } } }, requestState: r1.requestState }) })).json();
  console.log(JSON.stringify(r2.structuredContent));
}
await book('cut', 'ben', 2, 'Bo Li');
await book('beard-trim', 'ben', 12, 'Cy Do');
await book('colour', 'chloe', 0, 'Di Fe');
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', String(e)));
await page.goto(base + '/owner/');
await page.getByLabel('Salon key or owner\'s token').fill('LcqSVXqXjlvZ6JnuBEHMHgEGkyE0lKhg');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('heading', { name: /Week of/ }).waitFor();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/pages-shots/o1-week.png', fullPage: true });
await page.getByRole('button', { name: 'Day', exact: true }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/pages-shots/o2-day.png', fullPage: true });
await page.getByRole('button', { name: 'Week', exact: true }).click();
await page.waitForTimeout(500);
await page.locator('.booking-block').first().click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/pages-shots/o3-details.png', fullPage: true });
await page.getByRole('button', { name: 'Settings' }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/pages-shots/o4-settings.png', fullPage: true });
await browser.close();
