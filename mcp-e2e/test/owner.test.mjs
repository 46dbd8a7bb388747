// End to end: the official TypeScript MCP client as a salon owner's assistant, against a running bookingd, over Streamable HTTP with the salon's key as the bearer token and over stdio (`bookingd mcp` with BOOKING_MCP_KEY), at 2026-07-28 and 2025-11-25: the owner's tools listed and answered only with a key, one salon per key, each change the HTTP route's and audited with the key's id.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { buildBookingd, startBookingd, testKey } from '../bookingd.mjs';

/** The operator's token of this run. Never a real deployment's. */
const ownerToken = 'e2e-owner-token-assistant-0123456789abcdef';

/** Corner Cuts: a menu salon open around the clock in London, with Ana and Ben. */
const salon = 'corner-cuts';
const settings = {
  name: 'Corner Cuts', timeZone: 'Europe/London', phone: '+44 20 7946 0002', currency: 'GBP',
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '23:59']]])),
  services: [{ id: 'cut', name: 'Cut', minutes: 30, price: 3000 }],
  stylists: [{ id: 'ana', name: 'Ana', services: ['cut'] }, { id: 'ben', name: 'Ben', services: ['cut'] }],
};
const ownerTools = ['salon_day', 'cancel_booking_as_owner', 'move_booking_as_owner', 'mark_no_show', 'close_time', 'salon_settings'];

let build;
let server;
let dir;
let db;
let key; // the salon's key: { id, key }
before(async () => {
  build = buildBookingd();
  dir = mkdtempSync(join(tmpdir(), 'bookingd-owner-e2e-'));
  db = `sqlite:${join(dir, 'calendar.db')}`;
  server = await startBookingd(build.bin, { BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: ownerToken, BOOKING_DATABASE_URL: db });
  for (const [id, body] of [[salon, settings], ['elsewhere', { ...settings, name: 'Elsewhere' }]]) {
    const put = await owner(`/salons/${id}`, 'PUT', body);
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
  const made = await owner(`/salons/${salon}/keys`, 'POST', { name: 'assistant' });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  key = made.body;
});
after(async () => {
  const exit = await server?.stop();
  assert.equal(exit?.code, 0, 'bookingd exits 0 on SIGTERM');
  build?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** owner calls an owner's route with the operator's token. */
async function owner(path, method = 'GET', body) {
  const res = await fetch(new URL(path, server.url), {
    method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` }, body: body && JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The ways an owner's assistant reaches the server, each a revision on a transport. */
const ways = [
  { name: 'Streamable HTTP at 2026-07-28', revision: '2026-07-28', stdio: false },
  { name: 'Streamable HTTP at 2025-11-25', revision: '2025-11-25', stdio: false },
  { name: 'stdio at 2026-07-28', revision: '2026-07-28', stdio: true },
  { name: 'stdio at 2025-11-25', revision: '2025-11-25', stdio: true },
];

/**
 * connect opens a client on way with credential ('' for none), whose owner accepts the one time a
 * confirmation offers.
 */
async function connect(way, credential) {
  const client = new Client({ name: 'salon-e2e-owner', version: '1.0.0' }, {
    capabilities: { elicitation: { form: {} } },
    ...(way.revision === '2026-07-28'
      ? { versionNegotiation: { mode: { pin: way.revision } } }
      : { supportedProtocolVersions: [way.revision], versionNegotiation: { mode: 'legacy' } }),
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    const [only] = request.params.requestedSchema.properties.time.enum;
    return { action: 'accept', content: { time: only } };
  });
  const transport = way.stdio
    ? new StdioClientTransport({
      command: build.bin, args: ['mcp'], stderr: 'ignore',
      env: { ...process.env, BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: ownerToken, BOOKING_DATABASE_URL: db, BOOKING_MCP_KEY: credential },
    })
    : new StreamableHTTPClientTransport(new URL('/mcp', server.url),
      credential ? { requestInit: { headers: { Authorization: `Bearer ${credential}` } } } : {});
  await client.connect(transport);
  return client;
}

/** book books a cut with stylist at the first open start at least a day ahead, and returns { booking, slot, label }. */
async function book(client, name, stylist, skip = 0) {
  const res = await fetch(new URL(`/salons/${salon}/availability?service=cut&stylist=${stylist}`, server.url));
  const open = (await res.json()).slots.filter((s) => Date.parse(s.slot) > Date.now() + 24 * 3600 * 1000);
  const slot = open[skip];
  const result = await client.callTool({ name: 'book', arguments: {
    salon, message: 'A cut, please', openSlots: [slot.slot], service: 'cut', stylist,
    customer: { name, contact: `${name.split(' ')[0].toLowerCase()}@example.com` },
  } });
  const done = result.structuredContent.status === 'input_required'
    ? (await client.callTool({ name: 'book', arguments: { salon, message: 'A cut, please', openSlots: [slot.slot], service: 'cut', stylist,
      customer: { name, contact: `${name.split(' ')[0].toLowerCase()}@example.com` },
      answer: { action: 'accept', content: { time: slot.slot } }, requestState: result.structuredContent.requestState } })).structuredContent
    : result.structuredContent;
  assert.equal(done.status, 'booked', JSON.stringify(done));
  return { booking: done.booking, slot: slot.slot, label: slot.label, later: open[open.length - 1 - skip] };
}

/**
 * confirmed calls move_booking_as_owner and completes it as the client can: the client's own
 * retry, an elicitation, or in the conversation with answer and requestState.
 */
async function confirmed(client, args) {
  const first = await client.callTool({ name: 'move_booking_as_owner', arguments: args });
  assert.notEqual(first.isError, true, JSON.stringify(first));
  if (first.structuredContent.status !== 'input_required') return first.structuredContent;
  const { times, requestState, say } = first.structuredContent;
  assert.deepEqual(times, [args.slot]);
  assert.match(say, /^Move .*'s booking \(Cut with (Ana|Ben)\) from .* to .*\?$/);
  const done = await client.callTool({ name: 'move_booking_as_owner', arguments: {
    ...args, answer: { action: 'accept', content: { time: args.slot } }, requestState,
  } });
  return done.structuredContent;
}

/** unknownTool checks a call rejects exactly as for a tool the server doesn't have. */
async function unknownTool(call, name) {
  await assert.rejects(call, (err) => {
    assert.ok(err instanceof ProtocolError, `got ${err}`);
    assert.equal(err.code, -32602);
    assert.equal(err.message, `unknown tool "${name}"`);
    return true;
  });
}

describe('the official TypeScript client as the owner\'s assistant, against bookingd with a salon\'s key', () => {
  for (const way of ways) {
    it(`${way.name}: without a key, or with a wrong one, the owner's tools are neither listed nor callable`, async () => {
      for (const credential of ['', 'k0000000000000000.not-a-key-of-anyone-at-all-0123456789']) {
        const client = await connect(way, credential);
        const { tools } = await client.listTools();
        assert.deepEqual(tools.filter((t) => ownerTools.includes(t.name)), []);
        const { prompts } = await client.listPrompts();
        assert.equal(prompts.some((p) => p.name === 'plan_my_day'), false);
        for (const name of ownerTools) await unknownTool(client.callTool({ name, arguments: { salon } }), name);
        await client.close();
      }
    });

    it(`${way.name}: the salon's key lists the owner's tools, reads the day and moves a booking, audited with its id`, async () => {
      const client = await connect(way, key.key);
      const { tools } = await client.listTools();
      for (const name of ownerTools) {
        const tool = tools.find((t) => t.name === name);
        assert.ok(tool, `no tool ${name}`);
        assert.equal(tool.inputSchema.properties.salon.maxLength, 64);
      }
      assert.deepEqual(tools.find((t) => t.name === 'move_booking_as_owner').inputSchema.required.slice(0, 3), ['salon', 'booking', 'slot']);
      assert.equal(tools.find((t) => t.name === 'salon_day').annotations.readOnlyHint, true);

      const guest = await book(client, `Guest ${way.name.length}${way.stdio ? 's' : 'h'}`, 'ana', ways.indexOf(way));
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(guest.slot));
      const day = await client.callTool({ name: 'salon_day', arguments: { salon, date } });
      assert.equal(day.structuredContent.date, date);
      assert.deepEqual(day.structuredContent.stylists.map((s) => s.stylist), ['ana', 'ben']);
      const row = day.structuredContent.stylists[0].bookings.find((b) => b.booking === guest.booking);
      assert.ok(row, JSON.stringify(day.structuredContent));
      assert.equal(row.contact.endsWith('@example.com'), true);
      const listed = await owner(`/salons/${salon}/bookings?from=${encodeURIComponent(guest.slot)}&to=${encodeURIComponent(new Date(Date.parse(guest.slot) + 1000).toISOString())}`);
      assert.deepEqual(row, listed.body.bookings.find((b) => b.booking === guest.booking), 'the row is the owner\'s list\'s');

      const moved = await confirmed(client, { salon, booking: guest.booking, slot: guest.later.slot, stylist: 'ben' });
      assert.equal(moved.status, 'booked', JSON.stringify(moved));
      assert.equal(moved.slot, guest.later.slot);
      assert.equal(moved.stylist, 'ben');
      const audit = await owner(`/salons/${salon}/audit`);
      assert.ok(audit.body.entries.some((e) => e.action === 'moveBooking' && e.booking === guest.booking && e.by === key.id),
        JSON.stringify(audit.body.entries.slice(0, 5)));

      const cancelled = await client.callTool({ name: 'cancel_booking_as_owner', arguments: { salon, booking: guest.booking } });
      assert.equal(cancelled.structuredContent.status, 'cancelled');
      const plan = await client.getPrompt({ name: 'plan_my_day', arguments: { salon, date } });
      assert.equal(plan.messages[1].content.type, 'resource');
      assert.equal(plan.messages[1].content.resource.uri, `salon://${salon}/day/${date}`);
      await client.close();
    });

    it(`${way.name}: a salon's key reaches its own salon only, and says nothing of another`, async () => {
      const client = await connect(way, key.key);
      for (const other of ['elsewhere', 'nowhere']) {
        await assert.rejects(client.callTool({ name: 'salon_settings', arguments: { salon: other } }), (err) => {
          assert.equal(err.code, -32602);
          assert.equal(err.message, `there is no salon ${other}`);
          return true;
        });
      }
      const own = await client.callTool({ name: 'salon_settings', arguments: { salon } });
      assert.equal(own.structuredContent.name, 'Corner Cuts');
      await client.close();
      const operator = await connect(way, ownerToken);
      const elsewhere = await operator.callTool({ name: 'salon_settings', arguments: { salon: 'elsewhere' } });
      assert.equal(elsewhere.structuredContent.name, 'Elsewhere');
      await operator.close();
    });
  }

  it('never logs a salon\'s key nor a customer\'s name', async () => {
    assert.ok(server.logs.some((line) => line.includes('"tool":"salon_day"')), 'the log has the calls');
    assert.ok(server.logs.every((line) => !line.includes(key.key) && !line.includes('@example.com')), 'no key, no contact');
  });
});
