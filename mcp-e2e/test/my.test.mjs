// End to end: the official TypeScript MCP client books at a salon with a calendar through /mcp of a running bookingd, then sees, moves and cancels the booking with its manage key through my_booking, move_booking (by the client's own retry at 2026-07-28, and in the conversation at 2025-11-25) and cancel_booking, each answering as the HTTP routes do.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, ProtocolError } from '@modelcontextprotocol/client';
import { buildBookingd, startBookingd, testKey } from '../bookingd.mjs';

/** The owner's token of this run. Never a real deployment's. */
const ownerToken = 'e2e-owner-token-0123456789abcdef0123456789';

/** Night Owls: open around the clock in London, hour-long slots, a one-hour cutoff. */
const salon = 'night-owls';
const settings = {
  name: 'Night Owls', timeZone: 'Europe/London', phone: '+44 20 7946 0001',
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '23:59']]])),
  slotMinutes: 60, horizonDays: 14, changeCutoffHours: 1,
};

let build;
let server;
let dir;
before(async () => {
  build = buildBookingd();
  dir = mkdtempSync(join(tmpdir(), 'bookingd-own-e2e-'));
  server = await startBookingd(build.bin, {
    BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: ownerToken, BOOKING_DATABASE_URL: `sqlite:${join(dir, 'calendar.db')}`,
  });
  const put = await fetch(new URL(`/salons/${salon}`, server.url), {
    method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` }, body: JSON.stringify(settings),
  });
  assert.equal(put.status, 200, await put.text());
});
after(async () => {
  const exit = await server?.stop();
  assert.equal(exit?.code, 0, 'bookingd exits 0 on SIGTERM');
  build?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** openSlots is what GET /salons/night-owls lists open now, three hours ahead or more. */
async function openSlots() {
  const res = await fetch(new URL(`/salons/${salon}`, server.url));
  const view = await res.json();
  return view.openSlots.filter((s) => Date.parse(s.slot) > Date.now() + 3 * 3600 * 1000);
}

/** connect opens a client pinned to 2026-07-28, whose customer takes the first offered time. */
async function connect() {
  const client = new Client({ name: 'salon-e2e-own', version: '1.0.0' }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    const [first] = request.params.requestedSchema.properties.time.enum;
    return { action: 'accept', content: { time: first } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  return client;
}

/** connectLegacy opens a client of 2025-11-25, asked in the conversation over stateless HTTP. */
async function connectLegacy() {
  const client = new Client({ name: 'salon-e2e-own-2025', version: '1.0.0' }, {
    capabilities: { elicitation: { form: {} } },
    supportedProtocolVersions: ['2025-11-25'],
    versionNegotiation: { mode: 'legacy' },
  });
  client.setRequestHandler('elicitation/create', async () => {
    assert.fail('the server sent elicitation/create over stateless HTTP');
  });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  return client;
}

/** book books slot for name through the book tool and returns { booking, manage }. */
async function book(client, name, slot) {
  const result = await client.callTool({ name: 'book', arguments: {
    salon, message: 'A cut, please', openSlots: [slot.slot], customer: { name, contact: `${name.split(' ')[0].toLowerCase()}@example.com` },
  } });
  const { status, booking, manage, say } = result.structuredContent;
  assert.equal(status, 'booked', JSON.stringify(result));
  assert.equal(say, `${slot.label} is yours.`);
  assert.match(manage, /^[A-Za-z0-9_-]{43}$/);
  return { booking, manage };
}

/** myRoute is GET /salons/night-owls/my/{booking} with key as the bearer token. */
async function myRoute(booking, key) {
  const res = await fetch(new URL(`/salons/${salon}/my/${booking}`, server.url), { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}

/** refusedWith checks a call rejects with -32602 and message. */
async function refusedWith(call, message) {
  await assert.rejects(call, (err) => {
    assert.ok(err instanceof ProtocolError, `got ${err}`);
    assert.equal(err.code, -32602);
    assert.equal(err.message, message);
    return true;
  });
}

describe('the official TypeScript client and the customer\'s own booking, against bookingd /mcp with a calendar', () => {
  it('lists my_booking, cancel_booking and move_booking, each taking salon, booking and key', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    for (const name of ['my_booking', 'cancel_booking', 'move_booking']) {
      const tool = tools.find((t) => t.name === name);
      assert.ok(tool, `no tool ${name}`);
      assert.deepEqual(tool.inputSchema.required.slice(0, 3), ['salon', 'booking', 'key']);
      assert.equal(tool.inputSchema.properties.salon.maxLength, 64);
    }
    const move = tools.find((t) => t.name === 'move_booking');
    assert.equal(move.inputSchema.properties.openSlots.maxItems, 50);
    assert.deepEqual(move.outputSchema.properties.status.enum, ['booked', 'not_booked', 'input_required']);
    const mine = tools.find((t) => t.name === 'my_booking');
    assert.deepEqual(mine.outputSchema.properties.service.type, ['null', 'string']);
    assert.equal(mine.annotations.readOnlyHint, true);
    await client.close();
  });

  it('sees a booking as the HTTP route shows it, and answers a wrong key as an unknown booking', async () => {
    const client = await connect();
    const [first, second] = await openSlots();
    const ana = await book(client, 'Ana Lima', first);
    const rosa = await book(client, 'Rosa Diaz', second);

    const seen = await client.callTool({ name: 'my_booking', arguments: { salon, booking: ana.booking, key: ana.manage } });
    const route = await myRoute(ana.booking, ana.manage);
    assert.equal(route.status, 200);
    assert.deepEqual(seen.structuredContent, route.body);
    assert.deepEqual(seen.content, [{ type: 'text', text: JSON.stringify(route.body) }]);
    assert.equal(seen.structuredContent.slot, first.slot);
    assert.equal(seen.structuredContent.service, null);
    assert.equal(seen.structuredContent.canChange, true);

    const noAna = `there is no booking ${ana.booking}`;
    await refusedWith(client.callTool({ name: 'my_booking', arguments: { salon, booking: ana.booking, key: rosa.manage } }), noAna);
    await refusedWith(client.callTool({ name: 'cancel_booking', arguments: { salon, booking: ana.booking, key: rosa.manage } }), noAna);
    await refusedWith(client.callTool({ name: 'my_booking', arguments: { salon, booking: 'b-unknown', key: ana.manage } }), 'there is no booking b-unknown');
    assert.equal((await myRoute(ana.booking, rosa.manage)).status, 404);
    await client.close();
  });

  it('moves a booking in two rounds through the client\'s own retry, keeping its reference and key', async () => {
    const client = await connect();
    const slots = await openSlots();
    const [from, to] = [slots[2], slots[3]];
    const ana = await book(client, 'Ana Lima', from);
    const moved = await client.callTool({ name: 'move_booking', arguments: {
      salon, booking: ana.booking, key: ana.manage, message: 'An hour later?', openSlots: [to.slot],
    } });
    assert.deepEqual(moved.structuredContent, { status: 'booked', slot: to.slot, say: `Your booking is now ${to.label}.`, booking: ana.booking });
    const seen = await client.callTool({ name: 'my_booking', arguments: { salon, booking: ana.booking, key: ana.manage } });
    assert.equal(seen.structuredContent.slot, to.slot);
    assert.equal(seen.structuredContent.sequence, 1);
    assert.equal(seen.structuredContent.name, 'Ana Lima');
    await client.close();
  });

  it('moves a booking for a client of 2025-11-25 in the conversation, once', async () => {
    const booker = await connect();
    const slots = await openSlots();
    const [from, to] = [slots[4], slots[5]];
    const ana = await book(booker, 'Ana Lima', from);
    await booker.close();

    const client = await connectLegacy();
    const args = { salon, booking: ana.booking, key: ana.manage, message: 'An hour later?', openSlots: [to.slot] };
    const asked = await client.callTool({ name: 'move_booking', arguments: args });
    assert.notEqual(asked.isError, true, JSON.stringify(asked));
    const { status, times, requestState } = asked.structuredContent;
    assert.equal(status, 'input_required');
    assert.deepEqual(times, [to.slot]);
    assert.match(asked.content[0].text, /call move_booking again/);

    const retry = { name: 'move_booking', arguments: { ...args, answer: { action: 'accept', content: { time: to.slot } }, requestState } };
    const done = await client.callTool(retry);
    assert.deepEqual(done.structuredContent, { status: 'booked', slot: to.slot, say: `Your booking is now ${to.label}.`, booking: ana.booking });
    const again = await client.callTool(retry);
    assert.equal(again.isError, true);
    assert.deepEqual(again.content, [{ type: 'text', text: 'requestState was already used' }]);
    await client.close();
  });

  it('cancels a booking once, and then it can\'t be moved', async () => {
    const client = await connect();
    const slots = await openSlots();
    const ana = await book(client, 'Ana Lima', slots[6]);
    const args = { salon, booking: ana.booking, key: ana.manage };
    const cancelled = await client.callTool({ name: 'cancel_booking', arguments: args });
    assert.equal(cancelled.structuredContent.status, 'cancelled');
    assert.equal(cancelled.structuredContent.sequence, 1);
    assert.equal(cancelled.structuredContent.canChange, false);
    await refusedWith(client.callTool({ name: 'cancel_booking', arguments: args }), 'this booking is already cancelled');
    await refusedWith(client.callTool({ name: 'move_booking', arguments: { ...args, message: 'Later?', openSlots: [slots[7].slot] } }),
      'this booking is already cancelled');
    await client.close();
  });

  it('never logs a manage key', async () => {
    const client = await connect();
    const [slot] = (await openSlots()).slice(8);
    const ana = await book(client, 'Ana Lima', slot);
    await client.callTool({ name: 'my_booking', arguments: { salon, booking: ana.booking, key: ana.manage } });
    await client.close();
    assert.ok(server.logs.some((line) => line.includes('"tool":"my_booking"')), 'the log has the call');
    assert.ok(server.logs.every((line) => !line.includes(ana.manage)), 'the key is never logged');
  });
});
