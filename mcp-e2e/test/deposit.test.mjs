// End to end: the official TypeScript MCP client books a service with a deposit through /mcp of a
// running bookingd whose Stripe is a stand-in on loopback: over 2026-07-28 its URL-mode
// elicitation handler pays on the Checkout page and the client's own retry completes round three;
// over 2025-11-25 the model is asked in the conversation, with the page in say and url.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildBookingd, calendarDir, connectClient, startBookingd, testKey, testOwnerToken } from '../bookingd.mjs';
import { startStripe } from '../stripe.mjs';

const stripeKey = 'sk_test_e2e0123456789abcdef';

const menu = {
  name: 'Deposit Nine', timeZone: 'Europe/London', phone: '+44 20 7946 0009',
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '23:55']]])),
  currency: 'GBP', minNoticeMinutes: 60,
  services: [{ id: 'colour', name: 'Colour', minutes: 90, afterMinutes: 30, price: 8000, deposit: 2000 }],
  stylists: [{ id: 'ana', name: 'Ana', services: ['colour'] }],
};

describe('the official TypeScript client books a service with a deposit', () => {
  let build;
  let server;
  let calendar;
  let stripe;
  before(async () => {
    build = buildBookingd();
    stripe = await startStripe(stripeKey);
    calendar = calendarDir();
    server = await startBookingd(build.bin,
      { BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: testOwnerToken, BOOKING_STRIPE_KEY: stripeKey, BOOKING_STRIPE_WEBHOOK_SECRET: stripe.secret },
      ['-db', calendar.db, '-public-url', 'https://book.deposit-nine.example', '-stripe-api', stripe.url]);
    stripe.setHook(new URL('/payments/stripe', server.url).href);
    const put = await fetch(new URL('/salons/deposit-nine', server.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${testOwnerToken}` },
      body: JSON.stringify(menu),
    });
    assert.equal(put.status, 200, await put.text());
  });
  after(async () => {
    const exit = await server?.stop();
    await stripe?.close();
    calendar?.remove();
    build?.remove();
    assert.equal(exit?.code, 0, 'bookingd exits 0 on SIGTERM');
    assert.ok(server.logs.every((line) => !line.includes(stripeKey) && !line.includes(stripe.secret)), 'no Stripe secret is logged');
  });

  const connect = (revision, capabilities, elicit) => connectClient(server.url, { name: 'salon-e2e-deposit', revision, capabilities, elicit });

  async function openSlots(client) {
    const read = await client.readResource({ uri: 'salon://deposit-nine' });
    return JSON.parse(read.contents[0].text).openSlots.map((s) => s.slot);
  }

  const booking = (slots, name) => ({
    salon: 'deposit-nine', message: 'A colour, please', openSlots: slots.slice(0, 10), service: 'colour',
    customer: { name, contact: `${name.toLowerCase()}@example.org` },
  });

  it('over 2026-07-28: asks the time by form, the deposit by URL, and books in round three', async () => {
    const asked = [];
    const client = await connect('2026-07-28', { elicitation: { form: {}, url: {} } }, async (request) => {
      asked.push(request.params);
      if (request.params.mode === 'form') {
        return { action: 'accept', content: { time: request.params.requestedSchema.properties.time.enum[0] } };
      }
      // The customer opens the page and pays; back in the client, they accept.
      assert.equal(await stripe.pay(request.params.url), 200, 'the completed event is taken');
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'book', arguments: booking(await openSlots(client), 'Rosa') });
    const { status, deposit, booking: reference, manage, say } = result.structuredContent;
    assert.equal(status, 'booked', JSON.stringify(result));
    assert.equal(deposit, 2000);
    assert.ok(manage, 'the manage key is given');
    assert.match(say, /^Colour with Ana, .*, is yours\.$/);
    assert.deepEqual(asked.map((p) => p.mode), ['form', 'url']);
    const url = asked[1];
    assert.match(url.message, /^A deposit of £20\.00 holds Colour with Ana, .*, until \d\d:\d\d\. Pay it to book\.$/);
    // 2026-07-28's URL mode has no elicitationId (the client drops the one sent): the page is the session of the booking.
    const session = stripe.sessions.get(new URL(url.url).pathname.replace(/^\/pay\//, ''));
    assert.equal(session.client_reference_id, reference);
    assert.equal(session.amount_total, 2000);
    assert.equal(session.currency, 'gbp');
    assert.equal(session.success_url, `https://book.deposit-nine.example/book/deposit-nine/paid?booking=${reference}`);
    await client.close();
  });

  it('over 2025-11-25: asks the time and then the deposit in the conversation', async () => {
    const client = await connect('2025-11-25', { elicitation: { form: {} } });
    const args = booking(await openSlots(client), 'Lena');
    const asked = await client.callTool({ name: 'book', arguments: args });
    const { times, requestState } = asked.structuredContent;
    const toPay = await client.callTool({ name: 'book', arguments: { ...args, answer: { action: 'accept', content: { time: times[0] } }, requestState } });
    const paying = toPay.structuredContent;
    assert.equal(paying.status, 'input_required', JSON.stringify(toPay));
    assert.ok(paying.say.endsWith(paying.url), 'say gives the page');
    assert.match(toPay.content[0].text, /Give them this page to pay on: /);
    // Back before paying: asked again.
    const again = await client.callTool({ name: 'book', arguments: { ...args, answer: { action: 'accept' }, requestState: paying.requestState } });
    assert.equal(again.structuredContent.status, 'input_required');
    assert.equal(await stripe.pay(paying.url), 200);
    const done = await client.callTool({ name: 'book', arguments: { ...args, answer: { action: 'accept' }, requestState: again.structuredContent.requestState } });
    assert.equal(done.structuredContent.status, 'booked', JSON.stringify(done));
    assert.equal(done.structuredContent.deposit, 2000);
    await client.close();
  });
});
