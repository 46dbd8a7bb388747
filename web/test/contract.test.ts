// The consumer-driven contract: the client's copy agrees with ../openapi.json, and planted differences come out one readable line each.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ContractError, compareContract, parseContract } from '../src/contract/compare';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(web(path), 'utf8'));

const provider = () => readJson('../openapi.json') as { paths: Record<string, any>; components: { schemas: Record<string, any> } };
const consumer = parseContract(readJson('consumer.contract.json'));

describe('Scenario: the booking client and the provider’s document agree', () => {
  it('finds no differences on the committed openapi.json', () => {
    expect(compareContract(provider(), consumer)).toEqual([]);
  });

  it('prints that from the command line', () => {
    const out = execFileSync(web('node_modules/.bin/tsx'), [web('scripts/contract-cli.ts')], { encoding: 'utf8' });
    expect(out).toBe('the booking client: no differences\n');
  });
});

describe('Scenario: a planted copy yields one line per difference, naming where it is', () => {
  const plantedConsumerLines = [
    'round one: route POST /salons/{salonId}/book: the provider calls the path parameter {salon}, not {salonId}',
    'round two: reply 200 field structuredContent.status: the client handles "cancelled", which the provider never sends',
    'round two: reply 200 field structuredContent.status: the provider may send "not_booked", which the client doesn\'t handle',
  ];

  it('finds three differences in the planted consumer copy ({salonId} in round one, booked and cancelled in round two)', () => {
    const planted = parseContract(readJson('test/fixtures/planted.consumer.contract.json'));
    expect(compareContract(provider(), planted)).toEqual(plantedConsumerLines);
  });

  it('prints the same three lines from the command line, and fails', () => {
    let out = '';
    let status = 0;
    try {
      execFileSync(web('node_modules/.bin/tsx'), [web('scripts/contract-cli.ts'), web('test/fixtures/planted.consumer.contract.json')], {
        encoding: 'utf8',
      });
    } catch (error) {
      ({ stdout: out, status } = error as { stdout: string; status: number });
    }
    expect(status).toBe(1);
    expect(out).toBe(`${plantedConsumerLines.join('\n')}\n`);
  });

  it('finds three differences in a planted provider copy, each once, naming every round it touches', () => {
    const rounds = "round one, round two, recovering a lost reply, the customer's move, round one and the customer's move, round two";
    expect(compareContract(readJson('test/fixtures/planted.openapi.json'), consumer)).toEqual([
      'round one and round two: route POST /salons/{salon}/book: the provider calls the path parameter {salonId}, not {salon}',
      `${rounds}: reply 200 field structuredContent.status: the client handles "not_booked", which the provider never sends`,
      `${rounds}: reply 200 field structuredContent.status: the provider may send "cancelled", which the client doesn't handle`,
    ]);
  });
});

describe('Scenario: each kind of drift is named', () => {
  it('names a route the provider dropped, and compares nothing else of that round', () => {
    const document = provider();
    delete document.paths['/salons/{salon}/book'];
    expect(compareContract(document, consumer)).toEqual([
      'round one and round two: route POST /salons/{salon}/book: the provider has no such route',
    ]);
  });

  it('names a renamed operationId', () => {
    const document = provider();
    document.paths['/salons/{salon}/book'].post.operationId = 'reserve';
    expect(compareContract(document, consumer)).toEqual([
      'round one and round two: route POST /salons/{salon}/book: the provider\'s operationId is "reserve", not "book"',
    ]);
  });

  it('names a path parameter declared under another name', () => {
    const document = provider();
    document.paths['/salons/{salon}/book'].post.parameters[0].name = 'salonId';
    expect(compareContract(document, consumer)).toEqual([
      'round one and round two: route POST /salons/{salon}/book: the provider calls the path parameter {salonId}, not {salon}',
    ]);
  });

  it('names a field the reply no longer has, and one whose type changed', () => {
    const document = provider();
    delete document.components.schemas.InputRequiredResult.properties.requestState;
    document.components.schemas.Completion.properties.say = { type: 'integer' };
    expect(compareContract(document, consumer)).toEqual([
      "round one and the customer's move, round one: reply 200 field requestState: the provider's reply has no such field",
      "round one, round two, recovering a lost reply, the customer's move, round one and the customer's move, round two: reply 200 field structuredContent.say: the provider's type is integer, not string",
    ]);
  });

  it('names a new result type the client does not handle', () => {
    const document = provider();
    document.components.schemas.CompleteResult.properties.resultType.enum = ['complete', 'working'];
    expect(compareContract(document, consumer)).toEqual([
      'round one, round two, recovering a lost reply, the customer\'s move, round one and the customer\'s move, round two: reply 200 field resultType: the provider may send "working", which the client doesn\'t handle',
    ]);
  });

  it('names an answer the provider no longer accepts, and a request field it dropped', () => {
    const document = provider();
    document.components.schemas.Answer.properties.action.enum = ['accept', 'cancel'];
    delete document.components.schemas.BookArguments.properties.message;
    expect(compareContract(document, consumer)).toEqual([
      "round one, round two and recovering a lost reply: request field arguments.message: the provider's request has no such field",
      'round two, recovering a lost reply and the customer\'s move, round two: request field inputResponses.time.action: the client sends "decline", which the provider doesn\'t accept',
    ]);
  });

  it('names an owner’s route that stopped asking for the bearer token, and a public one that started', () => {
    const document = provider();
    document.paths['/salons/{salon}/bookings'].get.security = [];
    document.paths['/salons/{salon}'].get.security = [{ ownerToken: [] }];
    expect(compareContract(document, consumer)).toEqual([
      "reading a salon: route GET /salons/{salon}: the provider asks for a bearer token; the client sends none",
      "the owner's bookings: route GET /salons/{salon}/bookings: the provider asks for no bearer token; the client sends one",
    ]);
  });

  it('names a field of a list’s items that went, once for every round that reads it', () => {
    const document = provider();
    delete document.components.schemas.OpenSlot.properties.label;
    document.components.schemas.SlotView.properties.status.enum = ['open', 'booked', 'closed', 'held'];
    expect(compareContract(document, consumer)).toEqual([
      "reading a salon, closing a slot, opening a slot and putting a salon's settings: reply 200 field openSlots[].label: the provider's reply has no such field",
      'the owner\'s slots: reply 200 field slots[].status: the provider may send "held", which the client doesn\'t handle',
    ]);
  });

  it('names a body the provider now requires of a round that sends none', () => {
    const document = provider();
    document.paths['/salons/{salon}/slots/{slot}/close'].post.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    expect(compareContract(document, consumer)).toEqual(['closing a slot: request body: the provider requires a body; the client sends none']);
  });

  it('refuses a consumer copy it cannot read', () => {
    expect(() => parseContract({ consumer: 'x' })).toThrow(ContractError);
  });
});
