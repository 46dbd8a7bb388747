// End to end: the official TypeScript MCP client books through /mcp of a running bookingd, pinned to 2026-07-28 (its elicitation handler picking the first offered time and the client's own retry completing it) and pinned to 2025-11-25 (asked in the conversation, its answer and the state sent back as arguments); once with /mcp open, once with a bearer token.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport, ProtocolError } from '@modelcontextprotocol/client';
import { buildBookingd, startBookingd, testKey } from '../bookingd.mjs';

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
