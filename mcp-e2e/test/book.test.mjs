// End to end: the official TypeScript MCP client books through /mcp of a running bookingd, pinned to 2026-07-28 (its elicitation handler picking the first offered time and the client's own retry completing it) and pinned to 2025-11-25 (asked in the conversation, its answer and the state sent back as arguments); once with /mcp open, once with a bearer token; then at a salon with a menu, on a bookingd with a SQLite calendar: a service with a stylist, anyone, the resource, completions and the menu's refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport, ProtocolError } from '@modelcontextprotocol/client';
import { buildBookingd, calendarDir, connectClient, startBookingd, testKey, testOwnerToken } from '../bookingd.mjs';

const booking = { salon: 'studio-nine', message: 'A cut on Saturday morning?', openSlots: ['sat-10:30', 'sat-11:30', 'sat-13:00'] };

/** A bearer token for the runs that configure one: at least 32 characters. Never a real deployment's. */
const mcpToken = 'e2e-token-0123456789abcdef0123456789abcdef';

let build;
before(() => {
  build = buildBookingd();
});
after(() => build?.remove());

// Every test runs against a bookingd with /mcp open, then against one whose /mcp requires a
// bearer token, which the client sends through its authProvider.
for (const token of [undefined, mcpToken]) {
  describe(`the official TypeScript client against bookingd /mcp, ${token ? 'with a bearer token' : 'open'}`, () => {
    let server;
    before(async () => {
      server = await startBookingd(build.bin, { BOOKING_SIGNING_KEY: testKey, ...(token && { BOOKING_MCP_TOKEN: token }) });
    });
    after(async () => {
      const exit = await server?.stop();
      assert.equal(exit?.code, 0, 'bookingd exits 0 on SIGTERM');
      if (token) assert.ok(server.logs.every((line) => !line.includes(token)), 'the token is never logged');
    });

    /** transport is the client's transport to /mcp, carrying the token when the run has one. */
    const transport = () => new StreamableHTTPClientTransport(new URL('/mcp', server.url),
      token ? { authProvider: { token: async () => token } } : undefined);

    /** connect opens a client pinned to revision 2026-07-28 with capabilities, answering with elicit. */
    async function connect(capabilities, elicit) {
      const client = new Client({ name: 'salon-e2e', version: '1.0.0' }, {
        capabilities,
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      });
      if (elicit) client.setRequestHandler('elicitation/create', elicit);
      await client.connect(transport());
      return client;
    }

    it('lists book, with the route bounds, and the customer\'s own tools', async () => {
      const client = await connect({ elicitation: { form: {} } });
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['book', 'cancel_booking', 'move_booking', 'my_booking']);
      const [book] = tools;
      assert.equal(book.inputSchema.properties.openSlots.maxItems, 50);
      assert.equal(book.inputSchema.properties.salon.maxLength, 64);
      assert.deepEqual(book.outputSchema.required, ['status', 'say']);
      assert.equal(book.annotations.readOnlyHint, false);
      await client.close();
    });

    it('books the first offered time through its own retry', async () => {
      const asked = [];
      const client = await connect({ elicitation: { form: {} } }, async (request) => {
        asked.push(request.params);
        const [first] = request.params.requestedSchema.properties.time.enum;
        return { action: 'accept', content: { time: first } };
      });
      const result = await client.callTool({ name: 'book', arguments: booking });
      const want = { status: 'booked', slot: 'sat-10:30', say: 'sat-10:30 is yours.' };
      assert.deepEqual(result.structuredContent, want);
      assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(want) }]);
      assert.equal(asked.length, 1, 'asked once');
      assert.equal(asked[0].mode, 'form');
      assert.equal(asked[0].message, 'Which time suits you?');
      assert.deepEqual(asked[0].requestedSchema.properties.time.enum, ['sat-10:30', 'sat-11:30']);
      await client.close();
    });

    it('books nothing when the customer declines', async () => {
      const client = await connect({ elicitation: { form: {} } }, async () => ({ action: 'decline' }));
      const result = await client.callTool({ name: 'book', arguments: booking });
      assert.deepEqual(result.structuredContent, { status: 'not_booked', say: 'No time was chosen, so nothing is booked.' });
      await client.close();
    });

    it('tells a client without form elicitation which capability it lacks, and still completes with nothing open', async () => {
      const client = await connect({});
      await assert.rejects(client.callTool({ name: 'book', arguments: booking }), (err) => {
        assert.ok(err instanceof ProtocolError, `got ${err}`);
        assert.equal(err.code, -32021);
        assert.match(err.message, /elicitation\.form/);
        assert.doesNotMatch(err.message, /did not declare/);
        return true;
      });
      const result = await client.callTool({ name: 'book', arguments: { ...booking, openSlots: [] } });
      assert.deepEqual(result.structuredContent, { status: 'not_booked', say: 'Nothing is open then, so the salon will call you.' });
      await client.close();
    });

    it('refuses a replayed state with the route reason', async () => {
      let state;
      const client = new Client({ name: 'salon-e2e-manual', version: '1.0.0' }, {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        inputRequired: { autoFulfill: false },
      });
      await client.connect(transport());
      const first = await client.callTool({ name: 'book', arguments: booking }, { allowInputRequired: true });
      assert.equal(first.resultType, 'input_required');
      state = first.requestState;
      const retry = { name: 'book', arguments: booking, inputResponses: { time: { action: 'accept', content: { time: 'sat-11:30' } } }, requestState: state };
      const second = await client.callTool(retry);
      assert.deepEqual(second.structuredContent, { status: 'booked', slot: 'sat-11:30', say: 'sat-11:30 is yours.' });
      await assert.rejects(client.callTool(retry), (err) => {
        assert.equal(err.code, -32602);
        assert.equal(err.message, 'requestState was already used');
        return true;
      });
      await client.close();
    });

    /**
     * connectLegacy opens a client pinned to revision 2025-11-25 through initialize, declaring form
     * elicitation as most clients in the field do; stateless HTTP can't ask it, so its handler must
     * never be called.
     */
    async function connectLegacy() {
      const client = new Client({ name: 'salon-e2e-2025', version: '1.0.0' }, {
        capabilities: { elicitation: { form: {} } },
        supportedProtocolVersions: ['2025-11-25'],
        versionNegotiation: { mode: 'legacy' },
      });
      client.setRequestHandler('elicitation/create', async () => {
        assert.fail('the server sent elicitation/create over stateless HTTP');
      });
      await client.connect(transport());
      assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
      return client;
    }

    /**
     * askedInConversation checks round one for a 2025-11-25 client: a completed result with the
     * question, the offered times and a requestState, and the same in words for the model.
     */
    function askedInConversation(result) {
      assert.notEqual(result.isError, true, JSON.stringify(result));
      const { status, say, times, requestState } = result.structuredContent;
      assert.equal(status, 'input_required');
      assert.equal(say, 'Which time suits you?');
      assert.deepEqual(times, ['sat-10:30', 'sat-11:30']);
      assert.equal(typeof requestState, 'string');
      const [words] = result.content;
      assert.equal(words.type, 'text');
      assert.match(words.text, /Which time suits you\?/);
      assert.ok(words.text.includes('"sat-10:30", "sat-11:30"'), words.text);
      assert.ok(words.text.includes(`requestState: ${JSON.stringify(requestState)}, unchanged`), words.text);
      return { times, requestState };
    }

    it('books for a client of 2025-11-25 in the conversation, from the first call to the booking', async () => {
      const client = await connectLegacy();
      const { tools } = await client.listTools();
      const book = tools.find((t) => t.name === 'book');
      assert.match(book.description, /requestState/);
      assert.match(book.description, /answer/);
      assert.deepEqual(book.inputSchema.properties.answer.properties.action.enum, ['accept', 'decline']);
      assert.equal(book.inputSchema.properties.requestState.type, 'string');
      assert.deepEqual(book.outputSchema.properties.status.enum, ['booked', 'not_booked', 'input_required']);

      const { times, requestState } = askedInConversation(await client.callTool({ name: 'book', arguments: booking }));
      // The model asks the person, who picks the second time; it calls book again with their answer.
      const answer = { action: 'accept', content: { time: times[1] } };
      const retry = { name: 'book', arguments: { ...booking, answer, requestState } };
      const done = await client.callTool(retry);
      const want = { status: 'booked', slot: 'sat-11:30', say: 'sat-11:30 is yours.' };
      assert.deepEqual(done.structuredContent, want);
      assert.deepEqual(done.content, [{ type: 'text', text: JSON.stringify(want) }]);

      const again = await client.callTool(retry);
      assert.equal(again.isError, true);
      assert.deepEqual(again.content, [{ type: 'text', text: 'requestState was already used' }]);
      await client.close();
    });

    it('books nothing for a client of 2025-11-25 whose customer declines, and names a time never offered', async () => {
      const client = await connectLegacy();
      const { requestState } = askedInConversation(await client.callTool({ name: 'book', arguments: booking }));
      const never = await client.callTool({ name: 'book', arguments: { ...booking, answer: { action: 'accept', content: { time: 'sat-13:00' } }, requestState } });
      assert.equal(never.isError, true);
      assert.deepEqual(never.content, [{ type: 'text', text: 'sat-13:00 was never offered' }]);
      const declined = await client.callTool({ name: 'book', arguments: { ...booking, answer: { action: 'decline' }, requestState } });
      assert.deepEqual(declined.structuredContent, { status: 'not_booked', say: 'No time was chosen, so nothing is booked.' });
      await client.close();
    });

    if (token) {
      it('refuses a client without the token', async () => {
        const client = new Client({ name: 'salon-e2e-no-token', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
        await assert.rejects(client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url))), /401|nauthorized/);
      });
    }
  });
}

/**
 * menu is a salon with a menu, as its owner puts it: open every day from 09:00 to 17:00 in London
 * with no notice, in GBP; a cut, a colour with processing and a beard trim without a price; Ana
 * does everything, Ben cuts and trims.
 */
const everyDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]]));
const menu = {
  name: 'Menu Nine', timeZone: 'Europe/London', phone: '+44 20 7946 0000', hours: everyDay, currency: 'GBP', minNoticeMinutes: 0,
  services: [
    { id: 'cut', name: 'Cut', minutes: 45, price: 4500 },
    { id: 'colour', name: 'Colour', minutes: 90, price: 8000, afterMinutes: 30 },
    { id: 'beard-trim', name: 'Beard trim', minutes: 15 },
  ],
  stylists: [
    { id: 'ana', name: 'Ana', services: ['cut', 'colour', 'beard-trim'] },
    { id: 'ben', name: 'Ben', services: ['cut', 'beard-trim'] },
  ],
};

describe('the official TypeScript client at a salon with a menu, on a bookingd with a SQLite calendar', () => {
  let server;
  let calendar;
  before(async () => {
    calendar = calendarDir();
    server = await startBookingd(build.bin, { BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: testOwnerToken }, ['-db', calendar.db]);
    const put = await fetch(new URL('/salons/menu-nine', server.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${testOwnerToken}` },
      body: JSON.stringify(menu),
    });
    assert.equal(put.status, 200, await put.text());
  });
  after(async () => {
    const exit = await server?.stop();
    calendar?.remove();
    assert.equal(exit?.code, 0, 'bookingd exits 0 on SIGTERM');
  });

  /** connect opens a client pinned to revision, answering elicitation/create with elicit when given. */
  const connect = (revision, elicit) =>
    connectClient(server.url, { name: 'salon-e2e-menu', revision, capabilities: { elicitation: { form: {} } }, elicit });

  /** page reads salon://menu-nine as the client does, and returns the salon it shows. */
  async function page(client) {
    const read = await client.readResource({ uri: 'salon://menu-nine' });
    assert.equal(read.contents.length, 1);
    assert.equal(read.contents[0].mimeType, 'application/json');
    return JSON.parse(read.contents[0].text);
  }

  /** booking is a booking at menu-nine of the salon's open slots, with more arguments. */
  const booking = (salon, more) => ({
    salon: 'menu-nine', message: 'Whenever suits.', openSlots: salon.openSlots.map((s) => s.slot),
    customer: { name: 'Rosa Quintero', contact: 'rosa@example.org' }, ...more,
  });
  const labelOf = (salon, slot) => salon.openSlots.find((s) => s.slot === slot)?.label;

  it('shows the menu and the team in the salon\'s resource', async () => {
    const client = await connect('2026-07-28');
    const salon = await page(client);
    assert.equal(salon.currency, 'GBP');
    assert.deepEqual(salon.services.map((v) => [v.id, v.name, v.minutes, v.price ?? null, v.afterMinutes]),
      [['cut', 'Cut', 45, 4500, 0], ['colour', 'Colour', 90, 8000, 30], ['beard-trim', 'Beard trim', 15, null, 0]]);
    assert.deepEqual(salon.stylists.map((p) => [p.id, p.name, p.services]),
      [['ana', 'Ana', ['cut', 'colour', 'beard-trim']], ['ben', 'Ben', ['cut', 'beard-trim']]]);
    assert.equal(salon.prices, undefined);
    assert.ok(salon.openSlots.length > 0);
    await client.close();
  });

  it('completes the service and the stylist of the prompt from the menu', async () => {
    const client = await connect('2026-07-28');
    const ref = { type: 'ref/prompt', name: 'book_a_time' };
    const services = await client.complete({ ref, argument: { name: 'service', value: 'c' }, context: { arguments: { salon: 'menu-nine' } } });
    assert.deepEqual(services.completion.values, ['cut', 'colour']);
    const stylists = await client.complete({ ref, argument: { name: 'stylist', value: '' }, context: { arguments: { salon: 'menu-nine', service: 'colour' } } });
    assert.deepEqual(stylists.completion.values, ['ana']);
    const none = await client.complete({ ref, argument: { name: 'service', value: '' } });
    assert.deepEqual(none.completion.values, []);
    await client.close();
  });

  it('books a colour with Ana through its own retry, then refuses Ben a colour with the route reason', async () => {
    let offered;
    const client = await connect('2026-07-28', async (request) => {
      [offered] = request.params.requestedSchema.properties.time.enum;
      return { action: 'accept', content: { time: offered } };
    });
    const { tools } = await client.listTools();
    assert.equal(tools[0].inputSchema.properties.service.maxLength, 40);
    assert.equal(tools[0].inputSchema.properties.stylist.maxLength, 40);
    assert.ok(tools[0].outputSchema.properties.service && tools[0].outputSchema.properties.stylist);

    const salon = await page(client);
    const result = await client.callTool({ name: 'book', arguments: booking(salon, { service: 'colour', stylist: 'ana' }) });
    const { status, slot, say, booking: reference, service, stylist } = result.structuredContent;
    assert.deepEqual([status, slot, say, service, stylist], ['booked', offered, `Colour with Ana, ${labelOf(salon, offered)}, is yours.`, 'colour', 'ana']);
    assert.equal(typeof reference, 'string');
    assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(result.structuredContent) }]);

    await assert.rejects(client.callTool({ name: 'book', arguments: booking(salon, { service: 'colour', stylist: 'ben' }) }), (err) => {
      assert.ok(err instanceof ProtocolError, `got ${err}`);
      assert.equal(err.code, -32602);
      assert.equal(err.message, "Ben doesn't do Colour");
      return true;
    });
    const unbounded = await client.callTool({ name: 'book', arguments: booking(salon, { service: '' }) });
    assert.equal(unbounded.isError, true);
    assert.deepEqual(unbounded.content, [{ type: 'text', text: 'arguments.service must be 1 to 40 characters' }]);
    await client.close();
  });

  it('books anyone\'s beard trim for a client of 2025-11-25 in the conversation', async () => {
    const client = await connect('2025-11-25');
    const salon = await page(client);
    const args = booking(salon, { service: 'beard-trim' });
    const asked = await client.callTool({ name: 'book', arguments: args });
    assert.notEqual(asked.isError, true, JSON.stringify(asked));
    const { status, times, requestState } = asked.structuredContent;
    assert.equal(status, 'input_required');
    assert.ok(times.length > 0);
    const answer = { action: 'accept', content: { time: times[0] } };
    const another = await client.callTool({ name: 'book', arguments: { ...args, service: 'cut', answer, requestState } });
    assert.equal(another.isError, true);
    assert.deepEqual(another.content, [{ type: 'text', text: 'requestState belongs to another request' }]);
    const done = await client.callTool({ name: 'book', arguments: { ...args, answer, requestState } });
    assert.equal(done.structuredContent.status, 'booked', JSON.stringify(done));
    assert.equal(done.structuredContent.service, 'beard-trim');
    assert.ok(['ana', 'ben'].includes(done.structuredContent.stylist), done.structuredContent.stylist);
    const name = done.structuredContent.stylist === 'ana' ? 'Ana' : 'Ben';
    assert.equal(done.structuredContent.say, `Beard trim with ${name}, ${labelOf(salon, times[0])}, is yours.`);
    await client.close();
  });
});
